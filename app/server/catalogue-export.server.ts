import { and, asc, desc, eq, gte, lt, ne, sql } from "drizzle-orm";
import {
  dukaProductsCsv,
  type OrderLineForExport,
  ordersCsv,
  ordersCsvFileName,
  type ProductExportFormat,
  productsCsvFileName,
  shopifyProductsCsv,
  withDeliveryLines,
  withDiscountLines,
} from "~/domain/catalogue-export";
import { rangeDays } from "~/domain/report";
import { periodRange, shopDate } from "~/domain/report-period";
import type { ReportFilter } from "~/domain/report-period.schema";
import { catalogueCategories, catalogueProducts } from "./catalogue-import.server";
import { db } from "./db/database.server";
import { orderDiscounts, orderLines, orders, payments } from "./db/schema.server";
import type { ReportClock } from "./reports.server";
import { readSiteDocument } from "./site-documents.server";

// The catalogue and orders exports (issue 13): CSV files for spreadsheets, for another shop and for Duka itself.

export type CsvFile = { fileName: string; csv: string };

/**
 * Every product, hidden ones too, in Duka's own format (it imports back changing nothing) or Shopify's, named
 * for the format and the shop's day. `shopUrl` is where the shop's own images are fetched from.
 */
export async function productsExport(format: ProductExportFormat, shop: { url: string } & ReportClock): Promise<CsvFile> {
  const database = await db();
  const [catalogue, shopCategories] = await Promise.all([catalogueProducts(database), catalogueCategories(database)]);
  const csv =
    format === "duka"
      ? dukaProductsCsv(catalogue, shopCategories, shop.url)
      : shopifyProductsCsv(catalogue, shopCategories, { name: (await readSiteDocument("settings")).storeName, url: shop.url });
  return { fileName: productsCsvFileName(format, shopDate(shop.now, shop.timeZone)), csv };
}

/**
 * The orders placed in a report period, archived ones too, one row per order line, newest order first, with
 * the M-Pesa receipts of the payments applied to each order.
 */
export async function ordersExport(filter: ReportFilter, clock: ReportClock): Promise<CsvFile> {
  const range = periodRange(filter.period, clock.now, clock.timeZone, filter);
  const within = and(range.start ? gte(orders.orderDate, range.start) : undefined, range.end ? lt(orders.orderDate, range.end) : undefined);
  const receipts = sql<string | null>`(select string_agg(${payments.receipt}, ' ' order by ${payments.paidAt})
    from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.state} = 'applied')`;
  const lines: OrderLineForExport[] = await (await db())
    .select({
      orderId: orders.id,
      orderDate: orders.orderDate,
      clientName: orders.clientName,
      clientPhone: orders.clientPhone,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      mpesaReceipt: receipts,
      item: orderLines.name,
      size: orderLines.size,
      color: orderLines.color,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(within)
    .orderBy(desc(orders.orderDate), asc(orders.id), asc(orderLines.position));
  // An order placed with a delivery choice gets one more row, its delivery, so its rows add up to its total.
  const deliveries = new Map(
    (
      await (await db())
        .select({ orderId: orders.id, delivery: orders.delivery, feeCents: orders.deliveryFeeCents })
        .from(orders)
        .where(and(ne(orders.delivery, ""), within))
    ).map((row) => [row.orderId, row]),
  );
  // An order placed with discounts gets a row for each, at minus its amount, before its delivery's (issue 24).
  const discounts = new Map<string, { label: string; amountCents: number }[]>();
  const discountRows = await (await db())
    .select({ orderId: orderDiscounts.orderId, label: orderDiscounts.label, amountCents: orderDiscounts.amountCents })
    .from(orderDiscounts)
    .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
    .where(within)
    .orderBy(asc(orderDiscounts.orderId), asc(orderDiscounts.position));
  for (const { orderId, ...discount } of discountRows) discounts.set(orderId, [...(discounts.get(orderId) ?? []), discount]);
  return {
    fileName: ordersCsvFileName(rangeDays(range, clock.timeZone)),
    csv: ordersCsv(withDeliveryLines(withDiscountLines(lines, discounts), deliveries), clock.timeZone),
  };
}
