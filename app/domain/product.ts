import { formatKsh, isWholeCents } from "./money";
import { optionsKey, type Variant, variantLabel } from "./variants";

/** Shown when a product is saved without a name, a price above 0 or an image (product.md §5). */
export const REQUIRED_FIELDS_MESSAGE = "Please fill out all required fields: Name, Price, and at least one Image.";

export const PRODUCT_NAME_MAX_CHARS = 120;
/** Prices are stored in integer cents, so they are bounded well inside a 32-bit integer. */
export const MAX_PRICE_KSH = 10_000_000;
export const MAX_STOCK = 1_000_000;
export const MAX_PRODUCT_IMAGES = 20;
export const MAX_LIST_ENTRIES = 50;
export const MAX_LIST_ENTRY_CHARS = 200;
export const MAX_DESCRIPTION_CHARS = 5_000;
export const MAX_SHORT_TEXT_CHARS = 100;
export const MAX_SKU_CHARS = 100;

/** Sizes, colours and details are typed comma-separated; entries are trimmed and blanks dropped (product.md §5). */
export function parseCommaList(text: string): string[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

// Plain decimals, optionally with thousands commas ("1,200.50"); "1,5" is not read as a number.
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const GROUPED_NUMBER = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/** A number typed into the product form: anything invalid, and anything negative, becomes 0 (product.md §5). */
export function parseNumberOrZero(text: string): number {
  const trimmed = text.trim();
  if (!PLAIN_NUMBER.test(trimmed) && !GROUPED_NUMBER.test(trimmed)) return 0;
  const value = Number(trimmed.replace(/,/g, ""));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Shown when a product could not be saved, e.g. it was deleted meanwhile (product.md §8). */
export const SAVE_FAILED_MESSAGE = "Failed to save product. Please try again.";

/** The products list with nothing to show (product.md §2). */
export const NO_PRODUCTS_MESSAGE = "No products found.";

/** What the product form's save answers: saved, or the messages to show (`form` for the whole form). */
export type ProductFormAnswer = { saved: boolean; errors: Record<string, string>; skippedUrls: boolean };

/** The images with new ones added at the end; an image already there is kept once, where it was. */
export function addImages(images: readonly string[], urls: readonly string[]): string[] {
  return [...new Set([...images, ...urls])];
}

/** The images with the one at `from` moved to `to` (the form's move up and move down); out of range changes nothing. */
export function moveImage(images: readonly string[], from: number, to: number): string[] {
  const inRange = (index: number) => Number.isInteger(index) && index >= 0 && index < images.length;
  if (!inRange(from) || !inRange(to)) return [...images];
  const moved = images.filter((_, index) => index !== from);
  moved.splice(to, 0, images[from]!);
  return moved;
}

/** What a product says about itself: the product form's fields but its category, and the catalogue files' too. */
export type ProductContent = {
  name: string;
  priceCents: number;
  stock: number;
  description: string;
  details: string[];
  sizes: string[];
  colors: string[];
  material: string;
  culturalInspiration: string;
  isBestseller: boolean;
  isNewArrival: boolean;
  isVisible: boolean;
  images: string[];
};

/** The fields staff edit on the product form (product.md §3). */
export type ProductFields = ProductContent & { categoryId: string | null };

/**
 * A product before anyone fills it in: visible, price 0, stock 0, everything else empty (product.md §3). The product
 * form starts from it, and so does a product read from a catalogue file that leaves columns out.
 */
export function blankProduct(): ProductContent {
  return {
    name: "",
    priceCents: 0,
    stock: 0,
    description: "",
    details: [],
    sizes: [],
    colors: [],
    material: "",
    culturalInspiration: "",
    isBestseller: false,
    isNewArrival: false,
    isVisible: true,
    images: [],
  };
}

/** A new product on the product form, in the shop's first category (product.md §3). */
export function newProductFields(firstCategoryId: string | null): ProductFields {
  return { ...blankProduct(), categoryId: firstCategoryId };
}

export type PriceProblem = "not-above-zero" | "too-high" | "too-many-decimals";

/**
 * What keeps an amount of shillings from being a product's price (product.md §5), in the order the product form and
 * the catalogue import report them: it must be above 0, at most MAX_PRICE_KSH, and in whole cents.
 * `decimals` is how many decimal places were typed, when known.
 */
export function priceProblems(shillings: number, decimals?: number): PriceProblem[] {
  const problems: PriceProblem[] = [];
  if (!(shillings > 0)) problems.push("not-above-zero");
  if (shillings > MAX_PRICE_KSH) problems.push("too-high");
  if (decimals === undefined ? !isWholeCents(shillings) : decimals > 2) problems.push("too-many-decimals");
  return problems;
}

type LoggedFields = Record<string, string | number | null>;

/** One variant's values as the activity log shows them: "Stock (M, Indigo)": 3, "Price (M, Indigo)": "KSH 4,800"... */
function variantLogFields(variant: Variant): LoggedFields {
  const label = variantLabel(variant);
  const money = (cents: number | null) => (cents === null ? null : formatKsh(cents));
  return {
    [`Stock (${label})`]: variant.stock,
    [`Price (${label})`]: money(variant.priceCents),
    [`Compare-at price (${label})`]: money(variant.compareAtCents),
    [`SKU (${label})`]: variant.sku,
  };
}

/**
 * A product's variants before and after a save, as the activity log records them (decision 032): one field per value
 * named as the form names it, so the log lists only what changed, readably; a removed row's values become empty.
 */
export function variantLogChanges(before: readonly Variant[], after: readonly Variant[]): { before: LoggedFields; after: LoggedFields } {
  const kept = new Set(after.map(optionsKey));
  const removed = before.filter((variant) => !kept.has(optionsKey(variant)));
  const emptied = Object.fromEntries(removed.flatMap((variant) => Object.keys(variantLogFields(variant)).map((field) => [field, null])));
  return {
    before: Object.assign({}, ...before.map(variantLogFields)),
    after: Object.assign(emptied, ...after.map(variantLogFields)),
  };
}
