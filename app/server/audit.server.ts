import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { ACTIVITY_PER_PAGE, type Actor, type AuditAction, type AuditedEntity, changedFields } from "~/domain/audit";
import type { Queryable, Transaction } from "./db/client.server";
import { inBatches } from "./db/batches.server";
import { db } from "./db/database.server";
import { auditLog, categories, deliveryOptions, products, riders } from "./db/schema.server";
import { newRecordId } from "./random.server";

// The activity log (decision 032). Every change is recorded inside the transaction that makes it, so no change
// commits without its entry and a rolled-back change leaves none.

type Fields = Record<string, unknown>;

export type ChangeRecord = {
  actor: Actor;
  entity: AuditedEntity;
  entityId: string;
  now: Date;
  note?: string;
} & ({ action: "create"; after: Fields } | { action: "update"; before: Fields; after: Fields } | { action: "delete"; before: Fields });

/** The log's row for a change; null for an update that changed nothing. */
function entryOf(change: ChangeRecord): typeof auditLog.$inferInsert | null {
  let before: Fields | null = null;
  let after: Fields | null = null;
  if (change.action === "update") {
    const changed = changedFields(change.before, change.after);
    if (!changed) return null;
    ({ before, after } = changed);
  } else if (change.action === "create") after = change.after;
  else before = change.before;
  return {
    id: newRecordId(),
    at: change.now,
    staffEmail: change.actor.kind === "staff" ? change.actor.email : null,
    service: change.actor.kind === "service" ? change.actor.name : null,
    entity: change.entity,
    entityId: change.entityId,
    action: change.action,
    before,
    after,
    note: change.note ?? null,
  };
}

/** Records changes in as few statements as PostgreSQL allows (the catalogue import records thousands at once). */
export async function recordChanges(tx: Transaction, changes: readonly ChangeRecord[]): Promise<void> {
  const entries = changes.flatMap((change) => entryOf(change) ?? []);
  for (const batch of inBatches(entries)) await tx.insert(auditLog).values(batch);
}

/** Records one change; an update that changed nothing records nothing. */
export async function recordChange(tx: Transaction, change: ChangeRecord): Promise<void> {
  await recordChanges(tx, [change]);
}

export type ActivityEntry = {
  id: string;
  at: Date;
  staffEmail: string | null;
  service: string | null;
  entity: AuditedEntity;
  entityId: string;
  action: AuditAction;
  before: Fields | null;
  after: Fields | null;
  note: string | null;
};

const entryColumns = {
  id: auditLog.id,
  at: auditLog.at,
  staffEmail: auditLog.staffEmail,
  service: auditLog.service,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  action: auditLog.action,
  before: auditLog.before,
  after: auditLog.after,
  note: auditLog.note,
};

const asEntries = (rows: { entity: string; action: string; before: unknown; after: unknown }[]) => rows as unknown as ActivityEntry[];

/** One record's timeline, oldest first (the order details dialog and the product form). */
export async function timelineOf(entity: AuditedEntity, entityId: string, from?: Queryable): Promise<ActivityEntry[]> {
  const rows = await (from ?? (await db()))
    .select(entryColumns)
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id))
    .limit(500);
  return asEntries(rows);
}

export type ActivityFilter = { entity?: AuditedEntity; staffEmail?: string };

const NAMED = { product: products, category: categories, rider: riders, delivery: deliveryOptions } as const;

/**
 * The names of the products, categories, riders and delivery options a page of entries is about: today's name, or for a record
 * since deleted, the name its entries last recorded.
 */
async function recordNames(database: Queryable, entries: readonly ActivityEntry[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const entry of [...entries].reverse()) {
    // A promotion with a code is called by it; an automatic offer by its name.
    const name = entry.after?.code ?? entry.before?.code ?? entry.after?.name ?? entry.before?.name;
    if (typeof name === "string" && name !== "") names.set(`${entry.entity}:${entry.entityId}`, name);
  }
  for (const [entity, table] of Object.entries(NAMED)) {
    const ids = [...new Set(entries.filter((entry) => entry.entity === entity).map((entry) => entry.entityId))];
    if (ids.length === 0) continue;
    const rows = await database.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids));
    for (const row of rows) names.set(`${entity}:${row.id}`, row.name);
  }
  return names;
}

/**
 * One page of the whole log, newest first, narrowed by kind of record and by staff member; each entry with the
 * name of its record where it has one.
 */
export async function activityPage(
  filter: ActivityFilter,
  page: number,
): Promise<{ entries: (ActivityEntry & { recordName: string | null })[]; total: number }> {
  const database = await db();
  const where = and(
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.staffEmail ? eq(auditLog.staffEmail, filter.staffEmail) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    database
      .select(entryColumns)
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(ACTIVITY_PER_PAGE)
      .offset((Math.max(1, page) - 1) * ACTIVITY_PER_PAGE),
    database.select({ n: count() }).from(auditLog).where(where),
  ]);
  const entries = asEntries(rows);
  const names = await recordNames(database, entries);
  return {
    entries: entries.map((entry) => ({ ...entry, recordName: names.get(`${entry.entity}:${entry.entityId}`) ?? null })),
    total: counted?.n ?? 0,
  };
}

/** The staff members who appear in the log, for the list's filter (those since removed too). */
export async function activityStaff(): Promise<string[]> {
  const rows = await (await db())
    .selectDistinct({ email: auditLog.staffEmail })
    .from(auditLog)
    .orderBy(asc(auditLog.staffEmail));
  return rows.flatMap((row) => (row.email === null ? [] : [row.email]));
}
