import { describe, expect, test } from "vitest";
import { optionList } from "./cells";
import { variantOptions } from "./options";
import { fixture, read, messages, rowsOf, productOn, CDN } from "./test-helpers";

describe("Shopify's product CSV", () => {
  const reading = read(fixture("shopify-products.csv"));

  test("several rows per product become one product with a variant per row: its stock, price and SKU", () => {
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
      compareAtCents: 520_000,
      stock: 12,
      variants: [
        { size: "S", color: "Sunset Orange", stock: 3, priceCents: null, compareAtCents: null, sku: "ANK-WRAP-S-SUN" },
        { size: "S", color: "Indigo", stock: 2, priceCents: null, compareAtCents: null, sku: "ANK-WRAP-S-IND" },
        { size: "M", color: "Sunset Orange", stock: 4, priceCents: null, compareAtCents: null, sku: "ANK-WRAP-M-SUN" },
        { size: "M", color: "Indigo", stock: 0, priceCents: null, compareAtCents: null, sku: "ANK-WRAP-M-IND" },
        { size: "L", color: "Sunset Orange", stock: 1, priceCents: null, compareAtCents: null, sku: "ANK-WRAP-L-SUN" },
        { size: "L", color: "Indigo", stock: 2, priceCents: null, compareAtCents: null, sku: "ANK-WRAP-L-IND" },
      ],
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
    expect(rowsOf(reading)).toEqual([2, 8, 15, 19, 21, 23, 25]);
    expect(reading.products.map((p) => [p.slug, p.isVisible])).toEqual([
      ["ankara-wrap-dress", true],
      ["maasai-beaded-collar", true],
      ["kiondo-sisal-handbag", true],
      ["kente-stripe-maxi-dress", false],
      ["adinkra-cushion-cover", false],
      ["sisal-wall-basket-set", true],
      ["kikoi-linen-shirt", true],
    ]);
  });

  test("every bad row is named", () => {
    expect(messages(reading)).toEqual([
      'Row 14, Variant Price: "12,O0" is not a number.',
      'Row 18, Image Src: "ftp://old-host.example/kiondo-4.jpg" is not a web address (http or https), so this image is left out.',
      'Row 24, Variant Inventory Qty: "-3" is below 0 (Shopify sold it past its stock); it counts as 0.',
      'Row 29, Handle: "mystery-mask" has no row with a Title, so this row belongs to no product.',
    ]);
    expect(reading.problems.map((problem) => problem.blocking)).toEqual([true, false, false, true]);
  });

  test("the category is the Type, else the last part of the Product Category", () => {
    expect(productOn(reading, 8)).toMatchObject({
      categoryName: "Necklaces",
      priceCents: 280_000,
      stock: 10,
      colors: ["Red", "Blue", "Rainbow"],
      sizes: [],
      variants: [
        { size: "", color: "Red", stock: 5, priceCents: null, compareAtCents: null, sku: "MAA-COL-RED" },
        { size: "", color: "Blue", stock: 3, priceCents: null, compareAtCents: null, sku: "MAA-COL-BLU" },
        { size: "", color: "Rainbow", stock: 2, priceCents: 320_000, compareAtCents: null, sku: "MAA-COL-RAI" },
      ],
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

  test("an option other than size and colour is kept in the size; option names are matched whatever their spelling", () => {
    expect(productOn(reading, 21)).toMatchObject({
      colors: ["Ochre", "Indigo"],
      sizes: ["Material: Cotton"],
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
      compareAtCents: "Variant Compare At Price",
      stock: "Variant Inventory Qty",
      variants: "Option1 Value",
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

describe("a real shop's Shopify export with several options (issue 22)", () => {
  const reading = read(fixture("shopify-jewellery-variants.csv"));
  const bySlug = (slug: string) => reading.products.find((product) => product.slug === slug);

  test("sold past its stock, at 0 or under the continue policy: notes only, so the file can be imported", () => {
    expect(reading.problems.every((problem) => !problem.blocking)).toBe(true);
    expect(messages(reading)).toEqual([
      'Row 4, Variant Inventory Qty: "-2" is below 0 (Shopify sold it past its stock); it counts as 0.',
      'Row 11, Variant Price: "0.00" is 0, so this variant (18", Silver) is left out.',
      'Row 14, Variant Inventory Qty: "-1" is below 0 (Shopify sold it past its stock); it counts as 0.',
      'Row 25, Variant Price: "0.00" is 0, so this variant (Gold) is left out.',
      'Row 25, Variant Price: no variant of "Charm Sample" has a price above 0, so this product is left out.',
      'Row 26, Variant Inventory Qty: "-4" is below 0 (Shopify sold it past its stock); it counts as 0.',
      'Row 26, Variant Price: "0.00" is 0, so this variant (Silver) is left out.',
    ]);
    expect(reading.products.map((product) => product.slug)).toEqual([
      "gold-hoop-earrings",
      "name-necklace",
      "signet-ring",
      "kikoi-tote-bag",
      "beaded-anklet",
      "cowrie-bracelet",
    ]);
  });

  test("each variant keeps its stock, price (none where it is the product's), compare-at price and SKU", () => {
    expect(bySlug("gold-hoop-earrings")).toMatchObject({
      priceCents: 650_000,
      compareAtCents: 750_000,
      stock: 10,
      sizes: ["Small", "Large"],
      colors: ["Yellow Gold", "White Gold", "Rose Gold"],
      variants: [
        { size: "Small", color: "Yellow Gold", stock: 4, priceCents: null, compareAtCents: null, sku: "ZW-HOOP-YG-S" },
        { size: "Large", color: "Yellow Gold", stock: 2, priceCents: 890_000, compareAtCents: 990_000, sku: "ZW-HOOP-YG-L" },
        { size: "Small", color: "White Gold", stock: 0, priceCents: null, compareAtCents: null, sku: "ZW-HOOP-WG-S" },
        { size: "Large", color: "White Gold", stock: 0, priceCents: 890_000, compareAtCents: 990_000, sku: "ZW-HOOP-WG-L" },
        { size: "Small", color: "Rose Gold", stock: 3, priceCents: null, compareAtCents: null, sku: "ZW-HOOP-RG-S" },
        { size: "Large", color: "Rose Gold", stock: 1, priceCents: 890_000, compareAtCents: 990_000, sku: "ZW-HOOP-RG-L" },
      ],
    });
  });

  test("a zero-priced variant is left out; Necklace Length is a size and Metal Color a colour", () => {
    expect(bySlug("name-necklace")).toMatchObject({
      priceCents: 380_000,
      stock: 13,
      sizes: ['16"', '18"'],
      colors: ["Gold", "Silver"],
      variants: [
        { size: '16"', color: "Gold", stock: 5, priceCents: 420_000 },
        { size: '16"', color: "Silver", stock: 5, priceCents: null },
        { size: '18"', color: "Gold", stock: 3, priceCents: 420_000 },
      ],
    });
  });

  test("options beyond size and colour are kept in the size, so every combination stays its own", () => {
    expect(bySlug("signet-ring")?.sizes).toEqual(["6 · Finish: Polished", "6 · Finish: Matte", "7 · Finish: Polished", "7 · Finish: Matte"]);
    expect(bySlug("kikoi-tote-bag")).toMatchObject({
      priceCents: 150_000,
      stock: 16,
      sizes: ["M · Logo: Yes", "M · Logo: No", "L · Logo: Yes"],
      colors: ["Natural", "Black"],
    });
    expect(bySlug("kikoi-tote-bag")?.variants.map((v) => [v.size, v.color, v.stock, v.priceCents])).toEqual([
      ["M · Logo: Yes", "Natural", 3, 180_000],
      ["M · Logo: No", "Natural", 6, null],
      ["L · Logo: Yes", "Natural", 2, 210_000],
      ["M · Logo: Yes", "Black", 0, 180_000],
      ["M · Logo: No", "Black", 5, null],
    ]);
  });

  test("variants without stock or prices of their own import as before: one stock, the options as lists", () => {
    expect(bySlug("beaded-anklet")).toMatchObject({ stock: 0, sizes: ['9"', '10"'], variants: [] });
    expect(bySlug("cowrie-bracelet")).toMatchObject({ priceCents: 120_000, compareAtCents: 150_000, stock: 12, sizes: [], variants: [] });
  });

  test("a one-variant product at 0 is left out with a note", () => {
    const reading = read("Handle,Title,Variant Price\nkanga,Kanga,0.00\n");
    expect(reading.products).toEqual([]);
    expect(reading.problems).toEqual([expect.objectContaining({ message: 'Row 2, Variant Price: "0.00" is 0, so this product is left out.', blocking: false })]);
  });
});

describe("optionList: option names as shops write them", () => {
  test.each([
    ["Size", "sizes"],
    ["Ring Size", "sizes"],
    ["Necklace Length", "sizes"],
    ["Chain Length", "sizes"],
    ["pa_size", "sizes"],
    ["Color", "colors"],
    ["Colour", "colors"],
    ["14k Gold Color", "colors"],
    ["Metal Colour", "colors"],
    ["pa_color", "colors"],
    ["Finish", null],
    ["Logo", null],
    ["Material", null],
    ["Size Guide Link", null],
  ])("%s: %s", (name, list) => {
    expect(optionList(name)).toBe(list);
  });

  test("a combination's options: size, colour, and the others kept in the size", () => {
    expect(variantOptions([{ name: "Color", value: "Black" }, { name: "Size", value: "M" }, { name: "Logo", value: "Yes" }])).toEqual({ size: "M · Logo: Yes", color: "Black" });
    expect(variantOptions([{ name: "Color", value: "Blue" }, { name: "Logo", value: "No" }])).toEqual({ size: "Logo: No", color: "Blue" });
    expect(variantOptions([{ name: "Size", value: "M" }, { name: "Length", value: "Long" }])).toEqual({ size: "M · Length: Long", color: "" });
    expect(variantOptions([{ name: "Title", value: "Default Title" }])).toEqual({ size: "", color: "" });
  });
});
