
/** Shown when a product is saved without a name, a price above 0 or an image (SPEC §5). */
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

/** Sizes, colours and details are typed comma-separated; entries are trimmed and blanks dropped (SPEC §5). */
export function parseCommaList(text: string): string[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

// Plain decimals, optionally with thousands commas ("1,200.50"); "1,5" is not read as a number.
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const GROUPED_NUMBER = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/** A number typed into the product form: anything invalid, and anything negative, becomes 0 (SPEC §5). */
export function parseNumberOrZero(text: string): number {
  const trimmed = text.trim();
  if (!PLAIN_NUMBER.test(trimmed) && !GROUPED_NUMBER.test(trimmed)) return 0;
  const value = Number(trimmed.replace(/,/g, ""));
  return Number.isFinite(value) && value > 0 ? value : 0;
}
