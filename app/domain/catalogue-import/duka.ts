import { CATEGORY_NAME_MAX_CHARS } from "../category";
import { MAX_DESCRIPTION_CHARS, MAX_SHORT_TEXT_CHARS, MAX_STOCK } from "../product";
import { slugify } from "../slug";
import { presentColumns, type Problems, productReader, quoted, readNumber, readText, splitCell } from "./cells";
import { type Cell, cellAt, type Column, columnOf, type FileContext, type NumberStyle } from "./file";
import type { Candidate, CatalogueField, FormatReader, ImportedProduct } from "./reading";

// Duka's own format: one row per product; the export writes exactly these columns.

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

/** A slug is made from a name of at most PRODUCT_NAME_MAX_CHARS plus a suffix; this leaves room for any suffix. */
const MAX_SLUG_CHARS = 200;
/** Review counts are stored as 32-bit integers. */
const MAX_REVIEW_COUNT = 2_147_483_647;
const MAX_RATING = 5;

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

export function readDukaFile(file: FileContext): ReturnType<FormatReader> {
  const columns = Object.fromEntries(
    Object.entries(DUKA_CSV_COLUMNS).map(([field, header]) => [field, columnOf(file.header, [header])]),
  ) as Record<CatalogueField, Column | null>;
  const candidates = file.rows.map((row): Candidate => {
    const read = productReader(file);
    const cell = (field: CatalogueField) => cellAt(row, columns[field]);
    const list = (field: CatalogueField) => read.list(cell(field), readDukaList(cell(field).text));
    const product: ImportedProduct = {
      row: row.row,
      sku: read.optionalText(cell("sku"), MAX_SHORT_TEXT_CHARS),
      name: read.name(cell("name")),
      slug: readSlug(cell("slug"), read.problems),
      categoryName: read.optionalText(cell("categoryName"), CATEGORY_NAME_MAX_CHARS),
      priceCents: read.price(cell("priceCents")),
      stock: read.wholeNumber(cell("stock"), MAX_STOCK),
      description: read.text(cell("description"), MAX_DESCRIPTION_CHARS),
      details: list("details"),
      sizes: list("sizes"),
      colors: list("colors"),
      material: read.text(cell("material"), MAX_SHORT_TEXT_CHARS),
      culturalInspiration: read.text(cell("culturalInspiration"), MAX_SHORT_TEXT_CHARS),
      imageUrls: read.images(splitCell(cell("imageUrls"), readDukaList(cell("imageUrls").text))),
      isBestseller: readYesNo(cell("isBestseller"), false, read.problems),
      isNewArrival: readYesNo(cell("isNewArrival"), false, read.problems),
      isVisible: readYesNo(cell("isVisible"), true, read.problems),
      rating: readRating(cell("rating"), file.style, read.problems),
      reviewCount: read.wholeNumber(cell("reviewCount"), MAX_REVIEW_COUNT),
    };
    return { product, blocked: read.problems.blocked, skuAt: cell("sku"), slugAt: cell("slug") };
  });
  return { candidates, columns: presentColumns(columns) };
}
