import { setImmediate } from "node:timers/promises";
import { eq, inArray, lt, sql } from "drizzle-orm";
import { afterWrite, type ClientCount, countHit, isSpent, noHits, type RateLimit, type RateLimitVerdict } from "~/domain/rate-limit";
import { db } from "./db/database.server";
import { rateLimits } from "./db/schema.server";

export type { RateLimitVerdict };

/** `value` of the limit whose key is the row's: one statement serves limits of different sizes and windows. */
const perKey = (limits: readonly RateLimit[], value: (limit: RateLimit) => unknown) =>
  sql`case ${rateLimits.key} ${sql.join(
    limits.map((limit) => sql`when ${limit.key} then ${value(limit)}`),
    sql` `,
  )} end`;

/**
 * Takes one attempt from each limit that has room, in one atomic upsert: a row counts only while its count is
 * under its limit, so attempts racing on any number of connections or processes never take more than the
 * limit. Rows are locked in key order, so overlapping attempts queue rather than deadlock. Returns the window
 * start of each limit taken.
 */
async function takeEach(limits: readonly RateLimit[], now: Date): Promise<Map<string, Date>> {
  const ended = sql`${rateLimits.windowStart} <= ${perKey(limits, (limit) => sql`${new Date(now.getTime() - limit.windowMs)}::timestamptz`)}`;
  const rows = await (await db())
    .insert(rateLimits)
    .values([...limits].sort((a, b) => (a.key < b.key ? -1 : 1)).map(({ key }) => ({ key, windowStart: now, hits: 1 })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        // A window that has passed starts again from this attempt.
        hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${ended} then excluded.window_start else ${rateLimits.windowStart} end`,
      },
      setWhere: sql`${ended} or ${rateLimits.hits} < ${perKey(limits, (limit) => sql`${limit.limit}::integer`)}`,
    })
    .returning({ key: rateLimits.key, windowStart: rateLimits.windowStart });
  return new Map(rows.map((row) => [row.key, row.windowStart]));
}

/**
 * Gives back attempts taken in the windows that began at the given starts (none where a new window has begun
 * since). A refused attempt also removes the rows it created, so keys made up by a refused client leave
 * nothing behind; a window that an attempt really used keeps its start.
 */
async function giveBack(taken: ReadonlyMap<string, Date>, refusedAt?: Date): Promise<void> {
  if (taken.size === 0) return;
  const ours = sql.join(
    [...taken].map(([key, windowStart]) => sql`(${rateLimits.key} = ${key} and ${rateLimits.windowStart} = ${windowStart}::timestamptz)`),
    sql` or `,
  );
  const created = refusedAt ? sql`${rateLimits.hits} = 1 and ${rateLimits.windowStart} = ${refusedAt}::timestamptz` : sql`false`;
  await (await db()).execute(sql`with created as (delete from ${rateLimits} where (${ours}) and ${created} returning ${rateLimits.key})
    update ${rateLimits} set hits = ${rateLimits.hits} - 1
    where (${ours}) and ${rateLimits.hits} > 0 and ${rateLimits.key} not in (select key from created)`);
}

async function secondsUntilRoom({ key, windowMs }: RateLimit, now: Date): Promise<number> {
  const [row] = await (await db()).select({ windowStart: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, key));
  const waitMs = row ? row.windowStart.getTime() + windowMs - now.getTime() : 0;
  return Math.max(1, Math.ceil(waitMs / 1000));
}

export type TakenAttempt = { allowed: true; giveBack(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one attempt from every limit, or from none: counted before the work it guards is done, so requests
 * sent at once cannot all slip through on one free attempt. When a limit refuses, the attempts taken from the
 * others are given back, so a refused attempt counts nowhere, and the wait is the first refusing limit's in
 * the order given (the broadest first). `giveBack` returns a taken attempt that should not count after all (a
 * sign-in whose password was right). Decision 030.
 */
export async function takeAttempt(limits: readonly RateLimit[], now = new Date()): Promise<TakenAttempt> {
  const taken = await takeEach(limits, now);
  const refusing = limits.find((limit) => !taken.has(limit.key));
  if (refusing) {
    await giveBack(taken, now);
    return { allowed: false, retryAfterSeconds: await secondsUntilRoom(refusing, now) };
  }
  return { allowed: true, giveBack: () => giveBack(taken) };
}

/** How often the running shop forgets old counts (lifecycle.server.ts), and how old they must be: every window is far shorter. */
export const RATE_LIMIT_SWEEP_MS = 10 * 60_000;
const COUNTS_KEPT_MS = 24 * 60 * 60_000;
const ROWS_PER_SWEEP = 1_000;

/**
 * Forgets counts whose window began over a day before `now`, so the table stays small however many clients
 * (made-up IPv6 networks, say) it has counted. A statement per 1,000 rows, with other queries served between
 * them; `signal` stops it between statements.
 */
export async function sweepRateLimits(now: Date, signal?: AbortSignal): Promise<number> {
  const olderThan = new Date(now.getTime() - COUNTS_KEPT_MS);
  let swept = 0;
  while (!signal?.aborted) {
    const old = (await db()).select({ key: rateLimits.key }).from(rateLimits).where(lt(rateLimits.windowStart, olderThan)).limit(ROWS_PER_SWEEP);
    const deleted = await (await db()).delete(rateLimits).where(inArray(rateLimits.key, old)).returning({ key: rateLimits.key });
    swept += deleted.length;
    if (deleted.length < ROWS_PER_SWEEP) break;
    await setImmediate();
  }
  return swept;
}

// How often a batched limit writes its new hits; also how far behind one process may see another's.
const WRITE_EVERY_MS = 1_000;
// Rows per statement, with other queries served between statements: an embedded database runs one statement at
// a time, and a long write would hold every page's queries up.
const ROWS_PER_WRITE = 200;
const batchedLimits = new Set<{ close(): Promise<void> }>();

/**
 * A limit on a frequent, cheap request (a tracking page view), counted in this process's memory and added to
 * the shared table once a second, a statement per 200 clients, rather than one write per request (decision
 * 026). Each process sees the others' hits within a second of their being made; a crash forgets a second's.
 */
export function batchedRateLimit(limit: number, windowMs: number) {
  const counts = new Map<string, ClientCount>();
  let writing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function writeHits(): Promise<void> {
    const pending = [...counts].filter(([, count]) => count.unwritten > 0);
    for (let start = 0; start < pending.length; start += ROWS_PER_WRITE) {
      if (start > 0) await setImmediate();
      const batch = pending.slice(start, start + ROWS_PER_WRITE);
      const written = new Map(batch.map(([key, count]) => [key, count.unwritten]));
      // A window that had ended when the first of these hits came starts again from that hit.
      const ended = sql`${rateLimits.windowStart} <= excluded.window_start - make_interval(secs => ${windowMs / 1000})`;
      const rows = await (await db())
        .insert(rateLimits)
        .values(batch.map(([key, count]) => ({ key, windowStart: new Date(count.firstUnwrittenAt), hits: count.unwritten })))
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${ended} then excluded.hits else ${rateLimits.hits} + excluded.hits end`,
            windowStart: sql`case when ${ended} then excluded.window_start else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ key: rateLimits.key, hits: rateLimits.hits, windowStart: rateLimits.windowStart });
      for (const row of rows) {
        const count = counts.get(row.key) ?? noHits();
        counts.set(row.key, afterWrite(count, written.get(row.key) ?? 0, { windowStart: row.windowStart.getTime(), hits: row.hits }));
      }
    }
    const now = Date.now();
    for (const [key, count] of counts) if (isSpent(count, now, windowMs)) counts.delete(key);
  }

  const batched = {
    /** Counts one attempt for `key` and says whether it is within the limit, without waiting for the database. */
    hit(key: string, now = new Date()): RateLimitVerdict {
      const { count, verdict } = countHit(counts.get(key) ?? noHits(), limit, windowMs, now.getTime());
      counts.set(key, count);
      // A failed write keeps its hits for the next one.
      timer ??= setInterval(() => void batched.write().catch(() => undefined), WRITE_EVERY_MS).unref();
      return verdict;
    },
    /** Adds the hits not yet written to the shared table (one write at a time; a failed one is tried again). */
    write(): Promise<void> {
      writing ??= writeHits().finally(() => (writing = undefined));
      return writing;
    },
    /** Writes the last hits and stops the clock, as the shop closes. */
    async close(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await batched.write();
    },
  };
  batchedLimits.add(batched);
  return batched;
}

/** Writes every batched limit's last hits, as the shop closes. */
export async function closeBatchedRateLimits(): Promise<void> {
  await Promise.all([...batchedLimits].map((batched) => batched.close()));
}
