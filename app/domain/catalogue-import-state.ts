import { formatCount } from "./number-format";

// A catalogue import as staff follow it (issue 13, decision 040): its states, its progress and its words. Apart
// from catalogue-import/, which reads files with csv-parse, so the import pages can use these in the browser.

export const CATALOGUE_IMPORT_STATES = ["previewed", "importing images", "writing", "done", "failed"] as const;
export type CatalogueImportState = (typeof CATALOGUE_IMPORT_STATES)[number];

/** The states of an import at work; at most one import is in one of them at a time. */
export const RUNNING_IMPORT_STATES = ["importing images", "writing"] as const satisfies readonly CatalogueImportState[];
export const isRunning = (state: CatalogueImportState) => (RUNNING_IMPORT_STATES as readonly string[]).includes(state);

export const IMPORT_STATE_LABELS: Record<CatalogueImportState, string> = {
  previewed: "Waiting for confirmation",
  "importing images": "Importing images",
  writing: "Writing products",
  done: "Done",
  failed: "Failed",
};

/**
 * A running import pushes its progress time forward at least every few seconds while it fetches images, and
 * then writes everything in one transaction of seconds; one that has shown no progress for this long has lost
 * its process (the shop stopped or crashed), and its transaction never committed.
 */
export const IMPORT_STALL_MS = 2 * 60_000;

/**
 * Rows of the file done while images are fetched, several products at a time: every row above the first
 * product still at work. `rows` are the rows the products start on (the header is row 1).
 */
export function importProgress(totalRows: number, rows: readonly number[]) {
  const pending = [...rows].sort((a, b) => a - b);
  const finished = new Set<number>();
  let next = 0;
  return {
    finish(row: number) {
      finished.add(row);
      while (next < pending.length && finished.has(pending[next]!)) next++;
    },
    get rowsDone() {
      // Blank lines are numbered but not counted, so a row number can run past the total.
      return next === pending.length ? totalRows : Math.min(totalRows, Math.max(0, pending[next]! - 2));
    },
  };
}

/** A preview nobody confirmed is deleted after a week, with the copy of its file that it keeps. */
export const PREVIEW_KEPT_MS = 7 * 24 * 60 * 60_000;

export const IMPORT_STOPPED_MESSAGE = "The shop stopped during this import; nothing was written. Please import the file again.";
export const IMPORT_BUSY_MESSAGE = "Another import is running. When it has finished, confirm this one again.";
/** A file imports whole or not at all: one with a problem in any row is fixed first (images aside). */
export const IMPORT_HAS_PROBLEMS_MESSAGE =
  "This file has rows with problems, and an import brings in the whole file or nothing. Fix the rows listed below in the file and import it again.";
export const IMPORT_NOT_FOUND_MESSAGE = "This import was not found. Import the file again from Products → Import.";
/** The import form's hint: the formats it reads and its limits (catalogue-import/file.ts's; a test keeps them equal). */
export const IMPORT_FILE_HINT =
  "A product CSV exported from Duka, Shopify or WooCommerce (UTF-8, commas or semicolons), of at most 10,000 rows and 20 MB. Nothing changes until you confirm the preview.";
export const NO_FILE_MESSAGE = "Choose a CSV file to import.";
export const UPLOAD_NOT_A_FORM_MESSAGE = "The upload did not arrive as a form with a file. Choose the CSV file and try again.";
export const NOT_UTF8_MESSAGE =
  'This file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8" (or export it again from Shopify or WooCommerce) and import that file.';

/** Why a confirmed import failed; its transaction rolled back, so it wrote nothing. */
export const importFailedMessage = (detail: string) => `The import failed and nothing was written (${detail}). Please import the file again.`;

/** Problems kept with an import; the preview says how many more there are. */
export const MAX_STORED_PROBLEMS = 1_000;

const products = (n: number) => `${formatCount(n)} ${n === 1 ? "product" : "products"}`;

/** The confirm button: "Import 12 products". */
export const importButtonLabel = (toWrite: number) => `Import ${products(toWrite)}`;

/** The progress bar's words: "1,234 of 10,000 rows". */
export const progressText = (done: number, total: number) => `${formatCount(done)} of ${formatCount(total)} rows`;

/** A finished import in one sentence. */
export function importOutcome(result: { created: number; updated: number; unchanged: number }): string {
  const parts = [
    result.created > 0 && `${products(result.created)} created`,
    result.updated > 0 && `${products(result.updated)} updated`,
    result.unchanged > 0 && `${formatCount(result.unchanged)} unchanged`,
  ].filter((part) => part !== false);
  return parts.length === 0 ? "The import finished; it had nothing to write." : `The import finished: ${parts.join(", ")}.`;
}
