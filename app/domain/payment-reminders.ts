import { isAwaitingPayment, type OrderStatus, type PaymentStatus } from "./order-status";
import type { OrderEvent } from "./order-messages";

// Reminders for unpaid orders (issue 23): an order still waiting for its payment gets an SMS with a link to its
// payment page 30 minutes after it was placed and, when its hold is long enough, one more halfway through the hold,
// before the shop cancels it (unpaid-hold.ts). Never for an order paid on delivery, never twice for one step.

/** The reminders an order may get, by when they fall. */
export type ReminderStep = "after 30 minutes" | "halfway through the hold";

/** The first reminder comes this long after the order was placed; none is due before. */
export const FIRST_REMINDER_MINUTES = 30;

/**
 * When an order's reminders fall, for the hold it is under (minutes, 0 for ever), counted from when it was placed.
 * The first comes 30 minutes in, if the hold is longer than that. The halfway one comes only when it falls at least
 * 30 minutes after the first (a hold of 2 hours or more), so a shopper is never sent two within half an hour; an order
 * held for ever gets the first alone.
 */
export function reminderTimes(placedAt: Date, holdMinutes: number): { step: ReminderStep; at: Date }[] {
  const after = (minutes: number) => new Date(placedAt.getTime() + minutes * 60_000);
  const held = (minutes: number) => holdMinutes === 0 || minutes < holdMinutes;
  const times: { step: ReminderStep; at: Date }[] = [];
  if (held(FIRST_REMINDER_MINUTES)) times.push({ step: "after 30 minutes", at: after(FIRST_REMINDER_MINUTES) });
  if (holdMinutes > 0 && holdMinutes / 2 >= 2 * FIRST_REMINDER_MINUTES) {
    times.push({ step: "halfway through the hold", at: after(holdMinutes / 2) });
  }
  return times;
}

export type RemindedOrder = {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  isArchived: boolean;
  orderDate: Date;
  /** Paid at the door: the rider collects it, so no reminder is sent. */
  payOnDelivery: boolean;
  /** The steps already sent (or claimed by a process sending them). */
  remindersSent: readonly ReminderStep[];
};

/**
 * The reminder an order is due now, or null: it must still await payment, not be paid on delivery, and be within its
 * hold. Only the latest step that has fallen is sent, and only once: a shop that was down at 30 minutes and comes back
 * at halfway sends one reminder, not two.
 */
export function dueReminder(order: RemindedOrder, holdMinutes: number, now: Date): ReminderStep | null {
  if (!isAwaitingPayment(order) || order.payOnDelivery) return null;
  if (holdMinutes > 0 && now.getTime() >= order.orderDate.getTime() + holdMinutes * 60_000) return null;
  const latest = reminderTimes(order.orderDate, holdMinutes)
    .filter((time) => time.at <= now)
    .at(-1);
  return latest && !order.remindersSent.includes(latest.step) ? latest.step : null;
}

/** How long an order held for ever stays remindable: a first start must not text every old unpaid order. */
const FOREVER_HOLD_REMINDABLE_MINUTES = 24 * 60;

/**
 * The earliest placing time of an order that may still be reminded, for its hold: within the hold (dueReminder), and
 * for an order held for ever, within a day of being placed.
 */
export function remindableSince(now: Date, holdMinutes: number): Date {
  return new Date(now.getTime() - (holdMinutes > 0 ? holdMinutes : FOREVER_HOLD_REMINDABLE_MINUTES) * 60_000);
}

/** The steps as the outbox keys name them. */
const STEP_NAMES: Record<ReminderStep, string> = { "after 30 minutes": "30-minutes", "halfway through the hold": "halfway" };

/**
 * The outbox event of an order's reminder at `step` (its message keys begin with it): one step is queued once,
 * across processes, by the outbox's unique key.
 */
export function reminderEvent(orderId: string, step: ReminderStep): OrderEvent {
  return { event: `payment-reminder:${orderId}:${STEP_NAMES[step]}`, messages: ["payment-reminder"] };
}

/** The event of a reminder staff send from order details (Send payment reminder), one per moment. */
export function staffReminderEvent(orderId: string, now: Date): OrderEvent {
  return { event: `payment-reminder:${orderId}:sent-by-staff:${now.getTime()}`, messages: ["payment-reminder"] };
}

/** The steps an order's reminders in the outbox were queued for, from their keys (staff's own are no step). */
export function stepsQueued(orderId: string, keys: readonly string[]): ReminderStep[] {
  return (Object.keys(STEP_NAMES) as ReminderStep[]).filter((step) =>
    keys.some((key) => key.startsWith(`${reminderEvent(orderId, step).event}:`)),
  );
}

/** Send payment reminder goes out at most this often for one order. */
const STAFF_REMINDER_EVERY_MS = 60 * 60_000;

const REMINDER_SENT_RECENTLY_MESSAGE = "A reminder was sent less than an hour ago.";
const NOT_AWAITING_PAYMENT_MESSAGE = "This order is not waiting for payment, so no reminder was sent.";
export const REMINDER_SWITCHED_OFF_MESSAGE = "The Payment reminder SMS is switched off under Site Content → Notifications.";
export const NO_SMS_NUMBER_MESSAGE = "The order's phone number cannot receive an SMS.";
/** A shop without an SMS provider has no reminders: order details do not offer the button. */
export const NO_SMS_PROVIDER_MESSAGE = "SMS is not set up, so no reminder can be sent.";

/**
 * Why staff may not send an order a reminder now, or undefined: the order must await payment, not be paid on
 * delivery, and have had no reminder from staff in the last hour (`lastSentAt`).
 */
export function staffReminderRefusal(
  order: Pick<RemindedOrder, "status" | "paymentStatus" | "isArchived" | "payOnDelivery">,
  lastSentAt: Date | null,
  now: Date,
): string | undefined {
  if (!isAwaitingPayment(order) || order.payOnDelivery) return NOT_AWAITING_PAYMENT_MESSAGE;
  if (lastSentAt && now.getTime() - lastSentAt.getTime() < STAFF_REMINDER_EVERY_MS) return REMINDER_SENT_RECENTLY_MESSAGE;
  return undefined;
}
