import { eq, like } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "./db/database.server";
import { rateLimits } from "./db/schema.server";
import { batchedRateLimit, sweepRateLimits, takeAttempt } from "./rate-limit.server";

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

test("twenty attempts at once on a limit of 5 take exactly 5, however many connections they arrive on", async () => {
  const limit = { key: "test:race", limit: 5, windowMs: 60_000 };
  const attempts = await Promise.all(Array.from({ length: 20 }, () => takeAttempt([limit], at(0))));
  expect(attempts.filter((a) => a.allowed)).toHaveLength(5);
  expect(attempts.filter((a) => !a.allowed)).toEqual(Array(15).fill({ allowed: false, retryAfterSeconds: 60 }));
  expect(await sharedCount(limit.key)).toEqual({ hits: 5, windowStart: 0 });
});

test("an attempt is taken from every limit or from none, and a refused one counts nowhere", async () => {
  const phone = { key: "test:phone", limit: 2, windowMs: 60_000 };
  const address = { key: "test:address", limit: 3, windowMs: 60_000 };
  expect((await takeAttempt([phone, address], at(0))).allowed).toBe(true);
  expect((await takeAttempt([phone, address], at(1_000))).allowed).toBe(true);
  expect(await takeAttempt([phone, address], at(30_000))).toEqual({ allowed: false, retryAfterSeconds: 30 });
  expect(await sharedCount(address.key)).toEqual({ hits: 2, windowStart: 0 });

  const other = { key: "test:other-phone", limit: 2, windowMs: 60_000 };
  expect((await takeAttempt([other, address], at(30_000))).allowed).toBe(true);
  expect(await takeAttempt([other, address], at(40_000))).toEqual({ allowed: false, retryAfterSeconds: 20 });
  expect(await sharedCount(other.key)).toEqual({ hits: 1, windowStart: 30_000 });

  // The window that began with the first attempt is over: a new one starts.
  expect((await takeAttempt([phone, address], at(60_000))).allowed).toBe(true);
  expect(await sharedCount(phone.key)).toEqual({ hits: 1, windowStart: 60_000 });
});

test("a refused attempt leaves no row for keys it made up, and limits of different sizes count in one go", async () => {
  const address = { key: "test:flood-address", limit: 1, windowMs: 60_000 };
  const shortWindow = { key: "test:flood-short", limit: 5, windowMs: 1_000 };
  expect((await takeAttempt([address, shortWindow], at(0))).allowed).toBe(true);
  // The short window has ended by 2 s, the address's has not: each limit keeps its own size and window.
  for (let i = 0; i < 20; i++) {
    const madeUp = { key: `test:flood-phone-${i}`, limit: 5, windowMs: 60_000 };
    expect(await takeAttempt([address, madeUp, shortWindow], at(2_000))).toEqual({ allowed: false, retryAfterSeconds: 58 });
  }
  const rows = await (await db()).select({ key: rateLimits.key }).from(rateLimits);
  expect(rows.filter((row) => row.key.startsWith("test:flood-phone-"))).toEqual([]);
  expect(await sharedCount(address.key)).toEqual({ hits: 1, windowStart: 0 });
  // The refused attempts restarted the short window and gave it back: its ended window is forgotten.
  expect(await sharedCount(shortWindow.key)).toBeUndefined();
});

test("an attempt given back leaves room for another, but not in a window begun since", async () => {
  const limit = { key: "test:give-back", limit: 1, windowMs: 60_000 };
  const first = await takeAttempt([limit], at(0));
  if (!first.allowed) throw new Error("the first attempt was refused");
  await first.giveBack();
  const second = await takeAttempt([limit], at(1_000));
  expect(second.allowed).toBe(true);
  expect((await takeAttempt([limit], at(2_000))).allowed).toBe(false);

  expect((await takeAttempt([limit], at(60_000))).allowed).toBe(true);
  if (second.allowed) await second.giveBack();
  expect(await sharedCount(limit.key)).toEqual({ hits: 1, windowStart: 60_000 });
});

test("the sweep forgets counts whose window began over a day ago, a batch at a time, and keeps the rest", async () => {
  // The real time, so the counts other tests wrote are recent.
  const now = new Date();
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const rows = [
    ...Array.from({ length: 2_500 }, (_, n) => ({ key: `sweep:old-${n}`, windowStart: hoursAgo(25 + (n % 48)), hits: 1 })),
    { key: "sweep:recent", windowStart: hoursAgo(23), hits: 3 },
    { key: "sweep:now", windowStart: now, hits: 1 },
  ];
  for (let start = 0; start < rows.length; start += 500) await (await db()).insert(rateLimits).values(rows.slice(start, start + 500));
  const left = async () =>
    (await (await db()).select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, "sweep:%"))).map((row) => row.key);

  const stopped = new AbortController();
  stopped.abort();
  expect(await sweepRateLimits(now, stopped.signal)).toBe(0);
  expect(await left()).toHaveLength(2_502);

  expect(await sweepRateLimits(now)).toBe(2_500);
  expect((await left()).sort()).toEqual(["sweep:now", "sweep:recent"]);
});
