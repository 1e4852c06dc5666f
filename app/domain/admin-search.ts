import { type AdminPage, pagesForRole } from "./admin-pages";
import type { StaffRole } from "./staff";

// The back office's global search (product.md §2 Admin, §9).
const ADMIN_SEARCH_MIN_CHARS = 2;
export const ADMIN_SEARCH_MAX_PER_GROUP = 5;
export const ADMIN_SEARCH_MAX_CHARS = 100;
export const ADMIN_SEARCH_PLACEHOLDER = "Search for products, orders, pages...";
export const ADMIN_SEARCH_EMPTY = "Start typing to search across the admin panel.";

export const noResultsMessage = (query: string) => `No results found for "${query}".`;

/** Whether a query is long enough to search: at least 2 characters once trimmed. */
export function isSearchable(query: string): boolean {
  return query.trim().length >= ADMIN_SEARCH_MIN_CHARS;
}

/** The admin pages whose title contains the query (any case), among those the role may open; at most 5. */
export function matchingAdminPages(query: string, role: StaffRole): AdminPage[] {
  const wanted = query.trim().toLowerCase();
  if (wanted.length < ADMIN_SEARCH_MIN_CHARS) return [];
  return pagesForRole(role)
    .filter((page) => page.title.toLowerCase().includes(wanted))
    .slice(0, ADMIN_SEARCH_MAX_PER_GROUP);
}

/** Where a search result leads. */
export const adminSearchLinks = {
  product: (id: string) => `/admin/products/edit/${encodeURIComponent(id)}`,
  order: (id: string) => `/admin/orders?order=${encodeURIComponent(id)}`,
  rider: () => "/admin/riders",
};
