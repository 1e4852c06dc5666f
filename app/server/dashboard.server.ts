import { count, sql, sum } from "drizzle-orm";
import { smsBudgetSpent, smsBudgetSpentLine, smsPerDay } from "~/domain/sms-limits";
import { db } from "./db/database.server";
import { orders, products } from "./db/schema.server";
import { smsCountedToday } from "./notifications.server";
import { pendingOrderSql, saleSql } from "./order-state.server";
import { readSiteDocument } from "./site-documents.server";
import { stockUnitsSql } from "./stock.server";
import { queryRows } from "./db/client.server";
import { variantDisplayName } from "~/domain/variants";

/** Products and variants at or below this many units to sell appear in the dashboard's "running low" list. */
const LOW_STOCK_THRESHOLD = 3;

/** A product, or one size and colour of it, running low: named as "Ankara Wrap Dress — M, Indigo" (decision 049). */
export type RunningLowLine = { productId: string; name: string; available: number };

export type DashboardFigures = {
  totalSalesCents: number;
  pendingOrders: number;
  totalProducts: number;
  totalOrders: number;
  runningLow: RunningLowLine[];
};

/**
 * The products and variants with at most LOW_STOCK_THRESHOLD units to sell, fewest first, up to `limit`, and how many
 * there are in all: the dashboard's list and the staff's daily summary.
 */
export async function runningLowProducts(limit: number): Promise<{ lines: RunningLowLine[]; total: number }> {
  const rows = await queryRows<{ productId: string; name: string; size: string; color: string; available: number; total: string }>(
    await db(),
    sql`select unit.product_id as "productId", ${products.name} as name, unit.size, unit.color, unit.available,
          count(*) over () as total
        from ${stockUnitsSql} unit inner join ${products} on ${products.id} = unit.product_id
        where unit.available <= ${LOW_STOCK_THRESHOLD}
        order by unit.available, ${products.name}, ${products.id}, unit.size, unit.color
        limit ${limit}`,
  );
  return {
    lines: rows.map((row) => ({ productId: row.productId, name: variantDisplayName(row.name, row), available: Number(row.available) })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/**
 * product.md §2, §4: Total Sales counts only orders both Delivered and Paid (archived or not); Pending Orders counts
 * active orders in Pending Payment, Processing or Out for Delivery.
 */
export async function dashboardFigures(): Promise<DashboardFigures> {
  const database = await db();
  const [[sales], [pending], [productCount], [orderCount], low] = await Promise.all([
    database
      .select({ total: sum(orders.totalCents) })
      .from(orders)
      .where(saleSql),
    database
      .select({ n: count() })
      .from(orders)
      .where(pendingOrderSql),
    database.select({ n: count() }).from(products),
    database.select({ n: count() }).from(orders),
    runningLowProducts(10),
  ]);
  return {
    totalSalesCents: Number(sales?.total ?? 0),
    pendingOrders: pending?.n ?? 0,
    totalProducts: productCount?.n ?? 0,
    totalOrders: orderCount?.n ?? 0,
    runningLow: low.lines,
  };
}

/** The dashboard's notice while today's SMS budget is spent (issue 21); undefined while it is not. */
export async function smsBudgetNotice(now = new Date()): Promise<string | undefined> {
  const [settings, counted] = await Promise.all([readSiteDocument("settings"), smsCountedToday(now)]);
  return smsBudgetSpent(settings, counted) ? smsBudgetSpentLine(smsPerDay(settings)) : undefined;
}
