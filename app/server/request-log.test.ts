import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, expect, test } from "vitest";
import routes from "~/routes";
import { capturedLog } from "../../tests/setup/log-capture";
import { db } from "./db/database.server";
import { type Logger } from "./log.server";
import { metricsAnswer } from "./metrics.server";
import { observeRequests, requestRouteNamer } from "./request-log.server";

/** The shop's routes as the server build lists them: each with its id and its parent's. */
function builtRoutes() {
  const manifest: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = { root: { id: "root", path: "" } };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      manifest[entry.file] = { id: entry.file, parentId, path: entry.path, index: entry.index };
      add(entry.children ?? [], entry.file);
    }
  };
  add(routes, "root");
  return manifest;
}

const publicDir = mkdtempSync(path.join(os.tmpdir(), "duka-public-"));
writeFileSync(path.join(publicDir, "favicon.svg"), "<svg/>");
mkdirSync(path.join(publicDir, "images"));
mkdirSync(path.join(publicDir, "assets"));

const servers: { close(): void }[] = [];
afterAll(() => servers.forEach((server) => server.close()));

/** A shop-like server: the observer first, as in server.ts, trusting `proxy` as server.ts trusts TRUST_PROXY. */
async function observedServer(proxy: string, logger: Logger) {
  const app = express();
  app.set("trust proxy", proxy);
  const trusts = app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  app.use(observeRequests({ routes: builtRoutes(), publicDir, trusts }, logger));
  app.get("/product/:slug", async (_req, res) => {
    await (await db()).execute(sql`select 1`);
    logger.info("product loaded");
    res.send("a product");
  });
  app.get("/orders-by-phone/:phone", (_req, res) => void res.status(404).send("none"));
  app.get("/assets/entry.js", (_req, res) => void res.type("js").send(""));
  app.get("/checkout", (_req, res) => void res.status(500).send("failed"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test("a trusted proxy's X-Request-Id becomes the request's id, on every line it logs and in the answer", async () => {
  const { logger, lines } = capturedLog();
  const shop = await observedServer("loopback", logger);
  const response = await fetch(`${shop}/product/kiondo-basket?utm_source=sms&phone=%2B254712345678`, {
    headers: { "X-Request-Id": "caddy-7f3a9c" },
  });
  expect(response.headers.get("X-Request-Id")).toBe("caddy-7f3a9c");
  await expect.poll(() => lines.length).toBe(2);
  expect(lines[0]).toMatchObject({ msg: "product loaded", reqId: "caddy-7f3a9c", process: "shop-test-1" });
  expect(lines[1]).toEqual({
    level: 30,
    time: expect.any(String),
    process: "shop-test-1",
    reqId: "caddy-7f3a9c",
    msg: "request answered",
    method: "GET",
    route: "/product/:slug",
    path: "/product/kiondo-basket",
    status: 200,
    durationMs: expect.any(Number),
  });
});

test("a client no trusted proxy stands in for gets an id of the shop's own, whatever X-Request-Id it sends", async () => {
  const { logger, lines } = capturedLog();
  const shop = await observedServer("10.9.8.7", logger);
  const response = await fetch(`${shop}/product/kiondo-basket`, { headers: { "X-Request-Id": "made-up-by-the-client" } });
  const reqId = response.headers.get("X-Request-Id");
  expect(reqId).toMatch(UUID);
  await expect.poll(() => lines.length).toBe(2);
  expect(lines.map((line) => line.reqId)).toEqual([reqId, reqId]);
});

test("a trusted proxy's id that is not an id (too long, or with spaces) is replaced", async () => {
  const { logger } = capturedLog();
  const shop = await observedServer("loopback", logger);
  for (const sent of ["x".repeat(129), "two words"]) {
    const response = await fetch(`${shop}/product/kiondo-basket`, { headers: { "X-Request-Id": sent } });
    expect(response.headers.get("X-Request-Id")).toMatch(UUID);
  }
});

test("the completion line masks a phone in the path, and the duration is counted under the route's pattern", async () => {
  const { logger, lines } = capturedLog();
  const shop = await observedServer("loopback", logger);
  await fetch(`${shop}/orders-by-phone/%2B254712345678`);
  await expect.poll(() => lines.length).toBe(1);
  expect(lines[0]).toMatchObject({ route: "/orders-by-phone/:phone?", path: "/orders-by-phone/+254 ••• ••• 678", status: 404 });
  const metrics = await (await metricsAnswer("Bearer " + "t".repeat(32), "t".repeat(32))).text();
  expect(metrics).toMatch(/duka_http_request_duration_seconds_count\{method="GET",route="\/orders-by-phone\/:phone\?",status="404"\} 1/);
  expect(metrics).not.toContain("254712345678");
});

test("files are logged at debug, failures at error, the rest at info", async () => {
  const { logger, lines } = capturedLog();
  const shop = await observedServer("loopback", logger);
  for (const address of ["/assets/entry.js", "/checkout", "/orders-by-phone/%2B254712345678"]) await fetch(`${shop}${address}`);
  await expect.poll(() => lines.length).toBe(3);
  expect(lines.map((line) => [line.route, line.status, line.level]).sort()).toEqual([
    ["/assets/*", 200, 20],
    ["/checkout", 500, 50],
    ["/orders-by-phone/:phone?", 404, 30],
  ]);
});

test("requests are named by their route's pattern, never by their address", () => {
  const routeOf = requestRouteNamer({ routes: builtRoutes(), publicDir });
  const patterns = Object.fromEntries(
    [
      "/",
      "/product/kiondo-basket",
      "/product/kiondo-basket.data",
      "/_root.data",
      "/track/AFB123456789",
      "/admin",
      "/admin/customers/+254712345678",
      "/hooks/daraja/0123abcd/express",
      "/metrics",
      "/assets/entry-abc123.js",
      "/uploads/4f2a.webp",
      "/favicon.svg",
      "/images/placeholder.svg",
      "/no/such/page",
    ].map((address) => [address, routeOf(address)]),
  );
  expect(patterns).toEqual({
    "/": { pattern: "/", path: "/" },
    "/product/kiondo-basket": { pattern: "/product/:slug", path: "/product/kiondo-basket" },
    "/product/kiondo-basket.data": { pattern: "/product/:slug.data", path: "/product/kiondo-basket.data" },
    "/_root.data": { pattern: "/.data", path: "/.data" },
    "/track/AFB123456789": { pattern: "/track/:trackingId", path: "/track/AFB123456789" },
    "/admin": { pattern: "/admin", path: "/admin" },
    "/admin/customers/+254712345678": { pattern: "/admin/customers/:phone", path: "/admin/customers/+254 ••• ••• 678" },
    "/hooks/daraja/0123abcd/express": { pattern: "/hooks/daraja/:secret/:hook", path: "/hooks/daraja/:secret/express" },
    "/metrics": { pattern: "/metrics", path: "/metrics" },
    "/assets/entry-abc123.js": { pattern: "/assets/*", path: "/assets/entry-abc123.js" },
    "/uploads/4f2a.webp": { pattern: "/uploads/*", path: "/uploads/4f2a.webp" },
    "/favicon.svg": { pattern: "/favicon.svg", path: "/favicon.svg" },
    "/images/placeholder.svg": { pattern: "/images/*", path: "/images/placeholder.svg" },
    "/no/such/page": { pattern: "/*", path: "/no/such/page" },
  });
});
