import { c2bConfirmationSchema, darajaErrorSchema, stkCallbackSchema, stkQueryAnswerSchema, transactionStatusResultSchema } from "./mpesa.schema";
import { centsToShillings, roundToWholeShilling, shillingsToCents } from "./money";
import { clientNetwork, type RateLimit } from "./rate-limit";

// M-Pesa Express (Safaricom's Daraja API) as the shop speaks it: the requests it sends, the callbacks it reads,
// and the words a shopper sees (issue 11). Pure rules: the clock comes in as `now`, the network stays in
// app/server. Daraja's field names are kept as Daraja spells them, so a request can be read against its docs.

/** Daraja refuses an AccountReference longer than 12 characters. */
export const ACCOUNT_REFERENCE_MAX = 12;
/** Daraja refuses a TransactionDesc longer than 13 characters. */
export const TRANSACTION_DESC_MAX = 13;

/** A shopper may ask for a new push this long after the last one: the phone shows one prompt at a time. */
export const RESEND_WAIT_SECONDS = 60;
/** With no callback this long after a push, the shop asks Daraja itself (the status query). */
export const CALLBACK_WAIT_SECONDS = 90;

/** Daraja keeps a token for an hour; the shop stops using it this much earlier, about 50 minutes in. */
const TOKEN_SAFETY_SECONDS = 600;

/**
 * M-Pesa Express prompts one phone number may be sent in an hour, across all orders (issue 21): enough for a
 * shopper whose first try was cancelled or timed out, too few to ring a stranger's phone all day.
 */
export const MPESA_PROMPTS_PER_PHONE = 3;
/** Prompts one client network may ask for in an hour: looser, as a carrier puts many shoppers behind one address. */
export const MPESA_PROMPTS_PER_ADDRESS = 10;
const HOUR_MS = 60 * 60_000;

/**
 * The limits a prompt counts against before Daraja is asked (decision 030), the broadest first: the client's
 * network (an IPv6 client's /64), then the phone number ("2547…") it goes to. A prompt staff send has no client
 * network of a shopper's (null): it counts against the phone number alone (decision 054).
 */
export function paymentPromptLimits(
  prompt: { phone: string; clientAddress: string | null },
  perHour: { perPhone: number; perAddress: number },
): RateLimit[] {
  const phone = { key: `mpesa-prompt-phone:${prompt.phone}`, limit: perHour.perPhone, windowMs: HOUR_MS };
  if (prompt.clientAddress === null) return [phone];
  return [{ key: `mpesa-prompt-address:${clientNetwork(prompt.clientAddress)}`, limit: perHour.perAddress, windowMs: HOUR_MS }, phone];
}


// ---- Time --------------------------------------------------------------------------------------------------

// Daraja reads every timestamp as Kenyan wall-clock time, whatever zone the server runs in.
const DARAJA_TIME_ZONE = "Africa/Nairobi";
const darajaClock = new Intl.DateTimeFormat("en-US", {
  timeZone: DARAJA_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23", // midnight is "00", never "24"
});

/** An instant as Daraja's `Timestamp`: "YYYYMMDDHHmmss" in Nairobi time, e.g. 22:30 UTC → "…013000" next day. */
export function darajaTimestamp(now: Date): string {
  const parts = darajaClock.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}${part("month")}${part("day")}${part("hour")}${part("minute")}${part("second")}`;
}

const DARAJA_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/**
 * The instant a Daraja time means ("20261125013000", or the number 20261125013000 as callbacks send it), for
 * the payments ledger; undefined when it is not a real Nairobi time.
 */
export function timeFromDaraja(stamp: string | number): Date | undefined {
  const match = DARAJA_TIME.exec(String(stamp).trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Nairobi's offset, read from the zone data rather than written down here; checked by the round trip below.
  const offset = Date.parse(isoOf(darajaTimestamp(new Date(asIfUtc)))) - asIfUtc;
  const instant = new Date(asIfUtc - offset);
  return darajaTimestamp(instant) === match[0] ? instant : undefined;
}

const isoOf = (stamp: string) =>
  `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}Z`;

/** Whole seconds before a shopper may ask for another push; 0 when they may now. */
export function secondsUntilResend(lastPushAt: Date, now: Date): number {
  const elapsed = now.getTime() - lastPushAt.getTime();
  if (Number.isNaN(elapsed)) return 0;
  // Clamped: a push stamped a little ahead by another server's clock still waits no more than the full minute.
  return Math.min(RESEND_WAIT_SECONDS, Math.max(0, Math.ceil((RESEND_WAIT_SECONDS * 1000 - elapsed) / 1000)));
}

/** Until when a token Daraja has just issued is used: its lifetime less a safety margin, never in the past. */
export function tokenUsableUntil(issuedAt: Date, expiresInSeconds: number): Date {
  const seconds = Number.isFinite(expiresInSeconds) ? Math.max(0, expiresInSeconds - TOKEN_SAFETY_SECONDS) : 0;
  return new Date(issuedAt.getTime() + seconds * 1000);
}

// ---- Credentials -------------------------------------------------------------------------------------------

// btoa over UTF-8 bytes: the platform's own base64, in Node and in browsers alike.
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The push's and query's `Password`: base64 of shortcode, passkey and timestamp, run together. */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return base64(`${shortcode}${passkey}${timestamp}`);
}

/** The token request's `Authorization` header: HTTP Basic with the app's consumer key and secret. */
export function tokenAuthorization(consumerKey: string, consumerSecret: string): string {
  return `Basic ${base64(`${consumerKey}:${consumerSecret}`)}`;
}

export type MpesaEnvironment = "sandbox" | "production";

/** Daraja's host: MPESA_BASE_URL when set (a local simulator, tests), else Safaricom's for the environment. */
export function darajaBaseUrl(environment: MpesaEnvironment, override?: string): string {
  const chosen = override?.trim();
  if (chosen) return chosen.replace(/\/+$/, "");
  return environment === "production" ? "https://api.safaricom.co.ke" : "https://sandbox.safaricom.co.ke";
}

// ---- Phone numbers, references, amounts --------------------------------------------------------------------

// What people type for a Kenyan mobile: "+254 712 345 678", "0712-345-678", "712345678", "254712345678".
const TYPED_PHONE = /^\+?\d+(?:[ -]+\d+)*$/;
// 254, a Safaricom-range mobile prefix (7… or 1…), then 8 more digits: all Daraja accepts as PartyA.
const DARAJA_PHONE = /^254[17]\d{8}$/;

/**
 * A Kenyan mobile number as Daraja wants it: "254" and the last 9 digits, e.g. "0712 345 678" → "254712345678";
 * undefined for anything else, including a number from another country.
 */
export function mpesaPhoneNumber(phone: string): string | undefined {
  const typed = phone.trim();
  if (typed.length > 32 || !TYPED_PHONE.test(typed)) return undefined;
  const digits = typed.replace(/\D/g, "");
  const international = typed.startsWith("+") || digits.startsWith("00");
  const national = international ? digits.replace(/^00/, "") : digits;
  // With a country code, only Kenya's (and "+254 0712…", a leading 0 people keep out of habit).
  const match = international ? /^2540?(\d{9})$/.exec(national) : /^(?:2540?|0)?(\d{9})$/.exec(national);
  const number = match ? `254${match[1]}` : undefined;
  return number && DARAJA_PHONE.test(number) ? number : undefined;
}

const ORDER_CODE_LENGTH = 10;

/**
 * An order's short code: the first 10 characters of its id in capitals (50 random bits, so codes do not
 * collide in practice). It is the push's AccountReference and the account number a paybill payer types.
 */
export function orderCode(orderId: string): string {
  return orderId.slice(0, ORDER_CODE_LENGTH).toUpperCase();
}

/** An account number as a paybill payer typed it, made comparable: trimmed, capitals, no spaces or '#'. */
export function normaliseBillRef(billRef: string): string {
  return billRef.trim().toUpperCase().replace(/[\s#]/g, "");
}

/** An amount in cents as Daraja's `Amount`: whole shillings, rounded half up like the order total. */
export function wholeShillings(cents: number): number {
  return centsToShillings(roundToWholeShilling(cents));
}

/**
 * Whether an amount paid (in shillings, as Daraja reports it) is the order's total in whole shillings. M-Pesa
 * moves whole shillings only, so a payment with cents in it is a different amount and never matches.
 */
export function amountMatches(paidShillings: number, totalCents: number): boolean {
  return Number.isFinite(paidShillings) && shillingsToCents(paidShillings) === roundToWholeShilling(totalCents);
}

/**
 * The push's `TransactionDesc`, which the phone shows beside the amount: the store's name in plain letters,
 * digits and spaces, at most 13 characters, cut between words where it can; "Order" if nothing is left.
 */
export function transactionDescription(storeName: string): string {
  const plain = storeName
    .normalize("NFKD")
    .replace(/\p{M}/gu, "") // "Café" → "Cafe"
    .replace(/['’]/g, "") // "Amani's" → "Amanis"
    .replace(/[^A-Za-z0-9]+/g, " ")
    .trim();
  if (plain.length <= TRANSACTION_DESC_MAX) return plain || "Order";
  const cut = plain.slice(0, TRANSACTION_DESC_MAX);
  const lastSpace = plain[TRANSACTION_DESC_MAX] === " " ? TRANSACTION_DESC_MAX : cut.lastIndexOf(" ");
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trim();
}

// ---- Requests ----------------------------------------------------------------------------------------------

export type StkPushRequest = {
  BusinessShortCode: string;
  Password: string;
  Timestamp: string;
  TransactionType: "CustomerPayBillOnline" | "CustomerBuyGoodsOnline";
  Amount: number;
  PartyA: string;
  PartyB: string;
  PhoneNumber: string;
  CallBackURL: string;
  AccountReference: string;
  TransactionDesc: string;
};

/**
 * The body of a push (`/mpesa/stkpush/v1/processrequest`). With a till, money goes to the till (PartyB) and
 * the shortcode is the store number that signs the request; without one, both are the paybill. Throws a
 * RangeError for what Daraja would refuse anyway: an amount under KSH 1 or a phone not in "254…" form.
 */
export function stkPushRequest(input: {
  shortcode: string;
  passkey: string;
  till?: string;
  amountCents: number;
  phone: string;
  callbackUrl: string;
  orderId: string;
  storeName: string;
  now: Date;
}): StkPushRequest {
  const amount = wholeShillings(input.amountCents);
  if (!(amount >= 1)) throw new RangeError(`M-Pesa cannot collect ${input.amountCents} cents`);
  if (!DARAJA_PHONE.test(input.phone)) throw new RangeError(`Not an M-Pesa phone number: ${input.phone}`);
  const reference = orderCode(input.orderId);
  if (!/^[A-Z0-9]+$/.test(reference) || reference.length > ACCOUNT_REFERENCE_MAX) {
    throw new RangeError(`Not an order id: ${input.orderId}`);
  }
  const timestamp = darajaTimestamp(input.now);
  const till = input.till?.trim();
  return {
    BusinessShortCode: input.shortcode,
    Password: stkPassword(input.shortcode, input.passkey, timestamp),
    Timestamp: timestamp,
    TransactionType: till ? "CustomerBuyGoodsOnline" : "CustomerPayBillOnline",
    Amount: amount,
    PartyA: input.phone,
    PartyB: till || input.shortcode,
    PhoneNumber: input.phone,
    CallBackURL: input.callbackUrl,
    AccountReference: reference,
    TransactionDesc: transactionDescription(input.storeName),
  };
}

/** The body of a status query (`/mpesa/stkpushquery/v1/query`) for a push the shop sent. */
export function stkQueryRequest(input: { shortcode: string; passkey: string; checkoutRequestId: string; now: Date }): {
  BusinessShortCode: string;
  Password: string;
  Timestamp: string;
  CheckoutRequestID: string;
} {
  const timestamp = darajaTimestamp(input.now);
  return {
    BusinessShortCode: input.shortcode,
    Password: stkPassword(input.shortcode, input.passkey, timestamp),
    Timestamp: timestamp,
    CheckoutRequestID: input.checkoutRequestId,
  };
}

/**
 * The body of a Transaction Status query (`/mpesa/transactionstatus/v1/query`) about a paybill payment: M-Pesa
 * answers later, at `resultUrl`, with what it knows of the receipt (decision 044).
 */
export function transactionStatusRequest(input: {
  initiator: string;
  securityCredential: string;
  receipt: string;
  shortcode: string;
  resultUrl: string;
  timeoutUrl: string;
}): {
  Initiator: string;
  SecurityCredential: string;
  CommandID: "TransactionStatusQuery";
  TransactionID: string;
  PartyA: string;
  IdentifierType: "4";
  ResultURL: string;
  QueueTimeOutURL: string;
  Remarks: string;
  Occasion: string;
} {
  return {
    Initiator: input.initiator,
    SecurityCredential: input.securityCredential,
    CommandID: "TransactionStatusQuery",
    TransactionID: input.receipt,
    PartyA: input.shortcode,
    IdentifierType: "4", // an organisation's shortcode
    ResultURL: input.resultUrl,
    QueueTimeOutURL: input.timeoutUrl,
    Remarks: "Paybill payment check",
    Occasion: input.receipt,
  };
}

// ---- Callback addresses ------------------------------------------------------------------------------------

/**
 * What MPESA_CALLBACK_SECRET may be: 32 to 128 hex digits (128 bits or more), which can never spell a word
 * Daraja refuses in an address.
 */
export const CALLBACK_SECRET_FORMAT = /^[0-9a-f]{32,128}$/i;

/** Words Daraja refuses anywhere in a callback or confirmation address. */
export const FORBIDDEN_CALLBACK_WORDS: readonly string[] = ["mpesa", "safaricom", "exe", "cmd", "sql", "query"];

// Plain http only for the local simulator; Safaricom itself calls https addresses only.
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why Daraja would refuse an address for its callbacks, in one sentence; undefined when it is usable. The
 * secret path segment counts too: one made of hex digits can never spell a forbidden word.
 */
export function callbackUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return "The callback address is not a full web address (it should start with https://).";
  }
  const local = LOCAL_HOSTS.has(parsed.hostname);
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && local)) {
    return "The callback address must start with https://, as Safaricom only calls secure addresses.";
  }
  const lower = url.toLowerCase();
  const word = FORBIDDEN_CALLBACK_WORDS.find((w) => lower.includes(w));
  if (word) return `The callback address must not contain "${word}", as Safaricom refuses addresses with that word.`;
  return undefined;
}

// ---- What Daraja sends back --------------------------------------------------------------------------------

export type StkOutcome =
  | {
      kind: "paid";
      checkoutRequestId: string;
      merchantRequestId: string;
      amount: number;
      receipt: string;
      transactionDate: number | null;
      phone: string | null;
    }
  | { kind: "failed"; checkoutRequestId: string; merchantRequestId: string; resultCode: number; resultDesc: string };

type MetadataValue = string | number | null | undefined;

// A callback's metadata by Name; a name given twice with two different values makes it unreadable.
function metadataByName(items: readonly { Name: string; Value?: MetadataValue }[]): Map<string, MetadataValue> | undefined {
  const byName = new Map<string, MetadataValue>();
  for (const item of items) {
    const name = item.Name.trim();
    if (byName.has(name) && String(byName.get(name)) !== String(item.Value)) return undefined;
    byName.set(name, item.Value);
  }
  return byName;
}

const NUMERIC = /^-?\d+(?:\.\d+)?$/;

function numberFrom(value: MetadataValue): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && NUMERIC.test(value.trim())) return Number(value.trim());
  return undefined;
}

/**
 * What an STK callback says happened, or undefined when it is not one the shop can trust the shape of. A
 * success must carry its amount and receipt number; the rest of the metadata is kept when it is there.
 */
export function readStkCallback(body: unknown): StkOutcome | undefined {
  const parsed = stkCallbackSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const callback = parsed.data.Body.stkCallback;
  const ids = { checkoutRequestId: callback.CheckoutRequestID, merchantRequestId: callback.MerchantRequestID };
  if (callback.ResultCode !== 0) {
    return { kind: "failed", ...ids, resultCode: callback.ResultCode, resultDesc: callback.ResultDesc };
  }
  const metadata = metadataByName(callback.CallbackMetadata?.Item ?? []);
  if (!metadata) return undefined;
  const amount = numberFrom(metadata.get("Amount"));
  const receipt = metadata.get("MpesaReceiptNumber");
  if (amount === undefined || !(amount > 0)) return undefined;
  if (typeof receipt !== "string" || !/^[A-Za-z0-9]{1,40}$/.test(receipt.trim())) return undefined;
  const date = numberFrom(metadata.get("TransactionDate"));
  const phone = numberFrom(metadata.get("PhoneNumber"));
  return {
    kind: "paid",
    ...ids,
    amount,
    receipt: receipt.trim().toUpperCase(),
    transactionDate: date !== undefined && Number.isSafeInteger(date) ? date : null,
    phone: phone !== undefined && Number.isSafeInteger(phone) && phone > 0 ? String(phone) : null,
  };
}

/** What a status query says of a push: paid (no receipt comes with it), failed, still pending, or an error. */
export type StkQueryOutcome =
  | { kind: "paid" }
  | { kind: "failed"; resultCode: number; resultDesc: string }
  | { kind: "pending" }
  | { kind: "error"; errorCode: string; errorMessage: string };

// Daraja's "The transaction is being processed" (an error while the shopper has not answered yet), and the
// newer ResultCode for the same thing.
const QUERY_PENDING_ERROR = "500.001.1001";
const QUERY_PENDING_RESULT = 4999;

/** Reads a status query's answer; undefined when it is neither an answer nor a Daraja error. */
export function readStkQueryAnswer(body: unknown): StkQueryOutcome | undefined {
  const answer = stkQueryAnswerSchema.safeParse(body);
  if (answer.success) {
    const { ResultCode: resultCode, ResultDesc: resultDesc } = answer.data;
    if (resultCode === 0) return { kind: "paid" };
    if (resultCode === QUERY_PENDING_RESULT) return { kind: "pending" };
    return { kind: "failed", resultCode, resultDesc };
  }
  const error = darajaErrorSchema.safeParse(body);
  if (!error.success) return undefined;
  if (error.data.errorCode === QUERY_PENDING_ERROR) return { kind: "pending" };
  return { kind: "error", errorCode: error.data.errorCode, errorMessage: error.data.errorMessage };
}

export type C2bPayment = {
  transId: string;
  transTime: string;
  amount: number;
  shortcode: string;
  billRef: string;
  msisdn: string;
  firstName: string;
};

/** A paybill (C2B) confirmation or validation, or undefined when it lacks what a payment needs. */
export function readC2bConfirmation(body: unknown): C2bPayment | undefined {
  const parsed = c2bConfirmationSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const c2b = parsed.data;
  return {
    transId: c2b.TransID,
    transTime: c2b.TransTime,
    amount: c2b.TransAmount,
    shortcode: c2b.BusinessShortCode,
    billRef: c2b.BillRefNumber,
    msisdn: c2b.MSISDN,
    firstName: c2b.FirstName,
  };
}

/** Whether a paybill payment was made to this shop: to its paybill (or store) number, or to its till. */
export function isPaidToShop(shortcode: string, shop: { shortcode: string; till?: string | undefined }): boolean {
  const code = shortcode.trim();
  return code === shop.shortcode || (shop.till !== undefined && code === shop.till);
}

/** What M-Pesa's answer to a Transaction Status query says of a receipt. */
export type TransactionStatusResult = {
  /** Daraja's id for the question it answers, as it gave it when it took the question. */
  conversationId: string;
  resultCode: string;
  resultDesc: string;
  receipt: string | null;
  /** Shillings. */
  amount: number | null;
  /** The shortcode the money went to ("174379" of "174379 - Duka Crafts"). */
  creditedTo: string | null;
  /** "Completed" for a payment that went through. */
  status: string | null;
};

/** A Transaction Status result posted to the ResultURL, or undefined when it is not in Daraja's shape. */
export function readTransactionStatusResult(body: unknown): TransactionStatusResult | undefined {
  const parsed = transactionStatusResultSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const result = parsed.data.Result;
  const listed = result.ResultParameters?.ResultParameter;
  const parameters = new Map<string, MetadataValue>();
  for (const { Key, Value } of Array.isArray(listed) ? listed : listed ? [listed] : []) {
    const key = Key.trim();
    // A key given twice with two values makes the answer unreadable, as with callback metadata.
    if (parameters.has(key) && String(parameters.get(key)) !== String(Value)) return undefined;
    parameters.set(key, Value);
  }
  const text = (key: string) => {
    const value = parameters.get(key);
    return value === undefined || value === null || String(value).trim() === "" ? null : String(value).trim();
  };
  const creditParty = text("CreditPartyName");
  return {
    conversationId: result.ConversationID,
    resultCode: result.ResultCode,
    resultDesc: result.ResultDesc,
    receipt: (text("ReceiptNo") ?? (result.TransactionID || null))?.toUpperCase() ?? null,
    amount: numberFrom(parameters.get("Amount")) ?? null,
    creditedTo: creditParty === null ? null : creditParty.split(" - ")[0]!.trim(),
    status: text("TransactionStatus"),
  };
}

/** Result codes that mean M-Pesa refused the shop's own question (its initiator or credential), not the payment. */
const INITIATOR_REFUSED = new Set(["2001", "8006"]);

/** What the shop makes of M-Pesa's answer about a paybill payment it was told of. */
export type PaymentCheck = { kind: "confirmed" } | { kind: "not confirmed" | "cannot confirm"; why: string };

/**
 * Whether M-Pesa confirms a paybill payment as the confirmation reported it: a completed payment with the same
 * receipt, of the same amount, to this shop's shortcode. Anything else is not confirmed, and the payment waits
 * for staff; M-Pesa refusing the shop's initiator says nothing about the payment itself.
 */
export function paymentCheckVerdict(
  payment: { receipt: string; amountCents: number },
  result: TransactionStatusResult,
  shop: { shortcode: string; till?: string | undefined },
): PaymentCheck {
  const code = result.resultCode.trim();
  if (INITIATOR_REFUSED.has(code)) return { kind: "cannot confirm", why: `M-Pesa refused the shop's initiator: ${result.resultDesc} (${code})` };
  if (code !== "0") return { kind: "not confirmed", why: `M-Pesa answered: ${result.resultDesc} (${code})` };
  if (result.receipt !== payment.receipt.toUpperCase()) return { kind: "not confirmed", why: `M-Pesa's answer is about receipt ${result.receipt ?? "(none)"}` };
  if (result.status !== "Completed") return { kind: "not confirmed", why: `M-Pesa says the payment is ${result.status ?? "of no known status"}` };
  if (result.amount === null || shillingsToCents(result.amount) !== payment.amountCents) {
    return { kind: "not confirmed", why: `M-Pesa says KSH ${result.amount ?? "(none)"} was paid` };
  }
  if (result.creditedTo === null || !isPaidToShop(result.creditedTo, shop)) {
    return { kind: "not confirmed", why: `M-Pesa says it was paid to ${result.creditedTo ?? "(nobody)"}` };
  }
  return { kind: "confirmed" };
}

/** The answer to every STK callback and C2B confirmation, read or not, so Safaricom does not send it again. */
export const CALLBACK_ACCEPTED = { ResultCode: 0, ResultDesc: "Accepted" } as const;
/** The answer to a C2B validation the shop lets through (it accepts every payment and matches it afterwards). */
export const VALIDATION_ACCEPTED = { ResultCode: "0", ResultDesc: "Accepted" } as const;
/** The answer to a C2B validation for another shortcode than the shop's: M-Pesa declines it ("Invalid Shortcode"). */
export const VALIDATION_REJECTED = { ResultCode: "C2B00015", ResultDesc: "Rejected" } as const;

/**
 * The answer to a C2B validation: the shop lets every payment to it through and matches it afterwards, and
 * declines one for another shortcode, so that money is never taken in its name.
 */
export function validationAnswer(
  body: unknown,
  shop: { shortcode: string; till?: string | undefined },
): typeof VALIDATION_ACCEPTED | typeof VALIDATION_REJECTED {
  const payment = readC2bConfirmation(body);
  return payment && !isPaidToShop(payment.shortcode, shop) ? VALIDATION_REJECTED : VALIDATION_ACCEPTED;
}
