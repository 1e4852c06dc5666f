import { describe, expect, test } from "vitest";
import { newProductKeys, newProductSku, productSlug, slugify } from "./slug";

describe("slugify", () => {
  test.each([
    ["Kitenge Dress", "kitenge-dress"],
    ["Maasai Beaded Necklace", "maasai-beaded-necklace"],
    ["  Ankara   Shirt  ", "ankara-shirt"],
    ["Men's Wear", "men-s-wear"],
    ["Kikoy / Beach Wrap (Large)", "kikoy-beach-wrap-large"],
    ["--Sisal--Basket--", "sisal-basket"],
    ["Tote #2", "tote-2"],
    ["2-in-1 Wrap", "2-in-1-wrap"],
    ["UPPER case", "upper-case"],
    ["kanga_print", "kanga_print"],
    ["Tab\tand\nnewline", "tab-and-newline"],
  ])("%j becomes %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  test.each([
    ["Café Tablecloth", "cafe-tablecloth"],
    ["Crème Brûlée Scarf", "creme-brulee-scarf"],
    ["Naïve Art Print", "naive-art-print"],
  ])("drops accents: %j becomes %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  test.each(["", "   ", "---", "!!!", "ሀበሻ ቀሚስ", "فستان", "👗", "___"])(
    "a name with no Latin letters or digits (%j) still gives a slug",
    (name) => {
      expect(slugify(name)).toBe("product");
    },
  );

  test("keeps the Latin part of a mixed name", () => {
    expect(slugify("Habesha ቀሚስ Dress")).toBe("habesha-dress");
  });

  test("only ever contains lowercase letters, digits, underscores and single inner hyphens", () => {
    for (const name of ["A  B", "x—y", "É-É", "a\u00a0b", "  ¿Qué?  "]) {
      expect(slugify(name)).toMatch(/^[a-z0-9_]+(-[a-z0-9_]+)*$/);
    }
  });
});

describe("productSlug", () => {
  test("a new product's slug ends with the timestamp", () => {
    expect(productSlug("Kitenge Dress", "1763786400000")).toBe("kitenge-dress-1763786400000");
  });

  test("an updated product's slug is rebuilt from its new name and its id", () => {
    expect(productSlug("Kitenge Maxi Dress", "p7")).toBe("kitenge-maxi-dress-p7");
  });

  test("a name without Latin letters still gives a usable slug", () => {
    expect(productSlug("ቀሚስ", "p7")).toBe("product-p7");
  });
});

describe("newProductSku", () => {
  test("is 'AFB-NEW-' and the creation time in milliseconds", () => {
    expect(newProductSku(new Date("2025-11-22T04:00:00.000Z"))).toBe("AFB-NEW-1763784000000");
  });

  test("two products made a millisecond apart get different SKUs", () => {
    expect(newProductSku(new Date(1_000))).not.toBe(newProductSku(new Date(1_001)));
  });
});

test("a new product's SKU and slug both carry the millisecond it was created", () => {
  expect(newProductKeys("Kitenge Dress", 1_763_784_000_000)).toEqual({
    sku: "AFB-NEW-1763784000000",
    slug: "kitenge-dress-1763784000000",
  });
});
