import { describe, expect, test } from "vitest";
import { centsToShillings, formatKsh, isWholeCents, orderSubtotalCents, roundToWholeShilling, shillingsToCents } from "./money";

describe("formatKsh", () => {
  test.each([
    [0, "KSH 0"],
    [100, "KSH 1"],
    [120_000, "KSH 1,200"],
    [99_900, "KSH 999"],
    [100_000, "KSH 1,000"],
    [123_456_700, "KSH 1,234,567"],
    [1_000_000_000, "KSH 10,000,000"],
  ])("%i cents shows as %s", (cents, shown) => {
    expect(formatKsh(cents)).toBe(shown);
  });

  test.each([
    [149, "KSH 1"],
    [150, "KSH 2"],
    [250, "KSH 3"],
    [119_950, "KSH 1,200"],
    [49, "KSH 0"],
  ])("shows whole shillings, rounding half up: %i cents → %s", (cents, shown) => {
    expect(formatKsh(cents)).toBe(shown);
  });

  test.each([
    [-5_000, "-KSH 50"],
    [-120_000, "-KSH 1,200"],
    [-150, "-KSH 2"],
  ])("a negative amount %i shows its sign before the currency: %s", (cents, shown) => {
    expect(formatKsh(cents)).toBe(shown);
  });

  test("an amount that rounds to nothing never shows a minus sign", () => {
    expect(formatKsh(-49)).toBe("KSH 0");
  });
});

describe("roundToWholeShilling", () => {
  test.each([
    [0, 0],
    [1, 0],
    [49, 0],
    [50, 100],
    [99, 100],
    [100, 100],
    [1_249, 1_200],
    [1_250, 1_300],
    [119_950, 120_000],
    [-50, -100],
    [-49, 0],
    [-1_250, -1_300],
  ])("%i cents rounds to %i cents", (cents, rounded) => {
    expect(roundToWholeShilling(cents)).toBe(rounded);
  });

  test("never returns negative zero", () => {
    expect(Object.is(roundToWholeShilling(-10), 0)).toBe(true);
  });
});

describe("shillingsToCents", () => {
  test.each([
    [0, 0],
    [1, 100],
    [1_200, 120_000],
    [19.99, 1_999],
    [0.1, 10],
    [0.29, 29],
    [1.005, 101],
    [1_234.56, 123_456],
    [0.001, 0],
    [-19.99, -1_999],
  ])("KSH %d is %i cents", (shillings, cents) => {
    expect(shillingsToCents(shillings)).toBe(cents);
  });

  test.each([NaN, Infinity, -Infinity])("refuses %d, which is not an amount", (value) => {
    expect(() => shillingsToCents(value)).toThrow(RangeError);
  });
});

describe("isWholeCents", () => {
  test.each([
    [0, true],
    [45, true],
    [19.99, true],
    [0.1 + 0.2, true],
    [1.005, false],
    [12.345, false],
    [0.001, false],
  ])("%d shillings is a whole number of cents: %s", (shillings, whole) => {
    expect(isWholeCents(shillings)).toBe(whole);
  });
});

describe("centsToShillings", () => {
  test.each([
    [0, 0],
    [100, 1],
    [120_000, 1_200],
    [1_999, 19.99],
    [-250, -2.5],
  ])("%i cents is KSH %d", (cents, shillings) => {
    expect(centsToShillings(cents)).toBe(shillings);
  });

  test("round-trips with shillingsToCents for prices with two decimals", () => {
    for (const cents of [0, 1, 10, 99, 1_999, 123_456, 2_147_483_647]) {
      expect(shillingsToCents(centsToShillings(cents))).toBe(cents);
    }
  });
});

describe("orderSubtotalCents", () => {
  test("an empty order totals nothing", () => {
    expect(orderSubtotalCents([])).toBe(0);
  });

  test("multiplies each line's price by its quantity and adds the lines", () => {
    expect(
      orderSubtotalCents([
        { unitPriceCents: 250_000, quantity: 2 },
        { unitPriceCents: 120_000, quantity: 1 },
      ]),
    ).toBe(620_000);
  });

  test("rounds once, on the sum, not line by line", () => {
    // Rounding each line first would give KSH 1 + KSH 1 + KSH 1 = KSH 3; the sum is KSH 1.20 → KSH 1.
    const lines = [
      { unitPriceCents: 40, quantity: 1 },
      { unitPriceCents: 40, quantity: 1 },
      { unitPriceCents: 40, quantity: 1 },
    ];
    expect(orderSubtotalCents(lines)).toBe(100);
  });

  test("rounds a half shilling up", () => {
    expect(orderSubtotalCents([{ unitPriceCents: 1_950, quantity: 3 }])).toBe(5_900);
  });

  test("is always a whole number of shillings", () => {
    const total = orderSubtotalCents([
      { unitPriceCents: 1_999, quantity: 7 },
      { unitPriceCents: 333, quantity: 3 },
    ]);
    expect(total % 100).toBe(0);
    expect(total).toBe(15_000); // 13,993 + 999 = 14,992 cents, KSH 149.92
  });
});
