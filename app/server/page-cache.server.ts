import { randomBytes } from "node:crypto";
import { isKeepableAnswer, isSharedPage } from "~/domain/page-cache";
import { liveCache } from "./live-cache.server";
import { SESSION_COOKIE } from "./session.server";

/** A rendered page kept for other shoppers, its nonce replaced by a placeholder. */
export type SharedPage = { status: number; headers: [string, string][]; body: string };

// Every topic a shared page shows: products (and what is held of them), categories, settings and content.
const cachedPages = liveCache<string, SharedPage | undefined>(["products", "categories", "settings", "content"], {
  maxEntries: 500,
  keep: (page) => page !== undefined,
});

// Pages are rendered with this in place of the request's CSP nonce and sent with each request's own. Random per
// process, so no text staff type can contain it.
const NONCE_PLACEHOLDER = randomBytes(18).toString("base64url");

const signedIn = (cookie: string) => cookie.split(";").some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));

/**
 * The shared page for a GET of `url` by a visitor who is not signed in, rendered by `render` (given the nonce
 * to write) when no kept copy exists; undefined when the visitor, the address or the answer is not one to
 * share (decision 025).
 */
export async function sharedPage(
  visit: { url: URL; cookie: string; nonce: string },
  render: (nonce: string) => Promise<Response>,
): Promise<SharedPage | undefined> {
  const { url, cookie, nonce } = visit;
  if (signedIn(cookie) || !isSharedPage(url.pathname, url.search)) return undefined;
  const page = await cachedPages.get(url.href, async () => {
    const response = await render(NONCE_PLACEHOLDER);
    if (!isKeepableAnswer(response.status, response.headers)) {
      await response.body?.cancel();
      return undefined;
    }
    return { status: response.status, headers: [...response.headers.entries()], body: await response.text() };
  });
  return page && { ...page, body: page.body.replaceAll(NONCE_PLACEHOLDER, nonce) };
}
