import { webAddress } from "../images";
import type { Variant } from "../variants";
import type { ImportProblem } from "./cells";
import { problemAt, quoted } from "./cells";
import { DUKA_CSV_COLUMNS, readDukaFile } from "./duka";
import {
  CATALOGUE_IMPORT_MAX_ROWS,
  type Cell,
  columnOf,
  EMPTY_FILE_MESSAGE,
  type FileContext,
  NO_PRODUCT_ROWS_MESSAGE,
  readRows,
  tooManyRowsMessage,
  UNKNOWN_FORMAT_MESSAGE,
} from "./file";
import { readShopifyFile } from "./shopify";
import { readWooFile } from "./woocommerce";

// Catalogue import (issue 13): a CSV file read into product drafts and problems, in Duka's own format, Shopify's
// or WooCommerce's, and the plan (plan.ts) that says what confirming it would create, update or leave alone.
// Nothing here touches the database or fetches an image: the server does both with what these functions return.

export type CatalogueFormat = "duka" | "shopify" | "woocommerce";

export const CATALOGUE_FORMAT_NAMES: Record<CatalogueFormat, string> = { duka: "Duka", shopify: "Shopify", woocommerce: "WooCommerce" };

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
  /** The "was" price (decision 049); null for none. */
  compareAtCents: number | null;
  /** The product's stock; with variants, their total. */
  stock: number;
  /**
   * The sizes and colours that keep stock of their own, in the product form's order; empty when the product sells
   * from its one stock. A variant's price is null where it is the product's.
   */
  variants: Variant[];
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

/** A product read from its rows, with where its SKU and slug came from, for the checks across rows. */
export type Candidate = {
  product: ImportedProduct;
  blocked: boolean;
  skuAt: Cell | null;
  slugAt: Cell | null;
};

export type FormatReader = (file: FileContext) => { candidates: Candidate[]; columns: CatalogueColumns };

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
