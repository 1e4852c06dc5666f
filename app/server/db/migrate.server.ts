import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { projectRoot } from "../config.server";
import type { ShopDatabase } from "./client.server";

/** Advisory lock keys: arbitrary constants, one per kind of start-up work. */
const MIGRATION_LOCK = 7_311_001;

export const migrationsFolder = () => path.join(projectRoot(), "drizzle");

/** Applies the SQL files in drizzle/ (the same ones for PGlite and PostgreSQL), once, under a lock. */
export async function migrate(database: ShopDatabase): Promise<void> {
  const options = { migrationsFolder: migrationsFolder() };
  await database.withAdvisoryLock(MIGRATION_LOCK, (db) =>
    database.kind === "pglite"
      ? migratePglite(db as unknown as PgliteDatabase, options)
      : migratePostgres(db as unknown as NodePgDatabase, options),
  );
}
