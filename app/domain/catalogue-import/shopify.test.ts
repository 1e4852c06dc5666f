import { describe, expect, test } from "vitest";
import { fixture, read, messages, rowsOf, productOn, CDN } from "./test-helpers";

describe("Shopify's product CSV", () => {
  const reading = read(fixture("shopify-products.csv"));

  test("several rows per product become one product: lowest price, stock added up, options as sizes and colours", () => {
    expect(reading.format).toBe("shopify");
    expect(productOn(reading, 2)).toEqual({
      row: 2,
      sku: "ANK-WRAP-S-SUN",
      slug: "ankara-wrap-dress",
      name: "Ankara Wrap Dress",
      description:
        "A flowing wrap dress cut from 100% cotton Ankara wax print, sewn by our tailors in Nairobi.\n\nAdjustable tie waist\nHand wash cold & line dry\n\nEach print is unique — patterns may vary.",
      details: [],
      priceCents: 450_000,
      stock: 12,
      categoryName: "Dresses",
      sizes: ["S", "M", "L"],
      colors: ["Sunset Orange", "Indigo"],
      imageUrls: [
        `${CDN}ankara-wrap-dress-1.jpg?v=1716821123`,
        `${CDN}ankara-wrap-dress-2.jpg?v=1716821123`,
        `${CDN}ankara-wrap-dress-3.jpg?v=1716821124`,
      ],
      material: "",
      culturalInspiration: "",
      isBestseller: true,
      isNewArrival: false,
      isVisible: true,
      rating: 0,
      reviewCount: 0,
    });
  });

  test("the good products are read, drafts and archived ones hidden; the bad ones are left out", () => {
    expect(rowsOf(reading)).toEqual([2, 8, 15, 19, 21, 25]);
    expect(reading.products.map((p) => [p.slug, p.isVisible])).toEqual([
      ["ankara-wrap-dress", true],
      ["maasai-beaded-collar", true],
      ["kiondo-sisal-handbag", true],
      ["kente-stripe-maxi-dress", false],
      ["adinkra-cushion-cover", false],
      ["kikoi-linen-shirt", true],
    ]);
  });

  test("every bad row is named", () => {
    expect(messages(reading)).toEqual([
      'Row 14, Variant Price: "12,O0" is not a number.',
      'Row 18, Image Src: "ftp://old-host.example/kiondo-4.jpg" is not a web address (http or https), so this image is left out.',
      'Row 24, Variant Inventory Qty: "-3" is below 0.',
      'Row 29, Handle: "mystery-mask" has no row with a Title, so this row belongs to no product.',
    ]);
    expect(reading.problems.map((problem) => problem.blocking)).toEqual([true, false, true, true]);
  });

  test("the category is the Type, else the last part of the Product Category", () => {
    expect(productOn(reading, 8)).toMatchObject({
      categoryName: "Necklaces",
      priceCents: 280_000,
      stock: 10,
      colors: ["Red", "Blue", "Rainbow"],
      sizes: [],
      description: "Hand-beaded by Maasai women's cooperatives in Kajiado.",
    });
  });

  test("images in Image Position order, variant images after, each once", () => {
    expect(productOn(reading, 15)?.imageUrls).toEqual([
      `${CDN}kiondo-1.jpg?v=1716821400`,
      `${CDN}kiondo-2.jpg?v=1716821400`,
      `${CDN}kiondo-3.jpg?v=1716821400`,
    ]);
    expect(productOn(reading, 8)?.imageUrls).toEqual([
      `${CDN}maasai-collar-1.jpg?v=1716821200`,
      `${CDN}maasai-collar-2.jpg?v=1716821200`,
      `${CDN}maasai-collar-rainbow.jpg?v=1716821201`,
    ]);
  });

  test("tags set bestseller and new arrival; a product without options has no sizes or colours", () => {
    expect(productOn(reading, 15)).toMatchObject({
      isBestseller: true,
      isNewArrival: true,
      sizes: [],
      colors: [],
      description: "Woven from sisal by hand in Kitui.\nLeather straps.",
    });
  });

  test("options other than size and colour are ignored; option names are matched whatever their spelling", () => {
    expect(productOn(reading, 21)).toMatchObject({
      colors: ["Ochre", "Indigo"],
      sizes: [],
      description: "Cotton cushion cover stamped with adinkra symbols <45 cm>.",
    });
    expect(productOn(reading, 25)).toMatchObject({
      colors: ["Sand", "Ocean"],
      sizes: ["M", "L"],
      isNewArrival: true,
      description: "Light kikoi cotton-linen shirt.\nMade in Mombasa.",
    });
  });

  test("the columns the file carries", () => {
    expect(reading.columns).toEqual({
      sku: "Variant SKU",
      slug: "Handle",
      name: "Title",
      description: "Body (HTML)",
      categoryName: "Type",
      priceCents: "Variant Price",
      stock: "Variant Inventory Qty",
      sizes: "Option1 Value",
      colors: "Option1 Value",
      imageUrls: "Image Src",
      isVisible: "Published",
      isBestseller: "Tags",
      isNewArrival: "Tags",
    });
  });

  test("Shopify's newer template headers are read too", () => {
    const text = [
      "Title,URL handle,Description,Vendor,Product category,Type,Tags,Published on online store,Status,SKU,Option1 name,Option1 value,Price,Inventory quantity,Product image URL,Image position",
      `Kanga Wrap,kanga-wrap,<p>Cotton</p>,Duka,,Accessories,,TRUE,active,KNG-1,Size,One size,950.00,4,${CDN}kanga-2.jpg,2`,
      `,kanga-wrap,,,,,,,,,,,,,${CDN}kanga-1.jpg,1`,
      "Draft Mask,,,,,Home Decor,,FALSE,draft,,,,1200.00,1,,",
    ].join("\n");
    const reading = read(text);
    expect(reading.products).toEqual([
      expect.objectContaining({
        row: 2,
        sku: "KNG-1",
        slug: "kanga-wrap",
        description: "Cotton",
        sizes: ["One size"],
        imageUrls: [`${CDN}kanga-1.jpg`, `${CDN}kanga-2.jpg`],
      }),
      expect.objectContaining({ row: 4, slug: "draft-mask", priceCents: 120_000, isVisible: false }),
    ]);
    expect(reading.problems).toEqual([]);
  });

  test("a product whose rows have no price, and a row with neither handle nor title", () => {
    const reading = read("Handle,Title,Variant Price\nkanga,Kanga,\n,,950\n");
    expect(messages(reading)).toEqual([
      "Row 2, Variant Price: is empty; every product needs a price.",
      "Row 3, Handle: is empty and so is Title, so this row belongs to no product.",
    ]);
  });

  test("variant stock that adds up past the most the shop takes", () => {
    const reading = read("Handle,Title,Variant Price,Variant Inventory Qty\nkanga,Kanga,950,600000\nkanga,,950,600000\n");
    expect(messages(reading)).toEqual([
      "Row 2, Variant Inventory Qty: the stock adds up to 1,200,000, above the most the shop takes, 1,000,000.",
    ]);
  });
});
