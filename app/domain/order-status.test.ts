import { describe, expect, test } from "vitest";
import { ORDER_STATUS_VALUES, PAYMENT_STATUS_VALUES } from "../server/db/schema.server";
import { isPendingOrderStatus, isSale, ORDER_STATUSES, orderTimeline, type OrderStatus, PAYMENT_STATUSES, type PaymentStatus, showsRider, statusBadgeTone, TIMELINE_STEPS } from "./order-status";
import { orderStatusSchema, paymentStatusSchema } from "./order-status.schema";

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

  test.each(ORDER_STATUSES)("the status schema accepts %j", (status) => {
    expect(orderStatusSchema.parse(status)).toBe(status);
  });

  test.each(["pending payment", "Shipped", "", " Delivered"])("the status schema refuses %j", (status) => {
    expect(orderStatusSchema.safeParse(status).success).toBe(false);
  });

  test("the payment status schema accepts Unpaid and Paid only", () => {
    expect(paymentStatusSchema.parse("Paid")).toBe("Paid");
    expect(paymentStatusSchema.parse("Unpaid")).toBe("Unpaid");
    expect(paymentStatusSchema.safeParse("paid").success).toBe(false);
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
