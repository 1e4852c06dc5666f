import { and, asc, count, eq, inArray, sql, sum } from "drizzle-orm";
import { ORDER_STATUSES } from "~/domain/order-status";
import { isPendingOrderStatus } from "~/domain/order-status";
import { availableStock } from "~/domain/stock";
import { heldQuantities } from "./catalogue.server";
import { db } from "./db/database.server";
import { orders, products } from "./db/schema.server";

/** Products at or below this many units to sell appear in the dashboard's "running low" list. */
export const LOW_STOCK_THRESHOLD = 3;

export type DashboardFigures = {
  totalSalesCents: number;
  pendingOrders: number;
  totalProducts: number;
  totalOrders: number;
  runningLow: { id: string; name: string; available: number }[];
};

const PENDING_STATUSES = ORDER_STATUSES.filter(isPendingOrderStatus);

/**
 * SPEC §2, §4: Total Sales counts only orders both Delivered and Paid (archived or not); Pending Orders counts
 * active orders in Pending Payment, Processing or Out for Delivery.
 */
export async function dashboardFigures(): Promise<DashboardFigures> {
  const database = await db();
  const [[sales], [pending], [productCount], [orderCount], lowRows] = await Promise.all([
    database
      .select({ total: sum(orders.totalCents) })
      .from(orders)
      .where(and(eq(orders.status, "Delivered"), eq(orders.paymentStatus, "Paid"))),
    database
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.isArchived, false), inArray(orders.status, PENDING_STATUSES))),
    database.select({ n: count() }).from(products),
    database.select({ n: count() }).from(orders),
    database
      .select({ id: products.id, name: products.name, stock: products.stock })
      .from(products)
      .where(sql`${products.stock} <= ${LOW_STOCK_THRESHOLD} + coalesce((select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
              where l.product_id = ${products.id} and o.stock_taken_at is null and not o.is_archived and o.status <> 'Cancelled'), 0)`)
      .orderBy(asc(products.stock), asc(products.name))
      .limit(10),
  ]);
  const held = await heldQuantities(database, lowRows.map((r) => r.id));
  return {
    totalSalesCents: Number(sales?.total ?? 0),
    pendingOrders: pending?.n ?? 0,
    totalProducts: productCount?.n ?? 0,
    totalOrders: orderCount?.n ?? 0,
    runningLow: lowRows
      .map((r) => ({ id: r.id, name: r.name, available: availableStock(r.stock, held.get(r.id) ?? 0) }))
      .sort((a, b) => a.available - b.available),
  };
}
