import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
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
  /**
   * Calls back with each NOTIFY payload on the channel; resolves to a function that stops listening. On
   * PostgreSQL the listening connection can be lost: `onConnection` hears "lost" when it is, and "restored" once
   * it listens again (what was sent in between never arrives). PGlite runs in the process and cannot lose it.
   */
  listen(channel: string, onPayload: (payload: string) => void, onConnection?: (state: ListenState) => void): Promise<() => Promise<void>>;
  /** Runs work on one connection holding a session advisory lock (migrations on several processes). */
  withAdvisoryLock<T>(key: number, work: (db: Database) => Promise<T>): Promise<T>;
  /** The connection pool's counts, on PostgreSQL (metrics, decision 061). */
  poolCounts?(): { total: number; idle: number; waiting: number };
  /** The embedded engine, when there is one (backups, test snapshots). */
  pglite?: PGlite;
  close(): Promise<void>;
};

/** Whether a listening connection has just been lost, or listens again after one was. */
export type ListenState = "lost" | "restored";

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

const unreachable = (url: string, error: unknown, variable = "DATABASE_URL") =>
  new ConfigurationError(
    `Cannot reach PostgreSQL at ${describeTarget(url)} (${(error as Error).message}); check ${variable} and that the server is running.`,
  );

/** How a PostgreSQL database is reached beyond the pool's address. */
export type PostgresOptions = {
  /** Where the LISTEN connection goes (DATABASE_LISTEN_URL), e.g. past a PgBouncer in transaction mode; default the pool's. */
  listenUrl?: string | undefined;
  /** The pool's size (DATABASE_POOL_MAX). */
  poolMax?: number | undefined;
  /** How often the listening connection proves it is alive, and how long it has to answer (tests shorten it). */
  heartbeatMs?: number | undefined;
  /** How long a statement may wait for a lock before it fails (the release's migration step, decision 063). */
  lockTimeoutMs?: number | undefined;
};

const POOL_MAX = 10;
const LISTEN_HEARTBEAT_MS = 5_000;
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/** TCP keepalive: the kernel also probes an idle connection whose other end vanished without a word. */
const KEEPALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 };
/** How the listening connection shows in pg_stat_activity (and how the tests find it). */
export const LISTEN_APPLICATION_NAME = "duka-listen";

/**
 * LISTENs on a connection of its own, never the pool's (a pooled connection serves others, and a PgBouncer in
 * transaction mode forgets LISTEN between transactions). A round trip every `heartbeatMs` finds a half-open
 * connection within seconds rather than at the TCP timeout; a connection lost (an error, its end, a heartbeat
 * unanswered, the backend terminated) is replaced after a backoff, until the returned function stops it.
 */
async function listenOnOwnConnection(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onConnection: (state: ListenState) => void,
  heartbeatMs: number,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let reconnecting: Promise<void> | undefined;
  let backoff = RECONNECT_FIRST_MS;

  // Destroyed rather than ended: a half-open connection would never answer the goodbye.
  const destroy = (client: pg.Client) => client.connection.stream.destroy();

  const lost = (client: pg.Client, why: string) => {
    if (client !== current) return;
    current = undefined;
    clearInterval(heartbeat);
    destroy(client);
    if (stopped) return;
    log().error(`The live-update connection to PostgreSQL was lost (${why}); reconnecting.`);
    onConnection("lost");
    reconnectLater();
  };

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      application_name: LISTEN_APPLICATION_NAME,
      ...KEEPALIVE,
    });
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    client.on("error", (error) => lost(client, error.message));
    client.on("end", () => lost(client, "the server closed it"));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      destroy(client);
      throw error;
    }
    return client;
  };

  const listening = (client: pg.Client) => {
    current = client;
    heartbeat = setInterval(() => {
      const unanswered = setTimeout(() => lost(client, `no answer within ${heartbeatMs} ms`), heartbeatMs);
      unanswered.unref();
      client.query("select 1").then(
        () => clearTimeout(unanswered),
        (error: Error) => {
          clearTimeout(unanswered);
          lost(client, error.message);
        },
      );
    }, heartbeatMs);
    heartbeat.unref();
  };

  const reconnectLater = () => {
    // With jitter, so that the processes of a fleet that lost the server together do not return in step.
    const wait = backoff * (0.75 + Math.random() / 2);
    backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
    retry = setTimeout(() => {
      retry = undefined;
      reconnecting = connect().then(
        (client) => {
          reconnecting = undefined;
          if (stopped) return void destroy(client);
          backoff = RECONNECT_FIRST_MS;
          listening(client);
          log().info("The live-update connection to PostgreSQL is back.");
          onConnection("restored");
        },
        (error: Error) => {
          reconnecting = undefined;
          if (stopped) return;
          log().error(`Reconnecting the live-update connection to PostgreSQL failed (${error.message}); trying again.`);
          reconnectLater();
        },
      );
    }, wait);
    retry.unref();
  };

  listening(await connect());
  const aMoment = () => new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref());
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    // A connection still being made is destroyed as it arrives; closing waits a moment for it, not longer.
    await Promise.race([reconnecting, aMoment()]);
    const client = current;
    current = undefined;
    if (!client) return;
    // A goodbye, given a moment: the connection may be the half-open one no heartbeat has caught yet.
    await Promise.race([client.end().catch(() => {}), aMoment()]);
    destroy(client);
  };
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<ShopDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? POOL_MAX,
    connectionTimeoutMillis: 5_000,
    lock_timeout: options.lockTimeoutMs,
    ...KEEPALIVE,
  });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on("error", (error) => log().error(`PostgreSQL connection lost: ${error.message}`));
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => {});
    throw unreachable(url, error);
  }
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: "postgres",
    poolCounts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, onPayload, onConnection = () => {}) {
      const stop = await listenOnOwnConnection(
        options.listenUrl ?? url,
        channel,
        onPayload,
        onConnection,
        options.heartbeatMs ?? LISTEN_HEARTBEAT_MS,
      );
      const stopOnce = async () => {
        if (listeners.delete(stopOnce)) await stop();
      };
      listeners.add(stopOnce);
      return stopOnce;
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
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(options: Pick<PostgresOptions, "lockTimeoutMs"> = {}): Promise<ShopDatabase> {
  const { databaseUrl, databaseListenUrl, databasePoolMax, dataDir } = config();
  return databaseUrl ? openPostgres(databaseUrl, { listenUrl: databaseListenUrl, poolMax: databasePoolMax, ...options }) : openPglite(dataDir);
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`, which the common type leaves unknown. */
export async function queryRows<Row>(source: Pick<Database, "execute">, query: SQL): Promise<Row[]> {
  const result = (await source.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * The database's clock (inside a transaction, the moment it began). Leases between processes are taken and judged
 * by it, never by a process's own clock, which on another machine may be minutes off (decision 062).
 */
export async function databaseNow(source: Pick<Database, "execute">): Promise<Date> {
  const [row] = await queryRows<{ ms: number | string }>(source, sql`select (extract(epoch from now()) * 1000)::float8 as ms`);
  return new Date(Number(row!.ms));
}

/**
 * Checks, without opening the database, that the configured one can be used: PostgreSQL answers, or the
 * data directory is writable and not held by another process. Start-up runs it before the (slower) build.
 */
export async function checkDatabaseAccess(): Promise<void> {
  const { databaseUrl, databaseListenUrl, dataDir } = config();
  if (!databaseUrl) {
    takeDataDirLock(dataDir)();
    return;
  }
  await reachable(databaseUrl, "DATABASE_URL");
  if (databaseListenUrl) await reachable(databaseListenUrl, "DATABASE_LISTEN_URL");
}

async function reachable(url: string, variable: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw unreachable(url, error, variable);
  } finally {
    await client.end().catch(() => {});
  }
}
