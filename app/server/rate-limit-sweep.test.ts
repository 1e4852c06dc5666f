import { eq } from "drizzle-orm";
import { afterEach, expect, test, vi } from "vitest";
import { db } from "./db/database.server";
import { rateLimits } from "./db/schema.server";
import { closeShop, prepareShop } from "./lifecycle.server";
import { RATE_LIMIT_SWEEP_MS } from "./rate-limit.server";

// Issue 21, item 9: rate-limit counts are swept while the shop runs, not only when it starts, so a client making
// up new keys (IPv6 networks, phone numbers) cannot grow the table for as long as the shop stays up.

afterEach(() => {
  vi.useRealTimers();
});

test("a running shop forgets counts over a day old every ten minutes, not only when it starts", async () => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
  const started = Date.now();
  // A day old five minutes after the shop starts: only a sweep after the one at start-up forgets it.
  await (await db()).insert(rateLimits).values([
    { key: "running:soon-old", windowStart: new Date(started - 86_400_000 + 5 * 60_000), hits: 9 },
    { key: "running:recent", windowStart: new Date(started), hits: 1 },
  ]);
  const row = async (key: string) => (await (await db()).select().from(rateLimits).where(eq(rateLimits.key, key)))[0];
  await prepareShop();
  try {
    expect(RATE_LIMIT_SWEEP_MS).toBe(10 * 60_000);
    // A sweep still running when its next turn comes skips that turn (the start-up one, on a busy machine): the
    // clock moves on a turn at a time until one has swept, well within the day the recent row is kept.
    await vi.waitFor(
      async () => {
        await vi.advanceTimersByTimeAsync(RATE_LIMIT_SWEEP_MS);
        expect(await row("running:soon-old")).toBeUndefined();
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(Date.now() - started).toBeLessThan(12 * 60 * 60_000);
    expect(await row("running:recent")).toBeDefined();
  } finally {
    await closeShop();
  }
});
