import { data } from "react-router";
import { ProductForm } from "~/components/admin/product-form";
import { newProductFields } from "~/domain/product";
import { staffActor } from "~/domain/audit";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { shopCategories } from "~/server/catalogue.server";
import { saveProductForm } from "~/server/products.server";
import type { Route } from "./+types/product-new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { categories: await shopCategories() };
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireAdminAction(request);
  const { status, answer } = await saveProductForm(await request.formData(), null, staffActor(staff.email));
  return data(answer, { status });
}

export default function NewProduct({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return <ProductForm product={newProductFields(categories[0]?.id ?? null)} categories={categories} submitLabel="Create Product" />;
}
