import { categoryKey } from "../category";
import type { ProductFields } from "../product";
import { type ImportProblem, problemAt, quoted } from "./cells";
import type { CatalogueColumns, CatalogueField, ImportedProduct } from "./reading";

// The plan (issue 13): what confirming an import would create, update or leave alone, for the preview and for the
// import itself.

/** A product as stored, as the plan compares it and the exports write it. */
export type CatalogueProduct = ProductFields & { id: string; sku: string; slug: string; rating: number; reviewCount: number };

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
  /** Rows that clash with the catalogue; they are not in `steps`. */
  problems: ImportProblem[];
};

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
