import { describe, expect, test } from "vitest";
import { readDukaList, writeDukaList } from "./duka";
import { fixture, read, messages, rowsOf, productOn, DUKA_HEADER } from "./test-helpers";

describe("Duka's own format", () => {
  const reading = read(fixture("duka-products.csv"));

  test("reads every field of a product, lists parted by |", () => {
    expect(reading.format).toBe("duka");
    expect(productOn(reading, 2)).toEqual({
      row: 2,
      sku: "AFB-001",
      slug: "ankara-wrap-dress-1700000000000",
      name: "Ankara Wrap Dress",
      description: "A flowing wrap dress.\nCut from Ankara wax print.",
      details: ["Adjustable tie waist", "Hand wash cold"],
      priceCents: 450_000,
      compareAtCents: null,
      stock: 12,
      variants: [],
      categoryName: "Dresses",
      sizes: ["S", "M", "L"],
      colors: ["Sunset Orange", "Indigo"],
      imageUrls: ["https://images.example/ankara-1.jpg", "https://images.example/ankara-2.jpg"],
      material: "Cotton",
      culturalInspiration: "West African wax print",
      isBestseller: true,
      isNewArrival: false,
      isVisible: true,
      rating: 4.8,
      reviewCount: 24,
    });
  });

  test("rows are the spreadsheet's: a cell's line breaks and blank lines are counted as a spreadsheet shows them", () => {
    expect(rowsOf(reading)).toEqual([2, 3, 4, 8]);
    expect(reading.rows).toBe(9);
  });

  test("every bad row is named, with its column and value", () => {
    expect(messages(reading)).toEqual([
      'Row 5, Price (KSH): "12,O0" is not a number.',
      'Row 6, SKU: "AFB-001" is also on row 2; each product needs its own SKU.',
      'Row 7, Stock: "-4" is below 0.',
      'Row 7, Visible: "maybe" is not yes or no.',
      'Row 8, Images: "javascript:alert(1)" is not a web address (http or https), so this image is left out.',
      'Row 10, Slug: "Sisal Basket" is not a slug: use lowercase letters, digits and hyphens, e.g. "sisal-basket".',
      'Row 11, Price (KSH): "0" is not above 0; every product needs a price.',
    ]);
    expect(reading.problems.find((problem) => problem.row === 8)).toMatchObject({ column: "Images", blocking: false });
    expect(reading.problems.filter((problem) => problem.row !== 8).every((problem) => problem.blocking)).toBe(true);
  });

  test("an image problem keeps the product, with the images that are usable", () => {
    expect(productOn(reading, 8)).toMatchObject({ imageUrls: ["https://images.example/kanga-1.jpg"], isVisible: false });
  });

  test("empty optional cells take the defaults; grouped thousands are read", () => {
    expect(productOn(reading, 3)).toMatchObject({
      slug: null,
      categoryName: "accessories",
      priceCents: 120_050,
      rating: 0,
      reviewCount: 0,
      details: [],
    });
  });

  test("quoted cells keep their quotes, blank lines and escaped bars; TRUE, FALSE and 1 are yes and no", () => {
    expect(productOn(reading, 4)).toMatchObject({
      description: 'Woven by hand in Kitui.\n\nLeather straps, "made to last".',
      details: ["Sisal", "Leather straps | brass buckle"],
      isBestseller: true,
      isNewArrival: false,
      isVisible: true,
    });
  });

  test("a cell a spreadsheet export neutralised with an apostrophe is read back without it", () => {
    expect(productOn(reading, 8)?.details).toEqual(["- Hand-hemmed edges", "Swahili proverb print"]);
  });

  test("a semicolon file (a spreadsheet set to a decimal comma) is read with decimal commas", () => {
    const semicolon = read(fixture("duka-products-semicolon.csv"));
    expect(rowsOf(semicolon)).toEqual([2, 3]);
    expect(productOn(semicolon, 2)).toMatchObject({
      priceCents: 290_050,
      rating: 4.5,
      description: "Light, breathable shirt.",
      sizes: ["M", "L"],
    });
    expect(productOn(semicolon, 3)?.description).toBe("Printed with adinkra symbols; each one a proverb.\nZip at the back.");
    expect(messages(semicolon)).toEqual([
      'Row 4, Price (KSH): "12,O0" is not a number.',
      'Row 5, Price (KSH): "1.500,00" is not a number.',
    ]);
  });

  test("a file with only some of the columns sets only those fields; the others take the defaults", () => {
    const minimal = read("Name,Price (KSH)\r\nMaasai Shuka,3500\r\n");
    expect(minimal.columns).toEqual({ name: "Name", priceCents: "Price (KSH)" });
    expect(minimal.products).toEqual([
      {
        row: 2,
        sku: null,
        slug: null,
        name: "Maasai Shuka",
        description: "",
        details: [],
        priceCents: 350_000,
        compareAtCents: null,
        stock: 0,
        variants: [],
        categoryName: null,
        sizes: [],
        colors: [],
        imageUrls: [],
        material: "",
        culturalInspiration: "",
        isBestseller: false,
        isNewArrival: false,
        isVisible: true,
        rating: 0,
        reviewCount: 0,
      },
    ]);
  });

  test("headers are matched whatever their case, and messages name them as the file writes them", () => {
    const reading = read("name,price (ksh),STOCK\nShuka,3500,lots\n");
    expect(messages(reading)).toEqual(['Row 2, STOCK: "lots" is not a number.']);
  });

  test.each([
    ["1,5", '"1,5" is not a number.'],
    ["KSH 1200", '"KSH 1200" is not a number.'],
    ["12.345", '"12.345" has more than 2 decimal places.'],
    ["-5", '"-5" is not above 0; every product needs a price.'],
    ["10000000.01", '"10000000.01" is above the highest price the shop takes, KSH 10,000,000.'],
    ["", "is empty; every product needs a price."],
  ])("price %j: %s", (price, detail) => {
    expect(messages(read(`Name,Price (KSH)\nShuka,"${price}"\n`))).toEqual([`Row 2, Price (KSH): ${detail}`]);
  });

  test.each([
    ["2.5", '"2.5" is not a whole number.'],
    ["1000001", '"1000001" is above the most the shop takes, 1,000,000.'],
    ["ten", '"ten" is not a number.'],
  ])("stock %j: %s", (stock, detail) => {
    expect(messages(read(`Name,Price (KSH),Stock\nShuka,100,${stock}\n`))).toEqual([`Row 2, Stock: ${detail}`]);
  });

  test("rating and review count are checked", () => {
    const reading = read("Name,Price (KSH),Rating,Review count\nShuka,100,6,-1\n");
    expect(messages(reading)).toEqual(['Row 2, Rating: "6" is not between 0 and 5.', 'Row 2, Review count: "-1" is below 0.']);
  });

  test("over-long fields and lists are refused with the product schema's limits", () => {
    const name = "N".repeat(121);
    const entries = Array.from({ length: 51 }, (_, i) => `S${i}`).join("|");
    const long = "x".repeat(201);
    const reading = read(
      `${DUKA_HEADER}\nAFB-1,${name},,${"C".repeat(61)},100,1,${"d".repeat(5001)},${long},${entries},,${"m".repeat(101)},,,,,,,\n`,
    );
    expect(reading.products).toEqual([]);
    expect(messages(reading)).toEqual([
      `Row 2, Name: "${"N".repeat(59)}…" is 121 characters long; the most is 120.`,
      `Row 2, Category: "${"C".repeat(59)}…" is 61 characters long; the most is 60.`,
      `Row 2, Description: "${"d".repeat(59)}…" is 5,001 characters long; the most is 5,000.`,
      `Row 2, Details: "${"x".repeat(59)}…" is 201 characters long; the most for one entry is 200.`,
      "Row 2, Sizes: has 51 entries; the most is 50.",
      `Row 2, Material: "${"m".repeat(59)}…" is 101 characters long; the most is 100.`,
    ]);
  });

  test("a missing name blocks the row", () => {
    expect(messages(read("Name,Price (KSH)\n,100\n"))).toEqual(["Row 2, Name: is empty; every product needs a name."]);
  });

  test("more than 20 images: the first 20 are kept, with a note", () => {
    const images = Array.from({ length: 22 }, (_, i) => `https://images.example/${i}.jpg`);
    const reading = read(`Name,Price (KSH),Images\nShuka,100,${images.join("|")}\n`);
    expect(reading.products[0]?.imageUrls).toEqual(images.slice(0, 20));
    expect(reading.problems).toEqual([
      { row: 2, column: "Images", message: "Row 2, Images: this product has 22 images; the first 20 are kept.", blocking: false },
    ]);
  });

  test("a repeated slug blocks the later row", () => {
    const reading = read("Name,Slug,Price (KSH)\nA,kanga,100\nB,kanga,100\n");
    expect(rowsOf(reading)).toEqual([2]);
    expect(messages(reading)).toEqual(['Row 3, Slug: "kanga" is also on row 2; each product needs its own slug.']);
  });

  test("the shop's own upload addresses are read back as the uploads; web addresses as they are", () => {
    const reading = read(
      "Name,Price (KSH),Images\nA,100,https://duka.example/uploads/abc123.webp|/uploads/def456.webp|https://elsewhere.example/uploads/x.webp\n",
      {
        shopUrl: "https://duka.example",
      },
    );
    expect(reading.products[0]?.imageUrls).toEqual([
      "/uploads/abc123.webp",
      "/uploads/def456.webp",
      "https://elsewhere.example/uploads/x.webp",
    ]);
  });

  test("with or without a byte-order mark, LF or CRLF, the file reads the same", () => {
    const text = 'Name,Price (KSH),Description\nShuka,100,"one\ntwo"\nKanga,200,x\n';
    const plain = read(text);
    expect(read(`\uFEFF${text}`)).toEqual(plain);
    expect(read(text.replace(/\n/g, "\r\n"))).toEqual(plain);
    expect(read('Name,Price (KSH),Description\r\nShuka,100,"one\ntwo"\nKanga,200,x\r')).toEqual(plain);
    expect(rowsOf(plain)).toEqual([2, 3]);
  });
});

describe("Duka lists", () => {
  test.each([
    [["S", "M", "L"], "S|M|L"],
    [["Leather | brass", "a\\b"], "Leather \\| brass|a\\\\b"],
    [[], ""],
  ])("%j is written %j and read back", (entries, cell) => {
    expect(writeDukaList(entries)).toBe(cell);
    expect(readDukaList(cell)).toEqual(entries);
  });

  test("entries are trimmed, blanks dropped, and a lone backslash is kept", () => {
    expect(readDukaList(" S | | M |C:\\d")).toEqual(["S", "M", "C:\\d"]);
  });
});

describe("variant rows (issue 22)", () => {
  const HEADER = "SKU,Name,Price (KSH),Compare-at price (KSH),Stock,Sizes,Colors,Variant size,Variant color,Variant SKU";

  test("each variant's row, under its product's, gives its stock, own price, compare-at price and SKU", () => {
    const reading = read(
      `${HEADER}\nAFB-1,Ankara Dress,4500,5200,5,S|M,Indigo,,,\nAFB-1,,,,2,,,S,Indigo,AFB-1-S\n,,4800,,3,,,M,Indigo,\nAFB-2,Kanga,950,,4,,,,,\n`,
    );
    expect(reading.problems).toEqual([]);
    expect(reading.columns).toMatchObject({ compareAtCents: "Compare-at price (KSH)", variants: "Variant size" });
    expect(reading.products).toEqual([
      expect.objectContaining({
        row: 2,
        priceCents: 450_000,
        compareAtCents: 520_000,
        stock: 5,
        variants: [
          { size: "S", color: "Indigo", stock: 2, priceCents: null, compareAtCents: null, sku: "AFB-1-S" },
          { size: "M", color: "Indigo", stock: 3, priceCents: 480_000, compareAtCents: null, sku: "" },
        ],
      }),
      expect.objectContaining({ row: 5, stock: 4, variants: [] }),
    ]);
  });

  test("a size missing from the product's list is added; the stock is the variants' total, with a note when it differed", () => {
    const reading = read(`${HEADER}\nAFB-1,Dress,4500,,9,S,,,,\n,,,,2,,,S,,\n,,,,1,,,XL,,\n`);
    expect(reading.products[0]).toMatchObject({ sizes: ["S", "XL"], stock: 3 });
    expect(messages(reading)).toEqual(['Row 2, Stock: "9" is not its variants\' stock added up; the product\'s stock is their total, 3.']);
  });

  test("a variant's row that repeats a combination, lacks a size the others have, or sits under another SKU blocks its product", () => {
    const reading = read(`${HEADER}\nAFB-1,Dress,4500,,,S|M,,,,\n,,,,1,,,S,,\n,,,,1,,,S,,\nAFB-9,,,,1,,,,,X\n`);
    expect(reading.products).toEqual([]);
    expect(messages(reading)).toEqual([
      'Row 4, Variant size: "S" is also on row 3; each size and colour has one row.',
      'Row 5, SKU: "AFB-9" is not the SKU of the product above it, "Dress"; a variant\'s row goes right under its product\'s row.',
      'Row 5, Variant size: is empty, but "Dress" has sizes: give this variant one of them.',
    ]);
  });

  test("a variant's row with no product above it", () => {
    const reading = read(`${HEADER}\n,,,,1,,,S,,\n`);
    expect(messages(reading)).toEqual(["Row 2, Variant size: this variant's row has no product above it; a variant's row goes right under its product's row."]);
  });
});
