import { describe, expect, test } from "vitest";
import { defaultNotificationTemplates, notificationTemplatesSchema } from "./notifications.schema";
import {
  dueReminder,
  reminderEvent,
  remindableSince,
  type RemindedOrder,
  reminderTimes,
  staffReminderEvent,
  staffReminderRefusal,
  stepsQueued,
} from "./payment-reminders";

const placedAt = new Date("2026-11-27T08:00:00Z");
const minutesIn = (minutes: number) => new Date(placedAt.getTime() + minutes * 60_000);
const unpaid: RemindedOrder = {
  status: "Pending Payment",
  paymentStatus: "Unpaid",
  isArchived: false,
  orderDate: placedAt,
  payOnDelivery: false,
  remindersSent: [],
};
const HOLD_48_HOURS = 48 * 60;

describe("reminderTimes", () => {
  test("a 48-hour hold: 30 minutes in, and halfway through at 24 hours", () => {
    expect(reminderTimes(placedAt, HOLD_48_HOURS)).toEqual([
      { step: "after 30 minutes", at: minutesIn(30) },
      { step: "halfway through the hold", at: minutesIn(24 * 60) },
    ]);
  });

  test("a hold of an hour or less than two: the first alone, never two within half an hour", () => {
    expect(reminderTimes(placedAt, 60).map((time) => time.step)).toEqual(["after 30 minutes"]);
    expect(reminderTimes(placedAt, 119).map((time) => time.step)).toEqual(["after 30 minutes"]);
    expect(reminderTimes(placedAt, 120)).toEqual([
      { step: "after 30 minutes", at: minutesIn(30) },
      { step: "halfway through the hold", at: minutesIn(60) },
    ]);
  });

  test("a hold of 30 minutes or less leaves no time for one", () => {
    expect(reminderTimes(placedAt, 30)).toEqual([]);
    expect(reminderTimes(placedAt, 31).map((time) => time.step)).toEqual(["after 30 minutes"]);
  });

  test("an order held for ever gets the first alone", () => {
    expect(reminderTimes(placedAt, 0)).toEqual([{ step: "after 30 minutes", at: minutesIn(30) }]);
  });
});

describe("dueReminder", () => {
  test("nothing before 30 minutes; the first from then until halfway; the second from halfway", () => {
    expect(dueReminder(unpaid, HOLD_48_HOURS, minutesIn(29))).toBeNull();
    expect(dueReminder(unpaid, HOLD_48_HOURS, minutesIn(30))).toBe("after 30 minutes");
    expect(dueReminder(unpaid, HOLD_48_HOURS, minutesIn(24 * 60 - 1))).toBe("after 30 minutes");
    const reminded = { ...unpaid, remindersSent: ["after 30 minutes" as const] };
    expect(dueReminder(reminded, HOLD_48_HOURS, minutesIn(31))).toBeNull();
    expect(dueReminder(reminded, HOLD_48_HOURS, minutesIn(24 * 60))).toBe("halfway through the hold");
  });

  test("never twice for one step", () => {
    const both = { ...unpaid, remindersSent: ["after 30 minutes", "halfway through the hold"] as const };
    expect(dueReminder(both, HOLD_48_HOURS, minutesIn(47 * 60))).toBeNull();
  });

  test("a shop that missed the first sends the latest step alone", () => {
    expect(dueReminder(unpaid, HOLD_48_HOURS, minutesIn(30 * 60))).toBe("halfway through the hold");
    const halfway = { ...unpaid, remindersSent: ["halfway through the hold"] as const };
    expect(dueReminder(halfway, HOLD_48_HOURS, minutesIn(30 * 60))).toBeNull();
  });

  test("none after payment, cancellation or archive, nor for an order paid on delivery", () => {
    const at = minutesIn(45);
    expect(dueReminder({ ...unpaid, paymentStatus: "Paid" }, HOLD_48_HOURS, at)).toBeNull();
    expect(dueReminder({ ...unpaid, status: "Cancelled" }, HOLD_48_HOURS, at)).toBeNull();
    expect(dueReminder({ ...unpaid, status: "Processing" }, HOLD_48_HOURS, at)).toBeNull();
    expect(dueReminder({ ...unpaid, isArchived: true }, HOLD_48_HOURS, at)).toBeNull();
    expect(dueReminder({ ...unpaid, payOnDelivery: true }, HOLD_48_HOURS, at)).toBeNull();
  });

  test("none once the hold has passed: the order is being cancelled", () => {
    expect(dueReminder(unpaid, 60, minutesIn(59))).toBe("after 30 minutes");
    expect(dueReminder(unpaid, 60, minutesIn(60))).toBeNull();
  });

  test("an order held for ever is reminded once", () => {
    expect(dueReminder(unpaid, 0, minutesIn(30 * 24 * 60))).toBe("after 30 minutes");
    expect(dueReminder({ ...unpaid, remindersSent: ["after 30 minutes"] }, 0, minutesIn(30 * 24 * 60))).toBeNull();
  });
});

describe("remindableSince", () => {
  test("within the hold, and a day for an order held for ever, so a first start texts no old order", () => {
    expect(remindableSince(minutesIn(60), 90)).toEqual(minutesIn(-30));
    expect(remindableSince(minutesIn(24 * 60), 0)).toEqual(placedAt);
  });
});

describe("the outbox keys of reminders", () => {
  const id = "k7m2q9xpd4hw8n3rt5vb";

  test("each step has an event of its own, the payment reminder SMS its one message", () => {
    expect(reminderEvent(id, "after 30 minutes")).toEqual({ event: `payment-reminder:${id}:30-minutes`, messages: ["payment-reminder"] });
    expect(reminderEvent(id, "halfway through the hold").event).toBe(`payment-reminder:${id}:halfway`);
    expect(staffReminderEvent(id, placedAt).event).toBe(`payment-reminder:${id}:sent-by-staff:${placedAt.getTime()}`);
  });

  test("the steps queued are read back from the keys, whoever the SMS went to; staff's own reminders are no step", () => {
    const key = (event: string) => `${event}:sms:+254712345678`;
    expect(stepsQueued(id, [])).toEqual([]);
    expect(stepsQueued(id, [key(reminderEvent(id, "halfway through the hold").event), key(staffReminderEvent(id, placedAt).event)])).toEqual([
      "halfway through the hold",
    ]);
    expect(stepsQueued(id, [key(reminderEvent(id, "after 30 minutes").event), `${reminderEvent(id, "halfway through the hold").event}:sms:+254722000111`])).toEqual([
      "after 30 minutes",
      "halfway through the hold",
    ]);
    // Another order's keys, even one whose id begins with this one's, are not this order's.
    expect(stepsQueued(id, [key(reminderEvent(`${id}x`, "after 30 minutes").event)])).toEqual([]);
  });
});

describe("staffReminderRefusal", () => {
  const now = minutesIn(120);

  test("an order awaiting payment may be reminded once an hour", () => {
    expect(staffReminderRefusal(unpaid, null, now)).toBeUndefined();
    expect(staffReminderRefusal(unpaid, minutesIn(61), now)).toBe("A reminder was sent less than an hour ago.");
    expect(staffReminderRefusal(unpaid, minutesIn(60), now)).toBeUndefined();
  });

  test("never one paid, cancelled, archived, or paid on delivery", () => {
    const refused = "This order is not waiting for payment, so no reminder was sent.";
    expect(staffReminderRefusal({ ...unpaid, paymentStatus: "Paid" }, null, now)).toBe(refused);
    expect(staffReminderRefusal({ ...unpaid, status: "Cancelled" }, null, now)).toBe(refused);
    expect(staffReminderRefusal({ ...unpaid, isArchived: true }, null, now)).toBe(refused);
    expect(staffReminderRefusal({ ...unpaid, payOnDelivery: true }, null, now)).toBe(refused);
  });
});

describe("the Payment reminder SMS template", () => {
  test("templates saved before it existed read with it on, in its default text", () => {
    const { "payment-reminder": _, ...before } = defaultNotificationTemplates();
    const read = notificationTemplatesSchema.parse(before);
    expect(read["payment-reminder"].enabled).toBe(true);
    expect(read["payment-reminder"].body).toContain("{{HOW_TO_PAY}}");
  });
});
