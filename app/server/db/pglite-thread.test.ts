import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { openPglite, queryRows, type ShopDatabase } from "./client.server";
import { migrate } from "./migrate.server";
import { PgliteThread } from "./pglite-thread.server";
import { categories } from "./schema.server";

// The shop's own data directory runs PGlite on a worker thread (decision 037); these tests open one for real.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-thread-"));
let shop: ShopDatabase;

beforeAll(async () => {
  shop = await openPglite(dataDir);
  await migrate(shop);
});

afterAll(async () => {
  await shop?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test("rows come back as drizzle expects: 64-bit numbers, text times, JSON", async () => {
  const [row] = await queryRows<{ cents: string | number; at: string; doc: { a: number } }>(
    shop.db,
    sql`select 5000000000::bigint as cents, timestamptz '2026-11-24 10:00:00+00' as at, '{"a":1}'::jsonb as doc`,
  );
  expect(Number(row!.cents)).toBe(5_000_000_000);
  expect(row!.at).toBe("2026-11-24 10:00:00+00");
  expect(row!.doc).toEqual({ a: 1 });
});

test("PGlite keeps 32 MB of shared buffers, not PostgreSQL's 128 MB, to fit a small server (issue 26)", async () => {
  const [row] = await queryRows<{ shared_buffers: string }>(shop.db, sql`show shared_buffers`);
  expect(row!.shared_buffers).toBe("32MB");
});

test("a transaction commits when its work resolves and rolls back when it throws", async () => {
  await shop.db.transaction(async (tx) => {
    await tx.insert(categories).values({ id: "kept", name: "Kept" });
  });
  await expect(
    shop.db.transaction(async (tx) => {
      await tx.insert(categories).values({ id: "dropped", name: "Dropped" });
      throw new Error("checkout failed");
    }),
  ).rejects.toThrow("checkout failed");
  const names = (await shop.db.select({ name: categories.name }).from(categories)).map((c) => c.name);
  expect(names).toContain("Kept");
  expect(names).not.toContain("Dropped");
});

test("a PostgreSQL error keeps its code and constraint across the thread", async () => {
  const refused: unknown = await shop.db
    .insert(categories)
    .values({ id: "kept", name: "Kept again" })
    .then(() => undefined, (error: unknown) => error);
  const cause = (refused as { cause?: { code?: string; constraint?: string } } | undefined)?.cause;
  expect(cause?.code).toBe("23505");
  expect(cause?.constraint).toBe("categories_pkey");
});

test("a query from outside waits for an open transaction instead of seeing its writes", async () => {
  let outside: Promise<unknown> | undefined;
  await shop.db.transaction(async (tx) => {
    await tx.update(categories).set({ name: "Renamed" }).where(eq(categories.id, "kept"));
    outside = shop.db.select({ name: categories.name }).from(categories).where(eq(categories.id, "kept"));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(await outside).toEqual([{ name: "Renamed" }]);
});

test("a notification is heard after its transaction commits", async () => {
  const heard: string[] = [];
  const stop = await shop.listen("duka_thread_test", (payload) => heard.push(payload));
  await shop.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_notify('duka_thread_test', 'placed')`);
  });
  await vi.waitFor(() => expect(heard).toEqual(["placed"]));
  await stop();
});

test("closing releases the data directory for the next process", async () => {
  await shop.close();
  shop = await openPglite(dataDir);
  const [row] = await queryRows<{ n: number }>(shop.db, sql`select count(*)::int as n from categories where id = 'kept'`);
  expect(row!.n).toBe(1);
});

test("a new data directory is unpacked from the packed empty database, and made by initdb without one", async () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "duka-thread-new-"));
  try {
    // A packed database with a mark of its own, so the test can tell it was unpacked rather than made anew.
    const packing = await PGlite.create();
    await packing.exec("create table packed_mark (id int)");
    writeFileSync(path.join(folder, "empty.tar.gz"), Buffer.from(await (await packing.dumpDataDir("gzip")).arrayBuffer()));
    await packing.close();

    const unpacked = await PgliteThread.open(path.join(folder, "unpacked"), path.join(folder, "empty.tar.gz"));
    expect((await unpacked.query("select to_regclass('packed_mark') is not null as marked")).rows).toEqual([{ marked: true }]);
    await unpacked.close();
    const made = await PgliteThread.open(path.join(folder, "made"), path.join(folder, "no-such.tar.gz"));
    expect((await made.query("select to_regclass('packed_mark') is not null as marked")).rows).toEqual([{ marked: false }]);
    await made.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}, 60_000);
