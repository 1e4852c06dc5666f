import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "~/domain/audit";
import { changedMeanwhileMessage } from "~/domain/edit-version";
import { type ProductFormAnswer, SAVE_FAILED_MESSAGE, variantLogChanges } from "~/domain/product";
import { type ProductInput, productEditSchema, productFormErrors, readProductForm, type VariantInput } from "~/domain/product.schema";
import { newProductKeys, productSlug } from "~/domain/slug";
import { optionsKey, totalStock, type Variant } from "~/domain/variants";
import { inBatches } from "./db/batches.server";
import type { Database, Queryable, Transaction } from "./db/client.server";
import { db } from "./db/database.server";
import { likePattern } from "./db/like.server";
import { recordChange } from "./audit.server";
import { categories, products, productSlugHistory, productVariants } from "./db/schema.server";
import { publish } from "./events.server";
import { formFields } from "./form.server";
import { newRecordId } from "./random.server";
import { log } from "./log.server";

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
 * the version it was loaded from, and the stock it showed, the product's and each variant's (decision 031).
 */
export type ProductForEdit = Omit<ProductInput, "compareAtCents" | "variants"> & {
  compareAtCents: number | null;
  variants: Variant[];
  id: string;
  sku: string;
  slug: string;
  version: number;
};

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

/** A variant's columns as staff keep it (decision 049): the product form's, and what a shop page may show. */
export const VARIANT_COLUMNS = {
  size: productVariants.size,
  color: productVariants.color,
  stock: productVariants.stock,
  priceCents: productVariants.priceCents,
  compareAtCents: productVariants.compareAtCents,
  sku: productVariants.sku,
};

/** A product's variants in the form's order; none when it sells from its own stock. */
function variantsOf(source: Queryable, productId: string): Promise<Variant[]> {
  return source.select(VARIANT_COLUMNS).from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.position));
}

export async function productForEdit(id: string): Promise<ProductForEdit | undefined> {
  const database = await db();
  const [row] = await database
    .select({ ...PRODUCT_FIELD_COLUMNS, compareAtCents: products.compareAtCents, version: products.version })
    .from(products)
    .where(eq(products.id, id));
  if (!row) return undefined;
  const variants = await variantsOf(database, id);
  // The stock the form shows and sends back is its variants' total, read with them (stock.server keeps them equal).
  return { ...row, stock: variants.length > 0 ? totalStock(variants) : row.stock, variants };
}

/** A product and the variant rows it is to have, in the order shown. */
export type ProductVariants = { productId: string; variants: readonly Variant[] };

/**
 * Makes each product's variant rows these, in this order (decision 049): the one writer of variant rows, for the
 * product form and the catalogue import, a batch per statement. Rows are written anew (order lines name a variant by
 * its size and colour, never by its row), under the caller's lock on the products or the catalogue; none turns stock
 * per variant off. The caller sets each product's stock to their total (totalStock) in the same transaction.
 */
export async function writeVariants(tx: Transaction, written: readonly ProductVariants[]): Promise<void> {
  for (const batch of inBatches(written.map(({ productId }) => productId))) {
    await tx.delete(productVariants).where(inArray(productVariants.productId, batch));
  }
  const rows = written.flatMap(({ productId, variants }) =>
    variants.map(({ size, color, stock, priceCents, compareAtCents, sku }, position) => ({
      id: newRecordId(),
      productId,
      position,
      size,
      color,
      stock,
      priceCents,
      compareAtCents,
      sku,
    })),
  );
  for (const batch of inBatches(rows)) await tx.insert(productVariants).values(batch);
}

/** A saved variant without what the form was loaded with. */
const storedVariant = ({ stockWas: _stockWas, ...variant }: VariantInput): Variant => variant;

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
      const { variants: posted = [], ...fields } = input;
      const variants = posted.map(storedVariant);
      const stock = variants.length > 0 ? totalStock(variants) : fields.stock;
      const [row] = await tx
        .insert(products)
        .values({ ...fields, stock, id, slug, sku, rating: 0, reviewCount: 0, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: products.id });
      if (!row) return null;
      await writeVariants(tx, [{ productId: id, variants }]);
      await claimSlugs(tx, [slug]);
      const after = { ...fields, stock, ...variantLogChanges([], variants).after };
      await recordChange(tx, { actor, entity: "product", entityId: id, action: "create", after, now });
      await publish(tx, "products", id);
      return { ok: true, id, slug };
    });
    if (created) return created;
  }
}

/** What an edit form was loaded from: the product's version, and the stock it showed. */
export type ProductEditBase = { version: number; stockWas: number };

/**
 * The variants a save writes, each with the stock it keeps (decision 031 for each variant): a row's stock is written
 * only when the form changed it from the stock it was loaded with (a row the form added had none), and is refused
 * when the row's stock moved meanwhile (an order took from it); an unchanged row keeps the stock it has now. Null
 * when refused.
 */
function variantsToWrite(posted: readonly VariantInput[], current: readonly Variant[]): Variant[] | null {
  const now = new Map(current.map((variant) => [optionsKey(variant), variant.stock]));
  const written: Variant[] = [];
  for (const { stockWas, ...variant } of posted) {
    const was = stockWas ?? 0;
    const stockNow = now.get(optionsKey(variant)) ?? 0;
    const edited = variant.stock !== was;
    if (edited && stockNow !== was) return null;
    written.push({ ...variant, stock: edited ? variant.stock : stockNow });
  }
  return written;
}

/**
 * Saves the edited product (product.md §7) if nobody changed it since the form was loaded (decision 031): staff
 * edits bump the version, and a save naming an older one is refused. Stock is written only when the form
 * changed it, and refused when it changed under the form (an order delivered meanwhile), so a save never
 * puts back stock an order took; with variants (decision 049) that holds for each variant's stock, and the
 * product's stock becomes their total. Rows of a removed size or colour are deleted with their stock: the form
 * warned before the save, and the activity log keeps what they held. Without variants in the form, stock per
 * variant is off: the rows go, and the product keeps the stock the form sent (its variants' total unless changed).
 * The slug is rebuilt from the name and the id (product.md §3); when that changes
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
    if (current.version !== base.version) return { ok: false, problem: "changed-meanwhile" };
    // Variants are only written under their product's lock, taken above.
    const currentVariants = await variantsOf(tx, id);
    const { stock: postedStock, variants: posted = [], compareAtCents = null, ...fields } = input;
    const variants = variantsToWrite(posted, currentVariants);
    if (!variants) return { ok: false, problem: "changed-meanwhile" };
    // The product's own stock is guarded as before unless per-variant stock was on and stays on: then each row is.
    const stock = variants.length > 0 ? totalStock(variants) : postedStock;
    const stockEdited = stock !== base.stockWas;
    const perVariantAlready = variants.length > 0 && currentVariants.length > 0;
    if (!perVariantAlready && stockEdited && current.stock !== base.stockWas) return { ok: false, problem: "changed-meanwhile" };
    if (!(await categoryExists(tx, input.categoryId))) return { ok: false, problem: "missing-category" };
    const slug = productSlug(input.name, id);
    const change = { ...fields, compareAtCents, ...(variants.length > 0 || stockEdited ? { stock } : {}) };
    await tx
      .update(products)
      .set({ ...change, slug, version: current.version + 1, updatedAt: now })
      .where(eq(products.id, id));
    await writeVariants(tx, [{ productId: id, variants }]);
    if (slug !== current.slug) {
      await claimSlugs(tx, [slug]);
      await keepFormerSlugs(tx, [{ slug: current.slug, productId: id }], now);
    }
    const logged = variantLogChanges(currentVariants, variants);
    await recordChange(tx, {
      actor,
      entity: "product",
      entityId: id,
      action: "update",
      before: { ...current, ...logged.before },
      after: { ...change, ...logged.after },
      now,
    });
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
  if (!parsed.success) return { status: 400, answer: { saved: false, errors: productFormErrors(parsed.error), skippedUrls } };
  const base = productEditSchema.safeParse(fields);
  if (productId !== null && !base.success) return { status: 400, answer: { saved: false, errors: productFormErrors(base.error), skippedUrls } };
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
    log().error({ err: error }, "Saving a product failed.");
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
