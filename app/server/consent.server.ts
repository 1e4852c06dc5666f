import { asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { ConsentChange, ConsentSource } from "~/domain/consent";
import type { Queryable } from "./db/client.server";
import { db } from "./db/database.server";
import { consentEvents } from "./db/schema.server";
import { newRecordId } from "./random.server";

// Consent to marketing (issue 25, decision 057), kept per phone's digits as a list of changes: the latest decides.

/**
 * Whether the phone whose digits `phoneDigits` gives agreed to marketing, in SQL: its latest change agreed (a
 * withdrawal wins a tie), as domain/consent.ts hasConsent decides; consent.test.ts checks the two agree.
 */
export const agreedToMarketingSql = (phoneDigits: SQL | SQL.Aliased | typeof consentEvents.phoneDigits): SQL<boolean> =>
  sql<boolean>`coalesce((select c.agreed from ${consentEvents} c where c.phone_digits = ${phoneDigits} order by c.at desc, c.agreed asc limit 1), false)`;

/** Records one change of a phone's consent, inside the transaction that makes it (an order, a reply, a staff click). */
export async function recordConsentChange(tx: Queryable, phoneDigits: string, change: ConsentChange): Promise<void> {
  await tx.insert(consentEvents).values({ id: newRecordId(), phoneDigits, ...change });
}

/** Whether a phone may be sent marketing now. */
export async function agreedToMarketing(phoneDigits: string, from?: Queryable): Promise<boolean> {
  const [row] = await (from ?? (await db())).select({ agreed: agreedToMarketingSql(sql`${phoneDigits}`) }).from(sql`(select 1) as one`);
  return row?.agreed ?? false;
}

export type ConsentHistoryEntry = ConsentChange;

/** A phone's consent changes, latest first, as the customer page lists them. */
export async function consentHistory(phoneDigits: string): Promise<ConsentHistoryEntry[]> {
  return (await db())
    .select({ agreed: consentEvents.agreed, at: consentEvents.at, source: consentEvents.source, staffEmail: consentEvents.staffEmail })
    .from(consentEvents)
    .where(eq(consentEvents.phoneDigits, phoneDigits))
    .orderBy(desc(consentEvents.at), asc(consentEvents.agreed));
}

/**
 * Withdraws a phone's consent at once (the link in a message, a STOP reply, staff on the customer page). A phone
 * that has not agreed gets no entry, so a repeated STOP or a second click leaves one withdrawal. (Two at the same
 * instant may both be kept: harmless, as either withdraws.)
 */
export async function withdrawConsent(
  phoneDigits: string,
  source: Exclude<ConsentSource, "checkout">,
  staffEmail: string | null,
  now = new Date(),
): Promise<{ withdrawn: boolean }> {
  return (await db()).transaction(async (tx) => {
    if (!(await agreedToMarketing(phoneDigits, tx))) return { withdrawn: false };
    await recordConsentChange(tx, phoneDigits, { agreed: false, at: now, source, staffEmail });
    return { withdrawn: true };
  });
}
