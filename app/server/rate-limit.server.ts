import { setImmediate } from "node:timers/promises";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { afterWrite, type ClientCount, countHit, isSpent, noHits, type RateLimit, type RateLimitVerdict } from "~/domain/rate-limit";
import { db } from "./db/database.server";
import { rateLimits } from "./db/schema.server";

export type { RateLimitVerdict };

/**
 * Takes one attempt for `key` if its window has room: one atomic upsert that counts only while the count is
 * under the limit, so attempts racing on any number of connections or processes never take more than `limit`.
 * Returns the window's start when taken.
 */
async function take({ key, limit, windowMs }: RateLimit, now: Date): Promise<Date | undefined> {
  const ended = sql`${rateLimits.windowStart} <= ${new Date(now.getTime() - windowMs)}`;
  const [row] = await (await db())
    .insert(rateLimits)
    .values({ key, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        // A window that has passed starts again from this attempt.
        hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${ended} then ${now} else ${rateLimits.windowStart} end`,
      },
      setWhere: sql`${ended} or ${rateLimits.hits} < ${limit}`,
    })
    .returning({ windowStart: rateLimits.windowStart });
  return row?.windowStart;
}

/** Gives back an attempt taken in the window that began at `windowStart` (none if a new window has begun). */
async function giveBack(key: string, windowStart: Date): Promise<void> {
  await (await db())
    .update(rateLimits)
    .set({ hits: sql`${rateLimits.hits} - 1` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.hits, 0)));
}

async function secondsUntilRoom({ key, windowMs }: RateLimit, now: Date): Promise<number> {
  const [row] = await (await db()).select({ windowStart: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, key));
  const waitMs = row ? row.windowStart.getTime() + windowMs - now.getTime() : 0;
  return Math.max(1, Math.ceil(waitMs / 1000));
}

export type TakenAttempt = { allowed: true; giveBack(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one attempt from every limit, or from none: counted before the work it guards is done, so requests
 * sent at once cannot all slip through on one free attempt. Limits are taken in the order given, the broadest
 * first: one that refuses hands back those taken before it and writes nothing for those after it, so a refused
 * attempt counts nowhere and a flood of made-up keys adds no rows. `giveBack` returns a taken attempt that
 * should not count after all (a sign-in whose password was right).
 */
export async function takeAttempt(limits: readonly RateLimit[], now = new Date()): Promise<TakenAttempt> {
  const taken: { key: string; windowStart: Date }[] = [];
  const giveAllBack = async () => {
    await Promise.all(taken.map(({ key, windowStart }) => giveBack(key, windowStart)));
  };
  for (const limit of limits) {
    const windowStart = await take(limit, now);
    if (!windowStart) {
      await giveAllBack();
      return { allowed: false, retryAfterSeconds: await secondsUntilRoom(limit, now) };
    }
    taken.push({ key: limit.key, windowStart });
  }
  return { allowed: true, giveBack: giveAllBack };
}

/** Forgets windows that ended long ago, so the table stays small. */
export async function sweepRateLimits(olderThan: Date): Promise<void> {
  await (await db()).delete(rateLimits).where(lt(rateLimits.windowStart, olderThan));
}

// How often a batched limit writes its new hits; also how far behind one process may see another's.
const WRITE_EVERY_MS = 1_000;
// Rows per statement, with pages served between statements: an embedded database runs on the server's own
// thread, and a long write would hold every page up.
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
