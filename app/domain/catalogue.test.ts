import { describe, expect, test } from "vitest";
import {
  activeFilterCount,
  categoriesMatching,
  type FilterableProduct,
  matchesShopFilters,
  PRICE_SLIDER_MAX_KSH,
  SEARCH_MAX_SUGGESTIONS,
  SEARCH_MIN_CHARS,
  searchSuggestions,
  shopFiltersToSearchParams,
} from "./catalogue";
import { parseShopFilters, shopFiltersSchema } from "./catalogue.schema";
import { MAX_PRICE_KSH } from "./product";

describe("shopFiltersSchema", () => {
  test("with no params, no filter is set and the page is 1", () => {
    expect(shopFiltersSchema.parse({})).toEqual({ page: 1 });
  });

  test("reads every filter", () => {
    expect(
      shopFiltersSchema.parse({
        q: "kitenge",
        categoryId: "dresses",
        maxPrice: "250",
        size: "M",
        color: "Red",
        material: "Cotton",
        page: "2",
      }),
    ).toEqual({
      q: "kitenge",
      categoryId: "dresses",
      maxPrice: 250,
      size: "M",
      color: "Red",
      material: "Cotton",
      page: 2,
    });
  });

  test.each([
    ["  kitenge dress  ", "kitenge dress"],
    ["", undefined],
    ["    ", undefined],
    ["Ankara", "Ankara"],
  ])("the search %j is read as %j", (q, read) => {
    expect(shopFiltersSchema.parse({ q }).q).toBe(read);
  });

  test("a very long search is cut to 100 characters", () => {
    expect(shopFiltersSchema.parse({ q: "a".repeat(500) }).q).toBe("a".repeat(100));
  });

  test.each([
    ["250", 250],
    ["0", 0],
    ["99.5", 99.5],
    [" 500 ", 500],
    [300, 300],
    ["-1", undefined],
    ["", undefined],
    ["cheap", undefined],
    ["Infinity", undefined],
    ["NaN", undefined],
    ["9999999.5", 9_999_999.5],
    // At or above the dearest price a product may have, the maximum keeps every product: no maximum at all.
    [String(MAX_PRICE_KSH), undefined],
    ["100000000", undefined],
    ["1e17", undefined],
    ["1e300", undefined],
  ])("the maximum price %j is read as %j", (maxPrice, read) => {
    expect(shopFiltersSchema.parse({ maxPrice }).maxPrice).toBe(read);
  });

  test.each([
    ["3", 3],
    ["1", 1],
    ["0", 1],
    ["-2", 1],
    ["2.5", 1],
    ["two", 1],
    ["", 1],
    ["99999999", 1],
  ])("the page %j is read as %i", (page, read) => {
    expect(shopFiltersSchema.parse({ page }).page).toBe(read);
  });

  test.each(["categoryId", "size", "color", "material"] as const)("a blank or overlong %s is dropped", (key) => {
    expect(shopFiltersSchema.parse({ [key]: "  " })[key]).toBeUndefined();
    expect(shopFiltersSchema.parse({ [key]: "x".repeat(101) })[key]).toBeUndefined();
    expect(shopFiltersSchema.parse({ [key]: " value " })[key]).toBe("value");
  });

  test("one bad value does not spoil the others", () => {
    expect(shopFiltersSchema.parse({ q: "shirt", maxPrice: "lots", page: "x", size: ["M", "L"] })).toEqual({
      q: "shirt",
      page: 1,
    });
  });
});

describe("parseShopFilters", () => {
  test("reads a shop URL's query", () => {
    expect(parseShopFilters(new URLSearchParams("q=Maasai&categoryId=accessories&maxPrice=120&color=Blue"))).toEqual({
      q: "Maasai",
      categoryId: "accessories",
      maxPrice: 120,
      color: "Blue",
      page: 1,
    });
  });

  test("ignores params it does not know", () => {
    expect(parseShopFilters(new URLSearchParams("utm_source=x&size=L"))).toEqual({ size: "L", page: 1 });
  });

  test("never fails, whatever the query", () => {
    expect(() => parseShopFilters(new URLSearchParams("q=%00&maxPrice=%FF&page=-&size="))).not.toThrow();
  });
});

describe("matchesShopFilters", () => {
  const dress: FilterableProduct = {
    name: "Kitenge Maxi Dress",
    description: "Flowing dress in bold Ankara print, handmade in Nairobi.",
    categoryId: "dresses",
    priceCents: 25_000,
    sizes: ["S", "M", "L"],
    colors: ["Red", "Blue"],
    material: "Cotton",
    isVisible: true,
  };

  test("with no filters, every visible product shows", () => {
    expect(matchesShopFilters(dress, {})).toBe(true);
  });

  test("a hidden product never shows, even with no filters", () => {
    expect(matchesShopFilters({ ...dress, isVisible: false }, {})).toBe(false);
    expect(matchesShopFilters({ ...dress, isVisible: false }, { q: "kitenge" })).toBe(false);
  });

  test.each([
    ["kitenge", true],
    ["KITENGE", true],
    ["maxi dress", true],
    ["ankara", true],
    ["nairobi", true],
    ["Kanga", false],
    ["dress kitenge", false],
  ])("searching %j finds the dress by name or description: %s", (q, found) => {
    expect(matchesShopFilters(dress, { q })).toBe(found);
  });

  test.each([
    ["M", true],
    ["L", true],
    ["XL", false],
    ["m", false],
  ])("size %j must be one of the product's sizes: %s", (size, found) => {
    expect(matchesShopFilters(dress, { size })).toBe(found);
  });

  test.each([
    ["Red", true],
    ["Blue", true],
    ["Green", false],
    ["red", false],
    ["Re", false],
  ])("colour %j must be one of the product's colours: %s", (color, found) => {
    expect(matchesShopFilters(dress, { color })).toBe(found);
  });

  test.each([
    ["Cotton", true],
    ["cotton", false],
    ["Cotton Blend", false],
  ])("material %j must be exactly the product's: %s", (material, found) => {
    expect(matchesShopFilters(dress, { material })).toBe(found);
  });

  test.each([
    ["dresses", true],
    ["accessories", false],
  ])("category %j must be the product's: %s", (categoryId, found) => {
    expect(matchesShopFilters(dress, { categoryId })).toBe(found);
  });

  test("a product without a category does not show under any category", () => {
    expect(matchesShopFilters({ ...dress, categoryId: null }, { categoryId: "dresses" })).toBe(false);
    expect(matchesShopFilters({ ...dress, categoryId: null }, {})).toBe(true);
  });

  test.each([
    [500, true],
    [250, true],
    [249.99, false],
    [0, false],
  ])("with a maximum of KSH %d, a KSH 250 product shows: %s", (maxPrice, found) => {
    expect(matchesShopFilters(dress, { maxPrice })).toBe(found);
  });

  test("a maximum above the dearest product, from a shop link, keeps every product", () => {
    const { page: _page, ...filters } = parseShopFilters(new URLSearchParams("maxPrice=100000000"));
    for (const priceCents of [0, 25_000, MAX_PRICE_KSH * 100]) expect(matchesShopFilters({ ...dress, priceCents }, filters)).toBe(true);
  });

  test("a price with cents is compared exactly at the maximum", () => {
    expect(matchesShopFilters({ ...dress, priceCents: 1_999 }, { maxPrice: 19.99 })).toBe(true);
  });

  test("every filter must match at once", () => {
    const filters = { q: "dress", categoryId: "dresses", maxPrice: 300, size: "M", color: "Red", material: "Cotton" };
    expect(matchesShopFilters(dress, filters)).toBe(true);
    expect(matchesShopFilters(dress, { ...filters, color: "Green" })).toBe(false);
  });

  test("with stock per variant, a size or colour shows the product only while a variant of it has some left", () => {
    const variants = [
      { size: "S", color: "Red", available: 0 },
      { size: "S", color: "Blue", available: 2 },
      { size: "M", color: "Red", available: 0 },
      { size: "M", color: "Blue", available: 0 },
      { size: "L", color: "Red", available: 1 },
      { size: "L", color: "Blue", available: 0 },
    ];
    const tracked = { ...dress, variants };
    expect(matchesShopFilters(tracked, { size: "S" })).toBe(true);
    expect(matchesShopFilters(tracked, { size: "M" })).toBe(false);
    expect(matchesShopFilters(tracked, { color: "Red" })).toBe(true);
    // Both at once: that very combination must have some left.
    expect(matchesShopFilters(tracked, { size: "S", color: "Red" })).toBe(false);
    expect(matchesShopFilters(tracked, { size: "L", color: "Red" })).toBe(true);
    // Other filters do not look at stock, and a product without variants shows under its sizes whatever its stock.
    expect(matchesShopFilters({ ...tracked, variants: variants.map((v) => ({ ...v, available: 0 })) }, { q: "dress" })).toBe(true);
    expect(matchesShopFilters({ ...dress, variants: [] }, { size: "M" })).toBe(true);
  });

  test("the slider tops out at KSH 500", () => {
    expect(PRICE_SLIDER_MAX_KSH).toBe(500);
  });
});

describe("searchSuggestions", () => {
  const sources = {
    productNames: ["Kitenge Maxi Dress", "Maasai Beaded Necklace", "Ankara Print Shirt", "Kikoy Beach Wrap", "Beaded Sandals"],
    culturalInspirations: ["Maasai", "Swahili Coast", "Kitenge"],
    materials: ["Cotton", "Glass Beads", "Leather", "Sisal"],
    categoryNames: ["Dresses", "Accessories", "Men's Wear", "Home Decor"],
  };

  test("needs at least 2 characters", () => {
    expect(SEARCH_MIN_CHARS).toBe(2);
    expect(searchSuggestions("", sources)).toEqual([]);
    expect(searchSuggestions("k", sources)).toEqual([]);
    expect(searchSuggestions("  k  ", sources)).toEqual([]);
    expect(searchSuggestions("ki", sources).length).toBeGreaterThan(0);
  });

  test("offers names, inspirations, materials and categories that start with the text first", () => {
    expect(searchSuggestions("ma", sources)).toEqual(["Maasai Beaded Necklace", "Maasai", "Kitenge Maxi Dress"]);
    expect(searchSuggestions("ac", sources)).toEqual(["Accessories", "Maasai Beaded Necklace", "Kikoy Beach Wrap"]);
    expect(searchSuggestions("lea", sources)).toEqual(["Leather"]);
  });

  test("ignores case", () => {
    expect(searchSuggestions("BEAD", sources)).toEqual(["Beaded Sandals", "Maasai Beaded Necklace", "Glass Beads"]);
  });

  test("offers each suggestion once, whatever its case or source", () => {
    expect(
      searchSuggestions("kit", {
        ...sources,
        categoryNames: ["KITENGE"],
        culturalInspirations: ["kitenge", "Kitenge "],
      }),
    ).toEqual(["Kitenge Maxi Dress", "kitenge"]);
  });

  test("offers at most 5", () => {
    const many = { ...sources, productNames: Array.from({ length: 20 }, (_, i) => `Sisal Basket ${i + 1}`) };
    expect(SEARCH_MAX_SUGGESTIONS).toBe(5);
    expect(searchSuggestions("sisal", many)).toEqual([
      "Sisal Basket 1",
      "Sisal Basket 2",
      "Sisal Basket 3",
      "Sisal Basket 4",
      "Sisal Basket 5",
    ]);
  });

  test("a smaller limit can be asked for", () => {
    expect(searchSuggestions("e", sources, 2)).toEqual([]);
    expect(searchSuggestions("es", sources, 2)).toEqual(["Kitenge Maxi Dress", "Dresses"]);
  });

  test("trims what was typed", () => {
    expect(searchSuggestions("  sisal  ", sources)).toEqual(["Sisal"]);
  });

  test("nothing matching gives no suggestions", () => {
    expect(searchSuggestions("zebra", sources)).toEqual([]);
  });

  test("ignores blank entries in the sources", () => {
    expect(searchSuggestions("  ", { ...sources, materials: ["", "  "] })).toEqual([]);
    expect(
      searchSuggestions("co", {
        productNames: [],
        culturalInspirations: [""],
        materials: ["Cotton", " "],
        categoryNames: ["Home Decor"],
      }),
    ).toEqual(["Cotton", "Home Decor"]);
  });
});

describe("shopFiltersToSearchParams", () => {
  test("no filters make an empty query", () => {
    expect(shopFiltersToSearchParams({ page: 1 }).toString()).toBe("");
  });

  test("writes each set filter", () => {
    expect(
      shopFiltersToSearchParams({
        q: "kitenge dress",
        categoryId: "dresses",
        maxPrice: 250,
        size: "M",
        color: "Red",
        material: "Cotton",
        page: 3,
      }).toString(),
    ).toBe("q=kitenge+dress&categoryId=dresses&maxPrice=250&size=M&color=Red&material=Cotton&page=3");
  });

  test("a maximum price of 0 is still a filter", () => {
    expect(shopFiltersToSearchParams({ maxPrice: 0 }).toString()).toBe("maxPrice=0");
  });

  test("round-trips through parseShopFilters", () => {
    const filters = {
      q: "Men's & more",
      categoryId: "mens-wear",
      maxPrice: 99.5,
      size: "XL",
      color: "Navy Blue",
      material: "Linen",
      page: 2,
    };
    expect(parseShopFilters(shopFiltersToSearchParams(filters))).toEqual(filters);
  });
});

describe("activeFilterCount", () => {
  test.each([
    [{}, 0],
    [{ page: 4 }, 0],
    [{ q: "dress" }, 1],
    [{ maxPrice: 0 }, 1],
    [{ categoryId: "dresses", size: "M", color: "Red" }, 3],
    [{ q: "a", categoryId: "b", maxPrice: 1, size: "c", color: "d", material: "e", page: 2 }, 6],
    [{ q: "", size: undefined }, 0],
  ])("%j has %i filters set", (filters, count) => {
    expect(activeFilterCount(filters)).toBe(count);
  });
});

describe("the search also finds what its suggestions offer", () => {
  const basket = {
    name: "Market Basket",
    description: "Woven by hand.",
    categoryId: "decor",
    categoryName: "Home Decor",
    priceCents: 150_000,
    sizes: [],
    colors: [],
    material: "Sisal",
    culturalInspiration: "Kiondo sisal baskets (Kamba)",
    isVisible: true,
  };
  test.each(["kiondo sisal baskets (kamba)", "SISAL", "home decor"])(
    "searching %j finds a product whose inspiration, material or category holds it",
    (q) => {
      expect(matchesShopFilters(basket, { q })).toBe(true);
    },
  );
  test("text found nowhere on the product still finds nothing", () => {
    expect(matchesShopFilters(basket, { q: "leather" })).toBe(false);
  });
});

describe("categoriesMatching", () => {
  const categories = [
    { id: "c1", name: "Kiondo Baskets" },
    { id: "c2", name: "Jewellery" },
    { id: "c3", name: "Home Decor" },
  ];

  test("names the categories whose name contains the text, in any case", () => {
    expect(categoriesMatching(categories, "KIONDO")).toEqual(["c1"]);
    expect(categoriesMatching(categories, "e")).toEqual(["c1", "c2", "c3"]);
  });

  test("names none when no category's name contains it", () => {
    expect(categoriesMatching(categories, "linen shirt")).toEqual([]);
  });
});
