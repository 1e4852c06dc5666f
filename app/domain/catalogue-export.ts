import { stringify } from "csv-stringify/sync";
import { DUKA_CSV_COLUMNS, DUKA_VARIANT_COLUMNS, dukaYesNo, writeDukaList } from "./catalogue-import/duka";
import type { CatalogueCategory, CatalogueProduct } from "./catalogue-import/plan";
import { neutraliseFormula } from "./csv";
import { isUploadUrl } from "./images";
import { centsToShillings } from "./money";
import { escapeHtml } from "./html";
import type { OrderStatus, PaymentStatus } from "./order-status";
import { discountLineName } from "./promotions";
import { variantCombinations, variantPrice } from "./variants";
import { csvDateTime } from "./shop-time";
import type { ShopDate } from "./report-period";

// Catalogue and order exports (issue 13). Server-side only: csv-stringify needs Node's Buffer as it loads.

type Cell = string | number;

/** Rows as a CSV file for spreadsheet programs: a byte-order mark (read as UTF-8), CRLF, every text cell neutralised. */
function spreadsheetCsv(rows: readonly (readonly Cell[])[]): string {
  return stringify(
    rows.map((row) => [...row]),
    {
      bom: true,
      record_delimiter: "windows",
      // With a record delimiter given, csv-stringify would quote only cells holding "\r\n", not a lone "\n" or "\r".
      quote_record_delimiter: true,
      cast: { string: neutraliseFormula },
    },
  );
}

/** An image as another shop, or another Duka, can fetch it: the shop's own uploads get the shop's address. */
function publicImageUrl(url: string, shopUrl: string): string {
  return isUploadUrl(url) ? new URL(url, shopUrl).href : url;
}

const categoryNamesOf = (categories: readonly CatalogueCategory[]) => new Map(categories.map((category) => [category.id, category.name]));

/** Shillings as the exports write them; empty for none. */
const shillings = (cents: number | null): Cell => (cents === null ? "" : centsToShillings(cents));

/**
 * The catalogue in Duka's own format (DUKA_CSV_COLUMNS), one row per product and, under it, one per variant
 * (DUKA_VARIANT_COLUMNS): prices in shillings, lists parted by "|", yes/no flags, uploads as addresses on `shopUrl`.
 * Reading it back with readCatalogueCsv (given the same shop address) gives the products as they are, variants too,
 * so a plan against the same catalogue changes nothing.
 */
export function dukaProductsCsv(products: readonly CatalogueProduct[], categories: readonly CatalogueCategory[], shopUrl: string): string {
  const categoryNames = categoryNamesOf(categories);
  const fields = Object.keys(DUKA_CSV_COLUMNS) as (keyof typeof DUKA_CSV_COLUMNS)[];
  const rows = products.flatMap((product) => {
    const cells: Record<keyof typeof DUKA_CSV_COLUMNS, Cell> = {
      sku: product.sku,
      name: product.name,
      slug: product.slug,
      categoryName: (product.categoryId && categoryNames.get(product.categoryId)) ?? "",
      priceCents: centsToShillings(product.priceCents),
      compareAtCents: shillings(product.compareAtCents),
      stock: product.stock,
      description: product.description,
      details: writeDukaList(product.details),
      sizes: writeDukaList(product.sizes),
      colors: writeDukaList(product.colors),
      material: product.material,
      culturalInspiration: product.culturalInspiration,
      imageUrls: writeDukaList(product.images.map((url) => publicImageUrl(url, shopUrl))),
      isBestseller: dukaYesNo(product.isBestseller),
      isNewArrival: dukaYesNo(product.isNewArrival),
      isVisible: dukaYesNo(product.isVisible),
      rating: product.rating,
      reviewCount: product.reviewCount,
    };
    const variantRows = product.variants.map((variant) => {
      const own: Partial<Record<keyof typeof DUKA_CSV_COLUMNS, Cell>> = {
        sku: product.sku,
        priceCents: shillings(variant.priceCents),
        compareAtCents: shillings(variant.compareAtCents),
        stock: variant.stock,
      };
      return [...fields.map((field) => own[field] ?? ""), variant.size, variant.color, variant.sku];
    });
    return [[...fields.map((field) => cells[field]), "", "", ""], ...variantRows];
  });
  return spreadsheetCsv([[...Object.values(DUKA_CSV_COLUMNS), ...Object.values(DUKA_VARIANT_COLUMNS)], ...rows]);
}

/** Plain text as simple HTML: a paragraph for each block parted by a blank line, <br> for the other line breaks. */
export function textToHtml(text: string): string {
  return text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split("\n")
          .map((line) => escapeHtml(line.trim()))
          .join("<br>")}</p>`,
    )
    .join("");
}

const SHOPIFY_CSV_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Variant SKU",
  "Variant Inventory Tracker",
  "Variant Inventory Qty",
  "Variant Inventory Policy",
  "Variant Fulfillment Service",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Requires Shipping",
  "Variant Taxable",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "Gift Card",
  "Status",
] as const;
type ShopifyColumn = (typeof SHOPIFY_CSV_COLUMNS)[number];

// Shopify's own spelling for a product without options.
const NO_OPTION = { name: "Title", value: "Default Title" };

/**
 * One product as Shopify's rows: a variant for every size and colour together (Option1 Size, Option2 Color), the
 * product's fields on its first row only, images one per row beside the variants, with rows of their own when there
 * are more images than variants. A product with variants writes each one's stock, price, compare-at price and SKU;
 * one without writes every combination at the product's price and SKU with the whole stock on the first, so that
 * the lowest price and the stock added up give the product back.
 */
function shopifyRows(product: CatalogueProduct, categoryName: string, shop: { name: string; url: string }): Cell[][] {
  const options = [
    { name: "Size", values: product.sizes },
    { name: "Color", values: product.colors },
  ].filter((option) => option.values.length > 0);
  const combinations =
    product.variants.length > 0
      ? product.variants
      : variantCombinations(product.sizes, product.colors).map((options, i) => ({ ...options, stock: i === 0 ? product.stock : 0, priceCents: null, compareAtCents: null, sku: "" }));
  const variants = combinations.length > 0 ? combinations : [{ size: "", color: "", stock: product.stock, priceCents: null, compareAtCents: null, sku: "" }];
  const images = product.images.map((url) => publicImageUrl(url, shop.url));
  const tags = [product.isBestseller && "Bestseller", product.isNewArrival && "New arrival"].filter((tag) => tag !== false);

  return Array.from({ length: Math.max(variants.length, images.length) }, (_, i) => {
    const row: Partial<Record<ShopifyColumn, Cell>> = { Handle: product.slug };
    if (i === 0) {
      Object.assign(row, {
        Title: product.name,
        "Body (HTML)": textToHtml(product.description),
        Vendor: shop.name,
        Type: categoryName,
        Tags: tags.join(", "),
        Published: product.isVisible ? "TRUE" : "FALSE",
        "Option1 Name": options[0]?.name ?? NO_OPTION.name,
        "Option2 Name": options[1]?.name ?? "",
        "Gift Card": "FALSE",
        Status: product.isVisible ? "active" : "draft",
      });
    }
    const variant = variants[i];
    if (variant) {
      const values = [variant.size, variant.color].filter((value) => value !== "");
      const price = variantPrice(product, variant);
      Object.assign(row, {
        "Option1 Value": values[0] ?? NO_OPTION.value,
        "Option2 Value": values[1] ?? "",
        "Variant SKU": variant.sku || product.sku,
        "Variant Inventory Tracker": "shopify",
        "Variant Inventory Qty": variant.stock,
        "Variant Inventory Policy": "deny",
        "Variant Fulfillment Service": "manual",
        "Variant Price": centsToShillings(price.priceCents).toFixed(2),
        "Variant Compare At Price": price.compareAtCents === null ? "" : centsToShillings(price.compareAtCents).toFixed(2),
        "Variant Requires Shipping": "TRUE",
        "Variant Taxable": "TRUE",
      });
    }
    const image = images[i];
    if (image) Object.assign(row, { "Image Src": image, "Image Position": i + 1, "Image Alt Text": product.name });
    return SHOPIFY_CSV_COLUMNS.map((column) => row[column] ?? "");
  });
}

/**
 * The catalogue in Shopify's product CSV format, for a seller moving to Shopify. The handle is the product's
 * slug, the type its category, the vendor the shop's name; bestsellers and new arrivals are tagged "Bestseller"
 * and "New arrival"; hidden products are drafts. Shopify has no place for details, material, cultural
 * inspiration, rating or review count, so they are not in this file (Duka's own format carries them).
 */
export function shopifyProductsCsv(
  products: readonly CatalogueProduct[],
  categories: readonly CatalogueCategory[],
  shop: { name: string; url: string },
): string {
  const categoryNames = categoryNamesOf(categories);
  const rows = products.flatMap((product) =>
    shopifyRows(product, (product.categoryId && categoryNames.get(product.categoryId)) ?? "", shop),
  );
  return spreadsheetCsv([SHOPIFY_CSV_COLUMNS, ...rows]);
}

/** One line of an order, as the orders export writes it. */
export type OrderLineForExport = {
  orderId: string;
  orderDate: Date;
  clientName: string;
  clientPhone: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** The M-Pesa receipt of the order's payment; null when none is known. */
  mpesaReceipt: string | null;
  item: string;
  size: string;
  color: string;
  quantity: number;
  unitPriceCents: number;
};

/**
 * The lines of each order followed, for one placed with a delivery choice, by a line for its delivery: "Delivery
 * (Nairobi CBD)", 1 at its fee (decision 053). `lines` come grouped by order.
 */
export function withDeliveryLines(
  lines: readonly OrderLineForExport[],
  deliveries: ReadonlyMap<string, { delivery: string; feeCents: number }>,
): OrderLineForExport[] {
  return lines.flatMap((line, index) => {
    const delivery = deliveries.get(line.orderId);
    const lastOfOrder = lines[index + 1]?.orderId !== line.orderId;
    if (!delivery || !lastOfOrder) return [line];
    return [line, { ...line, item: `Delivery (${delivery.delivery})`, size: "", color: "", quantity: 1, unitPriceCents: delivery.feeCents }];
  });
}

/**
 * The lines of each order followed, for one placed with discounts, by a line per discount: "Discount (EASTER10)", 1
 * at minus its amount (issue 24), so its lines, with its delivery's, add up to its total. `lines` come grouped by
 * order; the delivery line (withDeliveryLines) goes after these, as the order's summary lists them.
 */
export function withDiscountLines(
  lines: readonly OrderLineForExport[],
  discounts: ReadonlyMap<string, readonly { label: string; amountCents: number }[]>,
): OrderLineForExport[] {
  return lines.flatMap((line, index) => {
    const lastOfOrder = lines[index + 1]?.orderId !== line.orderId;
    if (!lastOfOrder) return [line];
    const taken = (discounts.get(line.orderId) ?? []).map((discount) => ({
      ...line,
      item: discountLineName(discount.label),
      size: "",
      color: "",
      quantity: 1,
      unitPriceCents: -discount.amountCents,
    }));
    return [line, ...taken];
  });
}

export const ORDERS_CSV_COLUMNS = [
  "Order ID",
  "Date",
  "Client",
  "Phone",
  "Status",
  "Payment status",
  "M-Pesa receipt",
  "Item",
  "Size",
  "Color",
  "Quantity",
  "Unit price (KSH)",
  "Line total (KSH)",
] as const;

/**
 * Orders as CSV, one row per order line, dates in the shop's time zone written as the sales report writes them.
 * Amounts are in shillings as the order stored them (whole shillings, as in the sales report, unless a price had
 * cents); a phone number is neutralised like any text ("'+254…"), so a spreadsheet shows it instead of adding it.
 */
export function ordersCsv(lines: readonly OrderLineForExport[], timeZone: string): string {
  const rows = lines.map((line) => [
    line.orderId,
    csvDateTime(line.orderDate, timeZone),
    line.clientName,
    line.clientPhone,
    line.status,
    line.paymentStatus,
    line.mpesaReceipt ?? "",
    line.item,
    line.size,
    line.color,
    line.quantity,
    centsToShillings(line.unitPriceCents),
    centsToShillings(line.unitPriceCents * line.quantity),
  ]);
  return spreadsheetCsv([ORDERS_CSV_COLUMNS, ...rows]);
}

/** The formats the products export writes: Duka's own (it imports back unchanged) and Shopify's. */
export type ProductExportFormat = "duka" | "shopify";

/** The products export's file name: which format and the shop's day it was taken, "products-duka-2026-11-24.csv". */
export const productsCsvFileName = (format: ProductExportFormat, day: ShopDate) => `products-${format}-${day}.csv`;

/** The orders export's file name, saying which days it covers: "orders-2026-11-01-to-2026-11-24.csv". */
export function ordersCsvFileName({ first, last }: { first: ShopDate | null; last: ShopDate | null }): string {
  if (!first && !last) return "orders-all-time.csv";
  if (!first) return `orders-up-to-${last}.csv`;
  if (!last) return `orders-from-${first}.csv`;
  return first === last ? `orders-${first}.csv` : `orders-${first}-to-${last}.csv`;
}
