import { escapeHtml } from "./html";
import { isValidPhone, maskPhone, normalisePhone, PHONE_MAX_LENGTH } from "./phone";

// The SMS and emails the shop sends (issue 12): which messages exist, what staff may write in them, how a
// template becomes the text a person receives, how long an SMS is, and when a failed send is tried again.
// Pure rules: the clock comes in as `now`, randomness as `random`, and sending stays in app/server.

export type NotificationChannel = "sms" | "email";
export type NotificationAudience = "shopper" | "staff" | "subscriber";

// ---- Placeholders ------------------------------------------------------------------------------------------

/** Every placeholder a template may hold, written `{{NAME}}`; each message allows only some of them. */
export const PLACEHOLDERS = [
  "SHOP_NAME",
  "ORDER_ID",
  "CLIENT_NAME",
  "CLIENT_PHONE",
  "TOTAL",
  "TRACKING_URL",
  "HOW_TO_PAY",
  "RIDER_NAME",
  "RIDER_PHONE",
  "MPESA_RECEIPT",
  "ITEMS",
  "ORDER_URL",
  "UNPAID_ORDERS",
  "LOW_STOCK",
  "CONFIRM_URL",
  "UNSUBSCRIBE_URL",
  "SMS_PER_DAY",
] as const;

export type Placeholder = (typeof PLACEHOLDERS)[number];

/** What a message is filled with: the shop's words, already formatted (e.g. TOTAL "KSH 2,450"). */
export type PlaceholderValues = Partial<Record<Placeholder, string>>;

/** The placeholders that hold a web address: an email shows them as links. */
export const URL_PLACEHOLDERS: readonly Placeholder[] = ["TRACKING_URL", "ORDER_URL", "CONFIRM_URL", "UNSUBSCRIBE_URL"];

export const isPlaceholder = (name: string): name is Placeholder => (PLACEHOLDERS as readonly string[]).includes(name);

// ---- The messages ------------------------------------------------------------------------------------------

export const SMS_MESSAGE_KEYS = ["order-placed", "payment-reminder", "payment-received", "out-for-delivery", "delivered", "cancelled"] as const;
export const EMAIL_MESSAGE_KEYS = [
  "staff-new-order",
  "staff-payment-received",
  "staff-daily-digest",
  "staff-sms-budget-spent",
  "newsletter-confirm",
] as const;

export type SmsMessageKey = (typeof SMS_MESSAGE_KEYS)[number];
export type EmailMessageKey = (typeof EMAIL_MESSAGE_KEYS)[number];
export type NotificationKey = SmsMessageKey | EmailMessageKey;

type SmsTemplate = { body: string };
export type EmailTemplate = { subject: string; body: string };

type MessageBase = {
  label: string;
  audience: NotificationAudience;
  placeholders: readonly Placeholder[];
  /** Placeholders its body cannot do without: a newsletter email's confirm and one-click unsubscribe links. */
  required?: readonly Placeholder[];
};
export type SmsMessage = MessageBase & { key: SmsMessageKey; channel: "sms"; template: SmsTemplate };
export type EmailMessage = MessageBase & { key: EmailMessageKey; channel: "email"; template: EmailTemplate };
export type NotificationMessage = SmsMessage | EmailMessage;

// Default SMS texts keep to the basic SMS alphabet (no curly quotes, dashes or emoji, which would cut a part
// from 160 characters to 70) and to 2 parts with real names and links filled in.
const SMS_MESSAGES: readonly SmsMessage[] = [
  {
    key: "order-placed",
    label: "Order placed",
    channel: "sms",
    audience: "shopper",
    placeholders: ["SHOP_NAME", "ORDER_ID", "CLIENT_NAME", "TOTAL", "HOW_TO_PAY", "TRACKING_URL"],
    template: {
      body: "{{SHOP_NAME}}: Thank you {{CLIENT_NAME}}! Order #{{ORDER_ID}}, {{TOTAL}}. {{HOW_TO_PAY}} Track it: {{TRACKING_URL}}",
    },
  },
  {
    // Issue 23: sent 30 minutes after an unpaid order was placed, halfway through its hold, or by staff.
    key: "payment-reminder",
    label: "Payment reminder",
    channel: "sms",
    audience: "shopper",
    placeholders: ["SHOP_NAME", "ORDER_ID", "CLIENT_NAME", "TOTAL", "HOW_TO_PAY", "TRACKING_URL"],
    template: {
      body: "{{SHOP_NAME}}: Hi {{CLIENT_NAME}}, order #{{ORDER_ID}} ({{TOTAL}}) is waiting for payment. {{HOW_TO_PAY}} Track it: {{TRACKING_URL}}",
    },
  },
  {
    key: "payment-received",
    label: "Payment received",
    channel: "sms",
    audience: "shopper",
    placeholders: ["SHOP_NAME", "ORDER_ID", "CLIENT_NAME", "TOTAL", "MPESA_RECEIPT", "TRACKING_URL"],
    template: {
      // No receipt number by default: an order staff mark as paid by hand has none.
      body: "{{SHOP_NAME}}: Asante {{CLIENT_NAME}}! We have received {{TOTAL}} for order #{{ORDER_ID}} and are preparing it. Track it: {{TRACKING_URL}}",
    },
  },
  {
    key: "out-for-delivery",
    label: "Out for delivery",
    channel: "sms",
    audience: "shopper",
    placeholders: ["SHOP_NAME", "ORDER_ID", "CLIENT_NAME", "RIDER_NAME", "RIDER_PHONE", "TRACKING_URL"],
    template: {
      body: "{{SHOP_NAME}}: Order #{{ORDER_ID}} is on its way! Your rider is {{RIDER_NAME}}, {{RIDER_PHONE}}. Track it: {{TRACKING_URL}}",
    },
  },
  {
    key: "delivered",
    label: "Delivered",
    channel: "sms",
    audience: "shopper",
    placeholders: ["SHOP_NAME", "ORDER_ID", "CLIENT_NAME", "TRACKING_URL"],
    template: {
      body: "{{SHOP_NAME}}: Order #{{ORDER_ID}} has been delivered. Thank you for shopping with us, {{CLIENT_NAME}}! Details: {{TRACKING_URL}}",
    },
  },
  {
    key: "cancelled",
    label: "Cancelled",
    channel: "sms",
    audience: "shopper",
    placeholders: ["SHOP_NAME", "ORDER_ID", "CLIENT_NAME", "TOTAL", "TRACKING_URL"],
    template: {
      body: "{{SHOP_NAME}}: Order #{{ORDER_ID}} has been cancelled. If you did not expect this, please contact us. Details: {{TRACKING_URL}}",
    },
  },
];

const EMAIL_MESSAGES: readonly EmailMessage[] = [
  {
    key: "staff-new-order",
    label: "New order (to staff)",
    channel: "email",
    audience: "staff",
    placeholders: ["SHOP_NAME", "ORDER_ID", "CLIENT_NAME", "CLIENT_PHONE", "TOTAL", "ITEMS", "HOW_TO_PAY", "TRACKING_URL", "ORDER_URL"],
    template: {
      subject: "New order #{{ORDER_ID}} from {{CLIENT_NAME}}, {{TOTAL}}",
      body: "{{CLIENT_NAME}} ({{CLIENT_PHONE}}) has placed order #{{ORDER_ID}} for {{TOTAL}}.\n\n{{ITEMS}}\n\nOpen the order: {{ORDER_URL}}",
    },
  },
  {
    key: "staff-payment-received",
    label: "Payment received (to staff)",
    channel: "email",
    audience: "staff",
    placeholders: ["SHOP_NAME", "ORDER_ID", "CLIENT_NAME", "CLIENT_PHONE", "TOTAL", "MPESA_RECEIPT", "ITEMS", "TRACKING_URL", "ORDER_URL"],
    template: {
      subject: "Paid: order #{{ORDER_ID}}, {{TOTAL}}",
      body:
        "{{CLIENT_NAME}} ({{CLIENT_PHONE}}) has paid {{TOTAL}} for order #{{ORDER_ID}}.\nM-Pesa receipt: {{MPESA_RECEIPT}}\n\n" +
        "{{ITEMS}}\n\nThe order is ready to prepare: {{ORDER_URL}}",
    },
  },
  {
    key: "staff-daily-digest",
    label: "Daily summary (to staff)",
    channel: "email",
    audience: "staff",
    placeholders: ["SHOP_NAME", "UNPAID_ORDERS", "LOW_STOCK"],
    template: {
      subject: "{{SHOP_NAME}}: today's summary",
      body: "Good morning!\n\nOrders still waiting for payment:\n{{UNPAID_ORDERS}}\n\nProducts running low:\n{{LOW_STOCK}}",
    },
  },
  {
    key: "staff-sms-budget-spent",
    label: "SMS budget spent (to staff)",
    channel: "email",
    audience: "staff",
    placeholders: ["SHOP_NAME", "SMS_PER_DAY"],
    template: {
      subject: "{{SHOP_NAME}}: today's SMS budget is spent",
      body:
        "The shop has sent its {{SMS_PER_DAY}} SMS for today, so further SMS to shoppers are not sent until midnight. " +
        "They are listed as Not sent in the Notifications Log.\n\n" +
        "If today's orders are real, a Developer can raise the daily SMS budget in Site Settings. If they are not, someone " +
        "may be placing orders to make the shop send SMS: the budget is what stops them.",
    },
  },
  {
    key: "newsletter-confirm",
    label: "Newsletter confirmation",
    channel: "email",
    audience: "subscriber",
    placeholders: ["SHOP_NAME", "CONFIRM_URL", "UNSUBSCRIBE_URL"],
    required: ["CONFIRM_URL", "UNSUBSCRIBE_URL"],
    template: {
      subject: "Please confirm your subscription to {{SHOP_NAME}}",
      body:
        "Karibu! Please confirm that you would like news and offers from {{SHOP_NAME}}:\n{{CONFIRM_URL}}\n\n" +
        "If you did not ask for this, simply ignore this email and you will not hear from us.\n\n" +
        "You can unsubscribe at any time: {{UNSUBSCRIBE_URL}}",
    },
  },
];

/** Every message the shop sends, SMS to shoppers first, then emails. */
export const NOTIFICATION_MESSAGES: readonly NotificationMessage[] = [...SMS_MESSAGES, ...EMAIL_MESSAGES];

/** A message by its key. */
export function notificationMessage<K extends NotificationKey>(key: K): K extends SmsMessageKey ? SmsMessage : EmailMessage;
export function notificationMessage(key: NotificationKey): NotificationMessage {
  const message = NOTIFICATION_MESSAGES.find((m) => m.key === key);
  if (!message) throw new RangeError(`No notification message is called ${key}.`);
  return message;
}

// ---- Checking a template -----------------------------------------------------------------------------------

/** Shown for an empty subject or body, as for every other required field in the back office. */
export const EMPTY_TEMPLATE_MESSAGE = "Please fill this in.";

// Anything between braces, or braces left open or closed on their own: every spelling of a placeholder a
// person might type, so a mistyped one is named instead of being sent to a shopper as is.
const BRACED = /\{+[^{}]*\}+|\{+|\}+/g;
const WELL_FORMED = /^\{\{([A-Z][A-Z0-9_]*)\}\}$/;

const braces = (name: string) => `{{${name}}}`;

// What a mistyped placeholder most likely meant: "{{ order_id }}", "{ORDER_ID}", "{{Order-Id" → "ORDER_ID".
const meantName = (raw: string) =>
  raw
    .replace(/[{}]/g, "")
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "_");

const OPEN_AND_WORD = /\{+[^{}\s]{0,40}/y;

/** The stray braces at `index` with the word they stick to, so the message can quote what staff typed. */
function strayAt(text: string, index: number, run: string): string {
  if (run.startsWith("{")) {
    OPEN_AND_WORD.lastIndex = index;
    return OPEN_AND_WORD.exec(text)?.[0] ?? run;
  }
  const before = /[^{}\s]{0,40}$/.exec(text.slice(Math.max(0, index - 40), index))?.[0] ?? "";
  return before + run;
}

/**
 * The first thing wrong with a subject or body staff wrote for a message, as one sentence for the field; undefined
 * when it is fine. A placeholder the message does not know, or one spelt differently from `{{NAME}}` (spaces,
 * small letters, one brace), is refused with the placeholders the message can use.
 */
export function templateProblem(messageKey: NotificationKey, text: string): string | undefined {
  if (text.trim() === "") return EMPTY_TEMPLATE_MESSAGE;
  const allowed = notificationMessage(messageKey).placeholders;
  const canUse = `This message can use ${allowed.map(braces).join(", ")}.`;

  for (const match of text.matchAll(BRACED)) {
    const raw = match[0];
    const name = WELL_FORMED.exec(raw)?.[1];
    if (name !== undefined) {
      if ((allowed as readonly string[]).includes(name)) continue;
      return `Unknown placeholder ${raw}. ${canUse}`;
    }
    const opens = /^\{*/.exec(raw)?.[0].length ?? 0;
    const closes = /\}*$/.exec(raw)?.[0].length ?? 0;
    const spelt = raw.includes("{") && raw.includes("}") ? raw : strayAt(text, match.index, raw);
    const meant = meantName(spelt);
    // Single braces are text ("{note}"), unless they hold a placeholder's name: "{ORDER_ID}" is a typo.
    if (opens < 2 && closes < 2 && !isPlaceholder(meant)) continue;
    const hint = (allowed as readonly string[]).includes(meant)
      ? `write it as ${braces(meant)}`
      : `write placeholders in capitals with two braces on each side, like ${braces(allowed[0] ?? "SHOP_NAME")}`;
    return `Unknown placeholder ${spelt} (${hint}). ${canUse}`;
  }
  return undefined;
}

/** What a body lacks that its message must always carry (see MessageBase.required); undefined when nothing. */
export function missingPlaceholderProblem(messageKey: NotificationKey, body: string): string | undefined {
  const missing = notificationMessage(messageKey).required?.find((name) => !body.includes(braces(name)));
  return missing && `This message must include ${braces(missing)}, so every reader can act on it in one click.`;
}

// ---- Rendering ---------------------------------------------------------------------------------------------

const PLACEHOLDER = /\{\{([A-Z][A-Z0-9_]*)\}\}/g;

/**
 * A template filled in, for an SMS or an email's subject and plain-text part. A placeholder without a value
 * becomes empty. Values are put in once: a value that itself looks like a placeholder stays as typed.
 */
export function renderText(template: string, values: PlaceholderValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (isPlaceholder(name) ? (values[name] ?? "") : whole));
}

/** Only web addresses become links: a "javascript:" or "data:" value stays plain text. */
function isWebAddress(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * A template filled in as the HTML part of an email. Nothing in it is trusted: the template and every value are
 * escaped, so a client named "<script>" shows as those letters. A blank line starts a new paragraph, a single
 * line break becomes <br>, and a web address from a link placeholder (TRACKING_URL, ORDER_URL…) becomes a link.
 */
export function renderEmailHtml(template: string, values: PlaceholderValues): string {
  const lf = (text: string) => text.replace(/\r\n?/g, "\n");
  let html = "";
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? "";
    html += escapeHtml(lf(template.slice(last, match.index)));
    last = match.index + match[0].length;
    if (!isPlaceholder(name)) {
      html += escapeHtml(match[0]);
      continue;
    }
    const value = values[name] ?? "";
    const url = value.trim();
    html += URL_PLACEHOLDERS.includes(name) && isWebAddress(url) ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : escapeHtml(lf(value));
  }
  html += escapeHtml(lf(template.slice(last)));
  // Links hold no line breaks, so splitting the escaped text on them never cuts a tag.
  return html
    .split(/\n[ \t]*(?:\n[ \t]*)+/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => `<p>${paragraph.replace(/[ \t]*\n[ \t]*/g, "<br>\n")}</p>`)
    .join("\n");
}

// ---- SMS length --------------------------------------------------------------------------------------------

// The GSM 7-bit default alphabet (3GPP TS 23.038), in table order; 0x1B is the escape to the extension table.
const GSM_BASIC = new Set(
  Array.from(
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ" +
      " !\"#¤%&'()*+,-./0123456789:;<=>?" +
      "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§" +
      "¿abcdefghijklmnopqrstuvwxyzäöñüà",
  ),
);
// The extension table: each is sent as the escape plus a character, so it takes 2 of a part's places.
const GSM_EXTENSION = new Set(Array.from("\f^{}\\[~]|€"));

/** The GSM 7-bit basic characters (127) and extension characters (10), for tests and the editor's hints. */
export const GSM_7_CHARACTERS = { basic: GSM_BASIC as ReadonlySet<string>, extension: GSM_EXTENSION as ReadonlySet<string> };

type SmsEncoding = "GSM-7" | "UCS-2";

/** How an SMS will be sent: its encoding, its length in that encoding's units, its parts, and a part's room. */
export type SmsParts = { encoding: SmsEncoding; units: number; parts: number; perPart: number };

// A long SMS carries a 6-byte header in each part, leaving 153 GSM-7 or 67 UCS-2 units.
const PART_ROOM: Record<SmsEncoding, { single: number; multi: number }> = {
  "GSM-7": { single: 160, multi: 153 },
  "UCS-2": { single: 70, multi: 67 },
};

/**
 * How many SMS a text costs. In the GSM-7 alphabet a part holds 160 characters (extension characters such as €
 * count 2); one character outside it sends the whole text as UCS-2, 70 UTF-16 units a part. A long text is
 * split into parts of 153 (or 67), and an extension character or an emoji's surrogate pair is never cut in two,
 * so a part may end one place short.
 */
export function smsParts(text: string): SmsParts {
  const characters = Array.from(text); // code points: a surrogate pair stays whole
  const encoding: SmsEncoding = characters.every((c) => GSM_BASIC.has(c) || GSM_EXTENSION.has(c)) ? "GSM-7" : "UCS-2";
  const size = encoding === "GSM-7" ? (c: string) => (GSM_EXTENSION.has(c) ? 2 : 1) : (c: string) => c.length;
  const units = characters.reduce((sum, c) => sum + size(c), 0);
  const room = PART_ROOM[encoding];
  if (units === 0) return { encoding, units, parts: 0, perPart: room.single };
  if (units <= room.single) return { encoding, units, parts: 1, perPart: room.single };

  let parts = 1;
  let used = 0;
  for (const c of characters) {
    if (used + size(c) > room.multi) {
      parts += 1;
      used = 0;
    }
    used += size(c);
  }
  return { encoding, units, parts, perPart: room.multi };
}

/** The template editor's line under an SMS body, e.g. "1 SMS (154 of 160 characters)". */
export function smsPartsLabel(parts: SmsParts): string {
  const special = parts.encoding === "UCS-2" ? ", shorter because of special characters such as emoji or curly quotes" : "";
  if (parts.parts === 0) return "Empty: no SMS will be sent.";
  if (parts.parts === 1) return `1 SMS (${parts.units} of ${parts.perPart} characters${special})`;
  return `${parts.parts} SMS parts (${parts.units} characters, up to ${parts.perPart} per part${special})`;
}

// ---- Retries -----------------------------------------------------------------------------------------------

/** A message is given up after this many failed attempts (about an hour after the first, all told). */
export const MAX_SEND_ATTEMPTS = 8;

const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
const JITTER = 0.2;

/**
 * How long to wait after the `attempt`-th failed attempt: 30 s after the first, doubling each time, never more
 * than an hour. `random()` (in [0, 1)) moves it up to 20% either way, so messages that failed together (the
 * SMS service was down) are not all retried in the same second; 0.5 moves it not at all.
 */
export function retryDelayMs(attempt: number, random: () => number): number {
  const failures = Number.isFinite(attempt) ? Math.max(1, Math.floor(attempt)) : 1;
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
  const spread = Math.min(1, Math.max(0, random())) * 2 - 1; // -1 … 1
  return Math.min(LONGEST_RETRY_MS, Math.round(base * (1 + JITTER * spread)));
}

/**
 * When to try a message again after `attempt` attempts have been made (and the last one failed); undefined once
 * MAX_SEND_ATTEMPTS have been made, when the message is given up. With no attempt made yet, it is due now.
 */
export function nextAttemptAt(now: Date, attempt: number, random: () => number): Date | undefined {
  if (attempt >= MAX_SEND_ATTEMPTS) return undefined;
  if (attempt < 1) return new Date(now.getTime());
  return new Date(now.getTime() + retryDelayMs(attempt, random));
}

// ---- Keys and people ---------------------------------------------------------------------------------------

/** A recipient as the shop compares them: phones as "+" and digits, emails trimmed and in small letters. */
function sameRecipient(channel: NotificationChannel, recipient: string): string {
  if (channel === "sms") return smsRecipient(recipient) ?? recipient.trim();
  return recipient.trim().toLowerCase();
}

/**
 * The idempotency key of one message to one person, e.g. "order-placed:k7m2q9xpd4:sms:+254712345678": the event
 * (a message key and what it is about), the channel and the recipient. Writing a message whose key exists
 * already does nothing, so a retried order update never texts the shopper twice.
 */
export function notificationKey(event: string, channel: NotificationChannel, recipient: string): string {
  return `${event}:${channel}:${sameRecipient(channel, recipient)}`;
}

/** A phone number an SMS can be sent to, as "+" and digits ("+254 712-345 678" → "+254712345678"); else undefined. */
export function smsRecipient(phone: string): string | undefined {
  return phone.length <= PHONE_MAX_LENGTH && isValidPhone(phone) ? normalisePhone(phone) : undefined;
}

/**
 * A recipient as the back office may show it in lists and logs: a phone as "+254 ••• ••• 678", an email as
 * "w•••@example.com" (its first letter and its domain).
 */
export function maskRecipient(channel: NotificationChannel, recipient: string): string {
  if (channel === "sms") return maskPhone(recipient);
  const email = recipient.trim();
  const at = email.lastIndexOf("@");
  const first = Array.from(email.slice(0, Math.max(0, at)))[0];
  const domain = email.slice(at + 1);
  if (at < 0 || first === undefined || first === "@" || domain === "") return "•••";
  return `${first}•••@${domain.toLowerCase()}`;
}
