import { describe, expect, test } from "vitest";
import { productFormErrors, readProductForm, VARIANTS_MISMATCH_MESSAGE } from "./product.schema";

// The product form's compare-at price and Variants grid (issue 22, decision 049), as the form posts them.

const required = { name: "Ankara Wrap Dress", price: "4500", stock: "3", images: "https://example.com/dress.jpg" };

/** A posted row of the grid: `variants.N.size` and so on. */
const row = (index: number, fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [`variants.${index}.${name}`, value]));

const read = (fields: Record<string, string>) => readProductForm({ ...required, ...fields }).parsed;

const errorsOf = (fields: Record<string, string>) => {
  const parsed = read(fields);
  return parsed.success ? {} : productFormErrors(parsed.error);
};

describe("the compare-at price", () => {
  test.each([
    ["blank", "", null],
    ["spaces", "  ", null],
    ["missing", undefined, null],
    ["above the price", "6000", 6_000_00],
    ["with thousands commas and cents", "6,000.50", 6_000_50],
    // Kept, but not a sale: the shop shows no "was" price unless it is above the price (isOnSale).
    ["at the price", "4500", 4_500_00],
    ["below the price", "3000", 3_000_00],
  ])("%s reads as %j", (_, compareAt, cents) => {
    const parsed = read(compareAt === undefined ? {} : { compareAt });
    expect(parsed.success && parsed.data.compareAtCents).toBe(cents);
  });

  test.each([
    ["0", "Please enter a compare-at price above 0, or leave it blank."],
    ["free", "Please enter a compare-at price above 0, or leave it blank."],
    ["12.345", "Please enter the price with at most 2 decimal places."],
    ["20000000", "Please enter a price of at most KSH 10,000,000."],
  ])("%j is refused beside the field: %s", (compareAt, message) => {
    expect(errorsOf({ compareAt })).toEqual({ compareAt: message });
  });
});

describe("the variant rows", () => {
  const sizesAndColours = { sizes: "M, L", colors: "Indigo, Red", tracksVariants: "true" };
  const grid = {
    ...sizesAndColours,
    ...row(0, { size: "M", color: "Indigo", stock: "3", stockWas: "2", price: "", compareAt: "", sku: "AWD-M-IND" }),
    ...row(1, { size: "M", color: "Red", stock: "0", stockWas: "0", price: "4,800", compareAt: "5200", sku: "" }),
    ...row(2, { size: "L", color: "Indigo", stock: "1", price: "", compareAt: "", sku: " " }),
    ...row(3, { size: "L", color: "Red", stock: "4", price: "", compareAt: "", sku: "" }),
  };

  test("are read in the order of the sizes and colours, blank prices meaning the product's", () => {
    const parsed = read(grid);
    expect(parsed.success && parsed.data.variants).toEqual([
      { size: "M", color: "Indigo", stock: 3, stockWas: 2, priceCents: null, compareAtCents: null, sku: "AWD-M-IND" },
      { size: "M", color: "Red", stock: 0, stockWas: 0, priceCents: 4_800_00, compareAtCents: 5_200_00, sku: "" },
      { size: "L", color: "Indigo", stock: 1, stockWas: null, priceCents: null, compareAtCents: null, sku: "" },
      { size: "L", color: "Red", stock: 4, stockWas: null, priceCents: null, compareAtCents: null, sku: "" },
    ]);
  });

  test("posted in another order, they still come out in the sizes' and colours' order", () => {
    const parsed = read({
      ...sizesAndColours,
      ...row(0, { size: "L", color: "Red", stock: "4" }),
      ...row(1, { size: "M", color: "Red", stock: "2" }),
      ...row(2, { size: "L", color: "Indigo", stock: "1" }),
      ...row(3, { size: "M", color: "Indigo", stock: "3" }),
    });
    expect(parsed.success && parsed.data.variants.map((v) => [v.size, v.color, v.stock])).toEqual([
      ["M", "Indigo", 3],
      ["M", "Red", 2],
      ["L", "Indigo", 1],
      ["L", "Red", 4],
    ]);
  });

  test("a product with only sizes, or only colours, has a row per option", () => {
    const sizesOnly = read({
      sizes: "S, M",
      tracksVariants: "true",
      ...row(0, { size: "S", stock: "1" }),
      ...row(1, { size: "M", stock: "2" }),
    });
    expect(sizesOnly.success && sizesOnly.data.variants.map((v) => [v.size, v.color, v.stock])).toEqual([
      ["S", "", 1],
      ["M", "", 2],
    ]);
    const coloursOnly = read({ colors: "Indigo", tracksVariants: "true", ...row(0, { color: "Indigo", stock: "5" }) });
    expect(coloursOnly.success && coloursOnly.data.variants).toMatchObject([{ size: "", color: "Indigo", stock: 5 }]);
  });

  test("without the switch, posted rows are ignored and the product keeps one stock", () => {
    const { tracksVariants: _, ...switchedOff } = grid;
    const parsed = read(switchedOff);
    expect(parsed.success && parsed.data).toMatchObject({ stock: 3, variants: [] });
  });

  test.each([
    ["a combination the product does not offer", { ...grid, ...row(4, { size: "XL", color: "Red", stock: "9" }) }],
    ["a combination left out", Object.fromEntries(Object.entries(grid).filter(([name]) => !name.startsWith("variants.3.")))],
    ["a combination twice", { ...grid, ...row(3, { size: "M", color: "Red", stock: "4" }) }],
    ["a row numbered past the others", { ...grid, ...row(9, { size: "L", color: "Red", stock: "4" }) }],
    ["rows for sizes that were removed above", { ...grid, sizes: "M" }],
    ["no rows at all", sizesAndColours],
  ])("%s is refused: the rows must be the sizes × colours", (_, fields) => {
    expect(errorsOf(fields)).toEqual({ variants: VARIANTS_MISMATCH_MESSAGE });
  });

  test("a size listed twice is refused while stock is kept per size, beside the Sizes field", () => {
    expect(errorsOf({ ...grid, sizes: "M, L, M" })).toEqual({
      sizes: "Please list each size once when stock is kept per size and colour.",
    });
    expect(errorsOf({ ...grid, colors: "Indigo, Red, Red" })).toEqual({
      colors: "Please list each colour once when stock is kept per size and colour.",
    });
  });

  test("each bad field's message is keyed by the field's own name, so it shows beside it", () => {
    expect(
      errorsOf({
        ...grid,
        ...row(0, { size: "M", color: "Indigo", stock: "2000000", price: "0", compareAt: "1.234", sku: "X".repeat(101) }),
        ...row(2, { size: "L", color: "Indigo", stock: "1", stockWas: "lots" }),
      }),
    ).toEqual({
      "variants.0.stock": "Please enter a stock of at most 1,000,000.",
      "variants.0.price": "Please enter a price above 0, or leave it blank to use the product's price.",
      "variants.0.compareAt": "Please enter the price with at most 2 decimal places.",
      "variants.0.sku": "Please keep the SKU to 100 characters or fewer.",
      "variants.2.stockWas": "This form is out of date; please reload the page.",
    });
  });

  test("stock reads like the product's: invalid or negative counts as 0, decimals are cut", () => {
    const parsed = read({
      ...grid,
      ...row(0, { size: "M", color: "Indigo", stock: "-4" }),
      ...row(1, { size: "M", color: "Red", stock: "two" }),
      ...row(2, { size: "L", color: "Indigo", stock: "2.7" }),
    });
    expect(parsed.success && parsed.data.variants.map((v) => v.stock)).toEqual([0, 0, 2, 4]);
  });

  test("a SKU of 100 characters is accepted, trimmed", () => {
    const sku = "S".repeat(100);
    const parsed = read({ ...grid, ...row(3, { size: "L", color: "Red", stock: "4", sku: ` ${sku} ` }) });
    expect(parsed.success && parsed.data.variants[3]!.sku).toBe(sku);
  });
});
