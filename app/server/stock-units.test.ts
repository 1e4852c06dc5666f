import { sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "~/domain/order-status";
import { availableStock, quantitiesByStockUnit, stockUnitKey } from "~/domain/stock";
import { queryRows } from "./db/client.server";
import { db } from "./db/database.server";
import { heldQuantities, stockUnitsSql } from "./stock.server";
import { givenProduct, givenStoredOrder } from "../../tests/setup/builders";

// What is left to sell is asked in TypeScript, of the products a change locks (heldQuantities, quantitiesByStockUnit
// and availableStock), and in SQL, of many products at once (stockUnitsSql: running low, the shop's size and colour
// filters). The two must agree on every product, variant and order there can be (decision 049).

let shuka: string;
let dress: string;

beforeAll(async () => {
  ({ id: shuka } = await givenProduct({ name: "Maasai Shuka", stock: 40 }));
  ({ id: dress } = await givenProduct({
    name: "Ankara Wrap Dress",
    variants: [
      { size: "M", color: "Indigo", stock: 30 },
      { size: "L", color: "Indigo", stock: 2 },
      { size: "M", color: "Red", stock: 0 },
    ],
  }));
  // An order in every status, payment status, archive flag and stock taken, each holding some of every unit, and
  // a line of a size the dress no longer comes in (it holds nothing of the variants).
  let index = 0;
  for (const status of ORDER_STATUSES) {
    for (const paymentStatus of PAYMENT_STATUSES) {
      for (const isArchived of [false, true]) {
        for (const stockTaken of [false, true]) {
          index += 1;
          await givenStoredOrder({
            status,
            paymentStatus,
            isArchived,
            stockTakenAt: stockTaken ? new Date("2026-03-02T09:15:00Z") : null,
            lines: [
              { productId: shuka, quantity: index % 3 === 0 ? 2 : 1, size: index % 2 === 0 ? "One Size" : "" },
              { productId: dress, quantity: 1, size: "M", color: "Indigo" },
              { productId: dress, quantity: index % 2 === 0 ? 1 : 2, size: "L", color: "Indigo" },
              { productId: dress, quantity: 1, size: "XS", color: "Indigo" },
            ],
          });
        }
      }
    }
  }
});

test("the database's stock units and available figures are the rule's, for a product and for each variant", async () => {
  const rows = await queryRows<{ product_id: string; size: string; color: string; is_variant: boolean; stock: number; held: number; available: number }>(
    await db(),
    sql`select * from ${stockUnitsSql} unit where unit.product_id in (${shuka}, ${dress}) order by unit.product_id, unit.size, unit.color`,
  );
  const tracksVariants = (productId: string) => productId === dress;
  const held = new Map(quantitiesByStockUnit(await heldQuantities(await db(), [shuka, dress]), tracksVariants));
  const stockOf = new Map([
    [shuka, 40],
    [stockUnitKey(dress, { size: "M", color: "Indigo" }, true), 30],
    [stockUnitKey(dress, { size: "L", color: "Indigo" }, true), 2],
    [stockUnitKey(dress, { size: "M", color: "Red" }, true), 0],
  ]);

  expect(rows).toHaveLength(stockOf.size);
  for (const row of rows) {
    const unit = stockUnitKey(row.product_id, row, row.is_variant);
    expect(row.is_variant).toBe(tracksVariants(row.product_id));
    expect(Number(row.stock), unit).toBe(stockOf.get(unit));
    expect(Number(row.held), unit).toBe(held.get(unit) ?? 0);
    expect(Number(row.available), unit).toBe(availableStock(stockOf.get(unit)!, held.get(unit) ?? 0));
  }
  // The figures are not all alike: holds count, an over-held variant is 0 and not below, and sizes are told apart.
  const byUnit = new Map(rows.map((row) => [stockUnitKey(row.product_id, row, row.is_variant), Number(row.available)]));
  expect(byUnit.get(stockUnitKey(dress, { size: "L", color: "Indigo" }, true))).toBe(0);
  expect(byUnit.get(stockUnitKey(dress, { size: "M", color: "Indigo" }, true))).toBeLessThan(30);
  expect(byUnit.get(shuka)).toBeLessThan(40);
  expect(byUnit.get(stockUnitKey(dress, { size: "M", color: "Red" }, true))).toBe(0);
});
