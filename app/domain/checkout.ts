
// The checkout's messages (SPEC §2 Checkout, §5, §8); its form schema is in checkout.schema.ts.

export const PAYMENT_METHOD_MESSAGE = "Please select a payment method.";
export const ORDER_FAILED_MESSAGE = "There was a problem placing your order. Please try again.";
export const EMPTY_CHECKOUT_MESSAGE = "Your cart is empty.";

/** Why a bag cannot be sold as it is: each names the product, so the shopper knows which line to change. */
export type CheckoutProblem =
  | { kind: "unavailable"; productName: string }
  | { kind: "sold-out"; productName: string; available: number }
  | { kind: "option-gone"; productName: string }
  | { kind: "payment-method" };

export function checkoutProblemMessage(problem: CheckoutProblem): string {
  switch (problem.kind) {
    case "unavailable":
      return `${problem.productName} is no longer available. Please remove it from your bag.`;
    case "sold-out":
      return problem.available === 0
        ? `${problem.productName} is sold out. Please remove it from your bag.`
        : `Only ${problem.available} of ${problem.productName} left. Please lower the quantity in your bag.`;
    case "option-gone":
      return `The size or colour you chose for ${problem.productName} is no longer offered. Please choose again.`;
    case "payment-method":
      return PAYMENT_METHOD_MESSAGE;
  }
}
