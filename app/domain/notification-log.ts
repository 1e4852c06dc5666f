import { CAMPAIGN_MESSAGE_LABELS } from "./campaigns";
import { maskRecipient, NOTIFICATION_MESSAGES, type NotificationChannel } from "./notifications";
import { phoneDigits } from "./phone";

// The Notifications Log (issue 12): every SMS and email the shop wrote, as staff read it, and 'Send again' on
// one that failed. Recipients are always masked here, so no page shows a shopper's full number or address.

const NOTIFICATIONS_LOG_PATH = "/admin/notifications-log";
export const NOTIFICATIONS_PER_PAGE = 50;

/** A message's life in the outbox, as the notifications table keeps it. */
export const NOTIFICATION_STATES = ["pending", "sent", "failed", "not sent"] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

export const NOTIFICATION_STATE_LABELS: Record<NotificationState, string> = {
  pending: "Pending",
  sent: "Sent",
  failed: "Failed",
  "not sent": "Not sent",
};

export const CHANNEL_LABELS: Record<NotificationChannel, string> = { sms: "SMS", email: "Email" };

/** The log's address for a state (or every state) and page, leaving out what is not set. */
export function notificationsLogHref(state?: NotificationState, page = 1): string {
  const query = new URLSearchParams();
  if (state) query.set("state", state);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${NOTIFICATIONS_LOG_PATH}?${text}` : NOTIFICATIONS_LOG_PATH;
}

/** What a message is, in the words of Site Content → Notifications or Campaigns; a key no longer listed shows itself. */
export function messageLabel(key: string): string {
  return NOTIFICATION_MESSAGES.find((message) => message.key === key)?.label ?? CAMPAIGN_MESSAGE_LABELS[key] ?? key;
}

// The national part of a phone number: enough to recognise it however a gateway wrote it (+254…, 254…, 07…).
const NATIONAL_DIGITS = 9;
const NUMBER_IN_TEXT = /\+?\d(?:[ -]?\d){6,}/g;

/**
 * A gateway's reason for a failure, with the recipient masked wherever it repeats it: mail servers often
 * answer "550 <wanjiku@example.com>: no such user", and the log must not show the address in full.
 */
export function shownError(channel: NotificationChannel, recipient: string, error: string): string {
  const masked = maskRecipient(channel, recipient);
  if (channel === "email") {
    const address = recipient.trim();
    return address ? error.replace(new RegExp(address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), masked) : error;
  }
  const national = phoneDigits(recipient).slice(-NATIONAL_DIGITS);
  if (national.length < NATIONAL_DIGITS) return error;
  return error.replace(NUMBER_IN_TEXT, (number) => (phoneDigits(number).endsWith(national) ? masked : number));
}

/** One message as the log lists it. */
export type LoggedMessage = {
  id: string;
  label: string;
  channel: NotificationChannel;
  /** Masked: "+254 ••• ••• 678", "w•••@example.com". */
  recipient: string;
  state: NotificationState;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  orderId: string | null;
};

/** A stored message as the log shows it: named, and its recipient masked, in its gateway's reason too. */
export function loggedMessage(row: Omit<LoggedMessage, "label"> & { message: string }): LoggedMessage {
  return {
    id: row.id,
    label: messageLabel(row.message),
    channel: row.channel,
    recipient: maskRecipient(row.channel, row.recipient),
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError === null ? null : shownError(row.channel, row.recipient, row.lastError),
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    orderId: row.orderId,
  };
}

/** What the log says when a list is empty: the whole log, or one state's. */
export function emptyLogMessage(state: NotificationState | undefined): string {
  return state ? `No ${NOTIFICATION_STATE_LABELS[state].toLowerCase()} messages.` : "No messages yet.";
}

// ---- Send again ----------------------------------------------------------------------------------------------

export const SENT_AGAIN_MESSAGE = "The message will be sent again.";
export const MESSAGE_MISSING_MESSAGE = "This message is no longer in the log. Please reload the page.";

/** Why 'Send again' was refused: only a failed message is sent again. */
export type SendAgainRefusal = { problem: "missing" } | { problem: "not-failed"; state: Exclude<NotificationState, "failed"> };

export function sendAgainRefusalMessage(refusal: SendAgainRefusal): string {
  if (refusal.problem === "missing") return MESSAGE_MISSING_MESSAGE;
  switch (refusal.state) {
    case "pending":
      return "This message is already waiting to be sent.";
    case "sent":
      return "This message has already been sent, so it was not sent again.";
    case "not sent":
      // Configuring a channel later never sends what was written before it (decision 038), nor does raising the
      // SMS budget or allowing a country send what they stopped (decision 048).
      return "This message was not sent, for the reason shown in the log, so it is never sent later.";
  }
}

/** What the activity log notes for a message sent again: which message, to whom (masked). */
export const sentAgainNote = (message: LoggedMessage) =>
  `Sent again: ${message.label}, ${CHANNEL_LABELS[message.channel]} to ${message.recipient}`;

/** The dashboard's line about failed messages; shown only when some failed. */
export const failedMessagesLine = (count: number) =>
  count === 1 ? "1 message failed to send" : `${count.toLocaleString("en-KE")} messages failed to send`;
