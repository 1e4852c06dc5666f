import { z } from "zod";
import {
  type EmailMessageKey,
  NOTIFICATION_MESSAGES,
  type NotificationKey,
  notificationMessage,
  missingPlaceholderProblem,
  type SmsMessageKey,
  templateProblem,
} from "./notifications";

// The message templates staff edit in the back office, and the extra addresses staff emails go to (issue 12).

/** An email's subject line. */
const SUBJECT_MAX = 200;
/** An email's body. */
const EMAIL_BODY_MAX = 2000;
/** An SMS body: 6 parts of 153 characters, a cap on what one message may cost. */
export const SMS_BODY_MAX = 6 * 153;
/** Staff emails go to the staff accounts and at most this many more addresses. */
export const EXTRA_EMAILS_MAX = 20;

/**
 * A subject or body: trimmed, at most `max` characters, using only the placeholders its message knows, and a body
 * holding every placeholder its message requires.
 */
const templateText = (key: NotificationKey, max: number, part: "subject" | "body") =>
  z
    .string("Please fill this in.")
    .trim()
    .max(max, `Please keep this to ${max} characters.`)
    .superRefine((text, ctx) => {
      const problem = templateProblem(key, text) ?? (part === "body" ? missingPlaceholderProblem(key, text) : undefined);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

const smsTemplate = (key: SmsMessageKey) =>
  z.object({ enabled: z.boolean("Please check this value."), body: templateText(key, SMS_BODY_MAX, "body") });

const emailTemplate = (key: EmailMessageKey) =>
  z.object({
    enabled: z.boolean("Please check this value."),
    subject: templateText(key, SUBJECT_MAX, "subject"),
    body: templateText(key, EMAIL_BODY_MAX, "body"),
  });

/** The templates document: every message, on or off, with its text (an email also with its subject). */
export const notificationTemplatesSchema = z.object({
  "order-placed": smsTemplate("order-placed"),
  // Added with issue 23: templates saved before it existed read with its default text, switched on.
  "payment-reminder": smsTemplate("payment-reminder").default(() => ({ enabled: true, ...notificationMessage("payment-reminder").template })),
  "payment-received": smsTemplate("payment-received"),
  "out-for-delivery": smsTemplate("out-for-delivery"),
  delivered: smsTemplate("delivered"),
  cancelled: smsTemplate("cancelled"),
  "staff-new-order": emailTemplate("staff-new-order"),
  "staff-payment-received": emailTemplate("staff-payment-received"),
  "staff-daily-digest": emailTemplate("staff-daily-digest"),
  // Added with issue 21: templates saved before it existed read with its default text.
  "staff-sms-budget-spent": emailTemplate("staff-sms-budget-spent").default(() => ({
    enabled: true,
    ...notificationMessage("staff-sms-budget-spent").template,
  })),
  "newsletter-confirm": emailTemplate("newsletter-confirm"),
} satisfies Record<NotificationKey, z.ZodType>);

export type NotificationTemplates = z.infer<typeof notificationTemplatesSchema>;

/** The templates a new shop starts with: every message on, with its default text. */
export function defaultNotificationTemplates(): NotificationTemplates {
  return Object.fromEntries(
    NOTIFICATION_MESSAGES.map((message) => [message.key, { enabled: true, ...message.template }]),
  ) as NotificationTemplates;
}

const emailAddress = z.email();

/**
 * The staff setting 'Also send staff emails to': addresses separated by commas or new lines, read as a list of
 * distinct addresses in small letters. The first address that is not one is refused by name.
 */
export const extraStaffEmailsSchema = z
  .string("Please check this value.")
  .transform((text, ctx) => {
    const typed = text
      .split(/[,\r\n]+/)
      .map((address) => address.trim())
      .filter((address) => address !== "");
    const bad = typed.find((address) => address.length > 254 || !emailAddress.safeParse(address.toLowerCase()).success);
    if (bad !== undefined) {
      const shown = bad.length > 60 ? `${bad.slice(0, 60)}…` : bad;
      ctx.addIssue({ code: "custom", message: `"${shown}" is not a valid email address.` });
      return z.NEVER;
    }
    const addresses = [...new Set(typed.map((address) => address.toLowerCase()))];
    if (addresses.length > EXTRA_EMAILS_MAX) {
      ctx.addIssue({ code: "custom", message: `Please keep this list to ${EXTRA_EMAILS_MAX} items.` });
      return z.NEVER;
    }
    return addresses;
  });
