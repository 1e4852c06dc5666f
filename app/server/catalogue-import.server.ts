import { and, asc, desc, eq, inArray, lt, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type ChangeRecord, recordChanges } from "./audit.server";
import { staffActor } from "~/domain/audit";
import { type ImageFetchFailure, imageFetchNote, type ImportProblem } from "~/domain/catalogue-import/cells";
import { CATALOGUE_FILE_TOO_LARGE_MESSAGE, CATALOGUE_IMPORT_MAX_BYTES } from "~/domain/catalogue-import/file";
import { type CatalogueCategory, type CatalogueImportPlan, type CatalogueProduct, catalogueImportPlan } from "~/domain/catalogue-import/plan";
import {
  type CatalogueColumns,
  type CatalogueField,
  type CatalogueFormat,
  type ImportedProduct,
  readCatalogueCsv,
} from "~/domain/catalogue-import/reading";
import {
  type CatalogueImportState,
  IMPORT_STALL_MS,
  IMPORT_STOPPED_MESSAGE,
  importFailedMessage,
  importProgress,
  MAX_STORED_PROBLEMS,
  NOT_UTF8_MESSAGE,
  PREVIEW_KEPT_MS,
  RUNNING_IMPORT_STATES,
  UPLOAD_NOT_A_FORM_MESSAGE,
} from "~/domain/catalogue-import-state";
import { categoryKey } from "~/domain/category";
import { isUploadUrl } from "~/domain/images";
import { storableText } from "~/domain/posted-text";
import { newProductKeys } from "~/domain/slug";
import type { Variant } from "~/domain/variants";
import { inBatches } from "./db/batches.server";
import type { Database, Queryable, Transaction } from "./db/client.server";
import { db } from "./db/database.server";
import { appendCategories } from "./categories.server";
import { catalogueImports, categories, importedImages, products, productVariants } from "./db/schema.server";
import { publish } from "./events.server";
import { fetchImageIntoUploads, type ImageFetchOptions } from "./image-fetch.server";
import { CATALOGUE_PRODUCT_COLUMNS, claimSlugs, keepFormerSlugs, type ProductVariants, VARIANT_COLUMNS, writeVariants } from "./products.server";
import { newRecordId } from "./random.server";
import { lockCatalogue } from "./stock.server";
import { log } from "./log.server";

// The catalogue import (issue 13, decision 040). An upload is read and planned at once and kept as a preview;
// nothing is written to the catalogue until staff confirm it. A confirmed import then runs in the background
// of the process that took the confirmation: first the images, fetched from the web outside any transaction,
// then every product, category and activity entry in ONE transaction, so a failure anywhere writes nothing.

/** What the preview keeps of the file until the import is confirmed. */
type Drafts = { columns: CatalogueColumns; products: ImportedProduct[]; problems: ImportProblem[] };

/** Images fetched at once; the rest wait their turn (each is also decoded and encoded, sharing the shop's CPU). */
const IMAGE_FETCHES_AT_ONCE = 6;
/** Progress is written after this many rows, or after PROGRESS_EVERY_MS, whichever comes first. */
const PROGRESS_EVERY_ROWS = 50;
const PROGRESS_EVERY_MS = 1_000;
// Confirmations are taken one at a time across every process (pg_advisory_xact_lock), so two staff
// confirming at once cannot both see that no import is running.
const CLAIM_LOCK = 0x0d0ca7a1;

// ---- the catalogue as the import and the export see it -----------------------------------------------------

/** A product's columns as the import compares and writes them. */
const IMPORTED_COLUMNS = { ...CATALOGUE_PRODUCT_COLUMNS, compareAtCents: products.compareAtCents };

/** Every product as the import compares it and the exports write it, oldest first, with its variants in order. */
export async function catalogueProducts(from: Queryable): Promise<CatalogueProduct[]> {
  const [rows, variantRows] = await Promise.all([
    from.select(IMPORTED_COLUMNS).from(products).orderBy(asc(products.createdAt), asc(products.id)),
    from
      .select({ productId: productVariants.productId, ...VARIANT_COLUMNS })
      .from(productVariants)
      .orderBy(asc(productVariants.productId), asc(productVariants.position)),
  ]);
  const variants = new Map<string, Variant[]>();
  for (const { productId, ...variant } of variantRows) {
    const list = variants.get(productId);
    if (list) list.push(variant);
    else variants.set(productId, [variant]);
  }
  return rows.map((row) => ({ ...row, variants: variants.get(row.id) ?? [] }));
}

/** The categories in the shop's order: the first is where a new product goes when its file names none. */
export function catalogueCategories(from: Queryable): Promise<CatalogueCategory[]> {
  return from.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.position), asc(categories.name));
}

// ---- the upload and its preview ----------------------------------------------------------------------------

/** Room for the form's framing around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export type UploadForm = { ok: true; form: FormData } | { ok: false; status: number; error: string };

/**
 * The import form as posted, its body read only up to the import's size limit: a larger one is refused before
 * it is read (by its Content-Length) or as soon as it passes the limit (a body sent without one).
 */
export async function catalogueUploadForm(request: Request): Promise<UploadForm> {
  const most = CATALOGUE_IMPORT_MAX_BYTES + FORM_OVERHEAD_BYTES;
  const tooLarge = { ok: false, status: 413, error: CATALOGUE_FILE_TOO_LARGE_MESSAGE } as const;
  if (Number(request.headers.get("Content-Length") ?? 0) > most) return tooLarge;
  let read = 0;
  const limited = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        read += chunk.byteLength;
        if (read > most) controller.error(new Error("The upload is larger than the import's limit."));
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    const type = request.headers.get("Content-Type") ?? "";
    return { ok: true, form: await new Response(limited, { headers: { "Content-Type": type } }).formData() };
  } catch {
    return read > most ? tooLarge : { ok: false, status: 400, error: UPLOAD_NOT_A_FORM_MESSAGE };
  }
}

export type PreviewResult = { ok: true; id: string } | { ok: false; error: string };

/** The uploads the import already fetched, by the address they came from. */
async function knownImages(from: Queryable, drafts: readonly ImportedProduct[]): Promise<Map<string, string>> {
  const urls = [...new Set(drafts.flatMap((product) => product.imageUrls.filter((url) => !isUploadUrl(url))))];
  if (urls.length === 0) return new Map();
  // One JSON parameter, however many addresses a file holds.
  const rows = await from
    .select({ sourceUrl: importedImages.sourceUrl, uploadUrl: importedImages.uploadUrl })
    .from(importedImages)
    .where(sql`${importedImages.sourceUrl} in (select jsonb_array_elements_text(${JSON.stringify(urls)}::jsonb))`);
  return new Map(rows.map((row) => [row.sourceUrl, row.uploadUrl]));
}

/** The products with every image address the import fetched before replaced by its upload. */
const withKnownImages = (drafts: readonly ImportedProduct[], known: ReadonlyMap<string, string>): ImportedProduct[] =>
  drafts.map((product) => ({ ...product, imageUrls: [...new Set(product.imageUrls.map((url) => known.get(url) ?? url))] }));

const byRow = (problems: readonly ImportProblem[]) => [...problems].sort((a, b) => a.row - b.row);
/** What an import keeps of its plan for its page: the counts, the new categories and the first problems. */
function planFigures(plan: CatalogueImportPlan, problems: readonly ImportProblem[]) {
  return {
    created: plan.created,
    updated: plan.updated,
    unchanged: plan.unchanged,
    // Rows with a problem that stops the import (an image's never does).
    rowsWithProblems: new Set(problems.filter((p) => p.blocking).map((p) => p.row)).size,
    newCategories: plan.newCategories,
    problems: problems.slice(0, MAX_STORED_PROBLEMS),
    problemCount: problems.length,
  };
}

/**
 * Reads an uploaded catalogue file (bytes as they came) and keeps its preview: what confirming it would
 * create, update and leave unchanged against today's catalogue, the categories it would create, and every
 * problem by row. Nothing is written to the catalogue. A file the import cannot take at all is refused with
 * the reason.
 */
export async function previewCatalogueImport(
  file: { name: string; bytes: Uint8Array },
  staffEmail: string,
  shopUrl: string,
  now = new Date(),
): Promise<PreviewResult> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file.bytes);
  } catch {
    return { ok: false, error: NOT_UTF8_MESSAGE };
  }
  // PostgreSQL cannot keep the NUL character; it is in no catalogue anyone typed.
  const reading = readCatalogueCsv(storableText(text), { shopUrl });
  if ("error" in reading) return { ok: false, error: reading.error };

  const database = await db();
  const [catalogue, shopCategories, known] = await Promise.all([
    catalogueProducts(database),
    catalogueCategories(database),
    knownImages(database, reading.products),
  ]);
  const plan = catalogueImportPlan({ products: withKnownImages(reading.products, known), columns: reading.columns }, catalogue, shopCategories);
  const problems = byRow([...reading.problems, ...plan.problems]);
  const drafts: Drafts = { columns: reading.columns, products: reading.products, problems: reading.problems };
  const id = newRecordId();
  // Each preview keeps its file's products, up to 20 MB of them: unconfirmed ones go once they are a week old.
  await database
    .delete(catalogueImports)
    .where(and(eq(catalogueImports.state, "previewed"), lt(catalogueImports.createdAt, new Date(now.getTime() - PREVIEW_KEPT_MS))));
  await database.insert(catalogueImports).values({
    id,
    staffEmail,
    fileName: storableText(file.name).slice(0, 200) || "catalogue.csv",
    format: reading.format,
    state: "previewed",
    rowsTotal: reading.rows,
    ...planFigures(plan, problems),
    drafts,
    createdAt: now,
  });
  return { ok: true, id };
}

// ---- reading imports for the pages -------------------------------------------------------------------------

export type CatalogueImportSummary = {
  id: string;
  fileName: string;
  format: CatalogueFormat;
  state: CatalogueImportState;
  staffEmail: string;
  rowsTotal: number;
  created: number;
  updated: number;
  unchanged: number;
  rowsWithProblems: number;
  createdAt: Date;
};

export type CatalogueImportView = CatalogueImportSummary & {
  rowsDone: number;
  newCategories: string[];
  problems: ImportProblem[];
  problemCount: number;
  error: string | null;
  finishedAt: Date | null;
};

const summaryColumns = {
  id: catalogueImports.id,
  fileName: catalogueImports.fileName,
  format: catalogueImports.format,
  state: catalogueImports.state,
  staffEmail: catalogueImports.staffEmail,
  rowsTotal: catalogueImports.rowsTotal,
  created: catalogueImports.created,
  updated: catalogueImports.updated,
  unchanged: catalogueImports.unchanged,
  rowsWithProblems: catalogueImports.rowsWithProblems,
  createdAt: catalogueImports.createdAt,
};

/**
 * Imports still "running" with no progress for IMPORT_STALL_MS lost their process: they are reported failed.
 * Their transaction never committed, so they wrote nothing. Run before imports are read or claimed. Progress is
 * written and judged by the database's clock (progressNow): the process judging may run on another machine, whose
 * clock may be minutes off the one that wrote it (decision 062).
 */
async function failStalledImports(from: Queryable, now: Date): Promise<void> {
  await from
    .update(catalogueImports)
    .set({ state: "failed", error: IMPORT_STOPPED_MESSAGE, finishedAt: now, drafts: null })
    .where(
      and(
        inArray(catalogueImports.state, RUNNING_IMPORT_STATES),
        lt(catalogueImports.progressAt, sql`now() - ${IMPORT_STALL_MS} * interval '1 millisecond'`),
      ),
    );
}

/** When an import last showed progress: the database's time, which every process judges it by. */
const progressNow = sql`now()`;

/** One import as its page shows it (the products it read are not sent). */
export async function catalogueImportForPage(id: string, now = new Date()): Promise<CatalogueImportView | undefined> {
  const database = await db();
  await failStalledImports(database, now);
  const [row] = await database
    .select({
      ...summaryColumns,
      rowsDone: catalogueImports.rowsDone,
      newCategories: catalogueImports.newCategories,
      problems: catalogueImports.problems,
      problemCount: catalogueImports.problemCount,
      error: catalogueImports.error,
      finishedAt: catalogueImports.finishedAt,
    })
    .from(catalogueImports)
    .where(eq(catalogueImports.id, id));
  return row && { ...row, newCategories: row.newCategories as string[], problems: row.problems as ImportProblem[] };
}

/** The latest imports, newest first, for the Import page. */
export async function recentCatalogueImports(limit = 10, now = new Date()): Promise<CatalogueImportSummary[]> {
  const database = await db();
  await failStalledImports(database, now);
  return database.select(summaryColumns).from(catalogueImports).orderBy(desc(catalogueImports.createdAt), desc(catalogueImports.id)).limit(limit);
}

// ---- confirming and running an import ----------------------------------------------------------------------

export type ImportRunOptions = { images?: ImageFetchOptions };

export type ConfirmResult =
  /** `finished` settles when the import is done or has failed (the page follows it; tests wait for it). */
  | { kind: "started"; finished: Promise<void> }
  /** Another import is running; this one still waits for its confirmation. */
  | { kind: "busy" }
  /** This import was confirmed before (it is running or has finished): nothing more to do. */
  | { kind: "not-waiting" }
  /** Rows of this file have problems: an import brings in the whole file or nothing, so it is never started. */
  | { kind: "has-problems" }
  | { kind: "missing" };

/**
 * Confirms a previewed import and starts it in the background. Only one import runs at a time across every
 * process, and a preview is imported once however many times it is confirmed.
 */
export async function confirmCatalogueImport(id: string, options: ImportRunOptions = {}, now = new Date()): Promise<ConfirmResult> {
  const database = await db();
  await failStalledImports(database, now);
  const running = alias(catalogueImports, "running");
  const claim = await database.transaction(async (tx): Promise<Exclude<ConfirmResult["kind"], "started"> | "claimed"> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
    const [claimed] = await tx
      .update(catalogueImports)
      .set({ state: "importing images", rowsDone: 0, progressAt: progressNow })
      .where(
        and(
          eq(catalogueImports.id, id),
          eq(catalogueImports.state, "previewed"),
          eq(catalogueImports.rowsWithProblems, 0),
          notExists(tx.select({ id: running.id }).from(running).where(inArray(running.state, RUNNING_IMPORT_STATES))),
        ),
      )
      .returning({ id: catalogueImports.id });
    if (claimed) return "claimed";
    const [current] = await tx
      .select({ state: catalogueImports.state, rowsWithProblems: catalogueImports.rowsWithProblems })
      .from(catalogueImports)
      .where(eq(catalogueImports.id, id));
    if (!current) return "missing";
    if (current.state !== "previewed") return "not-waiting";
    return current.rowsWithProblems > 0 ? "has-problems" : "busy";
  });
  if (claim !== "claimed") return { kind: claim };
  return { kind: "started", finished: runImport(id, options) };
}

/** Thrown when an import was reported failed (stalled) while this process still worked on it. */
class ImportTakenAway extends Error {
  override name = "ImportTakenAway";
}

/** Runs a claimed import to its end, done or failed; never throws (it runs in the background). */
async function runImport(id: string, options: ImportRunOptions): Promise<void> {
  try {
    const database = await db();
    const [found] = await database
      .select({ staffEmail: catalogueImports.staffEmail, fileName: catalogueImports.fileName, rowsTotal: catalogueImports.rowsTotal, drafts: catalogueImports.drafts })
      .from(catalogueImports)
      .where(eq(catalogueImports.id, id));
    if (!found?.drafts) throw new ImportTakenAway();
    const job = { id, ...found, drafts: found.drafts as Drafts };
    const images = await fetchImages(database, job, options.images ?? {});
    const [writing] = await database
      .update(catalogueImports)
      .set({ state: "writing", rowsDone: job.rowsTotal, progressAt: progressNow })
      .where(and(eq(catalogueImports.id, id), eq(catalogueImports.state, "importing images")))
      .returning({ id: catalogueImports.id });
    if (!writing) throw new ImportTakenAway();
    await database.transaction((tx) => writeImport(tx, job, images, new Date()));
  } catch (error) {
    if (error instanceof ImportTakenAway) return;
    const detail = failureDetail(error);
    log().error(`Catalogue import ${id} failed: ${detail}`);
    await markFailed(id, detail).catch((again: unknown) => log().error({ err: again }, `Catalogue import ${id} could not be marked failed.`));
  }
}

/** What went wrong, in a line: the database's own words rather than the query the driver wraps them in. */
function failureDetail(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? cause.message : String(cause)).split("\n")[0]!.slice(0, 300);
}

async function markFailed(id: string, detail: string): Promise<void> {
  await (await db())
    .update(catalogueImports)
    .set({ state: "failed", error: importFailedMessage(detail), finishedAt: new Date(), drafts: null })
    .where(and(eq(catalogueImports.id, id), inArray(catalogueImports.state, RUNNING_IMPORT_STATES)));
}

type ImportJob = { id: string; staffEmail: string; fileName: string; rowsTotal: number; drafts: Drafts };
type FetchedImages = { uploads: Map<string, string>; fetched: Map<string, string>; failed: Map<string, ImageFetchFailure> };

/**
 * The images phase: every web address in the plan that the shop has not fetched before and that the matched
 * product does not already show, each address once, IMAGE_FETCHES_AT_ONCE at a time, with the rows done written
 * as products finish. Our own uploads and the images a product already has are kept as they are.
 */
async function fetchImages(database: Database, job: ImportJob, options: ImageFetchOptions): Promise<FetchedImages> {
  const [catalogue, shopCategories, known] = await Promise.all([
    catalogueProducts(database),
    catalogueCategories(database),
    knownImages(database, job.drafts.products),
  ]);
  const plan = catalogueImportPlan({ products: withKnownImages(job.drafts.products, known), columns: job.drafts.columns }, catalogue, shopCategories);
  const storedImages = new Map(catalogue.map((product) => [product.id, product.images]));
  const work = plan.steps.flatMap((step) => {
    const stored = step.action === "create" ? [] : (storedImages.get(step.productId) ?? []);
    const urls = step.product.imageUrls.filter((url) => !isUploadUrl(url) && !stored.includes(url));
    return urls.length > 0 ? [{ row: step.product.row, urls }] : [];
  });

  const progress = importProgress(job.rowsTotal, work.map((product) => product.row));
  const waitingOn = new Map<string, { row: number; left: number }[]>();
  for (const product of work) {
    const waiting = { row: product.row, left: product.urls.length };
    for (const url of product.urls) {
      const others = waitingOn.get(url);
      if (others) others.push(waiting);
      else waitingOn.set(url, [waiting]);
    }
  }
  const report = progressReporter(database, job.id);
  await report(progress.rowsDone, true);

  const fetched = new Map<string, string>();
  const failed = new Map<string, ImageFetchFailure>();
  const queue = [...waitingOn.keys()];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const result = await fetchImageIntoUploads(url, options);
      if (result.ok) fetched.set(url, result.url);
      else failed.set(url, result.failure);
      for (const waiting of waitingOn.get(url)!) if (--waiting.left === 0) progress.finish(waiting.row);
      try {
        await report(progress.rowsDone);
      } catch (error) {
        // The import is over (taken away, or the database gone): the other workers stop at their next image.
        queue.length = 0;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: IMAGE_FETCHES_AT_ONCE }, worker));
  return { uploads: new Map([...known, ...fetched]), fetched, failed };
}

/**
 * Writes the rows done every PROGRESS_EVERY_ROWS rows or PROGRESS_EVERY_MS, which also tells other readers the
 * import is alive; throws ImportTakenAway if the import was meanwhile reported failed.
 */
function progressReporter(database: Database, id: string) {
  let written = -1;
  let writtenAt = 0;
  let writing: Promise<void> = Promise.resolve();
  return async (rowsDone: number, force = false) => {
    if (!force && rowsDone - written < PROGRESS_EVERY_ROWS && Date.now() - writtenAt < PROGRESS_EVERY_MS) return;
    written = rowsDone;
    writtenAt = Date.now();
    // One write at a time, in order: the image workers report side by side.
    writing = writing.then(async () => {
      const [alive] = await database
        .update(catalogueImports)
        .set({ rowsDone, progressAt: progressNow })
        .where(and(eq(catalogueImports.id, id), eq(catalogueImports.state, "importing images")))
        .returning({ id: catalogueImports.id });
      if (!alive) throw new ImportTakenAway();
    });
    await writing;
  };
}

// ---- the write: one transaction, one function per step ------------------------------------------------------

type ProductRow = typeof products.$inferInsert;

/** The column each field of a file is stored in (variants: their own rows). */
const FIELD_COLUMNS: Record<CatalogueField, keyof CatalogueProduct> = {
  sku: "sku",
  slug: "slug",
  name: "name",
  description: "description",
  details: "details",
  priceCents: "priceCents",
  compareAtCents: "compareAtCents",
  stock: "stock",
  variants: "variants",
  categoryName: "categoryId",
  sizes: "sizes",
  colors: "colors",
  imageUrls: "images",
  material: "material",
  culturalInspiration: "culturalInspiration",
  isBestseller: "isBestseller",
  isNewArrival: "isNewArrival",
  isVisible: "isVisible",
  rating: "rating",
  reviewCount: "reviewCount",
};

/** What a created product's activity entry records: every field it was created with. */
const createdFields = ({ id: _id, createdAt: _c, updatedAt: _u, ...fields }: ProductRow) => fields;

/** What every activity entry of one import carries: who imported which file, and when. */
type ImportStamp = Pick<ChangeRecord, "actor" | "now" | "note">;

/** A category name from the file as the id of the shop's category of that name (null for none). */
type CategoryOf = (name: string | null) => string | null;

/**
 * The import's one transaction: the catalogue is locked against other changes, planned again as it is now
 * (with the images fetched), and the new categories, created and updated products, their former slugs, their
 * activity entries and the fetched images' addresses are written in batches. Anything failing rolls it all
 * back; the import is then reported failed with nothing written.
 */
async function writeImport(tx: Transaction, job: ImportJob, images: FetchedImages, now: Date): Promise<void> {
  const { catalogue, shopCategories } = await lockForWriting(tx, job.id);
  const { plan, notes } = planWithImages(job.drafts, images, catalogue, shopCategories);
  const stamp: ImportStamp = { actor: staffActor(job.staffEmail), now, note: `Imported from ${job.fileName}` };
  const changes: ChangeRecord[] = [];

  // Categories first: the products point to them.
  const categoryOf = await createCategories(tx, plan.newCategories, shopCategories, stamp, changes);
  const created = await createProducts(tx, plan, catalogue, categoryOf, shopCategories[0]?.id ?? null, stamp, changes);
  const { updated, renamed } = await updateProducts(tx, plan, catalogue, categoryOf, stamp, changes);
  await moveSlugs(tx, created, updated, renamed, now);

  await recordChanges(tx, changes);
  await rememberFetchedImages(tx, images.fetched, now);
  if (plan.newCategories.length > 0) await publish(tx, "categories");
  if (created.length + updated.length > 0) await publish(tx, "products");
  await finishImport(tx, job.id, plan, byRow([...job.drafts.problems, ...plan.problems, ...notes]), now);
}

/** Checks the import is still this process's to write, and locks the catalogue as it is now. */
async function lockForWriting(tx: Transaction, id: string) {
  const [current] = await tx.select({ state: catalogueImports.state }).from(catalogueImports).where(eq(catalogueImports.id, id)).for("update");
  if (current?.state !== "writing") throw new ImportTakenAway();
  await lockCatalogue(tx);
  return { catalogue: await catalogueProducts(tx), shopCategories: await catalogueCategories(tx) };
}

/**
 * The plan again, against the catalogue as it is now and with each product's images as they will be kept:
 * uploads (ours, or fetched now or before), the addresses the stored product already shows, and never an image
 * that could not be fetched (a note says so).
 */
function planWithImages(
  drafts: Drafts,
  images: FetchedImages,
  catalogue: readonly CatalogueProduct[],
  shopCategories: readonly CatalogueCategory[],
): { plan: CatalogueImportPlan; notes: ImportProblem[] } {
  const notes: ImportProblem[] = [];
  const finalProducts = drafts.products.map((product) => {
    const imageUrls = product.imageUrls.flatMap((url) => {
      const failure = images.failed.get(url);
      if (failure) notes.push(imageFetchNote(product, drafts.columns.imageUrls ?? "", url, failure));
      return failure ? [] : [images.uploads.get(url) ?? url];
    });
    return { ...product, imageUrls: [...new Set(imageUrls)] };
  });
  const plan = catalogueImportPlan({ products: finalProducts, columns: drafts.columns }, catalogue, shopCategories);
  // The catalogue may have changed since the preview (a product saved with a SKU or slug the file also claims):
  // then the file no longer imports whole, so nothing of it is written.
  const clash = plan.problems.find((problem) => problem.blocking);
  if (clash) throw new Error(`the catalogue changed since the preview: ${clash.message}`);
  return { plan, notes };
}

/** Creates the plan's new categories after the shop's others; gives how the products find theirs, new or not. */
async function createCategories(
  tx: Transaction,
  names: readonly string[],
  shopCategories: readonly CatalogueCategory[],
  stamp: ImportStamp,
  changes: ChangeRecord[],
): Promise<CategoryOf> {
  const created = await appendCategories(tx, names);
  for (const category of created) {
    changes.push({ ...stamp, entity: "category", entityId: category.id, action: "create", after: { name: category.name } });
  }
  const categoryIds = new Map([...shopCategories, ...created].map((category) => [categoryKey(category.name), category.id]));
  return (name) => (name === null ? null : (categoryIds.get(categoryKey(name)) ?? null));
}

/**
 * Creates the plan's new products. One the file gives no SKU or slug gets the product form's (product.md §3), each
 * product its own millisecond, skipping any whose SKU or slug is already taken; as on the product form, one
 * without a category goes into the shop's first.
 */
async function createProducts(
  tx: Transaction,
  plan: CatalogueImportPlan,
  catalogue: readonly CatalogueProduct[],
  categoryOf: CategoryOf,
  firstCategory: string | null,
  { now, ...stamp }: ImportStamp,
  changes: ChangeRecord[],
): Promise<ProductRow[]> {
  const usedSkus = new Set([...catalogue.map((p) => p.sku), ...plan.steps.flatMap((s) => s.product.sku ?? [])]);
  const usedSlugs = new Set([...catalogue.map((p) => p.slug), ...plan.steps.flatMap((s) => s.product.slug ?? [])]);
  let time = now.getTime();
  const freeKeys = (name: string) => {
    let keys = newProductKeys(name, time);
    while (usedSkus.has(keys.sku) || usedSlugs.has(keys.slug)) keys = newProductKeys(name, ++time);
    time++;
    return keys;
  };
  const created: ProductRow[] = [];
  const withVariants: ProductVariants[] = [];
  for (const step of plan.steps) {
    if (step.action !== "create") continue;
    const { row: _row, sku, slug, categoryName, imageUrls, variants, ...fields } = step.product;
    // Only a product missing its SKU or slug takes a millisecond of its own.
    const keys = sku !== null && slug !== null ? { sku, slug } : freeKeys(fields.name);
    const row: ProductRow = {
      ...fields,
      id: newRecordId(),
      sku: sku ?? keys.sku,
      slug: slug ?? keys.slug,
      categoryId: categoryName === null ? firstCategory : categoryOf(categoryName),
      images: imageUrls,
      createdAt: now,
      updatedAt: now,
    };
    usedSkus.add(row.sku);
    usedSlugs.add(row.slug);
    created.push(row);
    if (variants.length > 0) withVariants.push({ productId: row.id, variants });
    const after = variants.length > 0 ? { ...createdFields(row), variants } : createdFields(row);
    changes.push({ ...stamp, now, entity: "product", entityId: row.id, action: "create", after });
  }
  for (const batch of inBatches(created)) await tx.insert(products).values(batch);
  await writeVariants(tx, withVariants);
  return created;
}

/** Updates the plan's changed products, only the fields that differ; gives them whole, and the slugs they leave. */
async function updateProducts(
  tx: Transaction,
  plan: CatalogueImportPlan,
  catalogue: readonly CatalogueProduct[],
  categoryOf: CategoryOf,
  stamp: ImportStamp,
  changes: ChangeRecord[],
) {
  const storedById = new Map(catalogue.map((product) => [product.id, product]));
  const updated: CatalogueProduct[] = [];
  const newVariants: ProductVariants[] = [];
  const renamed: { slug: string; productId: string }[] = [];
  for (const step of plan.steps) {
    if (step.action !== "update") continue;
    const stored = storedById.get(step.productId)!;
    const after: Partial<CatalogueProduct> = {};
    for (const field of step.changes) {
      const column = FIELD_COLUMNS[field];
      // A SKU or slug the file leaves empty is never among the changes: the stored one is kept.
      Object.assign(after, { [column]: field === "categoryName" ? categoryOf(step.product.categoryName) : step.product[field] });
    }
    updated.push({ ...stored, ...after });
    if (after.variants) newVariants.push({ productId: stored.id, variants: after.variants });
    if (after.slug !== undefined && after.slug !== stored.slug) renamed.push({ slug: stored.slug, productId: stored.id });
    const before = Object.fromEntries(Object.keys(after).map((column) => [column, stored[column as keyof CatalogueProduct]]));
    changes.push({ ...stamp, entity: "product", entityId: stored.id, action: "update", before, after });
  }
  await writeWholeProducts(tx, updated, stamp.now);
  // Variants whose product's file changes them are written anew, in the file's order.
  await writeVariants(tx, newVariants);
  return { updated, renamed };
}

/**
 * Writes updated products, whole, a batch per statement: each batch is one JSON parameter read as rows by the
 * database, so however many products change, no statement nears PostgreSQL's parameter limit. The columns are
 * those the import compares (IMPORTED_COLUMNS); variants are rows of their own (writeVariants). Staff edits made from a form loaded before the import
 * are then refused (the version moves on, decision 031).
 */
async function writeWholeProducts(tx: Transaction, rows: readonly CatalogueProduct[], now: Date): Promise<void> {
  const columns = Object.entries(IMPORTED_COLUMNS) as [keyof typeof IMPORTED_COLUMNS, (typeof IMPORTED_COLUMNS)[keyof typeof IMPORTED_COLUMNS]][];
  const assignments = columns
    .filter(([field]) => field !== "id")
    .map(([, column]) => sql`${sql.identifier(column.name)} = r.${sql.identifier(column.name)}`);
  const recordColumns = columns.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`);
  for (const batch of inBatches(rows)) {
    const json = batch.map((product) => Object.fromEntries(columns.map(([field, column]) => [column.name, product[field]])));
    await tx.execute(sql`
      update ${products} set ${sql.join(assignments, sql`, `)},
        version = ${products.version} + 1, updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(${sql.join(recordColumns, sql`, `)})
      where ${products.id} = r.id`);
  }
}

/** Former slugs keep answering with a redirect, and a slug a product now has is nobody's former one (decision 012). */
async function moveSlugs(
  tx: Transaction,
  created: readonly ProductRow[],
  updated: readonly CatalogueProduct[],
  renamed: readonly { slug: string; productId: string }[],
  now: Date,
): Promise<void> {
  await keepFormerSlugs(tx, renamed, now);
  const renamedIds = new Set(renamed.map((entry) => entry.productId));
  await claimSlugs(tx, [...created.map((row) => row.slug), ...updated.filter((p) => renamedIds.has(p.id)).map((p) => p.slug)]);
}

/** The addresses fetched now, with their uploads, so a later import of them fetches nothing. */
async function rememberFetchedImages(tx: Transaction, fetched: ReadonlyMap<string, string>, now: Date): Promise<void> {
  const rows = [...fetched].map(([sourceUrl, uploadUrl]) => ({ sourceUrl, uploadUrl, fetchedAt: now }));
  for (const batch of inBatches(rows)) {
    await tx
      .insert(importedImages)
      .values(batch)
      .onConflictDoUpdate({ target: importedImages.sourceUrl, set: { uploadUrl: sql`excluded.upload_url`, fetchedAt: now } });
  }
}

/** The import is done: its page shows what it wrote and every problem; the copy of its file is let go. */
async function finishImport(tx: Transaction, id: string, plan: CatalogueImportPlan, problems: readonly ImportProblem[], now: Date): Promise<void> {
  await tx
    .update(catalogueImports)
    .set({
      state: "done",
      ...planFigures(plan, problems),
      drafts: null,
      progressAt: now,
      finishedAt: now,
    })
    .where(eq(catalogueImports.id, id));
}
