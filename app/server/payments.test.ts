import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { staffActor } from "~/domain/audit";
import { orderCode } from "~/domain/mpesa";
import { PAYMENT_RECEIVED_MESSAGE, RECEIPT_PENDING_MESSAGE, WRONG_AMOUNT_MESSAGE } from "~/domain/pay-now";
import { action as darajaHook } from "~/routes/resources/daraja-hooks";
import { type MpesaSimulator, startMpesaSimulator } from "../../scripts/mpesa-sim";
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
  dismissPayment,
  payNowState,
  queryUnansweredRequests,
  receiveExpressCallback,
  requestPayment,
  unmatchedPayments,
} from "./payments.server";
import { writeSiteDocument } from "./site-documents.server";
import { givenOrder, givenProduct } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// M-Pesa payments end to end on the server (issue 11): the shop asks a local Daraja simulator, which calls the
// shop's hook route back on a local address, as Safaricom would call the shop's public one.

let simulator: MpesaSimulator;
let shopHooks: Server;
let mpesa: MpesaConfig;
const staff = staffActor("owner@duka.test");

const settings = mpesaShopSettings();

beforeAll(async () => {
  // Set-aside callbacks are logged for the operator; here they are expected.
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  await writeSiteDocument("settings", settings);
  simulator = await startMpesaSimulator({ port: 0, callbackDelayMs: 40 });
  // The shop's hook addresses, served by the route module itself.
  shopHooks = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const [, , , secret = "", hook = ""] = url.pathname.split("/");
    const request = new Request(url, { method: "POST", body: Buffer.concat(chunks), headers: { "Content-Type": "application/json" } });
    const answer = await darajaHook({ request, params: { secret, hook }, context: {} } as Parameters<typeof darajaHook>[0]);
    res.writeHead(answer.status, { "Content-Type": "application/json" }).end(await answer.text());
  });
  await new Promise<void>((resolve) => shopHooks.listen(0, "127.0.0.1", resolve));
  const env = {
    PUBLIC_URL: `http://127.0.0.1:${(shopHooks.address() as AddressInfo).port}`,
    MPESA_CONSUMER_KEY: "sim-key",
    MPESA_CONSUMER_SECRET: "sim-secret",
    MPESA_PASSKEY: "sim-passkey",
    MPESA_SHORTCODE: "174379",
    MPESA_BASE_URL: simulator.baseUrl,
  };
  mpesa = readConfig(env).mpesa!;
  // The hook route reads the shop's own settings.
  Object.assign(process.env, env);
});

afterAll(async () => {
  await simulator.stop();
  await new Promise((resolve) => shopHooks.close(resolve));
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

test("a paid request makes the order Paid and Processing, with its receipt in the ledger and M-Pesa in the activity log", async () => {
  const { id: orderId } = await givenOrder();
  expect(await requestPayment(mpesa, orderId, phoneEnding(0), "Duka Crafts")).toEqual({ ok: true });
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
    await Promise.all([givenOrder(), givenOrder(), givenOrder()].map(async (order) => requestPayment(freshMpesa, (await order).id, phoneEnding(1), "Duka Crafts")));
    expect(fresh.pushes).toHaveLength(3);
    expect(fresh.tokensIssued()).toBe(1);
  } finally {
    await fresh.stop();
  }
});

test("a request cancelled on the phone changes no order and says so; the wait before another is 60 seconds", async () => {
  const { id: orderId } = await givenOrder();
  const sentAt = new Date();
  await requestPayment(mpesa, orderId, phoneEnding(1), "Duka Crafts", sentAt);
  const pushed = simulator.pushes.length;
  expect(await requestPayment(mpesa, orderId, phoneEnding(0), "Duka Crafts", new Date(sentAt.getTime() + 20_000))).toEqual({
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
  await requestPayment(mpesa, paid, phoneEnding(4), "Duka Crafts");
  await requestPayment(mpesa, cancelled, phoneEnding(6), "Duka Crafts");
  // Before 90 seconds nothing is asked; after, each request is asked once.
  expect(await queryUnansweredRequests(mpesa, new Date())).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await queryUnansweredRequests(mpesa, new Date(Date.now() + 91_000))).toBe(2);
  expect((await requestOf(paid)).state).toBe("receipt pending");
  expect((await payNowState(paid)).status).toEqual({ kind: "confirmed", message: RECEIPT_PENDING_MESSAGE });
  // Another request now would take the money twice.
  expect(await requestPayment(mpesa, paid, phoneEnding(0), "Duka Crafts", new Date(Date.now() + 120_000))).toEqual({ ok: false, problem: "not-payable" });
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
    await requestPayment(mpesa, orderId, phoneEnding(i % 2 === 0 ? 4 : 6), "Duka Crafts");
    unanswered.push(orderId);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  const later = new Date(Date.now() + 91_000);
  const [mine, theirs] = await Promise.all([queryUnansweredRequests(mpesa, later, shop.db), queryUnansweredRequests(mpesa, later, other)]);
  expect(mine + theirs).toBe(6);
  for (const orderId of unanswered) expect(await requestOf(orderId)).toMatchObject({ queries: 1, queryAfter: null });
});

test("a query before the shopper has answered leaves the request waiting, to be asked again", async () => {
  const slow = await startMpesaSimulator({ port: 0, callbackDelayMs: 60_000 });
  try {
    const slowMpesa = { ...mpesa, baseUrl: slow.baseUrl };
    const { id: orderId } = await givenOrder();
    await requestPayment(slowMpesa, orderId, phoneEnding(4), "Duka Crafts");
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
  await requestPayment(mpesa, twice, phoneEnding(5), "Duka Crafts");
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
    await requestPayment({ ...mpesa, baseUrl: slow.baseUrl }, delivered, phoneEnding(0), "Duka Crafts");
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
  await requestPayment(mpesa, orderId, phoneEnding(8), "Duka Crafts");
  expect((await settledRequest(orderId)).state).toBe("paid");
  expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "Unpaid", status: "Pending Payment" });
  expect(await paymentsOf(orderId)).toMatchObject([{ state: "unmatched", problem: "wrong amount", amountCents: 1_199_00 }]);
  expect((await payNowState(orderId)).status).toEqual({ kind: "problem", message: WRONG_AMOUNT_MESSAGE });
});

test("M-Pesa down leaves the order as it was, and the shopper may try again at once", async () => {
  const { id: orderId } = await givenOrder();
  simulator.failNext("push");
  expect(await requestPayment(mpesa, orderId, phoneEnding(0), "Duka Crafts")).toEqual({ ok: false, problem: "mpesa-down" });
  expect(await requestOf(orderId)).toMatchObject({ state: "not sent" });
  expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "Unpaid", status: "Pending Payment" });
  expect((await payNowState(orderId)).secondsUntilResend).toBe(0);
  expect(await requestPayment(mpesa, orderId, phoneEnding(0), "Duka Crafts")).toEqual({ ok: true });
});

test("a paybill payment with the order's account number pays it; one naming no order waits for staff, who attach or dismiss it", async () => {
  await simulator.stop();
  simulator = await startMpesaSimulator({ port: 0, callbackDelayMs: 40 });
  mpesa = { ...mpesa, baseUrl: simulator.baseUrl };
  const { registerPaybillUrls } = await import("./daraja.server");
  expect(await registerPaybillUrls(mpesa)).toEqual({ ok: true });
  expect(await registerPaybillUrls(mpesa)).toEqual({ ok: true });

  const { id: matched } = await givenOrder();
  // The database's code is the domain's: the generated column says what orderCode says.
  expect((await orderOf(matched)).orderCode).toBe(orderCode(matched));
  const typed = ` ${orderCode(matched).slice(0, 5).toLowerCase()} #${orderCode(matched).slice(5)} `;
  expect((await simulator.confirmC2b({ billRef: typed, amount: 1_200 })).status).toBe(200);
  expect(await orderOf(matched)).toMatchObject({ paymentStatus: "Paid", status: "Processing" });
  expect(await paymentsOf(matched)).toMatchObject([{ state: "applied", method: "M-Pesa Paybill" }]);

  const { id: unpaid } = await givenOrder();
  await simulator.confirmC2b({ billRef: "WRONGREF", amount: 1_200, transId: "SIMPAYBIL1" });
  await simulator.confirmC2b({ billRef: "WRONGREF", amount: 1_200, transId: "SIMPAYBIL1" }); // sent again
  const strays = (await unmatchedPayments()).filter((p) => p.receipt === "SIMPAYBIL1");
  expect(strays).toMatchObject([{ problem: "no order", reference: "WRONGREF" }]);

  expect(await attachPayment(strays[0]!.id, orderCode(unpaid).toLowerCase(), staff)).toEqual({ ok: true });
  expect(await orderOf(unpaid)).toMatchObject({ paymentStatus: "Paid", status: "Processing" });
  expect((await timelineOf("order", unpaid)).at(-1)).toMatchObject({ staffEmail: "owner@duka.test", note: "M-Pesa receipt SIMPAYBIL1" });
  expect(await timelineOf("payment", "SIMPAYBIL1")).toMatchObject([{ staffEmail: "owner@duka.test", after: { state: "applied", orderId: unpaid } }]);
  // Settled once: a second staff member's attach or dismiss finds it gone.
  expect(await dismissPayment(strays[0]!.id, staff)).toEqual({ ok: false, problem: "payment-gone" });

  await simulator.confirmC2b({ billRef: "", amount: 500, transId: "SIMPAYBIL2" });
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
  expect((await post("express", "{}", "0".repeat(32))).status).toBe(404);
  expect((await post("elsewhere", "{}")).status).toBe(404);
});
