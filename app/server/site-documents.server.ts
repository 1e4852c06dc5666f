import { eq, sql } from "drizzle-orm";
import { type IdPrefix, prefixedId } from "~/domain/ids";
import {
  type SiteDocument,
  type SiteDocumentKey,
  siteDocumentDefaults,
  siteDocumentSchemas,
} from "~/domain/site-documents.schema";
import type { Queryable } from "./db/client.server";
import { db } from "./db/database.server";
import { siteDocuments } from "./db/schema.server";
import { publish } from "./events.server";
import { liveCache } from "./live-cache.server";
import { secureRandomInt } from "./random.server";

async function loadSiteDocument<K extends SiteDocumentKey>(key: K, source: Queryable): Promise<SiteDocument<K>> {
  const [row] = await source.select({ value: siteDocuments.value }).from(siteDocuments).where(eq(siteDocuments.key, key));
  const parsed = siteDocumentSchemas[key].safeParse(row?.value);
  return (parsed.success ? parsed.data : siteDocumentDefaults[key]) as SiteDocument<K>;
}

// Every page reads several of these; staff change them rarely.
const cachedDocuments = liveCache<SiteDocumentKey, SiteDocument<SiteDocumentKey>>(["settings", "content"]);

/**
 * Reads a settings or content document; a missing or unreadable one reads as its defaults. Inside a
 * transaction (`from`) it reads the database itself.
 */
export async function readSiteDocument<K extends SiteDocumentKey>(key: K, from?: Queryable): Promise<SiteDocument<K>> {
  if (from) return loadSiteDocument(key, from);
  return (await cachedDocuments.get(key, async () => loadSiteDocument(key, await db()))) as SiteDocument<K>;
}

/** Replaces a document after validating it, and tells open pages. */
export async function writeSiteDocument<K extends SiteDocumentKey>(
  key: K,
  value: SiteDocument<K>,
  into?: Queryable,
): Promise<SiteDocument<K>> {
  const valid = siteDocumentSchemas[key].parse(value) as SiteDocument<K>;
  const write = async (tx: Queryable) => {
    await tx
      .insert(siteDocuments)
      .values({ key, value: valid })
      .onConflictDoUpdate({ target: siteDocuments.key, set: { value: valid, updatedAt: sql`now()` } });
    await publish(tx, key === "settings" ? "settings" : "content", key);
  };
  if (into) await write(into);
  else await (await db()).transaction(write);
  return valid;
}

/** A lasting id for a slide, payment method, field, FAQ, contact field or link added in an editor (SPEC §3). */
export const newContentId = (prefix: IdPrefix): string => prefixedId(prefix, new Date(), secureRandomInt);
