import { describe, expect, test } from "vitest";
import {
  CHECK_YOUR_PHONE_MESSAGE,
  MPESA_DOWN_MESSAGE,
  PAYMENT_HELD_MESSAGE,
  PAYMENT_RECEIVED_MESSAGE,
  payFailureMessage,
  payNowStatus,
  RECEIPT_PENDING_MESSAGE,
  resendWaitMessage,
  tooManyPromptsMessage,
  WRONG_AMOUNT_MESSAGE,
} from "./pay-now";

describe("payFailureMessage", () => {
  test.each([
    [1032, "The payment was cancelled on the phone."],
    [1037, "Your phone could not be reached."],
    [1, "Not enough money in M-Pesa."],
    [2001, "The M-Pesa PIN was wrong."],
    [1019, "The payment request expired before it was answered."],
    [17, "A payment of the same amount was just made; wait two minutes and try again."],
    [1025, "The payment did not go through."],
    [9999, "The payment did not go through."],
    [0, "The payment did not go through."],
    [-1, "The payment did not go through."],
  ])("code %i tells the shopper %j", (code, message) => {
    expect(payFailureMessage(code)).toBe(message);
  });
});

describe("what the payment page says about the latest request", () => {
  const request = { resultCode: null, receipt: null, paymentProblem: null };

  test.each([
    ["sending", { kind: "waiting", message: CHECK_YOUR_PHONE_MESSAGE }],
    ["waiting", { kind: "waiting", message: CHECK_YOUR_PHONE_MESSAGE }],
    ["receipt pending", { kind: "confirmed", message: RECEIPT_PENDING_MESSAGE }],
    ["not sent", { kind: "problem", message: MPESA_DOWN_MESSAGE }],
  ] as const)("%s", (state, status) => {
    expect(payNowStatus({ ...request, state })).toEqual(status);
  });

  test("paid and applied: received, with the receipt", () => {
    expect(payNowStatus({ ...request, state: "paid", receipt: "SIM1234567" })).toEqual({
      kind: "paid",
      message: PAYMENT_RECEIVED_MESSAGE,
      receipt: "SIM1234567",
    });
  });

  test("paid but not applied: the shopper is told the shop will be in touch", () => {
    expect(payNowStatus({ ...request, state: "paid", paymentProblem: "wrong amount" })).toEqual({ kind: "problem", message: WRONG_AMOUNT_MESSAGE });
    expect(payNowStatus({ ...request, state: "paid", paymentProblem: "order closed" })).toEqual({ kind: "problem", message: PAYMENT_HELD_MESSAGE });
  });

  test("failed: the reason in plain words", () => {
    expect(payNowStatus({ ...request, state: "failed", resultCode: 1032 })).toEqual({ kind: "problem", message: "The payment was cancelled on the phone." });
    expect(payNowStatus({ ...request, state: "failed" }).message).toBe("The payment did not go through.");
  });

  test("the resend wait counts in seconds", () => {
    expect(resendWaitMessage(45)).toBe("You can send another request in 45 seconds.");
    expect(resendWaitMessage(1)).toBe("You can send another request in 1 second.");
  });
});

describe("tooManyPromptsMessage", () => {
  test.each([
    [3600, "60 minutes"],
    [1500, "25 minutes"],
    [1501, "26 minutes"],
    [60, "1 minute"],
    [1, "1 minute"],
    [0, "1 minute"],
  ])("%i seconds to wait reads 'try again in %s'", (seconds, wait) => {
    expect(tooManyPromptsMessage(seconds)).toBe(
      `Too many payment requests to this number or from this connection. Please try again in ${wait}, or pay with the instructions below.`,
    );
  });
});
