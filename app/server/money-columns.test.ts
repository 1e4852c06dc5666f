import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { beforeAll, expect, test } from "vitest";
import { THE_SHOP } from "~/domain/audit";
import { formatKsh } from "~/domain/money";
import { MAX_PRICE_KSH } from "~/domain/product";
import { dashboardFigures } from "./dashboard.server";
import { fromPglite, PGLITE_EXTENSIONS, queryRows } from "./db/client.server";
import { migrationsFolder } from "./db/migrate.server";
import { setOrderStatus } from "./order-admin.server";
import { orderById, placeOrder } from "./orders.server";
import { writeSiteDocument } from "./site-documents.server";
import { givenProduct } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// Issue 10, item 5: prices reach KSH 10,000,000, so an order's total and a period's sales pass 32 bits.

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
});

test("an order of five items at the highest price is placed, totalled to the cent, and counted in Total Sales", async () => {
  const { id } = await givenProduct({ name: "Gold Maasai Collar", priceCents: MAX_PRICE_KSH * 100, stock: 5 });
  const before = (await dashboardFigures()).totalSalesCents;

  const placed = await placeOrder({
    name: "Wanjiru Kamau",
    address: "Muthaiga, Nairobi",
    phone: "+254712345678",
    paymentMethod: "M-Pesa",
    bag: [{ productId: id, size: "", color: "", quantity: 5 }],
    idempotencyKey: randomUUID(),
  });

  expect(placed.ok).toBe(true);
  if (!placed.ok) return;
  const order = await orderById(placed.orderId);
  expect(order!.totalCents).toBe(5_000_000_000);
  expect(formatKsh(order!.totalCents)).toBe("KSH 50,000,000");
  expect(order!.lines[0]!.unitPriceCents).toBe(1_000_000_000);
  await setOrderStatus(placed.orderId, { status: "Delivered", paymentStatus: "Paid" }, THE_SHOP);
  expect((await dashboardFigures()).totalSalesCents - before).toBe(5_000_000_000);
});

test("the migration to 64-bit money keeps every order as it was", async () => {
  // A database as it stood before migration 0005, with an order in it.
  const folder = mkdtempSync(path.join(os.tmpdir(), "duka-migrations-"));
  try {
    cpSync(migrationsFolder(), folder, { recursive: true });
    const journalFile = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    const index = journal.entries.findIndex((entry) => entry.tag.startsWith("0005_"));
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    const database = fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    const run = (migrations: string) => migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: migrations });
    await run(folder);
    await database.db.execute(sql`insert into products (id, name, slug, sku, price_cents, stock) values ('p1', 'Kiondo', 'kiondo-p1', 'K-1', 2147483600, 3)`);
    await database.db.execute(sql`insert into orders (id, tracking_id, client_name, client_address, client_phone, total_cents, payment_method)
      values ('order-before-0005', 'AFBOLD000001', 'Achieng', 'Kisumu', '+254712345678', 2147483600, 'M-Pesa')`);
    await database.db.execute(sql`insert into order_lines (order_id, position, product_id, name, unit_price_cents, quantity)
      values ('order-before-0005', 0, 'p1', 'Kiondo', 2147483600, 1)`);

    await run(migrationsFolder());

    const [order] = await queryRows<{ total_cents: string | number; type: string }>(
      database.db,
      sql`select total_cents, pg_typeof(total_cents)::text as type from orders where id = 'order-before-0005'`,
    );
    expect(order).toEqual({ total_cents: expect.anything(), type: "bigint" });
    expect(Number(order!.total_cents)).toBe(2147483600);
    const [line] = await queryRows<{ unit_price_cents: string | number }>(database.db, sql`select unit_price_cents from order_lines`);
    expect(Number(line!.unit_price_cents)).toBe(2147483600);
    await database.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
