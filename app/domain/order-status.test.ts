import { describe, expect, test } from "vitest";
import { ORDER_STATUS_VALUES, PAYMENT_STATUS_VALUES } from "../server/db/schema.server";
import {
  isAwaitingPayment,
  isOpen,
  isPayable,
  isPendingOrder,
  isPendingOrderStatus,
  isSale,
  ORDER_STATUSES,
  orderTimeline,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
  showsRider,
  statusBadgeTone,
  TIMELINE_STEPS,
} from "./order-status";

describe("the statuses", () => {
  test("an order is Pending Payment, Processing, Out for Delivery, Delivered or Cancelled", () => {
    expect(ORDER_STATUSES).toEqual(["Pending Payment", "Processing", "Out for Delivery", "Delivered", "Cancelled"]);
  });

  test("a payment is Unpaid or Paid", () => {
    expect(PAYMENT_STATUSES).toEqual(["Unpaid", "Paid"]);
  });

  test("the database accepts exactly the same statuses", () => {
    expect([...ORDER_STATUS_VALUES]).toEqual([...ORDER_STATUSES]);
    expect([...PAYMENT_STATUS_VALUES]).toEqual([...PAYMENT_STATUSES]);
  });

  test("the timeline has the four steps before Cancelled", () => {
    expect(TIMELINE_STEPS).toEqual(["Pending Payment", "Processing", "Out for Delivery", "Delivered"]);
  });
});

describe("orderTimeline", () => {
  const doneSteps = (status: OrderStatus) => {
    const timeline = orderTimeline(status);
    return timeline.cancelled ? null : timeline.steps.filter((s) => s.done).map((s) => s.label);
  };

  test.each<[OrderStatus, string[]]>([
    ["Pending Payment", ["Pending Payment"]],
    ["Processing", ["Pending Payment", "Processing"]],
    ["Out for Delivery", ["Pending Payment", "Processing", "Out for Delivery"]],
    ["Delivered", ["Pending Payment", "Processing", "Out for Delivery", "Delivered"]],
  ])("for %s, the steps up to and including it are done", (status, done) => {
    expect(doneSteps(status)).toEqual(done);
  });

  test.each(TIMELINE_STEPS)("for %s, exactly that step is current", (status) => {
    const timeline = orderTimeline(status);
    expect(timeline.cancelled).toBe(false);
    if (timeline.cancelled) return;
    expect(timeline.steps.filter((s) => s.current).map((s) => s.label)).toEqual([status]);
  });

  test("always lists all four steps in order", () => {
    const timeline = orderTimeline("Processing");
    expect(timeline).toEqual({
      cancelled: false,
      steps: [
        { label: "Pending Payment", done: true, current: false },
        { label: "Processing", done: true, current: true },
        { label: "Out for Delivery", done: false, current: false },
        { label: "Delivered", done: false, current: false },
      ],
    });
  });

  test("a cancelled order shows a banner instead of steps", () => {
    expect(orderTimeline("Cancelled")).toEqual({ cancelled: true });
  });
});

describe("statusBadgeTone", () => {
  test.each<[OrderStatus, string]>([
    ["Delivered", "green"],
    ["Cancelled", "red"],
    ["Pending Payment", "yellow"],
    ["Processing", "yellow"],
    ["Out for Delivery", "yellow"],
  ])("%s is %s", (status, tone) => {
    expect(statusBadgeTone(status)).toBe(tone);
  });
});

describe("isPendingOrderStatus", () => {
  test.each<[OrderStatus, boolean]>([
    ["Pending Payment", true],
    ["Processing", true],
    ["Out for Delivery", true],
    ["Delivered", false],
    ["Cancelled", false],
  ])("%s counts as pending: %s", (status, pending) => {
    expect(isPendingOrderStatus(status)).toBe(pending);
  });
});

describe("showsRider", () => {
  test.each<[OrderStatus, boolean]>([
    ["Pending Payment", false],
    ["Processing", false],
    ["Out for Delivery", true],
    ["Delivered", true],
    ["Cancelled", false],
  ])("the rider is shown for %s: %s", (status, shown) => {
    expect(showsRider(status)).toBe(shown);
  });
});

describe("isSale", () => {
  const cases = ORDER_STATUSES.flatMap((status) =>
    PAYMENT_STATUSES.map((paymentStatus): [OrderStatus, PaymentStatus, boolean] => [
      status,
      paymentStatus,
      status === "Delivered" && paymentStatus === "Paid",
    ]),
  );

  test.each(cases)("an order %s and %s is a sale: %s", (status, paymentStatus, sale) => {
    expect(isSale({ status, paymentStatus })).toBe(sale);
  });
});

describe("the questions asked of an order's state", () => {
  const open = { status: "Processing", paymentStatus: "Unpaid", isArchived: false } as const;

  test.each(ORDER_STATUSES)("an order %s is open unless cancelled, and never once archived", (status) => {
    expect(isOpen({ status, isArchived: false })).toBe(status !== "Cancelled");
    expect(isOpen({ status, isArchived: true })).toBe(false);
  });

  test.each<[string, { status: OrderStatus; paymentStatus: PaymentStatus; isArchived: boolean }, boolean]>([
    ["an open unpaid order", open, true],
    ["one waiting for its payment", { ...open, status: "Pending Payment" }, true],
    ["one delivered before it is paid", { ...open, status: "Delivered" }, true],
    ["a paid one", { ...open, paymentStatus: "Paid" }, false],
    ["a cancelled one", { ...open, status: "Cancelled" }, false],
    ["an archived one", { ...open, isArchived: true }, false],
  ])("%s can still be paid: %s", (_order, order, payable) => {
    expect(isPayable(order)).toBe(payable);
  });

  test.each<[string, { status: OrderStatus; paymentStatus: PaymentStatus; isArchived: boolean }, boolean]>([
    ["Pending Payment and Unpaid", { status: "Pending Payment", paymentStatus: "Unpaid", isArchived: false }, true],
    ["Pending Payment but Paid", { status: "Pending Payment", paymentStatus: "Paid", isArchived: false }, false],
    ["Processing and Unpaid", { ...open, status: "Processing" }, false],
    ["Pending Payment, Unpaid and archived", { status: "Pending Payment", paymentStatus: "Unpaid", isArchived: true }, false],
  ])("an order %s awaits its payment: %s", (_order, order, awaiting) => {
    expect(isAwaitingPayment(order)).toBe(awaiting);
  });

  test.each(ORDER_STATUSES)("an order %s is a pending order while active, never once archived", (status) => {
    expect(isPendingOrder({ status, isArchived: false })).toBe(isPendingOrderStatus(status));
    expect(isPendingOrder({ status, isArchived: true })).toBe(false);
  });
});
