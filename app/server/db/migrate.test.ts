import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { emptyDatabase } from "../../../tests/setup/fresh-database";
import { ConfigurationError } from "../config.server";
import { queryRows, type ShopDatabase } from "./client.server";
import { describeMigrations, migrate, migrationsFolder, missingMigrations, neededMigrations, prepareSchema } from "./migrate.server";

const needed = neededMigrations().map((m) => m.tag);

/** The migration folder as it was when only its first `count` migrations existed (an earlier release's). */
function earlierFolder(count: number): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "duka-migrations-"));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: unknown[] };
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return folder;
}

const refusal = (missing: string[]) =>
  new ConfigurationError(
    `The database lacks ${describeMigrations(missing)} that this release needs; run \`npm run migrate\` first (MIGRATE=off keeps this process from migrating).`,
  );

describe("MIGRATE=off: a process never migrates and never serves on an older schema (decision 063)", () => {
  test("a database without the schema lacks every migration, and a process that may not migrate refuses it", async () => {
    const database = await emptyDatabase();
    expect(await missingMigrations(database)).toEqual(needed);
    await expect(prepareSchema(database, false)).rejects.toThrow(refusal(needed));
    expect(refusal(needed).message).toBe(
      `The database lacks ${needed.length} migrations (0000_extensions to ${needed.at(-1)}) that this release needs; run \`npm run migrate\` first (MIGRATE=off keeps this process from migrating).`,
    );
  });

  test("one migrated by an earlier release lacks only the newer ones; once migrated, the process starts", async () => {
    const database = await emptyDatabase();
    await migrate(database, earlierFolder(needed.length - 1));
    expect(await missingMigrations(database)).toEqual([needed.at(-1)]);
    await expect(prepareSchema(database, false)).rejects.toThrow(refusal([needed.at(-1)!]));
    await prepareSchema(database, true);
    expect(await missingMigrations(database)).toEqual([]);
    await expect(prepareSchema(database, false)).resolves.toBeUndefined();
  });

  test("a database a newer release already expanded serves this release too", async () => {
    const database = await emptyDatabase();
    await migrate(database);
    // A newer release's expand step, recorded as drizzle records its migrations.
    await database.db.execute(sql`create table newer_release_thing (id integer)`);
    await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${Date.now() + 86_400_000})`);
    expect(await missingMigrations(database)).toEqual([]);
    await expect(prepareSchema(database, false)).resolves.toBeUndefined();
  });
});

type Column = { table_name: string; column_name: string; data_type: string; is_nullable: "YES" | "NO"; column_default: string | null; is_identity: "YES" | "NO"; is_generated: "ALWAYS" | "NEVER" };

async function columns(database: ShopDatabase): Promise<Column[]> {
  return queryRows<Column>(
    database.db,
    sql`select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity, c.is_generated
        from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
  );
}

/**
 * What a migration did that code written for the schema before it could trip over: a table or column gone or
 * retyped, or a column added that an insert naming only the old columns cannot leave out.
 */
function contractions(before: Column[], after: Column[]): string[] {
  const key = (c: Column) => `${c.table_name}.${c.column_name}`;
  const afterByKey = new Map(after.map((c) => [key(c), c]));
  const oldTables = new Set(before.map((c) => c.table_name));
  const beforeKeys = new Set(before.map(key));
  const problems: string[] = [];
  for (const column of before) {
    const now = afterByKey.get(key(column));
    if (!now) problems.push(`removed ${key(column)}`);
    else if (now.data_type !== column.data_type) problems.push(`changed ${key(column)} from ${column.data_type} to ${now.data_type}`);
  }
  for (const column of after) {
    if (!oldTables.has(column.table_name) || beforeKeys.has(key(column))) continue;
    const filledIn = column.column_default !== null || column.is_identity === "YES" || column.is_generated === "ALWAYS";
    if (column.is_nullable === "NO" && !filledIn) {
      problems.push(`added ${key(column)}, required and without a default`);
    }
  }
  return problems;
}

/**
 * Migrations made before the expand-then-contract rule (decision 063) that contracted, each in a release whose
 * code changed with it. None may be added: a contraction now waits for the release after the one that stopped
 * using what it removes, and is listed here with that reason.
 */
const CONTRACTIONS_BEFORE_THE_RULE: Record<string, string[]> = {
  // Money columns widened so that no total can overflow (issue 9); every query of the release before read them as
  // numbers, which a bigint still is to it.
  "0005_money_versions_audit": [
    "changed orders.total_cents from integer to bigint",
    "changed order_lines.unit_price_cents from integer to bigint",
    "changed products.price_cents from integer to bigint",
  ],
  // Every order got its M-Pesa account code (issue 11), filled in for the orders already placed.
  "0007_payments": ["added orders.order_code, required and without a default"],
};

describe("expand, then contract (decision 063)", () => {
  test("each migration keeps every table and column the release before it used, and its inserts working", async () => {
    const database = await emptyDatabase();
    let before: Column[] = [];
    const found: Record<string, string[]> = {};
    // PostgreSQL 15 and PGlite (18) may see an old migration differently; nothing outside the list is allowed on either.
    for (let count = 1; count <= needed.length; count++) {
      await migrate(database, earlierFolder(count));
      const after = await columns(database);
      const problems = contractions(before, after);
      const listed = CONTRACTIONS_BEFORE_THE_RULE[needed[count - 1]!] ?? [];
      const unlisted = problems.filter((problem) => !listed.includes(problem));
      if (unlisted.length > 0) found[needed[count - 1]!] = unlisted;
      before = after;
    }
    expect(found).toEqual({});
  });

  test("the previous release's reads run on this release's schema", async () => {
    const database = await emptyDatabase();
    await migrate(database, earlierFolder(needed.length - 1));
    const previous = await columns(database);
    await migrate(database);
    const tables = new Map<string, Column[]>();
    for (const column of previous) tables.set(column.table_name, [...(tables.get(column.table_name) ?? []), column]);
    for (const [table, cols] of tables) {
      const list = sql.join(
        cols.map((c) => sql.identifier(c.column_name)),
        sql`, `,
      );
      await expect(database.db.execute(sql`select ${list} from ${sql.identifier(table)} limit 1`), table).resolves.toBeDefined();
    }
    expect(tables.size).toBeGreaterThan(20);
  });
});
