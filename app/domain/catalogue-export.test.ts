import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { dukaProductsCsv, ordersCsv, type OrderLineForExport, shopifyProductsCsv, textToHtml, withDeliveryLines, withDiscountLines } from "./catalogue-export";
import { htmlToText } from "./catalogue-import/html";
import { type CatalogueCategory, type CatalogueProduct, catalogueImportPlan } from "./catalogue-import/plan";
import { readCatalogueCsv } from "./catalogue-import/reading";
import { type StoredProductFields, storedProduct } from "./catalogue-import/test-helpers";
import type { Variant } from "./variants";

const SHOP_URL = "https://duka.example";
const SHOP = { name: "Duka Crafts", url: SHOP_URL };

const categories: CatalogueCategory[] = [
  { id: "c-dresses", name: "Dresses" },
  { id: "c-decor", name: "Home Decor" },
];

const product = (fields: StoredProductFields) => storedProduct({ categoryId: "c-dresses", priceCents: 450_000, stock: 12, ...fields });

const catalogue: CatalogueProduct[] = [
  product({
    id: "p1",
    sku: "AFB-NEW-1700000000000",
    slug: "ankara-wrap-dress-1700000000000",
    name: "Ankara Wrap Dress",
    description: 'A flowing wrap dress.\r\nCut from Ankara wax print, "made to last".\n\nHand wash cold & dry <in shade>.',
    details: ["Adjustable tie waist", "Pocket | lined"],
    images: ["/uploads/abc123.webp", "https://images.example/ankara-2.jpg"],
    sizes: ["S", "M", "L"],
    colors: ["Sunset Orange", "Indigo"],
    material: "Cotton",
    culturalInspiration: "West African wax print",
    isBestseller: true,
    rating: 4.8,
    reviewCount: 24,
  }),
  product({
    id: "p2",
    sku: "-SKU-DASH",
    slug: "adinkra-cushion-cover-p2",
    name: '=HYPERLINK("http://evil.example","Click")',
    categoryId: "c-decor",
    priceCents: 1_999,
    stock: 0,
    details: ["- hand-stamped", "@home"],
    material: "+254712345678",
    culturalInspiration: "@SUM(A1:A2)",
    images: ["/uploads/def456.webp", "/uploads/ghi789.webp", "https://images.example/c.jpg"],
    isNewArrival: true,
    isVisible: false,
  }),
  product({ id: "p3", sku: "KIO-1", slug: "kiondo-p3", name: "Kiondo", categoryId: null, colors: ["Natural"] }),
];

function read(text: string) {
  const reading = readCatalogueCsv(text, { shopUrl: SHOP_URL });
  if ("error" in reading) throw new Error(reading.error);
  return reading;
}

const cells = (csv: string) => parse(csv, { bom: true, relax_column_count: true }) as string[][];

describe("dukaProductsCsv", () => {
  const csv = dukaProductsCsv(catalogue, categories, SHOP_URL);

  test("a spreadsheet file: byte-order mark, CRLF, the Duka header", () => {
    expect(
      csv.startsWith(
        "\uFEFFSKU,Name,Slug,Category,Price (KSH),Compare-at price (KSH),Stock,Description,Details,Sizes,Colors,Material,Cultural inspiration,Images,Bestseller,New arrival,Visible,Rating,Review count,Variant size,Variant color,Variant SKU\r\n",
      ),
    ).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
  });

  test("one row per product, prices in shillings, lists parted by |, uploads as addresses on the shop", () => {
    expect(cells(csv)[1]).toEqual([
      "AFB-NEW-1700000000000",
      "Ankara Wrap Dress",
      "ankara-wrap-dress-1700000000000",
      "Dresses",
      "4500",
      "",
      "12",
      'A flowing wrap dress.\r\nCut from Ankara wax print, "made to last".\n\nHand wash cold & dry <in shade>.',
      "Adjustable tie waist|Pocket \\| lined",
      "S|M|L",
      "Sunset Orange|Indigo",
      "Cotton",
      "West African wax print",
      "https://duka.example/uploads/abc123.webp|https://images.example/ankara-2.jpg",
      "yes",
      "no",
      "yes",
      "4.8",
      "24",
      "",
      "",
      "",
    ]);
    expect(cells(csv)[2]?.slice(3, 7)).toEqual(["Home Decor", "19.99", "", "0"]);
  });

  test("cells a spreadsheet would run as formulas are neutralised; numbers are not", () => {
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(cells(csv)[2]).toEqual(expect.arrayContaining(["'-SKU-DASH", "'- hand-stamped|@home", "'+254712345678", "'@SUM(A1:A2)"]));
  });

  test("read back, it gives the same products, and the plan against the same catalogue changes nothing", () => {
    const reading = read(csv);
    expect(reading.format).toBe("duka");
    expect(reading.problems).toEqual([]);
    const plan = catalogueImportPlan(reading, catalogue, categories);
    expect(plan.steps.map((step) => step.action)).toEqual(["unchanged", "unchanged", "unchanged"]);
    expect(plan.newCategories).toEqual([]);
    expect(reading.products[1]).toMatchObject({
      name: '=HYPERLINK("http://evil.example","Click")',
      sku: "-SKU-DASH",
      details: ["- hand-stamped", "@home"],
      material: "+254712345678",
      imageUrls: ["/uploads/def456.webp", "/uploads/ghi789.webp", "https://images.example/c.jpg"],
    });
  });

  test("a text that already starts with an apostrophe and a formula character survives the round trip", () => {
    const tricky = [product({ id: "p9", sku: "'=1", slug: "tricky", name: "''+2" })];
    const reading = read(dukaProductsCsv(tricky, categories, SHOP_URL));
    expect(reading.products[0]).toMatchObject({ sku: "'=1", name: "''+2" });
  });
});

describe("shopifyProductsCsv", () => {
  const csv = shopifyProductsCsv(catalogue, categories, SHOP);
  const rows = cells(csv);
  const header = rows[0]!;
  const column = (row: string[] | undefined, name: string) => row?.[header.indexOf(name)];

  test("Shopify's columns, with a byte-order mark and CRLF", () => {
    expect(
      csv.startsWith(
        "\uFEFFHandle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,",
      ),
    ).toBe(true);
    expect(header.at(-1)).toBe("Status");
  });

  test("a row per size and colour, the product's fields on the first only, the stock on the first variant", () => {
    const ankara = rows.filter((row) => row[0] === "ankara-wrap-dress-1700000000000");
    expect(ankara).toHaveLength(6);
    expect(ankara.map((row) => [column(row, "Option1 Value"), column(row, "Option2 Value"), column(row, "Variant Inventory Qty")])).toEqual(
      [
        ["S", "Sunset Orange", "12"],
        ["S", "Indigo", "0"],
        ["M", "Sunset Orange", "0"],
        ["M", "Indigo", "0"],
        ["L", "Sunset Orange", "0"],
        ["L", "Indigo", "0"],
      ],
    );
    expect(ankara.map((row) => column(row, "Title"))).toEqual(["Ankara Wrap Dress", "", "", "", "", ""]);
    expect(ankara.map((row) => column(row, "Image Src"))).toEqual([
      "https://duka.example/uploads/abc123.webp",
      "https://images.example/ankara-2.jpg",
      "",
      "",
      "",
      "",
    ]);
    expect(ankara[0]).toEqual(
      expect.arrayContaining([
        "Duka Crafts",
        "Dresses",
        "Bestseller",
        "TRUE",
        "active",
        "Size",
        "Color",
        "4500.00",
        "AFB-NEW-1700000000000",
      ]),
    );
  });

  test("a product without sizes or colours has Shopify's default variant; extra images get rows of their own", () => {
    const cushion = rows.filter((row) => row[0] === "adinkra-cushion-cover-p2");
    expect(
      cushion.map((row) => [
        column(row, "Option1 Name"),
        column(row, "Option1 Value"),
        column(row, "Variant Price"),
        column(row, "Image Position"),
      ]),
    ).toEqual([
      ["Title", "Default Title", "19.99", "1"],
      ["", "", "", "2"],
      ["", "", "", "3"],
    ]);
    expect([column(cushion[0], "Published"), column(cushion[0], "Status"), column(cushion[0], "Tags")]).toEqual([
      "FALSE",
      "draft",
      "New arrival",
    ]);
  });

  test("the description becomes simple HTML", () => {
    expect(column(rows[1], "Body (HTML)")).toBe(
      "<p>A flowing wrap dress.<br>Cut from Ankara wax print, &quot;made to last&quot;.</p><p>Hand wash cold &amp; dry &lt;in shade&gt;.</p>",
    );
  });

  test("read back, it gives the same products for everything Shopify carries; Shopify keeps stock per combination", () => {
    const reading = read(csv);
    expect(reading.format).toBe("shopify");
    expect(reading.problems).toEqual([]);
    const plan = catalogueImportPlan(reading, catalogue, categories);
    // Shopify has no stock shared by a product's combinations: the whole stock comes back on the first one.
    expect(plan.steps.map((step) => [step.action, "changes" in step ? step.changes : []])).toEqual([
      ["update", ["variants"]],
      ["unchanged", []],
      ["unchanged", []],
    ]);
    expect(reading.products[0]?.variants.map((variant) => variant.stock)).toEqual([12, 0, 0, 0, 0, 0]);
    expect(reading.products[0]).toMatchObject({
      sku: "AFB-NEW-1700000000000",
      slug: "ankara-wrap-dress-1700000000000",
      priceCents: 450_000,
      stock: 12,
      sizes: ["S", "M", "L"],
      colors: ["Sunset Orange", "Indigo"],
      imageUrls: ["/uploads/abc123.webp", "https://images.example/ankara-2.jpg"],
      isBestseller: true,
      isNewArrival: false,
    });
  });
});

describe("products with variants and compare-at prices (issue 22)", () => {
  const variant = (size: string, color: string, stock: number, fields: Partial<Variant> = {}): Variant => ({ size, color, stock, priceCents: null, compareAtCents: null, sku: "", ...fields });
  const withVariants: CatalogueProduct[] = [
    product({
      id: "v1",
      sku: "AFB-ANK",
      slug: "ankara",
      name: "Ankara Wrap Dress",
      compareAtCents: 520_000,
      stock: 6,
      sizes: ["M", "L · Logo: Yes"],
      colors: ["Indigo", "Ochre"],
      variants: [
        variant("M", "Indigo", 2, { sku: "ANK-M-IND" }),
        variant("M", "Ochre", 0, { priceCents: 480_000, compareAtCents: null }),
        variant("L · Logo: Yes", "Indigo", 4, { priceCents: 500_000, compareAtCents: 560_000, sku: "ANK-L-IND" }),
      ],
    }),
    product({ id: "v2", sku: "AFB-KANGA", slug: "kanga", name: "Kanga", compareAtCents: 600_000, stock: 3 }),
  ];

  test("Duka's format: a row per variant under its product's, and back again changing nothing", () => {
    const csv = dukaProductsCsv(withVariants, categories, SHOP_URL);
    const rows = cells(csv);
    const header = rows[0]!;
    const pick = (row: string[] | undefined) =>
      ["SKU", "Name", "Price (KSH)", "Compare-at price (KSH)", "Stock", "Variant size", "Variant color", "Variant SKU"].map((name) => row?.[header.indexOf(name)]);
    expect(rows.slice(1).map(pick)).toEqual([
      ["AFB-ANK", "Ankara Wrap Dress", "4500", "5200", "6", "", "", ""],
      ["AFB-ANK", "", "", "", "2", "M", "Indigo", "ANK-M-IND"],
      ["AFB-ANK", "", "4800", "", "0", "M", "Ochre", ""],
      ["AFB-ANK", "", "5000", "5600", "4", "L · Logo: Yes", "Indigo", "ANK-L-IND"],
      ["AFB-KANGA", "Kanga", "4500", "6000", "3", "", "", ""],
    ]);
    const reading = read(csv);
    expect(reading.problems).toEqual([]);
    expect(reading.products.map((p) => [p.compareAtCents, p.stock, p.variants])).toEqual(withVariants.map((p) => [p.compareAtCents, p.stock, p.variants]));
    expect(catalogueImportPlan(reading, withVariants, categories).steps.map((step) => step.action)).toEqual(["unchanged", "unchanged"]);
  });

  test("Shopify's format: a row per variant with its stock, price, compare-at price and SKU", () => {
    const rows = cells(shopifyProductsCsv(withVariants, categories, SHOP));
    const header = rows[0]!;
    const pick = (row: string[]) =>
      ["Option1 Value", "Option2 Value", "Variant SKU", "Variant Inventory Qty", "Variant Price", "Variant Compare At Price"].map((name) => row[header.indexOf(name)]);
    expect(rows.filter((row) => row[0] === "ankara").map(pick)).toEqual([
      ["M", "Indigo", "ANK-M-IND", "2", "4500.00", "5200.00"],
      ["M", "Ochre", "AFB-ANK", "0", "4800.00", ""],
      ["L · Logo: Yes", "Indigo", "ANK-L-IND", "4", "5000.00", "5600.00"],
    ]);
    expect(rows.filter((row) => row[0] === "kanga").map(pick)).toEqual([["Default Title", "", "AFB-KANGA", "3", "4500.00", "6000.00"]]);
  });
});

describe("textToHtml", () => {
  test.each([
    ["", ""],
    ["One line", "<p>One line</p>"],
    ["a\nb\n\n\nc", "<p>a<br>b</p><p>c</p>"],
    ["<script>&", "<p>&lt;script&gt;&amp;</p>"],
  ])("%j", (text, html) => {
    expect(textToHtml(text)).toBe(html);
  });

  test("htmlToText gives the text back", () => {
    const text = 'Intro, it\'s "quoted".\nSecond line\n\nA <b> & an &amp;';
    expect(htmlToText(textToHtml(text))).toBe(text);
  });
});

describe("ordersCsv", () => {
  const line = (fields: Partial<OrderLineForExport>): OrderLineForExport => ({
    orderId: "k3x9m2p7q4w8",
    orderDate: new Date("2026-11-19T21:30:00Z"),
    clientName: "Wanjirũ Kamau",
    clientPhone: "+254712345678",
    status: "Delivered",
    paymentStatus: "Paid",
    mpesaReceipt: "TKL2ABC3DE",
    item: "Ankara Wrap Dress",
    size: "M",
    color: "Indigo",
    quantity: 2,
    unitPriceCents: 450_000,
    ...fields,
  });

  test("one row per order line, dates in the shop's time zone, amounts in shillings", () => {
    const csv = ordersCsv(
      [
        line({}),
        line({
          item: "=cmd|' /C calc'!A0",
          size: "",
          color: "",
          quantity: 3,
          unitPriceCents: 1_999,
          mpesaReceipt: null,
          paymentStatus: "Unpaid",
          status: "Pending Payment",
        }),
      ],
      "Africa/Nairobi",
    );
    expect(csv).toBe(
      "\uFEFFOrder ID,Date,Client,Phone,Status,Payment status,M-Pesa receipt,Item,Size,Color,Quantity,Unit price (KSH),Line total (KSH)\r\n" +
        "k3x9m2p7q4w8,2026-11-20 00:30,Wanjirũ Kamau,'+254712345678,Delivered,Paid,TKL2ABC3DE,Ankara Wrap Dress,M,Indigo,2,4500,9000\r\n" +
        "k3x9m2p7q4w8,2026-11-20 00:30,Wanjirũ Kamau,'+254712345678,Pending Payment,Unpaid,,'=cmd|' /C calc'!A0,,,3,19.99,59.97\r\n",
    );
  });

  test("an order placed with a delivery choice ends with a line for its delivery, so its lines add up to its total", () => {
    const other = "p5t2w8z3c6v9";
    const lines = withDeliveryLines(
      [line({}), line({ item: "Kiondo Basket", quantity: 1, unitPriceCents: 2_000_00 }), line({ orderId: other }), line({ orderId: "no8delivery1" })],
      new Map([
        ["k3x9m2p7q4w8", { delivery: "Nairobi CBD", feeCents: 250_00 }],
        [other, { delivery: "Pick up: Moi Avenue shop", feeCents: 0 }],
      ]),
    );
    expect(lines.map((l) => [l.orderId, l.item, l.quantity, l.unitPriceCents])).toEqual([
      ["k3x9m2p7q4w8", "Ankara Wrap Dress", 2, 450_000],
      ["k3x9m2p7q4w8", "Kiondo Basket", 1, 2_000_00],
      ["k3x9m2p7q4w8", "Delivery (Nairobi CBD)", 1, 250_00],
      [other, "Ankara Wrap Dress", 2, 450_000],
      [other, "Delivery (Pick up: Moi Avenue shop)", 1, 0],
      ["no8delivery1", "Ankara Wrap Dress", 2, 450_000],
    ]);
    expect(ordersCsv(lines.slice(2, 3), "Africa/Nairobi")).toContain(",Delivery (Nairobi CBD),,,1,250,250\r\n");
  });

  test("an order placed with discounts gets a line for each at minus its amount, before its delivery's, so its lines add up to its total", () => {
    const other = "p5t2w8z3c6v9";
    const lines = withDeliveryLines(
      withDiscountLines(
        [line({}), line({ item: "Kiondo Basket", quantity: 1, unitPriceCents: 2_000_00 }), line({ orderId: other }), line({ orderId: "no8discount1" })],
        new Map([
          [
            "k3x9m2p7q4w8",
            [
              { label: "Madaraka Day sale", amountCents: 1_100_00 },
              { label: "EASTER10", amountCents: 500_00 },
            ],
          ],
          [other, [{ label: "FREESHIP", amountCents: 250_00 }]],
        ]),
      ),
      new Map([["k3x9m2p7q4w8", { delivery: "Nairobi CBD", feeCents: 250_00 }]]),
    );
    expect(lines.map((l) => [l.orderId, l.item, l.size, l.quantity, l.unitPriceCents])).toEqual([
      ["k3x9m2p7q4w8", "Ankara Wrap Dress", "M", 2, 450_000],
      ["k3x9m2p7q4w8", "Kiondo Basket", "M", 1, 2_000_00],
      ["k3x9m2p7q4w8", "Discount (Madaraka Day sale)", "", 1, -1_100_00],
      ["k3x9m2p7q4w8", "Discount (EASTER10)", "", 1, -500_00],
      ["k3x9m2p7q4w8", "Delivery (Nairobi CBD)", "", 1, 250_00],
      [other, "Ankara Wrap Dress", "M", 2, 450_000],
      [other, "Discount (FREESHIP)", "", 1, -250_00],
      ["no8discount1", "Ankara Wrap Dress", "M", 2, 450_000],
    ]);
    expect(ordersCsv(lines.slice(3, 4), "Africa/Nairobi")).toContain(",Discount (EASTER10),,,1,-500,-500\r\n");
  });

  test("without discounts the lines are as they were", () => {
    const lines = [line({}), line({ orderId: "p5t2w8z3c6v9" })];
    expect(withDiscountLines(lines, new Map())).toEqual(lines);
  });

  test("no lines: just the header", () => {
    expect(ordersCsv([], "Africa/Nairobi")).toBe(
      "\uFEFFOrder ID,Date,Client,Phone,Status,Payment status,M-Pesa receipt,Item,Size,Color,Quantity,Unit price (KSH),Line total (KSH)\r\n",
    );
  });
});
