import { describe, expect, test } from "vitest";
import { settingsSchema } from "./site-documents.schema";
import {
  describeHold,
  holdBeforePaymentMinutes,
  holdCancelNote,
  holdCutoff,
  holdCutoffs,
  type HeldOrder,
  holdMinutes,
  holdPassed,
  unpaidHoldMinutes,
} from "./unpaid-hold";

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
    expect(holdBeforePaymentMinutes(saved)).toBe(60);
  });

  test("a saved hold time is kept, 0 included", () => {
    expect(unpaidHoldMinutes({ unpaidHoldMinutes: 90 })).toBe(90);
    expect(unpaidHoldMinutes({ unpaidHoldMinutes: 0 })).toBe(0);
  });

  test.each([-1, 1.5, 600_000, Number.NaN])("the settings refuse %d minutes", (minutes) => {
    expect(settingsSchema.shape.unpaidHoldMinutes.safeParse(minutes).success).toBe(false);
    expect(settingsSchema.shape.holdBeforePaymentMinutes.safeParse(minutes).success).toBe(false);
  });
});

describe("holdMinutes", () => {
  test("the hold before payment is its own, shorter than the full hold", () => {
    expect(holdMinutes({}, true)).toEqual({ "before payment": 60, unpaid: 2_880 });
    expect(holdMinutes({ holdBeforePaymentMinutes: 30, unpaidHoldMinutes: 0 }, true)).toEqual({ "before payment": 30, unpaid: 0 });
  });

  test("0 turns it off, and it is never longer than the full hold", () => {
    expect(holdMinutes({ holdBeforePaymentMinutes: 0 }, true)).toEqual({ "before payment": 2_880, unpaid: 2_880 });
    expect(holdMinutes({ holdBeforePaymentMinutes: 120, unpaidHoldMinutes: 90 }, true)).toEqual({ "before payment": 90, unpaid: 90 });
  });

  test("a shop that does not see payments start (no M-Pesa Express) holds every order the full hold", () => {
    expect(holdMinutes({ holdBeforePaymentMinutes: 30 }, false)).toEqual({ "before payment": 2_880, unpaid: 2_880 });
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

describe("holdPassed", () => {
  const cutoffs = holdCutoffs(now, holdMinutes({}, true));
  const waiting: HeldOrder = {
    status: "Pending Payment",
    paymentStatus: "Unpaid",
    isArchived: false,
    orderDate: hoursAgo(2),
    lastStaffChangeAt: null,
    paymentStartedAt: null,
    paymentUnderway: false,
  };

  test("an order nobody started paying for is past the hold before payment an hour after it was placed", () => {
    expect(holdPassed(waiting, cutoffs)).toBe("before payment");
    expect(holdPassed({ ...waiting, orderDate: hoursAgo(0.5) }, cutoffs)).toBeNull();
    expect(holdPassed({ ...waiting, orderDate: hoursAgo(1) }, cutoffs)).toBeNull();
  });

  test("once a payment reached the shopper's phone, the full hold counts from the first request", () => {
    expect(holdPassed({ ...waiting, paymentStartedAt: hoursAgo(1.5) }, cutoffs)).toBeNull();
    expect(holdPassed({ ...waiting, orderDate: hoursAgo(60), paymentStartedAt: hoursAgo(49) }, cutoffs)).toBe("unpaid");
    expect(holdPassed({ ...waiting, orderDate: hoursAgo(60), paymentStartedAt: hoursAgo(47) }, cutoffs)).toBeNull();
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
    expect(holdPassed({ ...waiting, orderDate: hoursAgo(100), ...change }, cutoffs)).toBeNull();
  });

  test("a staff change (reopening it, say) starts the full hold afresh", () => {
    expect(holdPassed({ ...waiting, orderDate: hoursAgo(100), lastStaffChangeAt: hoursAgo(2) }, cutoffs)).toBeNull();
    expect(holdPassed({ ...waiting, orderDate: hoursAgo(100), lastStaffChangeAt: hoursAgo(50) }, cutoffs)).toBe("unpaid");
    expect(holdPassed({ ...waiting, orderDate: hoursAgo(100), lastStaffChangeAt: hoursAgo(50), paymentStartedAt: hoursAgo(3) }, cutoffs)).toBeNull();
  });

  test("a hold of 0 never ends", () => {
    const forever = holdCutoffs(now, holdMinutes({ unpaidHoldMinutes: 0, holdBeforePaymentMinutes: 0 }, true));
    expect(holdPassed({ ...waiting, orderDate: hoursAgo(10_000) }, forever)).toBeNull();
    const shortOnly = holdCutoffs(now, holdMinutes({ unpaidHoldMinutes: 0 }, true));
    expect(holdPassed({ ...waiting, orderDate: hoursAgo(10_000), paymentStartedAt: hoursAgo(9_000) }, shortOnly)).toBeNull();
    expect(holdPassed(waiting, shortOnly)).toBe("before payment");
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
    expect(holdCancelNote("unpaid", holdMinutes({}, true))).toBe("Not paid within the hold time of 48 hours: cancelled and its stock released.");
    expect(holdCancelNote("before payment", holdMinutes({}, true))).toBe("No payment started within 1 hour: cancelled and its stock released.");
    expect(holdCancelNote("before payment", holdMinutes({}, false))).toBe("Not paid within the hold time of 48 hours: cancelled and its stock released.");
  });
});
