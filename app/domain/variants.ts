// Sizes and colours that keep stock of their own (issue 22, decision 049). A product either sells from its own stock
// (product.md §4) or, when it has variants, from one stock per size and colour combination; a variant may have its
// own price, compare-at price and SKU, and takes the product's where it has none.

/** The size and colour that name a combination ('' for an option the product does not have). */
export type VariantOptions = { size: string; color: string };

/** A variant as staff keep it: its combination, stock, and its own price, compare-at price and SKU when it has them. */
export type Variant = VariantOptions & {
  stock: number;
  priceCents: number | null;
  compareAtCents: number | null;
  sku: string;
};

/**
 * Every combination of the product's sizes and colours, sizes first (M with each colour, then L...): the variant rows
 * the product form shows. A product with only sizes or only colours has one row per option, none without either.
 */
export function variantCombinations(sizes: readonly string[], colors: readonly string[]): VariantOptions[] {
  if (sizes.length === 0 && colors.length === 0) return [];
  const sizeList = sizes.length > 0 ? sizes : [""];
  const colorList = colors.length > 0 ? colors : [""];
  return sizeList.flatMap((size) => colorList.map((color) => ({ size, color })));
}

/** How a shop names a combination: "M, Indigo", or "M" or "Indigo" when the product has only one of them. */
export function variantLabel(options: VariantOptions): string {
  return [options.size, options.color].filter((option) => option !== "").join(", ");
}

/** A product and the combination ordered, as orders, lists and messages name it: "Ankara Wrap Dress — M, Indigo". */
export function variantDisplayName(productName: string, options: VariantOptions): string {
  const label = variantLabel(options);
  return label === "" ? productName : `${productName} — ${label}`;
}

/** Whether two combinations are the same one. */
export const sameOptions = (a: VariantOptions, b: VariantOptions) => a.size === b.size && a.color === b.color;

/** A key for a combination, for maps; the separator is a character nobody types. */
export const optionsKey = (options: VariantOptions) => `${options.size}\u001f${options.color}`;

/** What a combination sells at: its own price when it has one, else the product's. */
export function variantPrice(
  product: { priceCents: number; compareAtCents: number | null },
  variant: { priceCents: number | null; compareAtCents: number | null } | undefined,
): { priceCents: number; compareAtCents: number | null } {
  if (!variant || variant.priceCents === null) {
    return { priceCents: product.priceCents, compareAtCents: variant?.compareAtCents ?? product.compareAtCents };
  }
  return { priceCents: variant.priceCents, compareAtCents: variant.compareAtCents };
}

/** Whether a price is a sale: a compare-at ("was") price above it (decision 049). Otherwise the shop shows no "was" price. */
export function isOnSale(price: { priceCents: number; compareAtCents: number | null }): boolean {
  return price.compareAtCents !== null && price.compareAtCents > price.priceCents;
}

/** A product's stock when it has variants: their total (the product form's read-only Stock field). */
export function totalStock(variants: readonly { stock: number }[]): number {
  return variants.reduce((sum, variant) => sum + variant.stock, 0);
}

/**
 * The variant rows a product keeps once its sizes or colours change: one per combination, in the form's order, each
 * with what it had before (or nothing, for a new combination); rows of a removed size or colour are dropped.
 */
export function variantsForOptions<T extends VariantOptions>(
  sizes: readonly string[],
  colors: readonly string[],
  previous: readonly T[],
  blank: (options: VariantOptions) => T,
): T[] {
  const before = new Map(previous.map((variant) => [optionsKey(variant), variant]));
  return variantCombinations(sizes, colors).map((options) => before.get(optionsKey(options)) ?? blank(options));
}

/** The rows a change of sizes or colours drops that still hold stock: the product form warns before it saves. */
export function droppedVariantsWithStock<T extends VariantOptions & { stock: number }>(
  sizes: readonly string[],
  colors: readonly string[],
  previous: readonly T[],
): T[] {
  const kept = new Set(variantCombinations(sizes, colors).map(optionsKey));
  return previous.filter((variant) => variant.stock > 0 && !kept.has(optionsKey(variant)));
}
