import { asc, eq, inArray } from "drizzle-orm";
import { consentHistory } from "./consent.server";
import { db } from "./db/database.server";
import { newsletterSubscribers, notifications, orderDiscounts, orderLines, orders, paymentRequests, payments } from "./db/schema.server";

// Download data (issue 25): everything the shop holds about a phone, as a customer may ask for under Kenya's Data
// Protection Act 2019, s. 26. Staff give the email the customer used for the newsletter when they know it.

/** Everything the shop holds about a phone (and an email, in lower case), as one JSON document. */
export async function customerData(phoneDigits: string, email: string | null, now = new Date()) {
  const database = await db();
  const theirOrders = await database.select().from(orders).where(eq(orders.clientPhoneDigits, phoneDigits)).orderBy(asc(orders.orderDate));
  const orderIds = theirOrders.map((order) => order.id);
  const ofOrders = <T>(read: () => Promise<T[]>) => (orderIds.length > 0 ? read() : Promise.resolve([] as T[]));
  const [lines, discounts, requests, paid, messages, subscriptions, consent] = await Promise.all([
    ofOrders(() =>
      database
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, orderIds))
        .orderBy(asc(orderLines.orderId), asc(orderLines.position)),
    ),
    ofOrders(() => database.select().from(orderDiscounts).where(inArray(orderDiscounts.orderId, orderIds))),
    ofOrders(() =>
      database
        .select({
          orderId: paymentRequests.orderId,
          phone: paymentRequests.phoneMasked,
          amountCents: paymentRequests.amountCents,
          state: paymentRequests.state,
          receipt: paymentRequests.receipt,
          requestedAt: paymentRequests.requestedAt,
        })
        .from(paymentRequests)
        .where(inArray(paymentRequests.orderId, orderIds)),
    ),
    ofOrders(() =>
      database
        .select({
          orderId: payments.orderId,
          receipt: payments.receipt,
          method: payments.method,
          amountCents: payments.amountCents,
          payerName: payments.payerName,
          phone: payments.phoneMasked,
          paidAt: payments.paidAt,
        })
        .from(payments)
        .where(inArray(payments.orderId, orderIds)),
    ),
    // Messages to them: to their phone or email, not the staff's messages about their orders.
    database
      .select({
        channel: notifications.channel,
        recipient: notifications.recipient,
        subject: notifications.subject,
        text: notifications.body,
        state: notifications.state,
        createdAt: notifications.createdAt,
        sentAt: notifications.sentAt,
      })
      .from(notifications)
      .where(inArray(notifications.recipient, [`+${phoneDigits}`, ...(email ? [email] : [])]))
      .orderBy(asc(notifications.createdAt)),
    email
      ? database
          .select({
            email: newsletterSubscribers.email,
            state: newsletterSubscribers.state,
            subscribedAt: newsletterSubscribers.subscribedAt,
            confirmedAt: newsletterSubscribers.confirmedAt,
            unsubscribedAt: newsletterSubscribers.unsubscribedAt,
          })
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, email))
      : Promise.resolve([]),
    consentHistory(phoneDigits),
  ]);
  return {
    phone: `+${phoneDigits}`,
    email,
    exportedAt: now.toISOString(),
    amountsAreIn: "KSH cents",
    orders: theirOrders.map((order) => ({
      id: order.id,
      trackingId: order.trackingId,
      placedAt: order.orderDate,
      name: order.clientName,
      phone: order.clientPhone,
      address: order.clientAddress,
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethod: order.paymentMethod,
      delivery: order.delivery,
      deliveryFeeCents: order.deliveryFeeCents,
      discountCents: order.discountCents,
      totalCents: order.totalCents,
      items: lines
        .filter((line) => line.orderId === order.id)
        .map(({ name, size, color, quantity, unitPriceCents }) => ({ name, size, color, quantity, unitPriceCents })),
      discounts: discounts.filter((line) => line.orderId === order.id).map(({ label, amountCents }) => ({ label, amountCents })),
      paymentRequests: requests.filter((request) => request.orderId === order.id).map(({ orderId: _orderId, ...request }) => request),
      payments: paid.filter((payment) => payment.orderId === order.id).map(({ orderId: _orderId, ...payment }) => payment),
    })),
    messages,
    consent: consent.map(({ agreed, at, source }) => ({ agreed, at, source })),
    subscriptions,
  };
}
