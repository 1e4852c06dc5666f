import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, count, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import { type Actor, MPESA, THE_SHOP } from "~/domain/audit";
import { formatKsh, shillingsToCents } from "~/domain/money";
import { maskPhone } from "~/domain/phone";
import {
  CALLBACK_WAIT_SECONDS,
  isPaidToShop,
  mpesaPhoneNumber,
  normaliseBillRef,
  paymentCheckVerdict,
  paymentPromptLimits,
  readC2bConfirmation,
  readStkCallback,
  readTransactionStatusResult,
  secondsUntilResend,
  type StkOutcome,
  timeFromDaraja,
  type TransactionStatusResult,
} from "~/domain/mpesa";
import { normaliseOrderId } from "~/domain/order-id";
import { isPayable } from "~/domain/order-status";
import { type PayNowStatus, payNowStatus } from "~/domain/pay-now";
import { changeOnPayment, type PaymentProblem, paymentVerdict } from "~/domain/payments";
import { recordChange } from "./audit.server";
import { askPaymentStatus, pushPaymentRequest, queryPaymentRequest } from "./daraja.server";
import type { MpesaConfig } from "./config.server";
import { type Database, databaseNow, type Transaction } from "./db/client.server";
import { db } from "./db/database.server";
import { orders, paymentRequests, payments } from "./db/schema.server";
import { publish } from "./events.server";
import { applyChange, lockOrder } from "./order-admin.server";
import { newRecordId } from "./random.server";
import { takeAttempt } from "./rate-limit.server";
import type { ShortOfStock } from "./stock.server";
import { log } from "./log.server";

// M-Pesa payments (issue 11, decision 036): requests sent to a shopper's phone, what Daraja reports back, and
// the ledger of payments. A payment changes an order only through the one locked path for order changes.

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** After this long unanswered, a request is given up on; a late callback still pays. */
const GIVE_UP_AFTER_MS = 30 * 60_000;
/** How long one process may hold a request it is asking Daraja about before another may ask. */
const QUERY_LEASE_MS = 60_000;
/** Between two status queries of a request still being answered on the phone. */
const QUERY_AGAIN_MS = 30_000;
/** How long a callback for a request not yet stored waits for it before it is set aside. */
const UNKNOWN_REQUEST_WAIT_MS = 1_000;
/** Requests asked about per sweep. */
const QUERY_BATCH = 20;
/**
 * How long a process that asked M-Pesa to confirm a paybill payment waits for the answer before it, or another
 * process, asks again; also the lease that keeps two processes from asking at once (decision 044).
 */
const CONFIRM_LEASE_MS = 2 * 60_000;
/** Questions about one paybill payment before the shop stops asking and leaves it to staff. */
export const CONFIRM_TRIES = 5;

type NewPayment = {
  receipt: string;
  amountCents: number;
  method: "M-Pesa Express" | "M-Pesa Paybill";
  reference: string;
  phoneMasked: string;
  payerName: string;
  paidAt: Date;
};

/** A payment in the ledger, as the rules that apply it read it. */
type LedgerPayment = { id: string; receipt: string; amountCents: number };

/**
 * Records a payment in the ledger, once per receipt: undefined when its receipt is already there (a repeated
 * callback or confirmation). It waits for staff until the caller applies it or sets it to be confirmed.
 */
async function insertPayment(
  tx: Transaction,
  payment: NewPayment,
  state: Partial<Pick<PaymentRow, "state" | "orderId" | "problem" | "queryAfter">> = {},
): Promise<LedgerPayment | undefined> {
  // First, so a second report of the same receipt waits here for the first, then finds it and stops.
  const [inserted] = await tx
    .insert(payments)
    .values({ id: newRecordId(), ...payment, state: "unmatched", ...state })
    .onConflictDoNothing({ target: payments.receipt })
    .returning({ id: payments.id, receipt: payments.receipt, amountCents: payments.amountCents });
  return inserted;
}

/**
 * Applies a recorded payment to `orderId` if it pays it exactly (domain/payments.ts), as M-Pesa, in the caller's
 * transaction. Else the payment waits for staff with its problem (`unmatched` when no order is named).
 */
async function applyPayment(tx: Transaction, payment: LedgerPayment, orderId: string | null, now: Date, unmatched: PaymentProblem = "no order"): Promise<void> {
  const order = orderId ? await lockOrder(tx, orderId) : undefined;
  const verdict = paymentVerdict(order, payment.amountCents);
  if (verdict.kind === "apply") {
    const applied = await applyChange(tx, order!, verdict.change, { actor: MPESA, now, note: `M-Pesa receipt ${payment.receipt}`, receipt: payment.receipt });
    if (applied.ok) {
      await tx.update(payments).set({ state: "applied", orderId: order!.id, queryAfter: null }).where(eq(payments.id, payment.id));
      return;
    }
  }
  const problem: PaymentProblem = !order ? unmatched : verdict.kind === "hold" ? verdict.problem : "order closed";
  await leaveForStaff(tx, { id: payment.id, orderId: order?.id ?? null }, problem);
}

/** A payment the shop will not apply by itself waits under Unmatched payments with its problem. */
async function leaveForStaff(tx: Transaction, payment: { id: string; orderId: string | null }, problem: PaymentProblem): Promise<void> {
  await tx.update(payments).set({ state: "unmatched", orderId: payment.orderId, problem, queryAfter: null }).where(eq(payments.id, payment.id));
  // Staff see it at once; a shopper following the order sees it is not paid yet.
  await publish(tx, "orders", payment.orderId ?? payment.id);
}

/**
 * Records a payment in the ledger and applies it to `orderId` if it pays it exactly, in the caller's
 * transaction. A receipt already recorded changes nothing. Answers whether this call recorded it.
 */
async function recordPayment(
  tx: Transaction,
  payment: NewPayment,
  orderId: string | undefined,
  now: Date,
  unmatched: PaymentProblem = "no order",
): Promise<boolean> {
  const recorded = await insertPayment(tx, payment);
  if (!recorded) return false;
  await applyPayment(tx, recorded, orderId ?? null, now, unmatched);
  return true;
}

export type PaymentRequestResult =
  | { ok: true }
  | { ok: false; problem: "order-missing" | "not-payable" | "phone" }
  | { ok: false; problem: "wait"; seconds: number }
  | { ok: false; problem: "too-many"; retryAfterSeconds: number }
  | { ok: false; problem: "mpesa-down" };

/**
 * A shopper's 'Pay now with M-Pesa': the order, the phone typed, and the client that asked. `by`: staff sending it
 * from order details ('Request M-Pesa payment', decision 054), on the activity log with who.
 */
export type PaymentPrompt = { orderId: string; phone: string; clientAddress: string; storeName: string; by?: Actor };

/**
 * Sends an M-Pesa Express request for the order's total to `phone`. The request is reserved first, with the
 * order locked, so a second one within the wait is refused however many processes take the form. It then takes a
 * prompt from the phone number's and the client network's hourly limits (issue 21), before Daraja is asked
 * (decision 030): refused, the reservation is taken back; Daraja down or refusing gives the prompt back. Daraja is
 * asked outside any transaction (it may take seconds), and leaves the order as it was if it fails. A prompt to
 * another number than the order's phone is written to the order's activity log.
 */
export async function requestPayment(mpesa: MpesaConfig, prompt: PaymentPrompt, now = new Date()): Promise<PaymentRequestResult> {
  const number = mpesaPhoneNumber(prompt.phone);
  if (!number) return { ok: false, problem: "phone" };
  const database = await db();
  const reserved = await database.transaction(async (tx) => {
    const order = await lockOrder(tx, prompt.orderId);
    if (!order) return { ok: false, problem: "order-missing" } as const;
    if (!isPayable(order)) return { ok: false, problem: "not-payable" } as const;
    const [last] = await tx
      .select({ requestedAt: paymentRequests.requestedAt, state: paymentRequests.state })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.orderId, order.id), sql`${paymentRequests.state} <> 'not sent'`))
      .orderBy(desc(paymentRequests.requestedAt))
      .limit(1);
    // M-Pesa said the last one was paid: another would take the money twice.
    if (last?.state === "receipt pending") return { ok: false, problem: "not-payable" } as const;
    const seconds = last ? secondsUntilResend(last.requestedAt, now) : 0;
    if (seconds > 0) return { ok: false, problem: "wait", seconds } as const;
    const id = newRecordId();
    await tx.insert(paymentRequests).values({ id, orderId: order.id, phoneMasked: maskPhone(`+${number}`), amountCents: order.totalCents, requestedAt: now });
    return { ok: true, id, order } as const;
  });
  if (!reserved.ok) return reserved;
  // Staff's address is the shop's, not a shopper's network: their prompts count against the phone number only, so a
  // busy delivery day does not use up the limit of shoppers who share it (decision 054).
  const clientAddress = prompt.by ? null : prompt.clientAddress;
  const attempt = await takeAttempt(paymentPromptLimits({ phone: number, clientAddress }, mpesa.promptsPerHour), now);
  if (!attempt.allowed) {
    // Never sent: the shopper's next try is not kept waiting by it.
    await database.delete(paymentRequests).where(and(eq(paymentRequests.id, reserved.id), eq(paymentRequests.state, "sending")));
    return { ok: false, problem: "too-many", retryAfterSeconds: attempt.retryAfterSeconds };
  }

  const pushed = await pushPaymentRequest(mpesa, reserved.order, number, prompt.storeName, now);
  await database.transaction(async (tx) => {
    if (pushed.ok) {
      await tx
        .update(paymentRequests)
        .set({
          state: "waiting",
          checkoutRequestId: pushed.checkoutRequestId,
          merchantRequestId: pushed.merchantRequestId,
          queryAfter: new Date(now.getTime() + CALLBACK_WAIT_SECONDS * 1000),
        })
        .where(and(eq(paymentRequests.id, reserved.id), eq(paymentRequests.state, "sending")));
      if (prompt.by) {
        await recordChange(tx, {
          actor: prompt.by,
          entity: "order",
          entityId: reserved.order.id,
          now,
          action: "update",
          before: { mpesaPhone: null },
          after: { mpesaPhone: `+${number}` },
          note: `Request M-Pesa payment: ${formatKsh(reserved.order.totalCents)} asked of the order's phone.`,
        });
      } else if (mpesaPhoneNumber(reserved.order.clientPhone) !== number) {
        // Staff can tell a prompt that went to someone else than the one who ordered.
        await recordChange(tx, {
          actor: THE_SHOP,
          entity: "order",
          entityId: reserved.order.id,
          now,
          action: "update",
          before: { mpesaPhone: reserved.order.clientPhone },
          after: { mpesaPhone: `+${number}` },
          note: "M-Pesa payment request sent to another number than the order's phone, as typed on the payment page.",
        });
      }
    } else {
      log().error(`M-Pesa Express request for order ${reserved.order.id} not sent: ${pushed.message}`);
      await tx.update(paymentRequests).set({ state: "not sent", resultDesc: pushed.message, answeredAt: now }).where(eq(paymentRequests.id, reserved.id));
    }
    await publish(tx, "orders", reserved.order.id);
  });
  if (pushed.ok) return { ok: true };
  // No prompt reached a phone: the shopper may try again at once.
  await attempt.giveBack();
  return { ok: false, problem: "mpesa-down" };
}

async function requestByCheckoutId(tx: Transaction, checkoutRequestId: string): Promise<PaymentRequestRow | undefined> {
  const [row] = await tx.select().from(paymentRequests).where(eq(paymentRequests.checkoutRequestId, checkoutRequestId)).for("update");
  return row;
}

/**
 * Applies one M-Pesa Express result to its request, in one transaction; a result already applied does nothing.
 * With `setAsideUnknown`, money reported for a request this shop never sent is recorded for staff.
 */
async function applyExpressOutcome(database: Database, outcome: StkOutcome, now: Date, setAsideUnknown: boolean): Promise<"applied" | "repeated" | "unknown"> {
  return database.transaction(async (tx) => {
    const request = await requestByCheckoutId(tx, outcome.checkoutRequestId);
    if (!request) {
      if (setAsideUnknown && outcome.kind === "paid") await recordPayment(tx, expressPayment(outcome, "", now), undefined, now, "unknown request");
      return "unknown";
    }
    if (request.state === "paid" || (outcome.kind === "failed" && request.state === "failed")) return "repeated";
    if (outcome.kind === "failed") {
      // A callback after a query answered 'paid' (receipt pending) cannot unpay: only a receipt settles it.
      if (request.state === "receipt pending") return "repeated";
      await tx
        .update(paymentRequests)
        .set({ state: "failed", resultCode: outcome.resultCode, resultDesc: outcome.resultDesc, answeredAt: now, queryAfter: null })
        .where(eq(paymentRequests.id, request.id));
      await publish(tx, "orders", request.orderId);
      return "applied";
    }
    await recordPayment(tx, expressPayment(outcome, request.phoneMasked, now), request.orderId, now);
    await tx
      .update(paymentRequests)
      .set({ state: "paid", resultCode: 0, resultDesc: null, receipt: outcome.receipt, answeredAt: now, queryAfter: null })
      .where(eq(paymentRequests.id, request.id));
    await publish(tx, "orders", request.orderId);
    return "applied";
  });
}

function expressPayment(outcome: Extract<StkOutcome, { kind: "paid" }>, phoneMasked: string, now: Date): NewPayment {
  return {
    receipt: outcome.receipt,
    amountCents: shillingsToCents(outcome.amount),
    method: "M-Pesa Express",
    reference: outcome.checkoutRequestId,
    phoneMasked: phoneMasked || (outcome.phone ? maskPhone(`+${outcome.phone}`) : ""),
    payerName: "",
    paidAt: (outcome.transactionDate !== null && timeFromDaraja(outcome.transactionDate)) || now,
  };
}

/**
 * An M-Pesa Express callback. Malformed, unknown and repeated ones change nothing but the log; a callback can
 * arrive a moment before the shop has stored the request it answers, so an unknown one is looked for again
 * once before it is set aside.
 */
export async function receiveExpressCallback(body: unknown, now = new Date()): Promise<void> {
  const outcome = readStkCallback(body);
  if (!outcome) {
    log().warn("M-Pesa Express callback ignored: not in Daraja's shape.");
    return;
  }
  const database = await db();
  let result = await applyExpressOutcome(database, outcome, now, false);
  if (result === "unknown") {
    await sleep(UNKNOWN_REQUEST_WAIT_MS);
    result = await applyExpressOutcome(database, outcome, now, true);
  }
  if (result !== "applied") log().warn(`M-Pesa Express callback for ${outcome.checkoutRequestId}: ${result}.`);
}

/** The orders a paybill account number names: by short code, or by the whole order id. */
async function ordersForBillRef(tx: Transaction, billRef: string): Promise<string[]> {
  const code = normaliseBillRef(billRef);
  if (!code) return [];
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(or(eq(orders.orderCode, code), eq(orders.id, normaliseOrderId(code))))
    .limit(2);
  return rows.map((r) => r.id);
}

/** What became of a paybill confirmation. */
export type PaybillReceived = "confirming" | "waiting for staff" | "repeated" | "not ours" | "unreadable";

/**
 * A paybill payment Daraja reported (decision 044). One for another shortcode than the shop's is refused and
 * recorded nowhere. Otherwise it is recorded, with the one order its account number names (none when it names
 * none, or two), and waits to be confirmed with M-Pesa's Transaction Status before it pays anything: anyone who
 * learns the confirmation address could post one. Without an initiator to ask with, it waits for staff.
 */
export async function receivePaybillPayment(mpesa: MpesaConfig, body: unknown, now = new Date()): Promise<PaybillReceived> {
  const payment = readC2bConfirmation(body);
  if (!payment) {
    log().warn("M-Pesa paybill confirmation ignored: not in Daraja's shape.");
    return "unreadable";
  }
  if (!isPaidToShop(payment.shortcode, mpesa)) {
    log().warn(`M-Pesa paybill confirmation ${payment.transId} refused: it is for shortcode ${payment.shortcode}, not this shop's.`);
    return "not ours";
  }
  return (await db()).transaction(async (tx) => {
    const matches = await ordersForBillRef(tx, payment.billRef);
    const orderId = matches.length === 1 ? matches[0]! : null;
    const confirming = mpesa.initiator !== undefined;
    const recorded = await insertPayment(
      tx,
      {
        receipt: payment.transId,
        amountCents: shillingsToCents(payment.amount),
        method: "M-Pesa Paybill",
        reference: payment.billRef,
        phoneMasked: payment.msisdn,
        payerName: payment.firstName,
        paidAt: timeFromDaraja(payment.transTime) ?? now,
      },
      confirming ? { state: "confirming", orderId, queryAfter: now } : { orderId, problem: "cannot confirm" },
    );
    if (!recorded) {
      log().warn(`M-Pesa paybill confirmation ${payment.transId}: repeated.`);
      return "repeated";
    }
    await publish(tx, "orders", orderId ?? recorded.id);
    return confirming ? "confirming" : "waiting for staff";
  });
}

/**
 * Asks M-Pesa to confirm the paybill payments waiting for it (Transaction Status). Each is claimed with `FOR
 * UPDATE SKIP LOCKED` and leased for two minutes, so across processes one asks at a time, and one killed after
 * claiming leaves it to be asked again once the lease runs out. The answer comes later (receivePaybillCheck);
 * after CONFIRM_TRIES questions with none, the payment is left to staff. Answers how many were asked. The lease is
 * taken and judged by the database's clock unless `clock` is given (tests), as in every process (decision 062).
 */
export async function confirmPaybillPayments(mpesa: MpesaConfig, clock?: Date, database?: Database): Promise<number> {
  const source = database ?? (await db());
  const initiator = mpesa.initiator;
  const claimed = await source.transaction(async (tx) => {
    const now = clock ?? (await databaseNow(tx));
    const rows = await tx
      .select({ id: payments.id, receipt: payments.receipt, orderId: payments.orderId, queries: payments.queries })
      .from(payments)
      .where(and(eq(payments.state, "confirming"), lte(payments.queryAfter, now)))
      .orderBy(asc(payments.queryAfter))
      .limit(QUERY_BATCH)
      .for("update", { skipLocked: true });
    const asking = initiator ? rows.filter((row) => row.queries < CONFIRM_TRIES) : [];
    for (const row of rows) {
      if (!asking.includes(row)) await leaveForStaff(tx, row, initiator ? "confirmation unanswered" : "cannot confirm");
    }
    if (asking.length > 0) {
      await tx
        .update(payments)
        .set({ queryAfter: new Date(now.getTime() + CONFIRM_LEASE_MS), queries: sql`${payments.queries} + 1` })
        .where(inArray(payments.id, asking.map((row) => row.id)));
    }
    return asking;
  });
  let asked = 0;
  for (const payment of claimed) {
    const answer = await askPaymentStatus(mpesa, initiator!, payment.receipt);
    if (!answer.ok) {
      // The lease runs out and a later sweep asks again.
      log().error(`Asking M-Pesa to confirm paybill payment ${payment.receipt} failed: ${answer.message}`);
      continue;
    }
    await source
      .update(payments)
      .set({ conversationId: answer.conversationId })
      .where(and(eq(payments.id, payment.id), eq(payments.state, "confirming")));
    asked++;
  }
  return asked;
}

/**
 * Applies M-Pesa's answer about one paybill payment, under the payment's lock, once: confirmed, the payment is
 * applied like any other; not, it waits for staff with the reason.
 */
async function applyPaybillCheck(database: Database, mpesa: MpesaConfig, result: TransactionStatusResult, now: Date): Promise<"applied" | "repeated" | "unknown"> {
  return database.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.conversationId, result.conversationId)).limit(1).for("update");
    if (!payment) return "unknown";
    if (payment.state !== "confirming") return "repeated";
    const verdict = paymentCheckVerdict(payment, result, mpesa);
    if (verdict.kind === "confirmed") {
      await applyPayment(tx, payment, payment.orderId, now);
    } else {
      log().warn(`M-Pesa paybill payment ${payment.receipt} not confirmed: ${verdict.why}.`);
      await leaveForStaff(tx, payment, verdict.kind);
    }
    return "applied";
  });
}

/**
 * M-Pesa's answer to a Transaction Status query (the paybill-check address). It names the question by the
 * ConversationID Daraja gave when it took it, which nobody but Daraja and the shop knows; an answer can arrive a
 * moment before the shop has stored that id, so an unknown one is looked for again once.
 */
export async function receivePaybillCheck(mpesa: MpesaConfig, body: unknown, now = new Date()): Promise<void> {
  const result = readTransactionStatusResult(body);
  if (!result) {
    log().warn("M-Pesa's answer about a paybill payment ignored: not in Daraja's shape.");
    return;
  }
  const database = await db();
  let outcome = await applyPaybillCheck(database, mpesa, result, now);
  if (outcome === "unknown") {
    await sleep(UNKNOWN_REQUEST_WAIT_MS);
    outcome = await applyPaybillCheck(database, mpesa, result, now);
  }
  if (outcome !== "applied") log().warn(`M-Pesa's answer ${result.conversationId} about a paybill payment: ${outcome}.`);
}

/**
 * Asks Daraja about requests no callback answered within 90 seconds. Each is claimed with `FOR UPDATE SKIP
 * LOCKED` and leased for a minute, so across processes one asks at a time, and a process killed mid-way leaves
 * it to be asked again; its answer is applied under the request's lock, once. A 'paid' answer carries no
 * receipt, so the request becomes 'receipt pending' and the order waits for the callback or staff. The lease is
 * taken and judged by the database's clock unless `clock` is given (tests), as in every process (decision 062).
 */
export async function queryUnansweredRequests(mpesa: MpesaConfig, clock?: Date, database?: Database): Promise<number> {
  const source = database ?? (await db());
  const { claimed, now } = await source.transaction(async (tx) => {
    const now = clock ?? (await databaseNow(tx));
    const rows = await tx
      .select({ id: paymentRequests.id, checkoutRequestId: paymentRequests.checkoutRequestId, requestedAt: paymentRequests.requestedAt })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.state, "waiting"), lte(paymentRequests.queryAfter, now)))
      .orderBy(asc(paymentRequests.queryAfter))
      .limit(QUERY_BATCH)
      .for("update", { skipLocked: true });
    if (rows.length > 0) {
      await tx
        .update(paymentRequests)
        .set({ queryAfter: new Date(now.getTime() + QUERY_LEASE_MS), queries: sql`${paymentRequests.queries} + 1` })
        .where(inArray(paymentRequests.id, rows.map((r) => r.id)));
    }
    return { claimed: rows, now };
  });
  let answered = 0;
  for (const request of claimed) {
    const answer = await queryPaymentRequest(mpesa, request.checkoutRequestId!, now);
    const givingUp = now.getTime() - request.requestedAt.getTime() > GIVE_UP_AFTER_MS;
    if (!answer.ok && !givingUp) continue; // the lease runs out and the next sweep asks again
    await source.transaction(async (tx) => {
      const [current] = await tx.select().from(paymentRequests).where(eq(paymentRequests.id, request.id)).for("update");
      if (!current || current.state !== "waiting") return;
      let change: Partial<PaymentRequestRow>;
      const outcome = answer.ok ? answer.outcome : undefined;
      if (outcome?.kind === "paid") {
        change = { state: "receipt pending", resultCode: 0, answeredAt: now, queryAfter: null };
      } else if (outcome?.kind === "failed") {
        change = { state: "failed", resultCode: outcome.resultCode, resultDesc: outcome.resultDesc, answeredAt: now, queryAfter: null };
      } else if (givingUp) {
        change = { state: "failed", resultDesc: "M-Pesa never answered.", answeredAt: now, queryAfter: null };
      } else {
        change = { queryAfter: new Date(now.getTime() + QUERY_AGAIN_MS) };
      }
      await tx.update(paymentRequests).set(change).where(eq(paymentRequests.id, request.id));
      if (change.state) {
        answered++;
        await publish(tx, "orders", current.orderId);
      }
    });
  }
  return answered;
}

/**
 * What the payment page shows of M-Pesa Express for an order: whether a request may be sent now (or in how
 * many seconds), and what became of the latest one.
 */
export async function payNowState(orderId: string, now = new Date()): Promise<{ status: PayNowStatus | null; secondsUntilResend: number }> {
  const [latest] = await (await db())
    .select({ request: paymentRequests, paymentState: payments.state, paymentProblem: payments.problem })
    .from(paymentRequests)
    .leftJoin(payments, eq(payments.receipt, paymentRequests.receipt))
    .where(eq(paymentRequests.orderId, normaliseOrderId(orderId)))
    .orderBy(desc(paymentRequests.requestedAt))
    .limit(1);
  if (!latest) return { status: null, secondsUntilResend: 0 };
  const { request } = latest;
  return {
    status: payNowStatus({
      state: request.state,
      resultCode: request.resultCode,
      receipt: request.receipt,
      paymentProblem: latest.paymentState === "unmatched" ? latest.paymentProblem : null,
      // By the time the shop asks M-Pesa itself, the prompt has left the phone: the page offers a new one.
      gone: now.getTime() - request.requestedAt.getTime() > CALLBACK_WAIT_SECONDS * 1000,
    }),
    secondsUntilResend: request.state === "not sent" ? 0 : secondsUntilResend(request.requestedAt, now),
  };
}

/** An order's payments and M-Pesa Express requests, newest first, for the order details dialog. */
export async function paymentsOfOrder(orderId: string): Promise<{ payments: PaymentRow[]; requests: PaymentRequestRow[] }> {
  const database = await db();
  const id = normaliseOrderId(orderId);
  const [ledger, requests] = await Promise.all([
    database.select().from(payments).where(eq(payments.orderId, id)).orderBy(desc(payments.paidAt)),
    database.select().from(paymentRequests).where(eq(paymentRequests.orderId, id)).orderBy(desc(paymentRequests.requestedAt)).limit(20),
  ]);
  return { payments: ledger, requests };
}

export type UnmatchedPayment = PaymentRow & { orderTotalCents: number | null };

/** Payments waiting for staff, oldest first. */
export async function unmatchedPayments(): Promise<UnmatchedPayment[]> {
  const rows = await (await db())
    .select({ payment: payments, orderTotalCents: orders.totalCents })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.state, "unmatched"))
    .orderBy(asc(payments.paidAt))
    .limit(500);
  return rows.map((r) => ({ ...r.payment, orderTotalCents: r.orderTotalCents }));
}

/** How many payments wait for staff under Orders → Unmatched payments (a partial index holds them). */
export async function unmatchedPaymentCount(): Promise<number> {
  const [row] = await (await db()).select({ n: count() }).from(payments).where(eq(payments.state, "unmatched"));
  return row?.n ?? 0;
}

export type SettleResult =
  | { ok: true }
  | { ok: false; problem: "payment-gone" | "order-missing" | "order-paid" }
  | ShortOfStock;

async function lockUnmatched(tx: Transaction, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.state, "unmatched")))
    .for("update");
  return row;
}

/**
 * A staff member attaches an unmatched payment to an order (by its id or account number): the order becomes
 * Paid through the locked path, and both changes are recorded as theirs. The staff member has checked the
 * amount, so it is not compared again.
 */
export async function attachPayment(paymentId: string, orderRef: string, actor: Actor, now = new Date()): Promise<SettleResult> {
  return (await db()).transaction(async (tx): Promise<SettleResult> => {
    const payment = await lockUnmatched(tx, paymentId);
    if (!payment) return { ok: false, problem: "payment-gone" };
    const matches = await ordersForBillRef(tx, orderRef);
    if (matches.length !== 1) return { ok: false, problem: "order-missing" };
    const order = await lockOrder(tx, matches[0]!);
    if (!order) return { ok: false, problem: "order-missing" };
    if (order.paymentStatus === "Paid") return { ok: false, problem: "order-paid" };
    const applied = await applyChange(tx, order, changeOnPayment(order.status), { actor, now, note: `M-Pesa receipt ${payment.receipt}`, receipt: payment.receipt });
    if (!applied.ok) return applied;
    await settle(tx, payment, { state: "applied", orderId: order.id }, actor, now);
    return { ok: true };
  });
}

/** A staff member sets an unmatched payment aside (refunded, or not the shop's); recorded as theirs. */
export async function dismissPayment(paymentId: string, actor: Actor, now = new Date()): Promise<SettleResult> {
  return (await db()).transaction(async (tx): Promise<SettleResult> => {
    const payment = await lockUnmatched(tx, paymentId);
    if (!payment) return { ok: false, problem: "payment-gone" };
    await settle(tx, payment, { state: "dismissed", orderId: payment.orderId }, actor, now);
    return { ok: true };
  });
}

async function settle(tx: Transaction, payment: PaymentRow, change: { state: "applied" | "dismissed"; orderId: string | null }, actor: Actor, now: Date) {
  const staffEmail = actor.kind === "staff" ? actor.email : null;
  await tx.update(payments).set({ ...change, settledBy: staffEmail, settledAt: now }).where(eq(payments.id, payment.id));
  await recordChange(tx, {
    actor,
    entity: "payment",
    entityId: payment.receipt,
    now,
    action: "update",
    before: { state: payment.state, orderId: payment.orderId },
    after: { state: change.state, orderId: change.orderId },
  });
  await publish(tx, "orders", change.orderId ?? payment.id);
}
