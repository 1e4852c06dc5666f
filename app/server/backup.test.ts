import { mkdtempSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { freshDatabase } from "../../tests/setup/fresh-database";
import { BACKUP_TABLES, restoreBackup, writeBackup } from "./backup.server";
import { config, projectRoot } from "./config.server";
import { type Database, queryRows } from "./db/client.server";
import { db } from "./db/database.server";
import { categories, orderLines, orders, products } from "./db/schema.server";
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
  const database = await db();
  const image = await saveImage(await readFile(path.join(projectRoot(), "seed", "images", "kanga-head-wrap-1.webp")));
  await database.insert(categories).values({ id: "cat1", name: "Accessories" });
  await database.insert(products).values({
    id: "p1", name: "Kanga Head Wrap", slug: "kanga-head-wrap-p1", sku: "AFB-1", categoryId: "cat1",
    priceCents: 120_000, images: [image], sizes: ["One Size"], colors: ["Indigo"], stock: 5,
  });
  await database.insert(orders).values({
    id: "order00000000000001", trackingId: "AFBABC123XYZ", clientName: "Wanjiru", clientAddress: "Ngong Road",
    clientPhone: "+254 712 345 678", totalCents: 240_000, paymentMethod: "M-Pesa",
  });
  await database.insert(orderLines).values({
    orderId: "order00000000000001", position: 0, productId: "p1", name: "Kanga Head Wrap", image,
    unitPriceCents: 120_000, size: "One Size", color: "Indigo", quantity: 2,
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
