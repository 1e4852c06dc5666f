import { formatPerTimeZone, formattedParts } from "./shop-time";

/** The shop's time zone unless SHOP_TIMEZONE says otherwise: "today" means today in Nairobi. */
export const DEFAULT_SHOP_TIME_ZONE = "Africa/Nairobi";

/** The report periods (product.md §9). */
export const REPORT_PERIODS = ["all", "today", "yesterday", "week", "month", "year", "custom"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** A stretch of time as UTC instants, start included and end excluded; null means unbounded. */
export type PeriodRange = { start: Date | null; end: Date | null };

/** A calendar date in the shop, "YYYY-MM-DD". */
export type ShopDate = string;

const DAY_MS = 24 * 60 * 60 * 1000;

const numericDate = formatPerTimeZone("en-US", { year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar date in the shop's time zone at an instant, "YYYY-MM-DD". */
export function shopDate(instant: Date, timeZone: string): ShopDate {
  const part = formattedParts(numericDate(timeZone), instant);
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

function utcMidnightOf(date: ShopDate): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return time;
}

/** The calendar date `days` after (or before, if negative) a date. */
export function addDays(date: ShopDate, days: number): ShopDate {
  return new Date(utcMidnightOf(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instant a day begins in the shop's time zone: usually local midnight, or the first moment of the day
 * where a daylight-saving change skips midnight.
 */
export function startOfShopDay(date: ShopDate, timeZone: string): Date {
  // Every UTC offset lies within −12 h and +14 h, so the day starts within these bounds.
  let before = utcMidnightOf(date) - 15 * 60 * 60 * 1000; // still the previous day in every zone
  let atOrAfter = utcMidnightOf(date) + 13 * 60 * 60 * 1000; // already this day (or later) in every zone
  // Find the first millisecond whose shop date is this date or later; dates as text sort like dates.
  while (atOrAfter - before > 1) {
    const middle = Math.floor((before + atOrAfter) / 2);
    if (shopDate(new Date(middle), timeZone) >= date) atOrAfter = middle;
    else before = middle;
  }
  return new Date(atOrAfter);
}

/**
 * The instant a date and time typed in the shop's time zone names ("2026-12-01T09:30", as a datetime-local field
 * posts it): the start of that shop day plus the time, so a day that skips midnight still counts from its start.
 */
export function instantFromShopDateTime(text: string, timeZone: string): Date {
  const [, date = "", hours = "0", minutes = "0"] = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(text) ?? [];
  return new Date(startOfShopDay(date, timeZone).getTime() + (Number(hours) * 60 + Number(minutes)) * 60_000);
}

/** Sunday, the first day of the shop's week, on or before a date (product.md §9). */
function sundayOnOrBefore(date: ShopDate): ShopDate {
  return addDays(date, -new Date(utcMidnightOf(date)).getUTCDay());
}

/**
 * The instants a report period covers, [start, end), worked out in the shop's time zone (product.md §9):
 * - all: unbounded;
 * - today and yesterday: that whole shop day;
 * - week (from Sunday), month (from the 1st) and year (from 1 January): up to the end of today;
 * - custom: from the start of `from` to the end of `to`, both days included; a missing end is unbounded.
 * Periods that include today run to the end of today rather than to `now`, so an order placed while the
 * report is open still falls inside.
 */
export function periodRange(
  period: ReportPeriod,
  now: Date,
  timeZone: string,
  custom?: { from?: ShopDate; to?: ShopDate },
): PeriodRange {
  const today = shopDate(now, timeZone);
  const dayStart = (date: ShopDate) => startOfShopDay(date, timeZone);
  const endOfToday = dayStart(addDays(today, 1));
  switch (period) {
    case "all":
      return { start: null, end: null };
    case "today":
      return { start: dayStart(today), end: endOfToday };
    case "yesterday":
      return { start: dayStart(addDays(today, -1)), end: dayStart(today) };
    case "week":
      return { start: dayStart(sundayOnOrBefore(today)), end: endOfToday };
    case "month":
      return { start: dayStart(`${today.slice(0, 7)}-01`), end: endOfToday };
    case "year":
      return { start: dayStart(`${today.slice(0, 4)}-01-01`), end: endOfToday };
    case "custom":
      return {
        start: custom?.from ? dayStart(custom.from) : null,
        end: custom?.to ? dayStart(addDays(custom.to, 1)) : null,
      };
  }
}

/** Whether an instant falls within a period's range. */
export function isWithinPeriod(instant: Date, range: PeriodRange): boolean {
  return (range.start === null || instant >= range.start) && (range.end === null || instant < range.end);
}

const dateInFull = formatPerTimeZone("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric" });

/** A date written out in full in the shop's time zone, e.g. "Friday, 20 November 2026". */
export function longShopDate(instant: Date, timeZone: string): string {
  const part = formattedParts(dateInFull(timeZone), instant);
  // Assembled from parts: ICU versions disagree on the comma after the weekday.
  return `${part("weekday")}, ${part("day")} ${part("month")} ${part("year")}`;
}

/** The header over a group of orders in the admin table: "Today", "Yesterday" or the full date (product.md §2). */
export function dateGroupLabel(instant: Date, now: Date, timeZone: string): string {
  const day = shopDate(instant, timeZone);
  const today = shopDate(now, timeZone);
  if (day === today) return "Today";
  if (day === addDays(today, -1)) return "Yesterday";
  return longShopDate(instant, timeZone);
}

