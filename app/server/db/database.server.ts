import { type Database, openConfiguredDatabase, type ShopDatabase } from "./client.server";
import { prepareSchema } from "./migrate.server";
import { writeSampleDataOnce } from "./seed.server";

// Kept on globalThis so the dev server's module reloads reuse the one open database.
const holder = globalThis as typeof globalThis & { __dukaDatabase?: Promise<ShopDatabase> };

/**
 * Opens the configured database, brings its schema up to date (or, with MIGRATE=off, checks that a release step
 * did) and writes the sample data into an empty one.
 */
async function openShop(): Promise<ShopDatabase> {
  const database = await openConfiguredDatabase();
  try {
    await prepareSchema(database);
    await writeSampleDataOnce(database.db);
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

/** The shop's database, opened on first use. */
export function shopDatabase(): Promise<ShopDatabase> {
  holder.__dukaDatabase ??= openShop().catch((error) => {
    holder.__dukaDatabase = undefined;
    throw error;
  });
  return holder.__dukaDatabase;
}

/** The shop's database if it is open or opening, without opening it (readings that must not reopen a closed one). */
export function shopDatabaseIfOpen(): Promise<ShopDatabase> | undefined {
  return holder.__dukaDatabase;
}

export async function db(): Promise<Database> {
  return (await shopDatabase()).db;
}

/** Makes an already-open database the shop's (tests, CLIs that opened it themselves). */
export function setShopDatabase(database: ShopDatabase): void {
  holder.__dukaDatabase = Promise.resolve(database);
}

export async function closeShopDatabase(): Promise<void> {
  const pending = holder.__dukaDatabase;
  holder.__dukaDatabase = undefined;
  if (pending) await (await pending).close();
}
