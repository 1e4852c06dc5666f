import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";

/**
 * First-load JavaScript and CSS of every storefront route, gzip-compressed as the server sends them, from the
 * production build. `--check` fails when a route breaks the budget of issue 3 (JS ≤ 120 KB, CSS ≤ 20 KB) or
 * when a storefront page would load any back-office module.
 */
const JS_BUDGET = 120 * 1024;
const CSS_BUDGET = 20 * 1024;

const root = path.resolve(import.meta.dirname, "..");
const client = path.join(root, "build", "client");
const build = (await import(pathToFileURL(path.join(root, "build", "server", "index.js")).href)) as ServerBuild;
const { assets } = build;

const gzipped = new Map<string, number>();
const size = (file: string) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(client, file))).byteLength);
  return gzipped.get(file)!;
};
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

type RouteAssets = NonNullable<(typeof assets.routes)[string]>;
const allRoutes = Object.values(assets.routes).filter((r): r is RouteAssets => r !== undefined);
function chain(route: RouteAssets): RouteAssets[] {
  const parent = route.parentId ? assets.routes[route.parentId] : undefined;
  return parent ? [...chain(parent), route] : [route];
}

const pages = allRoutes.filter((r) => r.id.startsWith("routes/shop/") && r.id !== "routes/shop/layout");
const adminModules = new Set(
  allRoutes
    .filter((r) => r.id.startsWith("routes/admin/"))
    .map((r) => r.module),
);

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
    ? gzipSync(JSON.stringify({ entry: assets.entry, url: assets.url, routes: Object.fromEntries(routes.map((r) => [r.id, r])) })).byteLength
    : 0;
  const jsBytes = [...js].reduce((sum, file) => sum + size(file), 0) + inlineManifest;
  const cssBytes = [...css].reduce((sum, file) => sum + size(file), 0);
  const ownBytes = size(page.module);
  return {
    route: page.path ? `/${page.path}` : page.index ? "/" : page.id,
    firstLoadJsKb: kb(jsBytes),
    routeChunkKb: kb(ownBytes),
    cssKb: kb(cssBytes),
    adminModules: [...js].filter((file) => adminModules.has(file)),
    withinBudget: jsBytes <= JS_BUDGET && cssBytes <= CSS_BUDGET,
  };
});

const result = { measuredAt: new Date().toISOString(), budget: { jsKb: 120, cssKb: 20 }, routes: rows };
writeFileSync(path.join(root, "bench", "results", "bundle.json"), `${JSON.stringify(result, null, 2)}\n`);
console.table(rows.map(({ adminModules, ...row }) => ({ ...row, adminModules: adminModules.length })));

if (process.argv.includes("--check")) {
  const over = rows.filter((r) => !r.withinBudget || r.adminModules.length > 0);
  if (over.length > 0) {
    console.error(`Over the storefront budget: ${over.map((r) => r.route).join(", ")}`);
    process.exit(1);
  }
}
