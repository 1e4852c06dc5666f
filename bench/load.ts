import autocannon from "autocannon";
import { startShop } from "../tests/e2e/support/shop-server";
import { type Engine, engines, newShopPlace, quick, round, staffCookie, writeLargeShop, writeResult } from "./support";

/**
 * Requests per second and latency of the shop's busiest pages on a large shop (10,000 products, 50,000
 * orders), with autocannon on loopback: 50 connections for 20 s per page (2 s with --quick). Tracking pages
 * come from many shoppers (X-Forwarded-For differs per request), as the lookup limit is per client.
 */
export const LARGE_SHOP = quick ? { products: 2_000, orders: 5_000 } : { products: 10_000, orders: 50_000 };
const CONNECTIONS = 50;
const SECONDS = quick ? 2 : 20;

export type PageFigures = {
  page: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
};

type Target = { page: string; path: string; staff?: boolean; manyShoppers?: boolean };

const targets: Target[] = [
  { page: "Home", path: "/" },
  { page: "Shop", path: "/products" },
  { page: "Shop, filtered", path: "/products?categoryId={category}&maxPrice=100&size=M" },
  { page: "Shop, searched", path: "/products?q=kiondo" },
  { page: "Product", path: "/product/{slug}" },
  { page: "Product with 12 variants", path: "/product/{variantSlug}" },
  { page: "Tracking", path: "/track/AFBX00000042", manyShoppers: true },
  { page: "Admin orders", path: "/admin/orders", staff: true },
  { page: "Admin report, this year", path: "/admin/reports?period=year", staff: true },
];

const randomAddress = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;

function measure(
  baseURL: string,
  path: string,
  headers: Record<string, string>,
  options: { manyShoppers?: boolean; seconds: number },
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${baseURL}${path}`,
        connections: CONNECTIONS,
        duration: options.seconds,
        headers: { "Accept-Encoding": "gzip, br", ...headers },
        ...(options.manyShoppers
          ? {
              requests: [
                { setupRequest: (request) => ({ ...request, headers: { ...request.headers, "X-Forwarded-For": randomAddress() } }) },
              ],
            }
          : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export async function loadFigures(engine: Engine): Promise<PageFigures[]> {
  const place = await newShopPlace(engine);
  await writeLargeShop(place, LARGE_SHOP);
  const shop = await startShop({ dataDir: place.dataDir, databaseUrl: place.databaseUrl, env: { TRUST_PROXY: "1" } });
  try {
    return await measurePages(engine, shop.baseURL);
  } finally {
    await shop.stop();
  }
}

/** Each page in turn under load, on a started shop holding writeLargeShop's shop (bench/memory.ts watches it). */
export async function measurePages(engine: Engine, baseURL: string): Promise<PageFigures[]> {
  const cookie = await staffCookie(baseURL);
  const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  const category = /categoryId=([a-z0-9]+)/.exec(sitemap)?.[1] ?? "";
  const slug = /\/product\/([a-z0-9-]+-bench[0-9]+)</.exec(sitemap)?.[1] ?? "";
  // Every third generated product keeps stock in 12 size and colour variants (large-shop.ts).
  const variantSlug =
    [...sitemap.matchAll(/\/product\/([a-z0-9-]+-bench([0-9]+))</g)].find((match) => Number(match[2]) % 3 === 0)?.[1] ?? "";
  const figures: PageFigures[] = [];
  for (const target of targets) {
    const path = target.path.replace("{category}", category).replace("{slug}", slug).replace("{variantSlug}", variantSlug);
    // A short warm-up, so the first figures do not include compiling the code paths.
    const headers: Record<string, string> = target.staff ? { Cookie: cookie } : {};
    await measure(baseURL, path, headers, { manyShoppers: target.manyShoppers, seconds: 1 });
    const result = await measure(baseURL, path, headers, { manyShoppers: target.manyShoppers, seconds: SECONDS });
    const row = {
      page: target.page,
      path,
      requestsPerSecond: round(result.requests.average, 0),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    };
    console.log(`${engine} ${row.page}: ${row.requestsPerSecond} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, non-2xx ${row.non2xx}`);
    figures.push(row);
  }
  return figures;
}

async function main() {
  for (const engine of engines())
    writeResult(`load-${engine}`, { largeShop: LARGE_SHOP, connections: CONNECTIONS, seconds: SECONDS, pages: await loadFigures(engine) });
}

if (process.argv[1]?.endsWith("load.ts")) await main();
