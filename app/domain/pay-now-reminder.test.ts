import { expect, test } from "vitest";
import { CHECK_YOUR_PHONE_MESSAGE, payNowStatus, PROMPT_UNANSWERED_MESSAGE } from "./pay-now";

// The payment page opened from a payment reminder (issue 23): a prompt sent long ago and never answered is not
// waited for; the shopper is told so and offered a new one.

const request = { resultCode: null, receipt: null, paymentProblem: null };

test("a request still waiting while its prompt is on the phone says to check the phone", () => {
  expect(payNowStatus({ ...request, state: "waiting", gone: false })).toEqual({ kind: "waiting", message: CHECK_YOUR_PHONE_MESSAGE });
  expect(payNowStatus({ ...request, state: "waiting" })).toEqual({ kind: "waiting", message: CHECK_YOUR_PHONE_MESSAGE });
});

test("one whose prompt is long gone says it was not answered, so a new one may be sent", () => {
  for (const state of ["waiting", "sending"] as const) {
    expect(payNowStatus({ ...request, state, gone: true })).toEqual({
      kind: "problem",
      message: "Your last payment request was not answered in time. You can send a new one.",
    });
  }
  expect(PROMPT_UNANSWERED_MESSAGE).not.toBe(CHECK_YOUR_PHONE_MESSAGE);
});

test("an answered request says what became of it, however old", () => {
  expect(payNowStatus({ ...request, state: "failed", resultCode: 1032, gone: true })).toEqual({ kind: "problem", message: "The payment was cancelled on the phone." });
  expect(payNowStatus({ ...request, state: "paid", receipt: "TKB4X7Q2RM", gone: true })).toMatchObject({ kind: "paid" });
});
