import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";

/**
 * First-load JavaScript and CSS of every storefront route, from the production build, as the server sends them:
 * the build's gzip copies (the budget) and its brotli copies (what current browsers receive). `--check` fails when a route breaks the budget of issue 3 (JS ≤ 120 KB, CSS ≤ 20 KB) or
 * when a storefront page would load any back-office module.
 */
const JS_BUDGET = 120 * 1024;
const CSS_BUDGET = 20 * 1024;

const root = path.resolve(import.meta.dirname, "..");
const client = path.join(root, "build", "client");
const build = (await import(pathToFileURL(path.join(root, "build", "server", "index.js")).href)) as ServerBuild;
const { assets } = build;

type Coding = "gz" | "br";
const sizes = new Map<string, number>();
/** The size of a file's precompressed copy (see vite.config.ts), which is what the server sends. */
const size = (file: string, coding: Coding) => {
  const copy = `${file}.${coding}`;
  if (!sizes.has(copy)) sizes.set(copy, readFileSync(path.join(client, copy)).byteLength);
  return sizes.get(copy)!;
};
const compress = (text: string, coding: Coding) => (coding === "gz" ? gzipSync(text, { level: 9 }) : brotliCompressSync(text)).byteLength;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

type RouteAssets = NonNullable<(typeof assets.routes)[string]>;
const allRoutes = Object.values(assets.routes).filter((r): r is RouteAssets => r !== undefined);
function chain(route: RouteAssets): RouteAssets[] {
  const parent = route.parentId ? assets.routes[route.parentId] : undefined;
  return parent ? [...chain(parent), route] : [route];
}

const pages = allRoutes.filter((r) => r.id.startsWith("routes/shop/") && r.id !== "routes/shop/layout");
const adminModules = new Set(allRoutes.filter((r) => r.id.startsWith("routes/admin/")).map((r) => r.module));

const rows = pages.map((page) => {
  const routes = chain(page);
  // With lazy route discovery (React Router's default) the full manifest file is not loaded; the page inlines
  // a partial manifest of the routes it matched, counted here as inline script.
  const lazyDiscovery = build.routeDiscovery?.mode !== "initial";
  const js = new Set<string>([assets.entry.module, ...assets.entry.imports]);
  if (!lazyDiscovery) js.add(assets.url);
  const css = new Set<string>();
  for (const r of routes) {
    js.add(r.module);
    for (const file of r.imports ?? []) js.add(file);
    for (const file of r.css ?? []) css.add(file);
  }
  const inlineManifest = lazyDiscovery
    ? JSON.stringify({ entry: assets.entry, url: assets.url, routes: Object.fromEntries(routes.map((r) => [r.id, r])) })
    : "";
  const jsSize = (coding: Coding) => [...js].reduce((sum, file) => sum + size(file, coding), 0) + compress(inlineManifest, coding);
  const jsBytes = jsSize("gz");
  const cssBytes = [...css].reduce((sum, file) => sum + size(file, "gz"), 0);
  const ownBytes = size(page.module, "gz");
  return {
    route: page.path ? `/${page.path}` : page.index ? "/" : page.id,
    firstLoadJsKb: kb(jsBytes),
    firstLoadJsBrotliKb: kb(jsSize("br")),
    routeChunkKb: kb(ownBytes),
    cssKb: kb(cssBytes),
    adminModules: [...js].filter((file) => adminModules.has(file)),
    withinBudget: jsBytes <= JS_BUDGET && cssBytes <= CSS_BUDGET,
  };
});

const result = { measuredAt: new Date().toISOString(), budget: { jsKb: 120, cssKb: 20, compression: "gzip" }, routes: rows };
writeFileSync(path.join(root, "bench", "results", "bundle.json"), `${JSON.stringify(result, null, 2)}\n`);
console.table(rows.map(({ adminModules, ...row }) => ({ ...row, adminModules: adminModules.length })));

if (process.argv.includes("--check")) {
  const over = rows.filter((r) => !r.withinBudget || r.adminModules.length > 0);
  if (over.length > 0) {
    console.error(`Over the storefront budget: ${over.map((r) => r.route).join(", ")}`);
    process.exit(1);
  }
}
