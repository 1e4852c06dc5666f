import { z } from "zod";
import { editVersionSchema } from "./edit-version";
import { fieldErrors } from "./form-errors";
import { parseImageUrlList } from "./image-list";
import { formatKsh, shillingsToCents } from "./money";
import { optionsKey, type Variant, variantCombinations } from "./variants";
import {
  MAX_DESCRIPTION_CHARS,
  MAX_LIST_ENTRIES,
  MAX_LIST_ENTRY_CHARS,
  MAX_PRICE_KSH,
  MAX_PRODUCT_IMAGES,
  MAX_SHORT_TEXT_CHARS,
  MAX_SKU_CHARS,
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

const stockMessage = `Please enter a stock of at most ${MAX_STOCK.toLocaleString("en-KE")}.`;

/** A price the form may leave blank (a compare-at price, a variant's own price): blank is null, else a price's rules. */
const optionalPrice = (notAboveZero: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : numberOrZero(value)),
    z
      .number()
      .superRefine((price, context) => {
        for (const problem of priceProblems(price)) {
          context.addIssue({ code: "custom", message: problem === "not-above-zero" ? notAboveZero : PRICE_MESSAGES[problem] });
        }
      })
      .transform(shillingsToCents)
      .nullable(),
  );

const VARIANT_PRICE_ABOVE_ZERO = "Please enter a price above 0, or leave it blank to use the product's price.";
const COMPARE_AT_ABOVE_ZERO = "Please enter a compare-at price above 0, or leave it blank.";

/** One row of the Variants grid as posted: its combination, what it shows, and the stock it was loaded with. */
const variantRowSchema = z.object({
  size: text(MAX_LIST_ENTRY_CHARS, "Please choose a size from the list."),
  color: text(MAX_LIST_ENTRY_CHARS, "Please choose a colour from the list."),
  stock: z.preprocess((value) => Math.floor(numberOrZero(value)), z.number().int().max(MAX_STOCK, stockMessage)),
  // Blank for a row the form added: it had no stock of its own (decision 031).
  stockWas: z.preprocess(
    (value) => (value === undefined || value === "" ? null : value),
    z.coerce.number({ error: "This form is out of date; please reload the page." }).int().min(0).max(MAX_STOCK).nullable(),
  ),
  price: optionalPrice(VARIANT_PRICE_ABOVE_ZERO),
  compareAt: optionalPrice(COMPARE_AT_ABOVE_ZERO),
  sku: text(MAX_SKU_CHARS, `Please keep the SKU to ${MAX_SKU_CHARS} characters or fewer.`),
});

/** A variant as the product form saves it: what staff keep (decision 049), and the stock the form was loaded with. */
export type VariantInput = Variant & { stockWas: number | null };

/** Shown beside the Variants section when the posted rows are not the product's sizes × colours. */
export const VARIANTS_MISMATCH_MESSAGE = "The variants do not match the sizes and colours above. Please reload the page and try again.";

const variantRows = z.preprocess(
  (value) => (Array.isArray(value) ? value : []),
  z.array(
    variantRowSchema.transform(({ price, compareAt, ...variant }): VariantInput => ({
      ...variant,
      priceCents: price,
      compareAtCents: compareAt,
    })),
  ),
);

/**
 * The rows when stock is kept per size and colour: exactly one per combination of the posted sizes and colours, in
 * their order, so a tampered form cannot add a combination the product does not offer. Each size and colour must
 * then be listed once.
 */
function matchingVariants(
  rows: readonly VariantInput[],
  sizes: readonly string[],
  colors: readonly string[],
  context: z.RefinementCtx,
): VariantInput[] {
  const refuse = (field: string, message: string) => {
    context.addIssue({ code: "custom", message, path: [field] });
    return [];
  };
  if (new Set(sizes).size < sizes.length) return refuse("sizes", "Please list each size once when stock is kept per size and colour.");
  if (new Set(colors).size < colors.length) return refuse("colors", "Please list each colour once when stock is kept per size and colour.");
  const posted = new Map(rows.map((row) => [optionsKey(row), row]));
  const combinations = variantCombinations(sizes, colors);
  if (
    posted.size !== rows.length ||
    combinations.length !== rows.length ||
    combinations.some((options) => !posted.has(optionsKey(options)))
  ) {
    return refuse("variants", VARIANTS_MISMATCH_MESSAGE);
  }
  return combinations.map((options) => posted.get(optionsKey(options))!);
}

/**
 * The admin product form (product.md §3, §5; decision 049). Name, a price above 0 and at least one image are
 * required, each failing with REQUIRED_FIELDS_MESSAGE. The price is typed in shillings (at most 2 decimals) and
 * comes out as `priceCents`; invalid numbers count as 0; sizes, colours and details are comma-separated; images are
 * one URL per line, invalid lines skipped. Products are visible unless the form says otherwise. The compare-at price
 * is optional (blank: none); one at or below the price is kept but is not a sale (isOnSale). With `tracksVariants`
 * the variant rows (`variants`, see readProductForm) come out as `variants`, one per size and colour; otherwise none.
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
    compareAt: optionalPrice(COMPARE_AT_ABOVE_ZERO),
    stock: z.preprocess((value) => Math.floor(numberOrZero(value)), z.number().int().max(MAX_STOCK, stockMessage)),
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
    tracksVariants: checkbox(false),
    variants: variantRows,
  })
  .transform(({ price, compareAt, tracksVariants, variants, ...product }, context) => ({
    ...product,
    priceCents: shillingsToCents(price),
    compareAtCents: compareAt,
    variants: tracksVariants ? matchingVariants(variants, product.sizes, product.colors, context) : [],
  }));

type ProductFormOutput = z.output<typeof productInputSchema>;

/**
 * What a product save writes: the form's fields; a product without a compare-at price or variants may leave them out
 * (the catalogue's other writers and older callers do).
 */
export type ProductInput = Omit<ProductFormOutput, "compareAtCents" | "variants"> &
  Partial<Pick<ProductFormOutput, "compareAtCents" | "variants">>;

const VARIANT_FIELD = /^variants\.(\d{1,4})\.(size|color|stock|stockWas|price|compareAt|sku)$/;

/** The Variants grid's rows from its fields (`variants.N.stock`...), row N at index N (a gap is an empty row). */
function postedVariantRows(fields: Record<string, string>): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const match = VARIANT_FIELD.exec(name);
    if (!match) continue;
    const index = Number(match[1]);
    rows[index] = { ...rows[index], [match[2]!]: value };
  }
  return Array.from(rows, (row) => row ?? {});
}

/** The product form's messages beside their fields (fieldErrors), a variant row's keyed by its field: `variants.N.stock`. */
export function productFormErrors(error: z.ZodError): Record<string, string> {
  const issues = error.issues.map((issue) =>
    issue.path[0] === "variants" && issue.path.length > 1 ? { ...issue, path: [issue.path.join(".")] } : issue,
  );
  return fieldErrors(new z.ZodError(issues));
}

/**
 * The product form as posted: its ordered image list (`images`, one URL per line) and its paste box
 * (`imageUrls`) are read as one list, the list first, so URLs pasted but not yet added are saved too.
 * `skippedUrls` says whether any line was not a usable URL (INVALID_URLS_MESSAGE). The Variants grid's fields
 * (`variants.N.size`, `.color`, `.stock`, `.stockWas`, `.price`, `.compareAt`, `.sku`) are read as its rows.
 */
export function readProductForm(fields: Record<string, string>) {
  const images = [fields.images ?? "", fields.imageUrls ?? ""].join("\n");
  return {
    parsed: productInputSchema.safeParse({ ...fields, images, variants: postedVariantRows(fields) }),
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
