import { CsvError, parse } from "csv-parse/sync";
import { restoreNeutralised } from "../csv";
import { formatCount } from "../number-format";
import type { ImportProblem } from "./cells";

// Reading a catalogue file (issue 13): its limits, the errors that refuse it whole, and its rows and cells,
// numbered as a spreadsheet numbers them.

/** Data rows (blank lines not counted) one import takes. */
export const CATALOGUE_IMPORT_MAX_ROWS = 10_000;
/** The largest file the server accepts; it checks the size before reading, with CATALOGUE_FILE_TOO_LARGE_MESSAGE. */
export const CATALOGUE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const CATALOGUE_FILE_TOO_LARGE_MESSAGE = "This file is larger than 20 MB; an import takes at most 20 MB.";

export const EMPTY_FILE_MESSAGE = "This file is empty.";
export const NO_PRODUCT_ROWS_MESSAGE = "This file has a header row but no rows under it.";
export const UNKNOWN_FORMAT_MESSAGE =
  "This file's first row is not a header we know. Duka imports its own product CSV, Shopify's product CSV and WooCommerce's product CSV: export your products again from one of those and import that file.";

export const tooManyRowsMessage = (rows: number) =>
  `This file has ${formatCount(rows)} rows; an import takes at most ${formatCount(CATALOGUE_IMPORT_MAX_ROWS)}.`;

export type Row = { row: number; cells: string[] };
export type Column = { header: string; index: number };
/** One cell, located for messages. */
export type Cell = { row: number; column: string; text: string };

/** A file being read: its header, its rows, how it writes numbers, and the problems found so far. */
export type FileContext = {
  header: string[];
  rows: Row[];
  style: NumberStyle;
  shopOrigin: string | null;
  problems: ImportProblem[];
};

/** A header cell, found by any of its names, ignoring case. */
export function columnOf(header: readonly string[], names: readonly string[]): Column | null {
  const wanted = names.map((name) => name.toLowerCase());
  const index = header.findIndex((title) => wanted.includes(title.toLowerCase()));
  return index === -1 ? null : { header: header[index]!, index };
}

export function cellAt(row: Row, column: Column | null): Cell {
  return { row: row.row, column: column?.header ?? "", text: column ? (row.cells[column.index] ?? "") : "" };
}

/** Semicolons when the header row has more of them than commas (spreadsheets set to a decimal comma write those). */
function headerDelimiter(body: string): "," | ";" {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of body.replace(/^[\r\n]+/, "")) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === "\n" || char === "\r") break;
    else if (char === ",") commas++;
    else if (char === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

function unreadableMessage(error: CsvError): string {
  // The error counts the records read before the one it stopped in.
  const row = Number(error.records) + 1;
  return error.code === "CSV_QUOTE_NOT_CLOSED"
    ? `This file cannot be read: row ${row} opens a quote that is never closed.`
    : `This file cannot be read as CSV: the trouble starts on row ${row}.`;
}

export type NumberStyle = "point" | "comma";

/** The file's rows, numbered as a spreadsheet numbers them (a quoted cell's line breaks stay in one row). */
export function readRows(text: string): { rows: Row[]; style: NumberStyle } | { error: string } {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (body.trim() === "") return { error: EMPTY_FILE_MESSAGE };
  const delimiter = headerDelimiter(body);
  let records: string[][];
  try {
    // Any line end ends a row, so a file edited in two programs (CRLF and LF mixed) still reads row by row.
    records = parse(body, { delimiter, record_delimiter: ["\r\n", "\n", "\r"], relax_column_count: true, relax_quotes: true });
  } catch (error) {
    if (error instanceof CsvError) return { error: unreadableMessage(error) };
    throw error;
  }
  // Blank lines are records too, so counting records counts the rows a spreadsheet shows. Line breaks inside
  // cells become "\n" whichever program wrote them.
  const rows = records
    .map((cells, index) => ({ row: index + 1, cells: cells.map((cell) => restoreNeutralised(cell).replace(/\r\n?/g, "\n").trim()) }))
    .filter((row) => row.cells.some((cell) => cell !== ""));
  // A semicolon file comes from a spreadsheet set to a decimal comma, so its numbers use one too.
  return { rows, style: delimiter === ";" ? "comma" : "point" };
}
