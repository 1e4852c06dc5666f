import type { CustomersQuery } from "../app/domain/customers";
import { openPglite, openPostgres } from "../app/server/db/client.server";
import { closeShopDatabase, setShopDatabase } from "../app/server/db/database.server";
import { listCustomers } from "../app/server/customers.server";
import { type Engine, engines, newShopPlace, percentile, quick, round, writeLargeShop, writeResult } from "./support";

/**
 * The back office's Customers list at 50,000 orders (issue 25), measured where it runs (the customers module against
 * the database, no HTTP): a page of customers with its total, for each sort, a page deep in the list, and searches
 * by name and by phone. Every generated order has a phone of its own: 50,000 customers, the most there can be.
 */
const ORDERS = quick ? 10_000 : 50_000;
const ROUNDS = quick ? 20 : 200;
const QUERIES: { what: string; query: CustomersQuery }[] = [
  { what: "Customers list, total spent", query: { q: "", sort: "spent", page: 1 } },
  { what: "Customers list, last order", query: { q: "", sort: "recent", page: 1 } },
  { what: "Customers list, page 100", query: { q: "", sort: "spent", page: 100 } },
  { what: "Customers search, name", query: { q: "wanjiku", sort: "spent", page: 1 } },
  { what: "Customers search, phone", query: { q: "+254 700 012", sort: "spent", page: 1 } },
  { what: "Customers search, no match", query: { q: "no such customer", sort: "spent", page: 1 } },
];

export type CustomersFigures = { what: string; search: string; matches: number; p50Ms: number; p99Ms: number };

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

export async function customersFigures(engine: Engine): Promise<CustomersFigures[]> {
  const place = await newShopPlace(engine);
  await writeLargeShop(place, { products: 1_000, orders: ORDERS });
  setShopDatabase(place.databaseUrl ? await openPostgres(place.databaseUrl) : await openPglite(place.dataDir));
  try {
    const figures: CustomersFigures[] = [];
    for (const { what, query } of QUERIES) {
      const { total } = await listCustomers({ search: query.q, sort: query.sort, page: query.page });
      const times = await timed(() => listCustomers({ search: query.q, sort: query.sort, page: query.page }));
      figures.push({ what, search: query.q, matches: total, p50Ms: round(percentile(times, 50), 2), p99Ms: round(percentile(times, 99), 2) });
    }
    console.table(figures);
    return figures;
  } finally {
    await closeShopDatabase();
  }
}

async function main() {
  for (const engine of engines())
    writeResult(`customers-${engine}`, { orders: ORDERS, rounds: ROUNDS, queries: await customersFigures(engine) });
}

if (process.argv[1]?.endsWith("customers.ts")) await main();
