import { describe, expect, test } from "vitest";
import { addDays, dateGroupLabel, DEFAULT_SHOP_TIME_ZONE, isWithinPeriod, longShopDate, periodRange, type ReportPeriod, shopDate, startOfShopDay } from "./report-period";
import { parseReportPeriod, reportPeriodSchema } from "./report-period.schema";

const NAIROBI = "Africa/Nairobi";
const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;
const rangeOf = (...args: Parameters<typeof periodRange>) => {
  const { start, end } = periodRange(...args);
  return { start: iso(start), end: iso(end) };
};

// Friday 20 November 2026, 13:00 in Nairobi (UTC+3).
const fridayLunchtime = at("2026-11-20T10:00:00Z");

test("the shop keeps Nairobi time unless configured otherwise", () => {
  expect(DEFAULT_SHOP_TIME_ZONE).toBe("Africa/Nairobi");
});

describe("shopDate", () => {
  test.each([
    ["2026-11-20T10:00:00Z", NAIROBI, "2026-11-20"],
    ["2026-11-20T20:59:59.999Z", NAIROBI, "2026-11-20"],
    ["2026-11-20T21:00:00Z", NAIROBI, "2026-11-21"],
    ["2026-12-31T21:00:00Z", NAIROBI, "2027-01-01"],
    ["2026-07-01T22:59:59Z", "Europe/London", "2026-07-01"],
    ["2026-07-01T23:00:00Z", "Europe/London", "2026-07-02"],
    ["2026-01-01T23:30:00Z", "Europe/London", "2026-01-01"],
    ["2026-01-01T03:00:00Z", "America/New_York", "2025-12-31"],
    ["2026-01-01T00:00:00Z", "UTC", "2026-01-01"],
  ])("%s is %s day %s", (instant, timeZone, date) => {
    expect(shopDate(at(instant), timeZone)).toBe(date);
  });

  test("refuses an unknown time zone", () => {
    expect(() => shopDate(fridayLunchtime, "Mars/Olympus_Mons")).toThrow(RangeError);
  });
});

describe("addDays", () => {
  test.each([
    ["2026-11-20", 1, "2026-11-21"],
    ["2026-11-20", -1, "2026-11-19"],
    ["2026-11-30", 1, "2026-12-01"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2028-03-01", -1, "2028-02-29"],
    ["2026-11-20", 0, "2026-11-20"],
    ["2026-11-22", -7, "2026-11-15"],
  ])("%s plus %i days is %s", (date, days, result) => {
    expect(addDays(date, days)).toBe(result);
  });
});

describe("startOfShopDay", () => {
  test.each([
    ["2026-11-21", NAIROBI, "2026-11-20T21:00:00.000Z"],
    ["2027-01-01", NAIROBI, "2026-12-31T21:00:00.000Z"],
    ["2026-01-15", "Europe/London", "2026-01-15T00:00:00.000Z"],
    ["2026-07-01", "Europe/London", "2026-06-30T23:00:00.000Z"],
    ["2026-01-01", "Asia/Kolkata", "2025-12-31T18:30:00.000Z"],
    ["2026-01-01", "Pacific/Kiritimati", "2025-12-31T10:00:00.000Z"],
    ["2026-01-01", "Pacific/Pago_Pago", "2026-01-01T11:00:00.000Z"],
    ["2026-01-01", "UTC", "2026-01-01T00:00:00.000Z"],
  ])("%s begins in %s at %s", (date, timeZone, start) => {
    expect(iso(startOfShopDay(date, timeZone))).toBe(start);
  });

  test("the day clocks go forward in London is 23 hours long", () => {
    const start = startOfShopDay("2026-03-29", "Europe/London");
    const next = startOfShopDay("2026-03-30", "Europe/London");
    expect(iso(start)).toBe("2026-03-29T00:00:00.000Z");
    expect(next.getTime() - start.getTime()).toBe(23 * 3_600_000);
  });

  test("the day clocks go back in New York is 25 hours long", () => {
    const start = startOfShopDay("2026-11-01", "America/New_York");
    const next = startOfShopDay("2026-11-02", "America/New_York");
    expect(iso(start)).toBe("2026-11-01T04:00:00.000Z");
    expect(next.getTime() - start.getTime()).toBe(25 * 3_600_000);
  });

  test("where daylight saving skips midnight, the day begins at its first moment (01:00)", () => {
    // Santiago went from 00:00 straight to 01:00 on 8 September 2024.
    expect(iso(startOfShopDay("2024-09-08", "America/Santiago"))).toBe("2024-09-08T04:00:00.000Z");
  });

  test("the instant before a day begins belongs to the day before", () => {
    for (const timeZone of [NAIROBI, "Europe/London", "America/Santiago", "Asia/Kathmandu"]) {
      const start = startOfShopDay("2026-11-21", timeZone);
      expect(shopDate(start, timeZone)).toBe("2026-11-21");
      expect(shopDate(new Date(start.getTime() - 1), timeZone)).toBe("2026-11-20");
    }
  });

  test.each(["2026-02-30", "2026-13-01", "20261120", "", "2026-1-1"])("refuses %j, which is not a date", (date) => {
    expect(() => startOfShopDay(date, NAIROBI)).toThrow(RangeError);
  });
});

describe("periodRange in Nairobi", () => {
  test("all time has no bounds", () => {
    expect(rangeOf("all", fridayLunchtime, NAIROBI)).toEqual({ start: null, end: null });
  });

  test.each<[ReportPeriod, string, string]>([
    ["today", "2026-11-19T21:00:00.000Z", "2026-11-20T21:00:00.000Z"],
    ["yesterday", "2026-11-18T21:00:00.000Z", "2026-11-19T21:00:00.000Z"],
    ["week", "2026-11-14T21:00:00.000Z", "2026-11-20T21:00:00.000Z"],
    ["month", "2026-10-31T21:00:00.000Z", "2026-11-20T21:00:00.000Z"],
    ["year", "2025-12-31T21:00:00.000Z", "2026-11-20T21:00:00.000Z"],
  ])("on Friday 20 November 2026, %s runs from %s to %s", (period, start, end) => {
    expect(rangeOf(period, fridayLunchtime, NAIROBI)).toEqual({ start, end });
  });

  test("just after midnight in Nairobi (still the evening before in UTC), today is the new day", () => {
    const justAfterMidnight = at("2026-11-20T21:30:00Z"); // 00:30 on Saturday 21 November in Nairobi
    expect(rangeOf("today", justAfterMidnight, NAIROBI)).toEqual({
      start: "2026-11-20T21:00:00.000Z",
      end: "2026-11-21T21:00:00.000Z",
    });
    expect(rangeOf("yesterday", justAfterMidnight, NAIROBI)).toEqual({
      start: "2026-11-19T21:00:00.000Z",
      end: "2026-11-20T21:00:00.000Z",
    });
  });

  test("just before midnight in Nairobi, today is still the old day", () => {
    const justBeforeMidnight = at("2026-11-20T20:59:59.999Z");
    expect(rangeOf("today", justBeforeMidnight, NAIROBI).start).toBe("2026-11-19T21:00:00.000Z");
  });

  test("the week starts on Sunday: late on Saturday it is still the week that began last Sunday", () => {
    const saturdayNight = at("2026-11-21T20:59:59.999Z"); // 23:59:59.999 on Saturday 21 November
    expect(rangeOf("week", saturdayNight, NAIROBI).start).toBe("2026-11-14T21:00:00.000Z");
  });

  test("the week starts on Sunday: at Sunday midnight a new week begins", () => {
    const sundayMidnight = at("2026-11-21T21:00:00Z"); // 00:00 on Sunday 22 November
    expect(rangeOf("week", sundayMidnight, NAIROBI)).toEqual({
      start: "2026-11-21T21:00:00.000Z",
      end: "2026-11-22T21:00:00.000Z",
    });
  });

  test("a week can start in the previous month and year", () => {
    const newYearsDay = at("2027-01-01T09:00:00Z"); // Friday 1 January 2027
    expect(rangeOf("week", newYearsDay, NAIROBI).start).toBe("2026-12-26T21:00:00.000Z"); // Sunday 27 December
  });

  test("at midnight on New Year's Day, month and year start that very moment", () => {
    const newYear = at("2026-12-31T21:00:00Z");
    expect(rangeOf("month", newYear, NAIROBI).start).toBe("2026-12-31T21:00:00.000Z");
    expect(rangeOf("year", newYear, NAIROBI).start).toBe("2026-12-31T21:00:00.000Z");
  });

  test("a custom range includes its last day", () => {
    expect(rangeOf("custom", fridayLunchtime, NAIROBI, { from: "2026-11-01", to: "2026-11-20" })).toEqual({
      start: "2026-10-31T21:00:00.000Z",
      end: "2026-11-20T21:00:00.000Z",
    });
  });

  test("a custom range of one day covers that whole day", () => {
    const { start, end } = periodRange("custom", fridayLunchtime, NAIROBI, { from: "2026-11-05", to: "2026-11-05" });
    expect(iso(start)).toBe("2026-11-04T21:00:00.000Z");
    expect(end!.getTime() - start!.getTime()).toBe(24 * 3_600_000);
  });

  test("a custom range may lie in the future of now", () => {
    expect(rangeOf("custom", fridayLunchtime, NAIROBI, { from: "2027-02-01", to: "2027-02-28" })).toEqual({
      start: "2027-01-31T21:00:00.000Z",
      end: "2027-02-28T21:00:00.000Z",
    });
  });

  test.each([
    ["only a start date runs on without end", { from: "2026-11-01" }, "2026-10-31T21:00:00.000Z", null],
    ["only an end date runs from the beginning", { to: "2026-11-01" }, null, "2026-11-01T21:00:00.000Z"],
    ["no dates is all time", {}, null, null],
    ["no custom dates at all is all time", undefined, null, null],
  ])("a custom range with %s", (_, custom, start, end) => {
    expect(rangeOf("custom", fridayLunchtime, NAIROBI, custom)).toEqual({ start, end });
  });

  test("every period's range contains now, except yesterday's", () => {
    for (const period of ["all", "today", "week", "month", "year"] as const) {
      expect(isWithinPeriod(fridayLunchtime, periodRange(period, fridayLunchtime, NAIROBI))).toBe(true);
    }
    expect(isWithinPeriod(fridayLunchtime, periodRange("yesterday", fridayLunchtime, NAIROBI))).toBe(false);
  });
});

describe("periodRange in a daylight-saving zone (London)", () => {
  const LONDON = "Europe/London";

  test("today in summer runs from local midnight (23:00 UTC the day before)", () => {
    expect(rangeOf("today", at("2026-07-15T12:00:00Z"), LONDON)).toEqual({
      start: "2026-07-14T23:00:00.000Z",
      end: "2026-07-15T23:00:00.000Z",
    });
  });

  test("a week across the spring change starts at GMT midnight and ends at BST midnight", () => {
    const tuesday = at("2026-03-31T12:00:00Z");
    expect(rangeOf("week", tuesday, LONDON)).toEqual({
      start: "2026-03-29T00:00:00.000Z",
      end: "2026-03-31T23:00:00.000Z",
    });
  });

  test("the day after the autumn change, yesterday was 25 hours long", () => {
    const { start, end } = periodRange("yesterday", at("2026-10-26T12:00:00Z"), LONDON);
    expect(iso(start)).toBe("2026-10-24T23:00:00.000Z");
    expect(end!.getTime() - start!.getTime()).toBe(25 * 3_600_000);
  });

  test("the month of October runs from BST midnight on the 1st to GMT midnight on 1 November", () => {
    expect(rangeOf("custom", at("2026-11-05T12:00:00Z"), LONDON, { from: "2026-10-01", to: "2026-10-31" })).toEqual({
      start: "2026-09-30T23:00:00.000Z",
      end: "2026-11-01T00:00:00.000Z",
    });
  });
});

describe("isWithinPeriod", () => {
  const range = { start: at("2026-11-19T21:00:00Z"), end: at("2026-11-20T21:00:00Z") };

  test.each([
    ["2026-11-19T21:00:00Z", true],
    ["2026-11-20T20:59:59.999Z", true],
    ["2026-11-20T21:00:00Z", false],
    ["2026-11-19T20:59:59.999Z", false],
  ])("%s falls within today in Nairobi: %s", (instant, within) => {
    expect(isWithinPeriod(at(instant), range)).toBe(within);
  });

  test("an unbounded range holds everything", () => {
    expect(isWithinPeriod(at("1999-01-01T00:00:00Z"), { start: null, end: null })).toBe(true);
  });

  test("a range open at one end is bounded only at the other", () => {
    expect(isWithinPeriod(at("2030-01-01T00:00:00Z"), { start: range.start, end: null })).toBe(true);
    expect(isWithinPeriod(at("2000-01-01T00:00:00Z"), { start: range.start, end: null })).toBe(false);
    expect(isWithinPeriod(at("2000-01-01T00:00:00Z"), { start: null, end: range.end })).toBe(true);
  });
});

describe("dateGroupLabel", () => {
  test.each([
    ["2026-11-20T09:00:00Z", "Today"],
    ["2026-11-19T21:00:00Z", "Today"],
    ["2026-11-19T20:59:59Z", "Yesterday"],
    ["2026-11-18T21:00:00Z", "Yesterday"],
    ["2026-11-18T20:59:59Z", "Wednesday, 18 November 2026"],
    ["2026-11-14T12:00:00Z", "Saturday, 14 November 2026"],
    ["2025-12-31T21:30:00Z", "Thursday, 1 January 2026"],
    ["2026-11-21T09:00:00Z", "Saturday, 21 November 2026"],
  ])("on Friday 20 November 2026 in Nairobi, an order placed at %s is grouped under %j", (instant, label) => {
    expect(dateGroupLabel(at(instant), fridayLunchtime, NAIROBI)).toBe(label);
  });

  test("an order at 01:00 Nairobi time is today's, though it was still yesterday in UTC", () => {
    const now = at("2026-11-20T22:30:00Z"); // 01:30 on Saturday 21 November in Nairobi
    expect(dateGroupLabel(at("2026-11-20T22:00:00Z"), now, NAIROBI)).toBe("Today");
    expect(dateGroupLabel(at("2026-11-20T20:00:00Z"), now, NAIROBI)).toBe("Yesterday");
  });

  test("'Yesterday' reaches across a month's end", () => {
    expect(dateGroupLabel(at("2026-11-30T12:00:00Z"), at("2026-12-01T12:00:00Z"), NAIROBI)).toBe("Yesterday");
  });

  test("follows the shop's own time zone", () => {
    const now = at("2026-07-02T07:00:00Z");
    expect(dateGroupLabel(at("2026-07-01T23:30:00Z"), now, "Europe/London")).toBe("Today");
    expect(dateGroupLabel(at("2026-07-01T23:30:00Z"), now, "America/New_York")).toBe("Yesterday");
  });
});

describe("longShopDate", () => {
  test("writes the weekday, day, month and year in full", () => {
    expect(longShopDate(fridayLunchtime, NAIROBI)).toBe("Friday, 20 November 2026");
  });

  test("uses the shop's date, not UTC's", () => {
    expect(longShopDate(at("2026-11-20T21:00:00Z"), NAIROBI)).toBe("Saturday, 21 November 2026");
  });
});

describe("reportPeriodSchema", () => {
  test.each([
    [{}, { period: "all" }],
    [{ period: "today" }, { period: "today" }],
    [{ period: "yesterday" }, { period: "yesterday" }],
    [{ period: "week" }, { period: "week" }],
    [{ period: "month" }, { period: "month" }],
    [{ period: "year" }, { period: "year" }],
    [{ period: "all" }, { period: "all" }],
    [{ period: "WEEK" }, { period: "all" }],
    [{ period: "fortnight" }, { period: "all" }],
    [{ period: "" }, { period: "all" }],
    [{ period: 3 }, { period: "all" }],
  ])("%j reads as %j", (params, filter) => {
    expect(reportPeriodSchema.parse(params)).toEqual(filter);
  });

  test("keeps a custom range's dates", () => {
    expect(reportPeriodSchema.parse({ period: "custom", from: "2026-11-01", to: "2026-11-20" })).toEqual({
      period: "custom",
      from: "2026-11-01",
      to: "2026-11-20",
    });
  });

  test("turns a backwards custom range round", () => {
    expect(reportPeriodSchema.parse({ period: "custom", from: "2026-11-20", to: "2026-11-01" })).toEqual({
      period: "custom",
      from: "2026-11-01",
      to: "2026-11-20",
    });
  });

  test.each([
    [
      { period: "custom", from: "2026-02-30", to: "2026-11-20" },
      { period: "custom", to: "2026-11-20" },
    ],
    [
      { period: "custom", from: "2026-11-01", to: "tomorrow" },
      { period: "custom", from: "2026-11-01" },
    ],
    [{ period: "custom", from: "", to: "" }, { period: "all" }],
    [{ period: "custom", from: "01/11/2026", to: "20/11/2026" }, { period: "all" }],
    [{ period: "custom" }, { period: "all" }],
  ])("ignores dates that are not dates: %j reads as %j", (params, filter) => {
    expect(reportPeriodSchema.parse(params)).toEqual(filter);
  });

  test.each([
    [
      { period: "custom", from: "0000-01-01", to: "9999-12-31" },
      { period: "custom", from: "1970-01-01", to: "9998-12-31" },
    ],
    [
      { period: "custom", from: "0001-01-01", to: "1969-12-31" },
      { period: "custom", from: "1970-01-01", to: "1970-01-01" },
    ],
  ])("reads a date beyond any order as the nearest day an order can have: %j reads as %j", (params, filter) => {
    const read = reportPeriodSchema.parse(params);
    expect(read).toEqual(filter);
    expect(() => periodRange(read.period, at("2026-11-20T10:00:00Z"), NAIROBI, read)).not.toThrow();
  });

  test("drops dates given with a period that is not custom", () => {
    expect(reportPeriodSchema.parse({ period: "week", from: "2026-11-01", to: "2026-11-20" })).toEqual({
      period: "week",
    });
  });
});

describe("parseReportPeriod", () => {
  test("reads the filter from a URL's search params", () => {
    expect(parseReportPeriod(new URLSearchParams("period=custom&from=2026-11-20&to=2026-11-01"))).toEqual({
      period: "custom",
      from: "2026-11-01",
      to: "2026-11-20",
    });
  });

  test("an empty query is all time", () => {
    expect(parseReportPeriod(new URLSearchParams())).toEqual({ period: "all" });
  });

  test("never fails on nonsense", () => {
    expect(parseReportPeriod(new URLSearchParams("period=%00&from=x&to=y&extra=1"))).toEqual({ period: "all" });
  });

  test("what it reads can be turned into a range", () => {
    const filter = parseReportPeriod(new URLSearchParams("period=custom&from=2026-11-01&to=2026-11-20"));
    expect(rangeOf(filter.period, fridayLunchtime, NAIROBI, filter)).toEqual({
      start: "2026-10-31T21:00:00.000Z",
      end: "2026-11-20T21:00:00.000Z",
    });
  });
});
