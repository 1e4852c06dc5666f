import { asc, count, eq, max } from "drizzle-orm";
import { categoryInUseMessage } from "~/domain/category";
import { db } from "./db/database.server";
import { categories, products } from "./db/schema.server";
import { publish } from "./events.server";
import { newRecordId } from "./random.server";

export type CategoryRow = { id: string; name: string; productCount: number };

/** Every category with how many products use it, in the shop's order. */
export async function categoriesWithCounts(): Promise<CategoryRow[]> {
  return (await db())
    .select({ id: categories.id, name: categories.name, productCount: count(products.id) })
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.position), asc(categories.name));
}

export async function createCategory(name: string): Promise<string> {
  return (await db()).transaction(async (tx) => {
    const [last] = await tx.select({ position: max(categories.position) }).from(categories);
    const id = newRecordId();
    await tx.insert(categories).values({ id, name, position: (last?.position ?? -1) + 1 });
    await publish(tx, "categories", id);
    return id;
  });
}

export async function renameCategory(id: string, name: string): Promise<boolean> {
  return (await db()).transaction(async (tx) => {
    const renamed = await tx.update(categories).set({ name }).where(eq(categories.id, id)).returning({ id: categories.id });
    if (renamed.length > 0) await publish(tx, "categories", id);
    return renamed.length > 0;
  });
}

export type DeleteCategoryResult = { ok: true } | { ok: false; message: string };

/**
 * Deletes a category no product uses (SPEC §5). The check and the delete share a transaction that locks the
 * category, and the foreign key refuses too, so a product saved meanwhile can never lose its category.
 */
export async function deleteCategory(id: string): Promise<DeleteCategoryResult> {
  return (await db()).transaction(async (tx) => {
    const [category] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!category) return { ok: true };
    const [inUse] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, id));
    if ((inUse?.n ?? 0) > 0) return { ok: false, message: categoryInUseMessage(category.name) };
    await tx.delete(categories).where(eq(categories.id, id));
    await publish(tx, "categories", id);
    return { ok: true };
  });
}
