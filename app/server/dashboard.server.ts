import { asc, count, sql, sum } from "drizzle-orm";
import { smsBudgetSpent, smsBudgetSpentLine, smsPerDay } from "~/domain/sms-limits";
import { db } from "./db/database.server";
import { orders, products } from "./db/schema.server";
import { smsCountedToday } from "./notifications.server";
import { pendingOrderSql, saleSql } from "./order-state.server";
import { readSiteDocument } from "./site-documents.server";
import { heldQuantitySql } from "./stock.server";

/** Products at or below this many units to sell appear in the dashboard's "running low" list. */
const LOW_STOCK_THRESHOLD = 3;

export type DashboardFigures = {
  totalSalesCents: number;
  pendingOrders: number;
  totalProducts: number;
  totalOrders: number;
  runningLow: { id: string; name: string; available: number }[];
};

/**
 * The products with at most LOW_STOCK_THRESHOLD units to sell, fewest first, up to `limit`, and how many there
 * are in all: the dashboard's list and the staff's daily summary.
 */
export async function runningLowProducts(limit: number): Promise<{ lines: DashboardFigures["runningLow"]; total: number }> {
  const available = sql<number>`greatest(${products.stock} - ${heldQuantitySql}, 0)`;
  const rows = await (await db())
    .select({ id: products.id, name: products.name, available, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(sql`${available} <= ${LOW_STOCK_THRESHOLD}`)
    .orderBy(available, asc(products.name))
    .limit(limit);
  return { lines: rows.map(({ total: _total, ...line }) => line), total: rows[0]?.total ?? 0 };
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
