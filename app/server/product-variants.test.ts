import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { changedMeanwhileMessage } from "~/domain/edit-version";
import { VARIANTS_MISMATCH_MESSAGE } from "~/domain/product.schema";
import type { Variant } from "~/domain/variants";
import { givenOrder } from "../../tests/setup/builders";
import { productInput } from "../../tests/setup/product-input";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";
import { timelineOf } from "./audit.server";
import { db } from "./db/database.server";
import { products, productVariants } from "./db/schema.server";
import { setOrderStatus } from "./order-admin.server";
import { createProduct, type ProductForEdit, productForEdit, saveProductForm } from "./products.server";
import { writeSiteDocument } from "./site-documents.server";

// The product form's variants and compare-at price (issue 22, decisions 031 and 049), saved through the form's own
// path: what is posted, what is stored, and what a save may and may not overwrite.

const STAFF = staffActor("owner@duka.test");
const CHANGED = changedMeanwhileMessage("product");

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
});

const variant = (size: string, color: string, stock: number, changes: Partial<Variant> = {}): Variant => ({
  size,
  color,
  stock,
  priceCents: null,
  compareAtCents: null,
  sku: "",
  ...changes,
});

/** An Ankara wrap dress in M and L, Indigo and Red, keeping stock per variant. */
async function givenDress(
  variants = [variant("M", "Indigo", 3), variant("M", "Red", 2), variant("L", "Indigo", 1), variant("L", "Red", 4)],
) {
  const result = await createProduct(
    productInput({
      name: "Ankara Wrap Dress",
      priceCents: 4_500_00,
      sizes: [...new Set(variants.map((v) => v.size))],
      colors: [...new Set(variants.map((v) => v.color))],
      variants: variants.map((v) => ({ ...v, stockWas: null })),
    }),
    STAFF,
  );
  if (!result.ok) throw new Error(result.problem);
  return result.id;
}

const opened = async (id: string) => (await productForEdit(id))!;

/** The form as a browser posts it, from what it was loaded with; `rows` are the grid's rows (default: as loaded). */
function formFor(loaded: ProductForEdit, changes: Record<string, string> = {}, rows: Record<string, string>[] = gridOf(loaded)): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    name: loaded.name,
    price: String(loaded.priceCents / 100),
    compareAt: loaded.compareAtCents === null ? "" : String(loaded.compareAtCents / 100),
    stock: String(loaded.stock),
    categoryId: loaded.categoryId ?? "",
    description: loaded.description,
    details: loaded.details.join(", "),
    sizes: loaded.sizes.join(", "),
    colors: loaded.colors.join(", "),
    material: loaded.material,
    culturalInspiration: loaded.culturalInspiration,
    ...(loaded.isBestseller && { isBestseller: "true" }),
    ...(loaded.isNewArrival && { isNewArrival: "true" }),
    isVisible: String(loaded.isVisible),
    images: loaded.images.join("\n"),
    version: String(loaded.version),
    stockWas: String(loaded.stock),
    ...(rows.length > 0 && { tracksVariants: "true" }),
    ...changes,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  rows.forEach((row, index) => {
    for (const [name, value] of Object.entries(row)) form.append(`variants.${index}.${name}`, value);
  });
  return form;
}

/** The grid's rows as the form shows them for a loaded product. */
function gridOf(loaded: ProductForEdit): Record<string, string>[] {
  const money = (cents: number | null) => (cents === null ? "" : String(cents / 100));
  return loaded.variants.map((v) => ({
    size: v.size,
    color: v.color,
    stock: String(v.stock),
    stockWas: String(v.stock),
    price: money(v.priceCents),
    compareAt: money(v.compareAtCents),
    sku: v.sku,
  }));
}

/** The grid with one row changed. */
const changedRow = (loaded: ProductForEdit, size: string, color: string, changes: Record<string, string>) =>
  gridOf(loaded).map((row) => (row.size === size && row.color === color ? { ...row, ...changes } : row));

const stored = async (id: string) => {
  const database = await db();
  const [product] = await database.select({ stock: products.stock, version: products.version }).from(products).where(eq(products.id, id));
  const variants = await database
    .select({ size: productVariants.size, color: productVariants.color, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(productVariants.position);
  return { ...product!, variants: variants.map((v) => `${v.size}/${v.color}: ${v.stock}`) };
};

/** An order of `quantity` of one variant, delivered and paid: it takes the stock from that variant. */
async function sold(productId: string, size: string, color: string, quantity: number) {
  const order = await givenOrder({ lines: [{ productId, size, color, quantity }] });
  const result = await setOrderStatus(order.id, { status: "Delivered", paymentStatus: "Paid" }, STAFF);
  if (!result.ok) throw new Error(`not delivered: ${JSON.stringify(result)}`);
}

test("a product created from the form keeps a stock per size and colour, its total as the product's stock", async () => {
  const form = new FormData();
  const fields = {
    name: "Kitenge Shirt",
    price: "2900",
    compareAt: "3,500",
    stock: "99",
    sizes: "M, L",
    colors: "Indigo",
    images: "/uploads/shirt.webp",
    tracksVariants: "true",
    "variants.0.size": "M",
    "variants.0.color": "Indigo",
    "variants.0.stock": "3",
    "variants.0.price": "",
    "variants.0.sku": "KS-M",
    "variants.1.size": "L",
    "variants.1.color": "Indigo",
    "variants.1.stock": "5",
    "variants.1.price": "3100",
    "variants.1.compareAt": "3600",
    "variants.1.sku": "KS-L",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);

  expect(await saveProductForm(form, null, STAFF)).toEqual({ status: 200, answer: { saved: true, errors: {}, skippedUrls: false } });

  const [row] = await (await db()).select({ id: products.id }).from(products).where(eq(products.name, "Kitenge Shirt"));
  const product = await opened(row!.id);
  expect(product).toMatchObject({ priceCents: 2_900_00, compareAtCents: 3_500_00, stock: 8 });
  expect(product.variants).toEqual([
    variant("M", "Indigo", 3, { sku: "KS-M" }),
    variant("L", "Indigo", 5, { priceCents: 3_100_00, compareAtCents: 3_600_00, sku: "KS-L" }),
  ]);
  expect((await stored(row!.id)).stock).toBe(8);
  const [created] = await timelineOf("product", row!.id);
  expect(created!.after).toMatchObject({ stock: 8, "Stock (M, Indigo)": 3, "Price (L, Indigo)": "KSH 3,100", "SKU (L, Indigo)": "KS-L" });
});

test("editing variants' prices, compare-at prices and SKUs saves them, keeps their stock, and logs them readably", async () => {
  const id = await givenDress();
  const loaded = await opened(id);
  const rows = changedRow(loaded, "M", "Red", { price: "4800", compareAt: "5200", sku: "AWD-M-RED" });

  const { status } = await saveProductForm(formFor(loaded, { compareAt: "5000" }, rows), id, STAFF);

  expect(status).toBe(200);
  const saved = await opened(id);
  expect(saved).toMatchObject({ compareAtCents: 5_000_00, stock: 10, version: loaded.version + 1 });
  expect(saved.variants[1]).toEqual(variant("M", "Red", 2, { priceCents: 4_800_00, compareAtCents: 5_200_00, sku: "AWD-M-RED" }));
  const update = (await timelineOf("product", id)).find((entry) => entry.action === "update")!;
  expect(update.before).toEqual({ compareAtCents: null, "Price (M, Red)": null, "Compare-at price (M, Red)": null, "SKU (M, Red)": "" });
  expect(update.after).toEqual({
    compareAtCents: 5_000_00,
    "Price (M, Red)": "KSH 4,800",
    "Compare-at price (M, Red)": "KSH 5,200",
    "SKU (M, Red)": "AWD-M-RED",
  });
});

test("clearing a variant's price gives it the product's price again", async () => {
  const id = await givenDress([variant("M", "Indigo", 3, { priceCents: 4_800_00, compareAtCents: 5_000_00 })]);
  const loaded = await opened(id);

  await saveProductForm(formFor(loaded, {}, changedRow(loaded, "M", "Indigo", { price: "", compareAt: "" })), id, STAFF);

  expect((await opened(id)).variants).toEqual([variant("M", "Indigo", 3)]);
});

describe("version checks cover variants (decision 031)", () => {
  test("a save from a form opened before a colleague's save is refused, and nothing is written", async () => {
    const id = await givenDress();
    const mine = await opened(id);
    const theirs = await opened(id);
    expect((await saveProductForm(formFor(theirs, {}, changedRow(theirs, "L", "Red", { sku: "THEIRS" })), id, STAFF)).status).toBe(200);

    const refused = await saveProductForm(formFor(mine, {}, changedRow(mine, "M", "Indigo", { price: "5000", stock: "7" })), id, STAFF);

    expect(refused).toEqual({ status: 409, answer: { saved: false, errors: { form: CHANGED }, skippedUrls: false } });
    const now = await opened(id);
    expect(now.variants.map((v) => [v.size, v.color, v.stock, v.priceCents, v.sku])).toEqual([
      ["M", "Indigo", 3, null, ""],
      ["M", "Red", 2, null, ""],
      ["L", "Indigo", 1, null, ""],
      ["L", "Red", 4, null, "THEIRS"],
    ]);
  });

  test("a variant's stock typed over stock an order took from it meanwhile is refused, and nothing is written", async () => {
    const id = await givenDress();
    const loaded = await opened(id);
    await sold(id, "M", "Indigo", 2);

    const refused = await saveProductForm(
      formFor(loaded, { name: "Ankara Dress" }, changedRow(loaded, "M", "Indigo", { stock: "6" })),
      id,
      STAFF,
    );

    expect(refused.status).toBe(409);
    expect(refused.answer.errors).toEqual({ form: CHANGED });
    expect(await stored(id)).toEqual({
      stock: 8,
      version: loaded.version,
      variants: ["M/Indigo: 1", "M/Red: 2", "L/Indigo: 1", "L/Red: 4"],
    });
    expect((await opened(id)).name).toBe("Ankara Wrap Dress");
  });

  test("a save that leaves that variant's stock alone keeps what the order left: it never puts stock back", async () => {
    const id = await givenDress();
    const loaded = await opened(id);
    await sold(id, "M", "Indigo", 2);

    // The form still shows M, Indigo at 3; another variant's stock and the price are changed.
    const rows = changedRow(loaded, "L", "Red", { stock: "9" });
    const { status } = await saveProductForm(formFor(loaded, { price: "4700" }, rows), id, STAFF);

    expect(status).toBe(200);
    expect(await stored(id)).toEqual({
      stock: 13,
      version: loaded.version + 1,
      variants: ["M/Indigo: 1", "M/Red: 2", "L/Indigo: 1", "L/Red: 9"],
    });
  });
});

describe("switching stock per variant on and off", () => {
  test("turning it off deletes the rows; the product keeps its variants' total", async () => {
    const id = await givenDress();
    const loaded = await opened(id);

    const { status } = await saveProductForm(formFor(loaded, { stock: "10" }, []), id, STAFF);

    expect(status).toBe(200);
    expect(await stored(id)).toMatchObject({ stock: 10, variants: [] });
    expect(await opened(id)).toMatchObject({ stock: 10, variants: [], sizes: ["M", "L"], colors: ["Indigo", "Red"] });
  });

  test("turning it off with a stock typed keeps the stock typed", async () => {
    const id = await givenDress();
    const { status } = await saveProductForm(formFor(await opened(id), { stock: "25" }, []), id, STAFF);
    expect(status).toBe(200);
    expect(await stored(id)).toMatchObject({ stock: 25, variants: [] });
  });

  test("turning it off after an order took stock keeps what the order left", async () => {
    const id = await givenDress();
    const loaded = await opened(id);
    await sold(id, "L", "Red", 3);

    expect((await saveProductForm(formFor(loaded, { stock: "10" }, []), id, STAFF)).status).toBe(200);
    expect(await stored(id)).toMatchObject({ stock: 7, variants: [] });
  });

  test("turning it on replaces the product's stock with its variants' total", async () => {
    const created = await createProduct(productInput({ name: "Maasai Shuka", sizes: ["S", "M"], colors: [], stock: 10 }), STAFF);
    if (!created.ok) throw new Error(created.problem);
    const loaded = await opened(created.id);
    const rows = [
      { size: "S", color: "", stock: "4", price: "", compareAt: "", sku: "" },
      { size: "M", color: "", stock: "2", price: "3900", compareAt: "", sku: "SHUKA-M" },
    ];

    const { status } = await saveProductForm(formFor(loaded, { stock: "6" }, rows), created.id, STAFF);

    expect(status).toBe(200);
    expect(await stored(created.id)).toMatchObject({ stock: 6, variants: ["S/: 4", "M/: 2"] });
    expect((await opened(created.id)).variants[1]).toEqual(variant("M", "", 2, { priceCents: 3_900_00, sku: "SHUKA-M" }));
  });
});

test("removing a size deletes its rows with their stock, the total follows, and the log keeps what they held", async () => {
  const id = await givenDress();
  const loaded = await opened(id);
  const rows = gridOf(loaded).filter((row) => row.size !== "L");

  const { status } = await saveProductForm(formFor(loaded, { sizes: "M" }, rows), id, STAFF);

  expect(status).toBe(200);
  expect(await stored(id)).toMatchObject({ stock: 5, variants: ["M/Indigo: 3", "M/Red: 2"] });
  const update = (await timelineOf("product", id)).find((entry) => entry.action === "update")!;
  expect(update.before).toMatchObject({ sizes: ["M", "L"], stock: 10, "Stock (L, Indigo)": 1, "Stock (L, Red)": 4 });
  expect(update.after).toMatchObject({ sizes: ["M"], stock: 5, "Stock (L, Indigo)": null, "Stock (L, Red)": null });
});

test("adding a colour adds its rows, starting from the stock typed for them", async () => {
  const id = await givenDress([variant("M", "Indigo", 3)]);
  const loaded = await opened(id);
  const rows = [...gridOf(loaded), { size: "M", color: "Gold", stock: "2", price: "", compareAt: "", sku: "" }];

  expect((await saveProductForm(formFor(loaded, { colors: "Indigo, Gold" }, rows), id, STAFF)).status).toBe(200);
  expect(await stored(id)).toMatchObject({ stock: 5, variants: ["M/Indigo: 3", "M/Gold: 2"] });
});

test("a tampered form cannot add a combination the product does not offer, or leave one out", async () => {
  const id = await givenDress();
  const loaded = await opened(id);
  const extra = [...gridOf(loaded), { size: "XL", color: "Gold", stock: "50", price: "1", compareAt: "", sku: "" }];

  for (const rows of [extra, gridOf(loaded).slice(1)]) {
    const refused = await saveProductForm(formFor(loaded, {}, rows), id, STAFF);
    expect(refused).toEqual({ status: 400, answer: { saved: false, errors: { variants: VARIANTS_MISMATCH_MESSAGE }, skippedUrls: false } });
  }
  expect(await stored(id)).toMatchObject({ stock: 10, version: loaded.version });
});

test("a bad value in a row is refused beside its field, and nothing is written", async () => {
  const id = await givenDress();
  const loaded = await opened(id);

  const refused = await saveProductForm(
    formFor(loaded, {}, changedRow(loaded, "L", "Indigo", { price: "0", sku: "x".repeat(101) })),
    id,
    STAFF,
  );

  expect(refused.status).toBe(400);
  expect(refused.answer.errors).toEqual({
    "variants.2.price": "Please enter a price above 0, or leave it blank to use the product's price.",
    "variants.2.sku": "Please keep the SKU to 100 characters or fewer.",
  });
  expect((await stored(id)).version).toBe(loaded.version);
});
