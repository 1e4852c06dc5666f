import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import type { BagLine } from "~/domain/bag";
import { checkoutProblemMessage } from "~/domain/checkout";
import { action as checkoutAction } from "~/routes/shop/checkout";
import { productBySlug, productsForBag } from "./catalogue.server";
import { db } from "./db/database.server";
import { orderLines, orders, products } from "./db/schema.server";
import { orderById, orderPayment, placeOrder, type PlaceOrderResult } from "./orders.server";
import { writeSiteDocument } from "./site-documents.server";
import { checkoutInput, givenProduct, type ProductRow } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings({
    paymentMethods: [
      {
        id: "method-mpesa",
        name: "M-Pesa",
        enabled: true,
        instructions: "Pay to the paybill with {{ORDER_ID}} as the account.",
        ussdCode: "*334#",
        fields: [
          { id: "field-paybill", label: "Paybill Number", value: "123456" },
          { id: "field-account", label: "Account Number", value: "{{ORDER_ID}}" },
          { id: "field-reference", label: "Reference", value: "{{CLIENT_NAME}} / {{ORDER_ID}}" },
        ],
      },
      { id: "method-cash", name: "Cash on Delivery", enabled: false, instructions: "", ussdCode: null, fields: [] },
    ],
  }));
});

const lineOf = (product: ProductRow, quantity = 1, options: Partial<BagLine> = {}): BagLine => ({
  productId: product.id,
  size: product.sizes[0] ?? "",
  color: product.colors[0] ?? "",
  quantity,
  ...options,
});


const problemOf = (result: PlaceOrderResult) => (result.ok ? "placed" : checkoutProblemMessage(result.problem));

async function ordersWithKey(key: string) {
  return (await db()).select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key));
}

async function unitsOrdered(productId: string): Promise<number> {
  const [row] = await (await db())
    .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .where(eq(orderLines.productId, productId));
  return row!.units;
}

async function available(product: ProductRow): Promise<number> {
  const [forBag] = await productsForBag([product.id]);
  const page = await productBySlug(product.slug);
  // The product page and the bag must agree.
  expect(page.kind === "found" && page.product.available).toBe(forBag!.available);
  return forBag!.available;
}

test("a posted form with prices in it still pays the shop's own prices", async () => {
  const dress = await givenProduct({ name: "Ankara Test Dress", priceCents: 5_800_00 });
  const shirt = await givenProduct({ name: "Kitenge Test Shirt", priceCents: 3_900_50 });
  const tampered = [
    { ...lineOf(dress, 2), price: 1, priceCents: 100, unitPriceCents: 100 },
    { ...lineOf(shirt, 1), price: 1, priceCents: 100, unitPriceCents: 100 },
  ];
  const form = new URLSearchParams({
    name: "Achieng Otieno",
    address: "Kimathi Street, Nairobi",
    phone: "+254 712 345 678",
    paymentMethod: "M-Pesa",
    bag: JSON.stringify(tampered),
    idempotencyKey: randomUUID(),
    price: "1",
    total: "1",
    totalCents: "100",
  });
  const request = new Request("http://shop.test/checkout", { method: "POST", body: form });

  const response = await checkoutAction({ request, params: {}, context: { cspNonce: "", clientAddress: "203.0.113.7" } } as Parameters<typeof checkoutAction>[0]);

  expect(response).toBeInstanceOf(Response);
  const location = (response as Response).headers.get("Location")!;
  expect(location).toMatch(/^\/payment-instructions\/[a-z0-9]{20}$/);
  const order = await orderById(location.split("/").pop()!);
  expect(order!.lines.map((l) => [l.name, l.unitPriceCents, l.quantity])).toEqual([
    ["Ankara Test Dress", 5_800_00, 2],
    ["Kitenge Test Shirt", 3_900_50, 1],
  ]);
  // 11,600 + 3,900.50 = 15,500.50, rounded once to whole shillings.
  expect(order!.totalCents).toBe(15_501_00);
  expect(order).toMatchObject({ status: "Pending Payment", paymentStatus: "Unpaid", clientPhone: "+254712345678" });
  expect(order!.trackingId).toMatch(/^AFB[A-Z0-9]{9}$/);
});

test("a hidden product is refused, naming it, and nothing is written", async () => {
  const hidden = await givenProduct({ name: "Hidden Beaded Collar", isVisible: false });
  const input = checkoutInput([lineOf(hidden)]);

  const result = await placeOrder(input);

  expect(problemOf(result)).toBe("Hidden Beaded Collar is no longer available. Please remove it from your bag.");
  expect(await ordersWithKey(input.idempotencyKey)).toEqual([]);
});

test("a product that no longer exists is refused", async () => {
  const result = await placeOrder(checkoutInput([{ productId: "gone00000000", size: "", color: "", quantity: 1 }]));
  expect(problemOf(result)).toBe("An item in your bag is no longer available. Please remove it from your bag.");
});

test("twenty shoppers at once for the last three units: exactly three orders, the rest are told it sold out", async () => {
  const basket = await givenProduct({ name: "Last Sisal Basket", stock: 3 });

  const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder(checkoutInput([lineOf(basket)]))));

  expect(results.filter((r) => r.ok)).toHaveLength(3);
  const refusals = results.filter((r) => !r.ok).map(problemOf);
  expect(refusals).toHaveLength(17);
  expect(new Set(refusals)).toEqual(new Set(["Last Sisal Basket is sold out. Please remove it from your bag."]));
  expect(await unitsOrdered(basket.id)).toBe(3);
  expect(await available(basket)).toBe(0);
});

test("the same checkout submitted twice in a row makes one order", async () => {
  const bag = await givenProduct({ stock: 5 });
  const input = checkoutInput([lineOf(bag, 2)]);

  const first = await placeOrder(input);
  const second = await placeOrder(input);

  expect(first.ok && second.ok && second.orderId === first.orderId).toBe(true);
  expect(await ordersWithKey(input.idempotencyKey)).toHaveLength(1);
  expect(await unitsOrdered(bag.id)).toBe(2);
});

test("the same checkout submitted five times at once makes one order, even for the last unit", async () => {
  const lastOne = await givenProduct({ stock: 1 });
  const input = checkoutInput([lineOf(lastOne)]);

  const results = await Promise.all(Array.from({ length: 5 }, () => placeOrder(input)));

  const ids = results.map((r) => (r.ok ? r.orderId : problemOf(r)));
  expect(new Set(ids).size).toBe(1);
  expect(ids[0]).toMatch(/^[a-z0-9]{20}$/);
  expect(await ordersWithKey(input.idempotencyKey)).toHaveLength(1);
  expect(await unitsOrdered(lastOne.id)).toBe(1);
});

test("a size or colour the product does not offer is refused, naming the product", async () => {
  const dress = await givenProduct({ name: "Bogolan Test Dress", sizes: ["M", "L"], colors: ["Indigo", "Ochre"] });
  const message = "The size or colour you chose for Bogolan Test Dress is no longer offered. Please choose again.";

  expect(problemOf(await placeOrder(checkoutInput([lineOf(dress, 1, { size: "XXXL" })])))).toBe(message);
  expect(problemOf(await placeOrder(checkoutInput([lineOf(dress, 1, { color: "Purple" })])))).toBe(message);
  // Offering sizes means one must be chosen.
  expect(problemOf(await placeOrder(checkoutInput([lineOf(dress, 1, { size: "" })])))).toBe(message);
  expect(await unitsOrdered(dress.id)).toBe(0);
});

test("a product without sizes or colours is bought without them", async () => {
  const cushion = await givenProduct({ sizes: [], colors: [] });
  expect((await placeOrder(checkoutInput([lineOf(cushion)]))).ok).toBe(true);
});

test("a switched-off or unknown payment method is refused", async () => {
  const bag = await givenProduct();
  expect(problemOf(await placeOrder(checkoutInput([lineOf(bag)], { paymentMethod: "Cash on Delivery" })))).toBe(
    "Please select a payment method.",
  );
  expect(problemOf(await placeOrder(checkoutInput([lineOf(bag)], { paymentMethod: "Bitcoin" })))).toBe("Please select a payment method.");
  expect(await unitsOrdered(bag.id)).toBe(0);
});

test("open orders hold stock until it is taken; cancelled and archived orders release it", async () => {
  const collar = await givenProduct({ name: "Maasai Test Collar", stock: 5, sizes: ["M", "L"] });
  const first = await placeOrder(checkoutInput([lineOf(collar, 2)]));
  if (!first.ok) throw new Error("the first order should be placed");

  expect(await available(collar)).toBe(3);
  expect(problemOf(await placeOrder(checkoutInput([lineOf(collar, 4)])))).toBe(
    "Only 3 of Maasai Test Collar left. Please lower the quantity in your bag.",
  );
  // The same product in two sizes counts together.
  expect(problemOf(await placeOrder(checkoutInput([lineOf(collar, 2), lineOf(collar, 2, { size: "L" })])))).toBe(
    "Only 3 of Maasai Test Collar left. Please lower the quantity in your bag.",
  );

  const database = await db();
  await database.update(orders).set({ status: "Cancelled" }).where(eq(orders.id, first.orderId));
  expect(await available(collar)).toBe(5);

  const second = await placeOrder(checkoutInput([lineOf(collar, 1)]));
  if (!second.ok) throw new Error("the second order should be placed");
  await database.update(orders).set({ isArchived: true }).where(eq(orders.id, second.orderId));
  expect(await available(collar)).toBe(5);

  // Once an order's stock is taken, the stock figure itself has gone down and the order holds nothing more.
  const third = await placeOrder(checkoutInput([lineOf(collar, 2)]));
  if (!third.ok) throw new Error("the third order should be placed");
  await database.update(orders).set({ stockTakenAt: new Date() }).where(eq(orders.id, third.orderId));
  await database.update(products).set({ stock: 3 }).where(eq(products.id, collar.id));
  expect(await available(collar)).toBe(3);
});

test("the payment page's instructions fill in the order id and the client's name", async () => {
  const bag = await givenProduct({ priceCents: 4_200_00 });
  const placed = await placeOrder(checkoutInput([lineOf(bag, 2)], { name: "Wanjiku Kamau" }));
  if (!placed.ok) throw new Error("the order should be placed");

  const found = await orderPayment(placed.orderId.toUpperCase());

  const id = placed.orderId;
  expect(found!.order.id).toBe(id);
  expect(found!.payment).toEqual({
    methodName: "M-Pesa",
    instructions: `Pay to the paybill with ${id} as the account.`,
    details: [
      { id: "field-paybill", label: "Paybill Number", value: "123456" },
      { id: "field-account", label: "Account Number", value: id },
      { id: "field-reference", label: "Reference", value: `Wanjiku Kamau / ${id}` },
    ],
    detailsText: `M-Pesa\nPaybill Number: 123456\nAccount Number: ${id}\nReference: Wanjiku Kamau / ${id}\nAmount to pay: KSH 8,400`,
    dialLink: "tel:*334%23",
  });
  expect(await orderPayment("no-such-order")).toBeUndefined();
});

test("an order whose payment method the shop has since removed has no instructions", async () => {
  const bag = await givenProduct();
  const placed = await placeOrder(checkoutInput([lineOf(bag)]));
  if (!placed.ok) throw new Error("the order should be placed");
  await (await db()).update(orders).set({ paymentMethod: "Old Till Number" }).where(eq(orders.id, placed.orderId));

  expect((await orderPayment(placed.orderId))?.payment).toBeNull();
});
