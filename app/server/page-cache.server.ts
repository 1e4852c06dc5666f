import { randomBytes } from "node:crypto";
import { isKeepableAnswer, keptPageSearch, sharedPageKind } from "~/domain/page-cache";
import { liveCache } from "./live-cache.server";
import { pageCacheLookup } from "./metrics.server";
import { hasSessionCookie } from "./session.server";
import { countLookup } from "./tracking.server";

/** A rendered page as sent, its nonce replaced by a placeholder while it is kept. */
export type SharedPage = { status: number; headers: [string, string][]; body: string };

/** What a page's render gives the route modules beyond the request (see load-context.ts). */
export type SharedRenderContext = { lookupCounted: boolean };

type Answer = { page: SharedPage; keep: boolean };
const keep = (answer: Answer) => answer.keep;

// Every topic a catalogue page shows: products (and what is held of them), categories, settings and content.
const cataloguePages = liveCache<string, Answer>(["products", "categories", "settings", "content"], { maxEntries: 500, keep });
// A tracking page shows one order (status, rider, lines) in the shop's layout.
const trackingPages = liveCache<string, Answer>(["orders", "riders", "categories", "settings", "content"], {
  maxEntries: 1_000,
  keep,
});

// Pages are rendered with this in place of the request's CSP nonce and sent with each request's own. Random per
// process, so no text staff type can contain it.
const NONCE_PLACEHOLDER = randomBytes(18).toString("base64url");

/**
 * The answer to a GET of `url` by a visitor who is not signed in, to a page every such visitor sees alike:
 * a kept copy, or one rendered by `render` (given the request to answer and the nonce to write), kept when it
 * may be (decisions 025, 026). Undefined when the page is not one of those, or when the visitor has used up
 * their order lookups (the page itself then says so).
 */
export async function sharedPage(
  visit: { url: URL; cookie: string; nonce: string; clientAddress: string },
  render: (request: Request, nonce: string, context: SharedRenderContext) => Promise<Response>,
): Promise<SharedPage | undefined> {
  const { url, cookie, nonce } = visit;
  const kind = hasSessionCookie(cookie) ? undefined : sharedPageKind(url.pathname, url.search);
  if (!kind) return undefined;
  // Every view of a tracking page, kept or not, counts as an order lookup, so tracking ids cannot be guessed.
  if (kind === "tracking" && countLookup(visit.clientAddress)) return undefined;
  const pages = kind === "tracking" ? trackingPages : cataloguePages;
  // Kept and rendered by the query parameters the page reads: others make no new copy (issue 21).
  const kept = new URL(`${url.pathname}${keptPageSearch(url.pathname, url.search)}`, url);
  let rendered = false;
  const { page } = await pages.get(kept.href, async () => {
    rendered = true;
    // Rendered from the address alone: what the page shows every visitor may depend on nothing one visitor
    // sent, least of all their cookies.
    const response = await render(new Request(kept), NONCE_PLACEHOLDER, { lookupCounted: kind === "tracking" });
    const page = { status: response.status, headers: [...response.headers.entries()], body: await response.text() };
    return { page, keep: isKeepableAnswer(kind, response.status, response.headers) };
  });
  pageCacheLookup(kind, !rendered);
  return { ...page, body: page.body.replaceAll(NONCE_PLACEHOLDER, nonce) };
}
