import { describe, expect, test } from "vitest";
import { fixture, read, messages, rowsOf, productOn, WP } from "./test-helpers";

describe("WooCommerce's product CSV", () => {
  const reading = read(fixture("woocommerce-products.csv"));

  test("a simple product: the short description becomes the details, a sale price below the regular one the price", () => {
    expect(reading.format).toBe("woocommerce");
    expect(productOn(reading, 2)).toEqual({
      row: 2,
      sku: "KNG-HW-01",
      slug: null,
      name: "Kanga Head Wrap",
      description: "A bright kanga cloth, printed in Mombasa.\n\nTie it as a head wrap & wear it as a scarf.",
      details: ["100% cotton kanga", "Printed with a Swahili proverb"],
      priceCents: 80_000,
      compareAtCents: 95_000,
      stock: 25,
      variants: [],
      categoryName: "Head Wraps",
      sizes: [],
      colors: ["Red", "Yellow"],
      imageUrls: [`${WP}kanga-1.jpg`, `${WP}kanga-2.jpg`],
      material: "",
      culturalInspiration: "",
      isBestseller: false,
      isNewArrival: false,
      isVisible: true,
      rating: 0,
      reviewCount: 0,
    });
  });

  test("a variable product's variations, found by id or by SKU, are its variants; attributes they do not vary are not options", () => {
    expect(productOn(reading, 3)).toMatchObject({
      sku: "BOG-SHIFT",
      priceCents: 520_000,
      stock: 7,
      categoryName: "Dresses",
      sizes: ["S", "M", "L"],
      colors: [],
      variants: [
        { size: "S", color: "", stock: 3, priceCents: null, compareAtCents: null, sku: "BOG-SHIFT-S" },
        { size: "M", color: "", stock: 4, priceCents: null, compareAtCents: null, sku: "BOG-SHIFT-M" },
        { size: "L", color: "", stock: 0, priceCents: 560_000, compareAtCents: null, sku: "BOG-SHIFT-L" },
      ],
      imageUrls: [`${WP}bogolan-1.jpg`, `${WP}bogolan-s.jpg`],
      description: "Mud cloth from Mali, dyed by hand.",
      details: [],
    });
  });

  test("private and draft products are hidden; an empty stock is 0", () => {
    expect(rowsOf(reading)).toEqual([2, 3, 7, 11]);
    expect(productOn(reading, 7)).toMatchObject({ isVisible: false, priceCents: 350_000 });
    expect(productOn(reading, 11)).toMatchObject({ isVisible: false, stock: 0, imageUrls: [], categoryName: "Bowls" });
  });

  test("every bad row is named; grouped products are left out with a note", () => {
    expect(messages(reading)).toEqual([
      'Row 8, Regular price: "1.500,00" is not a number.',
      'Row 9, Type: "grouped" products have no price or stock of their own, so this row is left out.',
      'Row 10, Parent: "id:999" is not a product in this file, so this variation belongs to no product.',
      'Row 11, Images: "/wp-content/uploads/bowl.jpg" is not a web address (http or https), so this image is left out.',
      "Row 12, Name: is empty; every product needs a name.",
    ]);
    expect(reading.problems.map((problem) => problem.blocking)).toEqual([true, false, true, false, true]);
  });

  test("a sale price without a regular price is no price", () => {
    const reading = read("Type,SKU,Name,Sale price,Regular price\nsimple,K1,Kanga,800,\n");
    expect(messages(reading)).toEqual(["Row 2, Regular price: is empty; every product needs a price."]);
  });

  test("variations keeping their own stock are added up; otherwise the product's stock counts", () => {
    const reading = read(
      "ID,Type,SKU,Name,Regular price,Stock,Parent\n1,variable,V,Dress,,9,\n2,variation,V-S,Dress - S,100,2,id:1\n3,variation,V-M,Dress - M,100,3,id:1\n4,variable,W,Wrap,,9,\n5,variation,W-S,Wrap - S,100,,id:4\n",
    );
    expect(reading.products.map((p) => [p.sku, p.stock])).toEqual([
      ["V", 5],
      ["W", 9],
    ]);
  });

  test("a bad variation blocks its product", () => {
    const reading = read("ID,Type,SKU,Name,Regular price,Stock,Parent\n1,variable,V,Dress,,,\n2,variation,V-S,Dress - S,abc,1,id:1\n");
    expect(reading.products).toEqual([]);
    expect(messages(reading)).toEqual(['Row 3, Regular price: "abc" is not a number.']);
  });

  test("the columns the file carries", () => {
    expect(reading.columns).toEqual({
      sku: "SKU",
      name: "Name",
      description: "Description",
      details: "Short description",
      priceCents: "Regular price",
      compareAtCents: "Sale price",
      stock: "Stock",
      variants: "Attribute 1 value(s)",
      categoryName: "Categories",
      sizes: "Attribute 1 value(s)",
      colors: "Attribute 1 value(s)",
      imageUrls: "Images",
      isVisible: "Published",
    });
  });
});

describe("WooCommerce's own sample file (sample-data/sample_products.csv)", () => {
  const reading = read(fixture("woocommerce-sample-products.csv"));
  const bySku = (sku: string) => reading.products.find((product) => product.sku === sku);

  test("grouped and external products are left out with a note; stock below 0 counts as 0; nothing blocks the file", () => {
    expect(reading.products.map((product) => product.sku)).toEqual(["woo-vneck-tee", "woo-hoodie", "woo-beanie", "woo-belt", "woo-album"]);
    expect(messages(reading)).toEqual([
      'Row 5, Stock: "-3" is below 0 (sold on backorder); it counts as 0.',
      'Row 7, Stock: "6" is for 3 combinations (Large, Red; Medium, Red; Small, Red), so each has part of it: 2, 2, 2.',
      'Row 8, Stock: "2" is for 3 combinations (Large, Green; Medium, Green; Small, Green), so each has part of it: 1, 1, 0.',
      'Row 13, Type: "grouped" products have no price or stock of their own, so this row is left out.',
      'Row 14, Type: "external" products are sold on another website, so this row is left out.',
    ]);
    expect(reading.problems.every((problem) => !problem.blocking)).toBe(true);
  });

  test("a variation with an \"any\" attribute stands for each of its values, sharing out its stock", () => {
    expect(bySku("woo-vneck-tee")).toMatchObject({ priceCents: 1_500, stock: 8, sizes: ["Large", "Medium", "Small"], colors: ["Red", "Green", "Blue"] });
    expect(bySku("woo-vneck-tee")?.variants.map((v) => [v.size, v.color, v.stock, v.priceCents, v.sku])).toEqual([
      ["Large", "Red", 2, 2_000, "woo-vneck-tee-red"],
      ["Medium", "Red", 2, 2_000, "woo-vneck-tee-red"],
      ["Small", "Red", 2, 2_000, "woo-vneck-tee-red"],
      ["Large", "Green", 1, 2_000, "woo-vneck-tee-green"],
      ["Medium", "Green", 1, 2_000, "woo-vneck-tee-green"],
      ["Small", "Green", 0, 2_000, "woo-vneck-tee-green"],
      ["Large", "Blue", 0, null, "woo-vneck-tee-blue"],
      ["Medium", "Blue", 0, null, "woo-vneck-tee-blue"],
      ["Small", "Blue", 0, null, "woo-vneck-tee-blue"],
    ]);
  });

  test("a variation's sale price is its price with the regular price as compare-at; Logo is kept in the size", () => {
    expect(bySku("woo-hoodie")).toMatchObject({
      priceCents: 4_200,
      compareAtCents: 4_500,
      stock: 13,
      sizes: ["Logo: No", "Logo: Yes"],
      colors: ["Red", "Green", "Blue"],
      variants: [
        { size: "Logo: No", color: "Red", stock: 4, priceCents: null, compareAtCents: null, sku: "woo-hoodie-red" },
        { size: "Logo: No", color: "Green", stock: 3, priceCents: 4_500, compareAtCents: null, sku: "woo-hoodie-green" },
        { size: "Logo: No", color: "Blue", stock: 5, priceCents: 4_500, compareAtCents: null, sku: "woo-hoodie-blue" },
        { size: "Logo: Yes", color: "Blue", stock: 1, priceCents: 4_500, compareAtCents: null, sku: "woo-hoodie-blue-logo" },
      ],
    });
  });

  test("simple products on sale: the sale price, with the regular one as compare-at", () => {
    expect(bySku("woo-beanie")).toMatchObject({ priceCents: 1_800, compareAtCents: 2_000, stock: 14, colors: ["Red"], variants: [] });
    expect(bySku("woo-belt")).toMatchObject({ priceCents: 5_500, compareAtCents: 6_500, stock: 0 });
    expect(bySku("woo-album")).toMatchObject({ priceCents: 1_500, compareAtCents: null });
  });

  test("a variation at 0 or without a price is not for sale; a product with none for sale is left out", () => {
    const reading = read(
      "ID,Type,SKU,Name,Regular price,Stock,Parent,Attribute 1 name,Attribute 1 value(s)\n1,variable,V,Dress,,,,Size,\"S, M\"\n2,variation,V-S,Dress - S,0,1,id:1,Size,S\n3,variation,V-M,Dress - M,,1,id:1,Size,M\n",
    );
    expect(reading.products).toEqual([]);
    expect(messages(reading)).toEqual([
      'Row 2, Regular price: no variation of "Dress" has a price above 0, so this product is left out.',
      'Row 3, Regular price: "0" is 0, so this variation (S) is not for sale and is left out.',
      "Row 4, Regular price: is empty, so this variation (M) is not for sale and is left out.",
    ]);
    expect(reading.problems.every((problem) => !problem.blocking)).toBe(true);
  });
});
