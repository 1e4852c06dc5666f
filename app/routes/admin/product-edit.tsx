import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { ActivityTimeline } from "~/components/admin/activity-timeline";
import { ProductForm } from "~/components/admin/product-form";
import { buttonClass } from "~/components/ui/button";
import { staffActor } from "~/domain/audit";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { timelineOf } from "~/server/audit.server";
import { shopCategories } from "~/server/catalogue.server";
import { config } from "~/server/config.server";
import { productForEdit, saveProductForm } from "~/server/products.server";
import type { Route } from "./+types/product-edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const [product, categories, history] = await Promise.all([productForEdit(params.id), shopCategories(), timelineOf("product", params.id)]);
  const timeZone = config().timeZone;
  if (!product) return data({ product: null, categories, history, timeZone }, { status: 404 });
  return { product, categories, history, timeZone };
}

/**
 * Other staff's changes do not reload the form being edited: it would gain nothing, and if the product was
 * deleted meanwhile, the form (and what was typed) would give way to 'Product not found.' — the save then
 * says it failed instead (decision 013). The staff member's own save still reloads it.
 */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const liveUpdate = formMethod === undefined && currentUrl.href === nextUrl.href;
  return liveUpdate ? false : defaultShouldRevalidate;
}

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireAdminAction(request);
  const { status, answer } = await saveProductForm(await request.formData(), params.id, staffActor(staff.email));
  return data(answer, { status });
}

export default function EditProduct({ loaderData }: Route.ComponentProps) {
  const { product, categories, history, timeZone } = loaderData;
  if (!product) {
    return (
      <div className="space-y-4">
        <p>Product not found.</p>
        <Link to="/admin/products" className={buttonClass("secondary")}>
          Back to Products
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <p className="text-sm text-earth-700 dark:text-clay-200">
        SKU <span className="font-semibold">{product.sku}</span>
        {product.isVisible && (
          <>
            {" · "}
            <Link to={`/product/${product.slug}`} className="font-semibold underline">
              View in the shop
            </Link>
          </>
        )}
      </p>
      <ProductForm key={product.id} product={product} categories={categories} submitLabel="Update Product" />
      <section aria-labelledby="product-history" className="max-w-3xl space-y-3">
        <h2 id="product-history" className="font-display text-xl font-semibold">
          History
        </h2>
        <ActivityTimeline entries={history} timeZone={timeZone} labelledBy="product-history" />
      </section>
    </div>
  );
}
