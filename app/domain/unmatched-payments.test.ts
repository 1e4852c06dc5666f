import { describe, expect, test } from "vitest";
import { settleRefusalMessage, unmatchedPaymentShown } from "./unmatched-payments";
import { unmatchedPaymentActionSchema } from "./unmatched-payments.schema";

describe("settleRefusalMessage", () => {
  test.each([
    [{ problem: "payment-gone" } as const, "This payment was already settled by someone else."],
    [{ problem: "order-missing" } as const, "No single order has that ID or account number."],
    [{ problem: "order-paid" } as const, "That order is already paid."],
    [
      { problem: "short-of-stock", productName: "Kiondo Sisal Handbag", available: 0 } as const,
      "Cannot mark that order paid: Kiondo Sisal Handbag is sold out.",
    ],
    [
      { problem: "short-of-stock", productName: "Kiondo Sisal Handbag", available: 2 } as const,
      "Cannot mark that order paid: only 2 of Kiondo Sisal Handbag left.",
    ],
  ])("%j reads %j", (refusal, message) => {
    expect(settleRefusalMessage(refusal)).toBe(message);
  });
});

describe("unmatchedPaymentShown", () => {
  const row = {
    id: "p1",
    receipt: "SIMPAYBILL1",
    amountCents: 150_000,
    paidAt: new Date("2026-03-02T09:15:00Z"),
    payerName: "Wanjiru",
    phoneMasked: "2547 ***** 126",
    orderId: null,
    orderTotalCents: null,
  };

  test("a paybill payment shows the account number typed and why it matched nothing", () => {
    const shown = unmatchedPaymentShown({ ...row, method: "M-Pesa Paybill", reference: "WRONG123", problem: "no order" });
    expect(shown).toMatchObject({ accountNumber: "WRONG123", problem: "No order has this account number.", orderId: null });
  });

  test("an M-Pesa Express payment hides Daraja's request id and names its order's total", () => {
    const shown = unmatchedPaymentShown({
      ...row,
      method: "M-Pesa Express",
      reference: "ws_CO_260320261215001234",
      problem: "wrong amount",
      orderId: "k7m2p9q4r8s3t6v5w2x9",
      orderTotalCents: 150_100,
    });
    expect(shown).toMatchObject({
      accountNumber: null,
      problem: "Paid KSH 1,500; the order's total is KSH 1,501.",
      orderId: "k7m2p9q4r8s3t6v5w2x9",
    });
  });
});

describe("unmatchedPaymentActionSchema", () => {
  test("attach takes an order ID or account number, trimmed", () => {
    expect(unmatchedPaymentActionSchema.parse({ intent: "attach", paymentId: "p1", orderRef: "  K7M2P9Q4R8 " })).toEqual({
      intent: "attach",
      paymentId: "p1",
      orderRef: "K7M2P9Q4R8",
    });
  });

  test.each([
    [{ intent: "attach", paymentId: "p1", orderRef: "   " }, ["orderRef"], "Please enter the order ID or the account number."],
    [{ intent: "attach", paymentId: "p1" }, ["orderRef"], "Please enter the order ID or the account number."],
    [
      { intent: "attach", paymentId: "p1", orderRef: "x".repeat(101) },
      ["orderRef"],
      "Please keep it to 100 characters: an order ID or an account number.",
    ],
    [{ intent: "dismiss", paymentId: "" }, ["paymentId"], "This payment was already settled by someone else."],
    [{ intent: "refund", paymentId: "p1" }, ["intent"], "Please choose Attach to order or Dismiss."],
    [{}, ["intent"], "Please choose Attach to order or Dismiss."],
  ])("%j is refused at %j: %j", (fields, path, message) => {
    const parsed = unmatchedPaymentActionSchema.safeParse(fields);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path, message });
  });
});
