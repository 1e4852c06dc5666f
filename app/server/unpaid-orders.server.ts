import { and, asc, isNotNull, lt, sql } from "drizzle-orm";
import { THE_SHOP } from "~/domain/audit";
import { holdCancelNote, holdCutoff, isPastHold, unpaidHoldMinutes } from "~/domain/unpaid-hold";
import type { Database } from "./db/client.server";
import { db } from "./db/database.server";
import { auditLog, orders, paymentRequests } from "./db/schema.server";
import { applyChange } from "./order-admin.server";
import { awaitingPaymentSql } from "./order-state.server";
import { readSiteDocument } from "./site-documents.server";

// The hold time for unpaid orders (decision 033): the shop cancels what waited too long for payment, through
// the same locked path as every staff change, so the stock rules and the activity log apply alike.

/** Orders claimed per transaction: a long backlog is worked through without holding many locks at once. */
const BATCH = 50;

/** When a staff member last changed the order, from the activity log. */
const lastStaffChange = sql<Date | null>`(select max(${auditLog.at}) from ${auditLog}
  where ${auditLog.entity} = 'order' and ${auditLog.entityId} = ${orders.id} and ${isNotNull(auditLog.staffEmail)})`.mapWith(auditLog.at);

/** Whether an M-Pesa Express request for the order is being answered, or was confirmed without its receipt. */
const paymentUnderway = sql<boolean>`exists (select 1 from ${paymentRequests} where ${paymentRequests.orderId} = ${orders.id}
  and ${paymentRequests.state} in ('sending', 'waiting', 'receipt pending'))`;

/**
 * Cancels every order past the hold time of Site Settings (none when it is 0), as the shop, and answers how
 * many. Each order is claimed with `FOR UPDATE SKIP LOCKED`, so several processes sweeping at once cancel each
 * order exactly once, and an order a staff member is changing right now is left for the next sweep.
 * `database` is another app process's connection in tests; by default, the shop's. `signal` stops the sweep
 * between batches (the shop is closing).
 */
export async function cancelUnpaidOrdersPastHold(now: Date, database?: Database, signal?: AbortSignal): Promise<number> {
  const minutes = unpaidHoldMinutes(await readSiteDocument("settings", database));
  const cutoff = holdCutoff(now, minutes);
  if (!cutoff) return 0;
  const note = holdCancelNote(minutes);
  let cancelled = 0;
  while (!signal?.aborted) {
    const batch = await (database ?? (await db())).transaction(async (tx) => {
      // The query narrows to the orders isPastHold decides on, through the partial index of orders awaiting
      // payment.
      const claimed = await tx
        .select({ order: orders, lastStaffChangeAt: lastStaffChange, paymentUnderway })
        .from(orders)
        .where(
          and(
            awaitingPaymentSql,
            lt(orders.orderDate, cutoff),
            sql`coalesce(${lastStaffChange} < ${cutoff.toISOString()}::timestamptz, true)`,
            sql`not ${paymentUnderway}`,
          ),
        )
        .orderBy(asc(orders.orderDate))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      let done = 0;
      for (const { order, lastStaffChangeAt, paymentUnderway: underway } of claimed) {
        if (!isPastHold({ ...order, lastStaffChangeAt, paymentUnderway: underway }, cutoff)) continue;
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
