import { formatKsh } from "./money";
import { amountMatches } from "./mpesa";
import type { OrderStatus, PaymentStatus } from "./order-status";

// What a payment reported by M-Pesa does to an order (issue 11). Money is applied only when it is exactly
// right; anything else waits for a person.

/** Why a payment was not applied by itself, and waits for staff under Unmatched payments. */
export type PaymentProblem = "no order" | "wrong amount" | "already paid" | "order closed" | "unknown request";

export type PayableOrder = { totalCents: number; status: OrderStatus; paymentStatus: PaymentStatus; isArchived: boolean };

/** The change a payment makes: Paid, and Processing if the order was waiting for it (SPEC §2's note). */
export function changeOnPayment(status: OrderStatus): { paymentStatus: "Paid"; status?: "Processing" } {
  return status === "Pending Payment" ? { paymentStatus: "Paid", status: "Processing" } : { paymentStatus: "Paid" };
}

/**
 * Whether a payment of `amountCents` pays `order`: only the order's exact total (in whole shillings), only an
 * order not yet paid, and only an open one (a cancelled or archived order may no longer hold its items).
 */
export function paymentVerdict(
  order: PayableOrder | undefined,
  amountCents: number,
): { kind: "apply"; change: ReturnType<typeof changeOnPayment> } | { kind: "hold"; problem: PaymentProblem } {
  if (!order) return { kind: "hold", problem: "no order" };
  if (order.paymentStatus === "Paid") return { kind: "hold", problem: "already paid" };
  if (order.status === "Cancelled" || order.isArchived) return { kind: "hold", problem: "order closed" };
  if (!amountMatches(amountCents / 100, order.totalCents)) return { kind: "hold", problem: "wrong amount" };
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
  }
}
