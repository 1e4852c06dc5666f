import { useState } from "react";
import { data, useFetcher } from "react-router";
import type { z } from "zod";
import { DeleteDialog } from "~/components/admin/delete-dialog";
import { AdminIcon } from "~/components/admin/icon";
import { SwitchButton } from "~/components/admin/switch-button";
import {
  CATEGORY_BOX,
  PRODUCT_BOX,
  type PromotionErrors,
  PROMOTION_FIELDS,
  type PromotionField,
  PromotionFields,
} from "~/components/admin/promotion-form";
import { AdminTable, Cell, EmptyState, IconButton, RowActions } from "~/components/admin/table";
import { useDialogForm } from "~/components/admin/use-dialog-form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogButtons } from "~/components/ui/dialog";
import { Price } from "~/components/ui/price";
import { Badge, type BadgeTone, ErrorMessage, LiveStatus } from "~/components/ui/status";
import { staffActor } from "~/domain/audit";
import { changedMeanwhileMessage } from "~/domain/edit-version";
import { formatKsh } from "~/domain/money";
import { tickedBoxes } from "~/domain/posted-text";
import { type PromotionState, promotionOfferText } from "~/domain/promotions";
import { CODE_TAKEN_MESSAGE, PROMOTION_GONE_MESSAGE, promotionActionSchema } from "~/domain/promotions.schema";
import { shopDateTime } from "~/domain/shop-time";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { categoriesWithCounts } from "~/server/categories.server";
import { config } from "~/server/config.server";
import { formFields } from "~/server/form.server";
import { productsForAdmin } from "~/server/products.server";
import {
  createPromotion,
  deletePromotion,
  listPromotions,
  type PromotionChangeResult,
  switchPromotion,
  updatePromotion,
} from "~/server/promotions.server";
import type { Route } from "./+types/promotions";

// The Promotions page (issue 24, decision 056): discount codes and automatic offers, their limits, and what each has
// given so far. The rules themselves are in app/domain/promotions.ts; the form's in promotions.schema.ts.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const [promotions, categories, products] = await Promise.all([listPromotions(), categoriesWithCounts(), productsForAdmin()]);
  return {
    promotions,
    categories: categories.map(({ id, name }) => ({ id, name })),
    products: products.map(({ id, name }) => ({ id, name })),
    timeZone: config().timeZone,
  };
}

const saved = { ok: true as const, errors: {} as PromotionErrors };
const refused = (errors: PromotionErrors, status: number) => data({ ok: false as const, errors }, { status });

/**
 * Each field's message beside its field (the details' fields are nested under `details` in the schema); a message
 * about anything else (a stale form, an unknown intent) for the form.
 */
function formErrors(issues: readonly z.core.$ZodIssue[]): PromotionErrors {
  const errors: PromotionErrors = {};
  for (const { path, message } of issues) {
    const field = String((path[0] === "details" ? path[1] : path[0]) ?? "");
    if ((PROMOTION_FIELDS as readonly string[]).includes(field)) errors[field as PromotionField] ??= message;
    else errors.form ??= message;
  }
  return errors;
}

const answerTo = (result: PromotionChangeResult) => {
  switch (result) {
    case "missing":
      return refused({ form: PROMOTION_GONE_MESSAGE }, 404);
    case "changed-meanwhile":
      return refused({ form: changedMeanwhileMessage("promotion") }, 409);
    case "code-taken":
      return refused({ code: CODE_TAKEN_MESSAGE }, 400);
    case "saved":
      return saved;
  }
};

export async function action({ request }: Route.ActionArgs) {
  const actor = staffActor((await requireAdminAction(request)).email);
  const fields = formFields(await request.formData());
  const { intent, id, version, active, ...details } = fields;
  const parsed = promotionActionSchema(config().timeZone).safeParse({
    intent,
    id,
    version,
    active,
    details: { ...details, categoryIds: tickedBoxes(fields, CATEGORY_BOX), productIds: tickedBoxes(fields, PRODUCT_BOX) },
  });
  if (!parsed.success) return refused(formErrors(parsed.error.issues), 400);
  const input = parsed.data;
  switch (input.intent) {
    case "create": {
      const created = await createPromotion(input.details, actor);
      return created.ok ? saved : answerTo(created.problem);
    }
    case "update":
      return answerTo(await updatePromotion(input.id, input.details, input.version, actor));
    case "switch":
      return answerTo(await switchPromotion(input.id, input.active === "on", input.version, actor));
    case "delete":
      await deletePromotion(input.id, actor);
      return saved;
  }
}

type Row = Route.ComponentProps["loaderData"]["promotions"][number];
type Answer = NonNullable<Route.ComponentProps["actionData"]>;
// An edit keeps the version it was opened at, whatever live updates bring the list meanwhile.
type Editing = { mode: "create" } | ({ mode: "update" } & Row) | ({ mode: "delete" } & Row);

const STATE_TONES: Record<PromotionState, BadgeTone> = {
  active: "green",
  scheduled: "yellow",
  "used up": "red",
  ended: "grey",
  off: "grey",
};

/** How the list and its buttons name a promotion: its code, or its name after "Automatic:". */
const titleOf = (promotion: Pick<Row, "code" | "name">) => promotion.code ?? `Automatic: ${promotion.name}`;

export default function Promotions({ loaderData, actionData }: Route.ComponentProps) {
  const { promotions, categories, products, timeZone } = loaderData;
  const dialog = useDialogForm<Editing, Answer>("promotion-form");
  const editing = dialog.opened;
  const errors: PromotionErrors = dialog.refusal?.errors ?? {};
  const promotion = editing?.mode === "update" ? editing : undefined;
  const deleting = editing?.mode === "delete" ? editing : undefined;

  // Switches share one fetcher; without JavaScript they post the page itself (actionData).
  const row = useFetcher<Answer>();
  const [done, setDone] = useState("");
  const answer = row.state === "idle" ? row.data : actionData;
  const rowRefusal = answer?.ok === false ? answer.errors.form : undefined;
  const pendingId = row.state === "idle" ? undefined : row.formData?.get("id");
  const sentActive = row.formData?.get("active");

  const categoryNames = new Map(categories.map((each) => [each.id, each.name]));
  const productNames = new Map(products.map((each) => [each.id, each.name]));
  const namesOf = (ids: readonly string[], names: Map<string, string>, gone: string) => ids.map((id) => names.get(id) ?? gone).join(", ");
  const appliesTo = (each: Row) => {
    if (each.kind === "free-delivery") return "Delivery";
    if (each.scope.kind === "categories") return namesOf(each.scope.categoryIds, categoryNames, "a deleted category");
    if (each.scope.kind === "products") return namesOf(each.scope.productIds, productNames, "a deleted product");
    return "Everything";
  };
  const at = (instant: Date) => <time dateTime={instant.toISOString()}>{shopDateTime(instant, timeZone)}</time>;

  const onOff = (each: Row) => {
    const title = titleOf(each);
    // A second click on a row still saving would post the version it had before the first.
    const busy = pendingId === each.id;
    const on = busy && typeof sentActive === "string" ? sentActive === "on" : each.isActive;
    return (
      <row.Form method="post">
        <input type="hidden" name="intent" value="switch" />
        <input type="hidden" name="id" value={each.id} />
        <input type="hidden" name="version" value={each.version} />
        <input type="hidden" name="active" value={on ? "off" : "on"} />
        <SwitchButton
          on={on}
          label={`${title} on`}
          onClick={(event) => {
            if (busy) event.preventDefault();
            else setDone(`${title} switched ${on ? "off" : "on"}.`);
          }}
        />
      </row.Form>
    );
  };

  return (
    <div className="space-y-6">
      <p className="max-w-prose">
        A code takes effect when a shopper types it at checkout; an automatic offer applies to every bag that qualifies. An order gets at
        most one code, and the automatic offer giving the most only alongside a code that combines with it.
      </p>
      <ErrorMessage>{rowRefusal}</ErrorMessage>
      <LiveStatus className="sr-only">{answer?.ok ? done : ""}</LiveStatus>

      <div className="flex justify-end">
        <Button onClick={() => dialog.open({ mode: "create" })}>
          <AdminIcon name="plus" className="size-4" /> Add promotion
        </Button>
      </div>

      {promotions.length === 0 ? (
        <EmptyState>No promotions yet.</EmptyState>
      ) : (
        <AdminTable
          caption="Promotions"
          columns={[
            "Promotion",
            "Gives",
            "Applies to",
            "Minimum subtotal",
            "Dates",
            "Limits",
            "State",
            "Uses",
            "Discount given",
            "On",
            "Actions",
          ]}
        >
          {promotions.map((each) => {
            const title = titleOf(each);
            return (
              <tr key={each.id}>
                <Cell className="font-semibold whitespace-nowrap">
                  {title}
                  {each.code !== null && each.name !== "" && (
                    <span className="block text-xs font-normal text-earth-700 dark:text-clay-200">{each.name}</span>
                  )}
                </Cell>
                <Cell className="whitespace-nowrap">
                  {promotionOfferText(each)}
                  {each.combinesWithAutomatic && (
                    <span className="block text-xs text-earth-700 dark:text-clay-200">Combines with automatic offers</span>
                  )}
                </Cell>
                <Cell className="min-w-40">{appliesTo(each)}</Cell>
                <Cell className="whitespace-nowrap">{each.minSubtotalCents === 0 ? "None" : formatKsh(each.minSubtotalCents)}</Cell>
                <Cell className="whitespace-nowrap">
                  {each.startsAt === null && each.endsAt === null && "Any time"}
                  {each.startsAt !== null && <span className="block">Starts {at(each.startsAt)}</span>}
                  {each.endsAt !== null && <span className="block">Ends {at(each.endsAt)}</span>}
                </Cell>
                <Cell className="whitespace-nowrap">
                  {each.totalUses === null && each.usesPerPhone === null && "No limit"}
                  {each.totalUses !== null && <span className="block">{`${each.totalUses} in all`}</span>}
                  {each.usesPerPhone !== null && <span className="block">{`${each.usesPerPhone} per phone`}</span>}
                </Cell>
                <Cell>
                  <Badge tone={STATE_TONES[each.state]} className="whitespace-nowrap">
                    {each.state}
                  </Badge>
                </Cell>
                <Cell>{each.uses}</Cell>
                <Cell className="whitespace-nowrap">
                  <Price cents={each.discountGivenCents} />
                </Cell>
                <Cell>{onOff(each)}</Cell>
                <RowActions>
                  <IconButton label={`Edit ${title}`} onClick={() => dialog.open({ mode: "update", ...each })}>
                    <AdminIcon name="pencil" className="size-4" />
                  </IconButton>
                  <IconButton label={`Delete ${title}`} tone="danger" onClick={() => dialog.open({ mode: "delete", ...each })}>
                    <AdminIcon name="trash" className="size-4" />
                  </IconButton>
                </RowActions>
              </tr>
            );
          })}
        </AdminTable>
      )}

      <Dialog
        open={editing?.mode === "create" || editing?.mode === "update"}
        onClose={dialog.close}
        title={promotion ? "Edit promotion" : "Add promotion"}
      >
        <dialog.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value={promotion ? "update" : "create"} />
          {promotion && (
            <>
              <input type="hidden" name="id" value={promotion.id} />
              <input type="hidden" name="version" value={promotion.version} />
            </>
          )}
          <PromotionFields promotion={promotion} categories={categories} products={products} timeZone={timeZone} errors={errors} />
          <ErrorMessage>{errors.form}</ErrorMessage>
          <DialogButtons onCancel={dialog.close} label="Save" busyLabel="Saving..." busy={dialog.busy} />
        </dialog.Form>
      </Dialog>

      <DeleteDialog
        title="Delete promotion"
        id={deleting?.id}
        question={`Delete “${deleting ? titleOf(deleting) : ""}”? Shoppers can no longer use it. Orders placed with it keep their discount.`}
        Form={dialog.Form}
        busy={dialog.busy}
        error={errors.form}
        onClose={dialog.close}
      />
    </div>
  );
}
