import { describe, expect, test } from "vitest";
import { CATALOGUE_FORMAT_VALUES, CATALOGUE_IMPORT_RUNNING_STATES, CATALOGUE_IMPORT_STATES as STORED_STATES } from "../server/db/schema.server";
import { CATALOGUE_FILE_TOO_LARGE_MESSAGE, CATALOGUE_IMPORT_MAX_BYTES, CATALOGUE_IMPORT_MAX_ROWS } from "./catalogue-import/file";
import { CATALOGUE_FORMAT_NAMES } from "./catalogue-import/reading";
import {
  CATALOGUE_IMPORT_STATES,
  IMPORT_FILE_HINT,
  importButtonLabel,
  importOutcome,
  importProgress,
  isRunning,
  progressText,
  RUNNING_IMPORT_STATES,
} from "./catalogue-import-state";

test("the database knows the same states and formats as the domain", () => {
  expect([...STORED_STATES]).toEqual([...CATALOGUE_IMPORT_STATES]);
  expect([...CATALOGUE_IMPORT_RUNNING_STATES]).toEqual([...RUNNING_IMPORT_STATES]);
  expect([...CATALOGUE_FORMAT_VALUES]).toEqual(Object.keys(CATALOGUE_FORMAT_NAMES));
  expect(CATALOGUE_IMPORT_STATES.filter(isRunning)).toEqual(["importing images", "writing"]);
});

test("the form's hint names the import's limits", () => {
  expect(IMPORT_FILE_HINT).toContain(`${CATALOGUE_IMPORT_MAX_ROWS.toLocaleString("en-KE")} rows`);
  expect(IMPORT_FILE_HINT).toContain(`${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB`);
  expect(CATALOGUE_FILE_TOO_LARGE_MESSAGE).toContain(`${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB`);
});

describe("importProgress", () => {
  test("rows are done up to the first product still at work, whatever order the others finish in", () => {
    // Products start on rows 2, 4, 7 and 8 of a file of 8 data rows (rows 2 to 9).
    const progress = importProgress(8, [7, 2, 8, 4]);
    expect(progress.rowsDone).toBe(0);
    progress.finish(4);
    progress.finish(7);
    expect(progress.rowsDone).toBe(0);
    progress.finish(2);
    expect(progress.rowsDone).toBe(6);
    progress.finish(8);
    expect(progress.rowsDone).toBe(8);
  });

  test("with nothing to wait for, every row is done", () => {
    expect(importProgress(10_000, []).rowsDone).toBe(10_000);
  });

  test("blank lines (numbered, not counted) never take it past the total", () => {
    const progress = importProgress(3, [2, 40]);
    progress.finish(2);
    expect(progress.rowsDone).toBe(3);
  });
});

test("the page's words", () => {
  expect(importButtonLabel(1)).toBe("Import 1 product");
  expect(importButtonLabel(12_345)).toBe("Import 12,345 products");
  expect(progressText(1_234, 10_000)).toBe("1,234 of 10,000 rows");
  expect(importOutcome({ created: 12, updated: 1, unchanged: 0 })).toBe("The import finished: 12 products created, 1 product updated.");
  expect(importOutcome({ created: 0, updated: 0, unchanged: 4 })).toBe("The import finished: 4 unchanged.");
  expect(importOutcome({ created: 0, updated: 0, unchanged: 0 })).toBe("The import finished; it had nothing to write.");
});
