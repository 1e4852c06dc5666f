import { notEnoughStockMessage } from "./order-admin";
import { shortOrderId } from "./order-id";
import { type PaymentProblem, problemText } from "./payments";

// Orders → Unmatched payments (issue 11): M-Pesa payments the shop could not apply by itself, which staff
// attach to an order or dismiss. Word for word what the page says.

export const NO_UNMATCHED_PAYMENTS_MESSAGE = "No unmatched payments.";
export const ORDER_REF_LABEL = "Order ID or account number";
export const ORDER_REF_REQUIRED = "Please enter the order ID or the account number.";
export const ORDER_REF_MAX_CHARS = 100;

/** Why attaching or dismissing a payment was refused. */
export type SettleRefusal =
  { problem: "payment-gone" | "order-missing" | "order-paid" } | { problem: "short-of-stock"; productName: string; available: number };

export const PAYMENT_GONE_MESSAGE = "This payment was already settled by someone else.";

export function settleRefusalMessage(refusal: SettleRefusal): string {
  switch (refusal.problem) {
    case "payment-gone":
      return PAYMENT_GONE_MESSAGE;
    case "order-missing":
      return "No single order has that ID or account number.";
    case "order-paid":
      return "That order is already paid.";
    case "short-of-stock":
      // Paying an order whose items went back on sale takes them again (product.md §4), as restoring one does.
      return notEnoughStockMessage(refusal.productName, refusal.available, "mark that order paid");
  }
}

export const attachedMessage = (receipt: string, orderRef: string) => `Payment ${receipt} attached to order ${orderRef}: it is now Paid.`;
export const dismissedMessage = (receipt: string) => `Payment ${receipt} dismissed.`;

/** The question the Dismiss dialog asks first. */
export const dismissConfirmation = (receipt: string, amount: string) =>
  `Dismiss payment ${receipt} of ${amount}? It leaves this list and changes no order. Do this once it is refunded or is not the shop's.`;

/** The order a payment names, as staff read it: "#a1b2c3". */
export const orderLabel = (orderId: string) => `#${shortOrderId(orderId)}`;

/** An unmatched payment as the page lists it. */
export type UnmatchedPaymentShown = {
  id: string;
  receipt: string;
  amountCents: number;
  paidAt: Date;
  method: string;
  payerName: string;
  phoneMasked: string;
  /** What the payer typed as the account number (paybill only). */
  accountNumber: string | null;
  problem: string;
  orderId: string | null;
};

export function unmatchedPaymentShown(
  payment: Omit<UnmatchedPaymentShown, "accountNumber" | "problem"> & {
    reference: string;
    problem: PaymentProblem | null;
    orderTotalCents: number | null;
  },
): UnmatchedPaymentShown {
  return {
    id: payment.id,
    receipt: payment.receipt,
    amountCents: payment.amountCents,
    paidAt: payment.paidAt,
    method: payment.method,
    payerName: payment.payerName,
    phoneMasked: payment.phoneMasked,
    // An M-Pesa Express payment's reference is Daraja's request id, which means nothing to staff.
    accountNumber: payment.method === "M-Pesa Paybill" ? payment.reference : null,
    problem: problemText(payment.problem ?? "no order", { amountCents: payment.amountCents, orderTotalCents: payment.orderTotalCents }),
    orderId: payment.orderId,
  };
}
