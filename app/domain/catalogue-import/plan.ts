import { categoryKey } from "../category";
import { formatCount } from "../number-format";
import type { ProductFields } from "../product";
import { droppedVariantsWithStock, sameOptions, totalStock, type Variant, variantDisplayName, variantsForOptions } from "../variants";
import { type ImportProblem, problemAt, quoted } from "./cells";
import type { CatalogueColumns, CatalogueField, ImportedProduct } from "./reading";

// The plan (issue 13): what confirming an import would create, update or leave alone, for the preview and for the
// import itself.

/** A product as stored, as the plan compares it and the exports write it: with its variants, in the form's order. */
export type CatalogueProduct = ProductFields & {
  id: string;
  sku: string;
  slug: string;
  rating: number;
  reviewCount: number;
  compareAtCents: number | null;
  variants: Variant[];
};

export type CatalogueCategory = { id: string; name: string };

type CataloguePlanStep = { product: ImportedProduct } & (
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
  /** Rows that clash with the catalogue (they are not in `steps`), and notes on what a step keeps as stored. */
  problems: ImportProblem[];
};

// Browsers post a form's line breaks as CRLF, files bring LF: the same text either way.
const sameText = (a: string, b: string) => a.replace(/\r\n?/g, "\n") === b.replace(/\r\n?/g, "\n");

const sameVariant = (a: Variant, b: Variant) =>
  sameOptions(a, b) && a.stock === b.stock && a.priceCents === b.priceCents && a.compareAtCents === b.compareAtCents && a.sku === b.sku;

function sameValue(field: CatalogueField, product: ImportedProduct, stored: CatalogueProduct, storedCategory: string | null): boolean {
  // None is a value of its own: a compare-at price the file leaves empty is taken off.
  if (field === "compareAtCents") return product.compareAtCents === stored.compareAtCents;
  if (field === "variants") {
    return product.variants.length === stored.variants.length && product.variants.every((variant, i) => sameVariant(variant, stored.variants[i]!));
  }
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

  for (const fromFile of reading.products) {
    let product = fromFile;
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
      const kept = keptVariants(product, match, reading.columns, problems);
      product = kept?.product ?? product;
      const changes = [...new Set([...fields, ...(kept?.fields ?? [])])].filter((field) => !sameValue(field, product, match, storedCategory));
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

/**
 * A file without variants (an older Duka file, or one with only some columns) leaves a product's variants as stored,
 * following the sizes and colours it gives as the product form does: a removed size's rows go (a note says what stock
 * they held), a new one's come with no stock. The product's stock stays their total, whatever the file's Stock says.
 * Gives the product to compare and the fields that then may change, or nothing when the file carries variants or
 * the stored product has none.
 */
function keptVariants(
  product: ImportedProduct,
  stored: CatalogueProduct,
  columns: CatalogueColumns,
  problems: ImportProblem[],
): { product: ImportedProduct; fields: CatalogueField[] } | undefined {
  if (columns.variants !== undefined || stored.variants.length === 0) return undefined;
  const sizes = columns.sizes === undefined ? stored.sizes : product.sizes;
  const colors = columns.colors === undefined ? stored.colors : product.colors;
  const blank = (options: { size: string; color: string }): Variant => ({ ...options, stock: 0, priceCents: null, compareAtCents: null, sku: "" });
  const variants = variantsForOptions(sizes, colors, stored.variants, blank);
  const stock = totalStock(variants);
  const note = (column: string, detail: string) => problems.push(problemAt({ row: product.row, column, text: "" }, detail, false));
  for (const dropped of droppedVariantsWithStock(sizes, colors, stored.variants)) {
    note(columns.sizes ?? columns.colors ?? "", `${quoted(variantDisplayName(stored.name, dropped))} had ${formatCount(dropped.stock)} in stock; the file's sizes and colours leave it out, so it is removed.`);
  }
  if (columns.stock !== undefined && product.stock !== stock) {
    note(columns.stock, `${quoted(stored.name)} keeps stock per size and colour, so its stock stays their total, ${formatCount(stock)}, not ${formatCount(product.stock)}.`);
  }
  return { product: { ...product, variants, stock }, fields: ["variants", "stock"] };
}
