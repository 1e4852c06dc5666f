import { existsSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { freshDatabase, secondConnection } from "../../../tests/setup/fresh-database";
import { config } from "../config.server";
import { readSiteDocument } from "../site-documents.server";
import { db } from "./database.server";
import { categories, orders, products, riders } from "./schema.server";
import { writeSampleDataOnce } from "./seed.server";

test("an empty database gets the sample shop of the spec, with images that ship with the project", async () => {
  expect(await writeSampleDataOnce(await db())).toBe(true);
  const database = await db();
  expect((await database.select().from(categories)).map((c) => c.name).sort()).toEqual(
    ["Accessories", "Dresses", "Home Decor", "Men's Wear"],
  );
  const all = await database.select().from(products);
  expect(all).toHaveLength(10);
  for (const product of all) {
    expect(product.stock).toBeGreaterThan(0);
    expect(product.images.length).toBeGreaterThanOrEqual(2);
    for (const image of product.images) {
      expect(image).toMatch(/^\/uploads\/[a-f0-9]{20}\.webp$/);
      expect(existsSync(path.join(config().uploadsDir, path.basename(image)))).toBe(true);
      expect(existsSync(path.join(config().uploadsDir, path.basename(image).replace(".webp", "-320.webp")))).toBe(true);
    }
  }
  expect(await database.select({ n: count() }).from(riders)).toEqual([{ n: 2 }]);
  expect(await database.select({ n: count() }).from(orders)).toEqual([{ n: 0 }]);

  const faqs = await readSiteDocument("faqs");
  expect(faqs.items).toHaveLength(4);
  const settings = await readSiteDocument("settings");
  expect(settings.heroSlides).toHaveLength(3);
  const mpesa = settings.paymentMethods.find((m) => m.name === "M-Pesa");
  expect(mpesa).toMatchObject({ enabled: true, ussdCode: "*334#" });
  expect(mpesa!.fields.some((f) => f.value.includes("{{ORDER_CODE}}"))).toBe(true);
  expect(settings.paymentMethods).toHaveLength(2);
  expect(settings.fab.enabled).toBe(true);
  expect((await readSiteDocument("notification")).isActive).toBe(false);
  expect((await readSiteDocument("contactInfo")).contactFields.map((f) => f.icon).sort()).toEqual(["Mail", "MapPin", "Phone"]);
});

test("the sample data is written once, even when asked again or by two processes at the same moment", async () => {
  const database = await freshDatabase();
  const other = (await secondConnection(database)) ?? database;
  const results = await Promise.all([writeSampleDataOnce(database.db), writeSampleDataOnce(other.db)]);
  expect(results.filter(Boolean)).toHaveLength(1);
  expect(await writeSampleDataOnce(database.db)).toBe(false);
  expect(await database.db.select({ n: count() }).from(products)).toEqual([{ n: 10 }]);
});

test("a shop that deleted its sample products does not get them back", async () => {
  const database = await freshDatabase();
  await writeSampleDataOnce(database.db);
  await database.db.delete(products);
  expect(await writeSampleDataOnce(database.db)).toBe(false);
  expect(await database.db.select({ n: count() }).from(products).where(eq(products.isVisible, true))).toEqual([{ n: 0 }]);
});
