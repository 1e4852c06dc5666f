import { z } from "zod";
import { type CampaignDraft, MAX_CAMPAIGN_SMS_LENGTH } from "./campaigns";
import { phoneSchema } from "./phone.schema";

// The Campaigns page's form (issue 25): a title, then an email and/or an SMS. A channel not ticked keeps what was typed
// in it on the page but sends nothing, so its fields are not checked.

export const CAMPAIGN_TITLE_MAX = 120;
export const CAMPAIGN_SUBJECT_MAX = 150;
export const CAMPAIGN_EMAIL_TEXT_MAX = 10_000;

export const CAMPAIGN_TITLE_MESSAGE = `Please give the campaign a title of up to ${CAMPAIGN_TITLE_MAX} characters.`;
export const CAMPAIGN_CHANNEL_MESSAGE = "Please tick Send by email, Send by SMS, or both.";
export const CAMPAIGN_SUBJECT_MESSAGE = `Please enter the email's subject, up to ${CAMPAIGN_SUBJECT_MAX} characters.`;
export const CAMPAIGN_EMAIL_TEXT_MESSAGE = `Please write the email, up to ${CAMPAIGN_EMAIL_TEXT_MAX.toLocaleString("en-KE")} characters.`;
export const CAMPAIGN_SMS_TEXT_MESSAGE = `Please write the SMS, up to ${MAX_CAMPAIGN_SMS_LENGTH} characters.`;
export const TEST_PHONE_NEEDED_MESSAGE = "Please enter your phone to get the test SMS.";
export const CAMPAIGN_INTENT_MESSAGE = "Please use Send a test to me or Send.";

/** How the SMS field counts its characters, as the form checks them: without the spaces at either end. */
export const campaignSmsLength = (text: string) => text.trim().length;

const ticked = z
  .enum(["on"])
  .optional()
  .transform((value) => value === "on");
const text = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim());
const within = (value: string, max: number) => value.length > 0 && value.length <= max;

/** The campaign as written: the ticked channels' words, each checked; the result is what sendCampaign takes. */
export const campaignDraftSchema = z
  .object({ title: text, email: ticked, emailSubject: text, emailText: text, sms: ticked, smsText: text })
  .superRefine((form, ctx) => {
    const problem = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!within(form.title, CAMPAIGN_TITLE_MAX)) problem("title", CAMPAIGN_TITLE_MESSAGE);
    if (!form.email && !form.sms) problem("channels", CAMPAIGN_CHANNEL_MESSAGE);
    if (form.email && !within(form.emailSubject, CAMPAIGN_SUBJECT_MAX)) problem("emailSubject", CAMPAIGN_SUBJECT_MESSAGE);
    if (form.email && !within(form.emailText, CAMPAIGN_EMAIL_TEXT_MAX)) problem("emailText", CAMPAIGN_EMAIL_TEXT_MESSAGE);
    if (form.sms && !within(form.smsText, MAX_CAMPAIGN_SMS_LENGTH)) problem("smsText", CAMPAIGN_SMS_TEXT_MESSAGE);
  })
  .transform((form): CampaignDraft => ({
    title: form.title,
    email: form.email ? { subject: form.emailSubject, text: form.emailText } : null,
    sms: form.sms ? { text: form.smsText } : null,
  }));

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * The page's two posts: "test" sends the draft to the signed-in staff member (the SMS to the phone they type, which an
 * SMS-only test needs), "send" sends it to everyone who agreed.
 */
export const campaignActionSchema = z
  .object({
    intent: z.enum(["test", "send"], CAMPAIGN_INTENT_MESSAGE),
    draft: campaignDraftSchema,
    testPhone: z.preprocess(blankToUndefined, phoneSchema.optional()),
  })
  .superRefine((form, ctx) => {
    if (form.intent === "test" && form.draft.email === null && form.testPhone === undefined) {
      ctx.addIssue({ code: "custom", path: ["testPhone"], message: TEST_PHONE_NEEDED_MESSAGE });
    }
  });

/** The form's fields a message can stand beside; anything else is said for the whole form. */
const CAMPAIGN_FIELDS = ["title", "channels", "emailSubject", "emailText", "smsText", "testPhone"] as const;
type CampaignField = (typeof CAMPAIGN_FIELDS)[number];
export type CampaignErrors = Partial<Record<CampaignField | "form", string>>;

/** Each message beside its field (the draft's fields are nested under `draft`), anything else for the form. */
export function campaignErrors(issues: readonly z.core.$ZodIssue[]): CampaignErrors {
  const errors: CampaignErrors = {};
  for (const { path, message } of issues) {
    const field = String((path[0] === "draft" ? path[1] : path[0]) ?? "");
    if ((CAMPAIGN_FIELDS as readonly string[]).includes(field)) errors[field as CampaignField] ??= message;
    else errors.form ??= message;
  }
  return errors;
}
