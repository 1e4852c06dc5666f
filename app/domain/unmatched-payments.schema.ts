import { z } from "zod";
import { ORDER_REF_MAX_CHARS, ORDER_REF_REQUIRED, PAYMENT_GONE_MESSAGE } from "./unmatched-payments";

// The Unmatched payments page's forms, told apart by `intent`. A payment id of any sensible length is accepted
// here, so one already settled (or never listed) is answered in words rather than as a bad request.
const paymentId = z.string(PAYMENT_GONE_MESSAGE).trim().min(1, PAYMENT_GONE_MESSAGE).max(100, PAYMENT_GONE_MESSAGE);

export const unmatchedPaymentActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("attach"),
      paymentId,
      orderRef: z
        .string(ORDER_REF_REQUIRED)
        .trim()
        .min(1, ORDER_REF_REQUIRED)
        .max(ORDER_REF_MAX_CHARS, `Please keep it to ${ORDER_REF_MAX_CHARS} characters: an order ID or an account number.`),
    }),
    z.object({ intent: z.literal("dismiss"), paymentId }),
  ],
  "Please choose Attach to order or Dismiss.",
);
