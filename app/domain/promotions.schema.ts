import { z } from "zod";
import { editVersionSchema } from "./edit-version";
import { formatKsh, shillingsToCents } from "./money";
import { CODE_PATTERN, normaliseCode, PROMOTION_KINDS, type PromotionKind, type PromotionScope } from "./promotions";
import { instantFromShopDateTime } from "./report-period";

// The Promotions page's forms (issue 24): a code or an automatic offer, told apart by `trigger`. Amounts are typed in
// whole shillings, dates and times in the shop's time zone.

const MAX_PROMOTION_KSH = 1_000_000;
const MAX_PROMOTION_USES = 1_000_000;
export const OFFER_NAME_MAX_CHARS = 80;

export const CODE_MESSAGE = "Please enter a code of 3 to 30 letters and digits.";
export const CODE_TAKEN_MESSAGE = "Another promotion already has this code.";
export const OFFER_NAME_MESSAGE = "Please enter the name shoppers will see.";
export const PERCENT_MESSAGE = "Please enter a whole percentage from 1 to 100.";
export const AMOUNT_MESSAGE = `Please enter an amount in whole shillings, from 1 to ${formatKsh(shillingsToCents(MAX_PROMOTION_KSH))}.`;
export const MIN_SUBTOTAL_MESSAGE = `Please enter a subtotal in whole shillings, up to ${formatKsh(shillingsToCents(MAX_PROMOTION_KSH))}, or leave it blank.`;
export const USES_MESSAGE = "Please enter a whole number of uses from 1, or leave it blank for no limit.";
export const DATE_MESSAGE = "Please enter a date and time, or leave it blank.";
export const ENDS_AFTER_STARTS_MESSAGE = "Please end the promotion after it starts.";
export const CHOOSE_CATEGORIES_MESSAGE = "Please tick at least one category.";
export const CHOOSE_PRODUCTS_MESSAGE = "Please tick at least one product.";
export const PROMOTION_GONE_MESSAGE = "That promotion no longer exists.";

/** What staff write about a promotion. */
export type PromotionDetails = {
  code: string | null;
  name: string;
  kind: PromotionKind;
  value: number;
  scope: PromotionScope;
  minSubtotalCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  totalUses: number | null;
  usesPerPhone: number | null;
  combinesWithAutomatic: boolean;
};

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");
// "1,500" and "1500" are both typed by staff.
const typedNumber = (value: unknown) => (typeof value === "string" ? Number(value.replaceAll(",", "").trim()) : value);
const text = z
  .string()
  .trim()
  .optional()
  .transform((value) => value ?? "");
const optionalWhole = (message: string, min: number, max: number) =>
  z.preprocess((value) => (blank(value) ? null : typedNumber(value)), z.number(message).int(message).min(min, message).max(max, message).nullable());
const ticked = z
  .enum(["on"])
  .optional()
  .transform((value) => value === "on");
const id = z.string().trim().min(1).max(40);
const ids = z.array(id).max(2_000).default([]);

/** The create and update forms' fields; `timeZone` reads the dates as the shop's. */
function detailsSchema(timeZone: string) {
  const moment = z.preprocess(
    (value) => (blank(value) ? null : value),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, DATE_MESSAGE)
      .transform((value) => instantFromShopDateTime(value, timeZone))
      .nullable(),
  );
  return z
    .object({
      trigger: z.enum(["code", "automatic"]),
      code: text,
      name: text.pipe(z.string().max(OFFER_NAME_MAX_CHARS, `Please keep the name to ${OFFER_NAME_MAX_CHARS} characters.`)),
      kind: z.enum(PROMOTION_KINDS, "Please choose what the promotion gives."),
      value: z.unknown(),
      appliesTo: z.enum(["everything", "categories", "products"]).default("everything"),
      // The ticked boxes, gathered by tickedBoxes (posted-text.ts).
      categoryIds: ids,
      productIds: ids,
      minSubtotal: optionalWhole(MIN_SUBTOTAL_MESSAGE, 0, MAX_PROMOTION_KSH),
      startsAt: moment,
      endsAt: moment,
      totalUses: optionalWhole(USES_MESSAGE, 1, MAX_PROMOTION_USES),
      usesPerPhone: optionalWhole(USES_MESSAGE, 1, MAX_PROMOTION_USES),
      combinesWithAutomatic: ticked,
    })
    .transform((form, context): PromotionDetails => {
      const code = normaliseCode(form.code);
      if (form.trigger === "code" && !CODE_PATTERN.test(code)) context.addIssue({ code: "custom", path: ["code"], message: CODE_MESSAGE });
      if (form.trigger === "automatic" && form.name === "") context.addIssue({ code: "custom", path: ["name"], message: OFFER_NAME_MESSAGE });
      const typed = blank(form.value) ? NaN : typedNumber(form.value);
      let value = 0;
      if (form.kind === "percent") {
        if (typeof typed !== "number" || !Number.isInteger(typed) || typed < 1 || typed > 100) context.addIssue({ code: "custom", path: ["value"], message: PERCENT_MESSAGE });
        else value = typed;
      } else if (form.kind === "amount") {
        if (typeof typed !== "number" || !Number.isInteger(typed) || typed < 1 || typed > MAX_PROMOTION_KSH) context.addIssue({ code: "custom", path: ["value"], message: AMOUNT_MESSAGE });
        else value = shillingsToCents(typed);
      }
      if (form.appliesTo === "categories" && form.categoryIds.length === 0) context.addIssue({ code: "custom", path: ["appliesTo"], message: CHOOSE_CATEGORIES_MESSAGE });
      if (form.appliesTo === "products" && form.productIds.length === 0) context.addIssue({ code: "custom", path: ["appliesTo"], message: CHOOSE_PRODUCTS_MESSAGE });
      if (form.startsAt && form.endsAt && form.endsAt <= form.startsAt) context.addIssue({ code: "custom", path: ["endsAt"], message: ENDS_AFTER_STARTS_MESSAGE });
      const scope: PromotionScope =
        form.appliesTo === "categories"
          ? { kind: "categories", categoryIds: form.categoryIds }
          : form.appliesTo === "products"
            ? { kind: "products", productIds: form.productIds }
            : { kind: "everything" };
      return {
        code: form.trigger === "code" ? code : null,
        name: form.name,
        kind: form.kind,
        value,
        scope,
        minSubtotalCents: shillingsToCents(form.minSubtotal ?? 0),
        startsAt: form.startsAt,
        endsAt: form.endsAt,
        totalUses: form.totalUses,
        usesPerPhone: form.usesPerPhone,
        // Only a code combines with the automatic offer; an offer is always one of them.
        combinesWithAutomatic: form.trigger === "code" && form.combinesWithAutomatic,
      };
    });
}

/** Every form of the Promotions page, told apart by `intent`. */
export function promotionActionSchema(timeZone: string) {
  const details = detailsSchema(timeZone);
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("create"), details }),
    z.object({ intent: z.literal("update"), id, version: editVersionSchema, details }),
    z.object({ intent: z.literal("switch"), id, version: editVersionSchema, active: z.enum(["on", "off"]) }),
    z.object({ intent: z.literal("delete"), id }),
  ]);
}
