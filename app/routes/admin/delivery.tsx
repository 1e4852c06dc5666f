import { type MouseEvent, useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import { DeleteDialog } from "~/components/admin/delete-dialog";
import { PayOnDeliveryFields } from "~/components/admin/delivery-pay-on-delivery";
import { AdminIcon } from "~/components/admin/icon";
import { SwitchButton } from "~/components/admin/switch-button";
import { AdminTable, Cell, EmptyState, IconButton, RowActions } from "~/components/admin/table";
import { useDialogForm } from "~/components/admin/use-dialog-form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogButtons } from "~/components/ui/dialog";
import { TextArea, TextField } from "~/components/ui/field";
import { ErrorMessage, LiveStatus } from "~/components/ui/status";
import { staffActor } from "~/domain/audit";
import { deliveryFeeText } from "~/domain/delivery";
import { DELIVERY_OPTION_GONE_MESSAGE, deliveryActionSchema, NAME_MAX_CHARS, TEXT_MAX_CHARS } from "~/domain/delivery.schema";
import { changedMeanwhileMessage } from "~/domain/edit-version";
import { fieldErrors } from "~/domain/form-errors";
import { centsToShillings, formatKsh } from "~/domain/money";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import {
  createDeliveryOption,
  type DeliveryChangeResult,
  deleteDeliveryOption,
  listDeliveryOptions,
  moveDeliveryOption,
  switchDeliveryOption,
  updateDeliveryOption,
} from "~/server/delivery.server";
import { formFields } from "~/server/form.server";
import { postedCounties, splitAreas } from "~/domain/kenya-counties";
import { CountiesPicker } from "~/components/admin/delivery-counties";
import type { Route } from "./+types/delivery";

// The Delivery page (issue 23): the zones and pick-up points checkout offers, switched on or off and put in order.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { options: await listDeliveryOptions() };
}

const FIELDS = ["name", "areas", "deliveryTime", "directions", "openingHours", "fee", "freeFrom", "payOnDelivery", "payOnDeliveryUpTo"] as const;
type Errors = Partial<Record<(typeof FIELDS)[number] | "form", string>>;
const saved = { ok: true as const, errors: {} as Errors };
const refused = (errors: Errors, status: number) => data({ ok: false as const, errors }, { status });

/** Each field's message beside its field; a message about anything else (a stale form, an unknown intent) for the form. */
function formErrors(all: Record<string, string>): Errors {
  const errors: Errors = {};
  for (const [field, message] of Object.entries(all)) {
    if ((FIELDS as readonly string[]).includes(field)) errors[field as (typeof FIELDS)[number]] = message;
    else errors.form ??= message;
  }
  return errors;
}

const answerTo = (result: DeliveryChangeResult) => {
  switch (result) {
    case "missing":
      return refused({ form: DELIVERY_OPTION_GONE_MESSAGE }, 404);
    case "changed-meanwhile":
      return refused({ form: changedMeanwhileMessage("delivery") }, 409);
    case "saved":
      return saved;
  }
};

export async function action({ request }: Route.ActionArgs) {
  const actor = staffActor((await requireAdminAction(request)).email);
  const fields = formFields(await request.formData());
  const parsed = deliveryActionSchema.safeParse({ ...fields, counties: postedCounties(fields) });
  if (!parsed.success) return refused(formErrors(fieldErrors(parsed.error)), 400);
  const input = parsed.data;
  switch (input.intent) {
    case "create-zone":
    case "create-pick-up":
      await createDeliveryOption(input.details, actor);
      return saved;
    case "update-zone":
    case "update-pick-up":
      return answerTo(await updateDeliveryOption(input.id, input.details, input.version, actor));
    case "switch":
      return answerTo(await switchDeliveryOption(input.id, input.active === "on", input.version, actor));
    case "move":
      await moveDeliveryOption(input.id, input.direction, actor);
      return saved;
    case "delete":
      await deleteDeliveryOption(input.id, actor);
      return saved;
  }
}

type Option = Route.ComponentProps["loaderData"]["options"][number];
type Kind = Option["kind"];
type Answer = NonNullable<Route.ComponentProps["actionData"]>;
// An edit keeps the version it was opened at, whatever live updates bring the list meanwhile.
type Editing = { mode: "create"; kind: Kind } | ({ mode: "update" } & Option) | ({ mode: "delete" } & Option);

const NOUN: Record<Kind, string> = { zone: "zone", "pick-up": "pick-up point" };
const shillings = (cents: number | null | undefined) => (cents == null ? "" : String(centsToShillings(cents)));

export default function Delivery({ loaderData, actionData }: Route.ComponentProps) {
  const dialog = useDialogForm<Editing, Answer>("delivery-form");
  const editing = dialog.opened;
  const errors: Errors = dialog.refusal?.errors ?? {};
  const option = editing?.mode === "update" ? editing : undefined;
  const deleting = editing?.mode === "delete" ? editing : undefined;
  const kind = editing?.mode === "create" ? editing.kind : (option?.kind ?? "zone");

  // Switches and moves share one form's fetcher; without JavaScript they post the page itself (actionData).
  const row = useFetcher<Answer>();
  const [done, setDone] = useState("");
  const answer = row.state === "idle" ? row.data : actionData;
  const rowRefusal = answer?.ok === false ? answer.errors.form : undefined;
  const pendingId = row.state === "idle" ? undefined : row.formData?.get("id");
  const sentActive = row.formData?.get("active");

  // A moved row may be taken out of the page and put back: its button keeps focus, or its other one at an end.
  const focusAfterMove = useRef<{ id: string; direction: "up" | "down" } | null>(null);
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target || row.state !== "idle") return;
    focusAfterMove.current = null;
    const button = (direction: string) =>
      document.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(`${direction} ${target.id}`)}"]`);
    const chosen = button(target.direction);
    (chosen?.disabled ? button(target.direction === "up" ? "down" : "up") : chosen)?.focus();
  }, [loaderData.options, row.state]);

  const sections = (["zone", "pick-up"] as const).map((sectionKind) => ({
    kind: sectionKind,
    rows: loaderData.options.filter((each) => each.kind === sectionKind),
  }));

  const rowControls = (each: Option, index: number, count: number) => {
    // A second click on a row still saving would post the version it had before the first.
    const busy = pendingId === each.id;
    /** Lets the click post unless the row is still saving; says what it did once it has. */
    const posts = (event: MouseEvent, message: string) => {
      if (busy) event.preventDefault();
      else setDone(message);
      return !busy;
    };
    const move = (direction: "up" | "down", disabled: boolean) => (
      <row.Form method="post">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={each.id} />
        <input type="hidden" name="direction" value={direction} />
        <IconButton
          type="submit"
          label={`Move ${each.name} ${direction}`}
          disabled={disabled}
          data-move={`${direction} ${each.id}`}
          onClick={(event) => {
            if (posts(event, `${each.name} moved ${direction}.`)) focusAfterMove.current = { id: each.id, direction };
          }}
        >
          <AdminIcon name={direction === "up" ? "arrow-up" : "arrow-down"} className="size-4" />
        </IconButton>
      </row.Form>
    );
    const on = busy && typeof sentActive === "string" ? sentActive === "on" : each.isActive;
    return {
      switch: (
        <row.Form method="post">
          <input type="hidden" name="intent" value="switch" />
          <input type="hidden" name="id" value={each.id} />
          <input type="hidden" name="version" value={each.version} />
          <input type="hidden" name="active" value={on ? "off" : "on"} />
          <SwitchButton on={on} label={`${each.name} on`} onClick={(event) => posts(event, `${each.name} switched ${on ? "off" : "on"}.`)} />
        </row.Form>
      ),
      actions: (
        <RowActions>
          {move("up", index === 0)}
          {move("down", index === count - 1)}
          <IconButton label={`Edit ${each.name}`} onClick={() => dialog.open({ mode: "update", ...each })}>
            <AdminIcon name="pencil" className="size-4" />
          </IconButton>
          <IconButton label={`Delete ${each.name}`} tone="danger" onClick={() => dialog.open({ mode: "delete", ...each })}>
            <AdminIcon name="trash" className="size-4" />
          </IconButton>
        </RowActions>
      ),
    };
  };

  return (
    <div className="space-y-8">
      <p className="max-w-prose">
        Checkout offers the zones and pick-up points switched on here, zones first, in this order, and adds the fee of the one the shopper
        chooses. While none is switched on, checkout asks nothing about delivery and charges no delivery.
      </p>
      <ErrorMessage>{rowRefusal}</ErrorMessage>
      <LiveStatus className="sr-only">{answer?.ok ? done : ""}</LiveStatus>

      {sections.map(({ kind: sectionKind, rows }) => {
        const zones = sectionKind === "zone";
        const heading = zones ? "Delivery zones" : "Pick-up points";
        return (
          <section key={sectionKind} aria-labelledby={`delivery-${sectionKind}`} className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-4">
              <h2 id={`delivery-${sectionKind}`} className="font-display text-xl font-semibold">
                {heading}
              </h2>
              <Button onClick={() => dialog.open({ mode: "create", kind: sectionKind })}>
                <AdminIcon name="plus" className="size-4" /> {zones ? "Add zone" : "Add pick-up point"}
              </Button>
            </div>
            {rows.length === 0 ? (
              <EmptyState>{zones ? "No delivery zones yet." : "No pick-up points yet."}</EmptyState>
            ) : (
              <AdminTable
                caption={heading}
                columns={
                  zones
                    ? ["Name", "Areas", "Fee", "Delivery time", "On", "Actions"]
                    : ["Name", "Directions", "Opening hours", "Fee", "On", "Actions"]
                }
              >
                {rows.map((each, index) => {
                  const controls = rowControls(each, index, rows.length);
                  const fee = (
                    <Cell className="whitespace-nowrap">
                      {deliveryFeeText(each.feeCents)}
                      {each.freeFromCents !== null && (
                        <span className="block text-xs text-earth-700 dark:text-clay-200">{`Free delivery from ${formatKsh(each.freeFromCents)}`}</span>
                      )}
                      {each.payOnDelivery && (
                        <span className="block text-xs text-earth-700 dark:text-clay-200">
                          {each.payOnDeliveryUpToCents === null
                            ? "Pay on delivery"
                            : `Pay on delivery up to ${formatKsh(each.payOnDeliveryUpToCents)}`}
                        </span>
                      )}
                    </Cell>
                  );
                  return (
                    <tr key={each.id}>
                      <Cell className="font-semibold">{each.name}</Cell>
                      {zones ? (
                        <>
                          <Cell className="min-w-48 whitespace-pre-line">{each.areas}</Cell>
                          {fee}
                          <Cell>{each.deliveryTime}</Cell>
                        </>
                      ) : (
                        <>
                          <Cell className="min-w-48 whitespace-pre-line">{each.directions}</Cell>
                          <Cell>{each.openingHours}</Cell>
                          {fee}
                        </>
                      )}
                      <Cell>{controls.switch}</Cell>
                      {controls.actions}
                    </tr>
                  );
                })}
              </AdminTable>
            )}
          </section>
        );
      })}

      <Dialog
        open={editing?.mode === "create" || editing?.mode === "update"}
        onClose={dialog.close}
        title={`${option ? "Edit" : "Add"} ${NOUN[kind]}`}
      >
        <dialog.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value={`${option ? "update" : "create"}-${kind}`} />
          {option && (
            <>
              <input type="hidden" name="id" value={option.id} />
              <input type="hidden" name="version" value={option.version} />
            </>
          )}
          <TextField
            label="Name"
            name="name"
            autoComplete="off"
            data-autofocus
            required
            maxLength={NAME_MAX_CHARS}
            defaultValue={option?.name ?? ""}
            error={errors.name}
          />
          {kind === "zone" ? (
            <>
              <TextArea
                label="Areas"
                name="areas"
                rows={3}
                maxLength={TEXT_MAX_CHARS}
                hint="The places this zone covers, as shoppers know them, e.g. “CBD, Westlands, Upper Hill”, besides the counties ticked below."
                defaultValue={splitAreas(option?.areas ?? "").otherPlaces}
                error={errors.areas}
              />
              <CountiesPicker ticked={splitAreas(option?.areas ?? "").counties} />
              <FeeField defaultCents={option?.feeCents} error={errors.fee} />
              <TextField
                label="Free delivery from (KSH)"
                name="freeFrom"
                inputMode="numeric"
                autoComplete="off"
                hint="Optional: an order whose subtotal reaches this pays no delivery."
                defaultValue={shillings(option?.freeFromCents)}
                error={errors.freeFrom}
              />
              <PayOnDeliveryFields
                allowed={option?.payOnDelivery ?? false}
                upToCents={option?.payOnDeliveryUpToCents ?? null}
                error={errors.payOnDeliveryUpTo ?? errors.payOnDelivery}
              />
              <TextField
                label="Delivery time"
                name="deliveryTime"
                autoComplete="off"
                maxLength={TEXT_MAX_CHARS}
                hint="Optional, as shoppers read it, e.g. “1–2 days”."
                defaultValue={option?.deliveryTime ?? ""}
                error={errors.deliveryTime}
              />
            </>
          ) : (
            <>
              <TextArea
                label="Directions"
                name="directions"
                rows={3}
                maxLength={TEXT_MAX_CHARS}
                hint="How shoppers find it, e.g. “Moi Avenue, next to the Kenya Cinema”."
                defaultValue={option?.directions ?? ""}
                error={errors.directions}
              />
              <TextField
                label="Opening hours"
                name="openingHours"
                autoComplete="off"
                maxLength={TEXT_MAX_CHARS}
                hint="e.g. “Mon–Sat 9:00–18:00”."
                defaultValue={option?.openingHours ?? ""}
                error={errors.openingHours}
              />
              <FeeField defaultCents={option?.feeCents} error={errors.fee} hint="Leave it blank for a free pick-up." />
            </>
          )}
          <ErrorMessage>{errors.form}</ErrorMessage>
          <DialogButtons onCancel={dialog.close} label="Save" busyLabel="Saving..." busy={dialog.busy} />
        </dialog.Form>
      </Dialog>

      <DeleteDialog
        title={`Delete ${NOUN[deleting?.kind ?? "zone"]}`}
        id={deleting?.id}
        question={`Delete “${deleting?.name}”? Checkout stops offering it. Orders placed with it keep its name and fee.`}
        Form={dialog.Form}
        busy={dialog.busy}
        error={errors.form}
        onClose={dialog.close}
      />
    </div>
  );
}

/** The fee in whole shillings, as staff type it ("250", "1,500"). */
function FeeField({ defaultCents, error, hint }: { defaultCents: number | undefined; error: string | undefined; hint?: string }) {
  return (
    <TextField
      label="Fee (KSH)"
      name="fee"
      inputMode="numeric"
      autoComplete="off"
      hint={hint}
      defaultValue={shillings(defaultCents)}
      error={error}
    />
  );
}
