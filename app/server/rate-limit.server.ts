import { eq, lt, sql } from "drizzle-orm";
import { db } from "./db/database.server";
import { rateLimits } from "./db/schema.server";

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt for `key` in a fixed window and says whether it is within `limit`. One atomic upsert,
 * so concurrent requests on any number of processes count correctly.
 */
export async function hitRateLimit(key: string, limit: number, windowMs: number, now = new Date()): Promise<RateLimitVerdict> {
  const windowStart = new Date(now.getTime() - windowMs);
  const [row] = await (await db())
    .insert(rateLimits)
    .values({ key, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        // A window that has passed starts again from this hit.
        hits: sql`case when ${rateLimits.windowStart} <= ${windowStart} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStart} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
  if (!row || row.hits <= limit) return { allowed: true };
  const retryAfterMs = row.windowStart.getTime() + windowMs - now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

/** Forgets windows that ended long ago, so the table stays small. */
export async function sweepRateLimits(olderThan: Date): Promise<void> {
  await (await db()).delete(rateLimits).where(lt(rateLimits.windowStart, olderThan));
}

/** How many attempts `key` has made in the current window, without counting one more. */
export async function rateLimitHits(key: string, windowMs: number, now = new Date()): Promise<number> {
  const [row] = await (await db())
    .select({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!row || row.windowStart.getTime() <= now.getTime() - windowMs) return 0;
  return row.hits;
}
