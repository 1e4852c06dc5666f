
import { CHOOSE_DELIVERY_MESSAGE } from "./delivery";
import { PAY_ON_DELIVERY_REFUSED_MESSAGE } from "./pay-on-delivery";
import { phoneDigits } from "./phone";
import { type PromotionRefusal, promotionRefusalMessage } from "./promotions";
import { clientNetwork, type RateLimit } from "./rate-limit";

// The checkout's messages (product.md §2 Checkout, §5, §8) and limits; its form schema is in checkout.schema.ts.

export const PAYMENT_METHOD_MESSAGE = "Please select a payment method.";
export const ORDER_FAILED_MESSAGE = "There was a problem placing your order. Please try again.";
export const EMPTY_CHECKOUT_MESSAGE = "Your cart is empty.";

/** Why a bag cannot be sold as it is: each names the product, so the shopper knows which line to change. */
export type CheckoutProblem =
  | { kind: "unavailable"; productName: string }
  | { kind: "sold-out"; productName: string; available: number }
  | { kind: "option-gone"; productName: string }
  | { kind: "too-many"; productName: string; most: number }
  | { kind: "held-by-phone" }
  | { kind: "held-by-network" }
  | { kind: "payment-method" }
  | { kind: "pay-on-delivery" }
  | { kind: "delivery" }
  | { kind: "promotion"; refusal: PromotionRefusal };

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
    case "too-many":
      return `You can order at most ${problem.most} of ${problem.productName} at a time. Please lower the quantity in your bag.`;
    case "held-by-phone":
      return "Unpaid orders from this phone number already hold as many items as the shop keeps for one shopper. Please pay for them first, or try again once they are paid or cancelled; your bag and details are kept.";
    case "held-by-network":
      return "Unpaid orders from this connection already hold as many items as the shop keeps for one connection. Please pay for them first, or try again later; your bag and details are kept.";
    case "payment-method":
      return PAYMENT_METHOD_MESSAGE;
    case "pay-on-delivery":
      return PAY_ON_DELIVERY_REFUSED_MESSAGE;
    case "delivery":
      return CHOOSE_DELIVERY_MESSAGE;
    case "promotion":
      return promotionRefusalMessage(problem.refusal);
  }
}

/** Checkouts a phone number, and a browser, may try in an hour: far more than a shopper places (decision 029). */
export const CHECKOUTS_PER_HOUR = 10;
/**
 * Checkouts one address may try in an hour: looser, since a mobile carrier puts many shoppers behind one
 * address (carrier-grade NAT), but it bounds a client that makes up phone numbers and drops its cookie.
 */
export const CHECKOUTS_PER_HOUR_PER_ADDRESS = 60;
const HOUR_MS = 60 * 60_000;

/**
 * The limits a checkout counts against, the broadest first: its address (an IPv6 client's /64), its phone
 * number and its browser. Shoppers who share an address are told apart by phone and browser.
 */
export function checkoutLimits(
  from: { clientAddress: string; phone: string; browserId: string },
  perHour: { perShopper: number; perAddress: number },
): RateLimit[] {
  return [
    { key: `checkout-address:${clientNetwork(from.clientAddress)}`, limit: perHour.perAddress, windowMs: HOUR_MS },
    { key: `checkout-phone:${phoneDigits(from.phone)}`, limit: perHour.perShopper, windowMs: HOUR_MS },
    { key: `checkout-browser:${from.browserId}`, limit: perHour.perShopper, windowMs: HOUR_MS },
  ];
}

/** Said with HTTP 429 when a checkout is over its limit; the bag and the form are kept as they were. */
export function tooManyCheckoutsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many orders tried from this phone number, browser or connection. Please try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}; your bag and details are kept.`;
}
