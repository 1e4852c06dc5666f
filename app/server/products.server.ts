import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "~/domain/audit";
import { changedMeanwhileMessage } from "~/domain/edit-version";
import { type ProductFormAnswer, SAVE_FAILED_MESSAGE } from "~/domain/product";
import { type ProductInput, productEditSchema, readProductForm } from "~/domain/product.schema";
import { newProductKeys, productSlug } from "~/domain/slug";
import { inBatches } from "./db/batches.server";
import type { Database, Transaction } from "./db/client.server";
import { db } from "./db/database.server";
import { likePattern } from "./db/like.server";
import { recordChange } from "./audit.server";
import { categories, products, productSlugHistory } from "./db/schema.server";
import { publish } from "./events.server";
import { fieldErrors } from "~/domain/form-errors";
import { formFields } from "./form.server";
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

/** Every product, hidden ones too, newest first; `query` narrows them by name, ignoring case (product.md §2). */
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

/**
 * What the product form edits, plus the SKU and slug it shows, and what the form sends back to guard its save:
 * the version it was loaded from, and the stock it showed (decision 031).
 */
export type ProductForEdit = ProductInput & { id: string; sku: string; slug: string; version: number };

/** A product's own columns: what the product form edits, with its SKU and slug (the catalogue files' too). */
export const PRODUCT_FIELD_COLUMNS = {
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
};

/** A product as the catalogue import compares and writes it and the exports read it: with rating and reviews. */
export const CATALOGUE_PRODUCT_COLUMNS = { ...PRODUCT_FIELD_COLUMNS, rating: products.rating, reviewCount: products.reviewCount };

export async function productForEdit(id: string): Promise<ProductForEdit | undefined> {
  const [row] = await (
    await db()
  )
    .select({
      ...PRODUCT_FIELD_COLUMNS,
      version: products.version,
    })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

export type SaveProductResult =
  | { ok: true; id: string; slug: string }
  | { ok: false; problem: "missing-product" | "missing-category" | "changed-meanwhile" };

/** Whether the chosen category exists, locked so it cannot be deleted before the save commits. */
async function categoryExists(tx: Transaction, categoryId: string | null): Promise<boolean> {
  if (categoryId === null) return true;
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).for("key share");
  return row !== undefined;
}

/**
 * The slugs products now answer to are nobody's former slugs: the live product wins, and a storefront link to
 * it never redirects elsewhere (decision 012). Called after the product rows are written, so a concurrent
 * rename that moved the same slug into the history has committed (the unique slug index made us wait).
 */
export async function claimSlugs(tx: Transaction, slugs: readonly string[]): Promise<void> {
  for (const batch of inBatches(slugs)) await tx.delete(productSlugHistory).where(inArray(productSlugHistory.slug, batch));
}

/** Renamed products' former slugs keep answering, with a redirect to the product's new one (decision 012). */
export async function keepFormerSlugs(tx: Transaction, former: readonly { slug: string; productId: string }[], now: Date): Promise<void> {
  for (const batch of inBatches(former)) {
    await tx
      .insert(productSlugHistory)
      .values(batch.map((entry) => ({ ...entry, createdAt: now })))
      .onConflictDoUpdate({ target: productSlugHistory.slug, set: { productId: sql`excluded.product_id`, createdAt: now } });
  }
}

/**
 * A new product (product.md §3): its slug ends with the creation time and its SKU is 'AFB-NEW-{time}'; rating and
 * review count start at 0. Should another product already hold that millisecond's SKU or slug, the next
 * millisecond is used, so two products saved at once both get in.
 */
export async function createProduct(input: ProductInput, actor: Actor, now = new Date()): Promise<SaveProductResult> {
  const database = await db();
  for (let time = now.getTime(); ; time++) {
    const created = await database.transaction(async (tx): Promise<SaveProductResult | null> => {
      if (!(await categoryExists(tx, input.categoryId))) return { ok: false, problem: "missing-category" };
      const id = newRecordId();
      const { sku, slug } = newProductKeys(input.name, time);
      const [row] = await tx
        .insert(products)
        .values({ ...input, id, slug, sku, rating: 0, reviewCount: 0, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: products.id });
      if (!row) return null;
      await claimSlugs(tx, [slug]);
      await recordChange(tx, { actor, entity: "product", entityId: id, action: "create", after: { ...input }, now });
      await publish(tx, "products", id);
      return { ok: true, id, slug };
    });
    if (created) return created;
  }
}

/** What an edit form was loaded from: the product's version, and the stock it showed. */
export type ProductEditBase = { version: number; stockWas: number };

/**
 * Saves the edited product (product.md §7) if nobody changed it since the form was loaded (decision 031): staff
 * edits bump the version, and a save naming an older one is refused. Stock is written only when the form
 * changed it, and refused when it changed under the form (an order delivered meanwhile), so a save never
 * puts back stock an order took. The slug is rebuilt from the name and the id (product.md §3); when that changes
 * the slug, the old one is kept in the slug history so links to it answer 301 to the new one. `database` is
 * another app process's connection in tests; by default, the shop's.
 */
export async function updateProduct(
  id: string,
  input: ProductInput,
  base: ProductEditBase,
  actor: Actor,
  now = new Date(),
  database?: Database,
): Promise<SaveProductResult> {
  return (database ?? (await db())).transaction(async (tx): Promise<SaveProductResult> => {
    const [current] = await tx.select().from(products).where(eq(products.id, id)).for("update");
    if (!current) return { ok: false, problem: "missing-product" };
    const stockEdited = input.stock !== base.stockWas;
    if (current.version !== base.version || (stockEdited && current.stock !== base.stockWas)) {
      return { ok: false, problem: "changed-meanwhile" };
    }
    if (!(await categoryExists(tx, input.categoryId))) return { ok: false, problem: "missing-category" };
    const slug = productSlug(input.name, id);
    const { stock, ...fields } = input;
    const change = stockEdited ? { ...fields, stock } : fields;
    await tx
      .update(products)
      .set({ ...change, slug, version: current.version + 1, updatedAt: now })
      .where(eq(products.id, id));
    if (slug !== current.slug) {
      await claimSlugs(tx, [slug]);
      await keepFormerSlugs(tx, [{ slug: current.slug, productId: id }], now);
    }
    await recordChange(tx, { actor, entity: "product", entityId: id, action: "update", before: current, after: change, now });
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
  actor: Actor,
  now = new Date(),
): Promise<{ status: number; answer: ProductFormAnswer }> {
  const fields = formFields(form);
  const { parsed, skippedUrls } = readProductForm(fields);
  if (!parsed.success) return { status: 400, answer: { saved: false, errors: fieldErrors(parsed.error), skippedUrls } };
  const base = productEditSchema.safeParse(fields);
  if (productId !== null && !base.success) return { status: 400, answer: { saved: false, errors: fieldErrors(base.error), skippedUrls } };
  const failed = (status: number, message = SAVE_FAILED_MESSAGE) => ({ status, answer: { saved: false, errors: { form: message }, skippedUrls } });
  try {
    const result =
      productId === null || !base.success
        ? await createProduct(parsed.data, actor, now)
        : await updateProduct(productId, parsed.data, base.data, actor, now);
    if (!result.ok && result.problem === "changed-meanwhile") return failed(409, changedMeanwhileMessage("product"));
    if (!result.ok) return failed(result.problem === "missing-product" ? 404 : 409);
    return { status: 200, answer: { saved: true, errors: {}, skippedUrls } };
  } catch (error) {
    console.error("Saving a product failed", error);
    return failed(500);
  }
}

/**
 * Shows or hides a product in the shop (the list's switch, which says what it wants rather than editing a
 * loaded copy); false when the product no longer exists. Open edit forms of it are now out of date.
 */
export async function setProductVisibility(id: string, isVisible: boolean, actor: Actor, now = new Date()): Promise<boolean> {
  return (await db()).transaction(async (tx) => {
    const [current] = await tx.select({ isVisible: products.isVisible }).from(products).where(eq(products.id, id)).for("update");
    if (!current) return false;
    await tx
      .update(products)
      .set({ isVisible, version: sql`${products.version} + 1`, updatedAt: now })
      .where(eq(products.id, id));
    await recordChange(tx, { actor, entity: "product", entityId: id, action: "update", before: current, after: { isVisible }, now });
    await publish(tx, "products", id);
    return true;
  });
}

/**
 * Deletes a product. Orders keep what was bought: their lines are snapshots (name, picture, price) whose link
 * to the product becomes empty; its former slugs go with it.
 */
export async function deleteProduct(id: string, actor: Actor, now = new Date()): Promise<void> {
  await (
    await db()
  ).transaction(async (tx) => {
    const [deleted] = await tx.delete(products).where(eq(products.id, id)).returning({ name: products.name, sku: products.sku });
    if (!deleted) return;
    await recordChange(tx, { actor, entity: "product", entityId: id, action: "delete", before: deleted, now });
    await publish(tx, "products", id);
  });
}
