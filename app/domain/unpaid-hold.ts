import { isAwaitingPayment, type OrderStatus, type PaymentStatus } from "./order-status";

// The hold times for unpaid orders (issue 10, decision 033; issue 21, decision 043), like WooCommerce's 'Hold
// stock (minutes)': an order still waiting for payment after its hold is cancelled by the shop itself, so its stock
// goes back on sale. Two holds: a short one for an order nobody has started paying for, so a made-up checkout
// cannot keep stock for days, and the full one once a payment has reached the shopper's phone or staff have taken
// the order in hand.

/** 48 hours, what a shop without the setting holds for once payment has started. */
const DEFAULT_UNPAID_HOLD_MINUTES = 48 * 60;
/** An hour, what a shop without the setting holds for before anyone starts paying (WooCommerce's default). */
const DEFAULT_HOLD_BEFORE_PAYMENT_MINUTES = 60;
/** A year: longer is as good as forever, which 0 already says. */
export const MAX_UNPAID_HOLD_MINUTES = 365 * 24 * 60;

export const UNPAID_HOLD_MESSAGE = `Enter a whole number of minutes, from 0 (hold forever) to ${MAX_UNPAID_HOLD_MINUTES}.`;
export const HOLD_BEFORE_PAYMENT_MESSAGE = `Enter a whole number of minutes, from 0 (use the hold above) to ${MAX_UNPAID_HOLD_MINUTES}.`;

export type HoldSettings = { unpaidHoldMinutes?: number | undefined; holdBeforePaymentMinutes?: number | undefined };

/** The settings' full hold time; settings saved before it existed hold for 48 hours. */
export function unpaidHoldMinutes(settings: HoldSettings): number {
  return settings.unpaidHoldMinutes ?? DEFAULT_UNPAID_HOLD_MINUTES;
}

/** The settings' hold before payment starts; settings saved before it existed hold for an hour. 0 turns it off. */
export function holdBeforePaymentMinutes(settings: HoldSettings): number {
  return settings.holdBeforePaymentMinutes ?? DEFAULT_HOLD_BEFORE_PAYMENT_MINUTES;
}

/** Orders placed (or taken in hand) before this moment have waited too long; null when held forever. */
export function holdCutoff(now: Date, holdMinutes: number): Date | null {
  return holdMinutes > 0 ? new Date(now.getTime() - holdMinutes * 60_000) : null;
}

/** Which of the two holds an order is measured against. */
export type HoldKind = "before payment" | "unpaid";

/** How long each hold lasts, in minutes, 0 for ever. */
export type HoldMinutes = Record<HoldKind, number>;

/**
 * Both holds as a shop keeps them. The hold before payment applies only where the shop sees payments start (M-Pesa
 * Express is set up: prompts and paybill payments reach it by themselves); elsewhere every payment is confirmed by
 * staff, so an order waits the full hold from when it was placed. It is never longer than the full hold, and 0 turns
 * it off.
 */
export function holdMinutes(settings: HoldSettings, paymentsSeen: boolean): HoldMinutes {
  const unpaid = unpaidHoldMinutes(settings);
  const short = paymentsSeen ? holdBeforePaymentMinutes(settings) : 0;
  return { "before payment": short > 0 && (unpaid === 0 || short < unpaid) ? short : unpaid, unpaid };
}

/** The moments before which an order has waited too long, for each hold; null where a hold never ends. */
export type HoldCutoffs = Record<HoldKind, Date | null>;

export function holdCutoffs(now: Date, minutes: HoldMinutes): HoldCutoffs {
  return { "before payment": holdCutoff(now, minutes["before payment"]), unpaid: holdCutoff(now, minutes.unpaid) };
}

export type HeldOrder = {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  isArchived: boolean;
  orderDate: Date;
  /** When a staff member last changed the order: taking it in hand (reopening it, say) starts the full hold afresh. */
  lastStaffChangeAt: Date | null;
  /** When M-Pesa first took a payment request for it to the shopper's phone; null if never. */
  paymentStartedAt: Date | null;
  /**
   * An M-Pesa Express request for it waits for the shopper's answer, or M-Pesa confirmed it and its receipt is
   * still to come (decision 036): the shopper is paying, so the order is not cancelled under them.
   */
  paymentUnderway: boolean;
};

/**
 * Since when an order has been held under the full hold: the later of its first payment request and its last
 * staff change, or null while nobody has started paying or taken it in hand (the hold before payment applies).
 * A payment asked for again and again keeps the first request's time, so it never holds stock for longer.
 */
function takenInHandAt(order: Pick<HeldOrder, "lastStaffChangeAt" | "paymentStartedAt">): Date | null {
  const { lastStaffChangeAt: staff, paymentStartedAt: payment } = order;
  if (!staff || !payment) return staff ?? payment;
  return staff > payment ? staff : payment;
}

/**
 * The hold an order is past, so the shop cancels it for want of payment, or null: it must still await payment
 * (an archived order holds no stock), have no payment under way, and have waited longer than its hold (counted from
 * when it was placed before anyone started paying, from when it was taken in hand after).
 */
export function holdPassed(order: HeldOrder, cutoffs: HoldCutoffs): HoldKind | null {
  if (!isAwaitingPayment(order) || order.paymentUnderway) return null;
  const inHand = takenInHandAt(order);
  const [kind, since]: [HoldKind, Date] = inHand ? ["unpaid", inHand] : ["before payment", order.orderDate];
  const cutoff = cutoffs[kind];
  return cutoff && since < cutoff ? kind : null;
}

/** A hold time in words: '48 hours', '1 hour', '90 minutes'. */
export function describeHold(minutes: number): string {
  const [count, unit] = minutes % 60 === 0 ? [minutes / 60, "hour"] : [minutes, "minute"];
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** Why the shop cancelled an order, as the activity log shows it. */
export function holdCancelNote(kind: HoldKind, minutes: HoldMinutes): string {
  return kind === "before payment" && minutes["before payment"] !== minutes.unpaid
    ? `No payment started within ${describeHold(minutes[kind])}: cancelled and its stock released.`
    : `Not paid within the hold time of ${describeHold(minutes[kind])}: cancelled and its stock released.`;
}
