import { sql } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { db } from "./db/database.server";
import { EVENTS_CHANNEL, publish } from "./events.server";
import { liveCache } from "./live-cache.server";

const counter = () => {
  let loads = 0;
  return { load: async () => ++loads, loads: () => loads };
};

test("a value is read once, until this process writes on its topic", async () => {
  const cache = liveCache<string, number>(["categories"]);
  const source = counter();
  expect(await cache.get("all", source.load)).toBe(1);
  expect(await cache.get("all", source.load)).toBe(1);
  await (await db()).transaction(async (tx) => publish(tx, "products"));
  expect(await cache.get("all", source.load)).toBe(1);
  await (await db()).transaction(async (tx) => publish(tx, "categories", "c1"));
  expect(await cache.get("all", source.load)).toBe(2);
});

test("a change another process announces drops the value", async () => {
  const cache = liveCache<string, number>(["settings"]);
  const source = counter();
  expect(await cache.get("doc", source.load)).toBe(1);
  // What another app process's commit looks like here: only the notification arrives.
  await (await db()).execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ topic: "settings", id: "settings" })})`);
  await vi.waitFor(async () => expect(await cache.get("doc", source.load)).toBe(2));
});

test("callers asking at once share one load; failed and refused values are not kept", async () => {
  const cache = liveCache<string, number | undefined>(["content"], { keep: (value) => value !== undefined });
  const source = counter();
  expect(await Promise.all([cache.get("a", source.load), cache.get("a", source.load)])).toEqual([1, 1]);
  await expect(cache.get("b", async () => Promise.reject(new Error("the database is away")))).rejects.toThrow();
  expect(await cache.get("b", source.load)).toBe(2);
  expect(await cache.get("c", async () => undefined)).toBeUndefined();
  expect(await cache.get("c", source.load)).toBe(3);
});

test("at most maxEntries are kept, the oldest dropped first", async () => {
  const cache = liveCache<string, number>(["riders"], { maxEntries: 2 });
  const source = counter();
  await cache.get("a", source.load);
  await cache.get("b", source.load);
  await cache.get("c", source.load);
  expect(await cache.get("c", source.load)).toBe(3);
  expect(await cache.get("a", source.load)).toBe(4);
});
