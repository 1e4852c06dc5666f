import { and, eq, gte, lt, sum } from "drizzle-orm";
import type { Actor } from "~/domain/audit";
import { formatKsh } from "~/domain/money";
import { normaliseOrderId } from "~/domain/order-id";
import { isPayable } from "~/domain/order-status";
import { CASH_PAYMENT_METHOD, type CollectProblem, type RiderCollection, riderCollections } from "~/domain/pay-on-delivery";
import { changeOnPayment } from "~/domain/payments";
import { type PeriodRange } from "~/domain/report-period";
import { config, type MpesaConfig } from "./config.server";
import { db } from "./db/database.server";
import { orders, payments, riders } from "./db/schema.server";
import { applyChange, lockOrder, type OrderWriteResult } from "./order-admin.server";
import { type PaymentRequestResult, requestPayment } from "./payments.server";
import { newRecordId } from "./random.server";
import { readSiteDocument } from "./site-documents.server";

// Pay on delivery (issue 23, decision 054): the rider collects at the door, by M-Pesa (staff send the prompt from
// order details) or in cash (staff record it).

/** The order is no longer waiting for money (paid, cancelled or archived meanwhile), or is not one paid at the door. */
type NotPayable = { ok: false; problem: "not-payable" | "not-pay-on-delivery" };

/**
 * 'Paid in cash': marks the order Paid (and Processing if it was Pending Payment, as any payment does) through the
 * locked order-change path, on the activity log with who, and records the cash in the ledger for the order's total.
 * Refused when the order changed since the dialog showed it at `version` (decision 031) or can no longer be paid.
 */
export async function recordCashPayment(id: string, version: string, actor: Actor, now = new Date()): Promise<OrderWriteResult | NotPayable> {
  return (await db()).transaction(async (tx): Promise<OrderWriteResult | NotPayable> => {
    const order = await lockOrder(tx, id);
    if (!order) return { ok: false, problem: "order-missing" };
    if (order.updatedAt.toISOString() !== version) return { ok: false, problem: "changed-meanwhile" };
    if (!isPayable(order)) return { ok: false, problem: "not-payable" };
    if (!order.payOnDelivery) return { ok: false, problem: "not-pay-on-delivery" };
    const applied = await applyChange(tx, order, changeOnPayment(order.status), { actor, now, note: `Paid in cash: ${formatKsh(order.totalCents)}` });
    if (!applied.ok) return applied;
    const paymentId = newRecordId();
    await tx.insert(payments).values({
      id: paymentId,
      // The ledger's receipts are unique; cash has none of its own.
      receipt: `CASH-${paymentId}`,
      orderId: order.id,
      amountCents: order.totalCents,
      method: CASH_PAYMENT_METHOD,
      paidAt: now,
      state: "applied",
      settledBy: actor.kind === "staff" ? actor.email : null,
      settledAt: now,
    });
    return applied;
  });
}

/**
 * 'Request M-Pesa payment': an M-Pesa Express prompt to the order's phone for its total, sent by staff (for the rider
 * at the door). The order turns Paid by itself when M-Pesa's callback comes, as with 'Pay now'.
 */
export async function requestOrderPayment(
  mpesa: MpesaConfig,
  request: { id: string; version: string; actor: Actor; clientAddress: string; storeName: string },
  now = new Date(),
): Promise<
  Exclude<PaymentRequestResult, { ok: true }> | { ok: false; problem: "changed-meanwhile" | "not-pay-on-delivery" } | (OrderWriteResult & { ok: true })
> {
  const [order] = await (await db())
    .select({
      id: orders.id,
      phone: orders.clientPhone,
      payOnDelivery: orders.payOnDelivery,
      updatedAt: orders.updatedAt,
      clientDetailsVersion: orders.clientDetailsVersion,
    })
    .from(orders)
    .where(eq(orders.id, normaliseOrderId(request.id)));
  if (!order) return { ok: false, problem: "order-missing" };
  if (order.updatedAt.toISOString() !== request.version) return { ok: false, problem: "changed-meanwhile" };
  if (!order.payOnDelivery) return { ok: false, problem: "not-pay-on-delivery" };
  const sent = await requestPayment(
    mpesa,
    { orderId: order.id, phone: order.phone, clientAddress: request.clientAddress, storeName: request.storeName, by: request.actor },
    now,
  );
  // The order itself is unchanged until M-Pesa answers: the dialog keeps the version it has.
  return sent.ok ? { ok: true, version: request.version, clientDetailsVersion: order.clientDetailsVersion } : sent;
}

/** Order details' two buttons, for both roles: what the Orders page's action runs for them. */
export async function collectOnDelivery(
  input: { intent: "paid-in-cash" | "request-mpesa"; id: string; version: string },
  actor: Actor,
  clientAddress: string,
): Promise<(OrderWriteResult & { ok: true }) | ({ ok: false } & CollectProblem)> {
  if (input.intent === "paid-in-cash") return recordCashPayment(input.id, input.version, actor);
  const mpesa = config().mpesa;
  if (!mpesa) return { ok: false, problem: "mpesa-off" };
  const { storeName } = await readSiteDocument("settings");
  return requestOrderPayment(mpesa, { id: input.id, version: input.version, actor, clientAddress, storeName });
}

/** What each rider collected on delivery in the period: payments applied to pay-on-delivery orders, by when paid. */
export async function riderCollectionsIn(range: PeriodRange): Promise<RiderCollection[]> {
  const rows = await (await db())
    .select({ rider: riders.name, method: payments.method, amountCents: sum(payments.amountCents).mapWith(Number) })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(riders, eq(riders.id, orders.riderId))
    .where(
      and(
        eq(payments.state, "applied"),
        eq(orders.payOnDelivery, true),
        range.start ? gte(payments.paidAt, range.start) : undefined,
        range.end ? lt(payments.paidAt, range.end) : undefined,
      ),
    )
    .groupBy(riders.id, riders.name, payments.method);
  return riderCollections(rows);
}
