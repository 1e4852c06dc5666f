import { data } from "react-router";
import { DeleteDialog } from "~/components/admin/delete-dialog";
import { AdminTable, Cell, EmptyState, IconButton, RowActions } from "~/components/admin/table";
import { useDialogForm } from "~/components/admin/use-dialog-form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogButtons } from "~/components/ui/dialog";
import { PhoneField, TextField } from "~/components/ui/field";
import { ErrorMessage } from "~/components/ui/status";
import { NO_RIDERS_FOUND_MESSAGE, RIDER_GONE_MESSAGE, RIDER_NAME_MAX_CHARS } from "~/domain/rider";
import { riderActionSchema } from "~/domain/rider.schema";
import { staffActor } from "~/domain/audit";
import { changedMeanwhileMessage } from "~/domain/edit-version";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { fieldErrors } from "~/domain/form-errors";
import { formFields } from "~/server/form.server";
import { createRider, deleteRider, listRiders, updateRider } from "~/server/riders.server";
import type { Route } from "./+types/riders";
import { AdminIcon } from "~/components/admin/icon";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { riders: await listRiders() };
}

type Errors = Partial<Record<"name" | "phone" | "form", string>>;
const saved = { ok: true as const, errors: {} as Errors };
const refused = (errors: Errors, status: number) => data({ ok: false as const, errors }, { status });

export async function action({ request }: Route.ActionArgs) {
  const actor = staffActor((await requireAdminAction(request)).email);
  const parsed = riderActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return refused(fieldErrors(parsed.error), 400);
  const input = parsed.data;
  switch (input.intent) {
    case "create":
      await createRider(input, actor);
      return saved;
    case "update":
      switch (await updateRider(input.id, input, input.version, actor)) {
        case "missing":
          return refused({ form: RIDER_GONE_MESSAGE }, 404);
        case "changed-meanwhile":
          return refused({ form: changedMeanwhileMessage("rider") }, 409);
        case "saved":
          return saved;
      }
      break;
    case "delete":
      await deleteRider(input.id, actor);
      return saved;
  }
}

// An edit keeps the version it was opened at, whatever live updates bring the list meanwhile.
type Rider = { id: string; name: string; phone: string; version: number };
type Editing = { mode: "create" } | ({ mode: "update" } & Rider) | ({ mode: "delete" } & Rider);

export default function Riders({ loaderData }: Route.ComponentProps) {
  const dialog = useDialogForm<Editing, NonNullable<Route.ComponentProps["actionData"]>>("rider-form");
  const editing = dialog.opened;
  const errors: Errors = dialog.refusal?.errors ?? {};
  const rider = editing?.mode === "update" ? editing : undefined;
  const deleting = editing?.mode === "delete" ? editing : undefined;

  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <Button onClick={() => dialog.open({ mode: "create" })}>
          <AdminIcon name="plus" className="size-4" /> Add Rider
        </Button>
      </div>
      {loaderData.riders.length === 0 ? (
        <EmptyState>{NO_RIDERS_FOUND_MESSAGE}</EmptyState>
      ) : (
        <AdminTable columns={["Name", "Phone", "Actions"]}>
          {loaderData.riders.map((row) => (
            <tr key={row.id}>
              <Cell className="font-semibold">{row.name}</Cell>
              <Cell className="whitespace-nowrap">{row.phone}</Cell>
              <RowActions>
                <IconButton label={`Edit ${row.name}`} onClick={() => dialog.open({ mode: "update", ...row })}>
                  <AdminIcon name="pencil" className="size-4" />
                </IconButton>
                <IconButton label={`Delete ${row.name}`} tone="danger" onClick={() => dialog.open({ mode: "delete", ...row })}>
                  <AdminIcon name="trash" className="size-4" />
                </IconButton>
              </RowActions>
            </tr>
          ))}
        </AdminTable>
      )}

      <Dialog open={editing?.mode === "create" || editing?.mode === "update"} onClose={dialog.close} title={rider ? "Edit Rider" : "Add Rider"}>
        <dialog.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value={rider ? "update" : "create"} />
          {rider && (
            <>
              <input type="hidden" name="id" value={rider.id} />
              <input type="hidden" name="version" value={rider.version} />
            </>
          )}
          <TextField
            label="Name"
            name="name"
            autoComplete="off"
            data-autofocus
            required
            maxLength={RIDER_NAME_MAX_CHARS}
            defaultValue={rider?.name ?? ""}
            error={errors.name}
          />
          <PhoneField autoComplete="off" required defaultValue={rider?.phone ?? ""} error={errors.phone} />
          <ErrorMessage>{errors.form}</ErrorMessage>
          <DialogButtons onCancel={dialog.close} label="Save" busyLabel="Saving..." busy={dialog.busy} />
        </dialog.Form>
      </Dialog>

      <DeleteDialog
        title="Delete rider"
        id={deleting?.id}
        question={`Delete the rider “${deleting?.name}”? Orders they delivered are kept, without a rider.`}
        Form={dialog.Form}
        busy={dialog.busy}
        error={errors.form}
        onClose={dialog.close}
      />
    </div>
  );
}
