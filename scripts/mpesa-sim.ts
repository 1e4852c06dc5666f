import { randomInt, randomUUID } from "node:crypto";
import http from "node:http";

/**
 * A local stand-in for Safaricom's Daraja API (issue 11): the token, STK push, push status query, C2B
 * registerurl and Transaction Status endpoints, answering with Daraja's own shapes and error codes. After a push
 * it calls the shop back with an outcome chosen by the last digit of the phone number, so every path can be tried
 * by hand and in tests. It remembers every payment it made (pushes paid, paybill payments confirmed), and a
 * Transaction Status query is answered from them at the ResultURL, as Daraja does (issue 21).
 * `npm run mpesa:sim` runs it on MPESA_SIM_PORT (default 4010).
 */

export type SimulatorOptions = {
  port?: number;
  host?: string;
  consumerKey?: string;
  consumerSecret?: string;
  shortcode?: string;
  passkey?: string;
  /** Who may ask Transaction Status, and the credential it must send. */
  initiator?: string;
  securityCredential?: string;
  /** How long the "customer" takes on the phone before the outcome is known and the callback sent. */
  callbackDelayMs?: number;
  /** How long a Transaction Status query waits before its result is posted to the ResultURL. */
  statusDelayMs?: number;
  /** Where to say what happened (the command line prints it; tests stay quiet). */
  log?: (line: string) => void;
};

/** An accepted push, as the simulator received it and what it decided. */
export type SimPush = {
  request: Record<string, unknown>;
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  /** Set once callbackDelayMs has passed; until then the status query answers "being processed". */
  decided: boolean;
  /** Only for paid outcomes (also those whose callback never comes). */
  receipt?: string;
};

export type SentCallback = { url: string; body: unknown; status: number };

/** A payment the simulator made: what a Transaction Status query about its receipt is answered with. */
export type SimTransaction = { receipt: string; amount: number; shortcode: string; msisdn: string; name: string; at: string };

/** A Transaction Status query, as the simulator took it. */
export type SimStatusQuery = { request: Record<string, unknown>; receipt: string; conversationId: string };

export type MpesaSimulator = {
  baseUrl: string;
  stop(): Promise<void>;
  pushes: SimPush[];
  /** Every POST the simulator made (STK callbacks, C2B confirmations, Transaction Status results); status 0 means no answer. */
  sentCallbacks: SentCallback[];
  /** Every Transaction Status query taken. */
  statusQueries: SimStatusQuery[];
  confirmC2b(input: C2bInput): Promise<{ status: number }>;
  registered: { shortCode: string; confirmationUrl: string; validationUrl: string } | undefined;
  failNext(kind: FailureKind, times?: number): void;
  /** How many access tokens it has given out (a shop should reuse one for about 50 minutes). */
  tokensIssued(): number;
};

export type C2bInput = {
  billRef: string;
  amount: number;
  msisdn?: string;
  firstName?: string;
  transId?: string;
  /** Paid to another shortcode than the one whose URLs are registered (M-Pesa misrouting, or a forger's guess). */
  shortcode?: string;
  /** A confirmation M-Pesa never made: posted all the same, but Transaction Status knows no such receipt. */
  forged?: boolean;
};

/** "status-result": Daraja takes a Transaction Status query and never posts its result. */
type FailureKind = "token" | "push" | "query" | "status" | "status-result";

export type Outcome = {
  meaning: string;
  resultCode: number;
  resultDesc: string;
  /** How many times the callback is sent: 0 leaves the shop to ask with the status query. */
  callbacks: 0 | 1 | 2;
  /** Shillings paid under the amount asked (an underpayment the shop must not accept). */
  shortBy: number;
};

const PAID = "The service request is processed successfully.";
const CANCELLED = "Request cancelled by user";

/** The outcome of a push, by the last digit of its PhoneNumber. */
export const outcomeByLastDigit: Record<string, Outcome> = {
  "0": { meaning: "paid", resultCode: 0, resultDesc: PAID, callbacks: 1, shortBy: 0 },
  "1": { meaning: "cancelled on the phone", resultCode: 1032, resultDesc: CANCELLED, callbacks: 1, shortBy: 0 },
  "2": { meaning: "phone unreachable", resultCode: 1037, resultDesc: "DS timeout user cannot be reached", callbacks: 1, shortBy: 0 },
  "3": {
    meaning: "insufficient funds",
    resultCode: 1,
    resultDesc: "The balance is insufficient for the transaction",
    callbacks: 1,
    shortBy: 0,
  },
  "4": { meaning: "paid, but no callback ever (the status query says paid)", resultCode: 0, resultDesc: PAID, callbacks: 0, shortBy: 0 },
  "5": { meaning: "paid, callback sent twice", resultCode: 0, resultDesc: PAID, callbacks: 2, shortBy: 0 },
  "6": { meaning: "no callback ever (the status query says cancelled)", resultCode: 1032, resultDesc: CANCELLED, callbacks: 0, shortBy: 0 },
  "7": { meaning: "wrong PIN", resultCode: 2001, resultDesc: "The initiator information is invalid.", callbacks: 1, shortBy: 0 },
  "8": { meaning: "paid one shilling less than asked", resultCode: 0, resultDesc: PAID, callbacks: 1, shortBy: 1 },
  "9": { meaning: "expired", resultCode: 1019, resultDesc: "Transaction has expired", callbacks: 1, shortBy: 0 },
};

const TOKEN_SECONDS = 3599;
const PHONE = /^254[17]\d{8}$/;
// Daraja refuses callback URLs containing these words, so the shop must never build one that does.
const FORBIDDEN_IN_URL = /mpesa|safaricom|exe|cmd|sql|query/i;
const RECEIPT_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

class DarajaError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    errorMessage: string,
  ) {
    super(errorMessage);
  }
}

const invalid = (field: string) => new DarajaError(400, "400.002.02", `Bad Request - Invalid ${field}`);

/** Daraja's clock is Nairobi's (UTC+3, no daylight saving): YYYYMMDDHHmmss. */
function nairobiTimestamp(at = Date.now()) {
  return new Date(at + 3 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);
}

function randomCharacters(length: number, characters = RECEIPT_CHARACTERS) {
  return Array.from({ length }, () => characters[randomInt(characters.length)]).join("");
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** "254712345126" → "2547 ***** 126", the way Daraja shows a payer's number in a C2B confirmation. */
const maskedPhone = (msisdn: string) => `${msisdn.slice(0, 4)} ***** ${msisdn.slice(-3)}`;

function isCallbackUrl(value: unknown): value is string {
  if (typeof value !== "string" || FORBIDDEN_IN_URL.test(value)) return false;
  try {
    // Plain http is allowed because the shop runs locally; Daraja itself wants public https.
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below, like any other payload that is not a JSON object
  }
  throw new DarajaError(400, "400.002.05", "Invalid Request Payload");
}

function answer(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startMpesaSimulator(options: SimulatorOptions = {}): Promise<MpesaSimulator> {
  const consumerKey = options.consumerKey ?? "sim-key";
  const consumerSecret = options.consumerSecret ?? "sim-secret";
  const shortcode = options.shortcode ?? "174379";
  const passkey = options.passkey ?? "sim-passkey";
  const initiator = options.initiator ?? "sim-initiator";
  const securityCredential = options.securityCredential ?? "sim-credential";
  const callbackDelayMs = options.callbackDelayMs ?? 1500;
  const statusDelayMs = options.statusDelayMs ?? 200;
  const log = options.log ?? (() => {});

  const tokens = new Map<string, number>(); // token → expiry (ms)
  const pushById = new Map<string, SimPush>();
  const receipts = new Set<string>();
  const transactions = new Map<string, SimTransaction>();
  const failures: Record<FailureKind, number> = { token: 0, push: 0, query: 0, status: 0, "status-result": 0 };
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  const stopping = new AbortController();

  const simulator: MpesaSimulator = {
    baseUrl: "",
    pushes: [],
    sentCallbacks: [],
    statusQueries: [],
    registered: undefined,
    failNext(kind, times = 1) {
      failures[kind] += times;
    },
    confirmC2b,
    stop,
    tokensIssued: () => tokens.size,
  };

  function newReceipt() {
    let receipt: string;
    do receipt = `SIM${randomCharacters(7)}`;
    while (receipts.has(receipt));
    receipts.add(receipt);
    return receipt;
  }

  /** Whether a failure of this kind was asked for, counting it off. */
  function failing(kind: FailureKind) {
    if (failures[kind] === 0) return false;
    failures[kind]--;
    return true;
  }

  function failIfAsked(kind: FailureKind) {
    if (failing(kind)) throw new DarajaError(503, "503.001.01", "Service is currently unavailable");
  }

  function requireToken(request: http.IncomingMessage) {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const expiry = token === undefined ? undefined : tokens.get(token);
    if (expiry === undefined || expiry < Date.now()) throw new DarajaError(401, "404.001.03", "Invalid Access Token");
  }

  function requirePassword(body: Record<string, unknown>) {
    if (body.BusinessShortCode === undefined || String(body.BusinessShortCode) !== shortcode) throw invalid("BusinessShortCode");
    const timestamp = String(body.Timestamp ?? "");
    if (!/^\d{14}$/.test(timestamp)) throw invalid("Timestamp");
    if (body.Password !== Buffer.from(shortcode + passkey + timestamp).toString("base64")) throw invalid("Password");
  }

  /** POSTs JSON to the shop; a failure is recorded and never retried, like a callback Safaricom gives up on. */
  function post(url: string, body: unknown): Promise<number> {
    const sent = fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(10_000)]),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => 0)
      .then((status) => {
        simulator.sentCallbacks.push({ url, body, status });
        log(`POST ${url} → ${status || "no answer"}`);
        return status;
      });
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
    return sent;
  }

  function token(request: http.IncomingMessage, url: URL) {
    failIfAsked("token");
    const expected = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString("base64")}`;
    if (request.headers.authorization !== expected) throw new DarajaError(400, "400.008.01", "Invalid Authentication passed");
    if (url.searchParams.get("grant_type") !== "client_credentials") throw new DarajaError(400, "400.008.02", "Invalid grant type passed");
    const accessToken = randomCharacters(28, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
    tokens.set(accessToken, Date.now() + TOKEN_SECONDS * 1000);
    return { access_token: accessToken, expires_in: String(TOKEN_SECONDS) };
  }

  /** Checks a push field by field; the answer names the first bad one, as Daraja's does. */
  function validatePush(body: Record<string, unknown>) {
    requirePassword(body);
    const type = body.TransactionType;
    if (type !== "CustomerPayBillOnline" && type !== "CustomerBuyGoodsOnline") throw invalid("TransactionType");
    // Whole shillings; Daraja takes the number or its digits as a string.
    const amount = typeof body.Amount === "string" && /^\d+$/.test(body.Amount) ? Number(body.Amount) : body.Amount;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 1) throw invalid("Amount");
    if (!PHONE.test(String(body.PartyA ?? ""))) throw invalid("PartyA");
    const partyB = String(body.PartyB ?? "");
    // Paybill pays the shortcode itself; buy goods pays a till under the store number.
    if (!/^\d+$/.test(partyB) || (type === "CustomerPayBillOnline" && partyB !== shortcode)) throw invalid("PartyB");
    if (!PHONE.test(String(body.PhoneNumber ?? ""))) throw invalid("PhoneNumber");
    if (!isCallbackUrl(body.CallBackURL)) throw invalid("CallBackURL");
    const reference = body.AccountReference;
    if (typeof reference !== "string" || reference.length < 1 || reference.length > 12) throw invalid("AccountReference");
    const description = body.TransactionDesc;
    if (typeof description !== "string" || description.length < 1 || description.length > 13) throw invalid("TransactionDesc");
    return { amount, phone: String(body.PhoneNumber), callbackUrl: body.CallBackURL };
  }

  function push(body: Record<string, unknown>) {
    const { amount, phone, callbackUrl } = validatePush(body);
    const outcome = outcomeByLastDigit[phone.slice(-1)]!;
    let checkoutRequestId: string;
    do checkoutRequestId = `ws_CO_${nairobiTimestamp()}${randomInt(100_000, 1_000_000)}`;
    while (pushById.has(checkoutRequestId));
    const sim: SimPush = {
      request: body,
      merchantRequestId: `${randomInt(10_000, 100_000)}-${randomInt(10_000_000, 100_000_000)}-1`,
      checkoutRequestId,
      resultCode: outcome.resultCode,
      resultDesc: outcome.resultDesc,
      decided: false,
      receipt: outcome.resultCode === 0 ? newReceipt() : undefined,
    };
    simulator.pushes.push(sim);
    pushById.set(checkoutRequestId, sim);
    log(`push ${checkoutRequestId}: KSH ${amount} from ${phone} → ${outcome.meaning}`);

    const timer = setTimeout(async () => {
      timers.delete(timer);
      sim.decided = true;
      if (sim.receipt !== undefined) {
        transactions.set(sim.receipt, {
          receipt: sim.receipt,
          amount: amount - outcome.shortBy,
          shortcode: String(body.PartyB),
          msisdn: phone,
          name: "Sim Customer",
          at: nairobiTimestamp(),
        });
      }
      const callback = {
        MerchantRequestID: sim.merchantRequestId,
        CheckoutRequestID: sim.checkoutRequestId,
        ResultCode: sim.resultCode,
        ResultDesc: sim.resultDesc,
        ...(sim.receipt === undefined
          ? {}
          : {
              CallbackMetadata: {
                // Shuffled: the shop must read items by Name, never by position.
                Item: shuffled([
                  { Name: "Amount", Value: amount - outcome.shortBy },
                  { Name: "MpesaReceiptNumber", Value: sim.receipt },
                  { Name: "Balance" },
                  { Name: "TransactionDate", Value: Number(nairobiTimestamp()) },
                  { Name: "PhoneNumber", Value: Number(phone) },
                ]),
              },
            }),
      };
      for (let i = 0; i < outcome.callbacks && !stopping.signal.aborted; i++) {
        await post(callbackUrl, { Body: { stkCallback: callback } });
      }
    }, callbackDelayMs);
    timers.add(timer);

    return {
      MerchantRequestID: sim.merchantRequestId,
      CheckoutRequestID: checkoutRequestId,
      ResponseCode: "0",
      ResponseDescription: "Success. Request accepted for processing",
      CustomerMessage: "Success. Request accepted for processing",
    };
  }

  function query(body: Record<string, unknown>) {
    requirePassword(body);
    const sim = pushById.get(String(body.CheckoutRequestID ?? ""));
    if (!sim) throw invalid("CheckoutRequestID");
    if (!sim.decided) throw new DarajaError(500, "500.001.1001", "The transaction is being processed");
    return {
      ResponseCode: "0",
      ResponseDescription: "The service request has been accepted successsfully", // Daraja's own spelling
      MerchantRequestID: sim.merchantRequestId,
      CheckoutRequestID: sim.checkoutRequestId,
      ResultCode: String(sim.resultCode),
      ResultDesc: sim.resultDesc,
    };
  }

  function registerUrl(body: Record<string, unknown>) {
    if (!/^\d+$/.test(String(body.ShortCode ?? ""))) throw invalid("ShortCode");
    if (body.ResponseType !== "Completed" && body.ResponseType !== "Cancelled") throw invalid("ResponseType");
    if (!isCallbackUrl(body.ConfirmationURL)) throw invalid("ConfirmationURL");
    if (!isCallbackUrl(body.ValidationURL)) throw invalid("ValidationURL");
    // Registering again simply replaces the URLs: the shop registers at every start.
    simulator.registered = { shortCode: String(body.ShortCode), confirmationUrl: body.ConfirmationURL, validationUrl: body.ValidationURL };
    log(`registered C2B confirmations for ${body.ShortCode} at ${body.ConfirmationURL}`);
    return { OriginatorCoversationID: randomUUID(), ResponseCode: "0", ResponseDescription: "Success" };
  }

  /**
   * A shopper paying the paybill by hand: posts the confirmation (no validation call: Daraja skips it unless
   * asked) and remembers the payment, unless it is a forgery.
   */
  async function confirmC2b(input: C2bInput) {
    const registered = simulator.registered;
    if (!registered) throw new Error("No confirmation URL is registered yet: start the shop with M-Pesa configured first.");
    const msisdn = input.msisdn ?? "254712345126";
    const receipt = input.transId ?? newReceipt();
    const shortcode = input.shortcode ?? registered.shortCode;
    const firstName = input.firstName ?? "Wanjiru";
    const at = nairobiTimestamp();
    if (!input.forged) transactions.set(receipt.toUpperCase(), { receipt, amount: input.amount, shortcode, msisdn, name: firstName, at });
    const status = await post(registered.confirmationUrl, {
      TransactionType: "Pay Bill",
      TransID: receipt,
      TransTime: at,
      TransAmount: input.amount.toFixed(2),
      BusinessShortCode: shortcode,
      BillRefNumber: input.billRef,
      InvoiceNumber: "",
      OrgAccountBalance: "",
      ThirdPartyTransID: "",
      MSISDN: maskedPhone(msisdn),
      FirstName: firstName,
    });
    return { status };
  }

  async function simulateC2b(body: Record<string, unknown>) {
    const { billRef, amount, msisdn, forged } = body;
    if (typeof billRef !== "string") throw invalid("billRef");
    if (typeof amount !== "number" || !(amount > 0)) throw invalid("amount");
    if (msisdn !== undefined && !PHONE.test(String(msisdn))) throw invalid("msisdn");
    if (!simulator.registered) throw new DarajaError(409, "409.001.01", "No confirmation URL is registered yet");
    return confirmC2b({ billRef, amount, msisdn: msisdn === undefined ? undefined : String(msisdn), forged: forged === true });
  }

  /** What Daraja posts to the ResultURL about one receipt: the payment as M-Pesa made it, or why it cannot say. */
  function statusResult(body: Record<string, unknown>, receipt: string, ids: { ConversationID: string; OriginatorConversationID: string }) {
    const answer = (ResultCode: number, ResultDesc: string, parameters?: { Key: string; Value?: string | number }[]) => ({
      Result: {
        ResultType: 0,
        ResultCode,
        ResultDesc,
        ...ids,
        TransactionID: parameters ? receipt : "",
        ...(parameters ? { ResultParameters: { ResultParameter: shuffled(parameters) } } : {}),
        ReferenceData: { ReferenceItem: { Key: "Occasion", Value: String(body.Occasion ?? "") } },
      },
    });
    if (body.Initiator !== initiator || body.SecurityCredential !== securityCredential) return answer(2001, "The initiator information is invalid.");
    const paid = transactions.get(receipt.toUpperCase());
    if (!paid) return answer(1, "The transaction receipt number does not exist.");
    return answer(0, "The service request is processed successfully.", [
      { Key: "DebitPartyName", Value: `${maskedPhone(paid.msisdn)} - ${paid.name}` },
      { Key: "CreditPartyName", Value: `${paid.shortcode} - Sim Shop` },
      { Key: "OriginatorConversationID", Value: ids.OriginatorConversationID },
      { Key: "InitiatedTime", Value: Number(paid.at) },
      { Key: "DebitAccountType", Value: "MMF Account For Customer" },
      { Key: "DebitPartyCharges" },
      { Key: "TransactionReason" },
      { Key: "ReasonType", Value: "Pay Bill Online" },
      { Key: "TransactionStatus", Value: "Completed" },
      { Key: "FinalisedTime", Value: Number(paid.at) },
      { Key: "Amount", Value: paid.amount },
      { Key: "ConversationID", Value: ids.ConversationID },
      { Key: "ReceiptNo", Value: paid.receipt },
    ]);
  }

  /** A Transaction Status query: taken at once, answered later at the ResultURL, like Daraja's. */
  function transactionStatus(body: Record<string, unknown>) {
    if (body.CommandID !== "TransactionStatusQuery") throw invalid("CommandID");
    const receipt = typeof body.TransactionID === "string" ? body.TransactionID.trim() : "";
    if (!/^[A-Za-z0-9]{1,40}$/.test(receipt)) throw invalid("TransactionID");
    if (!/^\d+$/.test(String(body.PartyA ?? ""))) throw invalid("PartyA");
    if (!["1", "2", "4"].includes(String(body.IdentifierType))) throw invalid("IdentifierType");
    if (!isCallbackUrl(body.ResultURL)) throw invalid("ResultURL");
    if (!isCallbackUrl(body.QueueTimeOutURL)) throw invalid("QueueTimeOutURL");
    const ids = {
      ConversationID: `AG_${nairobiTimestamp().slice(0, 8)}_${randomCharacters(20, "0123456789abcdef")}`,
      OriginatorConversationID: `${randomInt(1_000, 100_000)}-${randomInt(1_000_000, 10_000_000)}-1`,
    };
    simulator.statusQueries.push({ request: body, receipt, conversationId: ids.ConversationID });
    const resultUrl = body.ResultURL;
    if (failing("status-result")) {
      log(`transaction status ${receipt}: taken, never answered`);
    } else {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void post(resultUrl, statusResult(body, receipt, ids));
      }, statusDelayMs);
      timers.add(timer);
    }
    return { ...ids, ResponseCode: "0", ResponseDescription: "Accept the service request successfully." };
  }

  async function route(request: http.IncomingMessage, url: URL): Promise<unknown> {
    const at = `${request.method} ${url.pathname}`;
    if (at === "GET /oauth/v1/generate") return token(request, url);
    if (at === "POST /mpesa/stkpush/v1/processrequest") {
      failIfAsked("push");
      requireToken(request);
      return push(await readJson(request));
    }
    if (at === "POST /mpesa/stkpushquery/v1/query") {
      failIfAsked("query");
      requireToken(request);
      return query(await readJson(request));
    }
    if (at === "POST /mpesa/transactionstatus/v1/query") {
      failIfAsked("status");
      requireToken(request);
      return transactionStatus(await readJson(request));
    }
    if (at === "POST /mpesa/c2b/v2/registerurl") {
      requireToken(request);
      return registerUrl(await readJson(request));
    }
    if (at === "POST /simulate/c2b") return simulateC2b(await readJson(request));
    throw new DarajaError(404, "404.001.01", "Resource not found");
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://simulator");
    route(request, url).then(
      (body) => answer(response, 200, body),
      (error: unknown) => {
        if (!(error instanceof DarajaError)) log(`${request.method} ${url.pathname} failed: ${String(error)}`);
        const daraja = error instanceof DarajaError ? error : new DarajaError(500, "500.003.02", "Internal Server Error");
        answer(response, daraja.status, { requestId: randomUUID(), errorCode: daraja.errorCode, errorMessage: daraja.message });
      },
    );
  });

  async function stop() {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    stopping.abort();
    await Promise.all(inFlight);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  const reachable = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  simulator.baseUrl = `http://${reachable}:${port}`;
  return simulator;
}

async function main() {
  const port = Number(process.env.MPESA_SIM_PORT ?? 4010);
  const simulator = await startMpesaSimulator({ port, log: (line) => console.log(`${new Date().toLocaleTimeString()} ${line}`) });
  console.log(`Daraja simulator on ${simulator.baseUrl}. Start the shop with:

  MPESA_BASE_URL=${simulator.baseUrl} MPESA_CONSUMER_KEY=sim-key MPESA_CONSUMER_SECRET=sim-secret \\
  MPESA_PASSKEY=sim-passkey MPESA_SHORTCODE=174379 MPESA_ENV=sandbox PUBLIC_URL=http://localhost:3000 \\
  MPESA_INITIATOR_NAME=sim-initiator MPESA_SECURITY_CREDENTIAL=sim-credential npm start

The last digit of the phone number decides what happens to a push:`);
  for (const [digit, outcome] of Object.entries(outcomeByLastDigit)) console.log(`  …${digit}  ${outcome.meaning}`);
  console.log(`
Pay the paybill by hand: curl -X POST ${simulator.baseUrl}/simulate/c2b -H 'Content-Type: application/json' \\
  -d '{"billRef": "<order short code>", "amount": 1200}'
Add "forged": true for a confirmation M-Pesa never made: the shop's Transaction Status check will not confirm it.`);
  const stop = () => void simulator.stop().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (process.argv[1]?.endsWith("mpesa-sim.ts")) await main();
