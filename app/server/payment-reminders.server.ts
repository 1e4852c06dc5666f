import { and, asc, eq, gt, isNotNull, lte, type SQLWrapper, sql } from "drizzle-orm";
import type { Actor } from "~/domain/audit";
import { maskPhone } from "~/domain/phone";
import {
  dueReminder,
  FIRST_REMINDER_MINUTES,
  NO_SMS_NUMBER_MESSAGE,
  reminderEvent,
  remindableSince,
  REMINDER_SWITCHED_OFF_MESSAGE,
  staffReminderEvent,
  staffReminderRefusal,
  stepsQueued,
} from "~/domain/payment-reminders";
import { smsRecipient } from "~/domain/notifications";
import type { OrderEvent } from "~/domain/order-messages";
import { holdMinutes as holdsOf, type HoldMinutes } from "~/domain/unpaid-hold";
import { ORDER_NOT_FOUND_MESSAGE } from "~/domain/order-admin";
import { recordChange } from "./audit.server";
import { config } from "./config.server";
import type { Database, Transaction } from "./db/client.server";
import { db } from "./db/database.server";
import { auditLog, notifications, orders, paymentRequests } from "./db/schema.server";
import { lockOrder, type OrderRow } from "./order-admin.server";
import { messageDocuments, orderMessageWrites } from "./order-notifications.server";
import { awaitingPaymentSql, notPayOnDeliverySql } from "./order-state.server";
import { publish } from "./events.server";

// Reminders for unpaid orders (issue 23, decision 055): an SMS with the order's payment link 30 minutes after it was
// placed and halfway through its hold, and one staff send from order details. Each goes through the outbox, whose
// unique key makes a step queued once across processes; the outbox sends it only while the order still awaits
// payment (notifications.server.ts).

/** Orders a sweep reads at a time. */
const BATCH = 200;

// The swept order, named with its table, as in the subqueries of unpaid-orders.server.ts.
const sweptOrderId = sql.raw(`"orders"."id"`);

/** The keys of the order's reminders in the outbox, to tell which steps were queued. */
const reminderKeys = sql<string[]>`(select coalesce(array_agg(${notifications.key}), '{}') from ${notifications}
  where ${notifications.orderId} = ${sweptOrderId} and ${notifications.message} = 'payment-reminder')`;

/** Whether M-Pesa took a payment request for the order to the shopper's phone: its full hold applies (decision 043). */
const paymentStarted = sql<boolean>`exists (select 1 from ${paymentRequests}
  where ${paymentRequests.orderId} = ${sweptOrderId} and ${paymentRequests.checkoutRequestId} is not null)`;

/**
 * The hold an order's reminders are timed by, from when it was placed: the full hold once a payment reached the
 * shopper's phone, else the hold before payment (which is the full hold where the shop does not see payments start).
 */
const holdOf = (holds: HoldMinutes, started: boolean) => (started ? holds.unpaid : holds["before payment"]);

export type ReminderSweep = {
  /** Another app process's connection in tests; by default, the shop's. */
  database?: Database | undefined;
  signal?: AbortSignal | undefined;
  /** Whether the shop sees payments start; by default, whether M-Pesa Express is set up. */
  paymentsSeen?: boolean | undefined;
};

/**
 * Queues the payment reminders due now and answers how many. SQL narrows the list to orders awaiting payment, not
 * paid on delivery, placed 30 minutes ago or more and within the longer hold; dueReminder decides, and decides again
 * on the order locked, so a payment landing meanwhile stops it. Several processes sweeping at once queue each step
 * once: the outbox's key is unique.
 */
export async function queueDueReminders(now: Date, { database, signal, paymentsSeen = config().mpesa !== undefined }: ReminderSweep = {}): Promise<number> {
  const source = database ?? (await db());
  const documents = await messageDocuments(source);
  if (!documents.templates["payment-reminder"].enabled) return 0;
  const holds = holdsOf(documents.settings, paymentsSeen);
  const since = [holds["before payment"], holds.unpaid].map((minutes) => remindableSince(now, minutes)).reduce((a, b) => (a < b ? a : b));
  const placedBy = new Date(now.getTime() - FIRST_REMINDER_MINUTES * 60_000);
  let queued = 0;
  // Page by page through every candidate (oldest first), so orders already reminded never crowd out newer ones.
  let after: { orderDate: Date; id: string } | undefined;
  while (!signal?.aborted) {
    const candidates = await source
      .select({ id: orders.id, orderDate: orders.orderDate, keys: reminderKeys, paymentStarted })
      .from(orders)
      .where(
        and(
          awaitingPaymentSql,
          notPayOnDeliverySql,
          gt(orders.orderDate, since),
          lte(orders.orderDate, placedBy),
          after && sql`(${orders.orderDate}, ${orders.id}) > (${after.orderDate.toISOString()}::timestamptz, ${after.id})`,
        ),
      )
      .orderBy(asc(orders.orderDate), asc(orders.id))
      .limit(BATCH);
    for (const candidate of candidates) {
      if (signal?.aborted) break;
      const hold = holdOf(holds, candidate.paymentStarted);
      // A first look without the lock (the list holds only orders awaiting payment): most have had their reminder.
      const awaiting = { status: "Pending Payment", paymentStatus: "Unpaid", isArchived: false, payOnDelivery: false } as const;
      if (!dueReminder({ ...awaiting, orderDate: candidate.orderDate, remindersSent: stepsQueued(candidate.id, candidate.keys) }, hold, now)) continue;
      const sent = await source.transaction(async (tx) => {
        const order = await lockOrder(tx, candidate.id);
        if (!order) return false;
        const [queuedNow] = await tx.select({ keys: reminderKeys }).from(orders).where(eq(orders.id, order.id));
        const step = dueReminder({ ...order, remindersSent: stepsQueued(order.id, queuedNow?.keys ?? []) }, hold, now);
        const writes = step ? await reminderWrites(tx, order, reminderEvent(order.id, step), now) : [];
        for (const write of writes) await tx.execute(write.getSQL());
        return writes.length > 0;
      });
      if (sent) queued++;
    }
    const last = candidates.at(-1);
    if (candidates.length < BATCH || !last) break;
    after = last;
  }
  return queued;
}

/** The outbox write of the order's reminder; none while its template is off or its phone takes no SMS. */
async function reminderWrites(tx: Transaction, order: OrderRow, event: OrderEvent, now: Date): Promise<SQLWrapper[]> {
  const documents = await messageDocuments(tx);
  if (!documents.templates["payment-reminder"].enabled || !smsRecipient(order.clientPhone)) return [];
  return orderMessageWrites(tx, order, event, {}, documents, now);
}

export type StaffReminderResult =
  | { ok: true; version: string; clientDetailsVersion: number }
  | { ok: false; status: 404 | 409; message: string };

/**
 * Send payment reminder (order details): queues the reminder at once, if the order awaits payment, is not paid on
 * delivery and staff sent it none in the last hour. Decided with the order locked, so two staff pressing it at the
 * same moment send one; recorded on the order's activity log with who sent it.
 */
export async function sendPaymentReminder(id: string, actor: Actor, now = new Date(), database?: Database): Promise<StaffReminderResult> {
  return (database ?? (await db())).transaction(async (tx): Promise<StaffReminderResult> => {
    const order = await lockOrder(tx, id);
    if (!order) return { ok: false, status: 404, message: ORDER_NOT_FOUND_MESSAGE };
    const [last] = await tx
      .select({ at: sql<Date | null>`max(${auditLog.at})`.mapWith(auditLog.at) })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "order"),
          eq(auditLog.entityId, order.id),
          isNotNull(auditLog.staffEmail),
          sql`(${auditLog.after} ->> 'paymentReminder') is not null`,
        ),
      );
    const refusal = staffReminderRefusal(order, last?.at ?? null, now);
    if (refusal) return { ok: false, status: 409, message: refusal };
    const to = smsRecipient(order.clientPhone);
    if (!to) return { ok: false, status: 409, message: NO_SMS_NUMBER_MESSAGE };
    const writes = await reminderWrites(tx, order, staffReminderEvent(order.id, now), now);
    if (writes.length === 0) return { ok: false, status: 409, message: REMINDER_SWITCHED_OFF_MESSAGE };
    await recordChange(tx, {
      actor,
      entity: "order",
      entityId: order.id,
      now,
      action: "update",
      before: { paymentReminder: null },
      after: { paymentReminder: `SMS to ${maskPhone(to)}` },
    });
    // The order's timeline shows the entry at once, on every screen that has it open.
    await publish(tx, "orders", order.id, writes);
    // The order itself is unchanged: its versions stay as they were.
    return { ok: true, version: order.updatedAt.toISOString(), clientDetailsVersion: order.clientDetailsVersion };
  });
}
