import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { fromPglite, openPostgres, PGLITE_EXTENSIONS, type ShopDatabase } from "../../app/server/db/client.server";

const cleanups: (() => Promise<void>)[] = [];

async function copyPostgresTemplate(url: string, template: string): Promise<ShopDatabase> {
  const name = `duka_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Two files copying the template at once may collide ("being accessed by other users"): retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (error) {
        if (attempt >= 30) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 300));
      }
    }
  } finally {
    await admin.end();
  }
  const copyUrl = new URL(url);
  copyUrl.pathname = `/${name}`;
  const database = await openPostgres(copyUrl.toString());
  cleanups.push(async () => {
    await database.close().catch(() => {});
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    try {
      // An autovacuum worker that has just started on the copy cannot be ended by our role ("must be a member
      // of the role whose process is being terminated"); it finishes within moments, so try again.
      for (let attempt = 0; ; attempt++) {
        try {
          await cleanup.query(`drop database if exists ${name} with (force)`);
          break;
        } catch (error) {
          if (attempt >= 30) throw error;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    } finally {
      await cleanup.end();
    }
  });
  return Object.assign(database, { url: copyUrl.toString() });
}

/**
 * An empty, migrated database of the kind this run tests (PGlite, or PostgreSQL when DATABASE_URL is set),
 * copied from the snapshot the global setup made. Dropped when the file's tests end.
 */
export async function freshDatabase(): Promise<ShopDatabase & { url?: string }> {
  const url = process.env.DATABASE_URL;
  if (url) return copyPostgresTemplate(url, inject("postgresTemplate"));
  const database = fromPglite(
    await PGlite.create({ loadDataDir: new Blob([readFileSync(inject("pgliteSnapshot"))]), extensions: PGLITE_EXTENSIONS }),
  );
  cleanups.push(() => database.close());
  return database;
}

/**
 * A database of the kind this run tests without any schema, as a new deployment's is before its first migration.
 * Dropped when the file's tests end.
 */
export async function emptyDatabase(): Promise<ShopDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) return copyPostgresTemplate(url, "template0");
  const database = fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  cleanups.push(() => database.close());
  return database;
}

/** A second connection to the same PostgreSQL database, as another app process would have. */
export async function secondConnection(database: { url?: string }): Promise<ShopDatabase | undefined> {
  if (!database.url) return undefined;
  const other = await openPostgres(database.url);
  cleanups.unshift(() => other.close());
  return other;
}

export async function dropFreshDatabases() {
  for (const cleanup of cleanups.splice(0)) await cleanup();
}
