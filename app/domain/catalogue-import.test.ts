import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  type CatalogueCategory,
  type CatalogueProduct,
  CATALOGUE_FILE_TOO_LARGE_MESSAGE,
  CATALOGUE_FORMAT_NAMES,
  CATALOGUE_IMPORT_MAX_BYTES,
  catalogueImportPlan,
  EMPTY_FILE_MESSAGE,
  htmlToText,
  imageFetchNote,
  type ImportedProduct,
  NO_PRODUCT_ROWS_MESSAGE,
  readCatalogueCsv,
  readDukaList,
  UNKNOWN_FORMAT_MESSAGE,
  writeDukaList,
} from "./catalogue-import";

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/catalogue/${name}`, import.meta.url), "utf8");

function read(text: string, options?: { shopUrl?: string }) {
  const reading = readCatalogueCsv(text, options);
  if ("error" in reading) throw new Error(reading.error);
  return reading;
}

function errorOf(text: string): string {
  const reading = readCatalogueCsv(text);
  return "error" in reading ? reading.error : "no error";
}

const messages = (reading: { problems: { message: string }[] }) => reading.problems.map((problem) => problem.message);
const rowsOf = (reading: { products: ImportedProduct[] }) => reading.products.map((product) => product.row);
const productOn = (reading: { products: ImportedProduct[] }, row: number) => reading.products.find((product) => product.row === row);

const DUKA_HEADER =
  "SKU,Name,Slug,Category,Price (KSH),Stock,Description,Details,Sizes,Colors,Material,Cultural inspiration,Images,Bestseller,New arrival,Visible,Rating,Review count";
const CDN = "https://cdn.shopify.com/s/files/1/0612/4481/0033/files/";
const WP = "https://shop.example.co.ke/wp-content/uploads/2024/05/";

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
      stock: 12,
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
        stock: 0,
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

describe("htmlToText", () => {
  test.each([
    ["<p>One</p><p>Two</p>", "One\n\nTwo"],
    ["<p>One<br>two<br/>three</p>", "One\ntwo\nthree"],
    ["<ul>\n  <li>Cotton</li>\n  <li>Hand-made</li>\n</ul>", "Cotton\nHand-made"],
    ["<p>Intro</p><ol><li>a</li><li>b</li></ol><p>End</p>", "Intro\n\na\nb\n\nEnd"],
    ["<p>Tom &amp; Jerry &lt;3 &quot;hi&quot; it&#39;s&nbsp;fine &#8211; &#x2014;</p>", 'Tom & Jerry <3 "hi" it\'s fine – —'],
    ["<p>Line\nwrapped in the source</p>", "Line wrapped in the source"],
    ["<script>alert(1)</script><style>p{}</style><p>Safe</p><!-- note -->", "Safe"],
    ["<h2>Care</h2><div>Hand wash</div>", "Care\n\nHand wash"],
    ["Plain text\nkeeps its lines", "Plain text\nkeeps its lines"],
    ["Fish &amp; chips", "Fish & chips"],
    ["&unknown; &#0;", "&unknown; &#0;"],
    ["", ""],
  ])("%j", (html, text) => {
    expect(htmlToText(html)).toBe(text);
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

describe("catalogueImportPlan", () => {
  const categories: CatalogueCategory[] = [
    { id: "c-dresses", name: "Dresses" },
    { id: "c-accessories", name: "Accessories" },
  ];
  const stored = (fields: Partial<CatalogueProduct> & Pick<CatalogueProduct, "id" | "sku" | "slug" | "name">): CatalogueProduct => ({
    categoryId: null,
    priceCents: 100_000,
    stock: 1,
    description: "",
    details: [],
    images: [],
    sizes: [],
    colors: [],
    material: "",
    culturalInspiration: "",
    isBestseller: false,
    isNewArrival: false,
    isVisible: true,
    rating: 0,
    reviewCount: 0,
    ...fields,
  });

  test("matched by SKU, then by slug; only the fields the file carries and that differ are written", () => {
    const catalogue = [
      stored({ id: "p1", sku: "K1", slug: "kanga-1", name: "Kanga", material: "Cotton", rating: 4.5 }),
      stored({ id: "p2", sku: "OLD-SKU", slug: "shuka-2", name: "Shuka", categoryId: "c-accessories" }),
    ];
    const reading = read(
      "SKU,Name,Slug,Category,Price (KSH)\nK1,Kanga,,,1000\n,Shuka,shuka-2,ACCESSORIES,1500\nNEW-1,Bowl,,Home Decor,700\nNEW-2,Mask,,home decor,900\n",
    );
    const plan = catalogueImportPlan(reading, catalogue, categories);
    expect(plan.steps.map((step) => [step.product.row, step.action, "productId" in step ? step.productId : null])).toEqual([
      [2, "unchanged", "p1"],
      [3, "update", "p2"],
      [4, "create", null],
      [5, "create", null],
    ]);
    expect(plan.steps[1]).toMatchObject({ changes: ["priceCents"] });
    expect([plan.created, plan.updated, plan.unchanged]).toEqual([2, 1, 1]);
    expect(plan.newCategories).toEqual(["Home Decor"]);
    expect(plan.problems).toEqual([]);
  });

  test("a format without material or rating leaves them as stored; a SKU or slug not given is kept", () => {
    const catalogue = [
      stored({ id: "p1", sku: "KNG-HW-01", slug: "kanga-head-wrap-abc", name: "Old name", material: "Cotton", rating: 4.5 }),
    ];
    const plan = catalogueImportPlan(read(fixture("woocommerce-products.csv")), catalogue, categories);
    const step = plan.steps.find((s) => s.product.sku === "KNG-HW-01");
    expect(step).toMatchObject({ action: "update", productId: "p1" });
    expect(step?.action === "update" && step.changes).toEqual([
      "name",
      "description",
      "details",
      "priceCents",
      "stock",
      "categoryName",
      "colors",
      "imageUrls",
    ]);
  });

  test("an uncategorised product stays uncategorised; a category differing only in case is the same", () => {
    const catalogue = [
      stored({ id: "p1", sku: "K1", slug: "k", name: "Kanga", categoryId: "c-dresses" }),
      stored({ id: "p2", sku: "K2", slug: "s", name: "Shuka" }),
    ];
    const plan = catalogueImportPlan(
      read("SKU,Name,Category,Price (KSH),Stock\nK1,Kanga,dresses,1000,1\nK2,Shuka,,1000,1\n"),
      catalogue,
      categories,
    );
    expect(plan.steps.map((step) => step.action)).toEqual(["unchanged", "unchanged"]);
  });

  test("a category the file leaves empty is kept, as a new product without one was put in the first category", () => {
    const catalogue = [stored({ id: "p1", sku: "K1", slug: "k", name: "Kanga", categoryId: "c-dresses" })];
    const plan = catalogueImportPlan(read("SKU,Name,Category,Price (KSH)\nK1,Kanga,,1000\n"), catalogue, categories);
    expect(plan.steps.map((step) => step.action)).toEqual(["unchanged"]);
  });

  test("text stored with CRLF line breaks is the same as the file's", () => {
    const catalogue = [stored({ id: "p1", sku: "K1", slug: "k", name: "Kanga", description: "One\r\nTwo" })];
    const plan = catalogueImportPlan(read('SKU,Name,Description,Price (KSH)\nK1,Kanga,"One\nTwo",1000\n'), catalogue, categories);
    expect(plan.steps[0]?.action).toBe("unchanged");
  });

  test("a slug another product has is a problem, not a step", () => {
    const catalogue = [
      stored({ id: "p1", sku: "K1", slug: "kanga", name: "Kanga" }),
      stored({ id: "p2", sku: "S1", slug: "shuka", name: "Shuka" }),
    ];
    const reading = read("SKU,Name,Slug,Price (KSH)\nK1,Kanga,shuka,1000\nS1,Shuka,,1000\nNEW,Shuka again,shuka-new,1000\n");
    const plan = catalogueImportPlan(reading, catalogue, categories);
    expect(plan.problems).toEqual([
      { row: 2, column: "Slug", message: 'Row 2, Slug: "shuka" is already the slug of another product, "Shuka".', blocking: true },
    ]);
    expect(plan.steps.map((step) => [step.product.row, step.action])).toEqual([
      [3, "unchanged"],
      [4, "create"],
    ]);
  });

  test("two rows reaching the same product, by SKU and by slug: the second is a problem", () => {
    const catalogue = [stored({ id: "p1", sku: "K1", slug: "kanga", name: "Kanga" })];
    const plan = catalogueImportPlan(read("SKU,Name,Slug,Price (KSH)\nK1,Kanga,,1000\n,Kanga,kanga,1000\n"), catalogue, categories);
    expect(plan.problems).toEqual([
      {
        row: 3,
        column: "Slug",
        message: 'Row 3, Slug: "kanga" is the same product as row 2; a product can come from one row only.',
        blocking: true,
      },
    ]);
    expect(plan.steps.map((step) => step.action)).toEqual(["unchanged"]);
  });

  test("importing a file, then the same file again, changes nothing the second time", () => {
    const reading = read(fixture("shopify-products.csv"));
    const first = catalogueImportPlan(reading, [], categories);
    expect(first.created).toBe(6);
    expect(first.newCategories).toEqual(["Necklaces", "Home Decor", "Men's Wear"]);

    // What the server would store for the first import (slugs and SKUs as given, categories created).
    const allCategories = [...categories, ...first.newCategories.map((name) => ({ id: `c-${name}`, name }))];
    const catalogue = first.steps.map((step, i) =>
      stored({
        ...step.product,
        id: `p${i}`,
        sku: step.product.sku ?? `AFB-NEW-${i}`,
        slug: step.product.slug ?? `product-${i}`,
        images: step.product.imageUrls,
        categoryId: allCategories.find((category) => category.name.toLowerCase() === step.product.categoryName?.toLowerCase())?.id ?? null,
      }),
    );
    const second = catalogueImportPlan(reading, catalogue, allCategories);
    expect([second.created, second.updated, second.unchanged]).toEqual([0, 0, 6]);
    expect(second.newCategories).toEqual([]);
  });
});

test("an image the server could not bring in is a note for its row, saying why", () => {
  const url = "https://old-shop.example/a.jpg";
  const note = (failure: Parameters<typeof imageFetchNote>[3]) => imageFetchNote({ row: 7 }, "Image Src", url, failure);
  expect(note({ kind: "timed-out", seconds: 10 })).toEqual({
    row: 7,
    column: "Image Src",
    message: 'Row 7, Image Src: "https://old-shop.example/a.jpg" could not be fetched (timed out after 10 s).',
    blocking: false,
  });
  expect(note({ kind: "answered", status: 404 }).message).toBe(`Row 7, Image Src: "${url}" could not be fetched (its server answered 404).`);
  expect(note({ kind: "too-large", megabytes: 10 }).message).toBe(`Row 7, Image Src: "${url}" is larger than 10 MB, the most an image may be.`);
  expect(note({ kind: "private-address" }).message).toContain("private network");
});
