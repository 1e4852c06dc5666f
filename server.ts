import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
// Pure rules without state, so importing them beside the build holds no second copy of anything (decision 046).
import { type BodyLimit, requestBodyLimit } from "./app/domain/request-bodies";
import { parseTrustProxy } from "./app/domain/trust-proxy";
// scripts/start.ts reads the configuration through this module already; server.ts takes only where the project is.
import { projectRoot } from "./app/server/config.server";

const buildDir = path.join(projectRoot(), "build");

type SharedPage = { status: number; headers: [string, string][]; body: string };
type ShopLog = { info(message: string): void; warn(message: string): void };
type ShopLifecycle = {
  /** The build's logger: one per process, JSON lines with the process's name and each request's reqId (decision 061). */
  log(): ShopLog;
  observeRequests(options: {
    routes: ServerBuild["routes"];
    publicDir: string;
    trusts: (address: string | undefined, hop: number) => boolean;
  }): express.RequestHandler;
  prepareShop(): Promise<{ database: "pglite" | "postgres" }>;
  readiness(): Promise<{ ready: boolean; status: string }>;
  drainShop(): number;
  closeShop(): Promise<void>;
  sharedPage(
    visit: { url: URL; cookie: string; nonce: string; clientAddress: string },
    render: (request: Request, nonce: string, context: { lookupCounted: boolean }) => Promise<Response>,
  ): Promise<SharedPage | undefined>;
  serveUpload(name: string, request: express.Request, response: express.Response): Promise<void>;
};

/** A start-up problem with a one-sentence explanation (thrown by the build's copy of config.server). */
const isConfigurationError = (error: unknown): error is Error => error instanceof Error && error.name === "ConfigurationError";
const configurationError = (message: string) => Object.assign(new Error(message), { name: "ConfigurationError" });

// Browsers keep to HTTPS for a year once told over HTTPS; not for other host names (a subdomain may be another
// service's), and not on the preload list, which cannot be left quickly.
const STRICT_TRANSPORT_SECURITY = "max-age=31536000";
// Device features no page of the shop uses, so nothing on a page (or framed into one) can ask for them.
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "serial=()",
  "usb=()",
].join(", ");

function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes (React's style prop) are allowed; inline <style> blocks are not needed (decision 006).
    "style-src 'self' 'unsafe-inline'",
    // Product and slide images may live on other sites (product.md §3: image URLs, shared-drive links).
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The content codings a request accepts (q above 0), from its Accept-Encoding header. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Sends the build's brotli or gzip copy of an asset (written by vite.config.ts) to a browser that takes it,
 * brotli first as it is the smaller, so nothing is compressed per request; anything else gets the plain file.
 */
function precompressedAssets(dir: string): express.RequestHandler {
  const files = new Set(readdirSync(dir));
  const copies = [
    { encoding: "br", suffix: ".br" },
    { encoding: "gzip", suffix: ".gz" },
  ] as const;
  return (req, res, next) => {
    const name = req.path.slice(1);
    if (!copies.some((copy) => files.has(name + copy.suffix))) return next();
    res.vary("Accept-Encoding");
    const accepted = acceptedEncodings(req.headers["accept-encoding"]);
    const copy = copies.find((c) => accepted.has(c.encoding) && files.has(name + c.suffix));
    if (!copy) return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", copy.encoding);
    res.sendFile(path.join(dir, name + copy.suffix), { immutable: true, maxAge: "1y" }, (error) => error && next(error));
  };
}

/**
 * Storefront pages that every signed-out shopper sees alike are rendered once and sent again until the shop
 * changes (the build's sharedPage decides what and when, decisions 025 and 026); everything else goes on to
 * React Router.
 */
function sharedPages(build: ServerBuild, lifecycle: ShopLifecycle): express.RequestHandler {
  const render = createFetchHandler(build);
  return async (req, res, next) => {
    try {
      const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
      const clientAddress = req.ip ?? "unknown";
      const visit = { url, cookie: req.headers.cookie ?? "", nonce: String(res.locals.cspNonce), clientAddress };
      const page = await lifecycle.sharedPage(visit, (request, nonce, context) =>
        render(request, { cspNonce: nonce, clientAddress, ...context }),
      );
      if (!page) return next();
      res.status(page.status);
      for (const [name, value] of page.headers) res.setHeader(name, value);
      res.send(page.body);
    } catch (error) {
      next(error);
    }
  };
}

const hasBody = (req: express.Request) => req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/** How long a refused client has to read its 413 before its connection is closed under it. */
const REFUSED_BODY_LINGER_MS = 5_000;

/** The short page a body over its limit gets, with 413 and the connection closed: the rest is never read. */
function refuseBody(req: express.Request, res: express.Response, limit: BodyLimit) {
  const socket = req.socket;
  // Nothing more is read: handed nowhere, each piece makes Node's parser stop reading the connection.
  req.push = () => false;
  // A route that is reading the body learns it was cut off once the connection has closed, which lets the
  // refusal reach the client first.
  const cutOff = () => req.destroy(new Error(limit.refusal));
  if (socket.destroyed) cutOff();
  else socket.once("close", cutOff);
  if (res.headersSent) {
    socket.destroy();
    return;
  }
  // Node closes a connection as soon as its last answer is written. A client still sending would then be
  // reset, and a reset can drop the 413 before the client reads it: the connection is closed a few seconds
  // later instead, unread, so the client reads the refusal and stops sending.
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), REFUSED_BODY_LINGER_MS).unref();
  };
  res.setHeader("Connection", "close");
  res
    .status(413)
    .type("html")
    .send(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Too large</title><h1>Too large</h1><p>${limit.refusal}</p></html>`);
}

/**
 * Counts every request body against its limit (app/domain/request-bodies.ts) as it comes off the connection,
 * chunked or not, before anything reads it (issue 21, decision 046). A declared length over a form's limit is
 * refused before a byte is read; a body is cut off as soon as its count passes the limit, whether a route, or
 * Node draining a body no route read, is taking it. A form is gathered whole (at most its limit) before it goes
 * on, so a refused form never reaches React Router; a file streams on to its route, which checks the sender and
 * the declared length first.
 */
function limitedBodies(): express.RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const limit = requestBodyLimit(req.path);
    if (limit.kind === "form" && Number(req.headers["content-length"] ?? 0) > limit.maxBytes) return refuseBody(req, res, limit);
    if (/100-continue/i.test(req.headers.expect ?? "")) res.writeContinue();
    // Counted where Node's HTTP parser hands each piece of the body to the request stream, so nothing is
    // buffered uncounted and a body nobody reads is counted too.
    let received = req.readableLength;
    if (received > limit.maxBytes) return refuseBody(req, res, limit);
    const push = req.push.bind(req);
    req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
      if (chunk !== null) received += chunk.length;
      if (received > limit.maxBytes) {
        refuseBody(req, res, limit);
        return false;
      }
      const room = push(chunk, encoding);
      if (limit.kind === "file") return room;
      // A form is read on regardless of the stream's buffer, since nothing takes from it until it is whole.
      if (chunk === null) setImmediate(next);
      return true;
    };
    if (limit.kind === "file") next();
    else if (req.complete) setImmediate(next);
  };
}

/**
 * Says once, on the first request that came over plain HTTP with no trusted proxy saying otherwise, that a shop
 * whose PUBLIC_URL is https is probably behind a proxy it does not trust (health checks from the same host
 * aside): without TRUST_PROXY it sees every shopper as the proxy's address and every visit as plain HTTP.
 */
function warnOfUnforwardedHttps(log: ShopLog): express.RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    if (!warned && !req.secure && req.path !== "/health") {
      warned = true;
      log.warn(
        `PUBLIC_URL is https but a request arrived over plain HTTP without a trusted X-Forwarded-Proto: if a proxy serves the shop, set TRUST_PROXY to it (see "Running behind a proxy" in the README) so the shop sees each shopper's address and HTTPS.`,
      );
    }
    next();
  };
}

/** How long a stopping process lets requests in flight finish once it stops taking new ones. */
const IN_FLIGHT_LIMIT_MS = 15_000;

const PROBE_HEADERS = { "Content-Type": "application/json", "Cache-Control": "no-store" };

/**
 * `/livez`: 200 while the process is up. `/readyz`: 200 when it should get traffic (start-up work done, database
 * answering, not stopping), 503 otherwise (decision 064). Answered before anything else, on any method.
 */
function answerHealthProbe(req: IncomingMessage, res: ServerResponse, lifecycle: ShopLifecycle): boolean {
  const probe = (req.url ?? "").split("?")[0];
  if (probe === "/livez") {
    res.writeHead(200, PROBE_HEADERS).end(JSON.stringify({ status: "live" }));
    return true;
  }
  if (probe !== "/readyz") return false;
  lifecycle.readiness().then(
    ({ ready, status }) => res.writeHead(ready ? 200 : 503, PROBE_HEADERS).end(JSON.stringify({ status })),
    () => res.writeHead(503, PROBE_HEADERS).end(JSON.stringify({ status: "unavailable" })),
  );
  return true;
}

/** Until its start-up work is done, a process answers with a page that tries again by itself. */
function refuseWhileStarting(res: ServerResponse) {
  res
    .writeHead(503, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "5" })
    .end(
      '<!doctype html><html lang="en"><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Starting</title><h1>The shop is starting</h1><p>This page will load by itself in a few seconds.</p></html>',
    );
}

export async function startServer(options: { port: number; host: string }): Promise<Server> {
  const trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
  if (!trustProxy.ok) throw configurationError(trustProxy.message);
  const trustedProxies = trustProxy.proxies;
  const publicUrlIsHttps = /^https:/i.test(process.env.PUBLIC_URL ?? "");
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const lifecycle = build.entry.module as unknown as ShopLifecycle;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustedProxies);
  const trusts = app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  // First, so every request is timed, counted and given its id (a trusted proxy's X-Request-Id, else a new one).
  app.use(lifecycle.observeRequests({ routes: build.routes, publicDir: path.join(buildDir, "client"), trusts }));
  // X-Forwarded-* headers from a client no trusted proxy stands in for say whatever the client typed: none goes
  // further, so nothing takes a plain-HTTP visit for HTTPS (and gives it a Secure cookie) or believes a made-up
  // address (decisions 027, 046).
  app.use((req, _res, next) => {
    if (!trusts(req.socket.remoteAddress, 0)) {
      for (const name of ["x-forwarded-proto", "x-forwarded-host", "x-forwarded-for"]) delete req.headers[name];
    }
    next();
  });
  if (publicUrlIsHttps) app.use(warnOfUnforwardedHttps(lifecycle.log()));
  app.use(
    compression({
      // A Server-Sent-Events stream must reach the browser event by event, not when a buffer fills.
      filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
    }),
  );
  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    // Browsers ignore it over plain HTTP, so a shop whose address is https sends it on every answer: it still
    // counts when a TLS proxy's forwarding headers are not trusted (decision 046).
    if (req.secure || publicUrlIsHttps) res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    next();
  });
  app.use(limitedBodies());
  // PostgreSQL cannot hold the NUL character, so nothing in the shop is named with one: an address carrying it
  // (%00, in a path or a query) is refused here rather than failing in the first query that reads it.
  app.use((req, res, next) => {
    if (req.originalUrl.includes("%00")) res.status(400).type("text/plain").send("This address is not valid.");
    else next();
  });
  // The back office is private: no search engine may index it, whatever a page's own tags say.
  app.use("/admin", (_req, res, next) => {
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    res.setHeader("Cache-Control", "private, no-store");
    next();
  });
  // Hashed file names never change content: cache them for a year.
  const assetsDir = path.join(buildDir, "client", "assets");
  app.use("/assets", precompressedAssets(assetsDir), express.static(assetsDir, { immutable: true, maxAge: "1y", index: false }));
  // Uploads, from the folder or the bucket, only under the shop's own image names (decisions 046, 060); served even
  // when UPLOADS_PUBLIC_URL sends pages elsewhere, for old links and e-mails.
  app.use("/uploads", (req, res, next) => void lifecycle.serveUpload(req.path.slice(1), req, res).catch(next));
  app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
  app.get("/{*splat}", sharedPages(build, lifecycle));
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      getLoadContext: (req, res) => ({ cspNonce: String(res.locals.cspNonce), clientAddress: req.ip ?? "unknown" }),
    }),
  );

  let state: "starting" | "ready" | "draining" = "starting";
  // Not app.listen: Express 5 calls its callback on errors too, which would hide a port in use. The process listens
  // before its start-up work, so /livez answers at once and /readyz says when it is done (decision 064).
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (answerHealthProbe(req, res, lifecycle)) return;
    if (state === "starting") return refuseWhileStarting(res);
    // A stopping process closes each connection after its answer, so none is left idle to be cut mid-request.
    if (state === "draining") res.setHeader("Connection", "close");
    app(req, res);
  };
  const server = createServer(handle);
  // A client that asks before sending its body is told to go on only once its declared length is within the limit.
  server.on("checkContinue", handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") {
      throw configurationError(`Port ${options.port} is already in use; stop the program using it or set PORT to another port.`);
    }
    throw error;
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // SIGTERM comes from whatever runs the shop (a rolling restart): it keeps serving while the proxy moves its
    // traffic elsewhere. SIGINT is a person at the terminal, who wants it stopped now.
    const graceMs = signal === "SIGTERM" && state === "ready" ? lifecycle.drainShop() : 0;
    state = "draining";
    lifecycle.log().info(`${signal} received: ${graceMs > 0 ? `serving ${graceMs / 1_000} s more while the proxy moves traffic away, then ` : ""}closing the shop.`);
    await new Promise((resolve) => setTimeout(resolve, graceMs));
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    // Requests in flight finish; one that would outlast a stop's patience is cut.
    const force = setTimeout(() => server.closeAllConnections(), IN_FLIGHT_LIMIT_MS);
    try {
      await closed;
      await lifecycle.closeShop();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));

  let database: "pglite" | "postgres";
  try {
    ({ database } = await lifecycle.prepareShop());
  } catch (error) {
    server.close();
    server.closeAllConnections();
    await lifecycle.closeShop().catch(() => {});
    throw error;
  }
  if (!stopping) state = "ready";

  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  lifecycle.log().info(`Duka is serving on http://localhost:${port} (database: ${database === "pglite" ? "PGlite" : "PostgreSQL"}).`);
  return server;
}

export { isConfigurationError };
