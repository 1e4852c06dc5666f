// Which answers the server may keep and send again to other shoppers (decision 025): the storefront's pages
// that are the same for every shopper who is not signed in, and their data for in-app navigation. Anything
// about one shopper (bag, tracking, payment, phone lookups) or staff is never kept.

const SHARED_PAGES = [
  /^\/$/,
  /^\/_root\.data$/,
  /^\/products(\.data)?$/,
  /^\/product\/[^/]+?(\.data)?$/,
  /^\/about(\.data)?$/,
  /^\/sitemap\.xml$/,
  /^\/robots\.txt$/,
];

/** Longer addresses are someone probing, not a shopper: not worth a place in the cache. */
export const MAX_CACHED_URL_LENGTH = 512;

/** Whether a GET of this address shows every signed-out shopper the same thing. */
export function isSharedPage(pathname: string, search: string): boolean {
  return pathname.length + search.length <= MAX_CACHED_URL_LENGTH && SHARED_PAGES.some((page) => page.test(pathname));
}

/** Whether an answer may be kept: a success with no cookie that says it is for one visitor only. */
export function isKeepableAnswer(status: number, headers: { get(name: string): string | null }): boolean {
  const cacheControl = headers.get("Cache-Control") ?? "";
  return status === 200 && headers.get("Set-Cookie") === null && !/\b(private|no-store)\b/i.test(cacheControl);
}
