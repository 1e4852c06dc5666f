import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { ORDERS_CSV_COLUMNS } from "~/domain/catalogue-export";
import { productsExport, ordersExport } from "./catalogue-export.server";
import { db } from "./db/database.server";
import { orders, payments, products, productVariants } from "./db/schema.server";
import { newRecordId } from "./random.server";
import { writeSiteDocument } from "./site-documents.server";
import { givenOrder, givenProduct, givenPromotion } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// The exports against the database (issue 13): the orders of a report period, a row per line with the M-Pesa
// receipt the payments ledger holds, and the products in each format, with file names saying what they hold.

const CLOCK = { now: new Date("2026-11-24T09:00:00Z"), timeZone: "Africa/Nairobi" };
let paidOrder = "";
let oldOrder = "";

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
  const { id: wrap } = await givenProduct({ name: "Kanga Head Wrap", slug: "kanga", sku: "K-1", stock: 9, sizes: ["One Size"], colors: ["Indigo"] });
  const { id: mask } = await givenProduct({ name: "=Carved Mask", slug: "mask", sku: "M-1", priceCents: 5_000_50, stock: 2 });
  const wraps = (quantity: number) => ({ productId: wrap, size: "One Size", color: "Indigo", quantity });
  paidOrder = (await givenOrder({ lines: [wraps(2), { productId: mask }], at: new Date("2026-11-20T08:00:00Z") })).id;
  oldOrder = (await givenOrder({ lines: [wraps(1)], at: new Date("2026-10-02T08:00:00Z") })).id;
  const database = await db();
  await database.update(orders).set({ paymentStatus: "Paid" }).where(eq(orders.id, paidOrder));
  await database.insert(payments).values([
    { id: newRecordId(), receipt: "TKL2ABC3DE", orderId: paidOrder, amountCents: 7_400_50, method: "M-Pesa Express", paidAt: new Date("2026-11-20T08:05:00Z"), state: "applied" },
    { id: newRecordId(), receipt: "TKL9ZZZZZZ", orderId: paidOrder, amountCents: 100, method: "M-Pesa Paybill", paidAt: new Date("2026-11-20T08:06:00Z"), state: "dismissed" },
  ]);
});

test("the orders of a period, a row per line, with the receipt of the payment applied to each", async () => {
  const { fileName, csv } = await ordersExport({ period: "custom", from: "2026-11-01", to: "2026-11-24" }, CLOCK);
  expect(fileName).toBe("orders-2026-11-01-to-2026-11-24.csv");
  const [header, ...rows] = parse(csv, { bom: true }) as string[][];
  expect(header).toEqual([...ORDERS_CSV_COLUMNS]);
  expect(rows).toEqual([
    [paidOrder, "2026-11-20 11:00", "Achieng Otieno", "'+254712345678", "Pending Payment", "Paid", "TKL2ABC3DE", "Kanga Head Wrap", "One Size", "Indigo", "2", "1200", "2400"],
    [paidOrder, "2026-11-20 11:00", "Achieng Otieno", "'+254712345678", "Pending Payment", "Paid", "TKL2ABC3DE", "'=Carved Mask", "", "", "1", "5000.5", "5000.5"],
  ]);

  const all = await ordersExport({ period: "all" }, CLOCK);
  expect(all.fileName).toBe("orders-all-time.csv");
  expect((parse(all.csv, { bom: true }) as string[][]).slice(1).map((row) => [row[0], row[6]])).toEqual([
    [paidOrder, "TKL2ABC3DE"],
    [paidOrder, "TKL2ABC3DE"],
    [oldOrder, ""],
  ]);
});

test("the products export is named for its format and the shop's day", async () => {
  const shop = { url: "https://duka.example", ...CLOCK };
  const duka = await productsExport("duka", shop);
  expect(duka.fileName).toBe("products-duka-2026-11-24.csv");
  expect(duka.csv).toContain("K-1,Kanga Head Wrap,kanga");
  const shopify = await productsExport("shopify", shop);
  expect(shopify.fileName).toBe("products-shopify-2026-11-24.csv");
  expect(shopify.csv).toContain("kanga,Kanga Head Wrap,,Duka Crafts");
});

test("a product's variants and compare-at price are in both exports", async () => {
  const shop = { url: "https://duka.example", ...CLOCK };
  const { id } = await givenProduct({ name: "Kitenge Shirt", slug: "kitenge", sku: "KIT-1", priceCents: 3_000_00, stock: 5, sizes: ["M", "L"] });
  const database = await db();
  await database.update(products).set({ compareAtCents: 3_500_00 }).where(eq(products.id, id));
  await database.insert(productVariants).values([
    { id: newRecordId(), productId: id, position: 0, size: "M", stock: 2, sku: "KIT-1-M" },
    { id: newRecordId(), productId: id, position: 1, size: "L", stock: 3, priceCents: 3_200_00 },
  ]);
  const duka = await productsExport("duka", shop);
  expect(duka.csv).toContain("KIT-1,Kitenge Shirt,kitenge,");
  expect(duka.csv).toContain("KIT-1,,,,,,2,,,,,,,,,,,,,M,,KIT-1-M\r\n");
  expect(duka.csv).toContain("KIT-1,,,,3200,,3,,,,,,,,,,,,,L,,\r\n");
  const shopify = await productsExport("shopify", shop);
  expect(shopify.csv).toContain(",M,,,KIT-1-M,shopify,2,deny,manual,3000.00,3500.00,");
  expect(shopify.csv).toContain(",L,,,KIT-1,shopify,3,deny,manual,3200.00,,");
});

test("an order placed with a discount code has a line for its discount, at minus its amount, so its lines add up to its total", async () => {
  const { id: basket } = await givenProduct({ name: "Sisal Basket", priceCents: 1_200_00 });
  await givenPromotion({ code: "SAVE500", kind: "amount", value: 500_00 });
  const order = await givenOrder({ lines: [{ productId: basket, quantity: 2 }], code: "save500", at: new Date("2026-09-05T08:00:00Z") });
  expect(order).toMatchObject({ totalCents: 1_900_00, discountCents: 500_00 });

  const { csv } = await ordersExport({ period: "custom", from: "2026-09-05", to: "2026-09-05" }, CLOCK);
  const rows = (parse(csv, { bom: true }) as string[][]).slice(1);
  expect(rows.map((row) => [row[0], ...row.slice(7)])).toEqual([
    [order.id, "Sisal Basket", "", "", "2", "1200", "2400"],
    [order.id, "Discount (SAVE500)", "", "", "1", "-500", "-500"],
  ]);
});
