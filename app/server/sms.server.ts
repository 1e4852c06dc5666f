import { readGatewayAnswer, type SendOutcome } from "~/domain/sms-gateway";
import type { SmsConfig } from "./config.server";

/** A gateway that has not answered by then is taken as down; the message waits for its next try (issue 12). */
export const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends one SMS through Africa's Talking (`POST /version1/messaging`, form body, `apiKey` header): the one
 * place the shop reaches the SMS gateway. Never throws: a fault is an outcome to retry.
 */
export async function sendSms(sms: SmsConfig, to: string, message: string): Promise<SendOutcome> {
  const body = new URLSearchParams({ username: sms.username, to, message });
  if (sms.senderId) body.set("from", sms.senderId);
  try {
    const response = await fetch(`${sms.baseUrl}/version1/messaging`, {
      method: "POST",
      headers: { apiKey: sms.apiKey, Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    return readGatewayAnswer(response.status, await response.text());
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    return { kind: "retry", reason: timedOut ? "The SMS gateway did not answer within 10 seconds." : `The SMS gateway could not be reached (${(error as Error).message}).` };
  }
}
