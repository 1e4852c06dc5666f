import { describe, expect, test } from "vitest";
import { fixture, read, messages, rowsOf, productOn, WP } from "./test-helpers";

describe("WooCommerce's product CSV", () => {
  const reading = read(fixture("woocommerce-products.csv"));

  test("a simple product: the short description becomes the details, the first category's last part the category", () => {
    expect(reading.format).toBe("woocommerce");
    expect(productOn(reading, 2)).toEqual({
      row: 2,
      sku: "KNG-HW-01",
      slug: null,
      name: "Kanga Head Wrap",
      description: "A bright kanga cloth, printed in Mombasa.\n\nTie it as a head wrap & wear it as a scarf.",
      details: ["100% cotton kanga", "Printed with a Swahili proverb"],
      priceCents: 95_000,
      stock: 25,
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

  test("a variable product takes in its variations, found by id or by SKU", () => {
    expect(productOn(reading, 3)).toMatchObject({
      sku: "BOG-SHIFT",
      priceCents: 520_000,
      stock: 7,
      categoryName: "Dresses",
      sizes: ["S", "M", "L"],
      colors: ["Mud Brown", "Black"],
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

  test("the sale price is not the price", () => {
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
      stock: "Stock",
      categoryName: "Categories",
      sizes: "Attribute 1 value(s)",
      colors: "Attribute 1 value(s)",
      imageUrls: "Images",
      isVisible: "Published",
    });
  });
});
