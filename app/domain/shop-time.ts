import type { ShopDate } from "./report-period";

// The shop's dates and times as its pages and files write them: always in the shop's time zone
// (SHOP_TIMEZONE), whatever the zone of the server or of the browser.

/** A formatter with these fields for each time zone, built once each: they are costly to build and only read. */
export function formatPerTimeZone(locale: string, fields: Intl.DateTimeFormatOptions): (timeZone: string) => Intl.DateTimeFormat {
  const built = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = built.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...fields, timeZone });
      built.set(timeZone, format);
    }
    return format;
  };
}

/** An instant's parts as a formatter writes them, looked up by type ("year", "hour", …); a missing part is "". */
export function formattedParts(format: Intl.DateTimeFormat, instant: Date): (type: Intl.DateTimeFormatPartTypes) => string {
  const parts = format.formatToParts(instant);
  return (type) => parts.find((p) => p.type === type)?.value ?? "";
}

const toTheMinute = formatPerTimeZone("en-GB", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function dateAndTimeIn(instant: Date, timeZone: string): { date: ShopDate; time: string } {
  const part = formattedParts(toTheMinute(timeZone), instant);
  return { date: `${part("year")}-${part("month")}-${part("day")}`, time: `${part("hour")}:${part("minute")}` };
}

// Calendar dates are written out as UTC midnights, so the formatter's own zone cannot shift the day.
const dayMonthYearFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });

/** A shop date as pages write it, e.g. "20 Nov 2026". */
export function dayMonthYear(date: ShopDate): string {
  return dayMonthYearFormat.format(new Date(`${date}T00:00:00Z`));
}

/** When something happened, as the back office shows it: the shop's date and time, e.g. "20 Nov 2026, 13:05". */
export function shopDateTime(instant: Date, timeZone: string): string {
  const { date, time } = dateAndTimeIn(instant, timeZone);
  return `${dayMonthYear(date)}, ${time}`;
}

/** An instant as a datetime-local field shows it in the shop's time zone, e.g. "2026-11-20T13:05". */
export function shopDateTimeInput(instant: Date, timeZone: string): string {
  const { date, time } = dateAndTimeIn(instant, timeZone);
  return `${date}T${time}`;
}

/** When something happened, as the shop's CSV files write it: the shop's date and time, e.g. "2026-11-20 13:05". */
export function csvDateTime(instant: Date, timeZone: string): string {
  const { date, time } = dateAndTimeIn(instant, timeZone);
  return `${date} ${time}`;
}
