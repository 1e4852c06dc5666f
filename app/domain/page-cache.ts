// Which answers the server may keep and send again to other shoppers (decisions 025, 026): the storefront's
// pages that are the same for every shopper who is not signed in, and their data for in-app navigation; and
// an order's tracking page, the same for everyone who has its tracking id. Anything else about one shopper
// (bag, checkout, payment, phone lookups) or staff is never kept.

const CATALOGUE_PAGES = [
  /^\/$/,
  /^\/_root\.data$/,
  /^\/products(\.data)?$/,
  /^\/product\/[^/]+?(\.data)?$/,
  /^\/about(\.data)?$/,
  /^\/privacy(\.data)?$/,
  /^\/sitemap\.xml$/,
  /^\/robots\.txt$/,
];

const TRACKING_PAGE = /^\/track\/[^/]+?(\.data)?$/;

// The query parameters a shared page reads: the shop's filters (parseShopFilters, product.md §2, §5) on the shop
// page, and React Router's own on any page's data. Any other (utm_source, fbclid, a made-up one) changes nothing a
// page shows, so it is left out of the kept page's address: it makes no copy of its own and never reaches the
// rendering (issue 21).
const SHOP_PAGE = /^\/products(\.data)?$/;
const SHOP_FILTER_PARAMS = ["q", "categoryId", "maxPrice", "size", "color", "material", "page"];
const DATA_PARAMS = ["_routes", "index"];
// A sign-up sent without JavaScript comes back to its page with the answer in the address (pageAfterSubscribing),
// for that visitor alone: such a page is not shared.
const NEWSLETTER_ANSWER_PARAMS = ["newsletter", "newsletter-email"];

/** Longer addresses are someone probing, not a shopper: not worth a place in the cache. */
export const MAX_CACHED_URL_LENGTH = 512;

export type SharedPageKind = "catalogue" | "tracking";

/** The part of a shared page's query its page reads, in one order, as kept and rendered: "" or "?…". */
export function keptPageSearch(pathname: string, search: string): string {
  const read = [...(SHOP_PAGE.test(pathname) ? SHOP_FILTER_PARAMS : []), ...(pathname.endsWith(".data") ? DATA_PARAMS : [])];
  const kept = new URLSearchParams([...new URLSearchParams(search)].filter(([name]) => read.includes(name)));
  kept.sort();
  return kept.size > 0 ? `?${kept}` : "";
}

/**
 * Whether a GET of this address shows every signed-out shopper the same thing: a catalogue page, or a tracking
 * page (each view of which still counts as an order lookup).
 */
export function sharedPageKind(pathname: string, search: string): SharedPageKind | undefined {
  const params = new URLSearchParams(search);
  if (NEWSLETTER_ANSWER_PARAMS.some((name) => params.has(name))) return undefined;
  if (pathname.length + keptPageSearch(pathname, search).length > MAX_CACHED_URL_LENGTH) return undefined;
  if (CATALOGUE_PAGES.some((page) => page.test(pathname))) return "catalogue";
  return TRACKING_PAGE.test(pathname) ? "tracking" : undefined;
}

/** What every page about one shopper's order, phone number or checkout tells browsers and proxies. */
export const PERSONAL_PAGE_CACHE_CONTROL = "private, no-store";

/**
 * Whether an answer may be kept: a success that sets no cookie and, for a catalogue page, does not say it is
 * for one visitor only. A tracking page always says so, as it is about one order, so no browser or proxy keeps
 * it; the shop keeps it all the same, per tracking id, and counts every view (decision 026).
 */
export function isKeepableAnswer(kind: SharedPageKind, status: number, headers: { get(name: string): string | null }): boolean {
  if (status !== 200 || headers.get("Set-Cookie") !== null) return false;
  return kind === "tracking" || !/\b(private|no-store)\b/i.test(headers.get("Cache-Control") ?? "");
}

type HeadersArgs = { loaderHeaders: Headers; actionHeaders: Headers };

/**
 * The `headers` of a page about one shopper (an order, a phone number's orders, the checkout's idempotency
 * key): what its loader or action said (Retry-After, say), and that no browser or proxy may keep it (decision 027).
 */
export function personalPageHeaders({ loaderHeaders, actionHeaders }: HeadersArgs): Headers {
  const headers = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) headers.set(name, value);
  headers.set("Cache-Control", PERSONAL_PAGE_CACHE_CONTROL);
  return headers;
}
