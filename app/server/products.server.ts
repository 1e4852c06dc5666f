import { asc, desc, eq, sql } from "drizzle-orm";
import { type ProductFormAnswer, SAVE_FAILED_MESSAGE } from "~/domain/product";
import { type ProductInput, readProductForm } from "~/domain/product.schema";
import { newProductSku, productSlug } from "~/domain/slug";
import type { Transaction } from "./db/client.server";
import { db } from "./db/database.server";
import { likePattern } from "./db/like.server";
import { categories, products, productSlugHistory } from "./db/schema.server";
import { publish } from "./events.server";
import { fieldErrors, formFields } from "./form.server";
import { newRecordId } from "./random.server";

/** A row of the back office's products list. */
export type AdminProductRow = {
  id: string;
  name: string;
  image: string | null;
  categoryName: string | null;
  priceCents: number;
  stock: number;
  isVisible: boolean;
};

/** Every product, hidden ones too, newest first; `query` narrows them by name, ignoring case (SPEC §2). */
export async function productsForAdmin(query = ""): Promise<AdminProductRow[]> {
  const name = query.trim();
  const rows = await (
    await db()
  )
    .select({
      id: products.id,
      name: products.name,
      images: products.images,
      categoryName: categories.name,
      priceCents: products.priceCents,
      stock: products.stock,
      isVisible: products.isVisible,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(name ? sql`lower(${products.name}) like ${likePattern(name)}` : undefined)
    .orderBy(desc(products.createdAt), asc(products.name), asc(products.id));
  return rows.map(({ images, ...row }) => ({ ...row, image: images[0] ?? null }));
}

/** What the product form edits, plus the SKU and slug it shows. */
export type ProductForEdit = ProductInput & { id: string; sku: string; slug: string };

export async function productForEdit(id: string): Promise<ProductForEdit | undefined> {
  const [row] = await (
    await db()
  )
    .select({
      id: products.id,
      sku: products.sku,
      slug: products.slug,
      name: products.name,
      categoryId: products.categoryId,
      priceCents: products.priceCents,
      stock: products.stock,
      description: products.description,
      details: products.details,
      sizes: products.sizes,
      colors: products.colors,
      material: products.material,
      culturalInspiration: products.culturalInspiration,
      isBestseller: products.isBestseller,
      isNewArrival: products.isNewArrival,
      isVisible: products.isVisible,
      images: products.images,
    })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

export type SaveProductResult = { ok: true; id: string; slug: string } | { ok: false; problem: "missing-product" | "missing-category" };

/** Whether the chosen category exists, locked so it cannot be deleted before the save commits. */
async function categoryExists(tx: Transaction, categoryId: string | null): Promise<boolean> {
  if (categoryId === null) return true;
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).for("key share");
  return row !== undefined;
}

/**
 * A slug a product now answers to is nobody's former slug: the live product wins, and a storefront link to
 * it never redirects elsewhere (decision 012). Called after the product row is written, so a concurrent
 * rename that moved the same slug into the history has committed (the unique slug index made us wait).
 */
async function claimSlug(tx: Transaction, slug: string): Promise<void> {
  await tx.delete(productSlugHistory).where(eq(productSlugHistory.slug, slug));
}

/**
 * A new product (SPEC §3): its slug ends with the creation time and its SKU is 'AFB-NEW-{time}'; rating and
 * review count start at 0. Should another product already hold that millisecond's SKU or slug, the next
 * millisecond is used, so two products saved at once both get in.
 */
export async function createProduct(input: ProductInput, now = new Date()): Promise<SaveProductResult> {
  const database = await db();
  for (let time = now.getTime(); ; time++) {
    const created = await database.transaction(async (tx): Promise<SaveProductResult | null> => {
      if (!(await categoryExists(tx, input.categoryId))) return { ok: false, problem: "missing-category" };
      const id = newRecordId();
      const slug = productSlug(input.name, String(time));
      const [row] = await tx
        .insert(products)
        .values({ ...input, id, slug, sku: newProductSku(new Date(time)), rating: 0, reviewCount: 0, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: products.id });
      if (!row) return null;
      await claimSlug(tx, slug);
      await publish(tx, "products", id);
      return { ok: true, id, slug };
    });
    if (created) return created;
  }
}

/**
 * Saves the whole edited product (SPEC §7). Its slug is rebuilt from the name and the id (SPEC §3); when that
 * changes the slug, the old one is kept in the slug history so links to it answer 301 to the new one.
 */
export async function updateProduct(id: string, input: ProductInput, now = new Date()): Promise<SaveProductResult> {
  return (await db()).transaction(async (tx) => {
    const [current] = await tx.select({ slug: products.slug }).from(products).where(eq(products.id, id)).for("update");
    if (!current) return { ok: false, problem: "missing-product" };
    if (!(await categoryExists(tx, input.categoryId))) return { ok: false, problem: "missing-category" };
    const slug = productSlug(input.name, id);
    await tx
      .update(products)
      .set({ ...input, slug, updatedAt: now })
      .where(eq(products.id, id));
    if (slug !== current.slug) {
      await claimSlug(tx, slug);
      await tx
        .insert(productSlugHistory)
        .values({ slug: current.slug, productId: id, createdAt: now })
        .onConflictDoUpdate({ target: productSlugHistory.slug, set: { productId: id, createdAt: now } });
    }
    await publish(tx, "products", id);
    return { ok: true, id, slug };
  });
}

/**
 * The product form's save, new (`productId` null) or edit, as the form's answer and its HTTP status: the
 * form's own messages for bad input (400), 'Failed to save product. Please try again.' when the save itself
 * fails — the product or its category deleted meanwhile, or the database refusing.
 */
export async function saveProductForm(
  form: FormData,
  productId: string | null,
  now = new Date(),
): Promise<{ status: number; answer: ProductFormAnswer }> {
  const { parsed, skippedUrls } = readProductForm(formFields(form));
  if (!parsed.success) return { status: 400, answer: { saved: false, errors: fieldErrors(parsed.error), skippedUrls } };
  const failed = (status: number) => ({ status, answer: { saved: false, errors: { form: SAVE_FAILED_MESSAGE }, skippedUrls } });
  try {
    const result = productId === null ? await createProduct(parsed.data, now) : await updateProduct(productId, parsed.data, now);
    if (!result.ok) return failed(result.problem === "missing-product" ? 404 : 409);
    return { status: 200, answer: { saved: true, errors: {}, skippedUrls } };
  } catch (error) {
    console.error("Saving a product failed", error);
    return failed(500);
  }
}

/** Shows or hides a product in the shop (the list's switch); false when the product no longer exists. */
export async function setProductVisibility(id: string, isVisible: boolean, now = new Date()): Promise<boolean> {
  return (await db()).transaction(async (tx) => {
    const changed = await tx.update(products).set({ isVisible, updatedAt: now }).where(eq(products.id, id)).returning({ id: products.id });
    if (changed.length > 0) await publish(tx, "products", id);
    return changed.length > 0;
  });
}

/**
 * Deletes a product. Orders keep what was bought: their lines are snapshots (name, picture, price) whose link
 * to the product becomes empty; its former slugs go with it.
 */
export async function deleteProduct(id: string): Promise<void> {
  await (
    await db()
  ).transaction(async (tx) => {
    const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    if (deleted.length > 0) await publish(tx, "products", id);
  });
}
