import { isStopReply } from "~/domain/consent";
import { phoneDigits } from "~/domain/phone";
import { smsReplySchema } from "~/domain/sms-gateway";
import { config } from "~/server/config.server";
import { withdrawConsent } from "~/server/consent.server";
import { formFields } from "~/server/form.server";
import { isRepliesSecret } from "~/server/sms.server";
import type { Route } from "./+types/sms-replies";
import { log } from "~/server/log.server";

/**
 * Replies to the shop's SMS, as Africa's Talking forwards them (issue 25), at an address with a secret segment: a
 * STOP reply withdraws the phone's consent to marketing at once. Every reply is answered 200, read or not, so the
 * gateway does not send it again; only a failure to record a STOP asks for it again later.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const sms = config().sms;
  if (!sms || !isRepliesSecret(sms, params.secret)) return new Response("Not found.", { status: 404 });
  const form = await request.formData().catch(() => null);
  if (!form) return new Response("Send the reply as a form.", { status: 400 });
  const reply = smsReplySchema.safeParse(formFields(form));
  if (!reply.success || !isStopReply(reply.data.text)) return new Response("OK");
  try {
    await withdrawConsent(phoneDigits(reply.data.from), "sms-reply", null);
  } catch (error) {
    log().error({ err: error }, "A STOP reply was not recorded.");
    return new Response("Try again.", { status: 503 });
  }
  return new Response("OK");
}
