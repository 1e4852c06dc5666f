import { formatKsh } from "./money";
import type { PlaceholderValues } from "./notifications";
import { shortOrderId } from "./order-id";
import { shopDate } from "./report-period";

// The staff's daily summary email (issue 12): once a day, from the morning on, if any order still waits for
// payment or any product runs low. Pure rules: the clock comes in as `now` (decision 039).

/** The hour of the shop's day from which the summary goes out: before the shop opens, after the night. */
const DIGEST_HOUR = 7;
/** Lines each list shows; the rest are counted, for the back office to show in full. */
export const DIGEST_LIST_MAX = 20;

const hourFormats = new Map<string, Intl.DateTimeFormat>();

function shopHour(now: Date, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(now));
}

/**
 * The shop day whose summary is due at `now`, or undefined before DIGEST_HOUR. Its event names the day, so each
 * day's summary is queued once for each recipient however many processes ask.
 */
export function digestDue(now: Date, timeZone: string): { date: string; event: string } | undefined {
  if (shopHour(now, timeZone) < DIGEST_HOUR) return undefined;
  const date = shopDate(now, timeZone);
  return { date, event: `daily-digest:${date}` };
}

export type UnpaidOrderLine = { id: string; clientName: string; totalCents: number; orderDate: Date };
export type LowStockLine = { name: string; available: number };

const moreLine = (shown: number, total: number) => (total > shown ? [`- and ${total - shown} more`] : []);

/** "- #a1b2c3 Achieng Otieno, KSH 4,900, placed 2026-11-22", oldest first as given; "None." when empty. */
export function unpaidOrdersList(unpaid: readonly UnpaidOrderLine[], total: number, timeZone: string): string {
  if (total === 0) return "None.";
  const shown = unpaid.slice(0, DIGEST_LIST_MAX);
  return [
    ...shown.map((o) => `- #${shortOrderId(o.id)} ${o.clientName}, ${formatKsh(o.totalCents)}, placed ${shopDate(o.orderDate, timeZone)}`),
    ...moreLine(shown.length, total),
  ].join("\n");
}

/** "- Kiondo Sisal Handbag: 2 left" or ": sold out"; "None." when empty. */
export function lowStockList(low: readonly LowStockLine[], total: number): string {
  if (total === 0) return "None.";
  const shown = low.slice(0, DIGEST_LIST_MAX);
  return [...shown.map((p) => `- ${p.name}: ${p.available > 0 ? `${p.available} left` : "sold out"}`), ...moreLine(shown.length, total)].join(
    "\n",
  );
}

/**
 * The summary's placeholders, or undefined when there is nothing to say: no email on a day without unpaid
 * orders or low stock.
 */
export function digestValues(
  unpaid: { lines: readonly UnpaidOrderLine[]; total: number },
  low: { lines: readonly LowStockLine[]; total: number },
  shopName: string,
  timeZone: string,
): PlaceholderValues | undefined {
  if (unpaid.total === 0 && low.total === 0) return undefined;
  return { SHOP_NAME: shopName, UNPAID_ORDERS: unpaidOrdersList(unpaid.lines, unpaid.total, timeZone), LOW_STOCK: lowStockList(low.lines, low.total) };
}
