import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { z } from "zod";
import { ConfigurationError, config, projectRoot } from "../config.server";
import { queryRows, type ShopDatabase } from "./client.server";

/** Advisory lock keys: arbitrary constants, one per kind of start-up work. */
const MIGRATION_LOCK = 7_311_001;

export const migrationsFolder = () => path.join(projectRoot(), "drizzle");

/** Applies the SQL files in drizzle/ (the same ones for PGlite and PostgreSQL), once, under a lock. */
export async function migrate(database: ShopDatabase, folder = migrationsFolder()): Promise<void> {
  const options = { migrationsFolder: folder };
  await database.withAdvisoryLock(MIGRATION_LOCK, (db) =>
    database.kind === "pglite"
      ? migratePglite(db as unknown as PgliteDatabase, options)
      : migratePostgres(db as unknown as NodePgDatabase, options),
  );
}

const journalSchema = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number() })) });

/** The migrations this release's code needs, oldest first, as drizzle-kit listed them. */
export function neededMigrations(folder = migrationsFolder()): { tag: string; when: number }[] {
  return journalSchema.parse(JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"))).entries;
}

/**
 * The migrations this release needs that the database has not had. Drizzle records each applied migration with
 * its journal time and applies only those newer than the latest it recorded, so that time says how far it got; a
 * database already migrated further (a newer release's expand step, decision 063) lacks nothing.
 */
export async function missingMigrations(database: ShopDatabase): Promise<string[]> {
  const needed = neededMigrations();
  const [journal] = await queryRows<{ present: boolean }>(database.db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!journal?.present) return needed.map((m) => m.tag);
  const [latest] = await queryRows<{ applied: string | null }>(database.db, sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`);
  const applied = Number(latest?.applied ?? 0);
  return needed.filter((m) => m.when > applied).map((m) => m.tag);
}

/** "0018_customer_totals", "0018_a, 0019_b" or "3 migrations (0017_a to 0019_c)". */
export function describeMigrations(tags: string[]): string {
  if (tags.length <= 2) return `${tags.length === 1 ? "migration" : "migrations"} ${tags.join(", ")}`;
  return `${tags.length} migrations (${tags[0]} to ${tags.at(-1)})`;
}

/**
 * Brings the schema up to date at start-up, or with MIGRATE=off (a release step migrates, decision 063) checks
 * that an earlier step did: a process never serves on a schema older than its code.
 */
export async function prepareSchema(database: ShopDatabase, migrates = config().migrates): Promise<void> {
  if (migrates) return migrate(database);
  const missing = await missingMigrations(database);
  if (missing.length > 0) {
    throw new ConfigurationError(
      `The database lacks ${describeMigrations(missing)} that this release needs; run \`npm run migrate\` first (MIGRATE=off keeps this process from migrating).`,
    );
  }
}
