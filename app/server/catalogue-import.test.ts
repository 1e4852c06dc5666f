import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { staffActor } from "~/domain/audit";
import { DUKA_CSV_COLUMNS } from "~/domain/catalogue-import/duka";
import { CATALOGUE_FILE_TOO_LARGE_MESSAGE, tooManyRowsMessage } from "~/domain/catalogue-import/file";
import type { CatalogueField } from "~/domain/catalogue-import/reading";
import { fixture } from "~/domain/catalogue-import/test-helpers";
import { IMPORT_STOPPED_MESSAGE, NOT_UTF8_MESSAGE } from "~/domain/catalogue-import-state";
import { imageSource, PLACEHOLDER_IMAGE } from "~/domain/images";
import { isPublicAddress } from "~/domain/network-address";
import { newProductFields } from "~/domain/product";
import type { ProductInput } from "~/domain/product.schema";
import { queryRows } from "./db/client.server";
import { productBySlug } from "./catalogue.server";
import { productsExport } from "./catalogue-export.server";
import {
  catalogueImportForPage,
  catalogueUploadForm,
  confirmCatalogueImport,
  type ImportRunOptions,
  previewCatalogueImport,
} from "./catalogue-import.server";
import { createCategory } from "./categories.server";
import { projectRoot } from "./config.server";
import { db } from "./db/database.server";
import { auditLog, catalogueImports, categories, products, productVariants } from "./db/schema.server";
import { createProduct, productsForAdmin } from "./products.server";
import { saveImage } from "./uploads.server";

// The catalogue import against the database (issue 13, decision 040): a preview writes nothing, a confirmed
// import writes all of its file or none of it, once, and importing the same file again changes nothing. Images
// come from a server of the test's own on 127.0.0.1 (never the internet), allowed through the import's option.

const STAFF = "owner@duka.test";
const SHOP_URL = "http://shop.test";
const PICTURE = readFileSync(path.join(projectRoot(), "tests", "e2e", "fixtures", "terracotta.png"));

let server: Server;
let imageOrigin = "";
const LOCAL_IMAGES: ImportRunOptions = {
  images: { allowAddress: (address) => address === "127.0.0.1" || isPublicAddress(address), timeoutMs: 500 },
};

beforeAll(async () => {
  await createCategory("Dresses", staffActor(STAFF));
  server = createServer((request, response) => {
    const picture = () => response.writeHead(200, { "Content-Type": "image/png" }).end(PICTURE);
    if (request.url?.startsWith("/slow")) request.on("close", () => response.destroy());
    else if (request.url?.startsWith("/delay")) setTimeout(picture, 100);
    else picture();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  imageOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A product saved by staff through the product form's path, then given the SKU and slug a test needs. */
async function savedProduct(name: string, sku: string, slug: string, fields: Partial<ProductInput> = {}): Promise<string> {
  const saved = await createProduct({ ...newProductFields(null), name, priceCents: 95_000, stock: 1, ...fields }, staffActor(STAFF));
  if (!saved.ok) throw new Error("not created");
  await (await db()).update(products).set({ sku, slug }).where(eq(products.id, saved.id));
  return saved.id;
}

type DukaRow = Partial<Record<CatalogueField, string | number>>;
/** A file in Duka's own format. */
const dukaCsv = (rows: DukaRow[]) =>
  stringify([Object.values(DUKA_CSV_COLUMNS), ...rows.map((row) => (Object.keys(DUKA_CSV_COLUMNS) as CatalogueField[]).map((field) => row[field] ?? ""))]);

async function preview(csv: string, name = "products.csv"): Promise<string> {
  const result = await previewCatalogueImport({ name, bytes: new TextEncoder().encode(csv) }, STAFF, SHOP_URL);
  if (!result.ok) throw new Error(result.error);
  return result.id;
}

/** Confirms a preview and waits until the import has finished. */
async function confirmed(id: string, options: ImportRunOptions = LOCAL_IMAGES) {
  const result = await confirmCatalogueImport(id, options);
  if (result.kind !== "started") throw new Error(`not started: ${result.kind}`);
  await result.finished;
  return (await catalogueImportForPage(id))!;
}

/** Everything an import may write, as it stands. */
async function catalogueState() {
  const database = await db();
  const all = (table: string) => queryRows(database, sql`select * from ${sql.identifier(table)} order by 1`);
  return {
    products: await all("products"),
    categories: await all("categories"),
    auditLog: await all("audit_log"),
    slugHistory: await all("product_slug_history"),
    variants: await all("product_variants"),
    importedImages: await all("imported_images"),
  };
}

const auditCount = async () => (await (await db()).select({ n: count() }).from(auditLog))[0]!.n;

describe("a file in Duka's format", () => {
  let kangaId = "";
  const good = (): DukaRow[] => [
    { sku: "AFB-KANGA", name: "Kanga Head Wrap", categoryName: "Dresses", priceCents: "1,500", stock: 8, imageUrls: `${imageOrigin}/kanga.png` },
    { sku: "AFB-KIONDO", name: "Kiondo Basket", categoryName: "Baskets", priceCents: 2400, stock: 3, imageUrls: `${imageOrigin}/kiondo.png`, sizes: "S|M" },
    { slug: "sisal-mat-home", name: "Sisal Mat", priceCents: 800 },
  ];
  const file = () => dukaCsv(good());
  const withMistake = () => dukaCsv([...good(), { name: "Broken Price", priceCents: "12,O0" }]);

  beforeAll(async () => {
    kangaId = await savedProduct("Kanga Head Wrap", "AFB-KANGA", "kanga-head-wrap", {
      priceCents: 1_200_00,
      stock: 8,
      images: ["https://images.duka.test/kanga.jpg"],
    });
  });

  test("a preview says what confirming would do, and every problem by row and column, writing nothing", async () => {
    const before = await catalogueState();
    const id = await preview(withMistake());
    const shown = await catalogueImportForPage(id);
    expect(shown).toMatchObject({ state: "previewed", format: "duka", rowsTotal: 4, created: 2, updated: 1, unchanged: 0, rowsWithProblems: 1 });
    expect(shown!.newCategories).toEqual(["Baskets"]);
    expect(shown!.problems.map((p) => p.message)).toEqual(['Row 5, Price (KSH): "12,O0" is not a number.']);
    expect(await catalogueState()).toEqual(before);
  });

  test("a file with a problem in any row is never imported, not even its good rows", async () => {
    const before = await catalogueState();
    const id = await preview(withMistake());
    expect((await confirmCatalogueImport(id, LOCAL_IMAGES)).kind).toBe("has-problems");
    expect(await catalogueImportForPage(id)).toMatchObject({ state: "previewed" });
    expect(await catalogueState()).toEqual(before);
  });

  test("confirmed, it creates and updates as planned, and the shop shows the products", async () => {
    const auditBefore = await auditCount();
    const done = await confirmed(await preview(file()));
    expect(done).toMatchObject({ state: "done", created: 2, updated: 1, unchanged: 0, rowsWithProblems: 0, rowsDone: 3, error: null });

    const listed = await productsForAdmin();
    const kiondo = listed.find((p) => p.name === "Kiondo Basket")!;
    expect(kiondo).toMatchObject({ categoryName: "Baskets", priceCents: 2_400_00, stock: 3, image: expect.stringMatching(/^\/uploads\//) });
    expect(listed.find((p) => p.id === kangaId)).toMatchObject({ priceCents: 1_500_00, categoryName: "Dresses" });

    // A file without a slug or a SKU gets the product form's for a new product (product.md §3); one without a
    // category, the shop's first.
    const [kiondoRow] = await (await db()).select().from(products).where(eq(products.id, kiondo.id));
    expect(kiondoRow!.slug).toMatch(/^kiondo-basket-\d{13}$/);
    expect(await productBySlug(kiondoRow!.slug)).toMatchObject({ kind: "found", product: { name: "Kiondo Basket", sizes: ["S", "M"] } });
    const mat = await productBySlug("sisal-mat-home");
    expect(mat).toMatchObject({ kind: "found", product: { sku: expect.stringMatching(/^AFB-NEW-\d{13}$/), category: { name: "Dresses" } } });

    // Created: the category and two products; updated: the Kanga's price, category and images. Each entry says so.
    const entries = await (await db()).select().from(auditLog).where(eq(auditLog.note, "Imported from products.csv"));
    expect(entries.map((e) => `${e.entity} ${e.action}`).sort()).toEqual(["category create", "product create", "product create", "product update"]);
    expect(entries.every((e) => e.staffEmail === STAFF)).toBe(true);
    expect(await auditCount()).toBe(auditBefore + 4);
  });

  test("the same file again changes nothing and records nothing: the images it fetched are known", async () => {
    const before = await catalogueState();
    const id = await preview(file());
    expect(await catalogueImportForPage(id)).toMatchObject({ created: 0, updated: 0, unchanged: 3, rowsWithProblems: 0 });
    expect(await confirmed(id)).toMatchObject({ state: "done", created: 0, updated: 0, unchanged: 3 });
    expect(await catalogueState()).toEqual(before);
  });
});

test("an image that cannot be fetched is a note, and the product comes in with the placeholder", async () => {
  const url = `${imageOrigin}/slow/mask.png`;
  const done = await confirmed(await preview(dukaCsv([{ sku: "AFB-MASK", name: "Carved Mask", priceCents: 5000, imageUrls: url }])));
  expect(done).toMatchObject({ state: "done", created: 1 });
  expect(done.problems).toEqual([
    { row: 2, column: "Images", blocking: false, message: `Row 2, Images: "${url}" could not be fetched (timed out after 0.5 s).` },
  ]);
  const [mask] = await (await db()).select().from(products).where(eq(products.sku, "AFB-MASK"));
  expect(mask!.images).toEqual([]);
  expect(imageSource(mask!.images[0]).src).toBe(PLACEHOLDER_IMAGE);
});

test("while images are fetched, the rows done grow, written for the page to show", async () => {
  const rows = Array.from({ length: 120 }, (_, i) => ({ sku: `AFB-PROGRESS-${i}`, name: `Progress ${i}`, priceCents: 100, imageUrls: `${imageOrigin}/delay/${i}.png` }));
  const id = await preview(dukaCsv(rows));
  const started = await confirmCatalogueImport(id, LOCAL_IMAGES);
  if (started.kind !== "started") throw new Error(started.kind);
  let finished = false;
  void started.finished.then(() => (finished = true));
  const seen: number[] = [];
  while (!finished) {
    const shown = (await catalogueImportForPage(id))!;
    if (shown.state === "importing images") seen.push(shown.rowsDone);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(seen.some((rowsDone) => rowsDone > 0 && rowsDone < 120)).toBe(true);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(await catalogueImportForPage(id)).toMatchObject({ state: "done", rowsDone: 120, created: 120 });
});

test("an image on a private address is never fetched: a note, not a blocked product", async () => {
  const done = await confirmed(await preview(dukaCsv([{ sku: "AFB-META", name: "Beaded Belt", priceCents: 900, imageUrls: "http://169.254.169.254/latest/meta-data/" }])), {});
  expect(done.problems.map((p) => p.message)).toEqual([
    'Row 2, Images: "http://169.254.169.254/latest/meta-data/" was not fetched: its address is on a private network, which the shop never fetches from.',
  ]);
  expect(done.created).toBe(1);
});

describe("variants from Shopify and WooCommerce exports (issue 22)", () => {
  /** A fixture with its image addresses moved to the test's own image server. */
  const localFixture = (name: string, imageBase: string) => fixture(name).replaceAll(imageBase, `${imageOrigin}/`);
  const shopifyFile = () => localFixture("shopify-jewellery-variants.csv", "https://cdn.shopify.com/s/files/1/0733/5512/4471/files/");
  const wooFile = () => localFixture("woocommerce-sample-products.csv", "https://woocommercecore.mystagingwebsite.com/wp-content/uploads/2017/12/");

  async function storedBySlug(slug: string) {
    const database = await db();
    const [product] = await database.select().from(products).where(eq(products.slug, slug));
    const variants = await database
      .select({ size: productVariants.size, color: productVariants.color, stock: productVariants.stock, priceCents: productVariants.priceCents, compareAtCents: productVariants.compareAtCents, sku: productVariants.sku })
      .from(productVariants)
      .where(eq(productVariants.productId, product!.id))
      .orderBy(productVariants.position);
    return { ...product!, variants };
  }

  test("a Shopify export with several options, stock sold past zero and free variants comes in, notes and all", async () => {
    const id = await preview(shopifyFile(), "jewellery.csv");
    expect(await catalogueImportForPage(id)).toMatchObject({ created: 6, rowsWithProblems: 0 });
    const done = await confirmed(id);
    expect(done).toMatchObject({ state: "done", created: 6, rowsWithProblems: 0 });
    expect(done.problems.filter((problem) => !problem.blocking)).toHaveLength(7);

    const hoops = await storedBySlug("gold-hoop-earrings");
    expect(hoops).toMatchObject({ priceCents: 650_000, compareAtCents: 750_000, stock: 10 });
    expect(hoops.variants.map((v) => [v.size, v.color, v.stock, v.priceCents, v.compareAtCents, v.sku])).toEqual([
      ["Small", "Yellow Gold", 4, null, null, "ZW-HOOP-YG-S"],
      ["Large", "Yellow Gold", 2, 890_000, 990_000, "ZW-HOOP-YG-L"],
      ["Small", "White Gold", 0, null, null, "ZW-HOOP-WG-S"],
      ["Large", "White Gold", 0, 890_000, 990_000, "ZW-HOOP-WG-L"],
      ["Small", "Rose Gold", 3, null, null, "ZW-HOOP-RG-S"],
      ["Large", "Rose Gold", 1, 890_000, 990_000, "ZW-HOOP-RG-L"],
    ]);
    const tote = await storedBySlug("kikoi-tote-bag");
    expect(tote).toMatchObject({ stock: 16, sizes: ["M · Logo: Yes", "M · Logo: No", "L · Logo: Yes"] });
    expect(tote.variants).toHaveLength(5);
    expect(await storedBySlug("beaded-anklet")).toMatchObject({ stock: 0, variants: [] });
    expect(await (await db()).select().from(products).where(eq(products.slug, "charm-sample"))).toEqual([]);
  });

  test("the same file again changes nothing; a variant's new stock changes that product alone", async () => {
    const before = await catalogueState();
    expect(await confirmed(await preview(shopifyFile(), "jewellery.csv"))).toMatchObject({ created: 0, updated: 0, unchanged: 6 });
    expect(await catalogueState()).toEqual(before);

    const restocked = shopifyFile().replace("ZW-HOOP-WG-L,20,shopify,0,", "ZW-HOOP-WG-L,20,shopify,7,");
    expect(await confirmed(await preview(restocked, "jewellery.csv"))).toMatchObject({ state: "done", created: 0, updated: 1, unchanged: 5 });
    const hoops = await storedBySlug("gold-hoop-earrings");
    expect(hoops.stock).toBe(17);
    expect(hoops.variants.map((v) => v.stock)).toEqual([4, 2, 0, 7, 3, 1]);
  });

  test("WooCommerce's sample file: variable products with their variations, sale prices; grouped and external left out", async () => {
    const done = await confirmed(await preview(wooFile(), "woocommerce.csv"));
    expect(done).toMatchObject({ state: "done", created: 5, rowsWithProblems: 0 });
    const tee = await storedBySlug((await (await db()).select().from(products).where(eq(products.sku, "woo-vneck-tee")))[0]!.slug);
    expect(tee).toMatchObject({ priceCents: 1_500, stock: 8 });
    expect(tee.variants).toHaveLength(9);
    const [beanie] = await (await db()).select().from(products).where(eq(products.sku, "woo-beanie"));
    expect(beanie).toMatchObject({ priceCents: 1_800, compareAtCents: 2_000, stock: 14 });
    expect(await (await db()).select().from(products).where(eq(products.sku, "wp-pennant"))).toEqual([]);
  });
});

test("an export in Duka's format imports back changing nothing", async () => {
  const upload = await saveImage(PICTURE);
  const created = await createProduct(
    {
      name: "=Sisal | Tote, \"large\"",
      categoryId: null,
      priceCents: 3_499_50,
      stock: 0,
      description: "Woven by hand.\n\nKitui, Kenya.",
      details: ["Leather straps", "Lined | zipped"],
      sizes: ["One Size"],
      colors: ["Natural", "Indigo"],
      material: "Sisal",
      culturalInspiration: "Akamba weaving",
      isBestseller: true,
      isNewArrival: true,
      isVisible: false,
      images: [upload, "https://images.duka.test/tote-2.jpg"],
    },
    staffActor(STAFF),
  );
  expect(created.ok).toBe(true);
  const before = await catalogueState();
  const { csv } = await productsExport("duka", { url: SHOP_URL, now: new Date(), timeZone: "Africa/Nairobi" });
  const id = await preview(csv);
  const shown = await catalogueImportForPage(id);
  const total = (await productsForAdmin()).length;
  expect(shown).toMatchObject({ created: 0, updated: 0, unchanged: total, rowsWithProblems: 0, problemCount: 0 });
  expect(await confirmed(id)).toMatchObject({ state: "done", created: 0, updated: 0 });
  expect(await catalogueState()).toEqual(before);
});

test("a slug taken by a product saved between the preview and the confirmation fails the whole import", async () => {
  await savedProduct("Soapstone Bowl", "AFB-BOWL", "soapstone-bowl-old");
  const id = await preview(
    dukaCsv([
      { sku: "AFB-SCARF", name: "Batik Scarf", slug: "batik-scarf", priceCents: 700 },
      { sku: "AFB-BOWL", name: "Soapstone Bowl", slug: "soapstone-bowl", priceCents: 900 },
    ]),
  );
  expect(await catalogueImportForPage(id)).toMatchObject({ created: 1, updated: 1, rowsWithProblems: 0 });
  await savedProduct("Kisii Bowl", "AFB-KISII", "soapstone-bowl");
  const before = await catalogueState();
  const failed = await confirmed(id);
  expect(failed.state).toBe("failed");
  expect(failed.error).toBe(
    'The import failed and nothing was written (the catalogue changed since the preview: Row 3, Slug: "soapstone-bowl" is already the slug of another product, "Kisii Bowl".). Please import the file again.',
  );
  expect(await catalogueState()).toEqual(before);
});

test("a preview nobody confirmed is deleted a week later, when another file is previewed", async () => {
  const csv = dukaCsv([{ sku: "AFB-OLD", name: "Old Preview", priceCents: 100 }]);
  const week = 7 * 24 * 60 * 60_000;
  const old = await previewCatalogueImport({ name: "old.csv", bytes: new TextEncoder().encode(csv) }, STAFF, SHOP_URL, new Date(Date.now() - week - 60_000));
  const recent = await previewCatalogueImport({ name: "recent.csv", bytes: new TextEncoder().encode(csv) }, STAFF, SHOP_URL, new Date(Date.now() - week + 60_000));
  if (!old.ok || !recent.ok) throw new Error("not previewed");
  expect(await catalogueImportForPage(old.id)).toBeDefined();
  await preview(csv);
  expect(await catalogueImportForPage(old.id)).toBeUndefined();
  expect(await catalogueImportForPage(recent.id)).toMatchObject({ state: "previewed" });
});

describe("one import at a time, each once", () => {
  test("two confirmations of the same preview at once import it once", async () => {
    const auditBefore = await auditCount();
    const id = await preview(dukaCsv([{ sku: "AFB-TWICE", name: "Maasai Shuka", priceCents: 1200 }]));
    const [first, second] = await Promise.all([confirmCatalogueImport(id, LOCAL_IMAGES), confirmCatalogueImport(id, LOCAL_IMAGES)]);
    expect([first!.kind, second!.kind].sort()).toEqual(["not-waiting", "started"]);
    await Promise.all([first, second].map((result) => (result!.kind === "started" ? result!.finished : undefined)));
    expect(await (await db()).select().from(products).where(eq(products.sku, "AFB-TWICE"))).toHaveLength(1);
    expect(await auditCount()).toBe(auditBefore + 1);
    // Once finished, confirming again does nothing.
    expect((await confirmCatalogueImport(id, LOCAL_IMAGES)).kind).toBe("not-waiting");
  });

  test("a second import waits while one runs; one whose process died is reported failed and blocks nothing", async () => {
    const database = await db();
    const running = await preview(dukaCsv([{ sku: "AFB-RUN", name: "Running Import", priceCents: 100 }]));
    const waiting = await preview(dukaCsv([{ sku: "AFB-WAIT", name: "Waiting Import", priceCents: 100 }]));
    const seconds = (n: number) => new Date(Date.now() - n * 1000);
    // An import at work in another process: it showed progress 10 s ago.
    await database.update(catalogueImports).set({ state: "importing images", progressAt: seconds(10) }).where(eq(catalogueImports.id, running));
    expect((await confirmCatalogueImport(waiting, LOCAL_IMAGES)).kind).toBe("busy");
    expect((await catalogueImportForPage(running))!.state).toBe("importing images");

    // Its process died: no progress for ten minutes.
    await database.update(catalogueImports).set({ state: "writing", progressAt: seconds(600) }).where(eq(catalogueImports.id, running));
    expect(await catalogueImportForPage(running)).toMatchObject({ state: "failed", error: IMPORT_STOPPED_MESSAGE });
    expect(await database.select().from(products).where(eq(products.sku, "AFB-RUN"))).toEqual([]);
    expect(await confirmed(waiting)).toMatchObject({ state: "done", created: 1 });
  });

  // PGlite runs inside this process and reads this process's clock: there is no second machine to disagree with.
  test.skipIf(!process.env.DATABASE_URL)("an import at work is judged alive by the database's clock, not by a reader's clock", async () => {
    const database = await db();
    const running = await preview(dukaCsv([{ sku: "AFB-ALIVE", name: "Alive Import", priceCents: 100 }]));
    // Progress shown ten seconds ago by the database's clock, by the process at work on it.
    await database
      .update(catalogueImports)
      .set({ state: "importing images", progressAt: sql`now() - interval '10 seconds'` })
      .where(eq(catalogueImports.id, running));
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // Read by a process whose clock runs an hour ahead.
      vi.setSystemTime(Date.now() + 3_600_000);
      expect((await catalogueImportForPage(running))!.state).toBe("importing images");
    } finally {
      vi.useRealTimers();
    }
    await database.update(catalogueImports).set({ state: "failed" }).where(eq(catalogueImports.id, running));
  });
});

/** A Shopify export of `products` products, two variant rows each (sizes S and M), without images. */
function shopifyCsv(productCount: number): string {
  const header = ["Handle", "Title", "Body (HTML)", "Type", "Tags", "Published", "Option1 Name", "Option1 Value", "Variant SKU", "Variant Price", "Variant Inventory Qty", "Status"];
  const rows = Array.from({ length: productCount }, (_, i) => [
    [`product-${i}`, `Product ${i}`, `<p>Hand-made piece <strong>${i}</strong>.</p>`, `Type ${i % 20}`, "Bestseller", "TRUE", "Size", "S", `SKU-${i}-S`, "1500.00", "3", "active"],
    [`product-${i}`, "", "", "", "", "", "", "M", `SKU-${i}-M`, "1500.00", "2", ""],
  ]).flat();
  return stringify([header, ...rows]);
}

test("a failure on row 9,000 of 10,000 leaves the catalogue, its categories and the activity log as they were", { timeout: 300_000 }, async () => {
  const database = await db();
  const file = shopifyCsv(5_000);
  // Row 9,000 starts product 4,499 (the header is row 1): the database refuses it, as it would a value the
  // file's checks let through.
  await database.execute(sql`create function refuse_row_9000() returns trigger language plpgsql as $$
    begin if new.name = 'Product 4499' then raise exception 'row 9,000 refused'; end if; return new; end $$`);
  await database.execute(sql`create trigger refuse_row_9000 before insert on products for each row execute function refuse_row_9000()`);
  try {
    const before = await catalogueState();
    let started = performance.now();
    const id = await preview(file, "shopify-10000.csv");
    console.log(`Preview of 10,000 Shopify rows: ${Math.round(performance.now() - started)} ms`);
    expect(await catalogueImportForPage(id)).toMatchObject({ rowsTotal: 10_000, created: 5_000, rowsWithProblems: 0 });
    started = performance.now();
    const failed = await confirmed(id);
    console.log(`Failed import of 10,000 Shopify rows: ${Math.round(performance.now() - started)} ms`);
    expect(failed.state).toBe("failed");
    expect(failed.error).toContain("row 9,000 refused");
    expect(await catalogueState()).toEqual(before);
  } finally {
    await database.execute(sql`drop trigger refuse_row_9000 on products`);
    await database.execute(sql`drop function refuse_row_9000`);
  }

  // Without the failure the same file comes in whole, in seconds.
  const id = await preview(file, "shopify-10000.csv");
  const started = performance.now();
  const done = await confirmed(id);
  const writeMs = Math.round(performance.now() - started);
  console.log(`Import of 10,000 Shopify rows (5,000 products, 20 categories, 5,020 activity entries): ${writeMs} ms`);
  expect(done).toMatchObject({ state: "done", created: 5_000, rowsDone: 10_000 });
  expect((await database.select({ n: count() }).from(products).where(sql`${products.sku} like 'SKU-%'`))[0]!.n).toBe(5_000);
  expect((await database.select({ n: count() }).from(categories).where(sql`${categories.name} like 'Type %'`))[0]!.n).toBe(20);
  expect(writeMs).toBeLessThan(60_000);
});

describe("files the import cannot take are refused with the reason", () => {
  test("one that is not UTF-8", async () => {
    const latin1 = Uint8Array.from([...new TextEncoder().encode("SKU,Name,Price (KSH)\nA1,Caf"), 0xe9, 0x0a]);
    expect(await previewCatalogueImport({ name: "latin1.csv", bytes: latin1 }, STAFF, SHOP_URL)).toEqual({ ok: false, error: NOT_UTF8_MESSAGE });
  });

  test("one of more than 10,000 rows", async () => {
    const csv = dukaCsv(Array.from({ length: 10_001 }, (_, i) => ({ name: `Product ${i}`, priceCents: 100 })));
    const result = await previewCatalogueImport({ name: "big.csv", bytes: new TextEncoder().encode(csv) }, STAFF, SHOP_URL);
    expect(result).toEqual({ ok: false, error: tooManyRowsMessage(10_001) });
  });

  test("one of more than 20 MB, stopped as the body passes the limit even without a Content-Length", async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(65);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 25) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const request = new Request("http://shop.test/admin/products/import", {
      method: "POST",
      body,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    expect(await catalogueUploadForm(request)).toEqual({ ok: false, status: 413, error: CATALOGUE_FILE_TOO_LARGE_MESSAGE });
    expect(sent).toBeLessThan(25);
  });
});
