import { and, asc, isNotNull, lt, sql } from "drizzle-orm";
import { THE_SHOP } from "~/domain/audit";
import { mayCancelForNonPayment } from "~/domain/pay-on-delivery";
import { holdCancelNote, type HoldCutoffs, holdCutoffs, holdMinutes, holdPassed } from "~/domain/unpaid-hold";
import type { Database } from "./db/client.server";
import { db } from "./db/database.server";
import { auditLog, orders, paymentRequests, payments } from "./db/schema.server";
import { config } from "./config.server";
import { applyChange } from "./order-admin.server";
import { awaitingPaymentSql, notPayOnDeliverySql } from "./order-state.server";
import { readSiteDocument } from "./site-documents.server";

// The hold times for unpaid orders (decisions 033 and 043): the shop cancels what waited too long for payment, through
// the same locked path as every staff change, so the stock rules and the activity log apply alike.

/** Orders claimed per transaction: a long backlog is worked through without holding many locks at once. */
const BATCH = 50;

// The swept order, named with its table: in a one-table select drizzle writes a column without it, which inside these
// subqueries would name the subquery's own id.
const sweptOrderId = sql.raw(`"orders"."id"`);

/** When a staff member last changed the order, from the activity log. */
const lastStaffChange = sql<Date | null>`(select max(${auditLog.at}) from ${auditLog}
  where ${auditLog.entity} = 'order' and ${auditLog.entityId} = ${sweptOrderId} and ${isNotNull(auditLog.staffEmail)})`.mapWith(auditLog.at);

/** When M-Pesa first took a payment request for the order to the shopper's phone (it gave a CheckoutRequestID). */
const paymentStartedAt = sql<Date | null>`(select min(${paymentRequests.requestedAt}) from ${paymentRequests}
  where ${paymentRequests.orderId} = ${sweptOrderId} and ${paymentRequests.checkoutRequestId} is not null)`.mapWith(paymentRequests.requestedAt);

/**
 * Whether an M-Pesa Express request for the order is being answered, or was confirmed without its receipt, or a
 * paybill payment for it is being confirmed with M-Pesa (decision 044).
 */
const paymentUnderway = sql<boolean>`(exists (select 1 from ${paymentRequests} where ${paymentRequests.orderId} = ${sweptOrderId}
  and ${paymentRequests.state} in ('sending', 'waiting', 'receipt pending'))
  or exists (select 1 from ${payments} where ${payments.orderId} = ${sweptOrderId} and ${payments.state} = 'confirming'))`;

const timestamp = (moment: Date | null) => sql`${moment?.toISOString() ?? null}::timestamptz`;

/**
 * The orders holdPassed decides on, narrowed in SQL: each measured from when it was taken in hand (takenInHandAt:
 * the later of its first payment request and its last staff change) against the full hold, or from when it was
 * placed against the hold before payment. unpaid-orders.test.ts checks the two agree.
 */
function pastHoldSql(cutoffs: HoldCutoffs) {
  const inHand = sql`greatest(${paymentStartedAt}, ${lastStaffChange})`;
  return sql`(case when ${inHand} is null then ${orders.orderDate} < ${timestamp(cutoffs["before payment"])}
    else ${inHand} < ${timestamp(cutoffs.unpaid)} end)`;
}

export type HoldSweep = {
  /** Another app process's connection in tests; by default, the shop's. */
  database?: Database | undefined;
  /** Stops the sweep between batches (the shop is closing). */
  signal?: AbortSignal | undefined;
  /** Whether the shop sees payments start (holdMinutes); by default, whether M-Pesa Express is set up. */
  paymentsSeen?: boolean | undefined;
};

/**
 * Cancels every order past its hold time of Site Settings (decision 043), as the shop, and answers how many. Each
 * order is claimed with `FOR UPDATE SKIP LOCKED`, so several processes sweeping at once cancel each order exactly
 * once, and an order a staff member is changing right now is left for the next sweep.
 */
export async function cancelUnpaidOrdersPastHold(
  now: Date,
  { database, signal, paymentsSeen = config().mpesa !== undefined }: HoldSweep = {},
): Promise<number> {
  const minutes = holdMinutes(await readSiteDocument("settings", database), paymentsSeen);
  const cutoffs = holdCutoffs(now, minutes);
  // An order is never taken in hand before it is placed, so none placed after the later cutoff is past either hold.
  const latest = [cutoffs["before payment"], cutoffs.unpaid].reduce<Date | null>((a, b) => (a && b ? (a > b ? a : b) : (a ?? b)), null);
  if (!latest) return 0;
  let cancelled = 0;
  while (!signal?.aborted) {
    const batch = await (database ?? (await db())).transaction(async (tx) => {
      // The query narrows to the orders holdPassed decides on, through the partial index of orders awaiting
      // payment.
      const claimed = await tx
        .select({ order: orders, lastStaffChangeAt: lastStaffChange, paymentStartedAt, paymentUnderway })
        .from(orders)
        .where(and(awaitingPaymentSql, notPayOnDeliverySql, lt(orders.orderDate, latest), pastHoldSql(cutoffs), sql`not ${paymentUnderway}`))
        .orderBy(asc(orders.orderDate))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      let done = 0;
      for (const { order, ...hold } of claimed) {
        const kind = mayCancelForNonPayment(order) ? holdPassed({ ...order, ...hold }, cutoffs) : null;
        if (!kind) continue;
        const note = holdCancelNote(kind, minutes);
        const result = await applyChange(tx, order, { status: "Cancelled" }, { actor: THE_SHOP, now, note });
        if (result.ok) done++;
      }
      return { claimed: claimed.length, cancelled: done };
    });
    cancelled += batch.cancelled;
    // A short batch was the last; one that cancelled nothing would only claim the same orders again.
    if (batch.claimed < BATCH || batch.cancelled === 0) break;
  }
  return cancelled;
}
