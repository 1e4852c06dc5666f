import { z } from "zod";
import { bagFrom, type BagLine } from "./bag";
import { EMPTY_CHECKOUT_MESSAGE, ORDER_FAILED_MESSAGE, PAYMENT_METHOD_MESSAGE } from "./checkout";
import { phoneSchema } from "./phone.schema";
import { parsePostedJson } from "./posted-text";

// The checkout form's rules (product.md §2 Checkout, §5, §8), checked by the action.

/** The bag as the browser posts it, read by the browser's own rule (bagFrom): one it could not read is empty. */
export const bagSchema = z
  .string()
  .max(20_000)
  .transform((text, context) => {
    const bag = readPostedBag(text);
    if (bag && bag.length > 0) return bag;
    context.addIssue({ code: "custom", message: EMPTY_CHECKOUT_MESSAGE });
    return z.NEVER;
  });

function readPostedBag(text: string): BagLine[] | undefined {
  try {
    return bagFrom(parsePostedJson(text));
  } catch {
    return undefined;
  }
}

export const checkoutSchema = z.object({
  name: z.string().trim().min(1, "Please enter your full name.").max(120, "Please shorten your name to 120 characters."),
  address: z.string().trim().min(1, "Please enter your delivery address.").max(500, "Please shorten the address to 500 characters."),
  phone: phoneSchema,
  paymentMethod: z.string(PAYMENT_METHOD_MESSAGE).trim().min(1, PAYMENT_METHOD_MESSAGE).max(80, PAYMENT_METHOD_MESSAGE),
  // The delivery zone or pick-up point chosen, by id; placeOrder checks it is one the shop offers.
  delivery: z
    .string()
    .trim()
    .max(40)
    .transform((id) => id || undefined)
    .optional(),
  // A discount code (issue 24), as typed; placeOrder looks it up and decides what it gives.
  code: z
    .string()
    .trim()
    .max(40, "This code is not valid.")
    .transform((code) => code || undefined)
    .optional(),
  bag: bagSchema,
  // "Send me news and offers" (issue 25): a ticked box posts its name, whatever its value; placing the order then
  // records the phone's consent to marketing.
  marketing: z
    .string()
    .transform(() => true)
    .optional(),
  // One per checkout page: a double click or a resubmitted form finds the order it already placed.
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, ORDER_FAILED_MESSAGE),
});
export type CheckoutInput = z.output<typeof checkoutSchema>;
