import { and, asc, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { checkoutProblemMessage } from "~/domain/checkout";
import { db } from "./db/database.server";
import { orderLines, orders, products, productVariants } from "./db/schema.server";
import { setOrderStatus } from "./order-admin.server";
import { placeOrder, type PlaceOrderResult } from "./orders.server";
import { writeSiteDocument } from "./site-documents.server";
import { checkoutInput, givenProduct } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// Sizes and colours that keep stock of their own (issue 22, decision 049): checkout sells exactly what each variant
// has, at its own price, and an order's stock comes out of the variant it bought.

const staff = staffActor("owner@duka.test");

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
});

const problemOf = (result: PlaceOrderResult) => (result.ok ? "placed" : checkoutProblemMessage(result.problem));
const line = (productId: string, size: string, color: string, quantity = 1) => ({ productId, size, color, quantity });

async function variantStock(productId: string): Promise<Record<string, number>> {
  const rows = await (await db())
    .select({ size: productVariants.size, color: productVariants.color, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
  return Object.fromEntries(rows.map((row) => [`${row.size}/${row.color}`, row.stock]));
}

async function productStock(productId: string): Promise<number> {
  const [row] = await (await db()).select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

const givenDress = (name: string) =>
  givenProduct({
    name,
    priceCents: 4_500_00,
    variants: [
      { size: "M", color: "Indigo", stock: 3 },
      { size: "L", color: "Indigo", stock: 5, priceCents: 5_200_00 },
      { size: "M", color: "Red", stock: 0 },
    ],
  });

test("twenty buyers of the last three units of one variant get three orders, and the other variants are untouched", async () => {
  const dress = await givenDress("Ankara Wrap Dress");

  const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder(checkoutInput([line(dress.id, "M", "Indigo")]))));

  expect(results.filter((r) => r.ok)).toHaveLength(3);
  expect(new Set(results.filter((r) => !r.ok).map(problemOf))).toEqual(
    new Set(["Ankara Wrap Dress — M, Indigo is sold out. Please remove it from your bag."]),
  );
  // L, Indigo still sells all five it has.
  const large = await placeOrder(checkoutInput([line(dress.id, "L", "Indigo", 5)]));
  expect(problemOf(large)).toBe("placed");
  expect(problemOf(await placeOrder(checkoutInput([line(dress.id, "L", "Indigo")])))).toBe(
    "Ankara Wrap Dress — L, Indigo is sold out. Please remove it from your bag.",
  );
});

test("a quantity above what a variant has is refused, naming the product and the variant", async () => {
  const dress = await givenDress("Kitenge Maxi Dress");

  expect(problemOf(await placeOrder(checkoutInput([line(dress.id, "M", "Indigo", 4)])))).toBe(
    "Only 3 of Kitenge Maxi Dress — M, Indigo left. Please lower the quantity in your bag.",
  );
  expect(problemOf(await placeOrder(checkoutInput([line(dress.id, "M", "Red")])))).toBe(
    "Kitenge Maxi Dress — M, Red is sold out. Please remove it from your bag.",
  );
  // L in Red is no combination the dress has, though it comes in L and in Red.
  expect(problemOf(await placeOrder(checkoutInput([line(dress.id, "L", "Red")])))).toBe(
    "The size or colour you chose for Kitenge Maxi Dress is no longer offered. Please choose again.",
  );
});

test("each line is sold at its variant's own price, or the product's when it has none", async () => {
  const dress = await givenDress("Dashiki Shirt Dress");

  const placed = await placeOrder(checkoutInput([line(dress.id, "M", "Indigo", 2), line(dress.id, "L", "Indigo")]));

  expect(placed.ok).toBe(true);
  const orderId = placed.ok ? placed.orderId : "";
  const lines = await (await db())
    .select({ size: orderLines.size, unitPriceCents: orderLines.unitPriceCents })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  expect(lines).toEqual([
    { size: "M", unitPriceCents: 4_500_00 },
    { size: "L", unitPriceCents: 5_200_00 },
  ]);
  const [order] = await (await db()).select({ totalCents: orders.totalCents }).from(orders).where(eq(orders.id, orderId));
  expect(order!.totalCents).toBe(2 * 4_500_00 + 5_200_00);
});

test("Delivered and Paid takes the stock from the variant bought and from the product's total, once", async () => {
  const dress = await givenDress("Ankara Peplum Top");
  const placed = await placeOrder(checkoutInput([line(dress.id, "L", "Indigo", 2)]));
  const orderId = placed.ok ? placed.orderId : "";

  expect(await setOrderStatus(orderId, { status: "Delivered", paymentStatus: "Paid" }, staff)).toMatchObject({ ok: true });
  expect(await setOrderStatus(orderId, { status: "Processing" }, staff)).toMatchObject({ ok: true });
  expect(await setOrderStatus(orderId, { status: "Delivered" }, staff)).toMatchObject({ ok: true });

  expect(await variantStock(dress.id)).toEqual({ "M/Indigo": 3, "L/Indigo": 3, "M/Red": 0 });
  expect(await productStock(dress.id)).toBe(6);
});

test("a cancelled order brought back must find its variant still available; other variants do not count", async () => {
  const dress = await givenDress("Kanga Wrap Skirt");
  const first = await placeOrder(checkoutInput([line(dress.id, "M", "Indigo", 3)]));
  const firstId = first.ok ? first.orderId : "";
  expect(await setOrderStatus(firstId, { status: "Cancelled" }, staff)).toMatchObject({ ok: true });
  expect(problemOf(await placeOrder(checkoutInput([line(dress.id, "M", "Indigo", 2)])))).toBe("placed");

  expect(await setOrderStatus(firstId, { status: "Pending Payment" }, staff)).toMatchObject({
    ok: false,
    problem: "short-of-stock",
    productName: "Kanga Wrap Skirt — M, Indigo",
    available: 1,
  });
  const [order] = await (await db())
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, firstId)));
  expect(order!.status).toBe("Cancelled");
});
