import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { ConfigurationError, config } from "../config.server";
import { log } from "../log.server";
import { takeDataDirLock } from "./data-dir-lock.server";
import { PgliteThread } from "./pglite-thread.server";
import * as schema from "./schema.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction: inside one, every query must go through it (PGlite runs one transaction at a time). */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or a transaction, for reads that may run in both. */
export type Queryable = Database | Transaction;

export type ShopDatabase = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Calls back with each NOTIFY payload on the channel; resolves to a function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Runs work on one connection holding a session advisory lock (migrations on several processes). */
  withAdvisoryLock<T>(key: number, work: (db: Database) => Promise<T>): Promise<T>;
  /** The connection pool's counts, on PostgreSQL (metrics, decision 061). */
  poolCounts?(): { total: number; idle: number; waiting: number };
  /** The embedded engine, when there is one (backups, test snapshots). */
  pglite?: PGlite;
  close(): Promise<void>;
};

export const PGLITE_EXTENSIONS = { pg_trgm };

/** Wraps an open PGlite (from a data directory, memory or a snapshot). */
export function fromPglite(client: PGlite, onClose: () => void = () => {}): ShopDatabase {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    pglite: client,
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return async () => unlisten();
    },
    // One process owns a PGlite directory, so there is nobody to race.
    withAdvisoryLock: (_key, work) => work(db),
    async close() {
      if (!client.closed) await client.close();
      onClose();
    },
  };
}

/** The shop's own PGlite data directory, opened on a thread of its own (decision 037). */
export async function openPglite(dataDir: string): Promise<ShopDatabase> {
  const release = takeDataDirLock(dataDir);
  try {
    const pgdata = path.join(dataDir, "pgdata");
    mkdirSync(pgdata, { recursive: true, mode: 0o700 });
    const client = await PgliteThread.open(pgdata);
    const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Database;
    return {
      db,
      kind: "pglite",
      listen: (channel, onPayload) => client.listen(channel, onPayload),
      withAdvisoryLock: (_key, work) => work(db),
      async close() {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    if (error instanceof ConfigurationError) throw error;
    throw new ConfigurationError(
      `The database in ${dataDir} could not be opened (${(error as Error).message}); check that DATA_DIR is writable and holds a Duka database.`,
    );
  }
}

function describeTarget(url: string) {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

const unreachable = (url: string, error: unknown) =>
  new ConfigurationError(
    `Cannot reach PostgreSQL at ${describeTarget(url)} (${(error as Error).message}); check DATABASE_URL and that the server is running.`,
  );

export async function openPostgres(url: string): Promise<ShopDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on("error", (error) => log().error(`PostgreSQL connection lost: ${error.message}`));
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => {});
    throw unreachable(url, error);
  }
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  const listeners = new Set<pg.Client>();
  return {
    db,
    kind: "postgres",
    poolCounts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, onPayload) {
      let client: pg.Client | undefined;
      let stopped = false;
      const connect = async (): Promise<void> => {
        if (stopped) return;
        const next = new pg.Client({ connectionString: url });
        next.on("notification", (message) => {
          if (message.channel === channel && message.payload) onPayload(message.payload);
        });
        next.on("error", () => {
          // Reconnect after a dropped connection; events sent meanwhile are lost, clients re-fetch on reconnect.
          listeners.delete(next);
          next.end().catch(() => {});
          if (!stopped) setTimeout(() => void connect().catch(() => {}), 1_000);
        });
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        client = next;
        listeners.add(next);
      };
      await connect();
      return async () => {
        stopped = true;
        if (client) {
          listeners.delete(client);
          await client.end().catch(() => {});
        }
      };
    },
    async withAdvisoryLock(key, work) {
      const connection = await pool.connect();
      try {
        await connection.query("select pg_advisory_lock($1)", [key]);
        try {
          return await work(drizzlePostgres({ client: connection, schema }) as unknown as Database);
        } finally {
          await connection.query("select pg_advisory_unlock($1)", [key]);
        }
      } finally {
        connection.release();
      }
    },
    async close() {
      await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(): Promise<ShopDatabase> {
  const { databaseUrl, dataDir } = config();
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir);
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`, which the common type leaves unknown. */
export async function queryRows<Row>(source: Pick<Database, "execute">, query: SQL): Promise<Row[]> {
  const result = (await source.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Checks, without opening the database, that the configured one can be used: PostgreSQL answers, or the
 * data directory is writable and not held by another process. Start-up runs it before the (slower) build.
 */
export async function checkDatabaseAccess(): Promise<void> {
  const { databaseUrl, dataDir } = config();
  if (!databaseUrl) {
    takeDataDirLock(dataDir)();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw unreachable(databaseUrl, error);
  } finally {
    await client.end().catch(() => {});
  }
}
