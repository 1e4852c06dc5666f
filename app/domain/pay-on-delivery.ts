import { formatKsh } from "./money";
import { isAwaitingPayment, type OrderStatus, type PaymentStatus } from "./order-status";

// Pay on delivery (issue 23, decision 054): a zone that allows it lets the shopper pay the rider at the door, in
// cash or by M-Pesa. The order says so with its own flag (orders.pay_on_delivery): a shop may already have a
// payment method of its own called "Cash on Delivery", so no rule ever reads the method's name.

/** The payment method checkout offers and the order keeps; it is not one of Site Settings' methods. */
export const PAY_ON_DELIVERY = "Pay on delivery";

/** A form that asked for pay on delivery where it does not apply (another zone, a pick-up, a larger total). */
export const PAY_ON_DELIVERY_REFUSED_MESSAGE = "Pay on delivery is not offered for this delivery and total. Please choose another payment method.";

/** How a pay-on-delivery order is paid, as the payment page and checkout say it. */
export function payOnDeliveryText(totalCents: number): string {
  return `Pay on delivery: pay ${formatKsh(totalCents)} to the rider in cash or by M-Pesa when your order arrives.`;
}

/** The method a payment recorded by staff with 'Paid in cash' keeps in the ledger. */
export const CASH_PAYMENT_METHOD = "Cash";

type HeldOrder = { status: OrderStatus; paymentStatus: PaymentStatus; isArchived: boolean; payOnDelivery: boolean };

/**
 * Whether the hold time may cancel the order for want of payment (decision 033): awaiting payment, and not paid on
 * delivery, which is paid only once the rider is at the door. unpaid-orders.server.ts asks it in SQL as
 * `awaitingPaymentSql and not pay_on_delivery`; pay-on-delivery.test.ts checks the two agree.
 */
export function mayCancelForNonPayment(order: HeldOrder): boolean {
  return isAwaitingPayment(order) && !order.payOnDelivery;
}

/** What riders collected on delivery in a period: per rider, in cash and by M-Pesa. */
export type RiderCollection = { rider: string; cashCents: number; mpesaCents: number };

/**
 * Adds up payments of pay-on-delivery orders by rider and by how they were paid: 'Paid in cash' is cash, anything
 * else arrived through M-Pesa. Riders in name order; an order without a rider any more is "No rider".
 */
export function riderCollections(payments: readonly { rider: string | null; method: string; amountCents: number }[]): RiderCollection[] {
  const byRider = new Map<string, RiderCollection>();
  for (const payment of payments) {
    const rider = payment.rider ?? "No rider";
    const collection = byRider.get(rider) ?? { rider, cashCents: 0, mpesaCents: 0 };
    if (payment.method === CASH_PAYMENT_METHOD) collection.cashCents += payment.amountCents;
    else collection.mpesaCents += payment.amountCents;
    byRider.set(rider, collection);
  }
  return [...byRider.values()].sort((a, b) => a.rider.localeCompare(b.rider));
}

/** Why 'Paid in cash' or 'Request M-Pesa payment' was refused. */
export type CollectProblem =
  | {
      problem: "order-missing" | "changed-meanwhile" | "not-payable" | "not-pay-on-delivery" | "phone" | "mpesa-down" | "mpesa-off" | "short-of-stock";
    }
  | { problem: "wait"; seconds: number }
  | { problem: "too-many"; retryAfterSeconds: number };

export const ORDER_CHANGED_MESSAGE = "This order changed since you opened it. Please look at it again first.";
export const NOT_PAYABLE_MESSAGE = "This order is already paid, cancelled or archived.";
/** The door's two buttons are for orders paid on delivery; others are paid as their payment page says. */
const NOT_PAY_ON_DELIVERY_MESSAGE = "This order is not paid on delivery.";

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** The refusal staff read in order details, and its HTTP status. */
export function collectRefusal(refusal: CollectProblem, notFound: string): { status: number; message: string } {
  switch (refusal.problem) {
    case "order-missing":
      return { status: 404, message: notFound };
    case "changed-meanwhile":
      return { status: 409, message: ORDER_CHANGED_MESSAGE };
    case "not-payable":
      return { status: 409, message: NOT_PAYABLE_MESSAGE };
    case "not-pay-on-delivery":
      return { status: 409, message: NOT_PAY_ON_DELIVERY_MESSAGE };
    case "short-of-stock":
      return { status: 409, message: "The order's items are no longer in stock, so it cannot be marked Paid." };
    case "phone":
      return { status: 400, message: "The order's phone number cannot get M-Pesa prompts. Please correct the client's phone first." };
    case "wait":
      return { status: 429, message: `A payment request was just sent. You can send another in ${count(refusal.seconds, "second")}.` };
    case "too-many":
      return {
        status: 429,
        message: `Too many payment requests to this phone. Please try again in ${count(Math.max(1, Math.ceil(refusal.retryAfterSeconds / 60)), "minute")}.`,
      };
    case "mpesa-down":
      return { status: 503, message: "M-Pesa could not take the request just now. Please try again in a minute." };
    case "mpesa-off":
      return { status: 404, message: "M-Pesa Express is not set up." };
  }
}
