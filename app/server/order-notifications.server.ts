import { asc, desc, eq, type SQLWrapper } from "drizzle-orm";
import { lowStockList, unpaidOrdersList } from "~/domain/daily-digest";
import { notificationKey, notificationMessage, type PlaceholderValues, renderEmailHtml, renderText, smsRecipient } from "~/domain/notifications";
import { formatCount } from "~/domain/number-format";
import { smsPerDay } from "~/domain/sms-limits";
import { renderSms } from "~/domain/sms-text";
import { extraStaffEmailsSchema, type NotificationTemplates } from "~/domain/notifications.schema";
import { shortOrderId } from "~/domain/order-id";
import { type OrderEvent, type OrderFacts, type OrderMessageContext, orderMessageValues } from "~/domain/order-messages";
import type { Settings } from "~/domain/site-documents.schema";
import { config } from "./config.server";
import type { Queryable, Transaction } from "./db/client.server";
import { db } from "./db/database.server";
import { orderLines, orders, payments, riders } from "./db/schema.server";
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
 * each from its template if it is switched on. Every SMS body is rendered here, by renderSms, so no text a
 * shopper typed reaches an SMS as typed (issue 21). Returned as writes for the change's own statement, so an
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
      if (to) shopper.push({ key: notificationKey(event, "sms", to), message: key, channel: "sms", recipient: to, body: renderSms(template.body, values), orderId: order.id });
    } else if (message.audience === "staff" && "subject" in template) {
      const email = { event, message: key, subject: renderText(template.subject, values), body: renderText(template.body, values), html: renderEmailHtml(template.body, values), orderId: order.id };
      writes.push(staffOutboxInsert(email, extraStaffEmailsSchema.safeParse(settings.staffEmails ?? "").data ?? [], now));
    }
  }
  if (shopper.length > 0) writes.push(outboxInsert(tx, shopper, now));
  return writes;
}

// What a shop without orders previews its templates with.
const SAMPLE_ORDER: OrderFacts = {
  id: "sample0rder00000000",
  trackingId: "SAMPLE1TRACK",
  clientName: "Achieng Otieno",
  clientPhone: "+254712345678",
  totalCents: 4_900_00,
  paymentMethod: "M-Pesa",
  status: "Pending Payment",
  paymentStatus: "Unpaid",
  riderId: null,
};
const SAMPLE_LINES = [{ name: "Kiondo Sisal Handbag", size: "", color: "Natural", quantity: 2, unitPriceCents: 3_200_00 }];
const SAMPLE_RIDER = { name: "Kamau Njoroge", phone: "+254722000111" };

/**
 * The values the templates editor previews with: the latest order's, with its items, rider and receipt where it
 * has them (sample ones where not), or a made-up order in a shop that has none yet.
 */
export async function previewValues(origin: string): Promise<{ source: string; values: PlaceholderValues }> {
  const database = await db();
  const [{ settings }, [order]] = await Promise.all([
    messageDocuments(),
    database.select().from(orders).orderBy(desc(orders.orderDate)).limit(1),
  ]);
  const [lines, rider, payment] = order
    ? await Promise.all([
        database
          .select({
            name: orderLines.name,
            size: orderLines.size,
            color: orderLines.color,
            quantity: orderLines.quantity,
            unitPriceCents: orderLines.unitPriceCents,
          })
          .from(orderLines)
          .where(eq(orderLines.orderId, order.id))
          .orderBy(asc(orderLines.position)),
        order.riderId ? database.select({ name: riders.name, phone: riders.phone }).from(riders).where(eq(riders.id, order.riderId)).then(([row]) => row) : undefined,
        database.select({ receipt: payments.receipt }).from(payments).where(eq(payments.orderId, order.id)).limit(1).then(([row]) => row),
      ])
    : [SAMPLE_LINES, undefined, undefined];
  const values: PlaceholderValues = {
    ...orderMessageValues(order ?? SAMPLE_ORDER, {
      shopName: settings.storeName,
      origin,
      lines,
      rider: rider ?? SAMPLE_RIDER,
      receipt: payment?.receipt ?? "TKB4X7Q2RM",
    }),
    UNPAID_ORDERS: unpaidOrdersList([order ?? { ...SAMPLE_ORDER, orderDate: new Date() }], 1, config().timeZone),
    LOW_STOCK: lowStockList([{ name: "Kiondo Sisal Handbag", available: 2 }], 1),
    CONFIRM_URL: `${origin}/newsletter/confirm/sample-token`,
    UNSUBSCRIBE_URL: `${origin}/newsletter/unsubscribe/sample-token`,
    SMS_PER_DAY: formatCount(smsPerDay(settings)),
  };
  return { source: order ? `order #${shortOrderId(order.id)}` : "a sample order (the shop has no orders yet)", values };
}
