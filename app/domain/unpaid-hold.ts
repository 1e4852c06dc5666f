import { isAwaitingPayment, type OrderStatus, type PaymentStatus } from "./order-status";

// The hold time for unpaid orders (issue 10, decision 033), like WooCommerce's 'Hold stock (minutes)': an order
// still waiting for payment after it is cancelled by the shop itself, so its stock goes back on sale.

/** 48 hours, what a shop without the setting holds for. */
const DEFAULT_UNPAID_HOLD_MINUTES = 48 * 60;
/** A year: longer is as good as forever, which 0 already says. */
export const MAX_UNPAID_HOLD_MINUTES = 365 * 24 * 60;

export const UNPAID_HOLD_MESSAGE = `Enter a whole number of minutes, from 0 (hold forever) to ${MAX_UNPAID_HOLD_MINUTES}.`;

/** The settings' hold time; settings saved before it existed hold for 48 hours. */
export function unpaidHoldMinutes(settings: { unpaidHoldMinutes?: number | undefined }): number {
  return settings.unpaidHoldMinutes ?? DEFAULT_UNPAID_HOLD_MINUTES;
}

/** Orders placed (and last changed by staff) before this moment have waited too long; null when held forever. */
export function holdCutoff(now: Date, holdMinutes: number): Date | null {
  return holdMinutes > 0 ? new Date(now.getTime() - holdMinutes * 60_000) : null;
}

export type HeldOrder = {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  isArchived: boolean;
  orderDate: Date;
  /** When a staff member last changed the order: taking it in hand (reopening it, say) starts the hold afresh. */
  lastStaffChangeAt: Date | null;
  /**
   * An M-Pesa Express request for it waits for the shopper's answer, or M-Pesa confirmed it and its receipt is
   * still to come (decision 036): the shopper is paying, so the order is not cancelled under them.
   */
  paymentUnderway: boolean;
};

/**
 * Whether the shop cancels an order for want of payment: still awaiting payment (an archived order holds no
 * stock), neither placed nor changed by staff since the cutoff, and no payment under way.
 */
export function isPastHold(order: HeldOrder, cutoff: Date): boolean {
  return (
    isAwaitingPayment(order) &&
    order.orderDate < cutoff &&
    (order.lastStaffChangeAt === null || order.lastStaffChangeAt < cutoff) &&
    !order.paymentUnderway
  );
}

/** A hold time in words: '48 hours', '1 hour', '90 minutes'. */
export function describeHold(minutes: number): string {
  const [count, unit] = minutes % 60 === 0 ? [minutes / 60, "hour"] : [minutes, "minute"];
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** Why the shop cancelled an order, as the activity log shows it. */
export const holdCancelNote = (minutes: number) =>
  `Not paid within the hold time of ${describeHold(minutes)}: cancelled and its stock released.`;
