import { CALLBACK_ACCEPTED, validationAnswer } from "~/domain/mpesa";
import { isSafaricomAddress } from "~/domain/mpesa-callers";
import { safaricomCallbacksOnly } from "~/domain/mpesa-settings";
import type { MpesaConfig } from "~/server/config.server";
import { DARAJA_HOOKS, type DarajaHook, isCallbackSecret, mpesaSettings } from "~/server/daraja.server";
import { confirmPaybillPayments, receiveExpressCallback, receivePaybillCheck, receivePaybillPayment } from "~/server/payments.server";
import { readSiteDocument } from "~/server/site-documents.server";
import type { Route } from "./+types/daraja-hooks";
import { log } from "~/server/log.server";

/** Daraja's bodies are a few hundred bytes; anything far larger is not from Daraja. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * What Safaricom's Daraja posts to the shop (issue 11): M-Pesa Express results, paybill payments and M-Pesa's
 * answers about them, at addresses with a secret segment. When Site Settings says so, only Safaricom's own
 * addresses may post (the client address as the shop sees it, behind a trusted proxy the forwarded one; decision
 * 044). Every body Daraja could have sent is answered 200 "Accepted", read or not (malformed, unknown, repeated,
 * for another shortcode), so Safaricom never retries it forever; only what matches a request or an order, and
 * what M-Pesa confirms, changes anything.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const mpesa = mpesaSettings();
  const hook = DARAJA_HOOKS.find((name) => name === params.hook);
  if (!mpesa || !hook || !isCallbackSecret(mpesa, params.secret)) return new Response("Not found.", { status: 404 });
  try {
    if (safaricomCallbacksOnly(await readSiteDocument("settings")) && !isSafaricomAddress(context.clientAddress)) {
      log().warn(`Daraja ${hook} refused: it came from ${context.clientAddress}, which is not one of Safaricom's addresses.`);
      return new Response("Forbidden.", { status: 403 });
    }
    const body = await jsonBody(request);
    if (hook === "paybill-validation") return Response.json(validationAnswer(body, mpesa));
    await receive(mpesa, hook, body);
  } catch (error) {
    // Not recorded (the database failed): an error makes Daraja send it again later.
    log().error({ err: error }, `Daraja ${hook} not recorded.`);
    return Response.json({ ResultCode: 1, ResultDesc: "Try again" }, { status: 503 });
  }
  return Response.json(CALLBACK_ACCEPTED);
}

async function receive(mpesa: MpesaConfig, hook: Exclude<DarajaHook, "paybill-validation">, body: unknown): Promise<void> {
  switch (hook) {
    case "express":
      return receiveExpressCallback(body);
    case "paybill-confirmation":
      if ((await receivePaybillPayment(mpesa, body)) === "confirming") {
        // Asked now rather than at the next sweep, so a shopper who paid by paybill is not kept waiting.
        void confirmPaybillPayments(mpesa).catch((error: unknown) => log().error({ err: error }, "Confirming a paybill payment with M-Pesa failed."));
      }
      return;
    case "paybill-check":
      return receivePaybillCheck(mpesa, body);
    case "paybill-check-timeout":
      // Daraja's queue gave up on a question: its lease runs out and the shop asks again.
      log().warn("M-Pesa timed out answering whether a paybill payment is genuine; the shop will ask again.");
      return;
  }
}

async function jsonBody(request: Request): Promise<unknown> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) return undefined;
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
