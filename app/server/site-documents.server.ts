import { eq, sql } from "drizzle-orm";
import type { Actor } from "~/domain/audit";
import { changedMeanwhileMessage, editVersionSchema } from "~/domain/edit-version";
import { type IdPrefix, prefixedId } from "~/domain/ids";
import { type EditableDocumentKey, WITH_LASTING_IDS } from "~/domain/site-content";
import { parseEditorForm } from "~/domain/site-content.schema";
import {
  type SiteDocument,
  type SiteDocumentKey,
  siteDocumentDefaults,
  siteDocumentSchemas,
} from "~/domain/site-documents.schema";
import { recordChange } from "./audit.server";
import type { Queryable } from "./db/client.server";
import { db } from "./db/database.server";
import { siteDocuments } from "./db/schema.server";
import { publish } from "./events.server";
import { liveCache } from "./live-cache.server";
import { secureRandomInt } from "./random.server";

/** A stored document as its schema reads it; a missing or unreadable one reads as its defaults. */
function documentFrom<K extends SiteDocumentKey>(key: K, stored: unknown): SiteDocument<K> {
  const parsed = siteDocumentSchemas[key].safeParse(stored);
  return (parsed.success ? parsed.data : siteDocumentDefaults[key]) as SiteDocument<K>;
}

async function loadSiteDocument<K extends SiteDocumentKey>(key: K, source: Queryable): Promise<SiteDocument<K>> {
  const [row] = await source.select({ value: siteDocuments.value }).from(siteDocuments).where(eq(siteDocuments.key, key));
  return documentFrom(key, row?.value);
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

/** A lasting id for a slide, payment method, field, FAQ, contact field or link added in an editor (product.md §3). */
const newContentId = (prefix: IdPrefix): string => prefixedId(prefix, new Date(), secureRandomInt);

/** A document as an editor loads it: its content, and the version its save must name (decision 031). */
export async function readSiteDocumentForEdit<K extends SiteDocumentKey>(key: K): Promise<{ document: SiteDocument<K>; version: number }> {
  const [row] = await (await db())
    .select({ value: siteDocuments.value, version: siteDocuments.version })
    .from(siteDocuments)
    .where(eq(siteDocuments.key, key));
  return { document: documentFrom(key, row?.value), version: row?.version ?? 1 };
}

export type SaveDocumentResult<K extends SiteDocumentKey> =
  | { ok: true; saved: SiteDocument<K>; version: number }
  | { ok: false; problem: "changed-meanwhile" };

/**
 * A staff member's save of a whole document, if nobody saved it since their editor loaded `version`; recorded
 * in the activity log with the parts that changed. A document never saved reads as its defaults, version 1.
 */
export async function saveSiteDocument<K extends SiteDocumentKey>(
  key: K,
  value: SiteDocument<K>,
  version: number,
  actor: Actor,
  now = new Date(),
): Promise<SaveDocumentResult<K>> {
  const valid = siteDocumentSchemas[key].parse(value) as SiteDocument<K>;
  return (await db()).transaction(async (tx): Promise<SaveDocumentResult<K>> => {
    // Written first when missing, so there is always a row to lock and two first saves queue on it.
    await tx.insert(siteDocuments).values({ key, value: siteDocumentDefaults[key] }).onConflictDoNothing();
    const [current] = await tx.select().from(siteDocuments).where(eq(siteDocuments.key, key)).for("update");
    if (!current || current.version !== version) return { ok: false, problem: "changed-meanwhile" };
    const before = documentFrom(key, current.value);
    await tx
      .update(siteDocuments)
      .set({ value: valid, version: current.version + 1, updatedAt: now })
      .where(eq(siteDocuments.key, key));
    await recordChange(tx, {
      actor,
      entity: key === "settings" ? "settings" : "content",
      entityId: key,
      action: "update",
      before: before as Record<string, unknown>,
      after: valid as Record<string, unknown>,
      now,
    });
    await publish(tx, key === "settings" ? "settings" : "content", key);
    return { ok: true, saved: valid, version: current.version + 1 };
  });
}

export type EditorSaveAnswer<K extends EditableDocumentKey> =
  | { ok: true; saved: SiteDocument<K>; version: number }
  | { ok: false; errors: Record<string, string> };

/**
 * The save of a settings or content editor (the document posted whole as JSON, with the version it was
 * loaded from): its answer and HTTP status. Added items get lasting ids; a save over someone else's is refused.
 */
export async function saveEditorForm<K extends EditableDocumentKey>(
  key: K,
  fields: Record<string, string>,
  actor: Actor,
): Promise<{ status: number; answer: EditorSaveAnswer<K> }> {
  const parsed = parseEditorForm(key, fields);
  if (!parsed.ok) return { status: 400, answer: parsed };
  const version = editVersionSchema.safeParse(fields.version);
  if (!version.success) return { status: 400, answer: { ok: false, errors: { form: version.error.issues[0]!.message } } };
  const result = await saveSiteDocument(key, WITH_LASTING_IDS[key](parsed.document, newContentId), version.data, actor);
  if (!result.ok) return { status: 409, answer: { ok: false, errors: { form: changedMeanwhileMessage(key) } } };
  return { status: 200, answer: result };
}
