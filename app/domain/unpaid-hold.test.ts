import { describe, expect, test } from "vitest";
import { settingsSchema } from "./site-documents.schema";
import { describeHold, holdCancelNote, holdCutoff, type HeldOrder, isPastHold, unpaidHoldMinutes } from "./unpaid-hold";

const now = new Date("2026-11-24T12:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

describe("unpaidHoldMinutes", () => {
  test("settings saved before the hold time existed hold for 48 hours", () => {
    const saved = settingsSchema.parse({
      storeName: "Duka",
      paymentMethods: [],
      heroSlides: [],
      fab: { enabled: false, iconUrl: "", whatsappIconUrl: "", callIconUrl: "" },
    });
    expect(unpaidHoldMinutes(saved)).toBe(2_880);
  });

  test("a saved hold time is kept, 0 included", () => {
    expect(unpaidHoldMinutes({ unpaidHoldMinutes: 90 })).toBe(90);
    expect(unpaidHoldMinutes({ unpaidHoldMinutes: 0 })).toBe(0);
  });

  test.each([-1, 1.5, 600_000, Number.NaN])("the settings refuse %d minutes", (minutes) => {
    expect(settingsSchema.shape.unpaidHoldMinutes.safeParse(minutes).success).toBe(false);
  });
});

describe("holdCutoff", () => {
  test("is the hold time before now", () => {
    expect(holdCutoff(now, 2_880)).toEqual(hoursAgo(48));
    expect(holdCutoff(now, 1)).toEqual(new Date(now.getTime() - 60_000));
  });

  test("0 holds stock forever: no cutoff", () => {
    expect(holdCutoff(now, 0)).toBeNull();
  });
});

describe("isPastHold", () => {
  const cutoff = hoursAgo(48);
  const waiting: HeldOrder = {
    status: "Pending Payment",
    paymentStatus: "Unpaid",
    isArchived: false,
    orderDate: hoursAgo(49),
    lastStaffChangeAt: null,
    paymentUnderway: false,
  };

  test("an order unpaid for longer than the hold is past it", () => {
    expect(isPastHold(waiting, cutoff)).toBe(true);
  });

  test("a newer order is not, nor one placed exactly at the cutoff", () => {
    expect(isPastHold({ ...waiting, orderDate: hoursAgo(47) }, cutoff)).toBe(false);
    expect(isPastHold({ ...waiting, orderDate: cutoff }, cutoff)).toBe(false);
  });

  test.each<Partial<HeldOrder>>([
    { paymentStatus: "Paid" },
    { status: "Processing" },
    { status: "Out for Delivery" },
    { status: "Delivered" },
    { status: "Cancelled" },
    { isArchived: true },
    { paymentUnderway: true },
  ])("an order %o is never cancelled for want of payment", (change) => {
    expect(isPastHold({ ...waiting, ...change }, cutoff)).toBe(false);
  });

  test("a staff change within the hold (reopening it, say) starts the hold afresh", () => {
    expect(isPastHold({ ...waiting, orderDate: hoursAgo(100), lastStaffChangeAt: hoursAgo(2) }, cutoff)).toBe(false);
    expect(isPastHold({ ...waiting, orderDate: hoursAgo(100), lastStaffChangeAt: hoursAgo(50) }, cutoff)).toBe(true);
  });
});

describe("the hold in words", () => {
  test.each([
    [2_880, "48 hours"],
    [60, "1 hour"],
    [90, "90 minutes"],
    [1, "1 minute"],
  ])("%i minutes is '%s'", (minutes, words) => {
    expect(describeHold(minutes)).toBe(words);
  });

  test("the note the activity log shows", () => {
    expect(holdCancelNote(2_880)).toBe("Not paid within the hold time of 48 hours: cancelled and its stock released.");
  });
});
