import { sql } from "drizzle-orm";
import { siteDocumentSchemas, type SiteDocumentKey } from "../../../app/domain/site-documents.schema";
import { closeShopDatabase, db, shopDatabase } from "../../../app/server/db/database.server";
import { readSiteDocument, writeSiteDocument } from "../../../app/server/site-documents.server";

/**
 * Test fixture, run in its own process before a test shop starts: opens DATA_DIR (creating, migrating and
 * seeding it like `npm start`), empties the tables named in DUKA_TEST_EMPTY_TABLES (in that order) and merges
 * the JSON in DUKA_TEST_DOCUMENTS into the named site documents.
 */
const overrides = JSON.parse(process.env.DUKA_TEST_DOCUMENTS ?? "{}") as Partial<Record<SiteDocumentKey, object>>;
const emptied = JSON.parse(process.env.DUKA_TEST_EMPTY_TABLES ?? "[]") as string[];
await shopDatabase();
for (const table of emptied) await (await db()).execute(sql`delete from ${sql.identifier(table)}`);
for (const [key, patch] of Object.entries(overrides) as [SiteDocumentKey, object][]) {
  const current = await readSiteDocument(key);
  await writeSiteDocument(key, siteDocumentSchemas[key].parse({ ...current, ...patch }) as never);
}
await closeShopDatabase();
