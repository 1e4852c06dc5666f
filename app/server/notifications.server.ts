import { and, asc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import { type NotificationChannel, nextAttemptAt } from "~/domain/notifications";
import type { SendOutcome } from "~/domain/sms-gateway";
import { config, type MailConfig, type SmsConfig } from "./config.server";
import type { Database, Transaction } from "./db/client.server";
import { db } from "./db/database.server";
import { notifications, staffUsers } from "./db/schema.server";
import { sendMail } from "./mail.server";
import { newRecordId } from "./random.server";
import { sendSms } from "./sms.server";

/** One message for the outbox; `key` (event, channel, recipient) makes queuing it twice a no-op. */
export type OutboxMessage = {
  key: string;
  message: string;
  channel: NotificationChannel;
  recipient: string;
  subject?: string;
  body: string;
  html?: string;
  orderId?: string;
};

/** A message's id: random enough that a batch written in one millisecond never repeats one (crash bench, 500 at once). */
const newMessageId = () => `msg-${newRecordId()}`;

const NOT_CONFIGURED: Record<NotificationChannel, string> = {
  sms: "not sent: no SMS provider configured",
  email: "not sent: no email server configured",
};

/** The outbox rows for `messages`, as an insert to run with the change's own statement (see `publish`). */
export function outboxInsert(tx: Transaction, messages: readonly OutboxMessage[], now: Date, senders: Pick<Senders, "sms" | "mail"> = config()) {
  const configured = { sms: senders.sms !== undefined, email: senders.mail !== undefined };
  return tx
    .insert(notifications)
    .values(
      messages.map((m) => ({
        id: newMessageId(),
        key: m.key,
        message: m.message,
        channel: m.channel,
        recipient: m.recipient,
        subject: m.subject ?? "",
        body: m.body,
        html: m.html ?? null,
        orderId: m.orderId ?? null,
        state: configured[m.channel] ? ("pending" as const) : ("not sent" as const),
        lastError: configured[m.channel] ? null : NOT_CONFIGURED[m.channel],
        nextAttemptAt: now,
      })),
    )
    .onConflictDoNothing({ target: notifications.key });
}

/** A staff email before it has its recipients: `event` names what happened, for the keys. */
export type StaffEmail = { event: string; message: string; subject: string; body: string; html: string; orderId?: string };

/**
 * The outbox rows of a staff email: one to every Store Owner account and one to each extra address, found by
 * the statement itself, so the change that sends it reads no staff list first.
 */
export function staffOutboxInsert(email: StaffEmail, extraAddresses: readonly string[], now: Date, senders: Pick<Senders, "mail"> = config()): SQL {
  const id = newMessageId();
  const state = senders.mail ? "pending" : "not sent";
  const lastError = senders.mail ? null : NOT_CONFIGURED.email;
  return sql`insert into ${notifications} (id, key, message, channel, recipient, subject, body, html, order_id, state, last_error, next_attempt_at)
    select ${id} || '-' || substr(md5(r.email), 1, 12), ${`${email.event}:email:`} || r.email, ${email.message}, 'email', r.email,
      ${email.subject}, ${email.body}, ${email.html}, ${email.orderId ?? null}, ${state}, ${lastError}, ${now.toISOString()}::timestamptz
    from (select lower(trim(${staffUsers.email})) as email from ${staffUsers} where ${staffUsers.role} = 'owner'
          union select lower(trim(value)) from json_array_elements_text(${JSON.stringify(extraAddresses)}::json)) r
    on conflict (key) do nothing`;
}

/**
 * Writes messages into the outbox, in the caller's transaction, so a change never commits without its
 * messages and a rolled-back change leaves none (issue 12). A channel not configured now keeps its message
 * as 'not sent', never sent later: configuring SMS next month must not text last month's shoppers.
 */
export async function queueNotifications(
  tx: Transaction,
  messages: readonly OutboxMessage[],
  now: Date,
  senders: Pick<Senders, "sms" | "mail"> = config(),
): Promise<void> {
  if (messages.length > 0) await outboxInsert(tx, messages, now, senders);
}

/** Messages one process claims at a time; sent together, each within the 10 s timeout. */
const SEND_BATCH = 20;
/** How long a claim holds a message: a process killed mid-send leaves it due again after this. */
export const SEND_LEASE_MS = 30_000;

type Claimed = typeof notifications.$inferSelect;

/** How the outbox reaches the outside: the configured gateways (tests pass their own). */
export type Senders = { sms: SmsConfig | undefined; mail: MailConfig | undefined; shopName: string };

async function deliver(message: Claimed, senders: Senders): Promise<SendOutcome> {
  if (message.channel === "sms") {
    return senders.sms ? sendSms(senders.sms, message.recipient, message.body) : { kind: "refused", reason: NOT_CONFIGURED.sms };
  }
  if (!senders.mail) return { kind: "refused", reason: NOT_CONFIGURED.email };
  return sendMail(senders.mail, {
    to: message.recipient,
    subject: message.subject,
    text: message.body,
    html: message.html ?? message.body,
    fromName: senders.shopName,
  });
}

/**
 * Sends the messages that are due (issue 12). Each is claimed with `FOR UPDATE SKIP LOCKED` and its due time
 * pushed forward by a lease, so across processes one sends it at a time; its outcome is written afterwards:
 * sent; refused for good (a number the gateway rejects) and failed with the gateway's reason; or due again
 * after a backoff, until the last attempt fails it. Returns how many were claimed.
 */
export async function sendDueNotifications(senders: Senders, now = new Date(), database?: Database, random = Math.random): Promise<number> {
  const source = database ?? (await db());
  const claimed = await source.transaction(async (tx) => {
    const due = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.state, "pending"), lte(notifications.nextAttemptAt, now)))
      .orderBy(asc(notifications.nextAttemptAt))
      .limit(SEND_BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(notifications)
      .set({ nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS), attempts: sql`${notifications.attempts} + 1` })
      .where(
        inArray(
          notifications.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  await Promise.all(
    claimed.map(async (message) => {
      const outcome = await deliver(message, senders);
      const retryAt = outcome.kind === "retry" ? nextAttemptAt(now, message.attempts, random) : undefined;
      const change =
        outcome.kind === "sent"
          ? { state: "sent" as const, sentAt: now, providerId: outcome.providerId ?? null, lastError: null }
          : retryAt
            ? { nextAttemptAt: retryAt, lastError: outcome.reason }
            : { state: "failed" as const, lastError: outcome.reason };
      // Only while still claimed by this send: staff may have sent it again meanwhile.
      await source
        .update(notifications)
        .set(change)
        .where(and(eq(notifications.id, message.id), eq(notifications.state, "pending"), eq(notifications.attempts, message.attempts)));
    }),
  );
  return claimed.length;
}

/** The configured gateways and the shop's name, as the background sender uses them. */
export function configuredSenders(shopName: string): Senders {
  return { sms: config().sms, mail: config().mail, shopName };
}
