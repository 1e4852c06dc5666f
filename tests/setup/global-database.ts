import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { fromPglite, openPostgres, PGLITE_EXTENSIONS } from "../../app/server/db/client.server";
import { migrate } from "../../app/server/db/migrate.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: the migrated data directory, saved once, which every test file starts from. */
    pgliteSnapshot: string;
    /** PostgreSQL: the migrated template database each test file copies. */
    postgresTemplate: string;
  }
}

/** Migrates once for the whole run: a fresh PGlite costs seconds, a copy of a snapshot about one. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    // Named after the database the run connects to, so runs against different databases never share a template.
    const TEMPLATE_DATABASE = `${new URL(url).pathname.slice(1)}_test_template`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
    const template = await openPostgres(templateUrl.toString());
    await migrate(template);
    await template.close();
    project.provide("postgresTemplate", TEMPLATE_DATABASE);
    project.provide("pgliteSnapshot", "");
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "duka-snapshot-"));
  const database = fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  await migrate(database);
  const snapshot = await database.pglite!.dumpDataDir("none");
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  await database.close();
  project.provide("pgliteSnapshot", file);
  project.provide("postgresTemplate", "");
  return () => rmSync(dir, { recursive: true, force: true });
}
