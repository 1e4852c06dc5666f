import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, expect, test } from "vitest";
import type { BagLine } from "~/domain/bag";
import { checkoutProblemMessage } from "~/domain/checkout";
import { type HeldUnitLimits, holderOf } from "~/domain/hold-limits";
import { action as checkoutAction } from "~/routes/shop/checkout";
import { productBySlug, productsForBag } from "./catalogue.server";
import { db } from "./db/database.server";
import { orders } from "./db/schema.server";
import { placeOrder, type PlaceOrderResult } from "./orders.server";
import { writeSiteDocument } from "./site-documents.server";
import { checkoutInput, givenProduct, type ProductRow } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// Issue 21 §2, decision 043: nobody holds the catalogue hostage.

const settings = mpesaShopSettings();
beforeAll(() => writeSiteDocument("settings", settings));
afterEach(() => writeSiteDocument("settings", settings));

const lineOf = (product: ProductRow, quantity = 1): BagLine => ({ productId: product.id, size: "", color: "", quantity });


const problemOf = (result: PlaceOrderResult) => (result.ok ? "placed" : checkoutProblemMessage(result.problem));

/** A shopper's checkout from `clientAddress` with `phone`, counted against `limits`. */
const fromShopper = (phone: string, clientAddress: string, limits: HeldUnitLimits) => ({ holder: holderOf(phone, clientAddress), limits });

const byPhone =
  "Unpaid orders from this phone number already hold as many items as the shop keeps for one shopper. Please pay for them first, or try again once they are paid or cancelled; your bag and details are kept.";
const byNetwork =
  "Unpaid orders from this connection already hold as many items as the shop keeps for one connection. Please pay for them first, or try again later; your bag and details are kept.";

let phones = 0;
/** A made-up Kenyan phone number no other test uses. */
const madeUpPhone = () => `+2547${String(10_000_000 + ++phones + Math.floor(Math.random() * 80_000_000)).slice(0, 8)}`;

test("one order takes at most 10 of a product by default, refused naming the product, sizes and colours counted together", async () => {
  const dress = await givenProduct({ name: "Ankara Cap Dress", stock: 50, sizes: ["M", "L"] });
  const message = "You can order at most 10 of Ankara Cap Dress at a time. Please lower the quantity in your bag.";

  expect(problemOf(await placeOrder(checkoutInput([{ ...lineOf(dress, 11), size: "M" }])))).toBe(message);
  expect(problemOf(await placeOrder(checkoutInput([{ ...lineOf(dress, 6), size: "M" }, { ...lineOf(dress, 5), size: "L" }])))).toBe(message);
  expect((await placeOrder(checkoutInput([{ ...lineOf(dress, 10), size: "M" }]))).ok).toBe(true);
});

test("the most of one product in an order comes from Site Settings", async () => {
  const basket = await givenProduct({ name: "Sisal Cap Basket", stock: 50 });
  await writeSiteDocument("settings", { ...settings, unitsPerProductPerOrder: 3 });

  expect(problemOf(await placeOrder(checkoutInput([lineOf(basket, 4)])))).toBe(
    "You can order at most 3 of Sisal Cap Basket at a time. Please lower the quantity in your bag.",
  );
  expect((await placeOrder(checkoutInput([lineOf(basket, 3)]))).ok).toBe(true);
});

test("shoppers are told how many are left only up to what one order may take", async () => {
  const plenty = await givenProduct({ stock: 500 });
  const few = await givenProduct({ stock: 4 });
  const shown = async (product: ProductRow) => {
    const [forBag] = await productsForBag([product.id]);
    const page = await productBySlug(product.slug);
    // The product page and the bag agree.
    expect(page.kind === "found" && { available: page.product.available, perOrderLimit: page.product.perOrderLimit }).toEqual({
      available: forBag!.available,
      perOrderLimit: forBag!.perOrderLimit,
    });
    return { available: forBag!.available, perOrderLimit: forBag!.perOrderLimit };
  };

  expect(await shown(plenty)).toEqual({ available: 10, perOrderLimit: true });
  expect(await shown(few)).toEqual({ available: 4, perOrderLimit: false });
  await writeSiteDocument("settings", { ...settings, unitsPerProductPerOrder: 2 });
  expect(await shown(plenty)).toEqual({ available: 2, perOrderLimit: true });
});

test("unpaid orders from one phone number hold at most its limit; paying or cancelling one frees it", async () => {
  const products = await Promise.all([givenProduct({ stock: 100 }), givenProduct({ stock: 100 })]);
  const phone = madeUpPhone();
  const from = fromShopper(phone, "203.0.113.20", { perPhone: 5, perAddress: 1_000 });

  const first = await placeOrder(checkoutInput([lineOf(products[0]!, 3)], { phone }), new Date(), from);
  expect(first.ok).toBe(true);
  expect(problemOf(await placeOrder(checkoutInput([lineOf(products[1]!, 3)], { phone }), new Date(), from))).toBe(byPhone);
  // Written another way, the same phone number is the same shopper.
  const spaced = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
  expect(problemOf(await placeOrder(checkoutInput([lineOf(products[1]!, 3)], { phone: spaced }), new Date(), from))).toBe(byPhone);
  expect((await placeOrder(checkoutInput([lineOf(products[1]!, 2)], { phone }), new Date(), from)).ok).toBe(true);

  if (!first.ok) return;
  await (await db()).update(orders).set({ paymentStatus: "Paid" }).where(eq(orders.id, first.orderId));
  expect((await placeOrder(checkoutInput([lineOf(products[1]!, 3)], { phone }), new Date(), from)).ok).toBe(true);
});

test("made-up phone numbers from one client network hold at most the network's limit; an IPv6 client counts by its /64", async () => {
  const product = await givenProduct({ stock: 1_000 });
  const limits = { perPhone: 10, perAddress: 12 };
  const results: PlaceOrderResult[] = [];
  for (let i = 0; i < 5; i++) {
    const phone = madeUpPhone();
    results.push(await placeOrder(checkoutInput([lineOf(product, 4)], { phone }), new Date(), fromShopper(phone, `2001:db8:21:7:${i}::1`, limits)));
  }

  expect(results.map(problemOf)).toEqual(["placed", "placed", "placed", byNetwork, byNetwork]);
  // Another network is not held back by this one.
  const phone = madeUpPhone();
  expect((await placeOrder(checkoutInput([lineOf(product, 4)], { phone }), new Date(), fromShopper(phone, "2001:db8:21:8::1", limits))).ok).toBe(true);
});

test("twenty checkouts at once from one phone number hold exactly its limit", async () => {
  const products = await Promise.all(Array.from({ length: 20 }, () => givenProduct({ stock: 10 })));
  const phone = madeUpPhone();
  const from = fromShopper(phone, "198.51.100.21", { perPhone: 6, perAddress: 1_000 });

  const results = await Promise.all(products.map((product) => placeOrder(checkoutInput([lineOf(product, 1)], { phone }), new Date(), from)));

  expect(results.filter((r) => r.ok)).toHaveLength(6);
  expect(new Set(results.filter((r) => !r.ok).map(problemOf))).toEqual(new Set([byPhone]));
});

test("the checkout form counts the shopper's network and phone, and a refusal keeps what was typed", async () => {
  const product = await givenProduct({ stock: 1_000 });
  const post = (phone: string) => {
    const form = new URLSearchParams({
      name: "Achieng Otieno",
      address: "Kimathi Street, Nairobi",
      phone,
      paymentMethod: "M-Pesa",
      bag: JSON.stringify([lineOf(product, 10)]),
      idempotencyKey: randomUUID(),
    });
    const request = new Request("http://shop.test/checkout", { method: "POST", body: form });
    return checkoutAction({ request, params: {}, context: { cspNonce: "", clientAddress: "192.0.2.121" } } as Parameters<typeof checkoutAction>[0]);
  };

  // 60 units per network by default: six orders of ten from made-up phones, then no more.
  for (let i = 0; i < 6; i++) expect(await post(madeUpPhone())).toBeInstanceOf(Response);
  const phone = madeUpPhone();
  const refused = (await post(phone)) as unknown as { data: { problem: string; values: Record<string, string> }; init: { status: number } };
  expect(refused.init.status).toBe(409);
  expect(refused.data.problem).toBe(byNetwork);
  expect(refused.data.values.phone).toBe(phone);
  const [held] = await (await db()).select({ network: orders.clientNetwork }).from(orders).where(eq(orders.clientPhoneDigits, phone.slice(1)));
  expect(held).toBeUndefined();
});
