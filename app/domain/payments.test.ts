import { describe, expect, test } from "vitest";
import { ledgerNote, orderPaymentsShown, problemText, requestStateText } from "./payments";

describe("requestStateText", () => {
  test.each([
    ["sending", null, null, "Sending"],
    ["not sent", null, "M-Pesa could not be reached at api.safaricom.co.ke.", "Not sent"],
    ["waiting", null, null, "Waiting for the shopper"],
    ["paid", 0, "The service request is processed successfully.", "Paid"],
    ["receipt pending", 0, null, "Confirmed, receipt pending"],
    ["failed", 1032, "Request cancelled by user", "Failed: The payment was cancelled on the phone."],
    ["failed", 1037, "DS timeout user cannot be reached", "Failed: Your phone could not be reached."],
    ["failed", 1, "The balance is insufficient for the transaction", "Failed: Not enough money in M-Pesa."],
    ["failed", 9999, "Something Daraja has not said before", "Failed: Something Daraja has not said before"],
    ["failed", null, "M-Pesa never answered.", "Failed: M-Pesa never answered."],
    ["failed", null, null, "Failed: The payment did not go through."],
    ["failed", 4242, "", "Failed: The payment did not go through."],
  ] as const)("%s (%s, %j) reads %j", (state, resultCode, resultDesc, text) => {
    expect(requestStateText({ state, resultCode, resultDesc })).toBe(text);
  });
});

describe("ledgerNote", () => {
  const payment = { amountCents: 119_900, settledBy: null };

  test("says nothing beside a payment applied to the order", () => {
    expect(ledgerNote({ ...payment, state: "applied", problem: null }, 120_000)).toBeNull();
  });

  test("gives an unmatched payment's problem, with both amounts, and where it waits", () => {
    expect(ledgerNote({ ...payment, state: "unmatched", problem: "wrong amount" }, 120_000)).toBe(
      "Paid KSH 1,199; the order's total is KSH 1,200. Waiting under Unmatched payments.",
    );
  });

  test("says a paybill payment is being confirmed with M-Pesa while it is", () => {
    expect(ledgerNote({ ...payment, state: "confirming", problem: null }, 120_000)).toBe("Being confirmed with M-Pesa.");
  });

  test("names who dismissed one", () => {
    expect(ledgerNote({ ...payment, state: "dismissed", problem: "already paid", settledBy: "owner@duka.test" }, 120_000)).toBe(
      "The order was already paid. Dismissed by owner@duka.test.",
    );
    expect(ledgerNote({ ...payment, state: "dismissed", problem: null }, 120_000)).toBe("Dismissed.");
  });
});

test("orderPaymentsShown keeps only what the dialog shows, in its words", () => {
  const paidAt = new Date("2026-03-02T09:15:00Z");
  const payment = {
    id: "p1",
    receipt: "SIM7K2P9Q4",
    amountCents: 120_000,
    method: "M-Pesa Express",
    phoneMasked: "+254 7** *** 670",
    paidAt,
  };
  const shown = orderPaymentsShown(
    {
      payments: [{ ...payment, state: "applied", problem: null, settledBy: null }],
      requests: [
        {
          id: "r1",
          requestedAt: paidAt,
          phoneMasked: "+254 7** *** 670",
          amountCents: 120_000,
          state: "paid",
          resultCode: 0,
          resultDesc: null,
        },
      ],
    },
    120_000,
  );
  expect(shown).toEqual({
    payments: [{ ...payment, note: null }],
    requests: [{ id: "r1", requestedAt: paidAt, phoneMasked: "+254 7** *** 670", amountCents: 120_000, state: "Paid" }],
  });
});

describe("problemText", () => {
  const figures = { amountCents: 120_000, orderTotalCents: 120_000 };

  test.each([
    [
      "not confirmed",
      "Not confirmed by M-Pesa: it knows no such payment, or not of this amount to this paybill, so it may be forged. Check your M-Pesa statement before attaching it.",
    ],
    ["confirmation unanswered", "Not confirmed by M-Pesa: it did not answer when the shop asked. Check your M-Pesa statement before attaching it."],
    [
      "cannot confirm",
      "Not confirmed by M-Pesa: the shop cannot ask it, as MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL are not set or M-Pesa refused them. Check your M-Pesa statement before attaching it.",
    ],
  ] as const)("a paybill payment %s reads %j", (problem, text) => {
    expect(problemText(problem, figures)).toBe(text);
  });
});
