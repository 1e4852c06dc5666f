import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { closeShopDatabase, setShopDatabase } from "../../app/server/db/database.server";
import { stopListening } from "../../app/server/events.server";
import { dropFreshDatabases, freshDatabase } from "./fresh-database";

// Every test file gets its own database, copied from the migrated snapshot, and its own folders.
const folder = mkdtempSync(path.join(os.tmpdir(), "duka-test-"));
process.env.DATA_DIR = folder;
process.env.UPLOADS_DIR = path.join(folder, "uploads");

beforeAll(async () => {
  setShopDatabase(await freshDatabase());
});

afterAll(async () => {
  await stopListening();
  await closeShopDatabase();
  await dropFreshDatabases();
  rmSync(folder, { recursive: true, force: true });
});
