import { neutraliseFormula } from "./csv";
import { centsToShillings, formatKsh, roundToWholeShilling } from "./money";
import { shortOrderId } from "./order-id";
import { addDays, type PeriodRange, type ReportPeriod, type ShopDate, shopDate } from "./report-period";
import type { ReportFilter } from "./report-period.schema";
import { csvDateTime, dayMonthYear } from "./shop-time";

// The sales report (product.md §2 Reports, §4, §9): what it says, how its chart groups the days, and its CSV.

export const NO_SALES_MESSAGE = "No sales recorded for this period.";

/** Sales shown per page of the report's table; the CSV always holds them all. */
export const SALES_PER_PAGE = 50;

export const PERIOD_LABELS: Record<ReportPeriod, string> = {
  all: "All Time",
  today: "Today",
  yesterday: "Yesterday",
  week: "This Week",
  month: "This Month",
  year: "This Year",
  custom: "Custom Range",
};

/** The query string of a report, for links to another page of it and to its CSV. */
export function reportQuery(filter: ReportFilter, page = 1): string {
  const params = new URLSearchParams({ period: filter.period });
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

/** The page of the sales table a `?page=` value asks for, kept within 1 and the last page. */
export function salesPageFrom(value: string | null | undefined, pageCount: number): number {
  const page = Number(value);
  if (!Number.isInteger(page) || page < 1) return 1;
  return Math.min(page, Math.max(1, pageCount));
}

export function salesPageCount(sales: number): number {
  return Math.max(1, Math.ceil(sales / SALES_PER_PAGE));
}

/** The first and last shop days a range covers; null where the range has no bound. */
export function rangeDays(range: PeriodRange, timeZone: string): { first: ShopDate | null; last: ShopDate | null } {
  return {
    first: range.start ? shopDate(range.start, timeZone) : null,
    last: range.end ? shopDate(new Date(range.end.getTime() - 1), timeZone) : null,
  };
}

// Calendar dates are written out as UTC midnights, so the formatter's own zone cannot shift the day.
const utc = (date: ShopDate) => new Date(`${date}T00:00:00Z`);
const dayShort = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });
const monthOnly = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", month: "short", year: "numeric" });

/** What a report covers, in words: "All time", "20 Nov 2026", or "15 Nov 2026 to 20 Nov 2026". */
export function describeRange(days: { first: ShopDate | null; last: ShopDate | null }): string {
  const { first, last } = days;
  if (!first && !last) return "All time";
  if (!first) return `Up to ${dayMonthYear(last!)}`;
  if (!last) return `From ${dayMonthYear(first)}`;
  return first === last ? dayMonthYear(first) : `${dayMonthYear(first)} to ${dayMonthYear(last)}`;
}

export type DailyRevenue = { date: ShopDate; revenueCents: number; orders: number };
type ChartUnit = "day" | "month" | "year";
type RevenueBar = { key: string; label: string; title: string; revenueCents: number; orders: number };
export type RevenueChart = { unit: ChartUnit; bars: RevenueBar[] };

/** Up to this many days the chart has a bar per day; beyond, a bar per month, and per year beyond 120 months. */
const CHART_MAX_DAYS = 62;
const CHART_MAX_MONTHS = 120;

const barOf: Record<ChartUnit, (date: ShopDate) => Omit<RevenueBar, "revenueCents" | "orders">> = {
  day: (date) => ({ key: date, label: dayShort.format(utc(date)), title: dayMonthYear(date) }),
  month: (date) => ({ key: date.slice(0, 7), label: monthOnly.format(utc(date)), title: monthOnly.format(utc(date)) }),
  year: (date) => ({ key: date.slice(0, 4), label: date.slice(0, 4), title: date.slice(0, 4) }),
};

function monthsBetween(first: ShopDate, last: ShopDate): number {
  const months = (date: ShopDate) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
  return months(last) - months(first) + 1;
}

/**
 * The revenue chart over a report's days: a bar for every day (or month, or year, when the period is long),
 * days without sales included. An open start begins at the first sale; an open end stops at today, or at the
 * last sale if later. A bounded period is drawn whole, except that days after today are left out when nothing
 * was sold on them. No sales at all: no bars.
 */
export function revenueChart(
  days: readonly DailyRevenue[],
  span: { first: ShopDate | null; last: ShopDate | null },
  today: ShopDate,
): RevenueChart {
  if (days.length === 0) return { unit: "day", bars: [] };
  const firstSale = days[0]!.date;
  const lastSale = days[days.length - 1]!.date;
  const first = span.first ?? firstSale;
  const notBefore = lastSale > today ? lastSale : today;
  const last = span.last === null || span.last > notBefore ? notBefore : span.last;

  const dayCount = Math.round((utc(last).getTime() - utc(first).getTime()) / 86_400_000) + 1;
  const unit: ChartUnit = dayCount <= CHART_MAX_DAYS ? "day" : monthsBetween(first, last) <= CHART_MAX_MONTHS ? "month" : "year";
  const byDay = new Map(days.map((day) => [day.date, day]));
  const bars: RevenueBar[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const bar = barOf[unit](date);
    if (bars.at(-1)?.key !== bar.key) bars.push({ ...bar, revenueCents: 0, orders: 0 });
    const sold = byDay.get(date);
    if (sold) {
      bars.at(-1)!.revenueCents += sold.revenueCents;
      bars.at(-1)!.orders += sold.orders;
    }
  }
  return { unit, bars };
}

/** The chart in one sentence, for people who cannot see it. */
export function describeChart(chart: RevenueChart): string {
  const { bars, unit } = chart;
  if (bars.length === 0) return NO_SALES_MESSAGE;
  const best = bars.reduce((top, bar) => (bar.revenueCents > top.revenueCents ? bar : top));
  const total = bars.reduce((sum, bar) => sum + bar.revenueCents, 0);
  const span = bars.length === 1 ? bars[0]!.title : `${bars[0]!.title} to ${bars.at(-1)!.title}`;
  return `Revenue per ${unit}, ${span}: ${formatKsh(total)} in all; the best ${unit} was ${best.title} with ${formatKsh(best.revenueCents)}.`;
}

export type SaleRow = {
  id: string;
  orderDate: Date;
  clientName: string;
  items: number;
  totalCents: number;
  /** The delivery it was placed with ('' for none offered) and its fee, within the total (decision 053). */
  delivery: string;
  deliveryFeeCents: number;
  /** What its promotions took off (issue 24, decision 056); the total is what was charged after it. */
  discountCents: number;
};

/** Whether any of the sales was placed with a delivery choice: then tables and files show a Delivery column. */
const salesWithDelivery = (sales: readonly Pick<SaleRow, "delivery">[]) => sales.some((sale) => sale.delivery !== "");

/** Whether any of the sales had a discount: then tables and files show a Discount column. */
const salesWithDiscount = (sales: readonly Pick<SaleRow, "discountCents">[]) => sales.some((sale) => sale.discountCents > 0);

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Text that a
 * spreadsheet would take for a formula is neutralised (csv.ts), so it is shown, never run.
 */
export function csvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const text = neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * A sale as a CSV line: the whole order id, the shop's date and time, the discount and the delivery fee when the
 * file has those columns, and the total, in whole shillings.
 */
function saleCsvLine(sale: SaleRow, timeZone: string, withDiscount: boolean, withDelivery: boolean): string {
  const shillings = (cents: number) => centsToShillings(roundToWholeShilling(cents));
  return csvLine([
    sale.id,
    csvDateTime(sale.orderDate, timeZone),
    sale.clientName,
    sale.items,
    ...(withDiscount ? [shillings(sale.discountCents)] : []),
    ...(withDelivery ? [shillings(sale.deliveryFeeCents)] : []),
    shillings(sale.totalCents),
  ]);
}

/**
 * The sales table as a CSV file. It starts with a byte-order mark, so spreadsheet programs read the clients'
 * names as UTF-8. Before the total come a "Discount (KSH)" column when any sale had a discount (what was taken off,
 * as a positive amount) and a "Delivery (KSH)" column when any sale was placed with a delivery choice.
 */
export function salesCsv(sales: readonly SaleRow[], timeZone: string): string {
  const withDiscount = salesWithDiscount(sales);
  const withDelivery = salesWithDelivery(sales);
  const columns = [
    "Order ID",
    "Date",
    "Client",
    "Items",
    ...(withDiscount ? ["Discount (KSH)"] : []),
    ...(withDelivery ? ["Delivery (KSH)"] : []),
    "Total (KSH)",
  ];
  return `\uFEFF${csvLine(columns)}${sales.map((sale) => saleCsvLine(sale, timeZone, withDiscount, withDelivery)).join("")}`;
}

/** The CSV's file name, saying what it covers: "sales-all-time.csv", "sales-2026-11-15-to-2026-11-20.csv". */
export function salesCsvFileName(days: { first: ShopDate | null; last: ShopDate | null }): string {
  const { first, last } = days;
  if (!first && !last) return "sales-all-time.csv";
  if (!first) return `sales-up-to-${last}.csv`;
  if (!last) return `sales-from-${first}.csv`;
  return first === last ? `sales-${first}.csv` : `sales-${first}-to-${last}.csv`;
}

/** An order's id as the report's table shows it, "#a1b2c3". */
export const saleNumber = (id: string) => `#${shortOrderId(id)}`;
