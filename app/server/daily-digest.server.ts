import { and, asc, sql } from "drizzle-orm";
import { DIGEST_LIST_MAX, digestDue, digestValues } from "~/domain/daily-digest";
import { renderEmailHtml, renderText } from "~/domain/notifications";
import { extraStaffEmailsSchema } from "~/domain/notifications.schema";
import { config } from "./config.server";
import type { Database } from "./db/client.server";
import { db } from "./db/database.server";
import { orders } from "./db/schema.server";
import { runningLowProducts } from "./dashboard.server";
import { type Senders, staffOutboxInsert } from "./notifications.server";
import { awaitingPaymentSql, notPayOnDeliverySql } from "./order-state.server";
import { readSiteDocument } from "./site-documents.server";

// The staff's daily summary (issue 12): orders still waiting for payment and products running low, queued in
// the outbox once a day. Every process asks; the outbox key (the day, the recipient) keeps it to one each.

/** The orders waiting for payment, oldest first, up to DIGEST_LIST_MAX, and how many there are in all. */
async function unpaidOrders(database: Database) {
  const rows = await database
    .select({
      id: orders.id,
      clientName: orders.clientName,
      totalCents: orders.totalCents,
      orderDate: orders.orderDate,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    // A pay-on-delivery order is paid at the door, not waited for (decision 054).
    .where(and(awaitingPaymentSql, notPayOnDeliverySql))
    .orderBy(asc(orders.orderDate))
    .limit(DIGEST_LIST_MAX);
  return { lines: rows, total: rows[0]?.total ?? 0 };
}

/** The shop day this process last queued (or found nothing to queue for): later asks that day cost nothing. */
let doneFor: string | undefined;

/**
 * Queues today's summary to every Store Owner and extra address, if it is due (from DIGEST_HOUR, shop time),
 * switched on, and has anything to say; answers whether it queued one. Only with email configured: a summary
 * tells how things stand now, so one kept unsent would be stale before anyone could send it.
 */
export async function queueDailyDigest(now: Date, senders: Pick<Senders, "mail"> = config()): Promise<boolean> {
  const due = digestDue(now, config().timeZone);
  if (!due || doneFor === due.date || !senders.mail) return false;
  const database = await db();
  const [settings, templates, unpaid, low] = await Promise.all([
    readSiteDocument("settings"),
    readSiteDocument("messageTemplates"),
    unpaidOrders(database),
    runningLowProducts(DIGEST_LIST_MAX),
  ]);
  const template = templates["staff-daily-digest"];
  const values = template.enabled ? digestValues(unpaid, low, settings.storeName, config().timeZone) : undefined;
  if (values) {
    const email = {
      event: due.event,
      message: "staff-daily-digest",
      subject: renderText(template.subject, values),
      body: renderText(template.body, values),
      html: renderEmailHtml(template.body, values),
    };
    await database.execute(staffOutboxInsert(email, extraStaffEmailsSchema.safeParse(settings.staffEmails ?? "").data ?? [], now, senders));
  }
  doneFor = due.date;
  return values !== undefined;
}
