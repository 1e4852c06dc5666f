import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, ServerRouter } from "react-router";
import { NonceContext } from "./components/nonce";
import { UploadsAddressContext } from "./components/uploads-address";
import { config } from "./server/config.server";
import { log } from "./server/log.server";

export { closeShop, drainShop, prepareShop, readiness } from "./server/lifecycle.server";
export { sharedPage } from "./server/page-cache.server";
export { serveUpload } from "./server/image-store.server";
export { log } from "./server/log.server";
export { observeRequests } from "./server/request-log.server";

export const streamTimeout = 5_000;

/** What a loader or action threw, logged as one JSON line with its request's id (React Router would print it raw). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // A shopper who went away is not an error.
  if (!request.signal.aborted) log().error({ err: error }, "A request failed.");
};

/**
 * The page's JavaScript is fetched at low priority: the server-rendered page works without it, so on a slow
 * phone network the stylesheet, the fonts and the main picture come first and the page paints about a second
 * sooner (issue 10, decision 035). React Router's <Scripts> writes the `modulepreload` links with no way to set
 * their priority, so the finished head is given it here, once per page.
 */
function scriptsAtLowPriority() {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
    flush(done) {
      const html = Buffer.concat(chunks).toString("utf8");
      const headEnd = Math.max(html.indexOf("</head>"), 0);
      const head = html.slice(0, headEnd).replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
      done(null, head + html.slice(headEnd));
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The whole page is rendered before it is sent: shoppers and search engines get complete HTML, and
    // our loaders do not defer data, so waiting costs nothing.
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <UploadsAddressContext value={config().uploadsPublicUrl}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </UploadsAddressContext>
      </NonceContext>,
      {
        nonce,
        // Every Suspense boundary is written in place: a part hydrated later (hydrate-later.tsx) must not be sent after
        // the page and swapped in by a script, which a page without JavaScript never runs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const body = scriptsAtLowPriority();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log().error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
