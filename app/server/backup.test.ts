import { mkdtempSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { givenCategory, givenProduct, givenStoredOrder } from "../../tests/setup/builders";
import { freshDatabase } from "../../tests/setup/fresh-database";
import { BACKUP_TABLES, restoreBackup, writeBackup } from "./backup.server";
import { config, projectRoot } from "./config.server";
import { type Database, queryRows } from "./db/client.server";
import { db } from "./db/database.server";
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

async function givenAShopWithAnOrder() {
  const image = await saveImage(await readFile(path.join(projectRoot(), "seed", "images", "kanga-head-wrap-1.webp")));
  const { id: categoryId } = await givenCategory({ name: "Accessories" });
  const wrap = await givenProduct({ name: "Kanga Head Wrap", categoryId, images: [image], sizes: ["One Size"], colors: ["Indigo"], stock: 5 });
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
  const written = await writeBackup(await db(), config().uploadsDir, target);
  expect(written.tables).toMatchObject({ products: 1, orders: 1, order_lines: 1, staff_users: 1, site_documents: 1 });

  const empty = await freshDatabase();
  const restoredUploads = mkdtempSync(path.join(os.tmpdir(), "duka-restored-uploads-"));
  await restoreBackup(empty.db, restoredUploads, target);

  expect(await everyRow(empty.db)).toEqual(await everyRow(await db()));
  expect(readdirSync(restoredUploads).sort()).toEqual(readdirSync(config().uploadsDir).sort());
});

test("a restore refuses a database that already holds a shop", async () => {
  await addStaff({ email: "someone@duka.test", password: "a long enough password" });
  const target = path.join(mkdtempSync(path.join(os.tmpdir(), "duka-backup-")), "backup");
  await writeBackup(await db(), config().uploadsDir, target);
  await expect(restoreBackup(await db(), config().uploadsDir, target)).rejects.toThrow(
    "The database already holds a shop; restore only into an empty DATA_DIR or database.",
  );
});

test("a folder without a backup is refused with a sentence", async () => {
  const empty = await freshDatabase();
  const nowhere = mkdtempSync(path.join(os.tmpdir(), "duka-not-a-backup-"));
  await expect(restoreBackup(empty.db, config().uploadsDir, nowhere)).rejects.toThrow("does not hold a Duka backup");
});
