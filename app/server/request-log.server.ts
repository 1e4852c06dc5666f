import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { matchRoutes, type RouteObject } from "react-router";
import { loggablePath } from "~/domain/log-privacy";
import { inRequest, type Logger, log } from "./log.server";
import { requestAnswered } from "./metrics.server";

/** A route as the server build lists it (ServerBuild["routes"]): enough to match an address to its pattern. */
type BuiltRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** What server.ts tells the observer: the build's routes, its public folder, and whether it trusts a request's sender. */
export type RequestObserverOptions = {
  routes: Readonly<Record<string, BuiltRoute | undefined>>;
  /** build/client: files served as they are, each counted under its own name (bounded by what the build holds). */
  publicDir: string;
  /** server.ts's TRUST_PROXY rule (Express's "trust proxy fn"): whether the address is a trusted proxy. */
  trusts: (address: string | undefined, hop: number) => boolean;
};

// A proxy's request id as Caddy, nginx ($request_id) and load balancers write them; anything else is replaced.
const REQUEST_ID = /^[\w.:@-]{1,128}$/;

/** Addresses server.ts answers itself, before React Router. */
const SERVER_PREFIXES = ["/assets/", "/uploads/"];
/** Answers too frequent, and too dull, to log at info: files and scrapes (server.ts answers the probes itself). */
const QUIET_ROUTES = new Set(["/assets/*", "/uploads/*", "/health", "/metrics", "/events"]);

type RouteTree = RouteObject & { children?: RouteTree[] };

function routeTree(routes: RequestObserverOptions["routes"]): RouteTree[] {
  const byParent = new Map<string | undefined, BuiltRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  }
  const children = (parentId: string | undefined): RouteTree[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: children(route.id) },
    );
  return children(undefined);
}

/** The pattern a path is counted and logged under, and the path as a log line may show it. */
export type RequestRoute = { pattern: string; path: string };

/**
 * Names a request's route by its pattern ("/product/:slug"), never by its address, so metrics keep a bounded set of
 * labels. React Router's data requests (".data") are named after their page with ".data" added.
 */
export function requestRouteNamer(options: Pick<RequestObserverOptions, "routes" | "publicDir">): (pathname: string) => RequestRoute {
  const tree = routeTree(options.routes);
  const publicEntries = new Map<string, string>();
  try {
    for (const entry of readdirSync(options.publicDir, { withFileTypes: true })) {
      publicEntries.set(entry.name, entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`);
    }
  } catch {
    // No build yet (tests, a first start): no public files to name.
  }
  return (pathname) => {
    const prefix = SERVER_PREFIXES.find((p) => pathname.startsWith(p));
    if (prefix) return { pattern: `${prefix}*`, path: pathname };
    const firstSegment = pathname.split("/")[1] ?? "";
    const publicEntry = firstSegment === "assets" ? undefined : publicEntries.get(firstSegment);
    if (publicEntry && (publicEntry.endsWith("/*") || pathname === publicEntry)) return { pattern: publicEntry, path: pathname };
    const data = pathname.endsWith(".data");
    const page = data ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;
    const matches = matchRoutes(tree, page) ?? [];
    const params = matches.at(-1)?.params ?? {};
    const joined = `/${matches.map((m) => m.route.path ?? "").filter(Boolean).join("/")}`.replace(/\/+/g, "/");
    const pattern = joined === "/*" || joined.endsWith("/*") || matches.length === 0 ? "/*" : joined;
    const suffix = data ? ".data" : "";
    return { pattern: pattern + suffix, path: loggablePath(pattern, matches.length === 0 ? { "*": page.slice(1) } : params) + suffix };
  };
}

/**
 * The first thing every request meets (server.ts): gives it an id — the trusted proxy's X-Request-Id, else a new
 * one — echoed in the answer's X-Request-Id and carried by every line logged while it is served; when its answer
 * ends, logs one line (method, route, path without query, status, duration) and counts it in the metrics.
 */
export function observeRequests(options: RequestObserverOptions, logger: Logger = log()) {
  const routeOf = requestRouteNamer(options);
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const started = process.hrtime.bigint();
    // Read now: routers mounted at a prefix rewrite req.url while they serve.
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    const forwarded = req.headers["x-request-id"];
    const fromProxy = typeof forwarded === "string" && REQUEST_ID.test(forwarded) && options.trusts(req.socket.remoteAddress, 0);
    const reqId = fromProxy ? forwarded : randomUUID();
    res.setHeader("X-Request-Id", reqId);
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const method = req.method ?? "GET";
      const { pattern, path } = routeOf(pathname);
      requestAnswered(method, pattern, res.statusCode, seconds);
      const level = res.statusCode >= 500 ? "error" : QUIET_ROUTES.has(pattern.replace(/\.data$/, "")) && res.statusCode < 400 ? "debug" : "info";
      const line = { reqId, method, route: pattern, path, status: res.statusCode, durationMs: Math.round(seconds * 1e4) / 10 };
      logger[level](res.writableFinished ? line : { ...line, aborted: true }, "request answered");
    });
    inRequest(reqId, next);
  };
}
