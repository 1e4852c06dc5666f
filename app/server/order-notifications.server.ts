import type { SQLWrapper } from "drizzle-orm";
import { notificationKey, notificationMessage, renderEmailHtml, renderText, smsRecipient } from "~/domain/notifications";
import type { NotificationTemplates } from "~/domain/notifications.schema";
import { type OrderEvent, type OrderFacts, type OrderMessageContext, orderMessageValues } from "~/domain/order-messages";
import type { Settings } from "~/domain/site-documents.schema";
import { config } from "./config.server";
import type { Queryable, Transaction } from "./db/client.server";
import { type OutboxMessage, outboxInsert, staffOutboxInsert } from "./notifications.server";
import { readSiteDocument } from "./site-documents.server";

/** The documents an order's messages are written from: the shop's name and the templates staff edit. */
export type MessageDocuments = { settings: Settings; templates: NotificationTemplates };

/**
 * Reads them: from the cache by default, which checkout does before its transaction; inside a transaction
 * (`from`), from the database itself, as PGlite answers nothing else while a transaction is open.
 */
export async function messageDocuments(from?: Queryable): Promise<MessageDocuments> {
  const settings = await readSiteDocument("settings", from);
  const templates = await readSiteDocument("messageTemplates", from);
  return { settings, templates };
}

/**
 * The outbox rows an order event writes (issue 12): the shopper's SMS and the staff emails its messages name,
 * each from its template if it is switched on. Returned as writes for the change's own statement, so an
 * order's messages cost checkout no round trip of their own.
 */
export function orderMessageWrites(
  tx: Transaction,
  order: OrderFacts,
  { event, messages }: OrderEvent,
  context: Omit<OrderMessageContext, "shopName" | "origin">,
  { settings, templates }: MessageDocuments,
  now: Date,
): SQLWrapper[] {
  const values = orderMessageValues(order, { ...context, shopName: settings.storeName, origin: config().publicUrl ?? "" });
  const shopper: OutboxMessage[] = [];
  const writes: SQLWrapper[] = [];
  for (const key of messages) {
    const template = templates[key];
    if (!template.enabled) continue;
    const message = notificationMessage(key);
    if (message.channel === "sms") {
      // Checkout takes only numbers in international form; one staff typed since may not be.
      const to = smsRecipient(order.clientPhone);
      if (to) shopper.push({ key: notificationKey(event, "sms", to), message: key, channel: "sms", recipient: to, body: renderText(template.body, values), orderId: order.id });
    } else if (message.audience === "staff" && "subject" in template) {
      const email = { event, message: key, subject: renderText(template.subject, values), body: renderText(template.body, values), html: renderEmailHtml(template.body, values), orderId: order.id };
      writes.push(staffOutboxInsert(email, [], now));
    }
  }
  if (shopper.length > 0) writes.push(outboxInsert(tx, shopper, now));
  return writes;
}
