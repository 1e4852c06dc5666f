import { CATEGORY_NAME_MAX_CHARS } from "../category";
import { formatCount } from "../number-format";
import { MAX_DESCRIPTION_CHARS, MAX_LIST_ENTRY_CHARS, MAX_SHORT_TEXT_CHARS, MAX_STOCK } from "../product";
import { slugify } from "../slug";
import { optionsKey, totalStock, type Variant, variantLabel } from "../variants";
import {
  addOnce,
  checkStockTotal,
  presentColumns,
  problemAt,
  type Problems,
  productReader,
  quoted,
  readNumber,
  readText,
  splitCell,
} from "./cells";
import { type Cell, cellAt, type Column, columnOf, type FileContext, type NumberStyle, type Row } from "./file";
import type { Candidate, CatalogueField, FormatReader, ImportedProduct } from "./reading";

// Duka's own format: one row per product, then one row per variant (issue 22); the export writes exactly these
// columns. A variant's row comes right under its product's: it leaves Name empty, repeats the product's SKU (or
// leaves it empty), names its size and colour in Variant size and Variant color, and gives its own Stock, Price (KSH)
// and Compare-at price (KSH) (empty: the product's) and Variant SKU. The product's Stock is then their total.

/** Duka's columns for a product, in the order the export writes them; a variant's columns follow. */
export const DUKA_CSV_COLUMNS = {
  sku: "SKU",
  name: "Name",
  slug: "Slug",
  categoryName: "Category",
  priceCents: "Price (KSH)",
  compareAtCents: "Compare-at price (KSH)",
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
} as const satisfies Record<Exclude<CatalogueField, "variants">, string>;

/** The columns only a variant's row fills, after the product's. */
export const DUKA_VARIANT_COLUMNS = { size: "Variant size", color: "Variant color", sku: "Variant SKU" } as const;

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
  ) as Record<Exclude<CatalogueField, "variants">, Column | null>;
  const variantColumns = {
    size: columnOf(file.header, [DUKA_VARIANT_COLUMNS.size]),
    color: columnOf(file.header, [DUKA_VARIANT_COLUMNS.color]),
    sku: columnOf(file.header, [DUKA_VARIANT_COLUMNS.sku]),
  };
  const isVariantRow = (row: Row) =>
    cellAt(row, columns.name).text === "" && Object.values(variantColumns).some((column) => cellAt(row, column).text !== "");

  // Each product's row with the variant rows under it.
  const groups: { row: Row; variantRows: Row[] }[] = [];
  for (const row of file.rows) {
    const group = groups.at(-1);
    if (!isVariantRow(row)) groups.push({ row, variantRows: [] });
    else if (group) group.variantRows.push(row);
    else {
      const at = cellAt(row, variantColumns.size ?? variantColumns.color ?? variantColumns.sku);
      file.problems.push(problemAt(at, "this variant's row has no product above it; a variant's row goes right under its product's row.", true));
    }
  }

  const candidates = groups.map(({ row, variantRows }): Candidate => {
    const read = productReader(file);
    const cell = (field: keyof typeof columns) => cellAt(row, columns[field]);
    const list = (field: keyof typeof columns) => read.list(cell(field), readDukaList(cell(field).text));
    const product: ImportedProduct = {
      row: row.row,
      sku: read.optionalText(cell("sku"), MAX_SHORT_TEXT_CHARS),
      name: read.name(cell("name")),
      slug: readSlug(cell("slug"), read.problems),
      categoryName: read.optionalText(cell("categoryName"), CATEGORY_NAME_MAX_CHARS),
      priceCents: read.price(cell("priceCents")),
      compareAtCents: read.compareAt(cell("compareAtCents")),
      stock: read.wholeNumber(cell("stock"), MAX_STOCK),
      variants: [],
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
    if (variantRows.length > 0) readVariantRows(product, variantRows, { columns, variantColumns, read, stockAt: cell("stock") });
    return { product, blocked: read.problems.blocked, skuAt: cell("sku"), slugAt: cell("slug") };
  });
  const variantsAt = variantColumns.size ?? variantColumns.color ?? variantColumns.sku;
  return {
    candidates,
    columns: presentColumns({
      ...columns,
      variants: variantsAt,
      // A variant's size or colour is one of the product's, so a file with variants sets both lists.
      sizes: columns.sizes ?? (variantsAt && variantColumns.size),
      colors: columns.colors ?? (variantsAt && variantColumns.color),
    }),
  };
}

/**
 * A product's variant rows as its variants. A variant's size or colour missing from the product's lists is added
 * to them; every variant then needs a size when the product has sizes, and a colour when it has colours, and each
 * combination has one row. The product's stock is the variants' total.
 */
function readVariantRows(
  product: ImportedProduct,
  rows: readonly Row[],
  { columns, variantColumns, read, stockAt }: {
    columns: Record<Exclude<CatalogueField, "variants">, Column | null>;
    variantColumns: Record<keyof typeof DUKA_VARIANT_COLUMNS, Column | null>;
    read: ReturnType<typeof productReader>;
    stockAt: Cell;
  },
): void {
  const firstRows = new Map<string, number>();
  const entries = rows.map((row) => {
    const at = (column: Column | null) => cellAt(row, column);
    const sku = at(columns.sku);
    if (sku.text !== "" && sku.text !== product.sku) {
      read.problems.block(sku, `${quoted(sku.text)} is not the SKU of the product above it, ${quoted(product.name)}; a variant's row goes right under its product's row.`);
    }
    const price = at(columns.priceCents);
    const variant: Variant = {
      size: read.text(at(variantColumns.size), MAX_LIST_ENTRY_CHARS),
      color: read.text(at(variantColumns.color), MAX_LIST_ENTRY_CHARS),
      stock: read.wholeNumber(at(columns.stock), MAX_STOCK),
      priceCents: price.text === "" ? null : read.price(price),
      compareAtCents: read.compareAt(at(columns.compareAtCents)),
      sku: read.text(at(variantColumns.sku), MAX_SHORT_TEXT_CHARS),
    };
    const first = firstRows.get(optionsKey(variant));
    if (first !== undefined) {
      read.problems.block(at(variantColumns.size ?? variantColumns.color), `${quoted(variantLabel(variant))} is also on row ${first}; each size and colour has one row.`);
    }
    firstRows.set(optionsKey(variant), row.row);
    addOnce(product.sizes, variant.size);
    addOnce(product.colors, variant.color);
    return { variant, sizeAt: at(variantColumns.size), colorAt: at(variantColumns.color) };
  });
  for (const { variant, sizeAt, colorAt } of entries) {
    if (variant.size === "" && product.sizes.length > 0) read.problems.block(sizeAt, `is empty, but ${quoted(product.name)} has sizes: give this variant one of them.`);
    if (variant.color === "" && product.colors.length > 0) read.problems.block(colorAt, `is empty, but ${quoted(product.name)} has colours: give this variant one of them.`);
    if (variant.size === "" && variant.color === "" && product.sizes.length + product.colors.length === 0) {
      read.problems.block(sizeAt, "is empty, and so is Variant color: a variant is one of its product's sizes or colours.");
    }
  }
  product.variants = entries.map(({ variant }) => variant);
  const total = totalStock(product.variants);
  if (stockAt.text !== "" && product.stock !== total && !read.problems.blocked) {
    read.problems.note(stockAt, `${quoted(stockAt.text)} is not its variants' stock added up; the product's stock is their total, ${formatCount(total)}.`);
  }
  product.stock = total;
  checkStockTotal(total, stockAt, read.problems);
}
