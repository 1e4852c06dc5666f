import { and, asc, eq, inArray, like, lt, ne, or, sql } from "drizzle-orm";
import {
  type AnonymisedCounts,
  anonymisedSummary,
  REMOVED,
  REMOVED_PHONE,
  retentionCutoff,
  retentionYears,
  withoutPersonalDetails,
} from "~/domain/anonymise";
import { type Actor, THE_SHOP } from "~/domain/audit";
import { recordChange } from "./audit.server";
import type { Transaction } from "./db/client.server";
import { db } from "./db/database.server";
import { suffixPattern } from "./db/like.server";
import {
  auditLog,
  consentEvents,
  newsletterSubscribers,
  notifications,
  orders,
  paymentRequests,
  payments,
  rateLimits,
} from "./db/schema.server";
import { publish } from "./events.server";
import { newRecordId } from "./random.server";
import { readSiteDocument } from "./site-documents.server";

// Anonymising (issue 25, decision 058): a customer's name, phone, address and email are replaced in every order,
// payment, message and subscription, and their consent history and rate-limit counters deleted, while amounts and
// items stay for the tax records. The activity log's entries about their orders and payments lose the same details;
// the anonymising itself is logged without naming them.

/**
 * An order whose details were not removed (its phone is not the placeholder): public lookups by tracking id, order id
 * or phone find only these.
 */
export const notAnonymisedSql = ne(orders.clientPhone, REMOVED_PHONE);

/** An anonymised message's key: its own id, as the key it was sent under names its recipient. */
const REMOVED_KEY_PREFIX = "removed:";

type Removed = Omit<AnonymisedCounts, "subscriptions">;

/**
 * Removes the customer's details from these orders (locked by the caller) and from everything that hangs off them:
 * payment requests, payments, the messages about them, and their activity-log entries.
 */
async function anonymiseOrders(tx: Transaction, orderIds: string[], now: Date): Promise<Removed> {
  if (orderIds.length === 0) return { orders: 0, payments: 0, messages: 0 };
  const ofOrders = inArray(orders.id, orderIds);
  // Messages first, while the orders still say whose phone is whose: a message to the customer loses its recipient, a
  // message to staff about the order keeps theirs; both lose their text, and their key, which names the recipient.
  // One waiting to go is not sent.
  const messages = await tx.execute(sql`update ${notifications} n set
      key = ${REMOVED_KEY_PREFIX} || n.id,
      recipient = case when regexp_replace(n.recipient, '[^0-9]', '', 'g') = o.client_phone_digits then ${REMOVED} else n.recipient end,
      subject = case when n.subject = '' then '' else ${REMOVED} end,
      body = ${REMOVED}, html = null,
      state = case when n.state = 'pending' then 'not sent' else n.state end
    from ${orders} o where n.order_id = o.id and o.id in ${sql`(${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )})`}
    returning n.id`);
  await tx.update(paymentRequests).set({ phoneMasked: REMOVED }).where(inArray(paymentRequests.orderId, orderIds));
  const paid = await tx
    .update(payments)
    .set({ payerName: REMOVED, phoneMasked: REMOVED })
    .where(inArray(payments.orderId, orderIds))
    .returning({ receipt: payments.receipt });
  await tx
    .update(orders)
    .set({
      clientName: REMOVED,
      clientAddress: REMOVED,
      clientPhone: REMOVED_PHONE,
      clientNetwork: null,
      clientDetailsVersion: sql`${orders.clientDetailsVersion} + 1`,
      updatedAt: now,
    })
    .where(ofOrders);
  await scrubActivityLog(
    tx,
    orderIds,
    paid.map((payment) => payment.receipt),
  );
  await publish(tx, "orders");
  return { orders: orderIds.length, payments: paid.length, messages: messageCount(messages) };
}

const messageCount = (result: unknown): number =>
  Array.isArray(result) ? result.length : ((result as { rows?: unknown[] }).rows?.length ?? 0);

/** The activity log's entries about these orders and payments, with the customer's details replaced (decision 058). */
async function scrubActivityLog(tx: Transaction, orderIds: string[], receipts: string[]): Promise<void> {
  const about = or(
    and(eq(auditLog.entity, "order"), inArray(auditLog.entityId, orderIds)),
    receipts.length > 0 ? and(eq(auditLog.entity, "payment"), inArray(auditLog.entityId, receipts)) : undefined,
  );
  const entries = await tx.select({ id: auditLog.id, before: auditLog.before, after: auditLog.after }).from(auditLog).where(about);
  // The log refuses every change but this one, inside this transaction only (migration 0016).
  await tx.execute(sql`select set_config('duka.anonymising', 'on', true)`);
  for (const entry of entries) {
    const before = withoutPersonalDetails(entry.before as Record<string, unknown> | null);
    const after = withoutPersonalDetails(entry.after as Record<string, unknown> | null);
    if (JSON.stringify([before, after]) === JSON.stringify([entry.before, entry.after])) continue;
    await tx.update(auditLog).set({ before, after }).where(eq(auditLog.id, entry.id));
  }
  await tx.execute(sql`select set_config('duka.anonymising', 'off', true)`);
}

/**
 * Anonymises a customer on their request (staff on the customer page): every order of the phone, the messages sent to
 * it, its consent history, and the newsletter subscription of `email` when staff give the one they used. Logged with
 * who did it and what was removed, never whose.
 */
export async function anonymiseCustomer(
  phoneDigits: string,
  email: string | null,
  actor: Actor,
  now = new Date(),
): Promise<AnonymisedCounts> {
  return (await db()).transaction(async (tx) => {
    // Locked in id order, as every order change locks, so a staff edit of an order waits for this and is then refused.
    const theirs = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.clientPhoneDigits, phoneDigits))
      .orderBy(asc(orders.id))
      .for("update");
    const removed = await anonymiseOrders(
      tx,
      theirs.map((order) => order.id),
      now,
    );
    // Messages to the phone that no order links (none today; campaigns will send some), and to the email.
    const recipients = [`+${phoneDigits}`, ...(email ? [email] : [])];
    const unlinked = await tx
      .update(notifications)
      .set({ key: sql`${REMOVED_KEY_PREFIX} || ${notifications.id}`, recipient: REMOVED, subject: REMOVED, body: REMOVED, html: null })
      .where(inArray(notifications.recipient, recipients))
      .returning({ id: notifications.id });
    await tx.delete(consentEvents).where(eq(consentEvents.phoneDigits, phoneDigits));
    // Rate-limit counters are keyed by the phone or the email for an hour.
    await tx
      .delete(rateLimits)
      .where(or(...recipients.map((recipient) => like(rateLimits.key, suffixPattern(`:${recipient.replace(/^\+/, "")}`)))));
    const subscriptions = email ? await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).returning() : [];
    const counts = { ...removed, messages: removed.messages + unlinked.length, subscriptions: subscriptions.length };
    await recordChange(tx, {
      actor,
      entity: "customer",
      entityId: newRecordId(),
      action: "delete",
      before: counts,
      now,
      note: `Anonymised a customer on request: ${anonymisedSummary(counts)}.`,
    });
    return counts;
  });
}

/** Orders anonymised per transaction by the retention sweep: a long backlog goes in short transactions. */
const RETENTION_BATCH = 200;

/**
 * The retention sweep (Site Settings): removes the personal details of orders older than the shop keeps them, once
 * across processes (each batch claims its orders with SKIP LOCKED), each batch on the activity log. Off by default.
 */
export async function removeDetailsPastRetention(now = new Date(), { signal }: { signal?: AbortSignal } = {}): Promise<number> {
  const years = retentionYears(await readSiteDocument("settings"));
  const before = retentionCutoff(years, now);
  if (years === null || before === null) return 0;
  let total = 0;
  for (;;) {
    const batch = await (
      await db()
    ).transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(lt(orders.orderDate, before), notAnonymisedSql))
        .orderBy(asc(orders.id))
        .limit(RETENTION_BATCH)
        .for("update", { skipLocked: true });
      const removed = await anonymiseOrders(
        tx,
        due.map((order) => order.id),
        now,
      );
      if (removed.orders > 0) {
        await recordChange(tx, {
          actor: THE_SHOP,
          entity: "customer",
          entityId: newRecordId(),
          action: "delete",
          before: { ...removed, subscriptions: 0 },
          now,
          note: `Removed personal details from orders older than ${years === 1 ? "1 year" : `${years} years`}: ${anonymisedSummary({ ...removed, subscriptions: 0 })}.`,
        });
      }
      return removed.orders;
    });
    total += batch;
    if (batch < RETENTION_BATCH || signal?.aborted) return total;
  }
}
