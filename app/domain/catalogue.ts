import type { ShopFilters } from "./catalogue.schema";

export type { ShopFilters } from "./catalogue.schema";
import { shillingsToCents } from "./money";
import type { VariantOptions } from "./variants";

/** The price slider runs from 0 to KSH 500 (product.md §5, §9). */
export const PRICE_SLIDER_MAX_KSH = 500;
/** Search suggestions need at least 2 characters and show at most 5 (product.md §9). */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_SUGGESTIONS = 5;
/** The longest search the shop reads; longer text is cut. */
export const SEARCH_MAX_CHARS = 100;

/** What the shop filters look at on a product. */
export type FilterableProduct = {
  name: string;
  description: string;
  categoryId: string | null;
  priceCents: number;
  sizes: readonly string[];
  colors: readonly string[];
  material: string;
  culturalInspiration?: string;
  categoryName?: string | null;
  isVisible: boolean;
  /** Its variants with what is left of each (availableStock), when it keeps stock per size and colour. */
  variants?: readonly (VariantOptions & { available: number })[];
};

/**
 * Whether a product shows in the shop under these filters (product.md §5): hidden products never; the search
 * matches name or description regardless of case, and also the cultural inspiration, material and category
 * name that search suggestions are drawn from, so picking a suggestion always finds something (decision 011); size and colour must be among the product's; material
 * and category must be exactly the product's; the price must be at or below the maximum. A product that keeps stock
 * per variant shows under a size or colour only when a variant of that size and colour has some left (issue 22).
 */
export function matchesShopFilters(product: FilterableProduct, filters: Omit<ShopFilters, "page">): boolean {
  if (!product.isVisible) return false;
  if (filters.q !== undefined) {
    const q = filters.q.toLowerCase();
    const searched = [product.name, product.description, product.culturalInspiration, product.material, product.categoryName];
    if (!searched.some((text) => text?.toLowerCase().includes(q))) return false;
  }
  if (filters.categoryId !== undefined && product.categoryId !== filters.categoryId) return false;
  if (filters.maxPrice !== undefined && product.priceCents > shillingsToCents(filters.maxPrice)) return false;
  if (filters.size !== undefined && !product.sizes.includes(filters.size)) return false;
  if (filters.color !== undefined && !product.colors.includes(filters.color)) return false;
  if (filters.material !== undefined && product.material !== filters.material) return false;
  if ((filters.size !== undefined || filters.color !== undefined) && (product.variants?.length ?? 0) > 0) {
    return hasOptionsLeft(product.variants!, filters);
  }
  return true;
}

/** Whether a variant of the filters' size and colour (either, or both at once) has some left (issue 22). */
function hasOptionsLeft(
  variants: readonly (VariantOptions & { available: number })[],
  { size, color }: { size?: string | undefined; color?: string | undefined },
): boolean {
  return variants.some((v) => v.available > 0 && (size === undefined || v.size === size) && (color === undefined || v.color === color));
}

/** The categories whose name contains the search text, regardless of case: their products match it too. */
export function categoriesMatching<C extends { id: string; name: string }>(categories: readonly C[], q: string): string[] {
  const text = q.toLowerCase();
  return categories.filter((category) => category.name.toLowerCase().includes(text)).map((category) => category.id);
}

/** Where search suggestions come from, in the order they are offered (product.md §2, Shop). */
export type SuggestionSources = {
  productNames: readonly string[];
  culturalInspirations: readonly string[];
  materials: readonly string[];
  categoryNames: readonly string[];
};

/**
 * Search suggestions for what the shopper has typed: none under 2 characters; otherwise up to 5 names,
 * inspirations, materials or categories containing it (any case), each once, those starting with it first.
 */
export function searchSuggestions(query: string, sources: SuggestionSources, limit = SEARCH_MAX_SUGGESTIONS): string[] {
  const q = query.trim().toLowerCase();
  if (q.length < SEARCH_MIN_CHARS) return [];
  const seen = new Set<string>();
  const startsWith: string[] = [];
  const contains: string[] = [];
  const candidates = [
    ...sources.productNames,
    ...sources.culturalInspirations,
    ...sources.materials,
    ...sources.categoryNames,
  ];
  for (const candidate of candidates) {
    const text = candidate.trim();
    const key = text.toLowerCase();
    if (!key.includes(q) || seen.has(key)) continue;
    seen.add(key);
    (key.startsWith(q) ? startsWith : contains).push(text);
  }
  return [...startsWith, ...contains].slice(0, Math.max(0, limit));
}

/** The search params for a shop link with these filters; unset filters and page 1 are left out. */
export function shopFiltersToSearchParams(filters: Partial<ShopFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.categoryId) params.set("categoryId", filters.categoryId);
  if (filters.maxPrice !== undefined) params.set("maxPrice", String(filters.maxPrice));
  if (filters.size) params.set("size", filters.size);
  if (filters.color) params.set("color", filters.color);
  if (filters.material) params.set("material", filters.material);
  if (filters.page !== undefined && filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** How many filters are set (search included, page not), e.g. for a badge on the mobile filter button. */
export function activeFilterCount(filters: Partial<ShopFilters>): number {
  const { q, categoryId, maxPrice, size, color, material } = filters;
  return [q, categoryId, maxPrice, size, color, material].filter((value) => value !== undefined && value !== "").length;
}
