import { CALLBACK_ACCEPTED, VALIDATION_ACCEPTED } from "~/domain/mpesa";
import { DARAJA_HOOKS, type DarajaHook, isCallbackSecret, mpesaSettings } from "~/server/daraja.server";
import { receiveExpressCallback, receivePaybillPayment } from "~/server/payments.server";
import type { Route } from "./+types/daraja-hooks";

/** Daraja's bodies are a few hundred bytes; anything far larger is not from Daraja. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * What Safaricom's Daraja posts to the shop (issue 11): M-Pesa Express results and paybill payments, at
 * addresses with a secret segment. Every body Daraja could have sent is answered 200 "Accepted", read or not
 * (malformed, unknown, repeated), so Safaricom never retries it forever; only what matches a request or an
 * order changes anything.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const mpesa = mpesaSettings();
  const hook = DARAJA_HOOKS.find((name) => name === params.hook);
  if (!mpesa || !hook || !isCallbackSecret(mpesa, params.secret)) return new Response("Not found.", { status: 404 });
  const body = await jsonBody(request);
  if (hook === "paybill-validation") return Response.json(VALIDATION_ACCEPTED);
  try {
    await receive(hook, body);
  } catch (error) {
    // Not recorded (the database failed): an error makes Daraja send it again later.
    console.error(`Daraja ${hook} not recorded:`, error);
    return Response.json({ ResultCode: 1, ResultDesc: "Try again" }, { status: 503 });
  }
  return Response.json(CALLBACK_ACCEPTED);
}

function receive(hook: Exclude<DarajaHook, "paybill-validation">, body: unknown): Promise<void> {
  return hook === "express" ? receiveExpressCallback(body) : receivePaybillPayment(body);
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
