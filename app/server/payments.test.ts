import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { staffActor } from "~/domain/audit";
import { MPESA_PROMPTS_PER_ADDRESS, MPESA_PROMPTS_PER_PHONE, orderCode } from "~/domain/mpesa";
import { PAYMENT_RECEIVED_MESSAGE, RECEIPT_PENDING_MESSAGE, WRONG_AMOUNT_MESSAGE } from "~/domain/pay-now";
import { action as darajaHook } from "~/routes/resources/daraja-hooks";
import { unmatchedPaymentShown } from "~/domain/unmatched-payments";
import { type C2bInput, type MpesaSimulator, startMpesaSimulator } from "../../scripts/mpesa-sim";
import { simulatorEnvironment, startShopHooks } from "../../tests/setup/daraja-hooks";
import { secondConnection } from "../../tests/setup/fresh-database";
import { timelineOf } from "./audit.server";
import { type MpesaConfig, readConfig } from "./config.server";
import { callbackUrls } from "./daraja.server";
import type { Database } from "./db/client.server";
import { db, shopDatabase } from "./db/database.server";
import { orders, paymentRequests, payments, products } from "./db/schema.server";
import { setOrderStatus } from "./order-admin.server";
import {
  attachPayment,
  CONFIRM_TRIES,
  confirmPaybillPayments,
  dismissPayment,
  payNowState,
  queryUnansweredRequests,
  receiveExpressCallback,
  receivePaybillPayment,
  requestPayment,
  unmatchedPayments,
} from "./payments.server";
import { createDeliveryOption, deleteDeliveryOption } from "./delivery.server";
import { writeSiteDocument } from "./site-documents.server";
import { givenOrder, givenProduct } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// M-Pesa payments end to end on the server (issue 11): the shop asks a local Daraja simulator, which calls the
// shop's hook route back on a local address, as Safaricom would call the shop's public one.

let simulator: MpesaSimulator;
let shopHooks: Awaited<ReturnType<typeof startShopHooks>>;
let mpesa: MpesaConfig;
let shopEnvironment: Record<string, string>;
const staff = staffActor("owner@duka.test");

const settings = mpesaShopSettings();

beforeAll(async () => {
  await writeSiteDocument("settings", settings);
  simulator = await startMpesaSimulator({ port: 0, callbackDelayMs: 40 });
  shopHooks = await startShopHooks();
  shopEnvironment = simulatorEnvironment(simulator.baseUrl, shopHooks.publicUrl);

  // The prompt limits have tests of their own, with the shop's defaults; these tests prompt one phone often.
  mpesa = readConfig({ ...shopEnvironment, MPESA_PROMPTS_PER_PHONE: "1000", MPESA_PROMPTS_PER_ADDRESS: "1000" }).mpesa!;
  // The hook route reads the shop's own settings.
  Object.assign(process.env, shopEnvironment);
});

afterAll(async () => {
  await simulator.stop();
  await shopHooks.close();
});

async function orderOf(id: string) {
  const [row] = await (await db()).select().from(orders).where(eq(orders.id, id));
  return row!;
}

const paymentsOf = async (orderId: string) => (await db()).select().from(payments).where(eq(payments.orderId, orderId));
const stockOf = async (id: string) => (await (await db()).select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

async function requestOf(orderId: string) {
  const [row] = await (await db()).select().from(paymentRequests).where(eq(paymentRequests.orderId, orderId));
  return row!;
}

/** Waits until the request has left `state` (the simulator's callback came and was applied). */
async function settledRequest(orderId: string, from: string[] = ["sending", "waiting"]) {
  for (let i = 0; i < 200; i++) {
    const request = await requestOf(orderId);
    if (!from.includes(request.state)) return request;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("no callback arrived");
}

const phoneEnding = (digit: number) => `0712 345 67${digit}`;

/** The shopper on the payment page, asking for a prompt to `phone` from one client address. */
const prompt = (orderId: string, phone: string, clientAddress = "197.232.61.10") => ({ orderId, phone, clientAddress, storeName: "Duka Crafts" });

const paymentOf = async (receipt: string) => (await (await db()).select().from(payments).where(eq(payments.receipt, receipt)))[0];

/** Waits until M-Pesa's answer about a paybill payment has come and been applied. */
async function checkedPayment(receipt: string) {
  for (let i = 0; i < 200; i++) {
    const payment = await paymentOf(receipt);
    if (payment && payment.state !== "confirming") return payment;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no answer from M-Pesa about ${receipt}`);
}

test("a paid request makes the order Paid and Processing, with its receipt in the ledger and M-Pesa in the activity log", async () => {
  const { id: orderId } = await givenOrder();
  expect(await requestPayment(mpesa, prompt(orderId, phoneEnding(0)))).toEqual({ ok: true });
  const push = simulator.pushes.at(-1)!.request;
  expect(push).toMatchObject({ Amount: 1200, PhoneNumber: "254712345670", AccountReference: orderCode(orderId), CallBackURL: callbackUrls(mpesa).express });

  const request = await settledRequest(orderId);
  expect(request.state).toBe("paid");
  expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "Paid", status: "Processing" });
  const [payment] = await paymentsOf(orderId);
  expect(payment).toMatchObject({ state: "applied", amountCents: 1_200_00, receipt: request.receipt, method: "M-Pesa Express", phoneMasked: "+254 ••• ••• 670" });
  const timeline = await timelineOf("order", orderId);
  expect(timeline.at(-1)).toMatchObject({ staffEmail: null, service: "M-Pesa", after: { paymentStatus: "Paid", status: "Processing" } });
  expect((await payNowState(orderId)).status).toEqual({ kind: "paid", message: PAYMENT_RECEIVED_MESSAGE, receipt: request.receipt });
});

test("one access token serves every request: the shop does not fetch one per call", async () => {
  const fresh = await startMpesaSimulator({ port: 0, callbackDelayMs: 40 });
  try {
    const freshMpesa = { ...mpesa, baseUrl: fresh.baseUrl };
    await Promise.all([givenOrder(), givenOrder(), givenOrder()].map(async (order) => requestPayment(freshMpesa, prompt((await order).id, phoneEnding(1)))));
    expect(fresh.pushes).toHaveLength(3);
    expect(fresh.tokensIssued()).toBe(1);
  } finally {
    await fresh.stop();
  }
});

test("a request cancelled on the phone changes no order and says so; the wait before another is 60 seconds", async () => {
  const { id: orderId } = await givenOrder();
  const sentAt = new Date();
  await requestPayment(mpesa, prompt(orderId, phoneEnding(1)), sentAt);
  const pushed = simulator.pushes.length;
  expect(await requestPayment(mpesa, prompt(orderId, phoneEnding(0)), new Date(sentAt.getTime() + 20_000))).toEqual({
    ok: false,
    problem: "wait",
    seconds: 40,
  });
  expect((await settledRequest(orderId)).state).toBe("failed");
  expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "Unpaid", status: "Pending Payment" });
  expect(await paymentsOf(orderId)).toEqual([]);
  expect((await payNowState(orderId, new Date(sentAt.getTime() + 20_000))).status).toEqual({
    kind: "problem",
    message: "The payment was cancelled on the phone.",
  });
  expect(simulator.pushes).toHaveLength(pushed); // the refused resend reached no phone
});

test("with no callback, the status query asks M-Pesa: 'paid' marks the request receipt pending, 'cancelled' fails it", async () => {
  const { id: paid } = await givenOrder();
  const { id: cancelled } = await givenOrder();
  await requestPayment(mpesa, prompt(paid, phoneEnding(4)));
  await requestPayment(mpesa, prompt(cancelled, phoneEnding(6)));
  // Before 90 seconds nothing is asked; after, each request is asked once.
  expect(await queryUnansweredRequests(mpesa, new Date())).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await queryUnansweredRequests(mpesa, new Date(Date.now() + 91_000))).toBe(2);
  expect((await requestOf(paid)).state).toBe("receipt pending");
  expect((await payNowState(paid)).status).toEqual({ kind: "confirmed", message: RECEIPT_PENDING_MESSAGE });
  // Another request now would take the money twice.
  expect(await requestPayment(mpesa, prompt(paid, phoneEnding(0)), new Date(Date.now() + 120_000))).toEqual({ ok: false, problem: "not-payable" });
  expect((await requestOf(cancelled)).state).toBe("failed");
  expect((await requestOf(cancelled)).resultCode).toBe(1032);
  // Only a receipt pays an order: it waits for the callback or for staff.
  expect(await orderOf(paid)).toMatchObject({ paymentStatus: "Unpaid" });
  expect(await queryUnansweredRequests(mpesa, new Date(Date.now() + 200_000))).toBe(0);
});

test("two app processes asking at once ask M-Pesa about each unanswered request once", async () => {
  const shop: { db: Database; url?: string } = await shopDatabase();
  const other = (await secondConnection(shop))?.db ?? shop.db;
  const unanswered: string[] = [];
  for (let i = 0; i < 6; i++) {
    const { id: orderId } = await givenOrder();
    await requestPayment(mpesa, prompt(orderId, phoneEnding(i % 2 === 0 ? 4 : 6)));
    unanswered.push(orderId);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  const later = new Date(Date.now() + 91_000);
  const [mine, theirs] = await Promise.all([queryUnansweredRequests(mpesa, later, shop.db), queryUnansweredRequests(mpesa, later, other)]);
  expect(mine + theirs).toBe(6);
  for (const orderId of unanswered) expect(await requestOf(orderId)).toMatchObject({ queries: 1, queryAfter: null });
});

// PGlite runs inside this process and reads this process's clock: there is no second machine to disagree with.
test.skipIf(!process.env.DATABASE_URL)(
  "the lease on asking about a request is judged by the database's clock, however far off this process's clock is",
  async () => {
    const { id: orderId } = await givenOrder();
    await requestPayment(mpesa, prompt(orderId, phoneEnding(6)));
    // Claimed as queryUnansweredRequests claims, leased until `offsetMs` from now by the database's clock.
    const leaseUntil = async (offsetMs: number) => {
      await (await db())
        .update(paymentRequests)
        .set({ queryAfter: sql`now() + ${offsetMs} * interval '1 millisecond'`, queries: 1 })
        .where(eq(paymentRequests.orderId, orderId));
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // Another process is asking M-Pesa about it right now; this one's clock is an hour ahead.
      await leaseUntil(60_000);
      vi.setSystemTime(Date.now() + 3_600_000);
      expect(await queryUnansweredRequests(mpesa)).toBe(0);
      expect(await requestOf(orderId)).toMatchObject({ state: "waiting", queries: 1 });

      // That process died and its lease has passed by the database's clock; this one's is an hour behind. It
      // claims the request (what M-Pesa then answers is the simulator's, whose clock is this process's too).
      await leaseUntil(-1_000);
      vi.setSystemTime(Date.now() - 2 * 3_600_000);
      await queryUnansweredRequests(mpesa);
      expect(await requestOf(orderId)).toMatchObject({ queries: 2 });
    } finally {
      vi.useRealTimers();
    }
  },
);

test("a query before the shopper has answered leaves the request waiting, to be asked again", async () => {
  const slow = await startMpesaSimulator({ port: 0, callbackDelayMs: 60_000 });
  try {
    const slowMpesa = { ...mpesa, baseUrl: slow.baseUrl };
    const { id: orderId } = await givenOrder();
    await requestPayment(slowMpesa, prompt(orderId, phoneEnding(4)));
    const asked = new Date(Date.now() + 91_000);
    expect(await queryUnansweredRequests(slowMpesa, asked)).toBe(0);
    const request = await requestOf(orderId);
    expect(request.state).toBe("waiting");
    expect(request.queries).toBe(1);
    expect(request.queryAfter!.getTime()).toBe(asked.getTime() + 30_000);
  } finally {
    await slow.stop();
  }
});

test("a callback sent twice, or twenty times at once, records one payment and takes the stock once", async () => {
  const { id: twice } = await givenOrder();
  await requestPayment(mpesa, prompt(twice, phoneEnding(5)));
  await settledRequest(twice);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(simulator.sentCallbacks.filter((c) => JSON.stringify(c.body).includes((simulator.pushes.at(-1)!.checkoutRequestId)))).toHaveLength(2);
  expect(await paymentsOf(twice)).toHaveLength(1);

  // An order already delivered: the payment makes it Delivered and Paid, which takes its stock (product.md §4).
  const { id: product } = await givenProduct({ stock: 10 });
  const { id: delivered } = await givenOrder({ lines: [{ productId: product, quantity: 3 }] });
  await setOrderStatus(delivered, { status: "Delivered" }, staff);
  const slow = await startMpesaSimulator({ port: 0, callbackDelayMs: 60_000 });
  try {
    await requestPayment({ ...mpesa, baseUrl: slow.baseUrl }, prompt(delivered, phoneEnding(0)));
    const push = slow.pushes.at(-1)!;
    const callback = paidCallback(push.merchantRequestId, push.checkoutRequestId, 3_600, "SIMTWENTY1");
    await Promise.all(Array.from({ length: 20 }, () => receiveExpressCallback(structuredClone(callback))));
  } finally {
    await slow.stop();
  }
  expect(await paymentsOf(delivered)).toHaveLength(1);
  expect(await orderOf(delivered)).toMatchObject({ paymentStatus: "Paid", status: "Delivered" });
  expect(await stockOf(product)).toBe(7);
  expect((await timelineOf("order", delivered)).filter((entry) => entry.service === "M-Pesa")).toHaveLength(1);
});

function paidCallback(merchantRequestId: string, checkoutRequestId: string, amount: number, receipt: string) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: merchantRequestId,
        CheckoutRequestID: checkoutRequestId,
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        CallbackMetadata: {
          Item: [
            { Name: "MpesaReceiptNumber", Value: receipt },
            { Name: "Amount", Value: amount },
            { Name: "TransactionDate", Value: 20261124153012 },
            { Name: "PhoneNumber", Value: 254712345670 },
          ],
        },
      },
    },
  };
}

test("a forged callback for a request the shop never sent changes no order; its money waits for staff", async () => {
  const { id: orderId } = await givenOrder();
  await receiveExpressCallback(paidCallback("1-2-3", "ws_CO_FORGED", 1_200, "SIMFORGED1"));
  expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "Unpaid" });
  const [forged] = (await unmatchedPayments()).filter((p) => p.receipt === "SIMFORGED1");
  expect(forged).toMatchObject({ orderId: null, problem: "unknown request", amountCents: 1_200_00 });
});

test("an underpayment leaves the order Unpaid and flags it for staff", async () => {
  const { id: orderId } = await givenOrder();
  await requestPayment(mpesa, prompt(orderId, phoneEnding(8)));
  expect((await settledRequest(orderId)).state).toBe("paid");
  expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "Unpaid", status: "Pending Payment" });
  expect(await paymentsOf(orderId)).toMatchObject([{ state: "unmatched", problem: "wrong amount", amountCents: 1_199_00 }]);
  expect((await payNowState(orderId)).status).toEqual({ kind: "problem", message: WRONG_AMOUNT_MESSAGE });
});

test("M-Pesa down leaves the order as it was, and the shopper may try again at once", async () => {
  const { id: orderId } = await givenOrder();
  simulator.failNext("push");
  expect(await requestPayment(mpesa, prompt(orderId, phoneEnding(0)))).toEqual({ ok: false, problem: "mpesa-down" });
  expect(await requestOf(orderId)).toMatchObject({ state: "not sent" });
  expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "Unpaid", status: "Pending Payment" });
  expect((await payNowState(orderId)).secondsUntilResend).toBe(0);
  expect(await requestPayment(mpesa, prompt(orderId, phoneEnding(0)))).toEqual({ ok: true });
});

test("a paybill payment with the order's account number pays it once M-Pesa confirms it; one naming no order waits for staff, who attach or dismiss it", async () => {
  expect(simulator.registered).toBeUndefined();
  const { registerPaybillUrls } = await import("./daraja.server");
  expect(await registerPaybillUrls(mpesa)).toEqual({ ok: true });
  expect(await registerPaybillUrls(mpesa)).toEqual({ ok: true });

  const { id: matched } = await givenOrder();
  // The database's code is the domain's: the generated column says what orderCode says.
  expect((await orderOf(matched)).orderCode).toBe(orderCode(matched));
  const typed = ` ${orderCode(matched).slice(0, 5).toLowerCase()} #${orderCode(matched).slice(5)} `;
  expect((await simulator.confirmC2b({ billRef: typed, amount: 1_200, transId: "SIMPAYBIL0" })).status).toBe(200);
  // Recorded, and not paid until M-Pesa's Transaction Status confirms it (decision 044).
  expect(await paymentOf("SIMPAYBIL0")).toMatchObject({ state: "confirming", orderId: matched });
  expect(await orderOf(matched)).toMatchObject({ paymentStatus: "Unpaid" });
  expect(await checkedPayment("SIMPAYBIL0")).toMatchObject({ state: "applied", method: "M-Pesa Paybill", queries: 1 });
  expect(simulator.statusQueries.filter((q) => q.receipt === "SIMPAYBIL0")).toHaveLength(1);
  expect(await orderOf(matched)).toMatchObject({ paymentStatus: "Paid", status: "Processing" });
  expect((await timelineOf("order", matched)).at(-1)).toMatchObject({ service: "M-Pesa", note: "M-Pesa receipt SIMPAYBIL0" });

  const { id: unpaid } = await givenOrder();
  await simulator.confirmC2b({ billRef: "WRONGREF", amount: 1_200, transId: "SIMPAYBIL1" });
  await simulator.confirmC2b({ billRef: "WRONGREF", amount: 1_200, transId: "SIMPAYBIL1" }); // sent again
  await checkedPayment("SIMPAYBIL1");
  const strays = (await unmatchedPayments()).filter((p) => p.receipt === "SIMPAYBIL1");
  expect(strays).toMatchObject([{ problem: "no order", reference: "WRONGREF" }]);

  expect(await attachPayment(strays[0]!.id, orderCode(unpaid).toLowerCase(), staff)).toEqual({ ok: true });
  expect(await orderOf(unpaid)).toMatchObject({ paymentStatus: "Paid", status: "Processing" });
  expect((await timelineOf("order", unpaid)).at(-1)).toMatchObject({ staffEmail: "owner@duka.test", note: "M-Pesa receipt SIMPAYBIL1" });
  expect(await timelineOf("payment", "SIMPAYBIL1")).toMatchObject([{ staffEmail: "owner@duka.test", after: { state: "applied", orderId: unpaid } }]);
  // Settled once: a second staff member's attach or dismiss finds it gone.
  expect(await dismissPayment(strays[0]!.id, staff)).toEqual({ ok: false, problem: "payment-gone" });

  await simulator.confirmC2b({ billRef: "", amount: 500, transId: "SIMPAYBIL2" });
  await checkedPayment("SIMPAYBIL2");
  const [another] = (await unmatchedPayments()).filter((p) => p.receipt === "SIMPAYBIL2");
  expect(await attachPayment(another!.id, orderCode(matched), staff)).toEqual({ ok: false, problem: "order-paid" });
  expect(await attachPayment(another!.id, "NOSUCHCODE", staff)).toEqual({ ok: false, problem: "order-missing" });
  expect(await dismissPayment(another!.id, staff)).toEqual({ ok: true });
  expect((await unmatchedPayments()).some((p) => p.receipt === "SIMPAYBIL2")).toBe(false);
});

test("the hook route answers every body Daraja could send with 200 Accepted, and a wrong secret with 404", async () => {
  const [, , , , , secret] = callbackUrls(mpesa).express.split("/");
  const post = (hook: string, body: string, secretPart = secret!) =>
    darajaHook({
      request: new Request(`http://shop/hooks/daraja/${secretPart}/${hook}`, { method: "POST", body }),
      params: { secret: secretPart, hook },
      context: {},
    } as Parameters<typeof darajaHook>[0]);
  for (const body of ["", "not json", "{}", '{"Body":{}}', JSON.stringify(paidCallback("1", "ws_CO_NONE", 5, "SIMNOTHING"))]) {
    const answer = await post("express", body);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ResultCode: 0, ResultDesc: "Accepted" });
  }
  expect((await post("paybill-confirmation", '{"TransID": ""}')).status).toBe(200);
  expect((await post("paybill-validation", "{}")).status).toBe(200);
  for (const hook of ["paybill-check", "paybill-check-timeout"]) {
    for (const body of ["", "not json", "{}", '{"Result":{"ResultCode":0,"ConversationID":"AG_NOBODY"}}']) expect((await post(hook, body)).status).toBe(200);
  }
  expect((await post("express", "{}", "0".repeat(32))).status).toBe(404);
  expect((await post("elsewhere", "{}")).status).toBe(404);
});

/** Posts a body to one of the shop's hook addresses, as Daraja would. */
function postHook(hook: string, body: unknown) {
  const [, , , , , secret] = callbackUrls(mpesa).express.split("/");
  return darajaHook({
    request: new Request(`http://shop/hooks/daraja/${secret}/${hook}`, { method: "POST", body: JSON.stringify(body) }),
    params: { secret: secret!, hook },
    context: { cspNonce: "", clientAddress: "196.201.214.200" },
  } as Parameters<typeof darajaHook>[0]);
}

/**
 * A paybill payment M-Pesa made and reported, recorded by the shop as Daraja's confirmation arrived, but with
 * nobody asking M-Pesa about it yet: the hook's own prompt question is left out, as if its process had died.
 */
async function paybillPaymentReceived(input: C2bInput) {
  const registered = simulator.registered!;
  simulator.registered = { ...registered, confirmationUrl: "http://127.0.0.1:9/nowhere" };
  try {
    await simulator.confirmC2b(input);
  } finally {
    simulator.registered = registered;
  }
  return receivePaybillPayment(mpesa, simulator.sentCallbacks.at(-1)!.body);
}

const statusQueriesOf = (receipt: string) => simulator.statusQueries.filter((query) => query.receipt === receipt);

test("an order with delivery is paid by its total with the fee: a paybill payment of the subtotal alone is flagged for staff", async () => {
  const zone = await createDeliveryOption(
    { kind: "zone", name: "Nairobi CBD", areas: "", deliveryTime: "", feeCents: 250_00, freeFromCents: null },
    staff,
  );
  try {
    // One unit at KSH 1,200 plus KSH 250 delivery.
    const { id: orderId } = await givenOrder({ delivery: zone });
    expect(await orderOf(orderId)).toMatchObject({ totalCents: 1_450_00, deliveryFeeCents: 250_00 });
    await simulator.confirmC2b({ billRef: orderCode(orderId), amount: 1_200, transId: "SIMSUBTOT1" });
    expect(await checkedPayment("SIMSUBTOT1")).toMatchObject({ state: "unmatched", problem: "wrong amount", orderId });
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "Unpaid" });
    await simulator.confirmC2b({ billRef: orderCode(orderId), amount: 1_450, transId: "SIMWHOLE01" });
    expect(await checkedPayment("SIMWHOLE01")).toMatchObject({ state: "applied", orderId });
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "Paid" });
  } finally {
    await deleteDeliveryOption(zone, staff);
  }
});

test("a paybill payment to another shortcode is refused: recorded nowhere, no order changed, and its validation declined", async () => {
  const { id: orderId } = await givenOrder();
  expect((await simulator.confirmC2b({ billRef: orderCode(orderId), amount: 1_200, transId: "SIMOTHERS1", shortcode: "600000" })).status).toBe(200);
  expect(await paymentOf("SIMOTHERS1")).toBeUndefined();
  expect(statusQueriesOf("SIMOTHERS1")).toEqual([]);
  expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "Unpaid", status: "Pending Payment" });

  const validation = (shortcode: string) => ({ TransID: "SIMOTHERS2", TransAmount: "1200.00", BusinessShortCode: shortcode, BillRefNumber: orderCode(orderId) });
  expect(await (await postHook("paybill-validation", validation("600000"))).json()).toEqual({ ResultCode: "C2B00015", ResultDesc: "Rejected" });
  expect(await (await postHook("paybill-validation", validation("174379"))).json()).toEqual({ ResultCode: "0", ResultDesc: "Accepted" });
});

test("a forged paybill confirmation (a receipt M-Pesa does not know) pays nothing and waits for staff as not confirmed by M-Pesa", async () => {
  const { id: orderId } = await givenOrder();
  await simulator.confirmC2b({ billRef: orderCode(orderId), amount: 1_200, transId: "FORGED0001", forged: true });
  expect(await checkedPayment("FORGED0001")).toMatchObject({ state: "unmatched", problem: "not confirmed", orderId });
  expect(statusQueriesOf("FORGED0001")).toHaveLength(1);
  expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "Unpaid", status: "Pending Payment" });
  expect((await timelineOf("order", orderId)).filter((entry) => entry.service === "M-Pesa")).toEqual([]);
  const [waiting] = (await unmatchedPayments()).filter((payment) => payment.receipt === "FORGED0001");
  expect(unmatchedPaymentShown(waiting!).problem).toBe(
    "Not confirmed by M-Pesa: it knows no such payment, or not of this amount to this paybill, so it may be forged. Check your M-Pesa statement before attaching it.",
  );
});

test("two app processes confirming at once ask M-Pesa about each paybill payment once, and each pays its order once", async () => {
  const shop: { db: Database; url?: string } = await shopDatabase();
  const other = (await secondConnection(shop))?.db ?? shop.db;
  const paid: { orderId: string; receipt: string }[] = [];
  for (let i = 0; i < 6; i++) {
    const { id: orderId } = await givenOrder();
    const receipt = `SIMBOTH00${i}`;
    expect(await paybillPaymentReceived({ billRef: orderCode(orderId), amount: 1_200, transId: receipt })).toBe("confirming");
    paid.push({ orderId, receipt });
  }
  const now = new Date();
  await Promise.all([confirmPaybillPayments(mpesa, now, shop.db), confirmPaybillPayments(mpesa, now, other)]);
  for (const { orderId, receipt } of paid) {
    expect(statusQueriesOf(receipt)).toHaveLength(1);
    expect(await checkedPayment(receipt)).toMatchObject({ state: "applied", queries: 1, orderId });
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "Paid", status: "Processing" });
    expect((await timelineOf("order", orderId)).filter((entry) => entry.service === "M-Pesa")).toHaveLength(1);
  }
});

test("a payment claimed by a process that died before M-Pesa heard the question is asked about again once its lease runs out", async () => {
  const { id: orderId } = await givenOrder();
  await paybillPaymentReceived({ billRef: orderCode(orderId), amount: 1_200, transId: "SIMLEASE01" });
  const claimedAt = new Date();
  simulator.failNext("status");
  await confirmPaybillPayments(mpesa, claimedAt);
  expect(await paymentOf("SIMLEASE01")).toMatchObject({ state: "confirming", queries: 1, conversationId: null });
  // Meanwhile another process leaves it alone.
  await confirmPaybillPayments(mpesa, new Date(claimedAt.getTime() + 60_000));
  expect(statusQueriesOf("SIMLEASE01")).toEqual([]);
  await confirmPaybillPayments(mpesa, new Date(claimedAt.getTime() + 2 * 60_000));
  expect(statusQueriesOf("SIMLEASE01")).toHaveLength(1);
  expect(await checkedPayment("SIMLEASE01")).toMatchObject({ state: "applied", queries: 2 });
  expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "Paid" });
});

test(`a paybill payment M-Pesa never answers about waits for staff after ${CONFIRM_TRIES} questions`, async () => {
  const { id: orderId } = await givenOrder();
  await paybillPaymentReceived({ billRef: orderCode(orderId), amount: 1_200, transId: "SIMSILENT1" });
  simulator.failNext("status-result", CONFIRM_TRIES);
  let at = Date.now();
  for (let i = 0; i < CONFIRM_TRIES; i++, at += 2 * 60_000) await confirmPaybillPayments(mpesa, new Date(at));
  expect(statusQueriesOf("SIMSILENT1")).toHaveLength(CONFIRM_TRIES);
  expect(await paymentOf("SIMSILENT1")).toMatchObject({ state: "confirming" });
  await confirmPaybillPayments(mpesa, new Date(at));
  expect(statusQueriesOf("SIMSILENT1")).toHaveLength(CONFIRM_TRIES);
  expect(await paymentOf("SIMSILENT1")).toMatchObject({ state: "unmatched", problem: "confirmation unanswered", orderId });
  expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "Unpaid" });
});

test("without an initiator, or with one M-Pesa refuses, paybill payments wait for staff: the shop cannot confirm them", async () => {
  const { id: orderId } = await givenOrder();
  const registered = simulator.registered!;
  simulator.registered = { ...registered, confirmationUrl: "http://127.0.0.1:9/nowhere" };
  try {
    await simulator.confirmC2b({ billRef: orderCode(orderId), amount: 1_200, transId: "SIMNOINIT2" });
  } finally {
    simulator.registered = registered;
  }
  expect(await receivePaybillPayment({ ...mpesa, initiator: undefined }, simulator.sentCallbacks.at(-1)!.body)).toBe("waiting for staff");
  expect(await paymentOf("SIMNOINIT2")).toMatchObject({ state: "unmatched", problem: "cannot confirm", orderId });

  const { id: refused } = await givenOrder();
  await paybillPaymentReceived({ billRef: orderCode(refused), amount: 1_200, transId: "SIMBADINIT" });
  await confirmPaybillPayments({ ...mpesa, initiator: { name: "sim-initiator", securityCredential: "not-the-credential" } });
  expect(await checkedPayment("SIMBADINIT")).toMatchObject({ state: "unmatched", problem: "cannot confirm", orderId: refused });
  expect(await orderOf(refused)).toMatchObject({ paymentStatus: "Unpaid" });
});

/** M-Pesa Express as a shop configured with the default prompt limits has it. */
const withDefaultLimits = () => ({ ...mpesa, promptsPerHour: readConfig(shopEnvironment).mpesa!.promptsPerHour });

test(`the ${MPESA_PROMPTS_PER_PHONE + 1}th prompt to one number within the hour is refused with when to try again, whatever the order`, async () => {
  const limited = withDefaultLimits();
  const phone = "0712 345 600";
  const from = "41.90.64.17";
  const at = new Date();
  const pushesTo = () => simulator.pushes.filter((push) => push.request.PhoneNumber === "254712345600").length;
  // A prompt M-Pesa could not take, and a resend within the wait, count for nothing.
  simulator.failNext("push");
  expect(await requestPayment(limited, prompt((await givenOrder()).id, phone, from), at)).toEqual({ ok: false, problem: "mpesa-down" });
  for (let i = 0; i < MPESA_PROMPTS_PER_PHONE; i++) {
    const { id: orderId } = await givenOrder();
    expect(await requestPayment(limited, prompt(orderId, phone, from), at)).toEqual({ ok: true });
    expect(await requestPayment(limited, prompt(orderId, phone, from), at)).toMatchObject({ ok: false, problem: "wait" });
  }
  expect(pushesTo()).toBe(MPESA_PROMPTS_PER_PHONE);
  const later = new Date(at.getTime() + 35 * 60_000);
  expect(await requestPayment(limited, prompt((await givenOrder()).id, phone, "105.160.3.4"), later)).toEqual({
    ok: false,
    problem: "too-many",
    retryAfterSeconds: 25 * 60,
  });
  expect(pushesTo()).toBe(MPESA_PROMPTS_PER_PHONE);
  // Another number from the same connection is prompted.
  expect(await requestPayment(limited, prompt((await givenOrder()).id, "0712 345 601", from), later)).toEqual({ ok: true });
});

test("ten prompts to one number at once, for ten orders, send only as many as the hour allows", async () => {
  const limited = withDefaultLimits();
  const orders = await Promise.all(Array.from({ length: 10 }, () => givenOrder()));
  const answers = await Promise.all(orders.map(({ id }, i) => requestPayment(limited, prompt(id, "0712 345 602", `41.90.65.${i + 1}`))));
  expect(answers.filter((answer) => answer.ok)).toHaveLength(MPESA_PROMPTS_PER_PHONE);
  expect(answers.filter((answer) => !answer.ok && answer.problem === "too-many")).toHaveLength(10 - MPESA_PROMPTS_PER_PHONE);
  expect(simulator.pushes.filter((push) => push.request.PhoneNumber === "254712345602")).toHaveLength(MPESA_PROMPTS_PER_PHONE);
  // A refused prompt leaves no request behind to hold its order's resend wait.
  const requests = await (await db()).select().from(paymentRequests).where(inArray(paymentRequests.orderId, orders.map((order) => order.id)));
  expect(requests).toHaveLength(MPESA_PROMPTS_PER_PHONE);
});

test(`the ${MPESA_PROMPTS_PER_ADDRESS + 1}th prompt from one client network within the hour is refused, to any number`, async () => {
  const limited = withDefaultLimits();
  const at = new Date();
  // One IPv6 subscriber's /64 is one client, whichever of its addresses it uses.
  const from = (host: number) => `2c0f:fe38:2001:7f::${host.toString(16)}`;
  const phone = (i: number) => `0722 000 ${String(200 + i)}`;
  for (let i = 0; i < MPESA_PROMPTS_PER_ADDRESS; i++) {
    expect(await requestPayment(limited, prompt((await givenOrder()).id, phone(i), from(i + 1)), at)).toEqual({ ok: true });
  }
  const pushed = simulator.pushes.length;
  expect(await requestPayment(limited, prompt((await givenOrder()).id, phone(50), from(999)), at)).toEqual({
    ok: false,
    problem: "too-many",
    retryAfterSeconds: 3600,
  });
  expect(simulator.pushes).toHaveLength(pushed);
  // Another network is prompted.
  expect(await requestPayment(limited, prompt((await givenOrder()).id, phone(50), "2c0f:fe38:2001:80::1"), at)).toEqual({ ok: true });
});

test("a prompt to another number than the order's phone is written to the order's activity log; one to its own is not", async () => {
  const { id: own } = await givenOrder({ phone: "+254712345671" });
  expect(await requestPayment(mpesa, prompt(own, "0712 345 671"))).toEqual({ ok: true });
  expect((await timelineOf("order", own)).filter((entry) => entry.after && "mpesaPhone" in entry.after)).toEqual([]);

  const { id: orderId } = await givenOrder({ phone: "+254712345678" });
  expect(await requestPayment(mpesa, prompt(orderId, "0733 100 201"))).toEqual({ ok: true });
  expect((await timelineOf("order", orderId)).filter((entry) => entry.after && "mpesaPhone" in entry.after)).toMatchObject([
    {
      staffEmail: null,
      service: null,
      action: "update",
      before: { mpesaPhone: "+254712345678" },
      after: { mpesaPhone: "+254733100201" },
      note: "M-Pesa payment request sent to another number than the order's phone, as typed on the payment page.",
    },
  ]);
});
