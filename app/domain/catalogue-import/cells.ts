import { formatKsh, shillingsToCents } from "../money";
import { isStorableImageUrl } from "../image-list";
import { isUploadUrl, webAddress } from "../images";
import { formatCount } from "../number-format";
import {
  blankProduct,
  MAX_LIST_ENTRIES,
  MAX_LIST_ENTRY_CHARS,
  MAX_PRICE_KSH,
  MAX_PRODUCT_IMAGES,
  MAX_STOCK,
  type PriceProblem,
  PRODUCT_NAME_MAX_CHARS,
  priceProblems,
} from "../product";
import type { Cell, Column, FileContext, NumberStyle } from "./file";
import type { CatalogueColumns, CatalogueField, ImportedProduct } from "./reading";

// Problems, and the cell readers every format shares: each reads one cell (or several, for variants) with the
// product form's limits, and says what is wrong with it in words a seller can act on.

/**
 * Something wrong with a row, in words a seller can act on: 'Row 14, Price (KSH): "12,O0" is not a number.'
 * A blocking problem keeps the row's product out of the import; the others (images) are notes.
 */
export type ImportProblem = { row: number; column: string; message: string; blocking: boolean };

const MAX_QUOTED_CHARS = 60;

/** A value as a message quotes it; a long one is cut short. */
export function quoted(text: string): string {
  return `"${text.length > MAX_QUOTED_CHARS ? `${text.slice(0, MAX_QUOTED_CHARS - 1)}…` : text}"`;
}

export function problemAt(at: Cell, detail: string, blocking: boolean): ImportProblem {
  return { row: at.row, column: at.column, message: `Row ${at.row}, ${at.column}: ${detail}`, blocking };
}

/** Why an image address in a file did not become one of the shop's uploads (the server fetches them). */
export type ImageFetchFailure =
  | { kind: "private-address" }
  | { kind: "timed-out"; seconds: number }
  | { kind: "answered"; status: number }
  | { kind: "too-many-redirects"; most: number }
  | { kind: "not-web-address" }
  | { kind: "host-not-found" }
  | { kind: "connection-failed" }
  | { kind: "too-large"; megabytes: number }
  | { kind: "not-an-image" };

const IMAGE_FAILURE_WORDS: { [K in ImageFetchFailure["kind"]]: (failure: Extract<ImageFetchFailure, { kind: K }>) => string } = {
  "private-address": () => "was not fetched: its address is on a private network, which the shop never fetches from.",
  "timed-out": ({ seconds }) => `could not be fetched (timed out after ${formatCount(seconds)} s).`,
  answered: ({ status }) => `could not be fetched (its server answered ${status}).`,
  "too-many-redirects": ({ most }) => `could not be fetched (it was redirected more than ${most} times).`,
  "not-web-address": () => "could not be fetched (it redirects to an address that is not http or https).",
  "host-not-found": () => "could not be fetched (its server's name was not found).",
  "connection-failed": () => "could not be fetched (its server could not be reached).",
  "too-large": ({ megabytes }) => `is larger than ${megabytes} MB, the most an image may be.`,
  "not-an-image": () => "is not an image the shop can read.",
};

/**
 * A note, never blocking, for an image the import could not bring in: the product comes in with the images
 * that worked, or with the placeholder when none did.
 */
export function imageFetchNote(product: Pick<ImportedProduct, "row">, column: string, url: string, failure: ImageFetchFailure): ImportProblem {
  const words = IMAGE_FAILURE_WORDS[failure.kind] as (failure: ImageFetchFailure) => string;
  return problemAt({ row: product.row, column, text: url }, `${quoted(url)} ${words(failure)}`, false);
}

/** The problems of one product's rows; a blocking one keeps the product out. */
function productProblems(problems: ImportProblem[]) {
  let blocked = false;
  return {
    block(at: Cell, detail: string) {
      problems.push(problemAt(at, detail, true));
      blocked = true;
    },
    note(at: Cell, detail: string) {
      problems.push(problemAt(at, detail, false));
    },
    /** A note that keeps the product out without stopping the file (a product the shop cannot sell, e.g. free). */
    leaveOut(at: Cell, detail: string) {
      problems.push(problemAt(at, detail, false));
      blocked = true;
    },
    get blocked() {
      return blocked;
    },
  };
}
export type Problems = ReturnType<typeof productProblems>;

/**
 * The cell readers for one product's rows, bound to its file (how it writes numbers, the shop's address) and to
 * the product's problems, so a format reads a cell by naming it and its limit.
 */
export function productReader(file: FileContext) {
  const problems = productProblems(file.problems);
  return {
    problems,
    text: (cell: Cell, maxChars: number) => readText(cell, maxChars, problems),
    optionalText: (cell: Cell, maxChars: number) => readOptionalText(cell, maxChars, problems),
    name: (cell: Cell) => readName(cell, problems),
    list: (cell: Cell, entries: string[]) => readList(cell, entries, problems),
    price: (cell: Cell) => readPrice(cell, file.style, problems),
    priceOrZero: (cell: Cell) => readPriceOrZero(cell, file.style, problems),
    compareAt: (cell: Cell) => readCompareAt(cell, file.style, problems),
    soldStock: (cell: Cell, why: string) => readSoldStock(cell, file.style, problems, why),
    wholeNumber: (cell: Cell, max: number) => readWholeNumber(cell, file.style, max, problems),
    stockSum: (cells: readonly Cell[], sumAt: Cell) => readStockSum(cells, file.style, problems, sumAt),
    images: (cells: readonly Cell[]) => readImages(cells, file.shopOrigin, problems),
  };
}

export function readText(cell: Cell, maxChars: number, problems: Problems): string {
  if (cell.text.length > maxChars) {
    problems.block(cell, `${quoted(cell.text)} is ${formatCount(cell.text.length)} characters long; the most is ${formatCount(maxChars)}.`);
  }
  return cell.text;
}

function readOptionalText(cell: Cell, maxChars: number, problems: Problems): string | null {
  return readText(cell, maxChars, problems) || null;
}

function readName(cell: Cell, problems: Problems): string {
  if (cell.text === "") problems.block(cell, "is empty; every product needs a name.");
  return readText(cell, PRODUCT_NAME_MAX_CHARS, problems);
}

function readList(cell: Cell, entries: string[], problems: Problems): string[] {
  if (entries.length > MAX_LIST_ENTRIES) problems.block(cell, `has ${formatCount(entries.length)} entries; the most is ${MAX_LIST_ENTRIES}.`);
  const long = entries.find((entry) => entry.length > MAX_LIST_ENTRY_CHARS);
  if (long) {
    problems.block(cell, `${quoted(long)} is ${formatCount(long.length)} characters long; the most for one entry is ${MAX_LIST_ENTRY_CHARS}.`);
  }
  return entries;
}

// "1200", "1,200.50" — or, in a semicolon file, "1200,50" (and "1200.50", which cannot be misread there).
const POINT_NUMBER = /^-?(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;
const COMMA_NUMBER = /^-?\d+(?:[.,](\d+))?$/;

export function readNumber(text: string, style: NumberStyle): { value: number; decimals: number } | null {
  const match = (style === "comma" ? COMMA_NUMBER : POINT_NUMBER).exec(text);
  if (!match) return null;
  const value = Number(style === "comma" ? text.replace(",", ".") : text.replace(/,/g, ""));
  return { value, decimals: match[1]?.length ?? 0 };
}

/** What a price's problem is called in a message, after the cell's value. */
const PRICE_PROBLEM_WORDS: Record<PriceProblem, string> = {
  "not-above-zero": "is not above 0; every product needs a price.",
  "too-high": `is above the highest price the shop takes, ${formatKsh(shillingsToCents(MAX_PRICE_KSH))}.`,
  "too-many-decimals": "has more than 2 decimal places.",
};

/** A price in shillings, as cents; 0 when the cell is wrong (the product is then blocked). */
function readPrice(cell: Cell, style: NumberStyle, problems: Problems): number {
  if (cell.text === "") {
    problems.block(cell, "is empty; every product needs a price.");
    return 0;
  }
  const number = readNumber(cell.text, style);
  if (!number) {
    problems.block(cell, `${quoted(cell.text)} is not a number.`);
    return 0;
  }
  const problem = priceProblems(number.value, number.decimals)[0];
  if (!problem) return shillingsToCents(number.value);
  problems.block(cell, `${quoted(cell.text)} ${PRICE_PROBLEM_WORDS[problem]}`);
  return 0;
}

/**
 * A variant's price where the old shop allows 0 (Shopify, WooCommerce): 0 when it is 0, so the format can leave the
 * variant out with a note instead of stopping the file; null for any other problem, which blocks as readPrice's do.
 */
function readPriceOrZero(cell: Cell, style: NumberStyle, problems: Problems): number | null {
  if (readNumber(cell.text, style)?.value === 0) return 0;
  const cents = readPrice(cell, style, problems);
  return cents === 0 ? null : cents;
}

/** A compare-at ("was") price; empty or 0 is none (Shopify writes "0.00" for none). */
function readCompareAt(cell: Cell, style: NumberStyle, problems: Problems): number | null {
  if (cell.text === "" || readNumber(cell.text, style)?.value === 0) return null;
  const cents = readPrice(cell, style, problems);
  return cents === 0 ? null : cents;
}

/**
 * Stock as a shop that sells past it writes it (Shopify's "continue" policy, WooCommerce's backorders): below 0
 * counts as 0, with a note saying `why`; anything else is read as readWholeNumber reads it.
 */
function readSoldStock(cell: Cell, style: NumberStyle, problems: Problems, why: string): number {
  const number = readNumber(cell.text, style);
  if (number && Number.isInteger(number.value) && number.value < 0) {
    problems.note(cell, `${quoted(cell.text)} is below 0 (${why}); it counts as 0.`);
    return 0;
  }
  return readWholeNumber(cell, style, MAX_STOCK, problems);
}

/** A whole number from 0 to `max`; an empty cell is 0. */
function readWholeNumber(cell: Cell, style: NumberStyle, max: number, problems: Problems): number {
  if (cell.text === "") return 0;
  const number = readNumber(cell.text, style);
  if (!number) problems.block(cell, `${quoted(cell.text)} is not a number.`);
  else if (!Number.isInteger(number.value)) problems.block(cell, `${quoted(cell.text)} is not a whole number.`);
  else if (number.value < 0) problems.block(cell, `${quoted(cell.text)} is below 0.`);
  else if (number.value > max) problems.block(cell, `${quoted(cell.text)} is above the most the shop takes, ${formatCount(max)}.`);
  else return number.value;
  return 0;
}

/** The sum of several stock cells (variants), which must itself fit. */
function readStockSum(cells: readonly Cell[], style: NumberStyle, problems: Problems, sumAt: Cell): number {
  const stock = cells.reduce((sum, cell) => sum + readWholeNumber(cell, style, MAX_STOCK, problems), 0);
  checkStockTotal(stock, sumAt, problems);
  return stock;
}

/** A product's stock added up from its variants must fit, as any one stock must. */
export function checkStockTotal(stock: number, sumAt: Cell, problems: Problems): void {
  if (stock > MAX_STOCK) problems.block(sumAt, `the stock adds up to ${formatCount(stock)}, above the most the shop takes, ${formatCount(MAX_STOCK)}.`);
}

/** An address of one of the shop's own uploads, as its exports write it, is the upload itself. */
function shopUpload(url: string, shopOrigin: string | null): string {
  const address = shopOrigin ? webAddress(url) : null;
  return address?.origin === shopOrigin && isUploadUrl(address.pathname) && address.search === "" ? address.pathname : url;
}

/** The images to import, repeats dropped. An unusable address is a note: the product comes in without it. */
function readImages(cells: readonly Cell[], shopOrigin: string | null, problems: Problems): string[] {
  const urls: string[] = [];
  for (const cell of cells) {
    const url = shopUpload(cell.text, shopOrigin);
    if (!isStorableImageUrl(url))
      problems.note(cell, `${quoted(cell.text)} is not a web address (http or https), so this image is left out.`);
    else if (!urls.includes(url)) urls.push(url);
  }
  if (urls.length <= MAX_PRODUCT_IMAGES) return urls;
  problems.note(cells[0]!, `this product has ${urls.length} images; the first ${MAX_PRODUCT_IMAGES} are kept.`);
  return urls.slice(0, MAX_PRODUCT_IMAGES);
}

/** A cell's text split into one cell per entry, each still located at the cell. */
export const splitCell = (cell: Cell, entries: readonly string[]): Cell[] => entries.map((text) => ({ ...cell, text }));

// An option's (Shopify) or attribute's (WooCommerce) name as shops write it: its last word says what it is ("Ring
// Size", "Necklace Length" and "Chain Length" are sizes; "14k Gold Color" and "Metal Colour" are colours). Other
// names ("Finish", "Logo", "Material") are no size or colour: the variant keeps them in its size (decision 050).
const SIZE_WORDS = ["size", "sizes", "taille", "length"];
const COLOR_WORDS = ["color", "colour", "colors", "colours", "couleur"];

/** Which list an option or attribute fills, by its name; null for any other option. */
export function optionList(name: string): "sizes" | "colors" | null {
  const words = name.trim().toLowerCase().replace(/^pa_/, "").split(/[^\p{L}\p{N}]+/u).filter((word) => word !== "");
  const last = words.at(-1) ?? "";
  if (SIZE_WORDS.includes(last)) return "sizes";
  return COLOR_WORDS.includes(last) ? "colors" : null;
}

export function addOnce(list: string[], value: string): void {
  if (value !== "" && !list.includes(value)) list.push(value);
}

/** Defaults for the fields a format does not carry: those of a blank product. */
export function productAt(row: number): ImportedProduct {
  const { images, ...content } = blankProduct();
  return {
    ...content,
    row,
    sku: null,
    slug: null,
    categoryName: null,
    imageUrls: images,
    rating: 0,
    reviewCount: 0,
    compareAtCents: null,
    variants: [],
  };
}

/** The columns a format reads, as a CatalogueColumns: only those the file has. */
export function presentColumns(columns: Partial<Record<CatalogueField, Column | null>>): CatalogueColumns {
  return Object.fromEntries(
    Object.entries(columns).flatMap(([field, column]) => (column ? [[field, column.header]] : [])),
  ) as CatalogueColumns;
}

/** The last part of a category path ("Apparel > Clothing > Dresses" → "Dresses"); Shopify's taxonomy ids are no name. */
export function lastSegment(path: string): string {
  if (path.startsWith("gid://")) return "";
  return path.split(">").at(-1)?.trim() ?? "";
}
