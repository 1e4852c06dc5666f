import { z } from "zod";
import { SEARCH_MAX_CHARS } from "./catalogue";
import { MAX_PRICE_KSH } from "./product";

const MAX_FILTER_CHARS = 100;
const MAX_PAGE = 10_000;

// Each field falls back to "not set" on its own, so one bad value in a shared link never spoils the rest.
const optionalText = z
  .string()
  .trim()
  .max(MAX_FILTER_CHARS)
  .transform((text) => text || undefined)
  .optional()
  .catch(undefined);

/** The shop's filters from its search params (product.md §2, §5); bad values are dropped, never an error. */
export const shopFiltersSchema = z.object({
  q: z
    .string()
    .transform((text) => text.trim().slice(0, SEARCH_MAX_CHARS).trim() || undefined)
    .optional()
    .catch(undefined),
  categoryId: optionalText,
  maxPrice: z
    .union([z.number(), z.string().trim().min(1).transform(Number)])
    .pipe(z.number().min(0))
    // No product may cost more than MAX_PRICE_KSH, so a maximum at or above it keeps every product: it is no
    // maximum, and a number past what the database's integers hold never reaches a query.
    .transform((ksh) => (ksh < MAX_PRICE_KSH ? ksh : undefined))
    .optional()
    .catch(undefined),
  size: optionalText,
  color: optionalText,
  material: optionalText,
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
});

export type ShopFilters = z.output<typeof shopFiltersSchema>;

/** Reads the shop's filters from a URL's search params; never fails. */
export function parseShopFilters(params: URLSearchParams): ShopFilters {
  return shopFiltersSchema.parse(Object.fromEntries(params));
}
