import { asc, count, eq, max } from "drizzle-orm";
import type { Actor } from "~/domain/audit";
import { categoryInUseMessage } from "~/domain/category";
import { recordChange } from "./audit.server";
import { inBatches } from "./db/batches.server";
import type { Transaction } from "./db/client.server";
import { db } from "./db/database.server";
import { categories, products } from "./db/schema.server";
import { publish } from "./events.server";
import { newRecordId } from "./random.server";

export type CategoryRow = { id: string; name: string; productCount: number; version: number };

/** Every category with how many products use it, in the shop's order. */
export async function categoriesWithCounts(): Promise<CategoryRow[]> {
  return (await db())
    .select({ id: categories.id, name: categories.name, productCount: count(products.id), version: categories.version })
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.position), asc(categories.name));
}

/** New categories, added after the shop's others in the order given (the category form's one, or an import's). */
export async function appendCategories(tx: Transaction, names: readonly string[]): Promise<{ id: string; name: string }[]> {
  if (names.length === 0) return [];
  const [last] = await tx.select({ position: max(categories.position) }).from(categories);
  const created = names.map((name, i) => ({ id: newRecordId(), name, position: (last?.position ?? -1) + 1 + i }));
  for (const batch of inBatches(created)) await tx.insert(categories).values(batch);
  return created.map(({ id, name }) => ({ id, name }));
}

export async function createCategory(name: string, actor: Actor, now = new Date()): Promise<string> {
  return (await db()).transaction(async (tx) => {
    const id = (await appendCategories(tx, [name]))[0]!.id;
    await recordChange(tx, { actor, entity: "category", entityId: id, action: "create", after: { name }, now });
    await publish(tx, "categories", id);
    return id;
  });
}

export type RenameCategoryResult = "renamed" | "missing" | "changed-meanwhile";

/** Renames a category if nobody changed it since the form was opened at `version` (decision 031). */
export async function renameCategory(id: string, name: string, version: number, actor: Actor, now = new Date()): Promise<RenameCategoryResult> {
  return (await db()).transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!current) return "missing";
    if (current.version !== version) return "changed-meanwhile";
    await tx
      .update(categories)
      .set({ name, version: current.version + 1 })
      .where(eq(categories.id, id));
    await recordChange(tx, { actor, entity: "category", entityId: id, action: "update", before: current, after: { name }, now });
    await publish(tx, "categories", id);
    return "renamed";
  });
}

export type DeleteCategoryResult = { ok: true } | { ok: false; message: string };

/**
 * Deletes a category no product uses (product.md §5). The check and the delete share a transaction that locks the
 * category, and the foreign key refuses too, so a product saved meanwhile can never lose its category.
 */
export async function deleteCategory(id: string, actor: Actor, now = new Date()): Promise<DeleteCategoryResult> {
  return (await db()).transaction(async (tx) => {
    const [category] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!category) return { ok: true };
    const [inUse] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, id));
    if ((inUse?.n ?? 0) > 0) return { ok: false, message: categoryInUseMessage(category.name) };
    await tx.delete(categories).where(eq(categories.id, id));
    await recordChange(tx, { actor, entity: "category", entityId: id, action: "delete", before: { name: category.name }, now });
    await publish(tx, "categories", id);
    return { ok: true };
  });
}
