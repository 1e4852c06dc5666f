import { z } from "zod";
import {
  CLIENT_ADDRESS_MAX_CHARS,
  CLIENT_ADDRESS_REQUIRED,
  CLIENT_NAME_MAX_CHARS,
  CLIENT_NAME_REQUIRED,
  ORDER_NOT_FOUND_MESSAGE,
  RIDER_REQUIRED_MESSAGE,
} from "./order-admin";
import { editVersionSchema } from "./edit-version";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "./order-status";
import { phoneSchema } from "./phone.schema";

// The Orders screen's forms (product.md §2 Admin, §5), told apart by `intent`. Any id of a sensible length is
// accepted here, so an order that does not exist is answered 'Order not found.' (404), not a bad request.
const id = z.string(ORDER_NOT_FOUND_MESSAGE).trim().min(1, ORDER_NOT_FOUND_MESSAGE).max(200, ORDER_NOT_FOUND_MESSAGE);

/** The client's details as staff correct them in the order details dialog: all three required (product.md §5). */
export const clientDetailsSchema = z.object({
  name: z
    .string(CLIENT_NAME_REQUIRED)
    .trim()
    .min(1, CLIENT_NAME_REQUIRED)
    .max(CLIENT_NAME_MAX_CHARS, `Please shorten the name to ${CLIENT_NAME_MAX_CHARS} characters.`),
  address: z
    .string(CLIENT_ADDRESS_REQUIRED)
    .trim()
    .min(1, CLIENT_ADDRESS_REQUIRED)
    .max(CLIENT_ADDRESS_MAX_CHARS, `Please shorten the address to ${CLIENT_ADDRESS_MAX_CHARS} characters.`),
  phone: phoneSchema,
});

export const orderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), id, status: z.enum(ORDER_STATUSES, "Please choose one of the order statuses.") }),
  z.object({
    intent: z.literal("payment"),
    id,
    paymentStatus: z.enum(PAYMENT_STATUSES, "Please choose Paid or Unpaid."),
  }),
  // The version of the client's details the dialog's text is based on: a save over someone else's is refused.
  z.object({ intent: z.literal("client"), id, ...clientDetailsSchema.shape, clientDetailsVersion: editVersionSchema }),
  z.object({
    intent: z.literal("dispatch"),
    id,
    riderId: z.string(RIDER_REQUIRED_MESSAGE).trim().min(1, RIDER_REQUIRED_MESSAGE).max(200, RIDER_REQUIRED_MESSAGE),
  }),
  z.object({ intent: z.literal("archive"), id }),
  z.object({ intent: z.literal("restore"), id }),
  // Pay on delivery (decision 054): Paid in cash, and Request M-Pesa payment to the order's phone, each naming the
  // order's version the dialog showed.
  z.object({ intent: z.literal("paid-in-cash"), id, version: z.string().max(40) }),
  z.object({ intent: z.literal("request-mpesa"), id, version: z.string().max(40) }),
  // Send payment reminder (issue 23): the Payment reminder SMS, at most once an hour per order.
  z.object({ intent: z.literal("remind"), id }),
]);
