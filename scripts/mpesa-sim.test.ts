import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type MpesaSimulator, startMpesaSimulator } from "./mpesa-sim";

const DELAY_MS = 50;
const SHORTCODE = "174379";
const PASSKEY = "sim-passkey";

type Received = { path: string; body: Record<string, unknown> };

/** The shop's side: a server that records every callback and confirmation it is sent. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received.push({ path: request.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end('{"ResultCode":0,"ResultDesc":"Accepted"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let sim: MpesaSimulator;
let shop: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  sim = await startMpesaSimulator({ port: 0, callbackDelayMs: DELAY_MS });
  shop = await startReceiver();
});

afterAll(async () => {
  await sim.stop();
  await shop.stop();
});

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`;

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${sim.baseUrl}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function accessToken() {
  const { body } = await call("/oauth/v1/generate?grant_type=client_credentials", {
    headers: { Authorization: basic("sim-key", "sim-secret") },
  });
  return String(body.access_token);
}

async function post(path: string, body: unknown, token?: string) {
  return call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token ?? (await accessToken())}` },
    body: JSON.stringify(body),
  });
}

const TIMESTAMP = "20261124153012";
const password = (timestamp = TIMESTAMP) => Buffer.from(SHORTCODE + PASSKEY + timestamp).toString("base64");

function pushBody(phone: string, changes: Record<string, unknown> = {}) {
  return {
    BusinessShortCode: SHORTCODE,
    Password: password(),
    Timestamp: TIMESTAMP,
    TransactionType: "CustomerPayBillOnline",
    Amount: 1200,
    PartyA: phone,
    PartyB: SHORTCODE,
    PhoneNumber: phone,
    CallBackURL: `${shop.url}/hooks/stk/secret123`,
    AccountReference: "DK7Q2M",
    TransactionDesc: "Duka order",
    ...changes,
  };
}

const push = async (phone: string, changes?: Record<string, unknown>) => post("/mpesa/stkpush/v1/processrequest", pushBody(phone, changes));

const query = (checkoutRequestId: string) =>
  post("/mpesa/stkpushquery/v1/query", {
    BusinessShortCode: SHORTCODE,
    Password: password(),
    Timestamp: TIMESTAMP,
    CheckoutRequestID: checkoutRequestId,
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The callbacks the shop has received for one checkout. */
const callbacksFor = (checkoutRequestId: string) =>
  shop.received
    .map((r) => r.body as { Body?: { stkCallback?: Record<string, unknown> } })
    .map((body) => body.Body?.stkCallback)
    .filter((callback) => callback?.CheckoutRequestID === checkoutRequestId);

async function waitFor<T>(read: () => T | undefined, ms = 2_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("waited in vain");
    await pause(10);
  }
}

/** Callback items by name, as the shop must read them. */
function items(callback: Record<string, unknown>) {
  const list = (callback.CallbackMetadata as { Item: { Name: string; Value?: unknown }[] }).Item;
  return Object.fromEntries(list.map((item) => [item.Name, item.Value]));
}

describe("token", () => {
  test("good credentials get a bearer token for an hour", async () => {
    const { status, body } = await call("/oauth/v1/generate?grant_type=client_credentials", {
      headers: { Authorization: basic("sim-key", "sim-secret") },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ access_token: expect.stringMatching(/^\w{20,}$/), expires_in: "3599" });
  });

  test("bad credentials get Daraja's error", async () => {
    const { status, body } = await call("/oauth/v1/generate?grant_type=client_credentials", {
      headers: { Authorization: basic("sim-key", "wrong") },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ requestId: expect.any(String), errorCode: "400.008.01", errorMessage: "Invalid Authentication passed" });
  });

  test("a push without a valid token is refused", async () => {
    const { status, body } = await post("/mpesa/stkpush/v1/processrequest", pushBody("254712345670"), "not-a-token");
    expect(status).toBe(401);
    expect(body).toMatchObject({ errorCode: "404.001.03", errorMessage: "Invalid Access Token" });
  });
});

describe("push validation", () => {
  test.each([
    ["Password", { Password: Buffer.from(SHORTCODE + "other-passkey" + TIMESTAMP).toString("base64") }],
    ["Timestamp", { Timestamp: "2026112415301" }],
    ["BusinessShortCode", { BusinessShortCode: "600000" }],
    ["TransactionType", { TransactionType: "CustomerPayBill" }],
    ["Amount", { Amount: 12.5 }],
    ["Amount", { Amount: 0 }],
    ["PartyA", { PartyA: "0712345670" }],
    ["PhoneNumber", { PhoneNumber: "+254712345670" }],
    ["PhoneNumber", { PhoneNumber: "254212345670" }],
    ["AccountReference", { AccountReference: "DUKA-ORDER-123" }],
    ["TransactionDesc", { TransactionDesc: "Payment for order" }],
    ["CallBackURL", { CallBackURL: "http://127.0.0.1:3000/mpesa/callback" }],
    ["CallBackURL", { CallBackURL: "https://shop.example/hooks/QUERY" }],
    ["CallBackURL", { CallBackURL: "ftp://shop.example/hooks" }],
  ])("a bad %s is refused by name", async (field, changes) => {
    const { status, body } = await push("254712345670", changes);
    expect(status).toBe(400);
    expect(body).toEqual({ requestId: expect.any(String), errorCode: "400.002.02", errorMessage: `Bad Request - Invalid ${field}` });
  });

  test("an accepted push answers like Daraja, with a new checkout id each time", async () => {
    const first = await push("254712345670", { Amount: "1200", PartyA: 254712345670, PhoneNumber: 254712345670 });
    const second = await push("254112345670");
    expect(first).toEqual({
      status: 200,
      body: {
        MerchantRequestID: expect.any(String),
        CheckoutRequestID: expect.stringMatching(/^ws_CO_\d+$/),
        ResponseCode: "0",
        ResponseDescription: "Success. Request accepted for processing",
        CustomerMessage: "Success. Request accepted for processing",
      },
    });
    expect(second.body.CheckoutRequestID).not.toBe(first.body.CheckoutRequestID);
  });
});

describe("callbacks by the phone number's last digit", () => {
  test.each([
    ["1", 1032, "Request cancelled by user"],
    ["2", 1037, "DS timeout user cannot be reached"],
    ["3", 1, "The balance is insufficient for the transaction"],
    ["7", 2001, "The initiator information is invalid."],
    ["9", 1019, "Transaction has expired"],
  ])("…%s fails with %i and no metadata", async (digit, resultCode, resultDesc) => {
    const { body } = await push(`25471234567${digit}`);
    const id = String(body.CheckoutRequestID);
    const [callback] = await waitFor(() => (callbacksFor(id).length ? callbacksFor(id) : undefined));
    expect(callback).toEqual({
      MerchantRequestID: body.MerchantRequestID,
      CheckoutRequestID: id,
      ResultCode: resultCode,
      ResultDesc: resultDesc,
    });
    expect(await query(id)).toMatchObject({ status: 200, body: { ResultCode: String(resultCode), ResultDesc: resultDesc } });
  });

  test("…0 pays, with the metadata as numbers and strings, read by name", async () => {
    const { body } = await push("254712345670");
    const id = String(body.CheckoutRequestID);
    const [callback] = await waitFor(() => (callbacksFor(id).length ? callbacksFor(id) : undefined));
    expect(callback).toMatchObject({ CheckoutRequestID: id, ResultCode: 0, ResultDesc: "The service request is processed successfully." });
    expect(items(callback!)).toEqual({
      Amount: 1200,
      MpesaReceiptNumber: expect.stringMatching(/^SIM[A-Z0-9]{7}$/),
      Balance: undefined,
      TransactionDate: expect.any(Number),
      PhoneNumber: 254712345670,
    });
    expect(String(items(callback!).TransactionDate)).toMatch(/^20\d{12}$/);
    expect(sim.pushes.find((p) => p.checkoutRequestId === id)?.receipt).toBe(items(callback!).MpesaReceiptNumber);
  });

  test("…5 pays and sends the same callback twice", async () => {
    const { body } = await push("254712345675");
    const id = String(body.CheckoutRequestID);
    const callbacks = await waitFor(() => (callbacksFor(id).length === 2 ? callbacksFor(id) : undefined));
    expect(callbacks[0]).toMatchObject({ ResultCode: 0 });
    expect(items(callbacks[1]!).MpesaReceiptNumber).toBe(items(callbacks[0]!).MpesaReceiptNumber);
  });

  test("…8 pays one shilling less than asked", async () => {
    const { body } = await push("254712345678", { Amount: 500 });
    const id = String(body.CheckoutRequestID);
    const [callback] = await waitFor(() => (callbacksFor(id).length ? callbacksFor(id) : undefined));
    expect(callback).toMatchObject({ ResultCode: 0 });
    expect(items(callback!).Amount).toBe(499);
  });

  test.each([
    ["4", "0", "The service request is processed successfully."],
    ["6", "1032", "Request cancelled by user"],
  ])("…%s never calls back; the query answers pending, then %s", async (digit, resultCode, resultDesc) => {
    const { body } = await push(`25471234567${digit}`);
    const id = String(body.CheckoutRequestID);
    expect(await query(id)).toEqual({
      status: 500,
      body: { requestId: expect.any(String), errorCode: "500.001.1001", errorMessage: "The transaction is being processed" },
    });
    await waitFor(() => sim.pushes.find((p) => p.checkoutRequestId === id && p.decided));
    await pause(DELAY_MS * 2);
    expect(callbacksFor(id)).toEqual([]);
    expect(await query(id)).toEqual({
      status: 200,
      body: {
        ResponseCode: "0",
        ResponseDescription: expect.any(String),
        MerchantRequestID: body.MerchantRequestID,
        CheckoutRequestID: id,
        ResultCode: resultCode,
        ResultDesc: resultDesc,
      },
    });
  });

  test("the query refuses an unknown checkout id", async () => {
    const { status, body } = await query("ws_CO_000000000000000000");
    expect(status).toBe(400);
    expect(body).toMatchObject({ errorCode: "400.002.02", errorMessage: "Bad Request - Invalid CheckoutRequestID" });
  });

  test("a callback nobody answers is recorded, not retried, and the simulator carries on", async () => {
    const closed = await startReceiver();
    await closed.stop();
    const { body } = await push("254712345670", { CallBackURL: `${closed.url}/hooks/stk` });
    const sent = await waitFor(() => sim.sentCallbacks.find((c) => c.url === `${closed.url}/hooks/stk`));
    expect(sent.status).toBe(0);
    await pause(DELAY_MS * 2);
    expect(sim.sentCallbacks.filter((c) => c.url === sent.url)).toHaveLength(1);
    expect(await query(String(body.CheckoutRequestID))).toMatchObject({ status: 200, body: { ResultCode: "0" } });
  });
});

describe("paybill (C2B)", () => {
  test("confirmations need a registered URL", async () => {
    await expect(sim.confirmC2b({ billRef: "DK7Q2M", amount: 1200 })).rejects.toThrow(/registered/);
  });

  test("registerurl records the URLs and answers the same when registered again", async () => {
    const registration = {
      ShortCode: SHORTCODE,
      ResponseType: "Completed",
      ConfirmationURL: `${shop.url}/hooks/c2b/secret123/confirm`,
      ValidationURL: `${shop.url}/hooks/c2b/secret123/validate`,
    };
    for (let i = 0; i < 2; i++) {
      const { status, body } = await post("/mpesa/c2b/v2/registerurl", registration);
      expect(status).toBe(200);
      expect(body).toEqual({ OriginatorCoversationID: expect.any(String), ResponseCode: "0", ResponseDescription: "Success" });
    }
    expect(sim.registered).toEqual({
      shortCode: SHORTCODE,
      confirmationUrl: registration.ConfirmationURL,
      validationUrl: registration.ValidationURL,
    });
    const refused = await post("/mpesa/c2b/v2/registerurl", { ...registration, ConfirmationURL: `${shop.url}/safaricom/confirm` });
    expect(refused.body).toMatchObject({ errorCode: "400.002.02", errorMessage: "Bad Request - Invalid ConfirmationURL" });
  });

  test("confirmC2b posts Daraja's confirmation to the registered URL", async () => {
    expect(await sim.confirmC2b({ billRef: " dk7q2m ", amount: 1200, msisdn: "254712345126", firstName: "Amina" })).toEqual({
      status: 200,
    });
    const confirmation = shop.received.at(-1)!;
    expect(confirmation.path).toBe("/hooks/c2b/secret123/confirm");
    expect(confirmation.body).toEqual({
      TransactionType: "Pay Bill",
      TransID: expect.stringMatching(/^SIM[A-Z0-9]{7}$/),
      TransTime: expect.stringMatching(/^20\d{12}$/),
      TransAmount: "1200.00",
      BusinessShortCode: SHORTCODE,
      BillRefNumber: " dk7q2m ",
      InvoiceNumber: "",
      OrgAccountBalance: "",
      ThirdPartyTransID: "",
      MSISDN: "2547 ***** 126",
      FirstName: "Amina",
    });
  });

  test("POST /simulate/c2b does the same from the command line", async () => {
    const { status, body } = await call("/simulate/c2b", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ billRef: "DK7Q2M", amount: 750 }),
    });
    expect({ status, body }).toEqual({ status: 200, body: { status: 200 } });
    expect(shop.received.at(-1)?.body).toMatchObject({ BillRefNumber: "DK7Q2M", TransAmount: "750.00" });
  });
});

describe("failNext", () => {
  const unavailable = { requestId: expect.any(String), errorCode: "503.001.01", errorMessage: "Service is currently unavailable" };

  test("the next calls of one kind answer 503, then service resumes", async () => {
    const token = await accessToken();
    sim.failNext("push", 2);
    for (let i = 0; i < 2; i++) {
      expect(await post("/mpesa/stkpush/v1/processrequest", pushBody("254712345671"), token)).toEqual({ status: 503, body: unavailable });
    }
    expect((await post("/mpesa/stkpush/v1/processrequest", pushBody("254712345671"), token)).status).toBe(200);

    sim.failNext("token");
    const down = await call("/oauth/v1/generate?grant_type=client_credentials", {
      headers: { Authorization: basic("sim-key", "sim-secret") },
    });
    expect(down).toEqual({ status: 503, body: unavailable });
    expect(await accessToken()).toMatch(/^\w+$/);

    sim.failNext("query");
    expect(await query("ws_CO_000000000000000000")).toEqual({ status: 503, body: unavailable });
  });
});

describe("Transaction Status", () => {
  const statusBody = (receipt: string, changes: Record<string, unknown> = {}) => ({
    Initiator: "sim-initiator",
    SecurityCredential: "sim-credential",
    CommandID: "TransactionStatusQuery",
    TransactionID: receipt,
    PartyA: SHORTCODE,
    IdentifierType: "4",
    ResultURL: `${shop.url}/hooks/check/secret123`,
    QueueTimeOutURL: `${shop.url}/hooks/check-timeout/secret123`,
    Remarks: "Paybill payment check",
    Occasion: receipt,
    ...changes,
  });

  const askStatus = (receipt: string, changes?: Record<string, unknown>) => post("/mpesa/transactionstatus/v1/query", statusBody(receipt, changes));

  type StatusResult = { ConversationID: string; ResultCode: number; ResultDesc: string; ResultParameters?: { ResultParameter: { Key: string; Value?: unknown }[] } };
  const resultFor = (conversationId: unknown) =>
    waitFor(() =>
      shop.received
        .filter((r) => r.path === "/hooks/check/secret123")
        .map((r) => (r.body as { Result: StatusResult }).Result)
        .find((result) => result.ConversationID === conversationId),
    );
  const parameters = (result: StatusResult) => Object.fromEntries((result.ResultParameters?.ResultParameter ?? []).map((p) => [p.Key, p.Value]));

  test("takes the question at once, with a ConversationID, and posts what it knows of a paybill payment to the ResultURL", async () => {
    await sim.confirmC2b({ billRef: "DK7Q2M", amount: 1350, transId: "SIMSTATUS1", msisdn: "254712345126", firstName: "Amina" });
    const { status, body } = await askStatus("SIMSTATUS1");
    expect({ status, body }).toEqual({
      status: 200,
      body: {
        OriginatorConversationID: expect.stringMatching(/^\d+-\d+-1$/),
        ConversationID: expect.stringMatching(/^AG_\d{8}_[0-9a-f]{20}$/),
        ResponseCode: "0",
        ResponseDescription: "Accept the service request successfully.",
      },
    });
    const result = await resultFor(body.ConversationID);
    expect(result).toMatchObject({ ResultCode: 0, ResultDesc: "The service request is processed successfully.", OriginatorConversationID: body.OriginatorConversationID });
    expect(parameters(result)).toMatchObject({
      ReceiptNo: "SIMSTATUS1",
      Amount: 1350,
      TransactionStatus: "Completed",
      CreditPartyName: `${SHORTCODE} - Sim Shop`,
      DebitPartyName: "2547 ***** 126 - Amina",
    });
    expect(sim.statusQueries.at(-1)).toMatchObject({ receipt: "SIMSTATUS1", conversationId: body.ConversationID });
  });

  test("knows a push it paid, with the amount actually paid, and a payment to another shortcode as paid to that one", async () => {
    const { body: pushed } = await push("254712345678", { Amount: 500 });
    const paid = await waitFor(() => sim.pushes.find((p) => p.checkoutRequestId === pushed.CheckoutRequestID && p.decided));
    const { body } = await askStatus(paid.receipt!.toLowerCase());
    expect(parameters(await resultFor(body.ConversationID))).toMatchObject({ ReceiptNo: paid.receipt, Amount: 499 });

    await sim.confirmC2b({ billRef: "DK7Q2M", amount: 800, transId: "SIMELSEWHR", shortcode: "600000" });
    expect(shop.received.at(-1)?.body).toMatchObject({ BusinessShortCode: "600000", TransID: "SIMELSEWHR" });
    const { body: other } = await askStatus("SIMELSEWHR");
    expect(parameters(await resultFor(other.ConversationID))).toMatchObject({ CreditPartyName: "600000 - Sim Shop" });
  });

  test("a forged confirmation is posted like any other, but M-Pesa knows no such receipt", async () => {
    await sim.confirmC2b({ billRef: "DK7Q2M", amount: 1200, transId: "FORGED0002", forged: true });
    expect(shop.received.at(-1)?.body).toMatchObject({ TransID: "FORGED0002", TransAmount: "1200.00" });
    const { body } = await askStatus("FORGED0002");
    const result = await resultFor(body.ConversationID);
    expect(result).toMatchObject({ ResultCode: 1, ResultDesc: "The transaction receipt number does not exist." });
    expect(result.ResultParameters).toBeUndefined();
  });

  test("a wrong initiator or credential is answered at the ResultURL as Daraja does: the initiator information is invalid", async () => {
    await sim.confirmC2b({ billRef: "DK7Q2M", amount: 1200, transId: "SIMSTATUS2" });
    const { body } = await askStatus("SIMSTATUS2", { SecurityCredential: "wrong" });
    expect(await resultFor(body.ConversationID)).toMatchObject({ ResultCode: 2001, ResultDesc: "The initiator information is invalid." });
  });

  test.each([
    ["CommandID", { CommandID: "TransactionStatus" }],
    ["TransactionID", { TransactionID: "" }],
    ["PartyA", { PartyA: "paybill" }],
    ["IdentifierType", { IdentifierType: "9" }],
    ["ResultURL", { ResultURL: "https://shop.example/hooks/query" }],
    ["QueueTimeOutURL", { QueueTimeOutURL: "not a url" }],
  ])("a bad %s is refused by name", async (field, changes) => {
    const { status, body } = await askStatus("SIMSTATUS1", changes);
    expect(status).toBe(400);
    expect(body).toMatchObject({ errorCode: "400.002.02", errorMessage: `Bad Request - Invalid ${field}` });
  });

  test("failNext('status') answers 503; failNext('status-result') takes the question and never answers it", async () => {
    sim.failNext("status");
    expect((await askStatus("SIMSTATUS1")).status).toBe(503);
    sim.failNext("status-result");
    const { status, body } = await askStatus("SIMSTATUS1");
    expect(status).toBe(200);
    await pause(DELAY_MS * 6);
    expect(shop.received.some((r) => (r.body as { Result?: StatusResult }).Result?.ConversationID === body.ConversationID)).toBe(false);
  });
});
