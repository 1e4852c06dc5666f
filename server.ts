import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";

const root = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.join(root, "build");

type SharedPage = { status: number; headers: [string, string][]; body: string };
type ShopLifecycle = {
  prepareShop(): Promise<{ database: "pglite" | "postgres"; uploadsDir: string }>;
  closeShop(): Promise<void>;
  sharedPage(
    visit: { url: URL; cookie: string; nonce: string; clientAddress: string },
    render: (request: Request, nonce: string, context: { lookupCounted: boolean }) => Promise<Response>,
  ): Promise<SharedPage | undefined>;
};

/** A start-up problem with a one-sentence explanation (thrown by the build's copy of config.server). */
const isConfigurationError = (error: unknown): error is Error => error instanceof Error && error.name === "ConfigurationError";

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

export async function startServer(options: { port: number; host: string }): Promise<Server> {
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const lifecycle = build.entry.module as unknown as ShopLifecycle;
  const { database, uploadsDir } = await lifecycle.prepareShop();

  const app = express();
  app.disable("x-powered-by");
  const trustProxy = process.env.TRUST_PROXY === "1";
  app.set("trust proxy", trustProxy ? 1 : false);
  // With no proxy to vouch for them, X-Forwarded-* headers say whatever the client typed: none goes further, so
  // nothing takes a plain-HTTP visit for HTTPS (and gives it a Secure cookie) or believes a made-up address (decision 027).
  if (!trustProxy) {
    app.use((req, _res, next) => {
      for (const name of ["x-forwarded-proto", "x-forwarded-host", "x-forwarded-for"]) delete req.headers[name];
      next();
    });
  }
  app.use(
    compression({
      // A Server-Sent-Events stream must reach the browser event by event, not when a buffer fills.
      filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
    }),
  );
  app.use((_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    next();
  });
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
  // Uploads are named by their content's hash, so they are immutable too.
  app.use("/uploads", express.static(uploadsDir, { immutable: true, maxAge: "1y", index: false, fallthrough: false }));
  app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
  app.get("/{*splat}", sharedPages(build, lifecycle));
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      getLoadContext: (req, res) => ({ cspNonce: String(res.locals.cspNonce), clientAddress: req.ip ?? "unknown" }),
    }),
  );

  // Not app.listen: Express 5 calls its callback on errors too, which would hide a port in use.
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch(async (error: NodeJS.ErrnoException) => {
    await lifecycle.closeShop();
    if (error.code === "EADDRINUSE") {
      throw Object.assign(new Error(`Port ${options.port} is already in use; stop the program using it or set PORT to another port.`), {
        name: "ConfigurationError",
      });
    }
    throw error;
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: closing the shop.`);
    server.close();
    // Live-sync streams never go idle on their own; give other requests a moment, then close them all.
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), 2_000);
    try {
      await lifecycle.closeShop();
    } finally {
      clearTimeout(force);
      server.closeAllConnections();
      process.exit(0);
    }
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));

  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  console.log(`Duka is serving on http://localhost:${port} (database: ${database === "pglite" ? "PGlite" : "PostgreSQL"}).`);
  return server;
}

export { isConfigurationError };
