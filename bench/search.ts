import { parseShopFilters } from "../app/domain/catalogue.schema";
import { shopProducts, suggestions } from "../app/server/catalogue.server";
import { openPglite, openPostgres } from "../app/server/db/client.server";
import { closeShopDatabase, setShopDatabase } from "../app/server/db/database.server";
import { type Engine, engines, newShopPlace, percentile, quick, round, writeLargeShop, writeResult } from "./support";

/**
 * The shop's search at 100,000 products, measured where it runs (the catalogue module against the database,
 * no HTTP): the first page of results with its total, and the search box's suggestions.
 */
const PRODUCTS = quick ? 10_000 : 100_000;
const ROUNDS = quick ? 20 : 200;
const QUERIES = ["kiondo", "beaded", "linen shirt", "brass", "no such thing"];

export type SearchFigures = { query: string; kind: "results" | "suggestions"; matches: number; p50Ms: number; p99Ms: number };

async function timed(work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

export async function searchFigures(engine: Engine): Promise<SearchFigures[]> {
  const place = await newShopPlace(engine);
  await writeLargeShop(place, { products: PRODUCTS, orders: 0 });
  setShopDatabase(place.databaseUrl ? await openPostgres(place.databaseUrl) : await openPglite(place.dataDir));
  try {
    const figures: SearchFigures[] = [];
    for (const query of QUERIES) {
      const filters = parseShopFilters(new URLSearchParams({ q: query }));
      const { total } = await shopProducts(filters);
      const results = await timed(() => shopProducts(filters));
      figures.push({
        query,
        kind: "results",
        matches: total,
        p50Ms: round(percentile(results, 50), 2),
        p99Ms: round(percentile(results, 99), 2),
      });
      const offered = await suggestions(query);
      const suggested = await timed(() => suggestions(query));
      figures.push({
        query,
        kind: "suggestions",
        matches: offered.length,
        p50Ms: round(percentile(suggested, 50), 2),
        p99Ms: round(percentile(suggested, 99), 2),
      });
    }
    console.table(figures);
    return figures;
  } finally {
    await closeShopDatabase();
  }
}

async function main() {
  for (const engine of engines())
    writeResult(`search-${engine}`, { products: PRODUCTS, rounds: ROUNDS, queries: await searchFigures(engine) });
}

if (process.argv[1]?.endsWith("search.ts")) await main();
