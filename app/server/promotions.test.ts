import { asc, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { checkoutProblemMessage } from "~/domain/checkout";
import type { DeliveryOptionDetails } from "~/domain/delivery.schema";
import { orderCode } from "~/domain/mpesa";
import type { DiscountedLine } from "~/domain/promotions";
import { type MpesaSimulator, startMpesaSimulator } from "../../scripts/mpesa-sim";
import { simulatorEnvironment, startShopHooks } from "../../tests/setup/daraja-hooks";
import { type MpesaConfig, readConfig } from "./config.server";
import { db } from "./db/database.server";
import { orderDiscounts, orders, payments, promotions } from "./db/schema.server";
import { createDeliveryOption, deleteDeliveryOption, listDeliveryOptions } from "./delivery.server";
import { setOrderStatus } from "./order-admin.server";
import { orderById, orderIdForKey, placeOrder, type PlaceOrderResult } from "./orders.server";
import { requestPayment } from "./payments.server";
import { checkCode, codesOffered, listPromotions, switchPromotion } from "./promotions.server";
import { writeSiteDocument } from "./site-documents.server";
import { checkoutInput, givenCategory, givenProduct, givenPromotion, type ProductRow } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// Promotions at placing (issue 24, decision 056): what an order's codes and automatic offers take off, decided by the
// server inside the order's transaction; every refusal in the shopper's words; the use limits holding when many
// shoppers place orders at once; and the discounted total as the one M-Pesa is paid.

const staff = staffActor("owner@duka.test");
const ksh = (shillings: number) => shillings * 100;

let simulator: MpesaSimulator;
let shopHooks: Awaited<ReturnType<typeof startShopHooks>>;
let mpesa: MpesaConfig;

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
  // The shop's configuration is read once per file, so M-Pesa is set up before any order is placed.
  simulator = await startMpesaSimulator({ port: 0, callbackDelayMs: 40 });
  shopHooks = await startShopHooks();
  const environment = simulatorEnvironment(simulator.baseUrl, shopHooks.publicUrl);

  mpesa = readConfig(environment).mpesa!;
  Object.assign(process.env, environment);
});

afterAll(async () => {
  await simulator.stop();
  await shopHooks.close();
});

// An automatic offer applies to every order, so no promotion outlives its test.
afterEach(async () => {
  await (await db()).delete(promotions);
  for (const option of await listDeliveryOptions()) await deleteDeliveryOption(option.id, staff);
});

const lineOf = (product: ProductRow, quantity = 1) => ({ productId: product.id, size: "", color: "", quantity });
const problemOf = (result: PlaceOrderResult) => (result.ok ? "placed" : checkoutProblemMessage(result.problem));

/** What a placed order charges and the discount lines it keeps. */
async function charged(result: PlaceOrderResult) {
  if (!result.ok) throw new Error(`Refused: ${checkoutProblemMessage(result.problem)}`);
  const database = await db();
  const [order] = await database
    .select({ totalCents: orders.totalCents, discountCents: orders.discountCents, deliveryFeeCents: orders.deliveryFeeCents })
    .from(orders)
    .where(eq(orders.id, result.orderId));
  const lines = await database
    .select({ promotionId: orderDiscounts.promotionId, label: orderDiscounts.label, amountCents: orderDiscounts.amountCents })
    .from(orderDiscounts)
    .where(eq(orderDiscounts.orderId, result.orderId))
    .orderBy(asc(orderDiscounts.position));
  return { ...order!, lines };
}

const discountedOrdersOf = async (promotionId: string) =>
  (await (await db()).select({ orderId: orderDiscounts.orderId }).from(orderDiscounts).where(eq(orderDiscounts.promotionId, promotionId)))
    .length;

test("a percent code takes its share of the lines it covers only, a category's or chosen products', in whole shillings down", async () => {
  const kitchen = await givenCategory({ name: "Kitchen" });
  const pot = await givenProduct({ name: "Clay Pot", priceCents: ksh(1_000), categoryId: kitchen.id });
  const basket = await givenProduct({ name: "Sisal Basket", priceCents: ksh(1_999) });
  const kitchen15 = await givenPromotion({
    code: "KITCHEN15",
    kind: "percent",
    value: 15,
    scope: { kind: "categories", categoryIds: [kitchen.id] },
  });
  await givenPromotion({ code: "BASKET10", kind: "percent", value: 10, scope: { kind: "products", productIds: [basket.id] } });
  const bag = [lineOf(pot, 2), lineOf(basket)];

  // 15% of the pots' KSH 2,000 only; typed in small letters.
  const byCategory = await placeOrder(checkoutInput(bag, { code: "kitchen15" }));
  expect(await charged(byCategory)).toEqual({
    totalCents: ksh(3_999 - 300),
    discountCents: ksh(300),
    deliveryFeeCents: 0,
    lines: [{ promotionId: kitchen15, label: "KITCHEN15", amountCents: ksh(300) }],
  });
  expect(await orderById(byCategory.ok ? byCategory.orderId : "")).toMatchObject({
    totalCents: ksh(3_699),
    discountCents: ksh(300),
    discounts: [{ label: "KITCHEN15", amountCents: ksh(300) }],
  });

  // 10% of the basket's KSH 1,999 is KSH 199.90: the shop gives KSH 199.
  const byProduct = await charged(await placeOrder(checkoutInput(bag, { code: "BASKET10" })));
  expect(byProduct).toMatchObject({
    totalCents: ksh(3_999 - 199),
    discountCents: ksh(199),
    lines: [{ label: "BASKET10", amountCents: ksh(199) }],
  });
});

test("an amount larger than the lines it covers takes them to nothing, never below, and leaves the others", async () => {
  const mask = await givenProduct({ name: "Carved Mask", priceCents: ksh(1_200) });
  const kanga = await givenProduct({ name: "Kanga", priceCents: ksh(800) });
  await givenPromotion({ code: "MASK5000", kind: "amount", value: ksh(5_000), scope: { kind: "products", productIds: [mask.id] } });

  const order = await charged(await placeOrder(checkoutInput([lineOf(mask), lineOf(kanga)], { code: "MASK5000" })));
  expect(order).toMatchObject({ totalCents: ksh(800), discountCents: ksh(1_200), lines: [{ label: "MASK5000", amountCents: ksh(1_200) }] });
});

test("a free-delivery code takes off the fee of the zone chosen; the order keeps the fee and the discount line", async () => {
  const zone: DeliveryOptionDetails = {
    kind: "zone",
    name: "Nairobi CBD",
    areas: "CBD",
    deliveryTime: "Same day",
    feeCents: ksh(250),
    freeFromCents: null,
  };
  const nairobi = await createDeliveryOption(zone, staff);
  const product = await givenProduct({ priceCents: ksh(1_200) });
  await givenPromotion({ code: "FREESHIP", kind: "free-delivery", value: 0 });

  const result = await placeOrder(checkoutInput([lineOf(product)], { code: "FREESHIP", delivery: nairobi }));
  expect(await charged(result)).toMatchObject({ totalCents: ksh(1_200), deliveryFeeCents: ksh(250), discountCents: ksh(250) });
  expect(await orderById(result.ok ? result.orderId : "")).toMatchObject({
    delivery: "Nairobi CBD",
    deliveryFeeCents: ksh(250),
    discounts: [{ label: "FREESHIP", amountCents: ksh(250) }],
    totalCents: ksh(1_200),
  });
});

test("an automatic offer applies with no code, named for itself; of two that qualify, the one giving more", async () => {
  const product = await givenProduct({ priceCents: ksh(1_200), stock: 100 });
  const madaraka = await givenPromotion({ name: "Madaraka Day sale", kind: "percent", value: 10 });
  const bigSpender = await givenPromotion({ name: "Big spender", kind: "amount", value: ksh(500), minSubtotalCents: ksh(3_000) });

  // KSH 2,400: only the 10% qualifies.
  expect(await charged(await placeOrder(checkoutInput([lineOf(product, 2)])))).toMatchObject({
    totalCents: ksh(2_160),
    lines: [{ promotionId: madaraka, label: "Madaraka Day sale", amountCents: ksh(240) }],
  });
  // KSH 3,600: 10% is KSH 360, the KSH 500 off is more.
  expect(await charged(await placeOrder(checkoutInput([lineOf(product, 3)])))).toMatchObject({
    totalCents: ksh(3_100),
    lines: [{ promotionId: bigSpender, label: "Big spender", amountCents: ksh(500) }],
  });
  // KSH 6,000: 10% is KSH 600, more than KSH 500.
  expect(await charged(await placeOrder(checkoutInput([lineOf(product, 5)])))).toMatchObject({
    totalCents: ksh(5_400),
    lines: [{ promotionId: madaraka, amountCents: ksh(600) }],
  });
});

test("a code that combines with automatic offers comes after the offer; one that does not replaces it", async () => {
  const product = await givenProduct({ priceCents: ksh(1_200) });
  await givenPromotion({ name: "Madaraka Day sale", kind: "percent", value: 10 });
  await givenPromotion({ code: "STACK200", kind: "amount", value: ksh(200), combinesWithAutomatic: true });
  await givenPromotion({ code: "SOLO200", kind: "amount", value: ksh(200) });

  expect(await charged(await placeOrder(checkoutInput([lineOf(product, 2)], { code: "STACK200" })))).toMatchObject({
    totalCents: ksh(2_400 - 240 - 200),
    discountCents: ksh(440),
    lines: [
      { label: "Madaraka Day sale", amountCents: ksh(240) },
      { label: "STACK200", amountCents: ksh(200) },
    ],
  });
  expect(await charged(await placeOrder(checkoutInput([lineOf(product, 2)], { code: "SOLO200" })))).toMatchObject({
    totalCents: ksh(2_200),
    discountCents: ksh(200),
    lines: [{ label: "SOLO200", amountCents: ksh(200) }],
  });
});

test("a code that cannot be used refuses the order with the reason, and no order is written", async () => {
  const product = await givenProduct({ priceCents: ksh(1_200), stock: 100 });
  const now = new Date("2026-11-28T09:00:00Z");
  const off = await givenPromotion({ code: "OFFNOW" });
  expect(await switchPromotion(off, false, 1, staff)).toBe("saved");
  await givenPromotion({ code: "EASTER", endsAt: new Date("2026-04-07T21:00:00Z") });
  await givenPromotion({ code: "XMAS", startsAt: new Date("2026-12-24T21:00:00Z") });
  await givenPromotion({ code: "SPEND2000", minSubtotalCents: ksh(2_000) });
  await givenPromotion({ code: "OTHERTHING", scope: { kind: "products", productIds: ["not-in-this-bag"] } });
  await givenPromotion({ code: "ONCEONLY", totalUses: 1 });
  await givenPromotion({ code: "ONEPERPHONE", usesPerPhone: 1 });
  const place = (code: string, phone = "+254712345678") => placeOrder(checkoutInput([lineOf(product)], { code, phone }), now);

  const refusals: [string, string][] = [
    ["NOSUCHCODE", "This code is not valid."],
    ["OFFNOW", "This code is not valid."],
    ["OTHERTHING", "This code is not valid."],
    ["EASTER", "This code has expired."],
    ["XMAS", "This code is not active yet."],
    ["SPEND2000", "Spend KSH 2,000 to use this code."],
  ];
  for (const [code, message] of refusals) {
    const input = checkoutInput([lineOf(product)], { code });
    expect([code, problemOf(await placeOrder(input, now))]).toEqual([code, message]);
    expect(await orderIdForKey(input.idempotencyKey)).toBeUndefined();
  }

  expect(problemOf(await place("ONCEONLY"))).toBe("placed");
  expect(problemOf(await place("ONCEONLY", "+254722000111"))).toBe("This code has been used up.");

  expect(problemOf(await place("ONEPERPHONE", "+254722000222"))).toBe("placed");
  // The same number typed with spaces is the same phone.
  expect(problemOf(await place("ONEPERPHONE", "+254 722 000 222"))).toBe("You have already used this code.");
  expect(problemOf(await place("ONEPERPHONE", "+254722000333"))).toBe("placed");
});

test("Apply tells the shopper what a code gives or why it cannot be used; a phone's own uses wait for placing", async () => {
  const kitchen = await givenCategory({ name: "Kitchen utensils" });
  const pot = await givenProduct({ priceCents: ksh(1_200), categoryId: kitchen.id });
  const now = new Date("2026-11-28T09:00:00Z");
  const id = await givenPromotion({
    code: "KITCHEN15",
    value: 15,
    scope: { kind: "categories", categoryIds: [kitchen.id] },
    usesPerPhone: 1,
  });
  await givenPromotion({ code: "EASTER", endsAt: new Date("2026-04-07T21:00:00Z") });
  await givenPromotion({ code: "XMAS", startsAt: new Date("2026-12-24T21:00:00Z") });
  await givenPromotion({ code: "SPEND2000", minSubtotalCents: ksh(2_000) });
  await givenPromotion({ code: "ONCEONLY", totalUses: 1 });
  const lines: DiscountedLine[] = [{ productId: pot.id, categoryId: kitchen.id, unitPriceCents: ksh(1_200), quantity: 1 }];
  const verdict = async (code: string) => {
    const answer = await checkCode(code, lines, ksh(1_200), now);
    return answer.ok ? answer.rule.code : checkoutProblemMessage({ kind: "promotion", refusal: answer.refusal });
  };

  expect(await verdict(" kitchen15 ")).toBe("KITCHEN15");
  expect(await checkCode("KITCHEN15", lines, ksh(1_200), now)).toEqual({
    ok: true,
    rule: {
      id,
      code: "KITCHEN15",
      name: "",
      kind: "percent",
      value: 15,
      scope: { kind: "categories", categoryIds: [kitchen.id] },
      minSubtotalCents: 0,
      combinesWithAutomatic: false,
    },
  });
  expect(await verdict("NOSUCHCODE")).toBe("This code is not valid.");
  expect(await verdict("EASTER")).toBe("This code has expired.");
  expect(await verdict("XMAS")).toBe("This code is not active yet.");
  expect(await verdict("SPEND2000")).toBe("Spend KSH 2,000 to use this code.");
  expect(await checkCode("KITCHEN15", [{ ...lines[0]!, categoryId: null }], ksh(1_200), now)).toEqual({
    ok: false,
    refusal: { kind: "not-valid" },
  });

  expect(problemOf(await placeOrder(checkoutInput([lineOf(pot)], { code: "ONCEONLY" }), now))).toBe("placed");
  expect(await verdict("ONCEONLY")).toBe("This code has been used up.");
  expect(problemOf(await placeOrder(checkoutInput([lineOf(pot)], { code: "KITCHEN15" }), now))).toBe("placed");
  // Apply does not know the phone yet: the same phone is refused only at placing.
  expect(await verdict("KITCHEN15")).toBe("KITCHEN15");
  expect(problemOf(await placeOrder(checkoutInput([lineOf(pot)], { code: "KITCHEN15" }), now))).toBe("You have already used this code.");
});

test("checkout asks for a code only while a code is on and not ended: not for an automatic offer, an ended or a switched-off code", async () => {
  const now = new Date("2026-12-01T09:00:00Z");
  expect(await codesOffered(now)).toBe(false);
  await givenPromotion({ name: "Festive offer" });
  await givenPromotion({ code: "ENDED1", endsAt: now });
  await switchPromotion(await givenPromotion({ code: "OFF1" }), false, 1, staff);
  expect(await codesOffered(now)).toBe(false);
  await givenPromotion({ code: "SOON1", startsAt: new Date("2026-12-24T00:00:00Z") });
  expect(await codesOffered(now)).toBe(true);
});

test("a cancelled order gives its use back, to the code's total and to the phone", async () => {
  const product = await givenProduct({ priceCents: ksh(1_200), stock: 100 });
  const once = await givenPromotion({ code: "ONCEONLY", totalUses: 1, usesPerPhone: 1 });
  const first = await placeOrder(checkoutInput([lineOf(product)], { code: "ONCEONLY" }));
  expect(problemOf(await placeOrder(checkoutInput([lineOf(product)], { code: "ONCEONLY", phone: "+254722000444" })))).toBe(
    "This code has been used up.",
  );
  expect((await listPromotions()).find((row) => row.id === once)).toMatchObject({
    uses: 1,
    state: "used up",
    discountGivenCents: ksh(120),
  });

  expect(await setOrderStatus(first.ok ? first.orderId : "", { status: "Cancelled" }, staff)).toMatchObject({ ok: true });
  expect((await listPromotions()).find((row) => row.id === once)).toMatchObject({ uses: 0, state: "active", discountGivenCents: 0 });
  // The cancelled order keeps its discount line as it was placed.
  expect(await charged(first)).toMatchObject({ discountCents: ksh(120), lines: [{ label: "ONCEONLY", amountCents: ksh(120) }] });
  expect(await charged(await placeOrder(checkoutInput([lineOf(product)], { code: "ONCEONLY" })))).toMatchObject({
    discountCents: ksh(120),
  });
});

describe("many shoppers at once (on PostgreSQL, on parallel connections)", () => {
  const phone = (i: number) => `+25471100${String(i).padStart(4, "0")}`;

  test("twenty shoppers at once with a code that has 5 uses left: exactly 5 discounted orders, the others told it is used up", async () => {
    const id = await givenPromotion({ code: "LAST5", kind: "amount", value: ksh(100), totalUses: 7 });
    // Each shopper buys a product of their own, so nothing but the code makes them queue.
    const products = await Promise.all(Array.from({ length: 22 }, () => givenProduct({ priceCents: ksh(1_000), stock: 5 })));
    for (const i of [0, 1])
      expect(problemOf(await placeOrder(checkoutInput([lineOf(products[i]!)], { code: "LAST5", phone: phone(i) })))).toBe("placed");

    const results = await Promise.all(
      products.slice(2).map((product, i) => placeOrder(checkoutInput([lineOf(product)], { code: "LAST5", phone: phone(100 + i) }))),
    );

    const placed = results.filter((result) => result.ok);
    expect(placed).toHaveLength(5);
    expect(results.filter((result) => !result.ok).map(problemOf)).toEqual(Array.from({ length: 15 }, () => "This code has been used up."));
    for (const result of placed) expect(await charged(result)).toMatchObject({ totalCents: ksh(900), discountCents: ksh(100) });
    expect(await discountedOrdersOf(id)).toBe(7);
    // The refused shoppers placed nothing.
    expect(await (await db()).select({ id: orders.id }).from(orders).where(like(orders.clientPhone, "+25471100%"))).toHaveLength(7);
  });

  test("ten orders at once from one phone with a code of one use per phone: exactly one discounted", async () => {
    const id = await givenPromotion({ code: "ONEEACH", kind: "percent", value: 10, usesPerPhone: 1 });
    const products = await Promise.all(Array.from({ length: 10 }, () => givenProduct({ priceCents: ksh(1_000), stock: 5 })));

    // Without `from`, checkout's held-unit limits (decision 043) do not count: only the code can refuse.
    const results = await Promise.all(
      products.map((product) => placeOrder(checkoutInput([lineOf(product)], { code: "ONEEACH", phone: "+254733000555" }))),
    );

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map(problemOf)).toEqual(
      Array.from({ length: 9 }, () => "You have already used this code."),
    );
    expect(await discountedOrdersOf(id)).toBe(1);
  });
});

test("M-Pesa is paid the discounted total: a paybill payment of the subtotal alone is flagged, one of the total pays the order, and a prompt asks for it", async () => {
  const { registerPaybillUrls } = await import("./daraja.server");
  expect(await registerPaybillUrls(mpesa)).toEqual({ ok: true });
  const product = await givenProduct({ priceCents: ksh(1_200) });
  await givenPromotion({ code: "SAVE200", kind: "amount", value: ksh(200) });
  const result = await placeOrder(checkoutInput([lineOf(product)], { code: "SAVE200" }));
  const orderId = result.ok ? result.orderId : "";
  expect(await charged(result)).toMatchObject({ totalCents: ksh(1_000), discountCents: ksh(200) });

  await simulator.confirmC2b({ billRef: orderCode(orderId), amount: 1_200, transId: "SIMPROMO01" });
  expect(await checkedPayment("SIMPROMO01")).toMatchObject({ state: "unmatched", problem: "wrong amount", orderId });
  expect(await orderById(orderId)).toMatchObject({ paymentStatus: "Unpaid" });
  await simulator.confirmC2b({ billRef: orderCode(orderId), amount: 1_000, transId: "SIMPROMO02" });
  expect(await checkedPayment("SIMPROMO02")).toMatchObject({ state: "applied", orderId });
  expect(await orderById(orderId)).toMatchObject({ paymentStatus: "Paid" });

  // The M-Pesa prompt asks for the discounted total too.
  const prompted = await placeOrder(checkoutInput([lineOf(product)], { code: "SAVE200" }));
  const prompt = {
    orderId: prompted.ok ? prompted.orderId : "",
    phone: "0712 345 678",
    clientAddress: "197.232.61.10",
    storeName: "Duka Crafts",
  };
  expect(await requestPayment(mpesa, prompt)).toEqual({ ok: true });
  expect(simulator.pushes.at(-1)!.request).toMatchObject({ Amount: 1000, AccountReference: orderCode(prompt.orderId) });
});

/** Waits until M-Pesa's answer about a paybill payment has come and been applied. */
async function checkedPayment(receipt: string) {
  for (let i = 0; i < 200; i++) {
    const [payment] = await (await db()).select().from(payments).where(eq(payments.receipt, receipt));
    if (payment && payment.state !== "confirming") return payment;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no answer from M-Pesa about ${receipt}`);
}
