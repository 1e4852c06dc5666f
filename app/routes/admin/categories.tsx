import { data } from "react-router";
import { DeleteDialog } from "~/components/admin/delete-dialog";
import { AdminTable, Cell, EmptyState, IconButton, RowActions } from "~/components/admin/table";
import { useDialogForm } from "~/components/admin/use-dialog-form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogButtons } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
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
type Editing = { mode: "create" } | { mode: "rename"; id: string; name: string; version: number } | { mode: "delete"; id: string; name: string };

export default function Categories({ loaderData }: Route.ComponentProps) {
  const dialog = useDialogForm<Editing, NonNullable<Route.ComponentProps["actionData"]>>("category-form");
  const editing = dialog.opened;
  const error = dialog.refusal?.error;
  const deleting = editing?.mode === "delete" ? editing : undefined;

  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <Button onClick={() => dialog.open({ mode: "create" })}>
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
                    dialog.open({
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
                    dialog.open({
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
        onClose={dialog.close}
        title={editing?.mode === "rename" ? "Edit Category" : "Add Category"}
      >
        <dialog.Form method="post" className="space-y-4">
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
          <DialogButtons onCancel={dialog.close} label="Save" busyLabel="Saving..." busy={dialog.busy} />
        </dialog.Form>
      </Dialog>

      <DeleteDialog
        title="Delete category"
        id={deleting?.id}
        question={`Delete the category “${deleting?.name}”?`}
        Form={dialog.Form}
        busy={dialog.busy}
        error={error}
        onClose={dialog.close}
      />
    </div>
  );
}
