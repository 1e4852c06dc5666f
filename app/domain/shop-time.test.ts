import { expect, test } from "vitest";
import { csvDateTime, dayMonthYear, shopDateTime } from "./shop-time";

const NAIROBI = "Africa/Nairobi";

test("a time is the shop's date and time, to the minute", () => {
  expect(shopDateTime(new Date("2026-11-19T21:00:00Z"), NAIROBI)).toBe("20 Nov 2026, 00:00");
  expect(shopDateTime(new Date("2026-11-19T20:59:00Z"), NAIROBI)).toBe("19 Nov 2026, 23:59");
  expect(shopDateTime(new Date("2026-11-19T20:59:00Z"), "UTC")).toBe("19 Nov 2026, 20:59");
});

test("a CSV file writes the shop's date and time as numbers", () => {
  expect(csvDateTime(new Date("2026-11-19T21:05:00Z"), NAIROBI)).toBe("2026-11-20 00:05");
  expect(csvDateTime(new Date("2026-01-02T03:04:00Z"), "UTC")).toBe("2026-01-02 03:04");
});

test("a shop date is written with the month's short name, whatever the server's zone", () => {
  expect(dayMonthYear("2026-11-20")).toBe("20 Nov 2026");
  expect(dayMonthYear("2027-01-01")).toBe("1 Jan 2027");
});
