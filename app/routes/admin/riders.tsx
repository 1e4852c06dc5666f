import { useState } from "react";
import { data, useFetcher } from "react-router";
import { AdminTable, Cell, EmptyState, IconButton, RowActions } from "~/components/admin/table";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
import { ErrorMessage } from "~/components/ui/status";
import { PHONE_MAX_LENGTH } from "~/domain/phone";
import { NO_RIDERS_FOUND_MESSAGE, RIDER_GONE_MESSAGE, RIDER_NAME_MAX_CHARS } from "~/domain/rider";
import { riderActionSchema } from "~/domain/rider.schema";
import { staffActor } from "~/domain/audit";
import { changedMeanwhileMessage } from "~/domain/edit-version";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { fieldErrors, formFields } from "~/server/form.server";
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
type Editing = { mode: "create" } | ({ mode: "update" } & Rider) | ({ mode: "delete" } & Rider) | null;

export default function Riders({ loaderData }: Route.ComponentProps) {
  const [chosen, setEditing] = useState<Editing>(null);
  // Each dialog gets a fresh fetcher, so it never shows another form's earlier answer.
  const [opened, setOpened] = useState(0);
  const fetcher = useFetcher<typeof action>({ key: `rider-form-${opened}` });
  const busy = fetcher.state !== "idle";
  const answered = fetcher.state === "idle" ? fetcher.data : undefined;
  // A dialog closes once its save succeeded; a refusal keeps it open with the messages and what was typed.
  const editing = answered?.ok ? null : chosen;
  const errors: Errors = answered && !answered.ok ? answered.errors : {};
  const open = (next: Editing) => {
    setOpened((n) => n + 1);
    setEditing(next);
  };
  const rider = editing?.mode === "update" ? editing : undefined;

  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <Button onClick={() => open({ mode: "create" })}>
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
                <IconButton label={`Edit ${row.name}`} onClick={() => open({ mode: "update", ...row })}>
                  <AdminIcon name="pencil" className="size-4" />
                </IconButton>
                <IconButton label={`Delete ${row.name}`} tone="danger" onClick={() => open({ mode: "delete", ...row })}>
                  <AdminIcon name="trash" className="size-4" />
                </IconButton>
              </RowActions>
            </tr>
          ))}
        </AdminTable>
      )}

      <Dialog
        open={editing?.mode === "create" || editing?.mode === "update"}
        onClose={() => setEditing(null)}
        title={rider ? "Edit Rider" : "Add Rider"}
      >
        <fetcher.Form method="post" className="space-y-4">
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
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="off"
            required
            maxLength={PHONE_MAX_LENGTH}
            placeholder="+254712345678"
            hint="With the country code, e.g. +254712345678"
            defaultValue={rider?.phone ?? ""}
            error={errors.phone}
          />
          <ErrorMessage>{errors.form}</ErrorMessage>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save"}
            </Button>
          </div>
        </fetcher.Form>
      </Dialog>

      <Dialog open={editing?.mode === "delete"} onClose={() => setEditing(null)} title="Delete rider">
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={editing?.mode === "delete" ? editing.id : ""} />
          <p>Delete the rider “{editing?.mode === "delete" ? editing.name : ""}”? Orders they delivered are kept, without a rider.</p>
          <ErrorMessage>{errors.form}</ErrorMessage>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Deleting..." : "Delete"}
            </Button>
          </div>
        </fetcher.Form>
      </Dialog>
    </div>
  );
}
