import { createHmac } from "node:crypto";
import type { z } from "zod";
import {
  readStkQueryAnswer,
  type StkQueryOutcome,
  stkPushRequest,
  stkQueryRequest,
  tokenAuthorization,
  tokenUsableUntil,
  transactionStatusRequest,
} from "~/domain/mpesa";
import {
  darajaErrorSchema,
  registerUrlAnswerSchema,
  stkPushAnswerSchema,
  tokenAnswerSchema,
  transactionStatusAnswerSchema,
} from "~/domain/mpesa.schema";
import type { MpesaConnection } from "~/domain/mpesa-settings";
import { config, type MpesaConfig } from "./config.server";
import { sameSecret } from "./secret-text.server";

// The one door to Safaricom's Daraja API (issue 11). Configured only by the MPESA_* variables; with none set,
// M-Pesa Express is off and every caller falls back to the instructions of product.md §2.

/** Daraja is slow at times; a shopper waiting on the payment form should hear back well within this. */
const DARAJA_TIMEOUT_MS = 15_000;

export type DarajaFailure = { ok: false; message: string };

/** M-Pesa Express's settings, or undefined when the shop has none. */
export function mpesaSettings(): MpesaConfig | undefined {
  return config().mpesa;
}

/** What Site Settings shows of M-Pesa Express: the account it is paid into, never its keys. */
export function mpesaConnection(): MpesaConnection {
  const mpesa = mpesaSettings();
  return mpesa ? { shortcode: mpesa.shortcode, till: mpesa.till ?? null, environment: mpesa.environment } : null;
}

/**
 * The secret path segment of the callback URLs: MPESA_CALLBACK_SECRET, or for a shop that has not set one, an
 * HMAC of the consumer secret (decision 036). Either is the same in every process and after a restart, so
 * callbacks for requests sent before one still arrive.
 */
function callbackSecret(mpesa: MpesaConfig): string {
  return (
    mpesa.callbackSecret ??
    createHmac("sha256", mpesa.consumerSecret).update(`duka callbacks ${mpesa.shortcode}`).digest("hex").slice(0, 32)
  );
}

export const DARAJA_HOOKS = ["express", "paybill-confirmation", "paybill-validation", "paybill-check", "paybill-check-timeout"] as const;
export type DarajaHook = (typeof DARAJA_HOOKS)[number];

/**
 * Where Daraja posts M-Pesa Express results, paybill payments and its answers about them ('mpesa' and 'query'
 * may not appear in them).
 */
export function callbackUrls(mpesa: MpesaConfig) {
  const base = `${mpesa.publicUrl}/hooks/daraja/${callbackSecret(mpesa)}`;
  return {
    express: `${base}/express`,
    confirmation: `${base}/paybill-confirmation`,
    validation: `${base}/paybill-validation`,
    paybillCheck: `${base}/paybill-check`,
    paybillCheckTimeout: `${base}/paybill-check-timeout`,
  };
}

/**
 * Whether a hook address's secret segment is this shop's (compared in constant time): the current secret, or
 * the one it replaced while MPESA_CALLBACK_SECRET_PREVIOUS names it, for callbacks already on their way.
 */
export function isCallbackSecret(mpesa: MpesaConfig, secret: string): boolean {
  return [callbackSecret(mpesa), mpesa.previousCallbackSecret].some((expected) => expected !== undefined && sameSecret(expected, secret));
}

let token: { value: Promise<string>; usableUntil: number; key: string } | undefined;

/** A Daraja access token, fetched once and shared by every request until about 50 minutes into its hour. */
function accessToken(mpesa: MpesaConfig): Promise<string> {
  const key = `${mpesa.baseUrl} ${mpesa.consumerKey}`;
  if (token && token.key === key && Date.now() < token.usableUntil) return token.value;
  const issuedAt = new Date();
  const fetching = fetchToken(mpesa);
  // Shared while it is fetched, then kept as long as its answer says; a failed fetch is not kept.
  const entry = { value: fetching.then((t) => t.accessToken), usableUntil: Infinity, key };
  token = entry;
  fetching.then(
    (t) => (entry.usableUntil = tokenUsableUntil(issuedAt, t.expiresInSeconds).getTime()),
    () => {
      if (token === entry) token = undefined;
    },
  );
  return entry.value;
}

async function fetchToken(mpesa: MpesaConfig): Promise<{ accessToken: string; expiresInSeconds: number }> {
  const answer = answerOf(
    await askDaraja(mpesa, "GET", "/oauth/v1/generate?grant_type=client_credentials", {
      Authorization: tokenAuthorization(mpesa.consumerKey, mpesa.consumerSecret),
    }),
  );
  const parsed = tokenAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new DarajaError("M-Pesa did not give an access token.");
  return { accessToken: parsed.data.access_token, expiresInSeconds: Number(parsed.data.expires_in) };
}

/** Forgets the token, as after Daraja refuses it. */
function forgetAccessToken(): void {
  token = undefined;
}

class DarajaError extends Error {
  override name = "DarajaError";
}

type DarajaAnswer = { ok: boolean; status: number; body: unknown };

/** One call to Daraja: its status and JSON body (undefined when not JSON); a DarajaError when unreachable. */
async function askDaraja(
  mpesa: MpesaConfig,
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<DarajaAnswer> {
  let response: Response;
  try {
    response = await fetch(`${mpesa.baseUrl}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(DARAJA_TIMEOUT_MS),
    });
  } catch {
    throw new DarajaError(`M-Pesa could not be reached at ${new URL(mpesa.baseUrl).host}.`);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  // A refused token is not used again.
  if (response.status === 401) forgetAccessToken();
  return { ok: response.ok, status: response.status, body: parsed };
}

/** A 2xx answer's body, or a DarajaError saying in words what Daraja answered instead. */
function answerOf({ ok, status, body }: DarajaAnswer): unknown {
  if (ok && body !== undefined) return body;
  const error = darajaErrorSchema.safeParse(body);
  throw new DarajaError(
    error.success ? `M-Pesa answered: ${error.data.errorMessage} (${error.data.errorCode}).` : `M-Pesa answered HTTP ${status}.`,
  );
}

async function postWithToken(mpesa: MpesaConfig, path: string, body: unknown): Promise<DarajaAnswer> {
  return askDaraja(mpesa, "POST", path, { Authorization: `Bearer ${await accessToken(mpesa)}` }, body);
}

async function askWithToken<T extends z.ZodType>(mpesa: MpesaConfig, path: string, body: unknown, schema: T): Promise<z.infer<T>> {
  const parsed = schema.safeParse(answerOf(await postWithToken(mpesa, path, body)));
  if (!parsed.success) throw new DarajaError("M-Pesa gave an answer the shop does not understand.");
  return parsed.data;
}

const failure = (error: unknown): DarajaFailure => {
  if (error instanceof DarajaError) return { ok: false, message: error.message };
  throw error;
};

export type PushAccepted = { ok: true; checkoutRequestId: string; merchantRequestId: string };

/** Asks Daraja to send an M-Pesa Express request to `phone` (254…) for the order's total. */
export async function pushPaymentRequest(
  mpesa: MpesaConfig,
  order: { id: string; totalCents: number },
  phone: string,
  storeName: string,
  now: Date,
): Promise<PushAccepted | DarajaFailure> {
  try {
    const body = stkPushRequest({
      shortcode: mpesa.shortcode,
      passkey: mpesa.passkey,
      till: mpesa.till,
      amountCents: order.totalCents,
      phone,
      callbackUrl: callbackUrls(mpesa).express,
      orderId: order.id,
      storeName,
      now,
    });
    const answer = await askWithToken(mpesa, "/mpesa/stkpush/v1/processrequest", body, stkPushAnswerSchema);
    if (String(answer.ResponseCode) !== "0")
      return { ok: false, message: `M-Pesa answered: ${answer.ResponseDescription ?? answer.ResponseCode}.` };
    return { ok: true, checkoutRequestId: answer.CheckoutRequestID, merchantRequestId: answer.MerchantRequestID };
  } catch (error) {
    return failure(error);
  }
}

export type QueryAnswer = { ok: true; outcome: Exclude<StkQueryOutcome, { kind: "error" }> };

/** Asks Daraja what became of a request no callback answered ('pending' while the shopper has not answered). */
export async function queryPaymentRequest(mpesa: MpesaConfig, checkoutRequestId: string, now: Date): Promise<QueryAnswer | DarajaFailure> {
  try {
    const body = stkQueryRequest({ shortcode: mpesa.shortcode, passkey: mpesa.passkey, checkoutRequestId, now });
    const answer = await postWithToken(mpesa, "/mpesa/stkpushquery/v1/query", body);
    const outcome = readStkQueryAnswer(answer.body);
    if (!outcome) return { ok: false, message: `M-Pesa answered HTTP ${answer.status}.` };
    if (outcome.kind === "error") return { ok: false, message: `M-Pesa answered: ${outcome.errorMessage} (${outcome.errorCode}).` };
    return { ok: true, outcome };
  } catch (error) {
    return failure(error);
  }
}

export type StatusQueryAccepted = { ok: true; conversationId: string };

/**
 * Asks Daraja what it knows of a paybill payment's receipt (Transaction Status, decision 044). Its answer comes
 * later, to the paybill-check address, naming the ConversationID returned here.
 */
export async function askPaymentStatus(
  mpesa: MpesaConfig,
  initiator: { name: string; securityCredential: string },
  receipt: string,
): Promise<StatusQueryAccepted | DarajaFailure> {
  const urls = callbackUrls(mpesa);
  try {
    const body = transactionStatusRequest({
      initiator: initiator.name,
      securityCredential: initiator.securityCredential,
      receipt,
      shortcode: mpesa.shortcode,
      resultUrl: urls.paybillCheck,
      timeoutUrl: urls.paybillCheckTimeout,
    });
    const answer = await askWithToken(mpesa, "/mpesa/transactionstatus/v1/query", body, transactionStatusAnswerSchema);
    if (String(answer.ResponseCode) !== "0")
      return { ok: false, message: `M-Pesa answered: ${answer.ResponseDescription || answer.ResponseCode}.` };
    return { ok: true, conversationId: answer.ConversationID };
  } catch (error) {
    return failure(error);
  }
}

/**
 * Tells Daraja where to post paybill payments. Registering again answers that the URLs are registered,
 * which is as good as success.
 */
export async function registerPaybillUrls(mpesa: MpesaConfig): Promise<{ ok: true } | DarajaFailure> {
  const urls = callbackUrls(mpesa);
  try {
    await askWithToken(
      mpesa,
      "/mpesa/c2b/v2/registerurl",
      { ShortCode: mpesa.shortcode, ResponseType: "Completed", ConfirmationURL: urls.confirmation, ValidationURL: urls.validation },
      registerUrlAnswerSchema,
    );
    return { ok: true };
  } catch (error) {
    if (error instanceof DarajaError && /already registered/i.test(error.message)) return { ok: true };
    return failure(error);
  }
}

/** Site Settings' 'Test connection': a fresh token, then the paybill URLs registered again. */
export async function testMpesaConnection(mpesa: MpesaConfig): Promise<{ ok: true } | DarajaFailure> {
  forgetAccessToken();
  try {
    await accessToken(mpesa);
  } catch (error) {
    return failure(error);
  }
  return registerPaybillUrls(mpesa);
}
