import { createHmac } from "node:crypto";
import { readGatewayAnswer, type SendOutcome } from "~/domain/sms-gateway";
import type { SmsConfig } from "./config.server";
import { sameSecret } from "./secret-text.server";

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
    return {
      kind: "retry",
      reason: timedOut
        ? "The SMS gateway did not answer within 10 seconds."
        : `The SMS gateway could not be reached (${(error as Error).message}).`,
    };
  }
}

/**
 * The secret segment of the address Africa's Talking forwards replies to (issue 25): derived from the API key, so
 * there is nothing more to configure, and a new key gives a new address.
 */
function repliesSecret(sms: SmsConfig): string {
  return createHmac("sha256", sms.apiKey).update(`duka sms replies ${sms.username}`).digest("hex").slice(0, 32);
}

/** Where to tell Africa's Talking to forward replies to the shop's SMS (its "incoming messages" callback URL). */
export const smsRepliesUrl = (sms: SmsConfig, publicUrl: string): string => `${publicUrl}/hooks/sms/${repliesSecret(sms)}/replies`;

/** Whether a replies address's secret segment is this shop's (compared in constant time). */
export const isRepliesSecret = (sms: SmsConfig, secret: string): boolean => sameSecret(repliesSecret(sms), secret);
