import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..", "..");

// Sign-ins write sessions and the seed marker never changes: neither is something an action may alter.
const IGNORED_TABLES = new Set(["staff_sessions", "shop_meta"]);

/**
 * Everything a shop holds that staff actions could change, read with the real backup command (it reaches
 * the running shop over its socket): two equal results mean nothing was written.
 */
export async function shopState(dataDir: string): Promise<Record<string, unknown[]>> {
  const target = mkdtempSync(path.join(os.tmpdir(), "duka-state-"));
  try {
    await run(process.execPath, ["--import", "tsx", "scripts/backup.ts", target], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    });
    const backup = JSON.parse(gunzipSync(readFileSync(path.join(target, "database.json.gz"))).toString("utf8")) as {
      tables: Record<string, unknown[]>;
    };
    return Object.fromEntries(Object.entries(backup.tables).filter(([table]) => !IGNORED_TABLES.has(table)));
  } finally {
    rmSync(target, { recursive: true, force: true });
  }
}
