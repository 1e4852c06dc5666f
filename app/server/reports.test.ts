import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { salesCsv } from "~/domain/report";
import { parseReportPeriod } from "~/domain/report-period.schema";
import { db } from "./db/database.server";
import { orderDiscounts } from "./db/schema.server";
import { salesForCsv, salesReport } from "./reports.server";
import { givenProduct, givenStoredOrder } from "../../tests/setup/builders";

const NAIROBI = "Africa/Nairobi";
// Friday 20 November 2026, 13:00 in Nairobi (UTC+3); the week began on Sunday 15 November.
const friday = { now: new Date("2026-11-20T10:00:00Z"), timeZone: NAIROBI };

type Sale = {
  id: string;
  at: string;
  shillings: number;
  units: number[];
  client?: string;
  status?: "Delivered" | "Processing" | "Cancelled";
  payment?: "Paid" | "Unpaid";
  archived?: boolean;
};

// Fixed orders on both sides of the shop's midnights (21:00 UTC) and of the Sunday the week starts on.
const SALES: Sale[] = [
  { id: "last-year", at: "2025-12-31T20:59:00Z", shillings: 10_000, units: [1] }, // Wed 31 Dec 2025, 23:59
  { id: "new-year", at: "2025-12-31T21:00:00Z", shillings: 9_000, units: [1] }, // Thu 1 Jan 2026, 00:00
  { id: "october-end", at: "2026-10-31T20:59:00Z", shillings: 8_000, units: [2] }, // Sat 31 Oct, 23:59
  { id: "november-start", at: "2026-10-31T21:00:00Z", shillings: 7_000, units: [1] }, // Sun 1 Nov, 00:00
  { id: "saturday-late", at: "2026-11-14T20:59:59Z", shillings: 1_000, units: [1] }, // Sat 14 Nov, 23:59:59
  { id: "sunday-first", at: "2026-11-14T21:00:00Z", shillings: 2_000, units: [1, 1] }, // Sun 15 Nov, 00:00
  { id: "sunday-last", at: "2026-11-15T20:59:59Z", shillings: 600, units: [1] }, // Sun 15 Nov, 23:59:59
  { id: "yesterday-late", at: "2026-11-19T20:59:00Z", shillings: 3_000, units: [1], archived: true }, // Thu 19 Nov, 23:59
  {
    id: "today-first",
    at: "2026-11-19T21:00:00Z", // Fri 20 Nov, 00:00
    shillings: 4_000,
    units: [2, 1],
    client: '=HYPERLINK("http://evil.example","Click")',
  },
  { id: "today-tonight", at: "2026-11-20T20:30:00Z", shillings: 500, units: [1], client: "Otieno, Achieng" }, // Fri 20 Nov, 23:30
  // Not sales: each misses Delivered or Paid.
  { id: "today-unpaid", at: "2026-11-20T08:00:00Z", shillings: 99_000, units: [9], payment: "Unpaid" },
  { id: "today-processing", at: "2026-11-20T08:00:00Z", shillings: 88_000, units: [8], status: "Processing" },
  { id: "today-cancelled", at: "2026-11-20T08:00:00Z", shillings: 77_000, units: [7], status: "Cancelled" },
];

beforeAll(async () => {
  for (const sale of SALES) {
    await givenStoredOrder({
      id: sale.id,
      clientName: sale.client ?? `Client ${sale.id}`,
      totalCents: sale.shillings * 100,
      status: sale.status ?? "Delivered",
      paymentStatus: sale.payment ?? "Paid",
      isArchived: sale.archived ?? false,
      orderDate: new Date(sale.at),
      lines: sale.units.map((quantity) => ({ name: "Kanga", unitPriceCents: 100, quantity })),
    });
  }
  // 50,000 × 60,000 cents alone overflows a 32-bit sum.
  await givenProduct({ name: "Beaded Gown", priceCents: 5_000_000, stock: 60_000 });
  await givenProduct({ name: "Kanga Wrap", priceCents: 1_250_00, stock: 4 });
  await givenProduct({ name: "Sold Out Shirt", priceCents: 3_900_00, stock: 0 });
});

const report = (params: Record<string, string>, clock = friday) => salesReport(parseReportPeriod(new URLSearchParams(params)), clock);
const figuresOf = async (params: Record<string, string>, clock = friday) => {
  const { revenueCents, unitsSold, orders, sales } = await report(params, clock);
  return { shillings: revenueCents / 100, unitsSold, orders, ids: sales.map((sale) => sale.id) };
};

describe("periods in Nairobi time, around midnight and the Sunday the week starts on", () => {
  test.each([
    ["today", { period: "today" }, 4_500, 4, ["today-tonight", "today-first"]],
    ["yesterday (archived sales still count)", { period: "yesterday" }, 3_000, 1, ["yesterday-late"]],
    [
      "week, from Sunday 00:00",
      { period: "week" },
      10_100,
      8,
      ["today-tonight", "today-first", "yesterday-late", "sunday-last", "sunday-first"],
    ],
    [
      "month, from the 1st at 00:00",
      { period: "month" },
      18_100,
      10,
      ["today-tonight", "today-first", "yesterday-late", "sunday-last", "sunday-first", "saturday-late", "november-start"],
    ],
    [
      "year, from 1 January at 00:00",
      { period: "year" },
      35_100,
      13,
      [
        "today-tonight",
        "today-first",
        "yesterday-late",
        "sunday-last",
        "sunday-first",
        "saturday-late",
        "november-start",
        "october-end",
        "new-year",
      ],
    ],
    [
      "custom Saturday to Sunday, both days whole",
      { period: "custom", from: "2026-11-14", to: "2026-11-15" },
      3_600,
      4,
      ["sunday-last", "sunday-first", "saturday-late"],
    ],
    ["custom one day", { period: "custom", from: "2026-11-15", to: "2026-11-15" }, 2_600, 3, ["sunday-last", "sunday-first"]],
    [
      "custom given backwards",
      { period: "custom", from: "2026-11-15", to: "2026-11-14" },
      3_600,
      4,
      ["sunday-last", "sunday-first", "saturday-late"],
    ],
    ["custom up to a day", { period: "custom", to: "2025-12-31" }, 10_000, 1, ["last-year"]],
    ["custom without an end", { period: "custom", from: "2026-11-19" }, 7_500, 5, ["today-tonight", "today-first", "yesterday-late"]],
    ["custom with no sales", { period: "custom", from: "2026-11-16", to: "2026-11-18" }, 0, 0, []],
  ])("%s", async (_name, params, shillings, unitsSold, ids) => {
    expect(await figuresOf(params)).toEqual({ shillings, unitsSold, orders: ids.length, ids });
  });

  test("all time counts every sale, and nothing that is not both Delivered and Paid", async () => {
    expect(await figuresOf({ period: "all" })).toMatchObject({ shillings: 45_100, unitsSold: 14, orders: 10 });
    expect(await figuresOf({ period: "nonsense" })).toMatchObject({ shillings: 45_100, orders: 10 });
  });

  test("on a Sunday just after midnight the week is that one day, and yesterday was Saturday", async () => {
    const sunday = { now: new Date("2026-11-14T21:30:00Z"), timeZone: NAIROBI };
    expect(await figuresOf({ period: "week" }, sunday)).toMatchObject({ ids: ["sunday-last", "sunday-first"] });
    expect(await figuresOf({ period: "yesterday" }, sunday)).toMatchObject({ ids: ["saturday-late"] });
  });

  test("a minute before Nairobi's midnight is still today there; the same instants fall on other days in London", async () => {
    const fridayLate = { now: new Date("2026-11-20T20:59:00Z"), timeZone: NAIROBI };
    expect((await figuresOf({ period: "today" }, fridayLate)).ids).toEqual(["today-tonight", "today-first"]);
    const saturday = { now: new Date("2026-11-20T21:00:00Z"), timeZone: NAIROBI };
    expect((await figuresOf({ period: "yesterday" }, saturday)).ids).toEqual(["today-tonight", "today-first"]);
    // The same instant in London (UTC+0) is Friday 20:59, and the Nairobi Thursday-night sale is Thursday 20:59.
    const london = { now: new Date("2026-11-20T20:59:00Z"), timeZone: "Europe/London" };
    expect((await figuresOf({ period: "yesterday" }, london)).ids).toEqual(["today-first", "yesterday-late"]);
  });
});

test("each sale shows its items and total; the current stock value is price × stock over every product", async () => {
  const week = await report({ period: "week" });
  expect(week.sales[1]).toEqual({
    id: "today-first",
    orderDate: new Date("2026-11-19T21:00:00Z"),
    clientName: '=HYPERLINK("http://evil.example","Click")',
    items: 3,
    totalCents: 4_000_00,
    delivery: "",
    deliveryFeeCents: 0,
    discountCents: 0,
  });
  expect(week.stockValueCents).toBe(5_000_000 * 60_000 + 1_250_00 * 4);
  expect(week.days).toEqual({ first: "2026-11-15", last: "2026-11-20" });
  expect((await report({ period: "custom", from: "2026-11-16", to: "2026-11-18" })).stockValueCents).toBe(week.stockValueCents);
});

test("the chart has a bar for every day of the week, each sale on its Nairobi day", async () => {
  const { chart } = await report({ period: "week" });
  expect(chart.unit).toBe("day");
  expect(chart.bars.map((bar) => [bar.key, bar.revenueCents / 100, bar.orders])).toEqual([
    ["2026-11-15", 2_600, 2],
    ["2026-11-16", 0, 0],
    ["2026-11-17", 0, 0],
    ["2026-11-18", 0, 0],
    ["2026-11-19", 3_000, 1],
    ["2026-11-20", 4_500, 2],
  ]);
});

test("the year's chart has a bar per month, to this month", async () => {
  const { chart } = await report({ period: "year" });
  expect(chart.unit).toBe("month");
  expect(chart.bars.map((bar) => bar.key)).toEqual(Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}`));
  expect(chart.bars.map((bar) => bar.revenueCents / 100)).toEqual([9_000, 0, 0, 0, 0, 0, 0, 0, 0, 8_000, 18_100]);
});

test("the CSV holds the period's sales, newest first, in Nairobi time, with formulas disarmed", async () => {
  const { fileName, sales } = await salesForCsv(parseReportPeriod(new URLSearchParams({ period: "week" })), friday);
  expect(fileName).toBe("sales-2026-11-15-to-2026-11-20.csv");
  expect(salesCsv(sales, NAIROBI)).toBe(
    "\uFEFFOrder ID,Date,Client,Items,Total (KSH)\r\n" +
      'today-tonight,2026-11-20 23:30,"Otieno, Achieng",1,500\r\n' +
      `today-first,2026-11-20 00:00,"'=HYPERLINK(""http://evil.example"",""Click"")",3,4000\r\n` +
      "yesterday-late,2026-11-19 23:59,Client yesterday-late,1,3000\r\n" +
      "sunday-last,2026-11-15 23:59,Client sunday-last,1,600\r\n" +
      "sunday-first,2026-11-15 00:00,Client sunday-first,2,2000\r\n",
  );
  const custom = await salesForCsv(
    parseReportPeriod(new URLSearchParams({ period: "custom", from: "2026-11-14", to: "2026-11-14" })),
    friday,
  );
  expect(custom).toMatchObject({ fileName: "sales-2026-11-14.csv", sales: [{ id: "saturday-late" }] });
  const empty = await salesForCsv(
    parseReportPeriod(new URLSearchParams({ period: "custom", from: "2026-11-16", to: "2026-11-18" })),
    friday,
  );
  expect(salesCsv(empty.sales, NAIROBI)).toBe("\uFEFFOrder ID,Date,Client,Items,Total (KSH)\r\n");
});

test("with 50,000 orders the report and its CSV stay quick, and pages of the table are kept in range", async () => {
  const database = await db();
  // Two of every three orders are sales, every 17 minutes from 2024 on.
  await database.execute(sql`
    insert into orders (id, tracking_id, client_name, client_address, client_phone, total_cents, status, payment_status, payment_method, order_date)
    select 'bulk-' || g, 'AFBBULK' || lpad(g::text, 5, '0'), 'Client ' || g, 'Moi Avenue', '+254712345678', 1000,
           case when g % 3 = 0 then 'Processing' else 'Delivered' end, 'Paid', 'M-Pesa',
           timestamptz '2024-01-01 00:00:00+03' + g * interval '17 minutes'
    from generate_series(1, 50000) g`);
  await database.execute(sql`
    insert into order_lines (order_id, position, name, unit_price_cents, quantity)
    select 'bulk-' || g, 0, 'Kanga', 500, 2 from generate_series(1, 50000) g`);
  const bulkSales = 50_000 - Math.floor(50_000 / 3);

  const started = performance.now();
  const all = await salesReport(parseReportPeriod(new URLSearchParams({ period: "all" })), friday, "9999");
  const reportMs = performance.now() - started;
  expect(all.orders).toBe(10 + bulkSales);
  expect(all.revenueCents).toBe(45_100_00 + bulkSales * 1000);
  expect(all.unitsSold).toBe(14 + bulkSales * 2);
  expect(all.pageCount).toBe(Math.ceil((10 + bulkSales) / 50));
  expect(all.page).toBe(all.pageCount);
  expect(all.sales.at(-1)?.id).toBe("bulk-1");
  expect(all.chart.unit).toBe("month");

  const csvStarted = performance.now();
  const { sales } = await salesForCsv(parseReportPeriod(new URLSearchParams({ period: "all" })), friday);
  const csv = salesCsv(sales, NAIROBI);
  const csvMs = performance.now() - csvStarted;
  expect(csv.split("\r\n")).toHaveLength(1 + 10 + bulkSales + 1);
  // Generous bounds for a slow, shared machine: a query per order, or sums in JavaScript, would miss them.
  expect(reportMs).toBeLessThan(4_000);
  expect(csvMs).toBeLessThan(8_000);
});

test("the current stock value counts each variant's stock at its own price, or at the product's when it has none", async () => {
  const before = (await report({ period: "custom", from: "2026-01-05", to: "2026-01-05" })).stockValueCents;
  await givenProduct({ priceCents: 4_000_00, variants: [{ size: "M", stock: 3 }, { size: "L", stock: 2, priceCents: 5_000_00 }] });
  const after = (await report({ period: "custom", from: "2026-01-06", to: "2026-01-06" })).stockValueCents;
  expect(after - before).toBe(3 * 4_000_00 + 2 * 5_000_00);
});

test("a period with discounted sales has a Discounts figure and a Discount column; the revenue is what was charged", async () => {
  const clock = { now: new Date("2027-03-01T09:00:00Z"), timeZone: NAIROBI };
  const day = parseReportPeriod(new URLSearchParams({ period: "custom", from: "2027-02-01", to: "2027-02-01" }));
  const sold = { status: "Delivered" as const, paymentStatus: "Paid" as const };
  // KSH 4,250 of goods less KSH 500 off; a full-price sale; a cancelled discounted order, which is no sale.
  await givenStoredOrder({ ...sold, id: "discounted", orderDate: new Date("2027-02-01T09:00:00Z"), totalCents: 3_750_00, discountCents: 500_00 });
  await givenStoredOrder({ ...sold, id: "full-price", orderDate: new Date("2027-02-01T10:00:00Z"), totalCents: 1_000_00 });
  await givenStoredOrder({ id: "cancelled-discounted", status: "Cancelled", orderDate: new Date("2027-02-01T11:00:00Z"), totalCents: 900_00, discountCents: 100_00 });
  await (await db()).insert(orderDiscounts).values([
    { orderId: "discounted", position: 0, label: "EASTER10", amountCents: 500_00 },
    { orderId: "cancelled-discounted", position: 0, label: "EASTER10", amountCents: 100_00 },
  ]);

  const discounted = await salesReport(day, clock);
  expect(discounted).toMatchObject({ revenueCents: 4_750_00, discountsCents: 500_00, orders: 2 });
  expect(discounted.sales.map((sale) => [sale.id, sale.discountCents, sale.totalCents])).toEqual([
    ["full-price", 0, 1_000_00],
    ["discounted", 500_00, 3_750_00],
  ]);
  expect((await report({ period: "week" })).discountsCents).toBeNull();

  const { sales } = await salesForCsv(day, clock);
  expect(salesCsv(sales, NAIROBI)).toBe(
    "\uFEFFOrder ID,Date,Client,Items,Discount (KSH),Total (KSH)\r\n" +
      "full-price,2027-02-01 13:00,Achieng Otieno,0,0,1000\r\n" +
      "discounted,2027-02-01 12:00,Achieng Otieno,0,500,3750\r\n",
  );
});
