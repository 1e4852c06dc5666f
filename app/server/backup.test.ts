import { mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { givenCategory, givenProduct, givenStoredOrder } from "../../tests/setup/builders";
import { freshDatabase } from "../../tests/setup/fresh-database";
import { givenBucket } from "../../tests/setup/s3-bucket";
import { BACKUP_TABLES, restoreBackup, writeBackup } from "./backup.server";
import { config, projectRoot } from "./config.server";
import { type Database, queryRows } from "./db/client.server";
import { db } from "./db/database.server";
import { imageStore, openImageStore } from "./image-store.server";
import { writeSiteDocument } from "./site-documents.server";
import { addStaff } from "./staff.server";
import { saveImage } from "./uploads.server";

async function everyRow(database: Database) {
  const tables: Record<string, unknown> = {};
  for (const table of BACKUP_TABLES) {
    tables[table] = await queryRows(database, sql`select * from ${sql.identifier(table)} order by 1, 2`);
  }
  return tables;
}

const localStore = (dir: string) => openImageStore({ kind: "local", dir });

const givenAnUploadedImage = async () => saveImage(await readFile(path.join(projectRoot(), "seed", "images", "kanga-head-wrap-1.webp")));

async function givenAShopWithAnOrder() {
  const image = await givenAnUploadedImage();
  const { id: categoryId } = await givenCategory({ name: "Accessories" });
  const wrap = await givenProduct({ name: "Kanga Head Wrap", categoryId, images: [image], sizes: ["One Size"], colors: ["Indigo"], stock: 5 });
  await givenProduct({ name: "Ankara Wrap Dress", categoryId, images: [image], variants: [{ size: "M", stock: 2, priceCents: 4_800_00 }, { size: "L", stock: 1 }] });
  await givenStoredOrder({
    totalCents: 240_000,
    lines: [{ productId: wrap.id, name: wrap.name, image, unitPriceCents: 120_000, size: "One Size", color: "Indigo", quantity: 2 }],
  });
  await writeSiteDocument("faqs", { items: [{ id: "faq-1", q: "Do you deliver?", a: "Yes, across Kenya." }] });
  await addStaff({ email: "owner@duka.test", password: "a long enough password" });
}

test("a restored backup holds the same rows and the same uploaded images", async () => {
  await givenAShopWithAnOrder();
  const target = path.join(mkdtempSync(path.join(os.tmpdir(), "duka-backup-")), "backup");
  const written = await writeBackup(await db(), imageStore(), target);
  expect(written.tables).toMatchObject({ products: 2, product_variants: 2, orders: 1, order_lines: 1, staff_users: 1, site_documents: 1 });

  const empty = await freshDatabase();
  const restoredUploads = mkdtempSync(path.join(os.tmpdir(), "duka-restored-uploads-"));
  await restoreBackup(empty.db, localStore(restoredUploads), target);

  expect(await everyRow(empty.db)).toEqual(await everyRow(await db()));
  // The customers' totals, not backed up, are rebuilt by the restored orders.
  const totals = async (database: Database) => queryRows(database, sql`select * from customer_totals order by 1`);
  expect(await totals(empty.db)).toEqual(await totals(await db()));
  expect((await totals(empty.db)).length).toBeGreaterThan(0);
  expect(readdirSync(restoredUploads).sort()).toEqual(readdirSync(config().uploadsDir).sort());
});

test("every table of the shop is backed up but the rate limits' counters, which a restore may start afresh, and the customers' totals, which it rebuilds", async () => {
  const tables = await queryRows<{ name: string }>(
    await db(),
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  expect(new Set(BACKUP_TABLES)).toEqual(new Set(tables.map((table) => table.name).filter((name) => name !== "rate_limits" && name !== "customer_totals")));
});

test("a restore refuses a database that already holds a shop", async () => {
  await addStaff({ email: "someone@duka.test", password: "a long enough password" });
  const target = path.join(mkdtempSync(path.join(os.tmpdir(), "duka-backup-")), "backup");
  await writeBackup(await db(), imageStore(), target);
  await expect(restoreBackup(await db(), imageStore(), target)).rejects.toThrow(
    "The database already holds a shop; restore only into an empty DATA_DIR or database.",
  );
});

test("a folder without a backup is refused with a sentence", async () => {
  const empty = await freshDatabase();
  const nowhere = mkdtempSync(path.join(os.tmpdir(), "duka-not-a-backup-"));
  await expect(restoreBackup(empty.db, imageStore(), nowhere)).rejects.toThrow("does not hold a Duka backup");
});

const modeOf = (file: string) => statSync(file).mode & 0o777;

test("a backup is readable by its owner only", async () => {
  await givenAnUploadedImage();
  const target = path.join(mkdtempSync(path.join(os.tmpdir(), "duka-backup-")), "backup");
  await writeBackup(await db(), imageStore(), target);

  expect(modeOf(target)).toBe(0o700);
  expect(modeOf(path.join(target, "database.json.gz"))).toBe(0o600);
  expect(modeOf(path.join(target, "uploads"))).toBe(0o700);
  const images = readdirSync(path.join(target, "uploads"));
  expect(images.length).toBeGreaterThan(0);
  expect(images.map((name) => modeOf(path.join(target, "uploads", name)))).toEqual(images.map(() => 0o600));
});

test("a backup is never written into the uploads folder, which anyone can download from", async () => {
  const uploads = config().uploadsDir;
  mkdirSync(uploads, { recursive: true });
  const elsewhere = mkdtempSync(path.join(os.tmpdir(), "duka-backup-"));
  symlinkSync(uploads, path.join(elsewhere, "shortcut"));
  for (const target of [uploads, path.join(uploads, "backup"), path.join(uploads, "a", "..", "b"), path.join(elsewhere, "shortcut", "backup")]) {
    await expect(writeBackup(await db(), imageStore(), target)).rejects.toThrow(
      `${target} is inside the uploads folder, which anyone can download from; choose a backup folder outside ${uploads}.`,
    );
  }
  expect(readdirSync(uploads).filter((name) => !name.endsWith(".webp"))).toEqual([]);
});

test("a restore copies only the shop's own images from a backup's uploads", async () => {
  await givenAnUploadedImage();
  const target = path.join(mkdtempSync(path.join(os.tmpdir(), "duka-backup-")), "backup");
  await writeBackup(await db(), imageStore(), target);
  const images = readdirSync(path.join(target, "uploads")).sort();
  // What a doctored backup could carry into the folder the shop serves as its own.
  const backupUploads = path.join(target, "uploads");
  writeFileSync(path.join(backupUploads, "index.html"), "<script>alert(1)</script>");
  writeFileSync(path.join(backupUploads, "logo.svg"), "<svg onload='alert(1)'/>");
  writeFileSync(path.join(backupUploads, `${"a".repeat(20)}.webp.1a2b3c.tmp`), "half");
  mkdirSync(path.join(backupUploads, "nested"));
  writeFileSync(path.join(backupUploads, "nested", `${"b".repeat(20)}.webp`), "hidden");
  symlinkSync("/etc/passwd", path.join(backupUploads, `${"c".repeat(20)}.webp`));

  const empty = await freshDatabase();
  const restoredUploads = mkdtempSync(path.join(os.tmpdir(), "duka-restored-uploads-"));
  const restored = await restoreBackup(empty.db, localStore(restoredUploads), target);

  expect(readdirSync(restoredUploads).sort()).toEqual(images);
  expect(restored.leftOut).toBe(5);
});

test("with images in a bucket, a backup holds them as files and a restore writes them into the bucket configured", async () => {
  const bucket = openImageStore(await givenBucket());
  const image = await saveImage(await readFile(path.join(projectRoot(), "seed", "images", "kanga-head-wrap-1.webp")), bucket);
  await givenProduct({ name: "Kanga Head Wrap", images: [image] });
  // The uploads folder serves nothing when images are in a bucket: a backup may be written there.
  const target = path.join(config().uploadsDir, "backup");
  await writeBackup(await db(), bucket, target);
  const images = readdirSync(path.join(target, "uploads")).sort();
  expect(images).toEqual((await bucket.list()).sort());
  expect(images).toHaveLength(5);

  const empty = await freshDatabase();
  const restoredBucket = openImageStore(await givenBucket());
  expect((await restoreBackup(empty.db, restoredBucket, target)).leftOut).toBe(0);
  expect((await restoredBucket.list()).sort()).toEqual(images);
  expect(await everyRow(empty.db)).toEqual(await everyRow(await db()));
});
