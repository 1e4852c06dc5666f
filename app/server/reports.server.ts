import { and, count, desc, eq, gte, inArray, lt, sql, sum } from "drizzle-orm";
import {
  type DailyRevenue,
  rangeDays,
  revenueChart,
  type RevenueChart,
  SALES_PER_PAGE,
  salesCsvFileName,
  salesPageCount,
  salesPageFrom,
  type SaleRow,
} from "~/domain/report";
import { type PeriodRange, periodRange, type ShopDate, shopDate } from "~/domain/report-period";
import type { ReportFilter } from "~/domain/report-period.schema";
import { db } from "./db/database.server";
import { liveCache } from "./live-cache.server";
import { orderLines, orders, products, productVariants } from "./db/schema.server";
import { saleSql } from "./order-state.server";

/** When the report is read, and where: "today" and the week's Sunday are the shop's. */
export type ReportClock = { now: Date; timeZone: string };

export type SalesReport = {
  days: { first: ShopDate | null; last: ShopDate | null };
  revenueCents: number;
  unitsSold: number;
  orders: number;
  stockValueCents: number;
  /** The delivery fees within the revenue; null when no sale of the period was placed with a delivery choice. */
  deliveryFeesCents: number | null;
  /** What promotions took off the period's sales (the revenue is what was charged after it); null when none had one. */
  discountsCents: number | null;
  chart: RevenueChart;
  sales: SaleRow[];
  page: number;
  pageCount: number;
};

/** product.md §4: a sale is an order both Delivered and Paid; archived orders were still sold. */
function soldWithin(range: PeriodRange) {
  return and(
    saleSql,
    range.start ? gte(orders.orderDate, range.start) : undefined,
    range.end ? lt(orders.orderDate, range.end) : undefined,
  );
}

const saleColumns = {
  id: orders.id,
  orderDate: orders.orderDate,
  clientName: orders.clientName,
  // Units in the order, read through the order lines' primary key.
  items:
    sql<number>`(select coalesce(sum(${orderLines.quantity}), 0) from ${orderLines} where ${orderLines.orderId} = ${orders.id})`.mapWith(
      Number,
    ),
  totalCents: orders.totalCents,
  delivery: orders.delivery,
  deliveryFeeCents: orders.deliveryFeeCents,
  discountCents: orders.discountCents,
};

const newestFirst = [desc(orders.orderDate), desc(orders.id)];

/**
 * The Reports page (product.md §2, §9): revenue, units and orders sold in the period, the stock's value now (price ×
 * stock over every product), revenue per day for the chart, and one page of the sales, newest first. Every
 * figure is added up by the database, so the page costs the same few queries however many orders there are (decision 016).
 */
export async function salesReport(filter: ReportFilter, clock: ReportClock, requestedPage?: string | null): Promise<SalesReport> {
  const range = periodRange(filter.period, clock.now, clock.timeZone, filter);
  // The same period, page and day read the same figures until an order or a product changes.
  const key = JSON.stringify([range, requestedPage ?? "", shopDate(clock.now, clock.timeZone), clock.timeZone]);
  return cachedReports.get(key, () => computeSalesReport(range, clock, requestedPage));
}

const cachedReports = liveCache<string, SalesReport>(["orders", "products"], { maxEntries: 50 });

async function computeSalesReport(
  range: ReturnType<typeof periodRange>,
  clock: ReportClock,
  requestedPage?: string | null,
): Promise<SalesReport> {
  const database = await db();
  const sold = soldWithin(range);
  const day = sql<string>`to_char(${orders.orderDate} at time zone ${clock.timeZone}, 'YYYY-MM-DD')`;

  const [[totals], [units], [stock], daily] = await Promise.all([
    database
      .select({
        revenue: sum(orders.totalCents),
        orders: count(),
        deliveryFees: sum(orders.deliveryFeeCents),
        withDelivery: sql<number>`count(*) filter (where ${orders.delivery} <> '')`.mapWith(Number),
        discounts: sum(orders.discountCents),
      })
      .from(orders)
      .where(sold),
    database
      .select({ units: sum(orderLines.quantity) })
      .from(orderLines)
      .innerJoin(orders, eq(orderLines.orderId, orders.id))
      .where(sold),
    // Each variant at its own price (the product's when it has none), a product without variants at its price.
    database
      .select({
        value: sql<string | null>`sum(coalesce(${productVariants.priceCents}, ${products.priceCents})::bigint * coalesce(${productVariants.stock}, ${products.stock}))`,
      })
      .from(products)
      .leftJoin(productVariants, eq(productVariants.productId, products.id)),
    // Grouped by position: the day expression holds a parameter, so repeating it would not match.
    database
      .select({ date: day, revenue: sum(orders.totalCents), orders: count() })
      .from(orders)
      .where(sold)
      .groupBy(sql`1`)
      .orderBy(sql`1`),
  ]);

  const orderCount = totals?.orders ?? 0;
  const pageCount = salesPageCount(orderCount);
  const page = salesPageFrom(requestedPage, pageCount);
  const sales =
    orderCount === 0
      ? []
      : await database
          .select(saleColumns)
          .from(orders)
          // The page is chosen first, so only its own orders have their units counted.
          .where(
            inArray(
              orders.id,
              database
                .select({ id: orders.id })
                .from(orders)
                .where(sold)
                .orderBy(...newestFirst)
                .limit(SALES_PER_PAGE)
                .offset((page - 1) * SALES_PER_PAGE),
            ),
          )
          .orderBy(...newestFirst);

  const days = rangeDays(range, clock.timeZone);
  const perDay: DailyRevenue[] = daily.map((row) => ({ date: row.date, revenueCents: Number(row.revenue ?? 0), orders: row.orders }));
  return {
    days,
    revenueCents: Number(totals?.revenue ?? 0),
    unitsSold: Number(units?.units ?? 0),
    orders: orderCount,
    stockValueCents: Number(stock?.value ?? 0),
    deliveryFeesCents: (totals?.withDelivery ?? 0) > 0 ? Number(totals?.deliveryFees ?? 0) : null,
    // A discount line is never 0, so a period with a discounted sale has a sum above 0.
    discountsCents: Number(totals?.discounts ?? 0) > 0 ? Number(totals?.discounts) : null,
    chart: revenueChart(perDay, days, shopDate(clock.now, clock.timeZone)),
    sales,
    page,
    pageCount,
  };
}

/** Every sale of the period, newest first, for the CSV download, with the file name saying what it covers. */
export async function salesForCsv(filter: ReportFilter, clock: ReportClock): Promise<{ fileName: string; sales: SaleRow[] }> {
  const range = periodRange(filter.period, clock.now, clock.timeZone, filter);
  const sales = await (
    await db()
  )
    .select(saleColumns)
    .from(orders)
    .where(soldWithin(range))
    .orderBy(...newestFirst);
  return { fileName: salesCsvFileName(rangeDays(range, clock.timeZone)), sales };
}
