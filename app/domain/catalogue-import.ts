import { CsvError, parse } from "csv-parse/sync";
import { formatCount } from "./catalogue-import-state";
import { CATEGORY_NAME_MAX_CHARS } from "./category";
import { restoreNeutralised } from "./csv";
import { isStorableImageUrl } from "./image-list";
import { isUploadUrl, webAddress } from "./images";
import { formatKsh, shillingsToCents } from "./money";
import {
  MAX_DESCRIPTION_CHARS,
  MAX_LIST_ENTRIES,
  MAX_LIST_ENTRY_CHARS,
  MAX_PRICE_KSH,
  MAX_PRODUCT_IMAGES,
  MAX_SHORT_TEXT_CHARS,
  MAX_STOCK,
  PRODUCT_NAME_MAX_CHARS,
} from "./product";
import { slugify } from "./slug";

// Catalogue import (issue 13): a CSV file read into product drafts and problems, in Duka's own format, Shopify's
// or WooCommerce's, and the plan that says what confirming it would create, update or leave alone. Nothing here
// touches the database or fetches an image: the server does both with what these functions return.

export type CatalogueFormat = "duka" | "shopify" | "woocommerce";

export const CATALOGUE_FORMAT_NAMES: Record<CatalogueFormat, string> = { duka: "Duka", shopify: "Shopify", woocommerce: "WooCommerce" };

/** Data rows (blank lines not counted) one import takes. */
export const CATALOGUE_IMPORT_MAX_ROWS = 10_000;
/** The largest file the server accepts; it checks the size before reading, with CATALOGUE_FILE_TOO_LARGE_MESSAGE. */
export const CATALOGUE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const CATALOGUE_FILE_TOO_LARGE_MESSAGE = "This file is larger than 20 MB; an import takes at most 20 MB.";

export const EMPTY_FILE_MESSAGE = "This file is empty.";
export const NO_PRODUCT_ROWS_MESSAGE = "This file has a header row but no rows under it.";
export const UNKNOWN_FORMAT_MESSAGE =
  "This file's first row is not a header we know. Duka imports its own product CSV, Shopify's product CSV and WooCommerce's product CSV: export your products again from one of those and import that file.";

export const tooManyRowsMessage = (rows: number) =>
  `This file has ${formatCount(rows)} rows; an import takes at most ${formatCount(CATALOGUE_IMPORT_MAX_ROWS)}.`;

/** A product as a file describes it, before it is matched with the catalogue. */
export type ImportedProduct = {
  /** The spreadsheet row the product starts on: the header is row 1, as a spreadsheet program numbers it. */
  row: number;
  /** null when the file gives none: a new product gets one from newProductSku, an updated one keeps its own. */
  sku: string | null;
  /** null when the file gives none: a new product gets one from its name, an updated one keeps its own. */
  slug: string | null;
  name: string;
  /** Plain text; HTML from Shopify and WooCommerce has been turned into text. */
  description: string;
  details: string[];
  priceCents: number;
  stock: number;
  /**
   * null when the file gives none: a new product goes into the shop's first category, an updated one keeps its
   * own. Matched to the shop's categories by name, ignoring case.
   */
  categoryName: string | null;
  sizes: string[];
  colors: string[];
  /** Web addresses (the server fetches them into uploads) or the shop's own uploads ("/uploads/….webp"). */
  imageUrls: string[];
  material: string;
  culturalInspiration: string;
  isBestseller: boolean;
  isNewArrival: boolean;
  isVisible: boolean;
  rating: number;
  reviewCount: number;
};

export type CatalogueField = Exclude<keyof ImportedProduct, "row">;

/** For each field the file sets, the header of the column it comes from; a field not listed is left as stored. */
export type CatalogueColumns = Partial<Record<CatalogueField, string>>;

/**
 * Something wrong with a row, in words a seller can act on: 'Row 14, Price (KSH): "12,O0" is not a number.'
 * A blocking problem keeps the row's product out of the import; the others (images) are notes.
 */
export type ImportProblem = { row: number; column: string; message: string; blocking: boolean };

export type CatalogueReading =
  | {
      format: CatalogueFormat;
      /** The products without a blocking problem, in file order. */
      products: ImportedProduct[];
      /** Every problem, by row. */
      problems: ImportProblem[];
      columns: CatalogueColumns;
      /** Data rows read (the progress bar's total). */
      rows: number;
    }
  | { error: string };

/** A product as stored, as the plan compares it and the exports write it. */
export type CatalogueProduct = {
  id: string;
  sku: string;
  slug: string;
  name: string;
  categoryId: string | null;
  priceCents: number;
  stock: number;
  description: string;
  details: string[];
  images: string[];
  sizes: string[];
  colors: string[];
  material: string;
  culturalInspiration: string;
  isBestseller: boolean;
  isNewArrival: boolean;
  isVisible: boolean;
  rating: number;
  reviewCount: number;
};

export type CatalogueCategory = { id: string; name: string };

// ---- Duka's own format: one row per product; the export writes exactly these columns ----------------------

/** Duka's columns, in the order the export writes them. */
export const DUKA_CSV_COLUMNS = {
  sku: "SKU",
  name: "Name",
  slug: "Slug",
  categoryName: "Category",
  priceCents: "Price (KSH)",
  stock: "Stock",
  description: "Description",
  details: "Details",
  sizes: "Sizes",
  colors: "Colors",
  material: "Material",
  culturalInspiration: "Cultural inspiration",
  imageUrls: "Images",
  isBestseller: "Bestseller",
  isNewArrival: "New arrival",
  isVisible: "Visible",
  rating: "Rating",
  reviewCount: "Review count",
} as const satisfies Record<CatalogueField, string>;

/** A list in one cell, entries parted by "|"; a "|" or "\" inside an entry is written with a "\" before it. */
export function writeDukaList(entries: readonly string[]): string {
  return entries.map((entry) => entry.replace(/[\\|]/g, "\\$&")).join("|");
}

/** The entries of a "|" list, trimmed, blanks dropped; "\|" and "\\" stand for "|" and "\". */
export function readDukaList(text: string): string[] {
  const entries: string[] = [];
  let entry = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const next = text[i + 1];
    if (char === "\\" && (next === "|" || next === "\\")) {
      entry += next;
      i++;
    } else if (char === "|") {
      entries.push(entry);
      entry = "";
    } else {
      entry += char;
    }
  }
  entries.push(entry);
  return entries.map((e) => e.trim()).filter((e) => e !== "");
}

/** A yes-or-no field as Duka's format writes it. */
export const dukaYesNo = (value: boolean) => (value ? "yes" : "no");

// ---- HTML descriptions -------------------------------------------------------------------------------------

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (!name.startsWith("#")) return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const BLOCK_TAG = /<\/?(?:p|div|h[1-6]|ul|ol|table|tr|blockquote|section|article|header|footer|pre)\b[^>]*>/gi;

/**
 * An HTML description as plain text: paragraphs and other blocks parted by a blank line, <br> and list items
 * on lines of their own, tags dropped, entities decoded. Text without tags is kept as written.
 */
export function htmlToText(html: string): string {
  const text = /<[a-z!/]/i.test(html)
    ? html
        .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, "")
        .replace(/<!--[\s\S]*?-->/g, "")
        // Line breaks in HTML source are spaces; only tags break lines.
        .replace(/\s+/g, " ")
        .replace(/<br\s*\/?>/gi, "\n")
        .replace(/<li\b[^>]*>/gi, "\n")
        .replace(BLOCK_TAG, "\n\n")
        .replace(/<[^>]*>/g, "")
    : html.replace(/\r\n?/g, "\n");
  return decodeEntities(text)
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

// ---- Reading the file --------------------------------------------------------------------------------------

type Row = { row: number; cells: string[] };
type Column = { header: string; index: number };
/** One cell, located for messages. */
type Cell = { row: number; column: string; text: string };

/** A header cell, found by any of its names, ignoring case. */
function columnOf(header: readonly string[], names: readonly string[]): Column | null {
  const wanted = names.map((name) => name.toLowerCase());
  const index = header.findIndex((title) => wanted.includes(title.toLowerCase()));
  return index === -1 ? null : { header: header[index]!, index };
}

function cellAt(row: Row, column: Column | null): Cell {
  return { row: row.row, column: column?.header ?? "", text: column ? (row.cells[column.index] ?? "") : "" };
}

/** Semicolons when the header row has more of them than commas (spreadsheets set to a decimal comma write those). */
function headerDelimiter(body: string): "," | ";" {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of body.replace(/^[\r\n]+/, "")) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === "\n" || char === "\r") break;
    else if (char === ",") commas++;
    else if (char === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

function unreadableMessage(error: CsvError): string {
  // The error counts the records read before the one it stopped in.
  const row = Number(error.records) + 1;
  return error.code === "CSV_QUOTE_NOT_CLOSED"
    ? `This file cannot be read: row ${row} opens a quote that is never closed.`
    : `This file cannot be read as CSV: the trouble starts on row ${row}.`;
}

type NumberStyle = "point" | "comma";

/** The file's rows, numbered as a spreadsheet numbers them (a quoted cell's line breaks stay in one row). */
function readRows(text: string): { rows: Row[]; style: NumberStyle } | { error: string } {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (body.trim() === "") return { error: EMPTY_FILE_MESSAGE };
  const delimiter = headerDelimiter(body);
  let records: string[][];
  try {
    // Any line end ends a row, so a file edited in two programs (CRLF and LF mixed) still reads row by row.
    records = parse(body, { delimiter, record_delimiter: ["\r\n", "\n", "\r"], relax_column_count: true, relax_quotes: true });
  } catch (error) {
    if (error instanceof CsvError) return { error: unreadableMessage(error) };
    throw error;
  }
  // Blank lines are records too, so counting records counts the rows a spreadsheet shows. Line breaks inside
  // cells become "\n" whichever program wrote them.
  const rows = records
    .map((cells, index) => ({ row: index + 1, cells: cells.map((cell) => restoreNeutralised(cell).replace(/\r\n?/g, "\n").trim()) }))
    .filter((row) => row.cells.some((cell) => cell !== ""));
  // A semicolon file comes from a spreadsheet set to a decimal comma, so its numbers use one too.
  return { rows, style: delimiter === ";" ? "comma" : "point" };
}

function detectFormat(header: readonly string[]): CatalogueFormat | null {
  const has = (...names: string[]) => columnOf(header, names) !== null;
  if (has(DUKA_CSV_COLUMNS.name) && has(DUKA_CSV_COLUMNS.priceCents)) return "duka";
  if (has("Title") && has("Handle", "URL handle")) return "shopify";
  if (has("Name") && has("Regular price")) return "woocommerce";
  return null;
}

/**
 * Reads a catalogue CSV (UTF-8, with or without a byte-order mark, comma or semicolon) in Duka's, Shopify's or
 * WooCommerce's format, told apart by the header row. Gives the products that can be imported and every
 * problem by row and column, or, when the file as a whole cannot be imported, one error. `shopUrl` (the shop's
 * public address) lets the shop's own exported image addresses be read back as the uploads they are.
 */
export function readCatalogueCsv(text: string, options: { shopUrl?: string } = {}): CatalogueReading {
  const read = readRows(text);
  if ("error" in read) return read;
  const [header, ...rows] = read.rows;
  if (!header) return { error: EMPTY_FILE_MESSAGE };
  const format = detectFormat(header.cells);
  if (!format) return { error: UNKNOWN_FORMAT_MESSAGE };
  if (rows.length === 0) return { error: NO_PRODUCT_ROWS_MESSAGE };
  if (rows.length > CATALOGUE_IMPORT_MAX_ROWS) return { error: tooManyRowsMessage(rows.length) };

  const file: FileContext = {
    header: header.cells,
    rows,
    style: read.style,
    shopOrigin: (options.shopUrl && webAddress(options.shopUrl)?.origin) || null,
    problems: [],
  };
  const { candidates, columns } = FORMAT_READERS[format](file);
  return { format, ...checkedAcrossRows(candidates, file.problems), columns, rows: rows.length };
}

type FileContext = {
  header: string[];
  rows: Row[];
  style: NumberStyle;
  shopOrigin: string | null;
  problems: ImportProblem[];
};

/** A product read from its rows, with where its SKU and slug came from, for the checks across rows. */
type Candidate = {
  product: ImportedProduct;
  blocked: boolean;
  skuAt: Cell | null;
  slugAt: Cell | null;
};

type FormatReader = (file: FileContext) => { candidates: Candidate[]; columns: CatalogueColumns };

const FORMAT_READERS: Record<CatalogueFormat, FormatReader> = { duka: readDukaFile, shopify: readShopifyFile, woocommerce: readWooFile };

/** A SKU or slug already used higher up the file blocks the later row; the first keeps it. */
function checkedAcrossRows(candidates: readonly Candidate[], problems: ImportProblem[]) {
  const firstRows = { sku: new Map<string, number>(), slug: new Map<string, number>() };
  const products: ImportedProduct[] = [];
  for (const candidate of candidates) {
    let blocked = candidate.blocked;
    for (const what of ["sku", "slug"] as const) {
      const value = candidate.product[what];
      const at = what === "sku" ? candidate.skuAt : candidate.slugAt;
      if (value === null || !at) continue;
      const first = firstRows[what].get(value);
      if (first === undefined) {
        firstRows[what].set(value, candidate.product.row);
      } else {
        problems.push(
          problemAt(at, `${quoted(value)} is also on row ${first}; each product needs its own ${what === "sku" ? "SKU" : "slug"}.`, true),
        );
        blocked = true;
      }
    }
    if (!blocked) products.push(candidate.product);
  }
  // Stable, so a row's problems stay in column order.
  return { products, problems: problems.sort((a, b) => a.row - b.row) };
}

// ---- Problems and the cell readers every format shares -----------------------------------------------------

const MAX_QUOTED_CHARS = 60;
/** A slug is made from a name of at most PRODUCT_NAME_MAX_CHARS plus a suffix; this leaves room for any suffix. */
const MAX_SLUG_CHARS = 200;
/** Review counts are stored as 32-bit integers. */
const MAX_REVIEW_COUNT = 2_147_483_647;
const MAX_RATING = 5;

/** A value as a message quotes it; a long one is cut short. */
function quoted(text: string): string {
  return `"${text.length > MAX_QUOTED_CHARS ? `${text.slice(0, MAX_QUOTED_CHARS - 1)}…` : text}"`;
}

function problemAt(at: Cell, detail: string, blocking: boolean): ImportProblem {
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
    get blocked() {
      return blocked;
    },
  };
}
type Problems = ReturnType<typeof productProblems>;

function readText(cell: Cell, maxChars: number, problems: Problems): string {
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

function readNumber(text: string, style: NumberStyle): { value: number; decimals: number } | null {
  const match = (style === "comma" ? COMMA_NUMBER : POINT_NUMBER).exec(text);
  if (!match) return null;
  const value = Number(style === "comma" ? text.replace(",", ".") : text.replace(/,/g, ""));
  return { value, decimals: match[1]?.length ?? 0 };
}

/** A price in shillings, as cents; 0 when the cell is wrong (the product is then blocked). */
function readPrice(cell: Cell, style: NumberStyle, problems: Problems): number {
  if (cell.text === "") {
    problems.block(cell, "is empty; every product needs a price.");
    return 0;
  }
  const number = readNumber(cell.text, style);
  if (!number) problems.block(cell, `${quoted(cell.text)} is not a number.`);
  else if (number.value <= 0) problems.block(cell, `${quoted(cell.text)} is not above 0; every product needs a price.`);
  else if (number.value > MAX_PRICE_KSH) {
    problems.block(cell, `${quoted(cell.text)} is above the highest price the shop takes, ${formatKsh(shillingsToCents(MAX_PRICE_KSH))}.`);
  } else if (number.decimals > 2) problems.block(cell, `${quoted(cell.text)} has more than 2 decimal places.`);
  else return shillingsToCents(number.value);
  return 0;
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
  if (stock > MAX_STOCK) problems.block(sumAt, `the stock adds up to ${formatCount(stock)}, above the most the shop takes, ${formatCount(MAX_STOCK)}.`);
  return stock;
}

function readRating(cell: Cell, style: NumberStyle, problems: Problems): number {
  if (cell.text === "") return 0;
  const number = readNumber(cell.text, style);
  if (!number) problems.block(cell, `${quoted(cell.text)} is not a number.`);
  else if (number.value < 0 || number.value > MAX_RATING) problems.block(cell, `${quoted(cell.text)} is not between 0 and ${MAX_RATING}.`);
  else return number.value;
  return 0;
}

const YES_WORDS = [dukaYesNo(true), "y", "true", "1"];
const NO_WORDS = [dukaYesNo(false), "n", "false", "0"];

function readYesNo(cell: Cell, whenEmpty: boolean, problems: Problems): boolean {
  const word = cell.text.toLowerCase();
  if (word === "") return whenEmpty;
  if (YES_WORDS.includes(word)) return true;
  if (!NO_WORDS.includes(word)) problems.block(cell, `${quoted(cell.text)} is not yes or no.`);
  return false;
}

/** A slug as the file writes it; null when empty. It must already be one (what slugify makes of it). */
function readSlug(cell: Cell, problems: Problems): string | null {
  if (cell.text === "") return null;
  const slug = slugify(cell.text);
  if (slug !== cell.text) {
    problems.block(cell, `${quoted(cell.text)} is not a slug: use lowercase letters, digits and hyphens, e.g. ${quoted(slug)}.`);
  }
  return readText(cell, MAX_SLUG_CHARS, problems);
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
const splitCell = (cell: Cell, entries: readonly string[]): Cell[] => entries.map((text) => ({ ...cell, text }));

const SIZE_NAMES = ["size", "sizes", "taille"];
const COLOR_NAMES = ["color", "colour", "colors", "colours", "couleur"];

/** Which list an option (Shopify) or attribute (WooCommerce) fills, by its name; other options are ignored. */
function optionList(name: string): "sizes" | "colors" | null {
  const word = name.trim().toLowerCase().replace(/^pa_/, "");
  if (SIZE_NAMES.includes(word)) return "sizes";
  return COLOR_NAMES.includes(word) ? "colors" : null;
}

function addOnce(list: string[], value: string): void {
  if (value !== "" && !list.includes(value)) list.push(value);
}

/** Defaults for the fields a format does not carry. */
function productAt(row: number): ImportedProduct {
  return {
    row,
    sku: null,
    slug: null,
    name: "",
    description: "",
    details: [],
    priceCents: 0,
    stock: 0,
    categoryName: null,
    sizes: [],
    colors: [],
    imageUrls: [],
    material: "",
    culturalInspiration: "",
    isBestseller: false,
    isNewArrival: false,
    isVisible: true,
    rating: 0,
    reviewCount: 0,
  };
}

/** The columns a format reads, as a CatalogueColumns: only those the file has. */
function presentColumns(columns: Partial<Record<CatalogueField, Column | null>>): CatalogueColumns {
  return Object.fromEntries(
    Object.entries(columns).flatMap(([field, column]) => (column ? [[field, column.header]] : [])),
  ) as CatalogueColumns;
}

// ---- Duka ----------------------------------------------------------------------------------------------------

function readDukaFile(file: FileContext): ReturnType<FormatReader> {
  const columns = Object.fromEntries(
    Object.entries(DUKA_CSV_COLUMNS).map(([field, header]) => [field, columnOf(file.header, [header])]),
  ) as Record<CatalogueField, Column | null>;
  const candidates = file.rows.map((row): Candidate => {
    const problems = productProblems(file.problems);
    const cell = (field: CatalogueField) => cellAt(row, columns[field]);
    const list = (field: CatalogueField) => readList(cell(field), readDukaList(cell(field).text), problems);
    const product: ImportedProduct = {
      row: row.row,
      sku: readOptionalText(cell("sku"), MAX_SHORT_TEXT_CHARS, problems),
      name: readName(cell("name"), problems),
      slug: readSlug(cell("slug"), problems),
      categoryName: readOptionalText(cell("categoryName"), CATEGORY_NAME_MAX_CHARS, problems),
      priceCents: readPrice(cell("priceCents"), file.style, problems),
      stock: readWholeNumber(cell("stock"), file.style, MAX_STOCK, problems),
      description: readText(cell("description"), MAX_DESCRIPTION_CHARS, problems),
      details: list("details"),
      sizes: list("sizes"),
      colors: list("colors"),
      material: readText(cell("material"), MAX_SHORT_TEXT_CHARS, problems),
      culturalInspiration: readText(cell("culturalInspiration"), MAX_SHORT_TEXT_CHARS, problems),
      imageUrls: readImages(splitCell(cell("imageUrls"), readDukaList(cell("imageUrls").text)), file.shopOrigin, problems),
      isBestseller: readYesNo(cell("isBestseller"), false, problems),
      isNewArrival: readYesNo(cell("isNewArrival"), false, problems),
      isVisible: readYesNo(cell("isVisible"), true, problems),
      rating: readRating(cell("rating"), file.style, problems),
      reviewCount: readWholeNumber(cell("reviewCount"), file.style, MAX_REVIEW_COUNT, problems),
    };
    return { product, blocked: problems.blocked, skuAt: cell("sku"), slugAt: cell("slug") };
  });
  return { candidates, columns: presentColumns(columns) };
}

// ---- Shopify -------------------------------------------------------------------------------------------------

// Shopify's tags for the shop's two flags; the Shopify export writes the first of each.
const BESTSELLER_TAGS = ["bestseller", "best seller", "best-seller"];
const NEW_ARRIVAL_TAGS = ["new arrival", "new-arrival", "new arrivals", "new"];
// Statuses that keep a product off the storefront.
const HIDDEN_STATUSES = ["draft", "archived", "unlisted"];

/**
 * Shopify: several rows per product, grouped by Handle (rows after the first may hold only variant or image
 * columns). The first row with a Title holds the product's own fields. Both the classic headers ("Handle",
 * "Variant Price", "Image Src") and those of Shopify's newer template ("URL handle", "Price", "Product image URL")
 * are read. The handle becomes the slug, so links to the old shop's product pages keep their path.
 */
function readShopifyFile(file: FileContext): ReturnType<FormatReader> {
  const column = (...names: string[]) => columnOf(file.header, names);
  const c = {
    handle: column("Handle", "URL handle"),
    title: column("Title"),
    body: column("Body (HTML)", "Description"),
    type: column("Type"),
    productCategory: column("Product Category"),
    tags: column("Tags"),
    published: column("Published", "Published on online store"),
    status: column("Status"),
    sku: column("Variant SKU", "SKU"),
    price: column("Variant Price", "Price"),
    quantity: column("Variant Inventory Qty", "Inventory quantity"),
    image: column("Image Src", "Product image URL"),
    imagePosition: column("Image Position"),
    variantImage: column("Variant Image", "Variant image URL"),
  };
  const options = [1, 2, 3].map((n) => ({ name: column(`Option${n} Name`), value: column(`Option${n} Value`) }));

  // A row without a handle but with a title starts a product whose handle Shopify would make from the title.
  const groups = new Map<string, Row[]>();
  for (const row of file.rows) {
    const handle = cellAt(row, c.handle).text || (cellAt(row, c.title).text && slugify(cellAt(row, c.title).text));
    if (!handle) {
      file.problems.push(problemAt(cellAt(row, c.handle), "is empty and so is Title, so this row belongs to no product.", true));
      continue;
    }
    const group = groups.get(handle);
    if (group) group.push(row);
    else groups.set(handle, [row]);
  }

  const candidates: Candidate[] = [];
  for (const [handle, rows] of groups) {
    const main = rows.find((row) => cellAt(row, c.title).text !== "");
    if (!main) {
      for (const row of rows) {
        file.problems.push(
          problemAt(cellAt(row, c.handle), `${quoted(handle)} has no row with a Title, so this row belongs to no product.`, true),
        );
      }
      continue;
    }
    const problems = productProblems(file.problems);
    const at = (col: Column | null) => cellAt(main, col);
    const cellsOf = (col: Column | null) => rows.map((row) => cellAt(row, col)).filter((cell) => cell.text !== "");
    const product = productAt(main.row);

    product.name = readName(at(c.title), problems);
    product.slug = slugify(handle);
    product.description = readText({ ...at(c.body), text: htmlToText(at(c.body).text) }, MAX_DESCRIPTION_CHARS, problems);
    product.categoryName = readOptionalText(
      at(c.type).text ? at(c.type) : { ...at(c.productCategory), text: lastSegment(at(c.productCategory).text) },
      CATEGORY_NAME_MAX_CHARS,
      problems,
    );
    const tags = at(c.tags)
      .text.split(",")
      .map((tag) => tag.trim().toLowerCase());
    product.isBestseller = tags.some((tag) => BESTSELLER_TAGS.includes(tag));
    product.isNewArrival = tags.some((tag) => NEW_ARRIVAL_TAGS.includes(tag));
    product.isVisible = at(c.published).text.toLowerCase() !== "false" && !HIDDEN_STATUSES.includes(at(c.status).text.toLowerCase());

    const skuAt = cellsOf(c.sku)[0] ?? null;
    if (skuAt) product.sku = readText(skuAt, MAX_SHORT_TEXT_CHARS, problems);

    const prices = cellsOf(c.price).map((cell) => readPrice(cell, file.style, problems));
    if (prices.length === 0) readPrice({ ...at(c.price), column: c.price?.header ?? "Variant Price" }, file.style, problems);
    else product.priceCents = Math.min(...prices);
    product.stock = readStockSum(cellsOf(c.quantity), file.style, problems, at(c.quantity));

    // Option names are usually only on the product's first row; each variant row carries its values.
    for (const option of options) {
      const list = optionList(cellsOf(option.name)[0]?.text ?? "");
      if (!list) continue;
      for (const cell of cellsOf(option.value)) addOnce(product[list], cell.text);
      readList(at(option.value), product[list], problems);
    }

    // Images in Image Position order (rows without one after, as they come), then the variants' images.
    const images = rows
      .filter((row) => cellAt(row, c.image).text !== "")
      .map((row) => ({ cell: cellAt(row, c.image), position: imagePosition(cellAt(row, c.imagePosition).text) }))
      .sort((a, b) => a.position - b.position)
      .map((image) => image.cell);
    product.imageUrls = readImages([...images, ...cellsOf(c.variantImage)], file.shopOrigin, problems);

    candidates.push({ product, blocked: problems.blocked, skuAt, slugAt: at(c.handle) });
  }

  const optionValue = options.find((option) => option.value)?.value ?? null;
  const columns = presentColumns({
    sku: c.sku,
    slug: c.handle,
    name: c.title,
    description: c.body,
    categoryName: c.type ?? c.productCategory,
    priceCents: c.price,
    stock: c.quantity,
    sizes: optionValue,
    colors: optionValue,
    imageUrls: c.image ?? c.variantImage,
    isVisible: c.published ?? c.status,
    isBestseller: c.tags,
    isNewArrival: c.tags,
  });
  return { candidates, columns };
}

/** An Image Position; a missing or unusable one sorts after all others. */
function imagePosition(text: string): number {
  const position = Number(text);
  return text !== "" && Number.isSafeInteger(position) && position > 0 ? position : Number.MAX_SAFE_INTEGER;
}

/** The last part of a category path ("Apparel > Clothing > Dresses" → "Dresses"); Shopify's taxonomy ids are no name. */
function lastSegment(path: string): string {
  if (path.startsWith("gid://")) return "";
  return path.split(">").at(-1)?.trim() ?? "";
}

// ---- WooCommerce ---------------------------------------------------------------------------------------------

/** WooCommerce's lists: parted by commas, a comma inside an entry written "\,". */
function readWooList(text: string): string[] {
  return text
    .split(/(?<!\\),/)
    .map((entry) => entry.replace(/\\,/g, ",").trim())
    .filter((entry) => entry !== "");
}

/** WooCommerce writes line breaks in descriptions as the two characters "\n". */
const wooHtml = (cell: Cell): Cell => ({ ...cell, text: htmlToText(cell.text.replace(/\\n/g, "\n")) });

/**
 * WooCommerce: one row per product; a variable product's variations (Type "variation") follow on rows of their
 * own, pointing to it by Parent ("id:123" or its SKU). Variations are folded into their product: their price
 * (the lowest counts), stock (added up, when they keep their own), attribute values (sizes and colours) and
 * images. Grouped products have no price or stock of their own, so they are left out with a note; their
 * products come in on their own rows. The price is the Regular price: a sale price is temporary, and Duka has
 * none to keep it in.
 */
function readWooFile(file: FileContext): ReturnType<FormatReader> {
  const column = (name: string) => columnOf(file.header, [name]);
  const c = {
    id: column("ID"),
    type: column("Type"),
    sku: column("SKU"),
    name: column("Name"),
    published: column("Published"),
    visibility: column("Visibility in catalog"),
    shortDescription: column("Short description"),
    description: column("Description"),
    price: column("Regular price"),
    categories: column("Categories"),
    images: column("Images"),
    stock: column("Stock"),
    parent: column("Parent"),
  };
  const attributes = file.header.flatMap((title, index) => {
    const n = /^attribute (\d+) name$/i.exec(title)?.[1];
    return n ? [{ name: { header: title, index }, values: column(`Attribute ${n} value(s)`) }] : [];
  });

  type WooProduct = { row: Row; variations: Row[] };
  const products: WooProduct[] = [];
  const byReference = new Map<string, WooProduct>();
  const variations: Row[] = [];
  for (const row of file.rows) {
    const types = readWooList(cellAt(row, c.type).text.toLowerCase());
    if (types.includes("variation")) {
      variations.push(row);
    } else if (types.includes("grouped")) {
      file.problems.push(
        problemAt(cellAt(row, c.type), `"grouped" products have no price or stock of their own, so this row is left out.`, false),
      );
    } else {
      const product = { row, variations: [] };
      products.push(product);
      const id = cellAt(row, c.id).text;
      const sku = cellAt(row, c.sku).text;
      if (id) byReference.set(`id:${id}`, product);
      if (sku) byReference.set(sku, product);
    }
  }
  for (const row of variations) {
    const parent = cellAt(row, c.parent);
    const product = byReference.get(parent.text);
    if (product) product.variations.push(row);
    else {
      const detail = parent.text ? `${quoted(parent.text)} is not a product in this file` : "is empty";
      file.problems.push(problemAt(parent, `${detail}, so this variation belongs to no product.`, true));
    }
  }

  const candidates = products.map(({ row, variations }): Candidate => {
    const problems = productProblems(file.problems);
    const rows = [row, ...variations];
    const at = (col: Column | null) => cellAt(row, col);
    const cellsOf = (col: Column | null) => rows.map((r) => cellAt(r, col)).filter((cell) => cell.text !== "");
    const product = productAt(row.row);

    product.name = readName(at(c.name), problems);
    product.sku = readOptionalText(at(c.sku), MAX_SHORT_TEXT_CHARS, problems);
    // The short description is WooCommerce's summary beside the price, usually a few points: Duka's details. It is
    // the description only when there is no other.
    const description = wooHtml(at(c.description));
    const summary = wooHtml(at(c.shortDescription));
    product.description = readText(description.text ? description : summary, MAX_DESCRIPTION_CHARS, problems);
    const summaryLines = summary.text.split("\n").filter((line) => line !== "");
    if (description.text) product.details = readList(summary, summaryLines, problems);

    const prices = cellsOf(c.price).map((cell) => readPrice(cell, file.style, problems));
    if (prices.length === 0) readPrice(at(c.price), file.style, problems);
    else product.priceCents = Math.min(...prices);
    // Variations that keep their own stock override the product's; otherwise they share the product's.
    const variationStock = variations.map((r) => cellAt(r, c.stock)).filter((cell) => cell.text !== "");
    product.stock = readStockSum(variationStock.length > 0 ? variationStock : [at(c.stock)], file.style, problems, at(c.stock));

    const category = readWooList(at(c.categories).text)[0] ?? "";
    product.categoryName = readOptionalText({ ...at(c.categories), text: lastSegment(category) }, CATEGORY_NAME_MAX_CHARS, problems);

    // Attribute values: a variable product lists them all, each variation its own.
    const listAt: Partial<Record<"sizes" | "colors", Cell>> = {};
    for (const r of rows) {
      for (const attribute of attributes) {
        const list = optionList(cellAt(r, attribute.name).text);
        if (!list) continue;
        listAt[list] ??= cellAt(r, attribute.values);
        for (const value of readWooList(cellAt(r, attribute.values).text)) addOnce(product[list], value);
      }
    }
    for (const list of ["sizes", "colors"] as const) {
      const cell = listAt[list];
      if (cell) readList(cell, product[list], problems);
    }

    product.imageUrls = readImages(
      cellsOf(c.images).flatMap((cell) => splitCell(cell, readWooList(cell.text))),
      file.shopOrigin,
      problems,
    );
    // Published is 1 (published), 0 (private) or -1 (draft); hidden from the catalogue also means not shown.
    product.isVisible = !["0", "-1"].includes(at(c.published).text) && at(c.visibility).text.toLowerCase() !== "hidden";

    return { product, blocked: problems.blocked, skuAt: at(c.sku), slugAt: null };
  });

  const attributeValues = attributes[0]?.values ?? null;
  const columns = presentColumns({
    sku: c.sku,
    name: c.name,
    description: c.description ?? c.shortDescription,
    details: c.description ? c.shortDescription : null,
    priceCents: c.price,
    stock: c.stock,
    categoryName: c.categories,
    sizes: attributeValues,
    colors: attributeValues,
    imageUrls: c.images,
    isVisible: c.published ?? c.visibility,
  });
  return { candidates, columns };
}

// ---- The plan ----------------------------------------------------------------------------------------------

export type CataloguePlanStep = { product: ImportedProduct } & (
  | { action: "create" }
  /** `changes`: the fields to write; the others stay as stored. */
  | { action: "update"; productId: string; changes: CatalogueField[] }
  | { action: "unchanged"; productId: string }
);

export type CatalogueImportPlan = {
  steps: CataloguePlanStep[];
  created: number;
  updated: number;
  unchanged: number;
  /** Categories the import creates, named as the file first writes them. */
  newCategories: string[];
  /** Rows that clash with the catalogue; they are not in `steps`. */
  problems: ImportProblem[];
};

const categoryKey = (name: string) => name.trim().toLowerCase();
// Browsers post a form's line breaks as CRLF, files bring LF: the same text either way.
const sameText = (a: string, b: string) => a.replace(/\r\n?/g, "\n") === b.replace(/\r\n?/g, "\n");

function sameValue(field: CatalogueField, product: ImportedProduct, stored: CatalogueProduct, storedCategory: string | null): boolean {
  if (field === "categoryName") {
    // Like a SKU or slug, a category the file does not give is kept: a new product without one goes into the
    // shop's first category (as on the product form), and importing its file again must not take it out.
    if (product.categoryName === null) return true;
    return storedCategory !== null && categoryKey(product.categoryName) === categoryKey(storedCategory);
  }
  const value = product[field];
  // A SKU or slug the file does not give is kept.
  if (value === null) return true;
  const before = field === "imageUrls" ? stored.images : stored[field];
  if (Array.isArray(value) && Array.isArray(before))
    return value.length === before.length && value.every((entry, i) => entry === before[i]);
  return typeof value === "string" && typeof before === "string" ? sameText(value, before) : value === before;
}

/**
 * What confirming an import would do, for the preview and for the import itself: each product is matched by
 * SKU, then by slug, and is created, updated (only the fields the file carries and that differ) or left
 * unchanged — so importing the same file twice changes nothing the second time. Categories are matched by
 * name, ignoring case. A product that would take another product's slug, or a stored product two rows would
 * both update, is a blocking problem instead of a step.
 */
export function catalogueImportPlan(
  reading: { products: readonly ImportedProduct[]; columns: CatalogueColumns },
  catalogue: readonly CatalogueProduct[],
  categories: readonly CatalogueCategory[],
): CatalogueImportPlan {
  const bySku = new Map(catalogue.map((p) => [p.sku, p]));
  const bySlug = new Map(catalogue.map((p) => [p.slug, p]));
  const categoryNames = new Map(categories.map((category) => [category.id, category.name]));
  const knownCategories = new Set(categories.map((category) => categoryKey(category.name)));
  const fields = Object.keys(reading.columns) as CatalogueField[];
  const claimedBy = new Map<string, number>();
  const steps: CataloguePlanStep[] = [];
  const newCategories: string[] = [];
  const problems: ImportProblem[] = [];
  const clash = (product: ImportedProduct, field: "sku" | "slug", detail: string) => {
    const at = { row: product.row, column: reading.columns[field] ?? "", text: "" };
    problems.push(problemAt(at, `${quoted(product[field] ?? "")} ${detail}`, true));
  };

  for (const product of reading.products) {
    const skuMatch = product.sku === null ? undefined : bySku.get(product.sku);
    const match = skuMatch ?? (product.slug === null ? undefined : bySlug.get(product.slug));
    const slugOwner = product.slug === null ? undefined : bySlug.get(product.slug);
    const claimant = match && claimedBy.get(match.id);
    if (claimant) {
      clash(product, skuMatch ? "sku" : "slug", `is the same product as row ${claimant}; a product can come from one row only.`);
      continue;
    }
    if (slugOwner && slugOwner !== match) {
      clash(product, "slug", `is already the slug of another product, ${quoted(slugOwner.name)}.`);
      continue;
    }

    let step: CataloguePlanStep;
    if (!match) {
      step = { action: "create", product };
    } else {
      claimedBy.set(match.id, product.row);
      const storedCategory = match.categoryId === null ? null : (categoryNames.get(match.categoryId) ?? null);
      const changes = fields.filter((field) => !sameValue(field, product, match, storedCategory));
      step =
        changes.length > 0
          ? { action: "update", product, productId: match.id, changes }
          : { action: "unchanged", product, productId: match.id };
    }
    steps.push(step);

    const writesCategory = step.action === "create" || (step.action === "update" && step.changes.includes("categoryName"));
    if (writesCategory && product.categoryName !== null && !knownCategories.has(categoryKey(product.categoryName))) {
      knownCategories.add(categoryKey(product.categoryName));
      newCategories.push(product.categoryName);
    }
  }
  const stepsThat = (action: CataloguePlanStep["action"]) => steps.filter((step) => step.action === action).length;
  return { steps, created: stepsThat("create"), updated: stepsThat("update"), unchanged: stepsThat("unchanged"), newCategories, problems };
}
