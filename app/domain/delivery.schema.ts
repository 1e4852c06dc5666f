import { z } from "zod";
import { editVersionSchema } from "./edit-version";
import { joinAreas, KENYA_COUNTIES } from "./kenya-counties";
import { formatKsh, shillingsToCents } from "./money";

// The Delivery page's forms (issue 23): zones and pick-up points, told apart by `intent`. Fees and thresholds are
// typed in whole shillings, as the shop shows every amount.

/** The highest fee or threshold a form takes, in shillings: far above any delivery, far below an overflow. */
export const MAX_DELIVERY_KSH = 1_000_000;

export const NAME_MAX_CHARS = 80;
export const TEXT_MAX_CHARS = 500;

export const DELIVERY_NAME_REQUIRED = "Please enter a name.";
export const DELIVERY_OPTION_GONE_MESSAGE = "That delivery option no longer exists.";
export const DELIVERY_FEE_MESSAGE = `Please enter the fee in whole shillings, from 0 to ${formatKsh(shillingsToCents(MAX_DELIVERY_KSH))}.`;
export const FREE_FROM_MESSAGE = `Please enter a subtotal in whole shillings, from 1 to ${formatKsh(shillingsToCents(MAX_DELIVERY_KSH))}, or leave it blank.`;
export const PAY_ON_DELIVERY_UP_TO_MESSAGE = `Please enter a total in whole shillings, from 1 to ${formatKsh(shillingsToCents(MAX_DELIVERY_KSH))}, or leave it blank.`;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");
// "1,500" and "1500" are both typed by staff.
const typedNumber = (value: unknown) => (typeof value === "string" ? Number(value.replaceAll(",", "").trim()) : value);

const name = z
  .string(DELIVERY_NAME_REQUIRED)
  .trim()
  .min(1, DELIVERY_NAME_REQUIRED)
  .max(NAME_MAX_CHARS, `Please keep the name to ${NAME_MAX_CHARS} characters.`);
const text = (label: string) =>
  z
    .string()
    .trim()
    .max(TEXT_MAX_CHARS, `Please keep the ${label} to ${TEXT_MAX_CHARS} characters.`)
    .optional()
    .transform((value) => value ?? "");
// A blank fee is no fee: a pick-up point is usually free.
const fee = z.preprocess(
  (value) => (blank(value) ? 0 : typedNumber(value)),
  z
    .number(DELIVERY_FEE_MESSAGE)
    .int(DELIVERY_FEE_MESSAGE)
    .min(0, DELIVERY_FEE_MESSAGE)
    .max(MAX_DELIVERY_KSH, DELIVERY_FEE_MESSAGE)
    .transform(shillingsToCents),
);
/** An optional amount in whole shillings, from 1: blank is none. */
const optionalAmount = (message: string) =>
  z.preprocess(
    (value) => (blank(value) ? null : typedNumber(value)),
    z.number(message).int(message).min(1, message).max(MAX_DELIVERY_KSH, message).transform(shillingsToCents).nullable(),
  );
const freeFrom = optionalAmount(FREE_FROM_MESSAGE);
// An unticked box posts nothing.
const ticked = z
  .enum(["on"])
  .optional()
  .transform((value) => value === "on");
const id = z.string().trim().min(1).max(40);

const zone = {
  name,
  areas: text("areas"),
  // The ticked boxes, gathered by postedCounties (kenya-counties.ts).
  counties: z.array(z.enum(KENYA_COUNTIES, "Please tick counties from the list.")).default([]),
  deliveryTime: text("delivery time"),
  fee,
  freeFrom,
  payOnDelivery: ticked,
  payOnDeliveryUpTo: optionalAmount(PAY_ON_DELIVERY_UP_TO_MESSAGE),
};
const pickUp = { name, directions: text("directions"), openingHours: text("opening hours"), fee };

/** What staff write about a zone or a pick-up point; the other kind's fields are empty. */
export type DeliveryOptionDetails =
  | {
      kind: "zone";
      name: string;
      areas: string;
      deliveryTime: string;
      feeCents: number;
      freeFromCents: number | null;
      /** Whether shoppers may pay on delivery here (absent: no), and up to what total (null or absent: any). */
      payOnDelivery?: boolean;
      payOnDeliveryUpToCents?: number | null;
    }
  | { kind: "pick-up"; name: string; directions: string; openingHours: string; feeCents: number };

type ZoneForm = z.infer<z.ZodObject<typeof zone>>;
type PickUpForm = z.infer<z.ZodObject<typeof pickUp>>;
const zoneDetails = (form: ZoneForm): DeliveryOptionDetails => ({
  kind: "zone",
  name: form.name,
  areas: joinAreas(form.counties, form.areas),
  deliveryTime: form.deliveryTime,
  feeCents: form.fee,
  freeFromCents: form.freeFrom,
  payOnDelivery: form.payOnDelivery,
  payOnDeliveryUpToCents: form.payOnDeliveryUpTo,
});
const pickUpDetails = (form: PickUpForm): DeliveryOptionDetails => ({
  kind: "pick-up",
  name: form.name,
  directions: form.directions,
  openingHours: form.openingHours,
  feeCents: form.fee,
});

export const deliveryActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-zone"), ...zone }).transform((form) => ({ intent: form.intent, details: zoneDetails(form) })),
  z
    .object({ intent: z.literal("update-zone"), id, version: editVersionSchema, ...zone })
    .transform((form) => ({ intent: form.intent, id: form.id, version: form.version, details: zoneDetails(form) })),
  z.object({ intent: z.literal("create-pick-up"), ...pickUp }).transform((form) => ({ intent: form.intent, details: pickUpDetails(form) })),
  z
    .object({ intent: z.literal("update-pick-up"), id, version: editVersionSchema, ...pickUp })
    .transform((form) => ({ intent: form.intent, id: form.id, version: form.version, details: pickUpDetails(form) })),
  z.object({ intent: z.literal("switch"), id, version: editVersionSchema, active: z.enum(["on", "off"]) }),
  z.object({ intent: z.literal("move"), id, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("delete"), id }),
]);
