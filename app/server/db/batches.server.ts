// PostgreSQL numbers a statement's parameters in 16 bits, so one INSERT can carry at most 65,535 values. Bulk
// writes (the catalogue import's thousands of rows) go in batches well under that, a few hundred rows each:
// few enough round trips to write 10,000 rows in seconds, small enough for each statement to plan cheaply.
const MOST_PARAMETERS = 65_535;
const MOST_ROWS = 500;

/** Rows in batches of at most 500, and never more than PostgreSQL's parameter limit allows at `valuesPerRow`. */
export function inBatches<T>(rows: readonly T[], valuesPerRow: number): T[][] {
  const size = Math.max(1, Math.min(MOST_ROWS, Math.floor(MOST_PARAMETERS / valuesPerRow)));
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
  return batches;
}
