import { stringify } from "csv-stringify/sync";
import { count } from "drizzle-orm";
import { catalogueImportForPage, confirmCatalogueImport, previewCatalogueImport } from "../app/server/catalogue-import.server";
import { openPglite, openPostgres } from "../app/server/db/client.server";
import { closeShopDatabase, db, setShopDatabase } from "../app/server/db/database.server";
import { products, productVariants } from "../app/server/db/schema.server";
import { type Engine, engines, newShopPlace, quick, STAFF_EMAIL, writeLargeShop, writeResult } from "./support";

/**
 * Issue 13's measure: a Shopify export of 10,000 rows (images excluded) imported into the sample shop, through
 * the import module as the Import page calls it (no HTTP): the preview (read, plan, keep), the confirmed import
 * (one transaction), and the same file again (every product unchanged, nothing written). Each round starts from
 * a new shop; the figures are the median of the rounds.
 */
const ROWS = quick ? 2_000 : 10_000;
const ROUNDS = quick ? 1 : 3;
const SIZES = ["S", "M", "L", "XL"];
const COLOURS = ["Indigo", "Ochre", "Terracotta"];
const STYLES = ["Ankara", "Kitenge", "Maasai", "Kikoi", "Kiondo", "Kanga", "Lamu", "Turkana"];
const ITEMS = ["Wrap Dress", "Head Wrap", "Linen Shirt", "Tote Bag", "Beaded Collar", "Cushion Cover", "Wall Basket", "Sandals"];
const HEADER = [
  "Handle", "Title", "Body (HTML)", "Vendor", "Product Category", "Type", "Tags", "Published",
  "Option1 Name", "Option1 Value", "Option2 Name", "Option2 Value", "Variant SKU", "Variant Inventory Qty",
  "Variant Price", "Variant Compare At Price", "Image Src", "Image Position", "Status",
];

/**
 * A Shopify product export shaped like a real one: each product on one to six variant rows (sizes and colours), each
 * with its own stock (so they come in as variants, issue 22), one product in five on sale (a compare-at price), the
 * product's fields on its first row only, an HTML body, tags, and one product in ten a draft.
 */
export function shopifyExport(rows: number): { csv: string; products: number } {
  const lines: string[][] = [];
  let product = 0;
  while (lines.length < rows) {
    const n = product++;
    const title = `${STYLES[n % STYLES.length]} ${ITEMS[Math.floor(n / STYLES.length) % ITEMS.length]} No. ${n}`;
    const handle = title.toLowerCase().replace(/\W+/g, "-");
    const sizes = SIZES.slice(0, 1 + (n % 3));
    const colours = COLOURS.slice(0, 1 + (n % 2));
    const variants = sizes.flatMap((size) => colours.map((colour) => [size, colour] as const)).slice(0, rows - lines.length);
    variants.forEach(([size, colour], i) => {
      const first = i === 0;
      lines.push([
        handle,
        first ? title : "",
        first ? `<p>Handmade <strong>${title}</strong>, sewn in Nairobi.</p><ul><li>Hand wash cold</li><li>Each piece varies&nbsp;slightly</li></ul>` : "",
        first ? "Duka Crafts" : "",
        first ? "Apparel & Accessories > Clothing" : "",
        first ? ITEMS[Math.floor(n / STYLES.length) % ITEMS.length]! : "",
        first ? (n % 7 === 0 ? "Bestseller, handmade" : "handmade") : "",
        first ? String(n % 10 !== 9).toUpperCase() : "",
        first ? "Size" : "",
        size,
        first ? "Color" : "",
        colour,
        `BENCH-${n}-${size}-${colour.slice(0, 3).toUpperCase()}`,
        String((n + i) % 9),
        `${1_200 + (n % 40) * 50}.00`,
        n % 5 === 0 ? `${1_500 + (n % 40) * 50}.00` : "",
        "",
        "",
        first ? (n % 10 === 9 ? "draft" : "active") : "",
      ]);
    });
  }
  return { csv: stringify([HEADER, ...lines]), products: product };
}

type Round = { previewMs: number; importMs: number; againPreviewMs: number; againImportMs: number };

/** Waits until a confirmed import has finished, as the page would see it. */
async function importConfirmed(id: string): Promise<void> {
  const started = await confirmCatalogueImport(id);
  if (started.kind !== "started") throw new Error(`The import did not start: ${started.kind}`);
  await started.finished;
}

async function oneRound(engine: Engine, file: { csv: string; products: number }): Promise<Round> {
  const place = await newShopPlace(engine);
  await writeLargeShop(place, { products: 0, orders: 0 });
  setShopDatabase(place.databaseUrl ? await openPostgres(place.databaseUrl) : await openPglite(place.dataDir));
  try {
    const bytes = new TextEncoder().encode(file.csv);
    const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const start = performance.now();
      const result = await work();
      return [result, Math.round(performance.now() - start)];
    };
    const previewed = async () => {
      const preview = await previewCatalogueImport({ name: "shopify-products.csv", bytes }, STAFF_EMAIL, "http://shop.bench");
      if (!preview.ok) throw new Error(preview.error);
      return preview.id;
    };
    const before = (await (await db()).select({ n: count() }).from(products))[0]!.n;

    const [first, previewMs] = await timed(previewed);
    const [, importMs] = await timed(() => importConfirmed(first));
    const done = await catalogueImportForPage(first);
    if (done?.state !== "done" || done.created !== file.products) throw new Error(`Import ${done?.state}: ${done?.error ?? `${done?.created} created`}`);
    const after = (await (await db()).select({ n: count() }).from(products))[0]!.n;
    if (after - before !== file.products) throw new Error(`${after - before} products written, not ${file.products}`);
    if ((await (await db()).select({ n: count() }).from(productVariants))[0]!.n === 0) throw new Error("No variants were written");

    const [again, againPreviewMs] = await timed(previewed);
    const [, againImportMs] = await timed(() => importConfirmed(again));
    const repeat = await catalogueImportForPage(again);
    if (repeat?.created !== 0 || repeat.updated !== 0 || repeat.unchanged !== file.products) throw new Error("The same file again changed the catalogue");
    return { previewMs, importMs, againPreviewMs, againImportMs };
  } finally {
    await closeShopDatabase();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export type CatalogueImportFigures = { rows: number; products: number; rounds: Round[] } & Round;

async function main() {
  const file = shopifyExport(ROWS);
  for (const engine of engines()) {
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await oneRound(engine, file));
    const figures: CatalogueImportFigures = {
      rows: ROWS,
      products: file.products,
      rounds,
      previewMs: median(rounds.map((r) => r.previewMs)),
      importMs: median(rounds.map((r) => r.importMs)),
      againPreviewMs: median(rounds.map((r) => r.againPreviewMs)),
      againImportMs: median(rounds.map((r) => r.againImportMs)),
    };
    console.table(rounds);
    writeResult(`catalogue-import-${engine}`, figures);
  }
}

if (process.argv[1]?.endsWith("catalogue-import.ts")) await main();
