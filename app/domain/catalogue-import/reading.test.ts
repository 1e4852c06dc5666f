import { describe, expect, test } from "vitest";
import {
  CATALOGUE_FILE_TOO_LARGE_MESSAGE,
  CATALOGUE_IMPORT_MAX_BYTES,
  EMPTY_FILE_MESSAGE,
  NO_PRODUCT_ROWS_MESSAGE,
  UNKNOWN_FORMAT_MESSAGE,
} from "./file";
import { CATALOGUE_FORMAT_NAMES } from "./reading";
import { read, errorOf, DUKA_HEADER } from "./test-helpers";

describe("whole-file errors", () => {
  test.each([
    ["", EMPTY_FILE_MESSAGE],
    ["\uFEFF", EMPTY_FILE_MESSAGE],
    ["\n\n", EMPTY_FILE_MESSAGE],
    [",,\n,,\n", EMPTY_FILE_MESSAGE],
    ["Product,Cost\nShuka,100\n", UNKNOWN_FORMAT_MESSAGE],
    [`${DUKA_HEADER}\n`, NO_PRODUCT_ROWS_MESSAGE],
    ['Name,Price (KSH)\nShuka,100\n"Kanga,200\n', "This file cannot be read: row 3 opens a quote that is never closed."],
  ])("%j", (text, message) => {
    expect(errorOf(text)).toBe(message);
  });

  test("the unknown-header message names the three formats; the size limit says how big a file may be", () => {
    expect(UNKNOWN_FORMAT_MESSAGE).toMatch(/Duka.*Shopify.*WooCommerce/);
    expect(CATALOGUE_IMPORT_MAX_BYTES).toBe(20 * 1024 * 1024);
    expect(CATALOGUE_FILE_TOO_LARGE_MESSAGE).toBe("This file is larger than 20 MB; an import takes at most 20 MB.");
    expect(Object.values(CATALOGUE_FORMAT_NAMES)).toEqual(["Duka", "Shopify", "WooCommerce"]);
  });

  test("at most 10,000 rows: blank lines are not counted", () => {
    const rows = (n: number) => `Name,Price (KSH)\n${"Shuka,100\n\n".repeat(n)}`;
    expect(read(rows(10_000)).rows).toBe(10_000);
    expect(errorOf(rows(10_001))).toBe("This file has 10,001 rows; an import takes at most 10,000.");
  });
});
