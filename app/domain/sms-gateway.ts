import { z } from "zod";

/**
 * What Africa's Talking answers to `POST /version1/messaging` (issue 12): HTTP 201 with one entry per number.
 * Statuses 100–102 mean the message was taken (processed, sent, queued).
 */
const gatewayAnswerSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string().max(500).optional(),
    Recipients: z
      .array(
        z.object({
          statusCode: z.coerce.number().int(),
          status: z.string().max(100),
          number: z.string().max(40).optional(),
          messageId: z.string().max(200).optional(),
        }),
      )
      .max(100),
  }),
});

/** How one send ended: taken; worth trying again later; or refused for good (the number is the problem). */
export type SendOutcome = { kind: "sent"; providerId?: string } | { kind: "retry"; reason: string } | { kind: "refused"; reason: string };

const TAKEN = new Set([100, 101, 102]);
// The number itself is refused: invalid, of a kind SMS cannot reach, blacklisted, or on do-not-disturb.
// Anything else (balance, a gateway fault, a sender name not yet approved) may pass on a later try.
const REFUSED_FOR_GOOD = new Set([403, 404, 406, 409]);

/** Reads the gateway's answer to one message sent to one number. */
export function readGatewayAnswer(httpStatus: number, body: string): SendOutcome {
  const reasonOf = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 200);
  if (httpStatus !== 201 && httpStatus !== 200)
    return { kind: "retry", reason: `The SMS gateway answered HTTP ${httpStatus}: ${reasonOf(body) || "no reason given"}.` };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { kind: "retry", reason: "The SMS gateway's answer was not JSON." };
  }
  const parsed = gatewayAnswerSchema.safeParse(json);
  const recipient = parsed.success ? parsed.data.SMSMessageData.Recipients[0] : undefined;
  if (!recipient) {
    const message = parsed.success ? parsed.data.SMSMessageData.Message : undefined;
    return { kind: "retry", reason: `The SMS gateway sent to no one${message ? `: ${reasonOf(message)}` : ""}.` };
  }
  if (TAKEN.has(recipient.statusCode)) return { kind: "sent", providerId: recipient.messageId };
  const reason = `The SMS gateway refused the message: ${reasonOf(recipient.status)} (${recipient.statusCode}).`;
  return REFUSED_FOR_GOOD.has(recipient.statusCode) ? { kind: "refused", reason } : { kind: "retry", reason };
}

/**
 * A reply to the shop's SMS as Africa's Talking forwards it to the shop's incoming-messages address (a form post with
 * `from`, `to`, `text`, `date`, `id` and more): only who sent it and what they wrote matter to the shop.
 */
export const smsReplySchema = z.object({
  from: z.string().trim().max(40),
  text: z.string().max(2_000).default(""),
});
