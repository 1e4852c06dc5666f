import { readFileSync } from "node:fs";
import { blankProduct } from "../product";
import type { CatalogueProduct } from "./plan";
import { type ImportedProduct, readCatalogueCsv } from "./reading";

// What the catalogue import's and export's tests share: the sample files, reading them, what to look at in a
// reading, and stored products to plan against or export.

export const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/catalogue/${name}`, import.meta.url), "utf8");

export function read(text: string, options?: { shopUrl?: string }) {
  const reading = readCatalogueCsv(text, options);
  if ("error" in reading) throw new Error(reading.error);
  return reading;
}

export function errorOf(text: string): string {
  const reading = readCatalogueCsv(text);
  return "error" in reading ? reading.error : "no error";
}

export const messages = (reading: { problems: { message: string }[] }) => reading.problems.map((problem) => problem.message);
export const rowsOf = (reading: { products: ImportedProduct[] }) => reading.products.map((product) => product.row);
export const productOn = (reading: { products: ImportedProduct[] }, row: number) => reading.products.find((product) => product.row === row);

export const DUKA_HEADER =
  "SKU,Name,Slug,Category,Price (KSH),Stock,Description,Details,Sizes,Colors,Material,Cultural inspiration,Images,Bestseller,New arrival,Visible,Rating,Review count";
export const CDN = "https://cdn.shopify.com/s/files/1/0612/4481/0033/files/";
export const WP = "https://shop.example.co.ke/wp-content/uploads/2024/05/";

export type StoredProductFields = Partial<CatalogueProduct> & Pick<CatalogueProduct, "id" | "sku" | "slug" | "name">;

/** A product as stored: a blank product, uncategorised and unrated, but for the fields given. */
export const storedProduct = (fields: StoredProductFields): CatalogueProduct => ({
  ...blankProduct(),
  categoryId: null,
  rating: 0,
  reviewCount: 0,
  compareAtCents: null,
  variants: [],
  ...fields,
});
