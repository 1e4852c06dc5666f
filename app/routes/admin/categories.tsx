import { useState } from "react";
import { data, useFetcher } from "react-router";
import { AdminTable, Cell, EmptyState, IconButton, RowActions } from "~/components/admin/table";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
import { ErrorMessage } from "~/components/ui/status";
import { NO_CATEGORIES_MESSAGE } from "~/domain/category";
import { categoryActionSchema } from "~/domain/category.schema";
import { staffActor } from "~/domain/audit";
import { changedMeanwhileMessage } from "~/domain/edit-version";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { categoriesWithCounts, createCategory, deleteCategory, renameCategory } from "~/server/categories.server";
import { formFields } from "~/server/form.server";
import type { Route } from "./+types/categories";
import { AdminIcon } from "~/components/admin/icon";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { categories: await categoriesWithCounts() };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = staffActor((await requireAdminAction(request)).email);
  const parsed = categoryActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, error: parsed.error.issues[0]!.message }, { status: 400 });
  const input = parsed.data;
  switch (input.intent) {
    case "create":
      await createCategory(input.name, actor);
      return { ok: true as const, error: null };
    case "rename":
      switch (await renameCategory(input.id, input.name, input.version, actor)) {
        case "missing":
          return data({ ok: false as const, error: "That category no longer exists." }, { status: 404 });
        case "changed-meanwhile":
          return data({ ok: false as const, error: changedMeanwhileMessage("category") }, { status: 409 });
        case "renamed":
          return { ok: true as const, error: null };
      }
      break;
    case "delete": {
      const result = await deleteCategory(input.id, actor);
      return result.ok ? { ok: true as const, error: null } : data({ ok: false as const, error: result.message }, { status: 409 });
    }
  }
}

// An edit keeps the version it was opened at, whatever live updates bring the list meanwhile.
type Editing = { mode: "create" } | { mode: "rename"; id: string; name: string; version: number } | { mode: "delete"; id: string; name: string } | null;

export default function Categories({ loaderData }: Route.ComponentProps) {
  const [chosen, setEditing] = useState<Editing>(null);
  // Each dialog gets a fresh fetcher, so it never shows another form's earlier answer.
  const [opened, setOpened] = useState(0);
  const fetcher = useFetcher<typeof action>({ key: `category-form-${opened}` });
  const busy = fetcher.state !== "idle";
  const answered = fetcher.state === "idle" ? fetcher.data : undefined;
  // A dialog closes once its save succeeded; a refusal keeps it open with the message.
  const editing = answered?.ok ? null : chosen;
  const error = answered && !answered.ok ? answered.error : undefined;
  const open = (next: Editing) => {
    setOpened((n) => n + 1);
    setEditing(next);
  };

  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <Button onClick={() => open({ mode: "create" })}>
          <AdminIcon name="plus" className="size-4" /> Add Category
        </Button>
      </div>
      {loaderData.categories.length === 0 ? (
        <EmptyState>{NO_CATEGORIES_MESSAGE}</EmptyState>
      ) : (
        <AdminTable columns={["Name", "Products", "Actions"]}>
          {loaderData.categories.map((category) => (
            <tr key={category.id}>
              <Cell className="font-semibold">{category.name}</Cell>
              <Cell>{category.productCount}</Cell>
              <RowActions>
                <IconButton
                  label={`Edit ${category.name}`}
                  onClick={() =>
                    open({
                      mode: "rename",
                      id: category.id,
                      name: category.name,
                      version: category.version,
                    })
                  }
                >
                  <AdminIcon name="pencil" className="size-4" />
                </IconButton>
                <IconButton
                  label={`Delete ${category.name}`}
                  tone="danger"
                  onClick={() =>
                    open({
                      mode: "delete",
                      id: category.id,
                      name: category.name,
                    })
                  }
                >
                  <AdminIcon name="trash" className="size-4" />
                </IconButton>
              </RowActions>
            </tr>
          ))}
        </AdminTable>
      )}

      <Dialog
        open={editing?.mode === "create" || editing?.mode === "rename"}
        onClose={() => setEditing(null)}
        title={editing?.mode === "rename" ? "Edit Category" : "Add Category"}
      >
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value={editing?.mode === "rename" ? "rename" : "create"} />
          {editing?.mode === "rename" && (
            <>
              <input type="hidden" name="id" value={editing.id} />
              <input type="hidden" name="version" value={editing.version} />
            </>
          )}
          <TextField
            label="Category name"
            name="name"
            data-autofocus
            required
            defaultValue={editing?.mode === "rename" ? editing.name : ""}
            error={error}
          />
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

      <Dialog open={editing?.mode === "delete"} onClose={() => setEditing(null)} title="Delete category">
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={editing?.mode === "delete" ? editing.id : ""} />
          <p>Delete the category “{editing?.mode === "delete" ? editing.name : ""}”?</p>
          <ErrorMessage>{error}</ErrorMessage>
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
