import { describe, expect, test } from "vitest";
import {
  csvCell,
  csvLine,
  type DailyRevenue,
  describeChart,
  describeRange,
  rangeDays,
  reportQuery,
  revenueChart,
  saleNumber,
  salesCsv,
  salesCsvFileName,
  salesPageCount,
  salesPageFrom,
} from "./report";
import { periodRange } from "./report-period";

const NAIROBI = "Africa/Nairobi";

describe("csvCell", () => {
  test.each([
    ["Achieng Otieno", "Achieng Otieno"],
    ["Otieno, Achieng", '"Otieno, Achieng"'],
    ['The "Kanga" lady', '"The ""Kanga"" lady"'],
    ["two\nlines", '"two\nlines"'],
    ["=1+2", "'=1+2"],
    ["+254712345678", "'+254712345678"],
    ["-5", "'-5"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1+2", "'\t=1+2"],
    ["\r=1+2", '"\'\r=1+2"'],
    ['=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
    ["Mary-Jane = owner", "Mary-Jane = owner"],
    ["", ""],
  ])("%j is written %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  test("numbers are written as they are", () => {
    expect(csvCell(4000)).toBe("4000");
    expect(csvCell(0)).toBe("0");
  });

  test("a line ends with CRLF", () => {
    expect(csvLine(["a", 1, "b,c"])).toBe('a,1,"b,c"\r\n');
  });
});

test("the CSV starts with a byte-order mark and the column names, totals in whole shillings", () => {
  const sale = { id: "abc123xyz9", orderDate: new Date("2026-11-19T21:00:00Z"), clientName: "Wanjirũ", items: 3, totalCents: 4_250_00, delivery: "", deliveryFeeCents: 0, discountCents: 0 };
  expect(salesCsv([sale], NAIROBI)).toBe("\uFEFFOrder ID,Date,Client,Items,Total (KSH)\r\nabc123xyz9,2026-11-20 00:00,Wanjirũ,3,4250\r\n");
});

test("sales placed with a delivery choice add a Delivery column before the total; one placed without shows 0 in it", () => {
  const at = new Date("2026-11-19T21:00:00Z");
  const delivered = { id: "abc123xyz9", orderDate: at, clientName: "Wanjirũ", items: 1, totalCents: 4_250_00, delivery: "Nairobi CBD", deliveryFeeCents: 250_00, discountCents: 0 };
  const free = { ...delivered, id: "def456uvw8", totalCents: 7_000_00, delivery: "Pick up: Moi Avenue shop", deliveryFeeCents: 0 };
  const before = { ...delivered, id: "ghi789rst7", totalCents: 1_000_00, delivery: "", deliveryFeeCents: 0 };
  expect(salesCsv([delivered, free, before], NAIROBI)).toBe(
    "\uFEFFOrder ID,Date,Client,Items,Delivery (KSH),Total (KSH)\r\n" +
      "abc123xyz9,2026-11-20 00:00,Wanjirũ,1,250,4250\r\n" +
      "def456uvw8,2026-11-20 00:00,Wanjirũ,1,0,7000\r\n" +
      "ghi789rst7,2026-11-20 00:00,Wanjirũ,1,0,1000\r\n",
  );
});

test("sales with a discount add a Discount column, before the delivery's, of what was taken off; one without shows 0", () => {
  const at = new Date("2026-11-19T21:00:00Z");
  const discounted = { id: "abc123xyz9", orderDate: at, clientName: "Wanjirũ", items: 2, totalCents: 3_750_00, delivery: "", deliveryFeeCents: 0, discountCents: 500_00 };
  const full = { ...discounted, id: "def456uvw8", totalCents: 1_000_00, discountCents: 0 };
  expect(salesCsv([discounted, full], NAIROBI)).toBe(
    "\uFEFFOrder ID,Date,Client,Items,Discount (KSH),Total (KSH)\r\n" +
      "abc123xyz9,2026-11-20 00:00,Wanjirũ,2,500,3750\r\n" +
      "def456uvw8,2026-11-20 00:00,Wanjirũ,2,0,1000\r\n",
  );
  const delivered = { ...discounted, totalCents: 4_000_00, delivery: "Nairobi CBD", deliveryFeeCents: 250_00 };
  expect(salesCsv([delivered], NAIROBI)).toBe(
    "\uFEFFOrder ID,Date,Client,Items,Discount (KSH),Delivery (KSH),Total (KSH)\r\nabc123xyz9,2026-11-20 00:00,Wanjirũ,2,500,250,4000\r\n",
  );
});

describe("what a report covers", () => {
  const friday = new Date("2026-11-20T10:00:00Z");
  test.each([
    ["all", undefined, { first: null, last: null }, "All time", "sales-all-time.csv"],
    ["today", undefined, { first: "2026-11-20", last: "2026-11-20" }, "20 Nov 2026", "sales-2026-11-20.csv"],
    ["yesterday", undefined, { first: "2026-11-19", last: "2026-11-19" }, "19 Nov 2026", "sales-2026-11-19.csv"],
    ["week", undefined, { first: "2026-11-15", last: "2026-11-20" }, "15 Nov 2026 to 20 Nov 2026", "sales-2026-11-15-to-2026-11-20.csv"],
    ["month", undefined, { first: "2026-11-01", last: "2026-11-20" }, "1 Nov 2026 to 20 Nov 2026", "sales-2026-11-01-to-2026-11-20.csv"],
    ["year", undefined, { first: "2026-01-01", last: "2026-11-20" }, "1 Jan 2026 to 20 Nov 2026", "sales-2026-01-01-to-2026-11-20.csv"],
    ["custom", { from: "2026-10-01" }, { first: "2026-10-01", last: null }, "From 1 Oct 2026", "sales-from-2026-10-01.csv"],
    ["custom", { to: "2026-10-31" }, { first: null, last: "2026-10-31" }, "Up to 31 Oct 2026", "sales-up-to-2026-10-31.csv"],
  ] as const)("%s %j", (period, custom, days, words, fileName) => {
    const covered = rangeDays(periodRange(period, friday, NAIROBI, custom), NAIROBI);
    expect(covered).toEqual(days);
    expect(describeRange(covered)).toBe(words);
    expect(salesCsvFileName(covered)).toBe(fileName);
  });
});

describe("revenueChart", () => {
  const sold = (date: string, shillings: number, orders = 1): DailyRevenue => ({ date, revenueCents: shillings * 100, orders });
  const keysOf = (chart: ReturnType<typeof revenueChart>) => chart.bars.map((bar) => bar.key);

  test("no sales, no bars", () => {
    expect(revenueChart([], { first: "2026-11-15", last: "2026-11-20" }, "2026-11-20")).toEqual({ unit: "day", bars: [] });
  });

  test("a bar for every day of a short period, days without sales at zero", () => {
    const chart = revenueChart(
      [sold("2026-11-16", 1_200), sold("2026-11-18", 800, 2)],
      { first: "2026-11-15", last: "2026-11-18" },
      "2026-11-18",
    );
    expect(chart).toEqual({
      unit: "day",
      bars: [
        { key: "2026-11-15", label: "15 Nov", title: "15 Nov 2026", revenueCents: 0, orders: 0 },
        { key: "2026-11-16", label: "16 Nov", title: "16 Nov 2026", revenueCents: 1_200_00, orders: 1 },
        { key: "2026-11-17", label: "17 Nov", title: "17 Nov 2026", revenueCents: 0, orders: 0 },
        { key: "2026-11-18", label: "18 Nov", title: "18 Nov 2026", revenueCents: 800_00, orders: 2 },
      ],
    });
    expect(describeChart(chart)).toBe(
      "Revenue per day, 15 Nov 2026 to 18 Nov 2026: KSH 2,000 in all; the best day was 16 Nov 2026 with KSH 1,200.",
    );
  });

  test("62 days are still days; 63 become months", () => {
    expect(revenueChart([sold("2026-01-05", 1)], { first: "2026-01-01", last: "2026-03-03" }, "2026-03-03").bars).toHaveLength(62);
    const months = revenueChart([sold("2026-01-05", 1), sold("2026-03-04", 2)], { first: "2026-01-01", last: "2026-03-04" }, "2026-03-04");
    expect(months.unit).toBe("month");
    expect(months.bars.map((bar) => [bar.key, bar.label, bar.revenueCents])).toEqual([
      ["2026-01", "Jan 2026", 100],
      ["2026-02", "Feb 2026", 0],
      ["2026-03", "Mar 2026", 200],
    ]);
  });

  test("over ten years the bars are years", () => {
    const chart = revenueChart([sold("2015-06-01", 5), sold("2026-01-01", 7)], { first: null, last: null }, "2026-11-20");
    expect(chart.unit).toBe("year");
    expect(keysOf(chart)).toEqual(["2015", "2016", "2017", "2018", "2019", "2020", "2021", "2022", "2023", "2024", "2025", "2026"]);
  });

  test("an open start begins at the first sale; an open end stops at today, or at a later sale", () => {
    expect(keysOf(revenueChart([sold("2026-11-17", 1)], { first: null, last: null }, "2026-11-19"))).toEqual([
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
    ]);
    expect(keysOf(revenueChart([sold("2026-11-21", 1)], { first: "2026-11-19", last: null }, "2026-11-19"))).toEqual([
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
    ]);
  });

  test("days after today are left out unless something was sold on them", () => {
    expect(keysOf(revenueChart([sold("2026-11-02", 1)], { first: "2026-11-01", last: "2026-11-30" }, "2026-11-03"))).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
    ]);
    expect(keysOf(revenueChart([sold("2026-10-02", 1)], { first: "2026-10-01", last: "2026-10-03" }, "2026-11-20"))).toEqual([
      "2026-10-01",
      "2026-10-02",
      "2026-10-03",
    ]);
  });
});

test("a report's address keeps its period, and custom dates, for other pages and the CSV", () => {
  expect(reportQuery({ period: "all" })).toBe("period=all");
  expect(reportQuery({ period: "week" }, 1)).toBe("period=week");
  expect(reportQuery({ period: "custom", from: "2026-11-01", to: "2026-11-15" }, 3)).toBe(
    "period=custom&from=2026-11-01&to=2026-11-15&page=3",
  );
});

test.each([
  [null, 5, 1],
  ["", 5, 1],
  ["2", 5, 2],
  ["9", 5, 5],
  ["0", 5, 1],
  ["-3", 5, 1],
  ["1.5", 5, 1],
  ["two", 5, 1],
  ["4", 1, 1],
])("page %j of %i is %i", (value, pageCount, page) => {
  expect(salesPageFrom(value, pageCount)).toBe(page);
});

test("the table holds 50 sales a page", () => {
  expect([0, 1, 50, 51, 100, 101].map(salesPageCount)).toEqual([1, 1, 1, 2, 2, 3]);
});

test("a sale's number is the start of its order id", () => {
  expect(saleNumber("a1b2c3d4e5f6")).toBe("#a1b2c3");
});
