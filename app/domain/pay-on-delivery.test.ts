import { describe, expect, test } from "vitest";
import { deliveryActionSchema, PAY_ON_DELIVERY_UP_TO_MESSAGE } from "./delivery.schema";
import { riderMessage } from "./order-admin";
import {
  collectRefusal,
  mayCancelForNonPayment,
  NOT_PAYABLE_MESSAGE,
  ORDER_CHANGED_MESSAGE,
  payOnDeliveryText,
  riderCollections,
} from "./pay-on-delivery";

describe("payOnDeliveryText", () => {
  test("says what to pay the rider, and how", () => {
    expect(payOnDeliveryText(4_250_00)).toBe("Pay on delivery: pay KSH 4,250 to the rider in cash or by M-Pesa when your order arrives.");
  });
});

describe("mayCancelForNonPayment", () => {
  const waiting = { status: "Pending Payment", paymentStatus: "Unpaid", isArchived: false, payOnDelivery: false } as const;
  test("an order awaiting payment may be cancelled by the hold; one paid on delivery never", () => {
    expect(mayCancelForNonPayment(waiting)).toBe(true);
    expect(mayCancelForNonPayment({ ...waiting, payOnDelivery: true })).toBe(false);
  });
  test("an order no longer awaiting payment is not the hold's", () => {
    expect(mayCancelForNonPayment({ ...waiting, status: "Processing" })).toBe(false);
    expect(mayCancelForNonPayment({ ...waiting, paymentStatus: "Paid" })).toBe(false);
    expect(mayCancelForNonPayment({ ...waiting, isArchived: true })).toBe(false);
  });
});

describe("riderCollections", () => {
  test("adds up cash and M-Pesa per rider, in name order; payments of an order whose rider is gone go to No rider", () => {
    expect(
      riderCollections([
        { rider: "Kevin Otieno", method: "Cash", amountCents: 100_00 },
        { rider: "Faith Wambui", method: "M-Pesa Express", amountCents: 250_00 },
        { rider: "Kevin Otieno", method: "M-Pesa Paybill", amountCents: 300_00 },
        { rider: "Kevin Otieno", method: "Cash", amountCents: 50_00 },
        { rider: null, method: "Cash", amountCents: 70_00 },
      ]),
    ).toEqual([
      { rider: "Faith Wambui", cashCents: 0, mpesaCents: 250_00 },
      { rider: "Kevin Otieno", cashCents: 150_00, mpesaCents: 300_00 },
      { rider: "No rider", cashCents: 70_00, mpesaCents: 0 },
    ]);
    expect(riderCollections([])).toEqual([]);
  });
});

describe("collectRefusal", () => {
  test("words each refusal for staff with its status", () => {
    expect(collectRefusal({ problem: "changed-meanwhile" }, "Order not found.")).toEqual({ status: 409, message: ORDER_CHANGED_MESSAGE });
    expect(collectRefusal({ problem: "not-payable" }, "Order not found.")).toEqual({ status: 409, message: NOT_PAYABLE_MESSAGE });
    expect(collectRefusal({ problem: "order-missing" }, "Order not found.")).toEqual({ status: 404, message: "Order not found." });
    expect(collectRefusal({ problem: "wait", seconds: 1 }, "")).toMatchObject({ status: 429, message: expect.stringContaining("in 1 second.") });
    expect(collectRefusal({ problem: "too-many", retryAfterSeconds: 90 }, "")).toMatchObject({ message: expect.stringContaining("in 2 minutes.") });
  });
});

describe("the zone form's pay on delivery", () => {
  const zone = { intent: "create-zone", name: "Nairobi CBD", fee: "250" };
  const details = (fields: Record<string, string>) => {
    const parsed = deliveryActionSchema.safeParse({ ...zone, ...fields });
    return parsed.success && "details" in parsed.data ? parsed.data.details : parsed.error?.issues.map((issue) => issue.message);
  };
  test("a ticked box allows it, up to a whole-shilling total when one is typed", () => {
    expect(details({ payOnDelivery: "on", payOnDeliveryUpTo: "10,000" })).toMatchObject({ payOnDelivery: true, payOnDeliveryUpToCents: 10_000_00 });
    expect(details({ payOnDelivery: "on", payOnDeliveryUpTo: " " })).toMatchObject({ payOnDelivery: true, payOnDeliveryUpToCents: null });
    expect(details({})).toMatchObject({ payOnDelivery: false, payOnDeliveryUpToCents: null });
  });
  test("an amount that is not a whole number of shillings from 1 is refused", () => {
    for (const typed of ["0", "12.5", "abc", "2000000"]) expect(details({ payOnDelivery: "on", payOnDeliveryUpTo: typed })).toEqual([PAY_ON_DELIVERY_UP_TO_MESSAGE]);
  });
});

describe("riderMessage", () => {
  const order = {
    id: "a1b2c3d4e5f6",
    clientName: "Achieng Otieno",
    clientPhone: "+254712345678",
    clientAddress: "Kimathi Street",
    totalCents: 4_250_00,
    paymentStatus: "Unpaid" as const,
    lines: [{ name: "Kiondo Basket", size: "", color: "", quantity: 1, unitPriceCents: 4_000_00 }],
  };
  test("names the delivery chosen after the address, and the amount to collect is the total with delivery", () => {
    const lines = riderMessage({ ...order, delivery: "Nairobi CBD" }).split("\n");
    expect(lines.slice(3, 5)).toEqual(["Address: Kimathi Street", "Delivery: Nairobi CBD"]);
    expect(lines.at(-1)).toBe("Amount to collect: KSH 4,250");
  });
  test("an order placed with no delivery choice has no Delivery line", () => {
    expect(riderMessage({ ...order, delivery: "" })).not.toContain("Delivery:");
  });
});
