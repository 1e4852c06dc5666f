import { eq } from "drizzle-orm";
import { afterEach, beforeAll, expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { checkoutProblemMessage } from "~/domain/checkout";
import { CHOOSE_DELIVERY_MESSAGE } from "~/domain/delivery";
import type { DeliveryOptionDetails } from "~/domain/delivery.schema";
import { action as checkoutAction } from "~/routes/shop/checkout";
import { db } from "./db/database.server";
import { deliveryOptions, orders } from "./db/schema.server";
import { createDeliveryOption, deleteDeliveryOption, listDeliveryOptions, switchDeliveryOption, updateDeliveryOption } from "./delivery.server";
import { orderById, placeOrder, type PlaceOrderResult } from "./orders.server";
import { ordersExport } from "./catalogue-export.server";
import { salesForCsv, salesReport } from "./reports.server";
import { trackedOrder } from "./tracking.server";
import { writeSiteDocument } from "./site-documents.server";
import { parseReportPeriod } from "~/domain/report-period.schema";
import { checkoutInput, givenProduct, givenStoredOrder } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// Delivery at checkout (issue 23): the fee is the shop's, worked out on the server from the option chosen, kept on
// the order, and part of the total every other place reads.

const staff = staffActor("owner@duka.test");
const ksh = (shillings: number) => shillings * 100;

const nairobi: DeliveryOptionDetails = { kind: "zone", name: "Nairobi CBD", areas: "CBD, Upper Hill", deliveryTime: "Same day", feeCents: ksh(250), freeFromCents: ksh(6_000) };
const moiAvenue: DeliveryOptionDetails = { kind: "pick-up", name: "Moi Avenue shop", directions: "Opposite the bookshop", openingHours: "9–6", feeCents: 0 };

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
});

afterEach(async () => {
  for (const option of await listDeliveryOptions()) await deleteDeliveryOption(option.id, staff);
});

const problemOf = (result: PlaceOrderResult) => (result.ok ? "placed" : checkoutProblemMessage(result.problem));

async function placed(result: PlaceOrderResult) {
  if (!result.ok) throw new Error(`Refused: ${checkoutProblemMessage(result.problem)}`);
  const [row] = await (await db())
    .select({ totalCents: orders.totalCents, deliveryFeeCents: orders.deliveryFeeCents, delivery: orders.delivery, clientAddress: orders.clientAddress })
    .from(orders)
    .where(eq(orders.id, result.orderId));
  return row!;
}

test("a shop with no delivery options asks nothing: the total is the subtotal, whatever the form posts", async () => {
  const product = await givenProduct({ priceCents: ksh(1_200) });
  const order = await placed(await placeOrder(checkoutInput([{ productId: product.id, size: "", color: "", quantity: 2 }], { delivery: "made-up" })));
  expect(order).toMatchObject({ totalCents: ksh(2_400), deliveryFeeCents: 0, delivery: "" });
});

test("with options on, an order must choose one: none, an unknown one or one switched off is refused", async () => {
  const product = await givenProduct({ priceCents: ksh(1_200) });
  const zone = await createDeliveryOption(nairobi, staff);
  const bag = [{ productId: product.id, size: "", color: "", quantity: 1 }];
  expect(problemOf(await placeOrder(checkoutInput(bag)))).toBe(CHOOSE_DELIVERY_MESSAGE);
  expect(problemOf(await placeOrder(checkoutInput(bag, { delivery: "made-up" })))).toBe(CHOOSE_DELIVERY_MESSAGE);
  const pickUp = await createDeliveryOption(moiAvenue, staff);
  const [, row] = await listDeliveryOptions();
  expect(row!.id).toBe(pickUp);
  expect(await switchDeliveryOption(pickUp, false, row!.version, staff)).toBe("saved");
  expect(problemOf(await placeOrder(checkoutInput(bag, { delivery: pickUp })))).toBe(CHOOSE_DELIVERY_MESSAGE);
  expect(problemOf(await placeOrder(checkoutInput(bag, { delivery: zone })))).toBe("placed");
});

test("a zone's fee is added below its free-delivery threshold and not from it; the order keeps the fee and the name", async () => {
  const product = await givenProduct({ priceCents: ksh(2_000) });
  const zone = await createDeliveryOption(nairobi, staff);
  const line = (quantity: number) => [{ productId: product.id, size: "", color: "", quantity }];
  expect(await placed(await placeOrder(checkoutInput(line(2), { delivery: zone })))).toMatchObject({
    totalCents: ksh(4_250),
    deliveryFeeCents: ksh(250),
    delivery: "Nairobi CBD",
  });
  expect(await placed(await placeOrder(checkoutInput(line(3), { delivery: zone })))).toMatchObject({
    totalCents: ksh(6_000),
    deliveryFeeCents: 0,
    delivery: "Nairobi CBD",
  });
});

test("a later fee change, or the zone's deletion, leaves placed orders as they were", async () => {
  const product = await givenProduct({ priceCents: ksh(1_000) });
  const zone = await createDeliveryOption(nairobi, staff);
  const result = await placeOrder(checkoutInput([{ productId: product.id, size: "", color: "", quantity: 1 }], { delivery: zone }));
  const [row] = await listDeliveryOptions();
  expect(await updateDeliveryOption(zone, { ...nairobi, feeCents: ksh(400) }, row!.version, staff)).toBe("saved");
  expect(await placed(result)).toMatchObject({ totalCents: ksh(1_250), deliveryFeeCents: ksh(250) });
  await deleteDeliveryOption(zone, staff);
  const order = await orderById(result.ok ? result.orderId : "");
  expect(order).toMatchObject({ totalCents: ksh(1_250), deliveryFeeCents: ksh(250), delivery: "Nairobi CBD" });
});

test("a pick-up order is named for its point, and checkout takes it without an address", async () => {
  const product = await givenProduct({ priceCents: ksh(900) });
  const pickUp = await createDeliveryOption(moiAvenue, staff);
  const form = new URLSearchParams({
    name: "Achieng Otieno",
    address: "",
    phone: "+254712345678",
    paymentMethod: "M-Pesa",
    delivery: pickUp,
    bag: JSON.stringify([{ productId: product.id, size: "", color: "", quantity: 1 }]),
    idempotencyKey: "pick-up-order-0001",
  });
  const answer = await checkoutAction({
    request: new Request("http://shop.test/checkout", { method: "POST", body: form }),
    context: { clientAddress: "197.232.61.20" },
    params: {},
  } as never);
  expect(answer).toBeInstanceOf(Response);
  const orderId = (answer as Response).headers.get("Location")!.split("/").at(-1)!;
  expect(await placed({ ok: true, orderId })).toMatchObject({
    totalCents: ksh(900),
    deliveryFeeCents: 0,
    delivery: "Pick up: Moi Avenue shop",
    clientAddress: "Pick up: Moi Avenue shop",
  });
});

test("no choice at checkout is the Delivery question's error, with everything typed kept", async () => {
  const product = await givenProduct({ priceCents: ksh(900) });
  await createDeliveryOption(nairobi, staff);
  const fields = {
    name: "Achieng Otieno",
    address: "Kimathi Street",
    phone: "+254712345678",
    paymentMethod: "M-Pesa",
    bag: JSON.stringify([{ productId: product.id, size: "", color: "", quantity: 1 }]),
    idempotencyKey: "no-delivery-chosen-01",
  };
  const answer = (await checkoutAction({
    request: new Request("http://shop.test/checkout", { method: "POST", body: new URLSearchParams(fields) }),
    context: { clientAddress: "197.232.61.21" },
    params: {},
  } as never)) as { init: ResponseInit | null; data: { errors: Record<string, string>; values: Record<string, string> } };
  expect(answer.init?.status).toBe(400);
  expect(answer.data.errors).toEqual({ delivery: CHOOSE_DELIVERY_MESSAGE });
  expect(answer.data.values).toMatchObject({ name: "Achieng Otieno", address: "Kimathi Street" });
});

test("tracking and the payment page's order carry the delivery and its fee", async () => {
  const product = await givenProduct({ priceCents: ksh(1_000) });
  const zone = await createDeliveryOption(nairobi, staff);
  const result = await placeOrder(checkoutInput([{ productId: product.id, size: "", color: "", quantity: 1 }], { delivery: zone }));
  const order = (await orderById(result.ok ? result.orderId : ""))!;
  const tracked = await trackedOrder(order.trackingId, "197.232.61.22");
  expect(tracked).toMatchObject({ kind: "found", order: { totalCents: ksh(1_250), deliveryFeeCents: ksh(250), delivery: "Nairobi CBD" } });
});

test("the database refuses a delivery fee above the order's total", async () => {
  const product = await givenProduct({ priceCents: ksh(1_000) });
  const result = await placeOrder(checkoutInput([{ productId: product.id, size: "", color: "", quantity: 1 }]));
  await expect(
    (await db())
      .update(orders)
      .set({ deliveryFeeCents: ksh(2_000) })
      .where(eq(orders.id, result.ok ? result.orderId : "")),
  ).rejects.toThrow();
  expect(await (await db()).select().from(deliveryOptions)).toEqual([]);
});

test("reports count delivery fees within the revenue and on their own, and show them only for a period that had any", async () => {
  const sold = { status: "Delivered" as const, paymentStatus: "Paid" as const };
  const day = (date: string) => parseReportPeriod(new URLSearchParams({ period: "custom", from: date, to: date }));
  const clock = { now: new Date("2031-12-31T12:00:00Z"), timeZone: "Africa/Nairobi" };
  await givenStoredOrder({ ...sold, orderDate: new Date("2031-03-01T09:00:00Z"), totalCents: ksh(1_000) });
  await givenStoredOrder({ ...sold, orderDate: new Date("2031-03-02T09:00:00Z"), totalCents: ksh(4_250), deliveryFeeCents: ksh(250), delivery: "Nairobi CBD" });
  await givenStoredOrder({ ...sold, orderDate: new Date("2031-03-02T10:00:00Z"), totalCents: ksh(900), delivery: "Pick up: Moi Avenue shop" });

  const without = await salesReport(day("2031-03-01"), clock);
  expect(without).toMatchObject({ revenueCents: ksh(1_000), deliveryFeesCents: null });
  const withDelivery = await salesReport(day("2031-03-02"), clock);
  expect(withDelivery).toMatchObject({ revenueCents: ksh(5_150), deliveryFeesCents: ksh(250), orders: 2 });
  const { sales } = await salesForCsv(day("2031-03-02"), clock);
  expect(sales.map((sale) => [sale.delivery, sale.deliveryFeeCents])).toEqual([
    ["Pick up: Moi Avenue shop", 0],
    ["Nairobi CBD", ksh(250)],
  ]);
});

test("the orders export gives an order placed with delivery a line for it, at its fee", async () => {
  const clock = { now: new Date("2031-12-31T12:00:00Z"), timeZone: "Africa/Nairobi" };
  const at = new Date("2031-04-01T09:00:00Z");
  const { id } = await givenStoredOrder({
    orderDate: at,
    totalCents: ksh(2_650),
    deliveryFeeCents: ksh(250),
    delivery: "Nairobi CBD",
    lines: [{ name: "Kiondo Basket", unitPriceCents: ksh(1_200), quantity: 2 }],
  });
  const { csv } = await ordersExport(parseReportPeriod(new URLSearchParams({ period: "custom", from: "2031-04-01", to: "2031-04-01" })), clock);
  const rows = csv.split("\r\n").filter((row) => row.startsWith(id));
  expect(rows.map((row) => row.split(",").slice(7))).toEqual([
    ["Kiondo Basket", "", "", "2", "1200", "2400"],
    ["Delivery (Nairobi CBD)", "", "", "1", "250", "250"],
  ]);
});
