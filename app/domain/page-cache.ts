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
  /^\/sitemap\.xml$/,
  /^\/robots\.txt$/,
];

const TRACKING_PAGE = /^\/track\/[^/]+?(\.data)?$/;

/** Longer addresses are someone probing, not a shopper: not worth a place in the cache. */
export const MAX_CACHED_URL_LENGTH = 512;

/**
 * Whether a GET of this address shows every signed-out shopper the same thing: a catalogue page, or a tracking
 * page (each view of which still counts as an order lookup).
 */
export function sharedPageKind(pathname: string, search: string): "catalogue" | "tracking" | undefined {
  if (pathname.length + search.length > MAX_CACHED_URL_LENGTH) return undefined;
  if (CATALOGUE_PAGES.some((page) => page.test(pathname))) return "catalogue";
  return TRACKING_PAGE.test(pathname) ? "tracking" : undefined;
}

/** Whether an answer may be kept: a success with no cookie that says it is for one visitor only. */
export function isKeepableAnswer(status: number, headers: { get(name: string): string | null }): boolean {
  const cacheControl = headers.get("Cache-Control") ?? "";
  return status === 200 && headers.get("Set-Cookie") === null && !/\b(private|no-store)\b/i.test(cacheControl);
}
