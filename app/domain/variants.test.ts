import { describe, expect, test } from "vitest";
import {
  droppedVariantsWithStock,
  isOnSale,
  totalStock,
  variantCombinations,
  variantDisplayName,
  variantLabel,
  variantPrice,
  variantsForOptions,
} from "./variants";

describe("variantCombinations", () => {
  test("every size with every colour, sizes first", () => {
    expect(variantCombinations(["M", "L"], ["Indigo", "Red"])).toEqual([
      { size: "M", color: "Indigo" },
      { size: "M", color: "Red" },
      { size: "L", color: "Indigo" },
      { size: "L", color: "Red" },
    ]);
  });

  test("sizes only or colours only give one row per option; neither gives none", () => {
    expect(variantCombinations(["M", "L"], [])).toEqual([
      { size: "M", color: "" },
      { size: "L", color: "" },
    ]);
    expect(variantCombinations([], ["Indigo"])).toEqual([{ size: "", color: "Indigo" }]);
    expect(variantCombinations([], [])).toEqual([]);
  });
});

describe("variantLabel and variantDisplayName", () => {
  test("name the combination as the shop writes it", () => {
    expect(variantLabel({ size: "M", color: "Indigo" })).toBe("M, Indigo");
    expect(variantLabel({ size: "M", color: "" })).toBe("M");
    expect(variantLabel({ size: "", color: "Indigo" })).toBe("Indigo");
    expect(variantDisplayName("Ankara Wrap Dress", { size: "M", color: "Indigo" })).toBe("Ankara Wrap Dress — M, Indigo");
    expect(variantDisplayName("Kiondo Basket", { size: "", color: "" })).toBe("Kiondo Basket");
  });
});

describe("variantPrice and isOnSale", () => {
  const product = { priceCents: 4_500_00, compareAtCents: 5_000_00 };

  test("a variant's own price wins, with its own compare-at price (none when it has none)", () => {
    expect(variantPrice(product, { priceCents: 5_200_00, compareAtCents: null })).toEqual({ priceCents: 5_200_00, compareAtCents: null });
    expect(variantPrice(product, { priceCents: 5_200_00, compareAtCents: 6_000_00 })).toEqual({ priceCents: 5_200_00, compareAtCents: 6_000_00 });
  });

  test("without a price of its own a variant sells at the product's, and may still say its own compare-at price", () => {
    expect(variantPrice(product, { priceCents: null, compareAtCents: null })).toEqual(product);
    expect(variantPrice(product, { priceCents: null, compareAtCents: 5_500_00 })).toEqual({ priceCents: 4_500_00, compareAtCents: 5_500_00 });
    expect(variantPrice(product, undefined)).toEqual(product);
  });

  test("a sale is a compare-at price above the price, never at or below it", () => {
    expect(isOnSale({ priceCents: 4_500_00, compareAtCents: 5_000_00 })).toBe(true);
    expect(isOnSale({ priceCents: 4_500_00, compareAtCents: 4_500_00 })).toBe(false);
    expect(isOnSale({ priceCents: 4_500_00, compareAtCents: 3_000_00 })).toBe(false);
    expect(isOnSale({ priceCents: 4_500_00, compareAtCents: null })).toBe(false);
  });
});

describe("rows following the typed sizes and colours", () => {
  const row = (size: string, color: string, stock: number) => ({ size, color, stock });
  const previous = [row("M", "Indigo", 3), row("M", "Red", 0), row("L", "Indigo", 2), row("L", "Red", 5)];

  test("keep each combination's row, add new ones blank, drop removed ones", () => {
    expect(variantsForOptions(["L", "XL"], ["Red", "Indigo"], previous, ({ size, color }) => row(size, color, 0))).toEqual([
      row("L", "Red", 5),
      row("L", "Indigo", 2),
      row("XL", "Red", 0),
      row("XL", "Indigo", 0),
    ]);
  });

  test("the rows a change drops that still hold stock are the ones to warn about", () => {
    expect(droppedVariantsWithStock(["L"], ["Indigo", "Red"], previous)).toEqual([row("M", "Indigo", 3)]);
    expect(droppedVariantsWithStock(["M", "L"], ["Indigo", "Red"], previous)).toEqual([]);
  });

  test("the product's stock is its variants' total", () => {
    expect(totalStock(previous)).toBe(10);
    expect(totalStock([])).toBe(0);
  });
});
