import { expect, test } from "vitest";
import { phoneDigits } from "./phone";
import { pastRetention, REMOVED_PHONE } from "./anonymise";

test("the removed phone has no digits, so no lookup by phone can find it", () => {
  expect(phoneDigits(REMOVED_PHONE)).toBe("");
});

test("orders older than the retention are past it; none are when it is off", () => {
  const now = new Date("2026-12-01T00:00:00Z");
  expect(pastRetention(new Date("2021-11-30T23:59:59Z"), 5, now)).toBe(true);
  expect(pastRetention(new Date("2021-12-01T00:00:00Z"), 5, now)).toBe(false);
  expect(pastRetention(new Date("2000-01-01T00:00:00Z"), null, now)).toBe(false);
});
