import { expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { givenProduct } from "../../tests/setup/builders";
import { timelineOf } from "./audit.server";
import { categoriesWithCounts, createCategory, deleteCategory, renameCategory } from "./categories.server";

const OWNER = staffActor("owner@duka.test");

test("categories list in the order they were added, with how many products use each", async () => {
  const jewellery = await createCategory("Jewellery", OWNER);
  await createCategory("Baskets", OWNER);
  await givenProduct({ name: "Beaded Bangle", categoryId: jewellery });
  expect(await categoriesWithCounts()).toEqual([
    { id: jewellery, name: "Jewellery", productCount: 1, version: 1 },
    { id: expect.any(String), name: "Baskets", productCount: 0, version: 1 },
  ]);
});

test("a category in use cannot be deleted, and the message names it", async () => {
  const id = await createCategory("Sandals", OWNER);
  await givenProduct({ name: "Leather Sandal", categoryId: id });
  expect(await deleteCategory(id, OWNER)).toEqual({
    ok: false,
    message:
      'Cannot delete "Sandals" because it is currently assigned to one or more products. Please reassign products to another category before deleting.',
  });
  expect((await categoriesWithCounts()).map((c) => c.name)).toContain("Sandals");
});

test("an unused category is renamed and deleted", async () => {
  const id = await createCategory("Wraps", OWNER);
  expect(await renameCategory(id, "Head Wraps", 1, OWNER)).toBe("renamed");
  expect((await categoriesWithCounts()).find((c) => c.id === id)).toMatchObject({ name: "Head Wraps", version: 2 });
  expect(await deleteCategory(id, OWNER)).toEqual({ ok: true });
  expect((await categoriesWithCounts()).find((c) => c.id === id)).toBeUndefined();
  expect(await renameCategory(id, "Gone", 2, OWNER)).toBe("missing");
});

test("a rename from a dialog opened before a colleague's rename is refused and changes nothing", async () => {
  const id = await createCategory("Kikoys", OWNER);
  expect(await renameCategory(id, "Kikoy Wraps", 1, staffActor("dev@duka.test"))).toBe("renamed");
  expect(await renameCategory(id, "Kikois", 1, OWNER)).toBe("changed-meanwhile");
  expect((await categoriesWithCounts()).find((c) => c.id === id)?.name).toBe("Kikoy Wraps");
});

test("each change is on record: who, and the name before and after", async () => {
  const id = await createCategory("Masks", OWNER, new Date("2025-11-22T04:00:00.000Z"));
  await renameCategory(id, "Carved Masks", 1, staffActor("dev@duka.test"), new Date("2025-11-22T04:01:00.000Z"));
  await deleteCategory(id, OWNER, new Date("2025-11-22T04:02:00.000Z"));
  expect((await timelineOf("category", id)).map(({ staffEmail, action, before, after }) => ({ staffEmail, action, before, after }))).toEqual([
    { staffEmail: "owner@duka.test", action: "create", before: null, after: { name: "Masks" } },
    { staffEmail: "dev@duka.test", action: "update", before: { name: "Masks" }, after: { name: "Carved Masks" } },
    { staffEmail: "owner@duka.test", action: "delete", before: { name: "Carved Masks" }, after: null },
  ]);
});
