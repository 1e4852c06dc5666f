import type { PaymentProblem } from "./payments";

// What the payment page says about M-Pesa Express (issue 11), word for word. Kept apart from mpesa.ts, whose
// schemas would bring Zod into the shopper's browser.

export const PAY_NOW_PHONE_LABEL = "M-Pesa phone number";
export const PAY_NOW_BUTTON = "Pay now with M-Pesa";
export const CHECK_YOUR_PHONE_MESSAGE = "Check your phone and enter your M-Pesa PIN.";
export const PAYMENT_RECEIVED_MESSAGE = "Payment received. Thank you!";
/** A prompt long gone from the phone with no answer (a shopper back from a payment reminder): a new one may be sent. */
export const PROMPT_UNANSWERED_MESSAGE = "Your last payment request was not answered in time. You can send a new one.";
export const PAY_FAILED_MESSAGE = "The payment did not go through.";

/** Shown when Daraja is down or refuses the request: the order stays as it was and the instructions still work. */
export const MPESA_DOWN_MESSAGE = "M-Pesa could not take the request just now. Please try again in a minute, or pay with the instructions below.";
export const RECEIPT_PENDING_MESSAGE = "M-Pesa confirmed your payment. Its receipt is on the way.";
export const WRONG_AMOUNT_MESSAGE = "We received a payment that does not match the order's total. We will contact you about it.";
export const PAYMENT_HELD_MESSAGE = "We received your payment and will contact you about this order.";

const FAILURE_MESSAGES: ReadonlyMap<number, string> = new Map([
  [1032, "The payment was cancelled on the phone."],
  [1037, "Your phone could not be reached."],
  [1, "Not enough money in M-Pesa."],
  [2001, "The M-Pesa PIN was wrong."],
  [1019, "The payment request expired before it was answered."],
  [17, "A payment of the same amount was just made; wait two minutes and try again."],
]);

/**
 * Why a push did not pay, in plain words for the shopper (Daraja's ResultDesc is for staff and logs);
 * `otherwise` for a code without plain words.
 */
export function payFailureMessage(resultCode: number, otherwise = PAY_FAILED_MESSAGE): string {
  return FAILURE_MESSAGES.get(resultCode) ?? otherwise;
}

export type PaymentRequestState = "sending" | "not sent" | "waiting" | "paid" | "failed" | "receipt pending";

/** What the payment page says about the latest M-Pesa Express request: waiting, done, or why not. */
export type PayNowStatus =
  | { kind: "waiting"; message: string }
  | { kind: "paid"; message: string; receipt: string }
  /** M-Pesa said paid but sent no receipt yet: no new request, which would take the money twice. */
  | { kind: "confirmed"; message: string }
  | { kind: "problem"; message: string };

export function payNowStatus(request: {
  state: PaymentRequestState;
  resultCode: number | null;
  receipt: string | null;
  /** Why the request's payment was not applied to the order; null when it was. */
  paymentProblem: PaymentProblem | null;
  /** The request is older than a prompt stays on the phone (issue 23): a waiting one is no longer 'check your phone'. */
  gone?: boolean;
}): PayNowStatus {
  switch (request.state) {
    case "sending":
    case "waiting":
      if (request.gone) return { kind: "problem", message: PROMPT_UNANSWERED_MESSAGE };
      return { kind: "waiting", message: CHECK_YOUR_PHONE_MESSAGE };
    case "receipt pending":
      return { kind: "confirmed", message: RECEIPT_PENDING_MESSAGE };
    case "paid":
      if (request.paymentProblem === null) return { kind: "paid", message: PAYMENT_RECEIVED_MESSAGE, receipt: request.receipt ?? "" };
      return { kind: "problem", message: request.paymentProblem === "wrong amount" ? WRONG_AMOUNT_MESSAGE : PAYMENT_HELD_MESSAGE };
    case "not sent":
      return { kind: "problem", message: MPESA_DOWN_MESSAGE };
    case "failed":
      return { kind: "problem", message: payFailureMessage(request.resultCode ?? -1) };
  }
}

/**
 * Said with HTTP 429 when a phone number or a connection has had its prompts for the hour (issue 21): when the
 * shopper may try again, and that the instructions below still work meanwhile.
 */
export function tooManyPromptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many payment requests to this number or from this connection. Please try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}, or pay with the instructions below.`;
}

/** Before a new request may be sent: a phone shows one prompt at a time. */
export function resendWaitMessage(seconds: number): string {
  return `You can send another request in ${seconds} second${seconds === 1 ? "" : "s"}.`;
}
