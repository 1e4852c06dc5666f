import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { checkoutProblemMessage } from "~/domain/checkout";
import type { DeliveryOptionDetails } from "~/domain/delivery.schema";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "~/domain/order-status";
import { CASH_PAYMENT_METHOD, mayCancelForNonPayment, PAY_ON_DELIVERY, PAY_ON_DELIVERY_REFUSED_MESSAGE } from "~/domain/pay-on-delivery";
import { action as checkoutAction } from "~/routes/shop/checkout";
import { type MpesaSimulator, startMpesaSimulator } from "../../scripts/mpesa-sim";
import { timelineOf } from "./audit.server";
import { type MpesaConfig, readConfig } from "./config.server";
import { db } from "./db/database.server";
import { notifications, orders, paymentRequests, payments } from "./db/schema.server";
import { createDeliveryOption, deleteDeliveryOption, listDeliveryOptions } from "./delivery.server";
import { adminOrderDetails, dispatchOrder, setOrderStatus } from "./order-admin.server";
import { awaitingPaymentSql, notPayOnDeliverySql } from "./order-state.server";
import { orderPayment, placeOrder, type PlaceOrderResult } from "./orders.server";
import { recordCashPayment, requestOrderPayment, riderCollectionsIn } from "./pay-on-delivery.server";
import { writeSiteDocument } from "./site-documents.server";
import { heldQuantities } from "./stock.server";
import { cancelUnpaidOrdersPastHold } from "./unpaid-orders.server";
import { queueDailyDigest } from "./daily-digest.server";
import { addStaff } from "./staff.server";
import { shortOrderId } from "~/domain/order-id";
import { startShopHooks } from "../../tests/setup/daraja-hooks";
import { checkoutInput, givenProduct, givenRider, givenStoredOrder } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// Pay on delivery (issue 23, decision 054): offered only where a zone allows it and below its "up to", never
// cancelled by the hold time, and paid at the door by M-Pesa (a prompt staff send) or in cash (staff record it).

const owner = staffActor("owner@duka.test");
const developer = staffActor("dev@duka.test");
const ksh = (shillings: number) => shillings * 100;

const nairobi: DeliveryOptionDetails = {
  kind: "zone",
  name: "Nairobi CBD",
  areas: "CBD",
  deliveryTime: "Same day",
  feeCents: ksh(250),
  freeFromCents: null,
  payOnDelivery: true,
  payOnDeliveryUpToCents: ksh(10_000),
};
const upcountry: DeliveryOptionDetails = { ...nairobi, name: "Upcountry", payOnDelivery: false, payOnDeliveryUpToCents: null };
const moiAvenue: DeliveryOptionDetails = { kind: "pick-up", name: "Moi Avenue shop", directions: "", openingHours: "", feeCents: 0 };

let simulator: MpesaSimulator;
let shopHooks: Awaited<ReturnType<typeof startShopHooks>>;
let mpesa: MpesaConfig;

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
  simulator = await startMpesaSimulator({ port: 0, callbackDelayMs: 40 });
  shopHooks = await startShopHooks();
  const environment = {
    PUBLIC_URL: shopHooks.publicUrl,
    MPESA_CONSUMER_KEY: "sim-key",
    MPESA_CONSUMER_SECRET: "sim-secret",
    MPESA_PASSKEY: "sim-passkey",
    MPESA_SHORTCODE: "174379",
    MPESA_BASE_URL: simulator.baseUrl,
  };
  // One prompt an hour per address: staff sending several from the shop must not be stopped by it.
  mpesa = readConfig({ ...environment, MPESA_PROMPTS_PER_ADDRESS: "1" }).mpesa!;
  Object.assign(process.env, environment);
});

afterAll(async () => {
  await simulator.stop();
  await shopHooks.close();
});

afterEach(async () => {
  for (const option of await listDeliveryOptions()) await deleteDeliveryOption(option.id, owner);
});

const orderOf = async (id: string) => (await (await db()).select().from(orders).where(eq(orders.id, id)))[0]!;
const problemOf = (result: PlaceOrderResult) => (result.ok ? "placed" : checkoutProblemMessage(result.problem));

/** A bag of `quantity` units of a product at `shillings` each. */
async function bagOf(shillings: number, quantity = 1) {
  const product = await givenProduct({ priceCents: ksh(shillings), stock: 100 });
  return { product, bag: [{ productId: product.id, size: "", color: "", quantity }] };
}

async function payOnDeliveryOrder(zone: string, phone = "+254712345678") {
  const { bag } = await bagOf(4_000);
  const result = await placeOrder(checkoutInput(bag, { delivery: zone, paymentMethod: PAY_ON_DELIVERY, phone }));
  if (!result.ok) throw new Error(checkoutProblemMessage(result.problem));
  return orderOf(result.orderId);
}

test("a zone that allows it takes pay on delivery: the order keeps the flag, waits Unpaid, and its payment page says how", async () => {
  const zone = await createDeliveryOption(nairobi, owner);
  const order = await payOnDeliveryOrder(zone);
  expect(order).toMatchObject({
    payOnDelivery: true,
    paymentMethod: PAY_ON_DELIVERY,
    status: "Pending Payment",
    paymentStatus: "Unpaid",
    totalCents: ksh(4_250),
  });
  // No paybill instructions, and no "Payment method not available." either: the page words it itself.
  expect(await orderPayment(order.id)).toMatchObject({ order: { payOnDelivery: true, totalCents: ksh(4_250) }, payment: null });
  // An order paid another way is not pay on delivery.
  const { bag } = await bagOf(4_000);
  const other = await placeOrder(checkoutInput(bag, { delivery: zone }));
  expect(other.ok && (await orderOf(other.orderId)).payOnDelivery).toBe(false);
});

test("pay on delivery is refused for a zone that does not allow it, above the zone's amount, for a pick-up and where no option is on", async () => {
  const { bag } = await bagOf(4_000);
  const asking = (delivery?: string) => placeOrder(checkoutInput(bag, { paymentMethod: PAY_ON_DELIVERY, ...(delivery && { delivery }) }));
  expect(problemOf(await asking())).toBe(PAY_ON_DELIVERY_REFUSED_MESSAGE);
  const zone = await createDeliveryOption(nairobi, owner);
  const elsewhere = await createDeliveryOption(upcountry, owner);
  const pickUp = await createDeliveryOption(moiAvenue, owner);
  expect(problemOf(await asking(elsewhere))).toBe(PAY_ON_DELIVERY_REFUSED_MESSAGE);
  expect(problemOf(await asking(pickUp))).toBe(PAY_ON_DELIVERY_REFUSED_MESSAGE);
  // "Up to" is measured on the total with delivery: 9,750 + 250 is the limit itself, 9,751 + 250 is above it.
  const atLimit = await bagOf(9_750);
  expect(problemOf(await placeOrder(checkoutInput(atLimit.bag, { delivery: zone, paymentMethod: PAY_ON_DELIVERY })))).toBe("placed");
  const above = await bagOf(9_751);
  expect(problemOf(await placeOrder(checkoutInput(above.bag, { delivery: zone, paymentMethod: PAY_ON_DELIVERY })))).toBe(
    PAY_ON_DELIVERY_REFUSED_MESSAGE,
  );
  const refused = await (await db()).select({ id: orders.id }).from(orders).where(eq(orders.totalCents, ksh(10_001)));
  expect(refused).toEqual([]);
});

test("a tampered checkout form choosing pay on delivery where it does not apply gets the payment method's error, with what was typed", async () => {
  const { product } = await bagOf(2_000);
  const elsewhere = await createDeliveryOption(upcountry, owner);
  const fields = {
    name: "Achieng Otieno",
    address: "Kimathi Street",
    phone: "+254712345678",
    paymentMethod: PAY_ON_DELIVERY,
    delivery: elsewhere,
    bag: JSON.stringify([{ productId: product.id, size: "", color: "", quantity: 1 }]),
    idempotencyKey: crypto.randomUUID(),
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const answer = (await checkoutAction({
    request: new Request("http://shop.test/checkout", { method: "POST", body: form }),
    context: { clientAddress: "197.232.61.21" },
    params: {},
  } as never)) as unknown as { data: unknown; init: { status: number } };
  expect(answer.init.status).toBe(400);
  expect(answer.data).toEqual({ errors: { paymentMethod: PAY_ON_DELIVERY_REFUSED_MESSAGE }, problem: null, values: fields });
});

test("the hold time never cancels a pay-on-delivery order, which keeps holding its stock; an unpaid order of the same age is cancelled", async () => {
  const zone = await createDeliveryOption(nairobi, owner);
  const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60_000);
  const kept = await bagOf(4_000);
  const atDoorPlaced = await placeOrder(checkoutInput(kept.bag, { delivery: zone, paymentMethod: PAY_ON_DELIVERY }), threeDaysAgo);
  if (!atDoorPlaced.ok) throw new Error("the order should be placed");
  const atDoor = await orderOf(atDoorPlaced.orderId);
  const { bag } = await bagOf(1_000);
  const placed = await placeOrder(checkoutInput(bag, { delivery: zone }), threeDaysAgo);
  if (!placed.ok) throw new Error("the order should be placed");

  await cancelUnpaidOrdersPastHold(new Date(), { paymentsSeen: true });
  expect(await orderOf(placed.orderId)).toMatchObject({ status: "Cancelled" });
  expect(await orderOf(atDoor.id)).toMatchObject({ status: "Pending Payment", paymentStatus: "Unpaid" });
  expect(await heldQuantities(await db(), [kept.product.id])).toEqual([{ productId: kept.product.id, size: "", color: "", quantity: 1 }]);
});

test("the staff's daily summary does not list a pay-on-delivery order as waiting for payment", async () => {
  const zone = await createDeliveryOption(nairobi, owner);
  await addStaff({ email: "wanjiru@pod.test", password: "a long enough password", role: "owner" });
  // The oldest unpaid orders of all, so the list would start with the pay-on-delivery one if it counted.
  const atDoor = await placeOrder(checkoutInput((await bagOf(100)).bag, { delivery: zone, paymentMethod: PAY_ON_DELIVERY }), new Date("2020-01-01T08:00:00Z"));
  const waiting = await placeOrder(checkoutInput((await bagOf(100)).bag, { delivery: zone }), new Date("2020-01-01T09:00:00Z"));
  if (!atDoor.ok || !waiting.ok) throw new Error("the orders should be placed");
  expect(await queueDailyDigest(new Date("2026-11-20T05:00:00Z"), { mail: { smtpUrl: "smtp://127.0.0.1:2525", from: "shop@duka.test" } })).toBe(true);
  const [digest] = await (await db()).select().from(notifications).where(eq(notifications.message, "staff-daily-digest"));
  expect(digest!.body).toContain(`- #${shortOrderId(waiting.orderId)} `);
  expect(digest!.body).not.toContain(`#${shortOrderId(atDoor.orderId)}`);
});

test("`awaitingPaymentSql and not pay_on_delivery` picks exactly the orders mayCancelForNonPayment says the hold may cancel", async () => {
  const states = ORDER_STATUSES.flatMap((status) =>
    PAYMENT_STATUSES.flatMap((paymentStatus) =>
      [false, true].flatMap((isArchived) => [false, true].map((payOnDelivery) => ({ status, paymentStatus, isArchived, payOnDelivery }))),
    ),
  );
  const ids: string[] = [];
  for (const [index, state] of states.entries()) ids.push((await givenStoredOrder({ id: `podstate${String(index).padStart(2, "0")}`, ...state })).id);
  const picked = await (await db())
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, ids), awaitingPaymentSql, notPayOnDeliverySql))
    .orderBy(orders.id);
  const expected = states.flatMap((state, index) => (mayCancelForNonPayment(state) ? [ids[index]!] : []));
  expect(expected.length).toBeGreaterThan(0);
  expect(picked.map((row) => row.id)).toEqual(expected);
});

test("dispatch tells the rider the delivery and the amount to collect, the total with delivery", async () => {
  const zone = await createDeliveryOption(nairobi, owner);
  const order = await payOnDeliveryOrder(zone);
  const rider = await givenRider({ name: "Kevin Otieno" });
  const dispatched = await dispatchOrder(order.id, rider.id, owner);
  if (!dispatched.ok) throw new Error("the order should be dispatched");
  expect(dispatched.message).toContain("\nAddress: Kimathi Street, Nairobi\nDelivery: Nairobi CBD\nItems:\n");
  expect(dispatched.message.split("\n").at(-1)).toBe("Amount to collect: KSH 4,250");
});

test("Paid in cash marks the order Paid, records the cash for its total and who on the activity log; a stale dialog changes nothing", async () => {
  const zone = await createDeliveryOption(nairobi, owner);
  const order = await payOnDeliveryOrder(zone);
  const rider = await givenRider({ name: "Faith Wambui" });
  expect((await dispatchOrder(order.id, rider.id, owner)).ok).toBe(true);
  // The dialog opened before the dispatch names the old version.
  expect(await recordCashPayment(order.id, order.updatedAt.toISOString(), developer)).toEqual({ ok: false, problem: "changed-meanwhile" });
  expect(await (await db()).select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);

  const { version } = (await adminOrderDetails(order.id))!;
  const paidAt = new Date();
  const result = await recordCashPayment(order.id, version, developer, paidAt);
  expect(result).toMatchObject({ ok: true, version: paidAt.toISOString() });
  // Out for Delivery stays so: the rider was paid at the door.
  expect(await orderOf(order.id)).toMatchObject({ paymentStatus: "Paid", status: "Out for Delivery" });
  expect(await (await db()).select().from(payments).where(eq(payments.orderId, order.id))).toEqual([
    expect.objectContaining({ method: CASH_PAYMENT_METHOD, amountCents: ksh(4_250), state: "applied", settledBy: "dev@duka.test" }),
  ]);
  expect((await timelineOf("order", order.id)).at(-1)).toMatchObject({
    staffEmail: "dev@duka.test",
    note: "Paid in cash: KSH 4,250",
    after: { paymentStatus: "Paid" },
  });
  // Paid already: a second click from a fresh dialog is refused.
  expect(await recordCashPayment(order.id, paidAt.toISOString(), owner)).toEqual({ ok: false, problem: "not-payable" });
  // A Pending Payment order paid in cash moves on to Processing, as any payment does.
  const waiting = await payOnDeliveryOrder(zone);
  expect(await recordCashPayment(waiting.id, waiting.updatedAt.toISOString(), owner)).toMatchObject({ ok: true });
  expect(await orderOf(waiting.id)).toMatchObject({ paymentStatus: "Paid", status: "Processing" });
});

test("Paid in cash and Request M-Pesa payment are for orders paid on delivery: any other order is refused and unchanged", async () => {
  const zone = await createDeliveryOption(nairobi, owner);
  const { bag } = await bagOf(4_000);
  const placed = await placeOrder(checkoutInput(bag, { delivery: zone, paymentMethod: "M-Pesa" }));
  if (!placed.ok) throw new Error(checkoutProblemMessage(placed.problem));
  const order = await orderOf(placed.orderId);
  const version = order.updatedAt.toISOString();
  const pushes = simulator.pushes.length;
  expect(await recordCashPayment(order.id, version, owner)).toEqual({ ok: false, problem: "not-pay-on-delivery" });
  expect(
    await requestOrderPayment(mpesa, { id: order.id, version, actor: owner, clientAddress: "41.90.64.200", storeName: "Duka Crafts" }),
  ).toEqual({ ok: false, problem: "not-pay-on-delivery" });
  expect(simulator.pushes).toHaveLength(pushes);
  expect(await orderOf(order.id)).toMatchObject({ paymentStatus: "Unpaid", status: "Pending Payment" });
  expect(await (await db()).select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
});

/** Waits until M-Pesa's callback about the order's request has come and been applied. */
async function answered(orderId: string) {
  for (let i = 0; i < 200; i++) {
    const [request] = await (await db()).select().from(paymentRequests).where(eq(paymentRequests.orderId, orderId));
    if (request && !["sending", "waiting"].includes(request.state)) return request;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("no callback arrived");
}

test("Request M-Pesa payment prompts the order's phone for its total; the order turns Paid by itself; staff prompts skip the address limit", async () => {
  const zone = await createDeliveryOption(nairobi, owner);
  const rider = await givenRider({ name: "Kevin Otieno" });
  const first = await payOnDeliveryOrder(zone, "+254712345690");
  const second = await payOnDeliveryOrder(zone, "+254712345680");
  for (const order of [first, second]) expect((await dispatchOrder(order.id, rider.id, owner)).ok).toBe(true);

  const ask = async (orderId: string, version?: string) =>
    requestOrderPayment(mpesa, {
      id: orderId,
      version: version ?? (await adminOrderDetails(orderId))!.version,
      actor: owner,
      clientAddress: "41.90.64.200",
      storeName: "Duka Crafts",
    });
  expect(await ask(first.id, first.updatedAt.toISOString())).toEqual({ ok: false, problem: "changed-meanwhile" });
  expect(await ask(first.id)).toMatchObject({ ok: true });
  // The same staff address again, for another order: one prompt an hour per address does not stop staff.
  expect(await ask(second.id)).toMatchObject({ ok: true });
  expect(simulator.pushes.slice(-2).map((push) => [push.request.PhoneNumber, push.request.Amount])).toEqual([
    ["254712345690", 4_250],
    ["254712345680", 4_250],
  ]);

  expect((await answered(first.id)).state).toBe("paid");
  expect(await orderOf(first.id)).toMatchObject({ paymentStatus: "Paid", status: "Out for Delivery" });
  const timeline = await timelineOf("order", first.id);
  expect(timeline).toContainEqual(
    expect.objectContaining({ staffEmail: "owner@duka.test", note: "Request M-Pesa payment: KSH 4,250 asked of the order's phone." }),
  );
  expect(timeline.at(-1)).toMatchObject({ service: "M-Pesa", after: { paymentStatus: "Paid" } });
  await answered(second.id);
});

test("the report adds up, per rider, what was collected on delivery in cash and by M-Pesa in the period", async () => {
  await (await db()).delete(payments);
  const zone = await createDeliveryOption(nairobi, owner);
  const kevin = await givenRider({ name: "Kevin Otieno" });
  const faith = await givenRider({ name: "Faith Wambui" });
  const collected = async (rider: string, paid: "cash" | "mpesa") => {
    const order = await payOnDeliveryOrder(zone);
    await dispatchOrder(order.id, rider, owner);
    if (paid === "cash") await recordCashPayment(order.id, (await adminOrderDetails(order.id))!.version, owner);
    else {
      await (await db()).insert(payments).values({
        id: `mpesa-${order.id}`,
        receipt: `SIM${order.id.slice(0, 7).toUpperCase()}`,
        orderId: order.id,
        amountCents: order.totalCents,
        method: "M-Pesa Express",
        paidAt: new Date(),
        state: "applied",
      });
      await setOrderStatus(order.id, { paymentStatus: "Paid" }, owner);
    }
  };
  await collected(kevin.id, "cash");
  await collected(kevin.id, "mpesa");
  await collected(faith.id, "cash");
  await collected(faith.id, "cash");
  // An order paid ahead by M-Pesa, not on delivery, is not the rider's.
  const { bag } = await bagOf(1_000);
  const ahead = await placeOrder(checkoutInput(bag, { delivery: zone }));
  if (!ahead.ok) throw new Error("the order should be placed");
  await (await db())
    .insert(payments)
    .values({ id: "ahead", receipt: "SIMAHEAD", orderId: ahead.orderId, amountCents: ksh(1_250), method: "M-Pesa Express", paidAt: new Date(), state: "applied" });

  expect(await riderCollectionsIn({ start: new Date(Date.now() - 60_000), end: null })).toEqual([
    { rider: "Faith Wambui", cashCents: ksh(8_500), mpesaCents: 0 },
    { rider: "Kevin Otieno", cashCents: ksh(4_250), mpesaCents: ksh(4_250) },
  ]);
  expect(await riderCollectionsIn({ start: null, end: new Date(Date.now() - 60_000) })).toEqual([]);
});
