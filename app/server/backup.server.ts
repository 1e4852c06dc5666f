import { createWriteStream } from "node:fs";
import { chmod, mkdir, readdir, readFile, realpath, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { isStoredImageName } from "~/domain/stored-images";
import { type Database, queryRows } from "./db/client.server";
import type { ImageStore } from "./image-store.server";

/** Tables in the order a restore fills them (parents before children). */
export const BACKUP_TABLES = [
  "categories",
  "products",
  "product_variants",
  "product_slug_history",
  "riders",
  "delivery_options",
  "promotions",
  "orders",
  "order_lines",
  "order_discounts",
  "payment_requests",
  "payments",
  "campaigns",
  "notifications",
  "newsletter_subscribers",
  "consent_events",
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

/** Where a path really leads: symbolic links in the part of it that exists are followed. */
async function realLocation(place: string): Promise<string> {
  const resolved = path.resolve(place);
  try {
    return await realpath(resolved);
  } catch {
    const parent = path.dirname(resolved);
    return parent === resolved ? resolved : path.join(await realLocation(parent), path.basename(resolved));
  }
}

async function isWithin(place: string, folder: string): Promise<boolean> {
  const relative = path.relative(await realLocation(folder), await realLocation(place));
  return relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** A folder only its owner can open: a backup holds password hashes, sessions and customers' details. */
async function privateFolder(folder: string) {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
}

/**
 * Copies the shop's own images (content-hash names, as saveImage writes them) from the store into a backup's
 * folder, each readable by its owner only; a name already there is the same picture and is kept.
 */
async function backUpImages(store: ImageStore, to: string) {
  await mkdir(to, { recursive: true, mode: 0o700 });
  const already = new Set(await readdir(to));
  for (const name of await store.list()) {
    if (already.has(name)) continue;
    const image = await store.read(name);
    // Gone since the listing (the shop is in use): nothing to copy.
    if (image.kind !== "found") continue;
    await pipeline(image.body, createWriteStream(path.join(to, name), { flags: "wx", mode: 0o600 }));
  }
}

/**
 * Writes a backup's images into the store. Whatever else its folder holds (another kind of file, a
 * sub-folder, a link) is left behind: written to the store, a page or a script would be served as the shop's.
 * Returns how many entries were left behind.
 */
async function restoreImages(from: string, store: ImageStore): Promise<number> {
  const entries = await readdir(from, { withFileTypes: true }).catch(() => undefined);
  if (!entries) return 0;
  const images = entries.filter((entry) => entry.isFile() && isStoredImageName(entry.name));
  for (const entry of images) await store.write(entry.name, await readFile(path.join(from, entry.name)));
  return entries.length - images.length;
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
 * transaction, so rows from different tables belong to the same moment) and the uploaded images (decision 003),
 * from whichever store holds them (decision 060). Independent of the engine: a PGlite backup restores into
 * PostgreSQL and back. Only its owner can read it, and it is never written where the shop serves uploads to anyone.
 */
export async function writeBackup(database: Database, store: ImageStore, target: string, now = new Date()) {
  if (store.folder && (await isWithin(target, store.folder))) {
    throw new BackupError(`${target} is inside the uploads folder, which anyone can download from; choose a backup folder outside ${store.folder}.`);
  }
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
  await privateFolder(target);
  const file: BackupFile = { format: FORMAT, version: VERSION, createdAt: now.toISOString(), tables };
  const databaseFile = path.join(target, DATABASE_FILE);
  await writeFile(databaseFile, gzipSync(JSON.stringify(file)), { mode: 0o600 });
  await chmod(databaseFile, 0o600);
  await backUpImages(store, path.join(target, "uploads"));
  return { tables: Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, rows.length])) };
}

/**
 * Brings a backup back into an empty (migrated) database, and its images into the configured store. Refuses to
 * mix with data. Of the backup's uploads only the shop's own images come back; `leftOut` counts the other files it held.
 */
export async function restoreBackup(database: Database, store: ImageStore, source: string) {
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
  const leftOut = await restoreImages(path.join(source, "uploads"), store);
  return { tables: counts, leftOut };
}
