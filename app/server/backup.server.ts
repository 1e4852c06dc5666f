import { cp, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "./db/client.server";

/** Tables in the order a restore fills them (parents before children). */
export const BACKUP_TABLES = [
  "categories",
  "products",
  "product_slug_history",
  "riders",
  "orders",
  "order_lines",
  "payment_requests",
  "payments",
  "notifications",
  "newsletter_subscribers",
  "catalogue_imports",
  "imported_images",
  "staff_users",
  "staff_sessions",
  "site_documents",
  "shop_meta",
  "audit_log",
] as const;

const FORMAT = "duka-backup";
const VERSION = 1;
const DATABASE_FILE = "database.json.gz";

type BackupFile = { format: string; version: number; createdAt: string; tables: Record<string, unknown[]> };

class BackupError extends Error {
  override name = "BackupError";
}

/** Columns we write back; generated ones (such as the phone digits) are recomputed by the database. */
async function writableColumns(tx: Pick<Database, "execute">, table: string): Promise<string[]> {
  const rows = await queryRows<{ column_name: string }>(
    tx,
    sql`select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return rows.map((r) => r.column_name);
}

/**
 * Writes a consistent copy of the shop into `target`: every table as JSON (read in one repeatable-read
 * transaction, so rows from different tables belong to the same moment) and the uploaded images (decision 003).
 * Independent of the engine: a PGlite backup restores into PostgreSQL and back.
 */
export async function writeBackup(database: Database, uploadsDir: string, target: string, now = new Date()) {
  const tables: Record<string, unknown[]> = {};
  await database.transaction(
    async (tx) => {
      for (const table of BACKUP_TABLES) {
        const [result] = await queryRows<{ rows: unknown[] }>(
          tx,
          sql`select coalesce(json_agg(t), '[]'::json) as rows from ${sql.identifier(table)} t`,
        );
        tables[table] = result?.rows ?? [];
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  await mkdir(target, { recursive: true });
  const file: BackupFile = { format: FORMAT, version: VERSION, createdAt: now.toISOString(), tables };
  await writeFile(path.join(target, DATABASE_FILE), gzipSync(JSON.stringify(file)));
  const hasUploads = await stat(uploadsDir).then((s) => s.isDirectory(), () => false);
  if (hasUploads) await cp(uploadsDir, path.join(target, "uploads"), { recursive: true });
  return { tables: Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, rows.length])) };
}

/** Brings a backup back into an empty (migrated) database and uploads folder. Refuses to mix with data. */
export async function restoreBackup(database: Database, uploadsDir: string, source: string) {
  let file: BackupFile;
  try {
    file = JSON.parse(gunzipSync(await readFile(path.join(source, DATABASE_FILE))).toString("utf8"));
  } catch {
    throw new BackupError(`${source} does not hold a Duka backup (${DATABASE_FILE} is missing or unreadable).`);
  }
  if (file.format !== FORMAT || file.version !== VERSION) {
    throw new BackupError(`${source} is not a Duka backup of a version this shop can read.`);
  }
  const counts: Record<string, number> = {};
  await database.transaction(async (tx) => {
    for (const table of BACKUP_TABLES) {
      const [existing] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)}`);
      if ((existing?.n ?? 0) > 0) {
        throw new BackupError("The database already holds a shop; restore only into an empty DATA_DIR or database.");
      }
    }
    for (const table of BACKUP_TABLES) {
      const rows = file.tables[table] ?? [];
      counts[table] = rows.length;
      if (rows.length === 0) continue;
      const columns = sql.join((await writableColumns(tx, table)).map((c) => sql.identifier(c)), sql`, `);
      await tx.execute(
        sql`insert into ${sql.identifier(table)} (${columns})
            select ${columns} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`,
      );
    }
  });
  const backupUploads = path.join(source, "uploads");
  if (await stat(backupUploads).then((s) => s.isDirectory(), () => false)) {
    await mkdir(uploadsDir, { recursive: true });
    await cp(backupUploads, uploadsDir, { recursive: true, force: false });
  }
  return { tables: counts };
}
