import { siteDocumentSchemas, type SiteDocumentKey } from "../../../app/domain/site-documents.schema";
import { closeShopDatabase, shopDatabase } from "../../../app/server/db/database.server";
import { readSiteDocument, writeSiteDocument } from "../../../app/server/site-documents.server";

/**
 * Test fixture, run in its own process before a test shop starts: opens DATA_DIR (creating, migrating and
 * seeding it like `npm start`) and merges the JSON in DUKA_TEST_DOCUMENTS into the named site documents.
 */
const overrides = JSON.parse(process.env.DUKA_TEST_DOCUMENTS ?? "{}") as Partial<Record<SiteDocumentKey, object>>;
await shopDatabase();
for (const [key, patch] of Object.entries(overrides) as [SiteDocumentKey, object][]) {
  const current = await readSiteDocument(key);
  await writeSiteDocument(key, siteDocumentSchemas[key].parse({ ...current, ...patch }) as never);
}
await closeShopDatabase();
