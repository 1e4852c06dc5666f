import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "./db/database.server";
import { rateLimits } from "./db/schema.server";
import { batchedRateLimit } from "./rate-limit.server";

// Near the real time: the limit forgets counts whose window ended by the clock.
const start = Date.now();
const at = (ms: number) => new Date(start + ms);

async function sharedCount(key: string) {
  const [row] = await (await db()).select().from(rateLimits).where(eq(rateLimits.key, key));
  return row && { hits: row.hits, windowStart: row.windowStart.getTime() - start };
}

test("two processes count one client together once each has written its hits", async () => {
  // Two limits on one table stand for the same limit in two server processes.
  const first = batchedRateLimit(5, 60_000);
  const second = batchedRateLimit(5, 60_000);
  const key = "test:two-processes";

  for (let i = 0; i < 3; i++) expect(first.hit(key, at(i))).toEqual({ allowed: true });
  expect(await sharedCount(key)).toBeUndefined();
  await first.write();
  expect(await sharedCount(key)).toEqual({ hits: 3, windowStart: 0 });

  expect(second.hit(key, at(10))).toEqual({ allowed: true });
  await second.write();
  expect(await sharedCount(key)).toEqual({ hits: 4, windowStart: 0 });
  expect(second.hit(key, at(20))).toEqual({ allowed: true });
  expect(second.hit(key, at(30_000))).toEqual({ allowed: false, retryAfterSeconds: 30 });

  // The first learns of the second's hits when it next writes.
  expect(first.hit(key, at(30_000))).toEqual({ allowed: true });
  await Promise.all([first.write(), second.write()]);
  expect(await sharedCount(key)).toEqual({ hits: 7, windowStart: 0 });
  expect(first.hit(key, at(30_001))).toEqual({ allowed: false, retryAfterSeconds: 30 });
  await first.close();
  await second.close();
});

test("hits made after the shared window ended start a new one", async () => {
  const limit = batchedRateLimit(2, 60_000);
  const key = "test:new-window";
  limit.hit(key, at(0));
  limit.hit(key, at(1));
  await limit.write();
  expect(limit.hit(key, at(2))).toEqual({ allowed: false, retryAfterSeconds: 60 });
  await limit.write();
  expect(await sharedCount(key)).toEqual({ hits: 3, windowStart: 0 });

  expect(limit.hit(key, at(60_000))).toEqual({ allowed: true });
  await limit.close();
  expect(await sharedCount(key)).toEqual({ hits: 1, windowStart: 60_000 });
});
