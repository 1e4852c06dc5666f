import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { secondConnection } from "../../tests/setup/fresh-database";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { staffActor } from "~/domain/audit";
import { REQUIRED_FIELDS_MESSAGE, SAVE_FAILED_MESSAGE } from "~/domain/product";
import type { ProductInput } from "~/domain/product.schema";
import { productBySlug } from "./catalogue.server";
import { createCategory, deleteCategory } from "./categories.server";
import type { Database } from "./db/client.server";
import { db, shopDatabase } from "./db/database.server";
import { timelineOf } from "./audit.server";
import { auditLog, products, productSlugHistory } from "./db/schema.server";
import { type ShopEvent, subscribe } from "./events.server";
import { log } from "./log.server";
import { orderById } from "./orders.server";
import {
  createProduct,
  deleteProduct,
  productForEdit,
  productsForAdmin,
  saveProductForm,
  setProductVisibility,
  updateProduct,
} from "./products.server";
import { writeSiteDocument } from "./site-documents.server";
import { givenOrder, givenProduct } from "../../tests/setup/builders";
import { productInput } from "../../tests/setup/product-input";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

const NOW = new Date("2025-11-22T04:00:00.000Z");
let dresses: string;

beforeAll(async () => {
  dresses = await createCategory("Dresses", STAFF);
  await writeSiteDocument("settings", mpesaShopSettings());
});

const product = (changes: Partial<ProductInput> = {}): ProductInput => productInput({ categoryId: dresses, ...changes });

const STAFF = staffActor("owner@duka.test");

/** Saves an edit as a form freshly loaded from the product would. */
async function edit(id: string, input: ProductInput, now = new Date()) {
  const loaded = await productForEdit(id);
  return updateProduct(id, input, { version: loaded?.version ?? 1, stockWas: loaded?.stock ?? 0 }, STAFF, now);
}

async function created(changes: Partial<ProductInput> = {}, now = NOW) {
  const result = await createProduct(product(changes), STAFF, now);
  if (!result.ok) throw new Error(`not created: ${result.problem}`);
  return result;
}

/** The "products" events announced while `write` runs. */
async function announced(write: () => Promise<unknown>): Promise<ShopEvent[]> {
  const received: ShopEvent[] = [];
  const unsubscribe = await subscribe(["products"], (event) => received.push(event));
  // Earlier writes' announcements may still be on their way (PostgreSQL delivers them on its own connection):
  // they are in order, so once a witness written now has arrived, everything before it has too.
  const before = await created({ name: `Witness ${randomUUID()}` }, new Date());
  await vi.waitFor(() => expect(received.map((e) => e.id)).toContain(before.id));
  received.length = 0;
  await write();
  // A later event proves delivery has caught up.
  const witness = await created({ name: `Witness ${randomUUID()}` }, new Date());
  await vi.waitFor(() => expect(received.map((e) => e.id)).toContain(witness.id));
  unsubscribe();
  return received.filter((e) => e.id !== witness.id);
}

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

test("a new product gets a timestamp slug, an AFB-NEW SKU, no rating yet, and is announced", async () => {
  let result: Awaited<ReturnType<typeof created>> | undefined;
  const events = await announced(async () => (result = await created({ name: "Ankara Wrap Top" })));

  expect(result!.slug).toBe("ankara-wrap-top-1763784000000");
  const [row] = await (await db()).select().from(products).where(eq(products.id, result!.id));
  expect(row).toMatchObject({
    ...product({ name: "Ankara Wrap Top" }),
    slug: "ankara-wrap-top-1763784000000",
    sku: "AFB-NEW-1763784000000",
    rating: 0,
    reviewCount: 0,
    createdAt: NOW,
  });
  expect(events).toEqual([{ topic: "products", id: result!.id }]);
  expect(await productForEdit(result!.id)).toEqual({
    ...product({ name: "Ankara Wrap Top" }),
    id: result!.id,
    sku: "AFB-NEW-1763784000000",
    slug: "ankara-wrap-top-1763784000000",
    version: 1,
    compareAtCents: null,
    variants: [],
  });
});

test("two products of the same name saved in the same millisecond both get in, a millisecond apart", async () => {
  const at = new Date("2025-11-23T10:00:00.000Z");
  const results = await Promise.all([created({ name: "Twin Basket" }, at), created({ name: "Twin Basket" }, at)]);
  expect(results.map((r) => r.slug).sort()).toEqual(["twin-basket-1763892000000", "twin-basket-1763892000001"]);
  const skus = await Promise.all(results.map(async (r) => (await productForEdit(r.id))!.sku));
  expect(skus.sort()).toEqual(["AFB-NEW-1763892000000", "AFB-NEW-1763892000001"]);
});

test("the list shows hidden products too, searches names ignoring case, and says when a product has no category", async () => {
  const hidden = await created({ name: "Hidden Sisal Bag", isVisible: false, categoryId: null, images: ["/uploads/sisal.webp"] });
  await created({ name: "Beaded SISAL Coaster" });
  await created({ name: "Leather Sandal" });

  const found = await productsForAdmin("  sisal ");

  expect(found.map((p) => p.name).sort()).toEqual(["Beaded SISAL Coaster", "Hidden Sisal Bag"]);
  expect(found.find((p) => p.id === hidden.id)).toEqual({
    id: hidden.id,
    name: "Hidden Sisal Bag",
    image: "/uploads/sisal.webp",
    categoryName: null,
    priceCents: 3_500_50,
    stock: 12,
    isVisible: false,
  });
  expect((await productsForAdmin("sandal"))[0]).toMatchObject({
    name: "Leather Sandal",
    categoryName: "Dresses",
    image: "/uploads/kitenge-1.webp",
  });
  expect(await productsForAdmin("no such thing")).toEqual([]);
  expect(await productsForAdmin("50%")).toEqual([]);
  expect((await productsForAdmin("")).length).toBeGreaterThanOrEqual(3);
});

test("an update saves the whole edited product and rebuilds the slug from the name and the id", async () => {
  const { id } = await created({ name: "Kikoi Beach Wrap" });
  const { sku } = (await productForEdit(id))!;
  const edited = product({
    name: "Kikoi Beach Wrap (Large)",
    categoryId: null,
    priceCents: 2_000_00,
    stock: 0,
    description: "Wider.",
    details: [],
    sizes: ["One Size"],
    colors: [],
    material: "",
    culturalInspiration: "Coast",
    isBestseller: false,
    isNewArrival: true,
    isVisible: false,
    images: ["https://example.com/kikoi-2.jpg", "/uploads/kitenge-1.webp"],
  });

  let result: Awaited<ReturnType<typeof updateProduct>> | undefined;
  const events = await announced(async () => (result = await edit(id, edited, new Date("2025-12-01T00:00:00Z"))));

  expect(result).toEqual({ ok: true, id, slug: `kikoi-beach-wrap-large-${id}` });
  expect(await productForEdit(id)).toEqual({
    ...edited,
    id,
    sku,
    slug: `kikoi-beach-wrap-large-${id}`,
    version: 2,
    compareAtCents: null,
    variants: [],
  });
  const [row] = await (await db()).select().from(products).where(eq(products.id, id));
  expect(row).toMatchObject({ rating: 0, reviewCount: 0, createdAt: NOW, updatedAt: new Date("2025-12-01T00:00:00Z") });
  expect(events).toEqual([{ topic: "products", id }]);
});

test("after a rename every earlier address answers with the new one, and a name taken back is live again", async () => {
  const { id, slug: first } = await created({ name: "Kanga Head Wrap" });
  const renamed = async (name: string) => {
    const result = await edit(id, product({ name }));
    if (!result.ok) throw new Error(result.problem);
    return result.slug;
  };

  const second = await renamed("Kanga Cotton Head Wrap");
  expect(second).toBe(`kanga-cotton-head-wrap-${id}`);
  expect(await productBySlug(first)).toEqual({ kind: "moved", slug: second });
  expect(await productBySlug(second)).toMatchObject({ kind: "found", product: { id, name: "Kanga Cotton Head Wrap" } });

  const third = await renamed("Kanga Silk Head Wrap");
  expect(await productBySlug(first)).toEqual({ kind: "moved", slug: third });
  expect(await productBySlug(second)).toEqual({ kind: "moved", slug: third });

  // Saving without a rename keeps the address; taking an earlier name back makes that address live again.
  expect(await renamed("Kanga Silk Head Wrap")).toBe(third);
  expect(await renamed("Kanga Cotton Head Wrap")).toBe(second);
  expect(await productBySlug(second)).toMatchObject({ kind: "found", product: { id } });
  expect(await productBySlug(third)).toEqual({ kind: "moved", slug: second });
  expect(await productBySlug(first)).toEqual({ kind: "moved", slug: second });
  const history = await (
    await db()
  )
    .select({ slug: productSlugHistory.slug })
    .from(productSlugHistory)
    .where(eq(productSlugHistory.productId, id));
  expect(history.map((h) => h.slug).sort()).toEqual([first, third].sort());
});

test("a hidden product's old address does not reveal it", async () => {
  const { id, slug } = await created({ name: "Quiet Kiondo" });
  await edit(id, product({ name: "Quiet Kiondo Basket", isVisible: false }));
  expect(await productBySlug(slug)).toEqual({ kind: "missing" });
});

test("a new product whose slug was once another's takes it over: the live product wins", async () => {
  const { id: older } = await created({ name: "Adinkra Cushion" });
  const at = new Date("2025-11-24T08:00:00.000Z");
  await (await db()).insert(productSlugHistory).values({ slug: "bogolan-throw-1763971200000", productId: older });

  const { id, slug } = await created({ name: "Bogolan Throw" }, at);

  expect(slug).toBe("bogolan-throw-1763971200000");
  expect(await productBySlug(slug)).toMatchObject({ kind: "found", product: { id } });
  expect(await (await db()).select().from(productSlugHistory).where(eq(productSlugHistory.slug, slug))).toEqual([]);
});

test("saving a product that was deleted meanwhile fails and writes nothing", async () => {
  const { id } = await created({ name: "Vanishing Scarf" });
  await deleteProduct(id, STAFF);

  expect(await edit(id, product())).toEqual({ ok: false, problem: "missing-product" });
  expect(await productForEdit(id)).toBeUndefined();
  const form = formOf({ name: "Vanishing Scarf", price: "10", images: "https://example.com/s.jpg", version: "1", stockWas: "12" });
  expect(await saveProductForm(form, id, STAFF)).toEqual({
    status: 404,
    answer: { saved: false, errors: { form: SAVE_FAILED_MESSAGE }, skippedUrls: false },
  });
});

test("a category deleted meanwhile fails the save", async () => {
  const gone = await createCategory("Gone Soon", STAFF);
  await deleteCategory(gone, STAFF);
  const before = (await productsForAdmin()).length;

  expect(await createProduct(product({ categoryId: gone }), STAFF)).toEqual({ ok: false, problem: "missing-category" });
  const form = formOf({ name: "Orphan Mat", price: "10", categoryId: gone, images: "https://example.com/m.jpg" });
  expect(await saveProductForm(form, null, STAFF)).toEqual({
    status: 409,
    answer: { saved: false, errors: { form: SAVE_FAILED_MESSAGE }, skippedUrls: false },
  });
  expect((await productsForAdmin()).length).toBe(before);
});

test("when the database refuses a save, the form is told it failed and the product is unchanged", async () => {
  const { id } = await created({ name: "Maasai Shuka" });
  // An address that is already another product's (e.g. from imported data) makes the unique index refuse.
  await givenProduct({ name: "Imported", slug: `maasai-blanket-${id}` });
  const logged = vi.spyOn(log(), "error");

  const form = formOf({ name: "Maasai Blanket", price: "99", images: "https://example.com/b.jpg", version: "1", stockWas: "0" });
  const { status, answer } = await saveProductForm(form, id, STAFF);

  expect(status).toBe(500);
  expect(answer).toEqual({ saved: false, errors: { form: SAVE_FAILED_MESSAGE }, skippedUrls: false });
  expect(logged).toHaveBeenCalledWith({ err: expect.any(Error) }, "Saving a product failed.");
  logged.mockRestore();
  expect(await productForEdit(id)).toMatchObject({ name: "Maasai Shuka" });
});

test("the form's save: bad input gets the form's messages, good input is saved with pasted URLs after the list", async () => {
  expect(await saveProductForm(formOf({ name: " ", price: "0", imageUrls: "not a url" }), null, STAFF)).toEqual({
    status: 400,
    answer: {
      saved: false,
      errors: { name: REQUIRED_FIELDS_MESSAGE, price: REQUIRED_FIELDS_MESSAGE, images: REQUIRED_FIELDS_MESSAGE },
      skippedUrls: true,
    },
  });

  const form = formOf({
    name: "Kiondo Market Basket",
    categoryId: dresses,
    price: "1,250.50",
    stock: "4",
    description: "Woven by hand.",
    details: "Leather straps, , Lined,",
    sizes: "Small, Large",
    colors: "Natural,",
    material: "Sisal",
    culturalInspiration: "Kamba",
    isBestseller: "true",
    isVisible: "true",
    images: "/uploads/kiondo-1.webp",
    imageUrls: "https://example.com/kiondo-2.jpg\nnope",
  });
  expect(await saveProductForm(form, null, STAFF, NOW)).toEqual({ status: 200, answer: { saved: true, errors: {}, skippedUrls: true } });

  const [row] = await productsForAdmin("kiondo market");
  expect(await productForEdit(row!.id)).toMatchObject({
    name: "Kiondo Market Basket",
    priceCents: 1_250_50,
    stock: 4,
    details: ["Leather straps", "Lined"],
    sizes: ["Small", "Large"],
    colors: ["Natural"],
    isBestseller: true,
    isNewArrival: false,
    isVisible: true,
    images: ["/uploads/kiondo-1.webp", "https://example.com/kiondo-2.jpg"],
  });
});

test("the switch hides a product from the shop and shows it again; a missing product is reported", async () => {
  const { id, slug } = await created({ name: "Kente Stole" });

  const events = await announced(async () => expect(await setProductVisibility(id, false, STAFF)).toBe(true));
  expect(events).toEqual([{ topic: "products", id }]);
  expect(await productBySlug(slug)).toEqual({ kind: "missing" });
  expect((await productsForAdmin("kente stole"))[0]!.isVisible).toBe(false);

  expect(await setProductVisibility(id, true, STAFF)).toBe(true);
  expect(await productBySlug(slug)).toMatchObject({ kind: "found" });
  expect(await setProductVisibility("nosuchproduct", true, STAFF)).toBe(false);
});

test("a product in orders can be deleted: the orders keep what was bought, its old addresses go too", async () => {
  const { id, slug } = await created({ name: "Kitenge Shirt", priceCents: 2_900_00, stock: 5, images: ["/uploads/shirt.webp"] });
  await edit(id, product({ name: "Kitenge Shirt", priceCents: 2_900_00, stock: 5, images: ["/uploads/shirt.webp"] }));
  const placed = await givenOrder({ lines: [{ productId: id, size: "M", color: "Blue", quantity: 2 }] });

  const events = await announced(() => deleteProduct(id, STAFF));

  expect(events).toEqual([{ topic: "products", id }]);
  expect(await productForEdit(id)).toBeUndefined();
  expect(await productBySlug(slug)).toEqual({ kind: "missing" });
  expect(await (await db()).select().from(productSlugHistory).where(eq(productSlugHistory.productId, id))).toEqual([]);
  const order = await orderById(placed.id);
  expect(order!.lines).toEqual([
    {
      productId: null,
      name: "Kitenge Shirt",
      image: "/uploads/shirt.webp",
      unitPriceCents: 2_900_00,
      size: "M",
      color: "Blue",
      quantity: 2,
    },
  ]);
  expect(order!.totalCents).toBe(5_800_00);
  // Deleting it again is harmless.
  await expect(deleteProduct(id, STAFF)).resolves.toBeUndefined();
});

describe("two staff members editing one product (decision 031)", () => {
  const CHANGED = "This product was changed by someone else since you opened it. Your changes are still in the form; reload to see theirs.";
  const formFor = (loaded: NonNullable<Awaited<ReturnType<typeof productForEdit>>>, changes: Record<string, string>) =>
    formOf({
      name: loaded.name,
      price: String(loaded.priceCents / 100),
      stock: String(loaded.stock),
      images: loaded.images.join("\n"),
      version: String(loaded.version),
      stockWas: String(loaded.stock),
      ...changes,
    });

  test("a typo fix saved after an order took stock keeps the stock the order left", async () => {
    const { id } = await created({ name: "Kiondo Sisal Handbag", stock: 5 });
    const opened = (await productForEdit(id))!;
    // Meanwhile an order takes 2 units (Delivered + Paid).
    await (await db()).update(products).set({ stock: 3 }).where(eq(products.id, id));

    const { status, answer } = await saveProductForm(formFor(opened, { name: "Kiondo Sisal Hand Bag" }), id, STAFF);

    expect(status).toBe(200);
    expect(answer.saved).toBe(true);
    expect(await productForEdit(id)).toMatchObject({ name: "Kiondo Sisal Hand Bag", stock: 3 });
  });

  test("a stock typed over a stock that changed meanwhile is refused, and nothing is written", async () => {
    const { id } = await created({ name: "Beaded Choker", stock: 5 });
    const opened = (await productForEdit(id))!;
    await (await db()).update(products).set({ stock: 3 }).where(eq(products.id, id));

    const { status, answer } = await saveProductForm(formFor(opened, { name: "Beaded Collar", stock: "9" }), id, STAFF);

    expect(status).toBe(409);
    expect(answer.errors).toEqual({ form: CHANGED });
    expect(await productForEdit(id)).toMatchObject({ name: "Beaded Choker", stock: 3 });
  });

  test("the second of two saves from forms opened together is refused with the message; the first stands", async () => {
    const { id } = await created({ name: "Maasai Beaded Sandals", stock: 7 });
    const first = (await productForEdit(id))!;
    const second = (await productForEdit(id))!;

    expect((await saveProductForm(formFor(first, { price: "4200" }), id, STAFF)).status).toBe(200);
    const refused = await saveProductForm(formFor(second, { name: "Maasai Sandals" }), id, staffActor("dev@duka.test"));

    expect(refused).toEqual({ status: 409, answer: { saved: false, errors: { form: CHANGED }, skippedUrls: false } });
    expect(await productForEdit(id)).toMatchObject({ name: "Maasai Beaded Sandals", priceCents: 4_200_00, version: 2 });
  });

  test("hiding a product from the list makes an open form's save stale", async () => {
    const { id } = await created({ name: "Kanga Tote" });
    const opened = (await productForEdit(id))!;
    await setProductVisibility(id, false, STAFF);

    expect((await saveProductForm(formFor(opened, { name: "Kanga Tote Bag" }), id, STAFF)).status).toBe(409);
    expect(await productForEdit(id)).toMatchObject({ name: "Kanga Tote", isVisible: false });
  });

  test("twenty saves from forms opened together, on two app processes at once: exactly one is saved", async () => {
    const { id } = await created({ name: "Ankara Bomber Jacket", stock: 8 });
    const opened = (await productForEdit(id))!;
    // On PostgreSQL a second pool stands for a second app process; PGlite has one connection only.
    const shop: { db: Database; url?: string } = await shopDatabase();
    const other = (await secondConnection(shop))?.db ?? shop.db;

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        updateProduct(id, product({ name: `Ankara Bomber ${i}`, stock: 8 }), { version: opened.version, stockWas: 8 }, STAFF, new Date(), i % 2 ? other : shop.db),
      ),
    );

    const saved = results.filter((r) => r.ok);
    expect(saved).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.problem === "changed-meanwhile")).toBe(true);
    expect((await productForEdit(id))!.version).toBe(opened.version + 1);
    expect((await timelineOf("product", id)).filter((entry) => entry.action === "update")).toHaveLength(1);
  });

  test("a form without the version it was loaded from is refused as bad input", async () => {
    const { id } = await created({ name: "Soapstone Bowl" });
    const { status } = await saveProductForm(formOf({ name: "Soapstone Dish", price: "10", images: "https://example.com/s.jpg" }), id, STAFF);
    expect(status).toBe(400);
  });
});

describe("the activity log of products", () => {
  test("creating, editing, hiding and deleting are each recorded with who, when and the fields that changed", async () => {
    const { id } = await created({ name: "Tinga Tinga Print", stock: 4 }, new Date("2025-11-22T05:00:00.000Z"));
    await edit(id, product({ name: "Tinga Tinga Canvas", stock: 6 }), new Date("2025-11-22T06:00:00.000Z"));
    await setProductVisibility(id, false, staffActor("dev@duka.test"), new Date("2025-11-22T07:00:00.000Z"));
    await deleteProduct(id, STAFF, new Date("2025-11-22T08:00:00.000Z"));

    const timeline = await timelineOf("product", id);
    expect(timeline.map(({ action, staffEmail, at }) => ({ action, staffEmail, at }))).toEqual([
      { action: "create", staffEmail: "owner@duka.test", at: new Date("2025-11-22T05:00:00.000Z") },
      { action: "update", staffEmail: "owner@duka.test", at: new Date("2025-11-22T06:00:00.000Z") },
      { action: "update", staffEmail: "dev@duka.test", at: new Date("2025-11-22T07:00:00.000Z") },
      { action: "delete", staffEmail: "owner@duka.test", at: new Date("2025-11-22T08:00:00.000Z") },
    ]);
    expect(timeline[1]).toMatchObject({ before: { name: "Tinga Tinga Print", stock: 4 }, after: { name: "Tinga Tinga Canvas", stock: 6 } });
    expect(timeline[2]).toMatchObject({ before: { isVisible: true }, after: { isVisible: false } });
    expect(timeline[3]).toMatchObject({ before: { name: "Tinga Tinga Canvas" }, after: null });
  });

  test("a save that changes nothing adds no entry, and a refused save adds none either", async () => {
    const { id } = await created({ name: "Batik Wall Hanging" });
    await edit(id, product({ name: "Batik Wall Hanging" }));
    const opened = (await productForEdit(id))!;
    await edit(id, product({ name: "Batik Hanging" }));
    await updateProduct(id, product({ name: "Batik Art" }), { version: opened.version, stockWas: opened.stock }, STAFF);

    expect((await timelineOf("product", id)).map((entry) => entry.action)).toEqual(["create", "update"]);
  });

  test("entries are never changed or deleted, even by a direct statement", async () => {
    const { id } = await created({ name: "Kisii Stone Candle" });
    const database = await db();
    await expect(database.update(auditLog).set({ staffEmail: "someone@else.test" }).where(eq(auditLog.entityId, id))).rejects.toThrow();
    await expect(database.delete(auditLog).where(eq(auditLog.entityId, id))).rejects.toThrow();
    expect(await timelineOf("product", id)).toHaveLength(1);
  });
});
