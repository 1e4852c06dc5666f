import { describe, expect, test } from "vitest";
import { dueReminder, type RemindedOrder, reminderTimes } from "./payment-reminders";

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
