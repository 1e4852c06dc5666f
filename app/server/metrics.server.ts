import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { queryRows } from "./db/client.server";
import { shopDatabaseIfOpen } from "./db/database.server";
import { log } from "./log.server";
import { sameSecret } from "./secret-text.server";

// The process's one registry (decision 061): every label takes a bounded set of values, never a raw address.
const registry = new Registry();
// Memory, CPU, event-loop lag, handles: prom-client's standard process metrics.
collectDefaultMetrics({ register: registry });

const requestDuration = new Histogram({
  name: "duka_http_request_duration_seconds",
  help: "Time from a request's arrival to its answer's end, by method, route pattern and status (an /events stream: its lifetime).",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const poolConnections = new Gauge({
  name: "duka_db_pool_connections",
  help: "PostgreSQL connection pool: connections open (total), idle, and queries waiting for one (waiting). Absent on PGlite.",
  labelNames: ["state"] as const,
  registers: [registry],
});

const outboxWaiting = new Gauge({
  name: "duka_outbox_waiting",
  help: "SMS and emails in the outbox waiting to be sent (due now or to be tried again later).",
  registers: [registry],
});

const outboxOldestDue = new Gauge({
  name: "duka_outbox_oldest_due_age_seconds",
  help: "How long the oldest message due for sending has been due; 0 when none is.",
  registers: [registry],
});

const mpesaWaiting = new Gauge({
  name: "duka_mpesa_requests_waiting",
  help: "M-Pesa Express requests Daraja took that neither a callback nor a status query has answered yet.",
  registers: [registry],
});

const sweepLastSuccess = new Gauge({
  name: "duka_sweep_last_success_timestamp_seconds",
  help: "When each background sweep of this process last finished without error (Unix time).",
  labelNames: ["sweep"] as const,
  registers: [registry],
});

const liveStreams = new Gauge({
  name: "duka_live_streams_open",
  help: "Live-update streams (/events) this process holds open.",
  registers: [registry],
});

const pageCacheHits = new Counter({
  name: "duka_page_cache_hits_total",
  help: "Shared pages sent from this process's kept copy, by kind of page.",
  labelNames: ["page"] as const,
  registers: [registry],
});

const pageCacheMisses = new Counter({
  name: "duka_page_cache_misses_total",
  help: "Shared pages this process had to render, by kind of page.",
  labelNames: ["page"] as const,
  registers: [registry],
});

/** Methods a label may name; anything else counts as "other". */
const LABELLED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Counts one answered request (see request-log.server.ts). */
export function requestAnswered(method: string, route: string, status: number, seconds: number): void {
  const labelledMethod = LABELLED_METHODS.has(method) ? method : "other";
  requestDuration.observe({ method: labelledMethod, route, status: String(status) }, seconds);
}

/** Notes that the sweep `what` (lifecycle.server.ts) has just finished without error. */
export function sweepSucceeded(what: string): void {
  sweepLastSuccess.set({ sweep: what }, Date.now() / 1000);
}

/** Counts a live-update stream open; the function returned counts it closed (once, however often it is called). */
export function liveStreamOpened(): () => void {
  liveStreams.inc();
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    liveStreams.dec();
  };
}

/** Counts one shared page sent, from the kept copy (`hit`) or rendered for it. */
export function pageCacheLookup(page: "catalogue" | "tracking", hit: boolean): void {
  (hit ? pageCacheHits : pageCacheMisses).inc({ page });
}

type QueueCounts = { outbox_waiting: number; oldest_due_seconds: number; mpesa_waiting: number };

/**
 * Reads what waits in the database, in one statement on partial indexes (notifications_due,
 * payment_requests_to_query), so a scrape costs little however large the tables grow. Uses the database's clock.
 */
async function readDatabaseGauges(): Promise<void> {
  poolConnections.reset();
  const database = await shopDatabaseIfOpen();
  if (!database) return;
  const pool = database.poolCounts?.();
  if (pool) for (const [state, count] of Object.entries(pool)) poolConnections.set({ state }, count);
  const [counts] = await queryRows<QueueCounts>(
    database.db,
    sql`select
      (select count(*) from notifications where state = 'pending')::int as outbox_waiting,
      (select coalesce(extract(epoch from greatest(now() - min(next_attempt_at), interval '0')), 0)
         from notifications where state = 'pending')::float8 as oldest_due_seconds,
      (select count(*) from payment_requests where state = 'waiting')::int as mpesa_waiting`,
  );
  outboxWaiting.set(Number(counts?.outbox_waiting ?? 0));
  outboxOldestDue.set(Number(counts?.oldest_due_seconds ?? 0));
  mpesaWaiting.set(Number(counts?.mpesa_waiting ?? 0));
}

/** The bearer token an Authorization header carries, or undefined. */
function bearerToken(authorization: string | null): string | undefined {
  return /^Bearer +(\S+)$/i.exec(authorization?.trim() ?? "")?.[1];
}

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });

/**
 * The answer to GET /metrics: the registry in Prometheus's text format for a request carrying
 * `Authorization: Bearer $METRICS_TOKEN` (compared in constant time), 401 for any other, 404 while METRICS_TOKEN is unset.
 */
export async function metricsAnswer(authorization: string | null, expected: string | undefined): Promise<Response> {
  if (!expected) return plain(404, "Not found.");
  const given = bearerToken(authorization);
  if (given === undefined || !sameSecret(expected, given)) {
    return plain(401, "The metrics need the bearer token METRICS_TOKEN.", { "WWW-Authenticate": 'Bearer realm="metrics"' });
  }
  // The process's own metrics are still worth answering with while the database does not.
  await readDatabaseGauges().catch((error: unknown) => log().warn({ err: error }, "Reading the outbox and M-Pesa counts for /metrics failed."));
  return new Response(await registry.metrics(), { headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" } });
}
