import { z } from "zod";
import { editVersionSchema } from "./edit-version";
import { parseImageUrlList } from "./image-list";
import { formatKsh, shillingsToCents } from "./money";
import {
  MAX_DESCRIPTION_CHARS,
  MAX_LIST_ENTRIES,
  MAX_LIST_ENTRY_CHARS,
  MAX_PRICE_KSH,
  MAX_PRODUCT_IMAGES,
  MAX_SHORT_TEXT_CHARS,
  MAX_STOCK,
  type PriceProblem,
  PRODUCT_NAME_MAX_CHARS,
  priceProblems,
  REQUIRED_FIELDS_MESSAGE,
  parseCommaList,
  parseNumberOrZero,
} from "./product";

const numberOrZero = (value: unknown) => parseNumberOrZero(typeof value === "number" || typeof value === "string" ? String(value) : "");

const PRICE_MESSAGES: Record<PriceProblem, string> = {
  "not-above-zero": REQUIRED_FIELDS_MESSAGE,
  "too-high": `Please enter a price of at most ${formatKsh(shillingsToCents(MAX_PRICE_KSH))}.`,
  "too-many-decimals": "Please enter the price with at most 2 decimal places.",
};

const text = (maxChars: number, message: string) =>
  z.preprocess((value) => (typeof value === "string" ? value : ""), z.string().trim().max(maxChars, message));

// A list arrives as comma-separated text from the form, or already split (e.g. from JSON).
const list = z.preprocess(
  (value) =>
    Array.isArray(value)
      ? value
          .filter((entry) => typeof entry === "string")
          .map((entry) => entry.trim())
          .filter((entry) => entry !== "")
      : parseCommaList(typeof value === "string" ? value : ""),
  z
    .array(z.string().max(MAX_LIST_ENTRY_CHARS, `Please keep each entry to ${MAX_LIST_ENTRY_CHARS} characters or fewer.`))
    .max(MAX_LIST_ENTRIES, `Please keep each list to ${MAX_LIST_ENTRIES} entries or fewer.`),
);

// A checkbox is absent when unticked, so the form posts isVisible explicitly: a hidden "false" after the box, read
// only when the box posts nothing (formFields keeps the first value).
const checkbox = (whenAbsent: boolean) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? whenAbsent : value === true || value === "true" || value === "on"),
    z.boolean(),
  );

/**
 * The admin product form (product.md §3, §5). Name, a price above 0 and at least one image are required, each
 * failing with REQUIRED_FIELDS_MESSAGE. The price is typed in shillings (at most 2 decimals) and comes out as
 * `priceCents`; invalid numbers count as 0; sizes, colours and details are comma-separated; images are one
 * URL per line, invalid lines skipped. Products are visible unless the form says otherwise.
 */
export const productInputSchema = z
  .object({
    name: z
      .string({ error: REQUIRED_FIELDS_MESSAGE })
      .trim()
      .min(1, REQUIRED_FIELDS_MESSAGE)
      .max(PRODUCT_NAME_MAX_CHARS, `Please keep the name to ${PRODUCT_NAME_MAX_CHARS} characters or fewer.`),
    price: z.preprocess(
      numberOrZero,
      z.number().superRefine((price, context) => {
        for (const problem of priceProblems(price)) context.addIssue({ code: "custom", message: PRICE_MESSAGES[problem] });
      }),
    ),
    stock: z.preprocess(
      (value) => Math.floor(numberOrZero(value)),
      z
        .number()
        .int()
        .max(MAX_STOCK, `Please enter a stock of at most ${MAX_STOCK.toLocaleString("en-KE")}.`),
    ),
    categoryId: z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null),
      z.string().max(MAX_SHORT_TEXT_CHARS, "Please choose a category from the list.").nullable(),
    ),
    description: text(
      MAX_DESCRIPTION_CHARS,
      `Please keep the description to ${MAX_DESCRIPTION_CHARS.toLocaleString("en-KE")} characters or fewer.`,
    ),
    details: list,
    sizes: list,
    colors: list,
    material: text(MAX_SHORT_TEXT_CHARS, `Please keep the material to ${MAX_SHORT_TEXT_CHARS} characters or fewer.`),
    culturalInspiration: text(MAX_SHORT_TEXT_CHARS, `Please keep the cultural inspiration to ${MAX_SHORT_TEXT_CHARS} characters or fewer.`),
    isBestseller: checkbox(false),
    isNewArrival: checkbox(false),
    isVisible: checkbox(true),
    images: z.preprocess(
      (value) => {
        const lines = Array.isArray(value) ? value.filter((entry) => typeof entry === "string").join("\n") : value;
        return parseImageUrlList(typeof lines === "string" ? lines : "").urls;
      },
      z.array(z.string()).min(1, REQUIRED_FIELDS_MESSAGE).max(MAX_PRODUCT_IMAGES, `Please use at most ${MAX_PRODUCT_IMAGES} images.`),
    ),
  })
  .transform(({ price, ...product }) => ({ ...product, priceCents: shillingsToCents(price) }));

export type ProductInput = z.output<typeof productInputSchema>;

/**
 * The product form as posted: its ordered image list (`images`, one URL per line) and its paste box
 * (`imageUrls`) are read as one list, the list first, so URLs pasted but not yet added are saved too.
 * `skippedUrls` says whether any line was not a usable URL (INVALID_URLS_MESSAGE).
 */
export function readProductForm(fields: Record<string, string>) {
  const images = [fields.images ?? "", fields.imageUrls ?? ""].join("\n");
  return {
    parsed: productInputSchema.safeParse({ ...fields, images }),
    skippedUrls: parseImageUrlList(images).skipped > 0,
  };
}

/** What an edit form sends back to guard its save: the version and the stock it was loaded with (decision 031). */
export const productEditSchema = z.object({
  version: editVersionSchema,
  stockWas: z.coerce.number({ error: "This form is out of date; please reload the page." }).int().min(0).max(MAX_STOCK),
});

const productId = z.string().trim().min(1).max(MAX_SHORT_TEXT_CHARS);

/** The products list's forms, told apart by `intent`: the visibility switch and the delete confirmation. */
export const productListActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("visibility"), id: productId, isVisible: z.enum(["true", "false"]).transform((v) => v === "true") }),
  z.object({ intent: z.literal("delete"), id: productId }),
]);

/** The products list's name search (`?q=`); anything unusable searches for nothing, listing every product. */
export const productSearchSchema = z.string().trim().max(PRODUCT_NAME_MAX_CHARS).catch("");
