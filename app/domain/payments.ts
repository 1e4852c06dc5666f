import { centsToShillings, formatKsh } from "./money";
import { amountMatches } from "./mpesa";
import { isPayable, type OrderStatus, type PaymentStatus } from "./order-status";
import { PAY_FAILED_MESSAGE, payFailureMessage, type PaymentRequestState } from "./pay-now";

// What a payment reported by M-Pesa does to an order (issue 11). Money is applied only when it is exactly
// right; anything else waits for a person.

/**
 * Why a payment was not applied by itself, and waits for staff under Unmatched payments. The last three are
 * paybill payments M-Pesa's Transaction Status did not confirm (decision 044).
 */
export type PaymentProblem =
  | "no order"
  | "wrong amount"
  | "already paid"
  | "order closed"
  | "unknown request"
  | "not confirmed"
  | "confirmation unanswered"
  | "cannot confirm";

const CHECK_YOUR_STATEMENT = "Check your M-Pesa statement before attaching it.";

export type PayableOrder = { totalCents: number; status: OrderStatus; paymentStatus: PaymentStatus; isArchived: boolean };

/** The change a payment makes: Paid, and Processing if the order was waiting for it (product.md §2's note). */
export function changeOnPayment(status: OrderStatus): { paymentStatus: "Paid"; status?: "Processing" } {
  return status === "Pending Payment" ? { paymentStatus: "Paid", status: "Processing" } : { paymentStatus: "Paid" };
}

/**
 * Whether a payment of `amountCents` pays `order`: only an order that can still be paid (isPayable), and only
 * its exact total (in whole shillings).
 */
export function paymentVerdict(
  order: PayableOrder | undefined,
  amountCents: number,
): { kind: "apply"; change: ReturnType<typeof changeOnPayment> } | { kind: "hold"; problem: PaymentProblem } {
  if (!order) return { kind: "hold", problem: "no order" };
  if (!isPayable(order)) return { kind: "hold", problem: order.paymentStatus === "Paid" ? "already paid" : "order closed" };
  if (!amountMatches(centsToShillings(amountCents), order.totalCents)) return { kind: "hold", problem: "wrong amount" };
  return { kind: "apply", change: changeOnPayment(order.status) };
}

/** How staff read a payment's problem on the Unmatched payments list. */
export function problemText(problem: PaymentProblem, figures: { amountCents: number; orderTotalCents: number | null }): string {
  switch (problem) {
    case "no order":
      return "No order has this account number.";
    case "unknown request":
      return "M-Pesa reported it for a payment request this shop did not send.";
    case "already paid":
      return "The order was already paid.";
    case "order closed":
      return "The order was cancelled or archived.";
    case "wrong amount":
      return figures.orderTotalCents === null
        ? `Paid ${formatKsh(figures.amountCents)}, not the order's total.`
        : `Paid ${formatKsh(figures.amountCents)}; the order's total is ${formatKsh(figures.orderTotalCents)}.`;
    case "not confirmed":
      return `Not confirmed by M-Pesa: it knows no such payment, or not of this amount to this paybill, so it may be forged. ${CHECK_YOUR_STATEMENT}`;
    case "confirmation unanswered":
      return `Not confirmed by M-Pesa: it did not answer when the shop asked. ${CHECK_YOUR_STATEMENT}`;
    case "cannot confirm":
      return `Not confirmed by M-Pesa: the shop cannot ask it, as MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL are not set or M-Pesa refused them. ${CHECK_YOUR_STATEMENT}`;
  }
}

/**
 * Where a payment in the ledger stands (issue 11): being confirmed with M-Pesa (a paybill payment, decision
 * 044), applied to its order, waiting for staff, or set aside.
 */
export type LedgerState = "confirming" | "applied" | "unmatched" | "dismissed";

const CONFIRMING_NOTE = "Being confirmed with M-Pesa.";

/**
 * What the order details dialog says beside a payment that did not pay the order: its problem, and whether it
 * still waits under Unmatched payments or who set it aside. Null for one applied.
 */
export function ledgerNote(
  payment: { state: LedgerState; problem: PaymentProblem | null; amountCents: number; settledBy: string | null },
  orderTotalCents: number,
): string | null {
  if (payment.state === "applied") return null;
  if (payment.state === "confirming") return CONFIRMING_NOTE;
  const problem = payment.problem ? `${problemText(payment.problem, { amountCents: payment.amountCents, orderTotalCents })} ` : "";
  if (payment.state === "unmatched") return `${problem}Waiting under Unmatched payments.`;
  return `${problem}Dismissed${payment.settledBy ? ` by ${payment.settledBy}` : ""}.`;
}

/** What became of an M-Pesa Express request, in plain words for staff (the order details dialog). */
export function requestStateText(request: { state: PaymentRequestState; resultCode: number | null; resultDesc: string | null }): string {
  switch (request.state) {
    case "sending":
      return "Sending";
    case "not sent":
      return "Not sent";
    case "waiting":
      return "Waiting for the shopper";
    case "paid":
      return "Paid";
    case "receipt pending":
      return "Confirmed, receipt pending";
    case "failed":
      // The shopper's words for a known result code; else what Daraja (or the shop, giving up) said.
      return `Failed: ${payFailureMessage(request.resultCode ?? Number.NaN, request.resultDesc || PAY_FAILED_MESSAGE)}`;
  }
}

/** A payment of an order, as the order details dialog lists it. */
export type OrderPaymentShown = {
  id: string;
  receipt: string;
  amountCents: number;
  method: string;
  phoneMasked: string;
  paidAt: Date;
  note: string | null;
};

/** An M-Pesa Express request of an order, as the order details dialog lists it. */
export type PaymentRequestShown = { id: string; requestedAt: Date; phoneMasked: string; amountCents: number; state: string };

/** An order's payments and M-Pesa Express requests in the words the order details dialog shows. */
export function orderPaymentsShown(
  ledger: {
    payments: readonly (Omit<OrderPaymentShown, "note"> & Parameters<typeof ledgerNote>[0])[];
    requests: readonly (Omit<PaymentRequestShown, "state"> & Parameters<typeof requestStateText>[0])[];
  },
  orderTotalCents: number,
): { payments: OrderPaymentShown[]; requests: PaymentRequestShown[] } {
  return {
    payments: ledger.payments.map((p) => ({
      id: p.id,
      receipt: p.receipt,
      amountCents: p.amountCents,
      method: p.method,
      phoneMasked: p.phoneMasked,
      paidAt: p.paidAt,
      note: ledgerNote(p, orderTotalCents),
    })),
    requests: ledger.requests.map((r) => ({
      id: r.id,
      requestedAt: r.requestedAt,
      phoneMasked: r.phoneMasked,
      amountCents: r.amountCents,
      state: requestStateText(r),
    })),
  };
}
