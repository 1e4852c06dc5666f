import { data, Form, Link } from "react-router";
import { DeleteDialog } from "~/components/admin/delete-dialog";
import { ProductsExport } from "~/components/admin/export-dialog";
import { ProductVisibilitySwitch } from "~/components/admin/product-visibility";
import { AdminTable, Cell, EmptyState, IconButton, RowActions } from "~/components/admin/table";
import { useDialogForm } from "~/components/admin/use-dialog-form";
import { Button, buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Thumbnail } from "~/components/ui/image";
import { Price } from "~/components/ui/price";
import { NO_PRODUCTS_MESSAGE } from "~/domain/product";
import { productListActionSchema, productSearchSchema } from "~/domain/product.schema";
import { staffActor } from "~/domain/audit";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { formFields } from "~/server/form.server";
import { deleteProduct, productsForAdmin, setProductVisibility } from "~/server/products.server";
import type { Route } from "./+types/products";
import { AdminIcon } from "~/components/admin/icon";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const q = productSearchSchema.parse(new URL(request.url).searchParams.get("q") ?? "");
  return { q, products: await productsForAdmin(q) };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = staffActor((await requireAdminAction(request)).email);
  const parsed = productListActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, error: parsed.error.issues[0]!.message }, { status: 400 });
  const input = parsed.data;
  switch (input.intent) {
    case "visibility":
      if (!(await setProductVisibility(input.id, input.isVisible, actor)))
        return data({ ok: false as const, error: "That product no longer exists." }, { status: 404 });
      return { ok: true as const, error: null };
    case "delete":
      await deleteProduct(input.id, actor);
      return { ok: true as const, error: null };
  }
}

type Deleting = { id: string; name: string };

export default function Products({ loaderData }: Route.ComponentProps) {
  const { q, products } = loaderData;
  const dialog = useDialogForm<Deleting, NonNullable<Route.ComponentProps["actionData"]>>("product-delete");
  const deleting = dialog.opened;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <Form method="get" role="search" className="flex items-end gap-2">
          <TextField key={q} label="Search products by name" name="q" type="search" defaultValue={q} className="w-64 max-w-full" />
          <Button type="submit" variant="secondary" aria-label="Search products" className="px-3">
            <AdminIcon name="search" className="size-4" />
          </Button>
        </Form>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/products/import" className={buttonClass("secondary")}>
            <AdminIcon name="upload" className="size-4" /> Import
          </Link>
          <ProductsExport />
          <Link to="/admin/products/new" className={buttonClass()}>
            <AdminIcon name="plus" className="size-4" /> Add Product
          </Link>
        </div>
      </div>

      {products.length === 0 ? (
        <EmptyState>{NO_PRODUCTS_MESSAGE}</EmptyState>
      ) : (
        <AdminTable columns={["Product", "Category", "Price", "Stock", "Visibility", "Actions"]}>
          {products.map((product) => (
            <tr key={product.id}>
              <Cell>
                <div className="flex min-w-48 items-center gap-3">
                  <Thumbnail url={product.image} width={48} height={48} className="size-12" />
                  <span className="font-semibold">{product.name}</span>
                </div>
              </Cell>
              <Cell>{product.categoryName ?? "N/A"}</Cell>
              <Cell className="whitespace-nowrap">
                <Price cents={product.priceCents} />
              </Cell>
              <Cell>{product.stock}</Cell>
              <Cell>
                <ProductVisibilitySwitch id={product.id} name={product.name} isVisible={product.isVisible} />
              </Cell>
              <RowActions>
                <Link
                  to={`/admin/products/edit/${product.id}`}
                  aria-label={`Edit ${product.name}`}
                  title={`Edit ${product.name}`}
                  className="inline-flex min-h-10 min-w-10 items-center justify-center rounded-full p-2 hover:bg-clay-100 dark:hover:bg-earth-800"
                >
                  <AdminIcon name="pencil" className="size-4" />
                </Link>
                <IconButton label={`Delete ${product.name}`} tone="danger" onClick={() => dialog.open({ id: product.id, name: product.name })}>
                  <AdminIcon name="trash" className="size-4" />
                </IconButton>
              </RowActions>
            </tr>
          ))}
        </AdminTable>
      )}

      <DeleteDialog
        title="Delete product"
        id={deleting?.id}
        question={`Delete “${deleting?.name}”? It leaves the shop at once. Orders that include it keep their items as they were bought.`}
        Form={dialog.Form}
        busy={dialog.busy}
        error={dialog.refusal?.error}
        onClose={dialog.close}
      />
    </div>
  );
}
