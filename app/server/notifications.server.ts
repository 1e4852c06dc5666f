import { and, asc, count, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import { type NotificationChannel, nextAttemptAt, renderEmailHtml, renderText } from "~/domain/notifications";
import { extraStaffEmailsSchema } from "~/domain/notifications.schema";
import { CAMPAIGN_MESSAGES, OPTED_OUT } from "~/domain/campaigns";
import { formatCount } from "~/domain/number-format";
import { shopDate } from "~/domain/report-period";
import type { Settings } from "~/domain/site-documents.schema";
import type { SendOutcome } from "~/domain/sms-gateway";
import { budgetSpentEvent, type DueSms, smsPerDay, smsVerdicts } from "~/domain/sms-limits";
import { config, type MailConfig, type SmsConfig } from "./config.server";
import { type Database, databaseNow, type Queryable, type Transaction } from "./db/client.server";
import { db } from "./db/database.server";
import { newsletterSubscribers, notifications, orders, staffUsers } from "./db/schema.server";
import { agreedToMarketingSql } from "./consent.server";
import { sendMail } from "./mail.server";
import { awaitingPaymentSql, notPayOnDeliverySql } from "./order-state.server";
import { newRecordId } from "./random.server";
import { readSiteDocument } from "./site-documents.server";
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
  /** A campaign's message (issue 25): its campaign, its one-click unsubscribe address, and when it falls due. */
  campaignId?: string;
  unsubscribeUrl?: string;
  dueAt?: Date;
};

/** A message's id: random enough that a batch written in one millisecond never repeats one (crash bench, 500 at once). */
const newMessageId = () => `msg-${newRecordId()}`;

const NOT_CONFIGURED: Record<NotificationChannel, string> = {
  sms: "not sent: no SMS provider configured",
  email: "not sent: no email server configured",
};

/** The outbox rows for `messages`, as an insert to run with the change's own statement (see `publish`). */
export function outboxInsert(
  tx: Transaction,
  messages: readonly OutboxMessage[],
  now: Date,
  senders: Pick<Senders, "sms" | "mail"> = config(),
) {
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
        campaignId: m.campaignId ?? null,
        unsubscribeUrl: m.unsubscribeUrl ?? null,
        state: configured[m.channel] ? ("pending" as const) : ("not sent" as const),
        lastError: configured[m.channel] ? null : NOT_CONFIGURED[m.channel],
        nextAttemptAt: m.dueAt ?? now,
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
export function staffOutboxInsert(
  email: StaffEmail,
  extraAddresses: readonly string[],
  now: Date,
  senders: Pick<Senders, "mail"> = config(),
): SQL {
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
    // One-click unsubscribe for mail programs (RFC 8058): they post to the link, which unsubscribes without a page.
    ...(message.unsubscribeUrl
      ? { headers: { "List-Unsubscribe": `<${message.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
      : {}),
  });
}

// The SMS budget is decided by one claim at a time across processes, so two cannot both send the 501st.
const SMS_BUDGET_LOCK = 0x5e5b0d6e;

/** How many SMS have been counted against shop day `day`'s budget. */
async function countedOn(source: Queryable, day: string): Promise<number> {
  const [row] = await source
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.channel, "sms"), eq(notifications.countedOn, day)));
  return row?.n ?? 0;
}

/**
 * Applies Site Settings' SMS countries and daily budget to claimed SMS (issue 21), in the claim's transaction and
 * under a lock, so what is counted and what is sent are one decision across processes: those not to be sent
 * become 'not sent' with the reason, those to send are counted against today's budget, and the first SMS the
 * budget stops each day queues the Store Owners' email (its key makes it once a day). Returns the ids to send.
 */
async function applySmsLimits(tx: Transaction, due: readonly DueSms[], now: Date, senders: Pick<Senders, "mail">): Promise<Set<string>> {
  const settings = await readSiteDocument("settings", tx);
  const today = shopDate(now, config().timeZone);
  await tx.execute(sql`select pg_advisory_xact_lock(${SMS_BUDGET_LOCK})`);
  const verdicts = smsVerdicts(due, settings, await countedOn(tx, today), today);
  for (const reason of new Set(verdicts.notSent.map((verdict) => verdict.reason))) {
    const ids = verdicts.notSent.filter((verdict) => verdict.reason === reason).map((verdict) => verdict.id);
    await tx.update(notifications).set({ state: "not sent", lastError: reason }).where(inArray(notifications.id, ids));
  }
  if (verdicts.count.length > 0) await tx.update(notifications).set({ countedOn: today }).where(inArray(notifications.id, verdicts.count));
  const email = verdicts.tellOwners ? await budgetSpentEmail(tx, settings, today, now, senders) : undefined;
  if (email) await tx.execute(email);
  return new Set(verdicts.send);
}

/** The Store Owners' email saying today's SMS budget stopped an SMS; undefined while its message is switched off. */
async function budgetSpentEmail(
  tx: Transaction,
  settings: Settings,
  today: string,
  now: Date,
  senders: Pick<Senders, "mail">,
): Promise<SQL | undefined> {
  const template = (await readSiteDocument("messageTemplates", tx))["staff-sms-budget-spent"];
  if (!template.enabled) return undefined;
  const values = { SHOP_NAME: settings.storeName, SMS_PER_DAY: formatCount(smsPerDay(settings)) };
  const email = {
    event: budgetSpentEvent(today),
    message: "staff-sms-budget-spent",
    subject: renderText(template.subject, values),
    body: renderText(template.body, values),
    html: renderEmailHtml(template.body, values),
  };
  return staffOutboxInsert(email, extraStaffEmailsSchema.safeParse(settings.staffEmails ?? "").data ?? [], now, senders);
}

/** Why a payment reminder was not sent: its order was paid, cancelled or archived after it was queued. */
export const REMINDER_NO_LONGER_DUE = "not sent: the order no longer awaits payment";

/**
 * Of the claimed messages, the payment reminders whose order no longer awaits payment (issue 23, decision 055) become
 * 'not sent' instead of being sent; returns their ids. Read with the claim, so a payment after it is the only one
 * that can still cross a reminder.
 */
async function withdrawStaleReminders(tx: Transaction, due: readonly { id: string; message: string }[]): Promise<Set<string>> {
  const reminders = due.filter((message) => message.message === "payment-reminder").map((message) => message.id);
  if (reminders.length === 0) return new Set();
  const stale = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .leftJoin(orders, eq(orders.id, notifications.orderId))
    .where(and(inArray(notifications.id, reminders), sql`not coalesce(${awaitingPaymentSql} and ${notPayOnDeliverySql}, false)`));
  const ids = stale.map((row) => row.id);
  if (ids.length > 0)
    await tx.update(notifications).set({ state: "not sent", lastError: REMINDER_NO_LONGER_DUE }).where(inArray(notifications.id, ids));
  return new Set(ids);
}

/**
 * Of the claimed messages, the campaign messages whose recipient no longer agrees (an SMS to a phone whose consent was
 * withdrawn, an email to an address no longer a confirmed subscriber) become 'not sent' as opted out (issue 25);
 * returns their ids. Read with the claim, just before sending, so a withdrawal a second before still stops it.
 */
async function withdrawOptedOut(tx: Transaction, due: readonly { id: string; message: string }[]): Promise<Set<string>> {
  const marketing = due.filter((message) => CAMPAIGN_MESSAGES.includes(message.message)).map((message) => message.id);
  if (marketing.length === 0) return new Set();
  const optedOut = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        inArray(notifications.id, marketing),
        sql`not (case ${notifications.channel}
          when 'sms' then ${agreedToMarketingSql(sql`regexp_replace(${notifications.recipient}, '[^0-9]', '', 'g')`)}
          else exists (select 1 from ${newsletterSubscribers} s where s.email = ${notifications.recipient} and s.state = 'confirmed') end)`,
      ),
    );
  const ids = optedOut.map((row) => row.id);
  if (ids.length > 0) await tx.update(notifications).set({ state: "not sent", lastError: OPTED_OUT }).where(inArray(notifications.id, ids));
  return new Set(ids);
}

/**
 * Sends the messages that are due (issue 12). Each is claimed with `FOR UPDATE SKIP LOCKED` and its due time
 * pushed forward by a lease, so across processes one sends it at a time; SMS are first held to Site Settings'
 * countries and daily budget (applySmsLimits). Each outcome is written afterwards: sent; refused for good (a
 * number the gateway rejects) and failed with the gateway's reason; or due again after a backoff, until the last
 * attempt fails it. Returns how many it took from the outbox, sent or not. The time is the database's unless
 * `clock` is given (tests): a lease taken by one machine's clock and judged by another's would not hold.
 */
export async function sendDueNotifications(senders: Senders, clock?: Date, database?: Database, random = Math.random): Promise<number> {
  const source = database ?? (await db());
  const { taken, claimed, now } = await source.transaction(async (tx) => {
    const now = clock ?? (await databaseNow(tx));
    const due = await tx
      .select({
        id: notifications.id,
        message: notifications.message,
        channel: notifications.channel,
        recipient: notifications.recipient,
        countedOn: notifications.countedOn,
      })
      .from(notifications)
      .where(and(eq(notifications.state, "pending"), lte(notifications.nextAttemptAt, now)))
      .orderBy(asc(notifications.nextAttemptAt))
      .limit(SEND_BATCH)
      .for("update", { skipLocked: true });
    const withdrawn = new Set([...(await withdrawStaleReminders(tx, due)), ...(await withdrawOptedOut(tx, due))]);
    const sms = due.filter((message) => message.channel === "sms" && !withdrawn.has(message.id));
    const smsToSend = sms.length > 0 ? await applySmsLimits(tx, sms, now, senders) : new Set<string>();
    const toSend = due
      .filter((message) => !withdrawn.has(message.id) && (message.channel !== "sms" || smsToSend.has(message.id)))
      .map((message) => message.id);
    if (toSend.length === 0) return { taken: due.length, claimed: [], now };
    const rows = await tx
      .update(notifications)
      .set({ nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS), attempts: sql`${notifications.attempts} + 1` })
      .where(inArray(notifications.id, toSend))
      .returning();
    return { taken: due.length, claimed: rows, now };
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
  return taken;
}

/** How many SMS have been counted against today's budget (shop time), for the dashboard. */
export async function smsCountedToday(now = new Date()): Promise<number> {
  return countedOn(await db(), shopDate(now, config().timeZone));
}

/** The configured gateways and the shop's name, as the background sender uses them. */
export function configuredSenders(shopName: string): Senders {
  return { sms: config().sms, mail: config().mail, shopName };
}
