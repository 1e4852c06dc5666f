import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { UPLOAD_WIDTHS } from "~/domain/images";
import { config } from "../config.server";
import { db } from "./database.server";
import { prepareSampleImages, writeSampleDataOnce } from "./seed.server";

// Decision 065: the build encodes the sample images' widths once; a shop's first start copies them, without sharp.
const prepared = mkdtempSync(path.join(os.tmpdir(), "duka-sample-images-"));
afterAll(() => rmSync(prepared, { recursive: true, force: true }));

test("the build prepares every sample image's widths, and drops those of artwork since replaced", async () => {
  writeFileSync(path.join(prepared, "0123456789abcdef0123-320.webp"), "a width of replaced artwork");
  await prepareSampleImages(prepared);
  const names = readdirSync(prepared);
  const plainNames = names.filter((name) => /^[a-f0-9]{20}\.webp$/.test(name));
  expect(plainNames.length).toBeGreaterThan(20);
  expect(names).toHaveLength(plainNames.length * (UPLOAD_WIDTHS.length + 1));
  expect(names).not.toContain("0123456789abcdef0123-320.webp");
}, 60_000);

test("a first start copies the prepared widths rather than encoding the pictures again", async () => {
  // A prepared width with a mark of its own: a copy keeps the mark, a new encoding would not.
  const width = readdirSync(prepared).find((name) => name.endsWith("-320.webp"))!;
  writeFileSync(path.join(prepared, width), "prepared by the build");
  expect(await writeSampleDataOnce(await db(), new Date(), prepared)).toBe(true);
  expect(readFileSync(path.join(config().uploadsDir, width), "utf8")).toBe("prepared by the build");
  for (const name of readdirSync(prepared)) expect(existsSync(path.join(config().uploadsDir, name))).toBe(true);
});
