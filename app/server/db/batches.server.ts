// PostgreSQL numbers a statement's parameters in 16 bits, so one INSERT can carry at most 65,535 values. Bulk
// writes (the catalogue import's thousands of rows) go in batches of 500 rows: the widest table, products, has
// 23 columns, so a batch carries at most 11,500 values, and 10,000 rows take a few dozen round trips.
const ROWS_PER_BATCH = 500;

/** Rows in batches of at most ROWS_PER_BATCH, one statement each. */
export function inBatches<T>(rows: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_BATCH) batches.push(rows.slice(start, start + ROWS_PER_BATCH));
  return batches;
}
