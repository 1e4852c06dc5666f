import { isAwaitingPayment, type OrderStatus, type PaymentStatus } from "./order-status";

// Reminders for unpaid orders (issue 23): an order still waiting for its payment gets an SMS with a link to its
// payment page 30 minutes after it was placed and, when its hold is long enough, one more halfway through the hold,
// before the shop cancels it (unpaid-hold.ts). Never for an order paid on delivery, never twice for one step.

/** The reminders an order may get, by when they fall. */
export type ReminderStep = "after 30 minutes" | "halfway through the hold";

const FIRST_REMINDER_MINUTES = 30;

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
