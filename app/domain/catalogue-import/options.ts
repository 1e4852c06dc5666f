import { optionsKey, totalStock, type Variant, type VariantOptions, variantLabel } from "../variants";
import { addOnce, checkStockTotal, optionList, type Problems, quoted } from "./cells";
import type { Cell } from "./file";
import type { ImportedProduct } from "./reading";

// Variants as Shopify and WooCommerce files give them (issue 22): options named as shops name them, read as a size
// and a colour, and each combination's stock, price and SKU.

/** An option as a variant's row names it: "Ring Size" = "7". */
export type NamedOption = { name: string; value: string };

/** Between a variant's size and the other options kept in it: "M · Logo: Yes" (decision 050). */
const KEPT_OPTION_SEPARATOR = " · ";

// Shopify's one option of a product without options.
const NO_OPTION: NamedOption = { name: "Title", value: "Default Title" };

/**
 * A combination's size and colour from its options (decision 050): the first option named as a size is the size,
 * the first named as a colour the colour (optionList); every other option is kept in the size as "Name: Value",
 * after the size ("M · Logo: Yes", or "Logo: Yes" without one), so no two combinations become one.
 */
export function variantOptions(options: readonly NamedOption[]): VariantOptions {
  let size: string | null = null;
  let color: string | null = null;
  const kept: string[] = [];
  for (const { name, value } of options) {
    if (value === "" || (name === NO_OPTION.name && value === NO_OPTION.value)) continue;
    const list = optionList(name);
    if (list === "sizes" && size === null) size = value;
    else if (list === "colors" && color === null) color = value;
    else kept.push(name === "" ? value : `${name}: ${value}`);
  }
  return { size: [size ?? "", ...kept].filter((part) => part !== "").join(KEPT_OPTION_SEPARATOR), color: color ?? "" };
}

/** A combination as the file gives it: where it is, its stock (and whether the file keeps one for it), price, SKU. */
export type VariantDraft = VariantOptions & {
  at: Cell;
  stock: number;
  ownStock: boolean;
  priceCents: number;
  compareAtCents: number | null;
  sku: string;
};

/** `total` shared out over `count` combinations as evenly as whole units allow, the first ones taking the rest. */
export function sharedStock(total: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.floor(total / count) + (i < total % count ? 1 : 0));
}

/**
 * A variant's own price as the shop keeps it: null where it sells at the product's price and compare-at price, so a
 * later change of the product's price carries over; explicit where variantPrice would otherwise answer differently.
 */
function ownPrice(product: Pick<ImportedProduct, "priceCents" | "compareAtCents">, draft: VariantDraft): Pick<Variant, "priceCents" | "compareAtCents"> {
  if (draft.priceCents !== product.priceCents) return { priceCents: draft.priceCents, compareAtCents: draft.compareAtCents };
  if (draft.compareAtCents === product.compareAtCents) return { priceCents: null, compareAtCents: null };
  // A variant without a price of its own shows the product's compare-at price; "none" needs the price written out.
  return draft.compareAtCents === null ? { priceCents: draft.priceCents, compareAtCents: null } : { priceCents: null, compareAtCents: draft.compareAtCents };
}

/**
 * The product's price, sizes, colours and, when its combinations carry stock or prices of their own, its variants
 * (stock then their total). The price is the lowest, with that combination's compare-at price. A combination named
 * twice keeps its first row; the later one is left out with a note. Products whose combinations share one stock and
 * one price import as before: one stock, the sizes and colours as lists. Gives whether the product keeps variants.
 */
export function applyVariants(product: ImportedProduct, drafts: readonly VariantDraft[], problems: Problems, stockAt: Cell): boolean {
  const firstAt = new Map<string, Cell>();
  const kept: VariantDraft[] = [];
  for (const draft of drafts) {
    const key = optionsKey(draft);
    const first = firstAt.get(key);
    const hasOptions = draft.size !== "" || draft.color !== "";
    if (first && hasOptions) {
      problems.note(draft.at, `${quoted(variantLabel(draft))} is also on row ${first.row}, so this row is left out.`);
      continue;
    }
    firstAt.set(key, draft.at);
    kept.push(draft);
  }
  const cheapest = kept.reduce<VariantDraft | undefined>((low, draft) => (low && low.priceCents <= draft.priceCents ? low : draft), undefined);
  if (!cheapest) return false;
  product.priceCents = cheapest.priceCents;
  product.compareAtCents = cheapest.compareAtCents;
  for (const draft of kept) {
    addOnce(product.sizes, draft.size);
    addOnce(product.colors, draft.color);
  }

  const hasOptions = product.sizes.length > 0 || product.colors.length > 0;
  const ownStock = kept.length > 1 && kept.some((draft) => draft.ownStock);
  const ownPrices = kept.some((draft) => draft.priceCents !== product.priceCents || draft.compareAtCents !== product.compareAtCents);
  if (!hasOptions || !(ownStock || ownPrices)) return false;
  product.variants = kept.map((draft) => ({ size: draft.size, color: draft.color, stock: draft.stock, ...ownPrice(product, draft), sku: draft.sku }));
  product.stock = totalStock(product.variants);
  checkStockTotal(product.stock, stockAt, problems);
  return true;
}
