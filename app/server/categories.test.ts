import { expect, test } from "vitest";
import { categoriesWithCounts, createCategory, deleteCategory, renameCategory } from "./categories.server";
import { db } from "./db/database.server";
import { products } from "./db/schema.server";

test("categories list in the order they were added, with how many products use each", async () => {
  const jewellery = await createCategory("Jewellery");
  await createCategory("Baskets");
  await (await db()).insert(products).values({ id: "pj1", name: "Beaded Bangle", slug: "beaded-bangle-pj1", sku: "SKU-PJ1", categoryId: jewellery });
  expect(await categoriesWithCounts()).toEqual([
    { id: jewellery, name: "Jewellery", productCount: 1 },
    { id: expect.any(String), name: "Baskets", productCount: 0 },
  ]);
});

test("a category in use cannot be deleted, and the message names it", async () => {
  const id = await createCategory("Sandals");
  await (await db()).insert(products).values({ id: "ps1", name: "Leather Sandal", slug: "leather-sandal-ps1", sku: "SKU-PS1", categoryId: id });
  expect(await deleteCategory(id)).toEqual({
    ok: false,
    message:
      'Cannot delete "Sandals" because it is currently assigned to one or more products. Please reassign products to another category before deleting.',
  });
  expect((await categoriesWithCounts()).map((c) => c.name)).toContain("Sandals");
});

test("an unused category is renamed and deleted", async () => {
  const id = await createCategory("Wraps");
  expect(await renameCategory(id, "Head Wraps")).toBe(true);
  expect((await categoriesWithCounts()).find((c) => c.id === id)?.name).toBe("Head Wraps");
  expect(await deleteCategory(id)).toEqual({ ok: true });
  expect((await categoriesWithCounts()).find((c) => c.id === id)).toBeUndefined();
  expect(await renameCategory(id, "Gone")).toBe(false);
});
