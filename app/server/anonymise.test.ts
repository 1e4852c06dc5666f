import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { desc, eq, inArray } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { anonymiseCustomer, removeDetailsPastRetention } from "./anonymise.server";
import { timelineOf } from "./audit.server";
import { writeBackup } from "./backup.server";
import { imageStore } from "./image-store.server";
import { customerData } from "./customer-data.server";
import { db } from "./db/database.server";
import { auditLog, newsletterSubscribers, notifications, orderLines, orders, payments, rateLimits } from "./db/schema.server";
import { updateClientDetails } from "./order-admin.server";
import { lookUpOrder, orderByTrackingId, ordersByPhone, placeOrder } from "./orders.server";
import { newRecordId } from "./random.server";
import { readSiteDocument, writeSiteDocument } from "./site-documents.server";
import { checkoutInput, givenProduct, givenStoredOrder } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// Anonymising (issue 25, decision 058): nothing of the customer is left in any table, or in a backup taken afterwards;
// amounts and items stay.

const owner = staffActor("owner@duka.test");
const lineOf = (product: { id: string }, quantity = 1) => ({ productId: product.id, size: "", color: "", quantity });

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
});

/** Everything a backup taken now holds, as text. */
async function backupText(): Promise<string> {
  const target = path.join(mkdtempSync(path.join(os.tmpdir(), "duka-anonymised-")), "backup");
  await writeBackup(await db(), imageStore(), target);
  return gunzipSync(readFileSync(path.join(target, "database.json.gz"))).toString("utf8");
}

/** A customer with two orders (typed differently), a payment, messages, a staff correction, consent and a subscription. */
async function givenWanjiku() {
  const product = await givenProduct({ name: "Maasai Beaded Necklace", priceCents: 1_500_00, stock: 10 });
  const first = await placeOrder(
    checkoutInput([lineOf(product, 2)], { name: "Wanjiku Kamau", phone: "+254 799 123 456", address: "Ngong Road 12", marketing: true }),
  );
  const second = await placeOrder(
    checkoutInput([lineOf(product)], { name: "Wanjiku K.", phone: "+254799123456", address: "Ngong Road 12, Nairobi" }),
  );
  if (!first.ok || !second.ok) throw new Error("both orders should be placed");
  const database = await db();
  const [firstOrder] = await database.select().from(orders).where(eq(orders.id, first.orderId));
  // A staff correction puts the name and address in the activity log's entry about the order.
  await updateClientDetails(
    first.orderId,
    { name: "Wanjiku Kamau-Otieno", address: "Ngong Road 14", phone: "+254799123456" },
    firstOrder!.clientDetailsVersion,
    owner,
  );
  const receipt = `TKR${newRecordId().slice(0, 7).toUpperCase()}`;
  await database.insert(payments).values({
    id: newRecordId(),
    receipt,
    orderId: first.orderId,
    amountCents: 3_000_00,
    method: "M-Pesa",
    phoneMasked: "+254 ••• ••• 456",
    payerName: "WANJIKU KAMAU",
    paidAt: new Date(),
    state: "applied",
  });
  await database.insert(notifications).values([
    {
      id: newRecordId(),
      key: `sms-${first.orderId}`,
      message: "order-placed",
      channel: "sms",
      recipient: "+254799123456",
      body: "Hi Wanjiku Kamau, thank you",
      orderId: first.orderId,
      state: "sent",
      nextAttemptAt: new Date(),
    },
    {
      id: `staff-${receipt}`,
      key: `mail-${first.orderId}`,
      message: "order-placed",
      channel: "email",
      recipient: "owner@duka.test",
      subject: "New order from Wanjiku Kamau",
      body: "Wanjiku Kamau, +254799123456, Ngong Road 12",
      orderId: first.orderId,
      state: "sent",
      nextAttemptAt: new Date(),
    },
    {
      id: `later-${receipt}`,
      key: `later-${second.orderId}`,
      message: "order-dispatched",
      channel: "sms",
      recipient: "+254799123456",
      body: "Wanjiku, your order is on its way",
      orderId: second.orderId,
      nextAttemptAt: new Date(Date.now() + 60_000),
    },
    {
      id: newRecordId(),
      key: `newsletter-${receipt}`,
      message: "newsletter-confirm",
      channel: "email",
      recipient: "wanjiku@example.com",
      body: "Confirm your subscription",
      state: "sent",
      nextAttemptAt: new Date(),
    },
  ]);
  await database
    .insert(newsletterSubscribers)
    .values({ email: "wanjiku@example.com", state: "confirmed", token: newRecordId(), subscribedAt: new Date() });
  await database.insert(rateLimits).values({ key: "checkout-phone:254799123456", windowStart: new Date(), hits: 2 });
  return { product, receipt, orderIds: [first.orderId, second.orderId] };
}

test("Download data gives the customer's orders, payments, messages, consent and subscription", async () => {
  const { orderIds, receipt } = await givenWanjiku();
  const data = await customerData("254799123456", "wanjiku@example.com", new Date("2026-12-01T09:00:00Z"));
  expect(data).toMatchObject({ phone: "+254799123456", email: "wanjiku@example.com", exportedAt: "2026-12-01T09:00:00.000Z" });
  expect(data.orders.map((order) => order.id).sort()).toEqual([...orderIds].sort());
  expect(data.orders.find((order) => order.id === orderIds[0])).toMatchObject({
    name: "Wanjiku Kamau-Otieno",
    address: "Ngong Road 14",
    items: [{ name: "Maasai Beaded Necklace", quantity: 2, unitPriceCents: 1_500_00 }],
    payments: [{ receipt, payerName: "WANJIKU KAMAU", amountCents: 3_000_00 }],
  });
  // The messages sent to them, not the staff's email about their order.
  expect(data.messages.map((message) => message.recipient)).toContain("wanjiku@example.com");
  expect(data.messages.every((message) => message.recipient !== "owner@duka.test")).toBe(true);
  expect(data.consent).toMatchObject([{ agreed: true, source: "checkout" }]);
  expect(data.subscriptions).toMatchObject([{ email: "wanjiku@example.com", state: "confirmed" }]);
  // Serialised as the download is.
  expect(JSON.parse(JSON.stringify(data)).orders).toHaveLength(2);
  await anonymiseCustomer("254799123456", "wanjiku@example.com", owner);
  expect((await customerData("254799123456", null)).orders).toEqual([]);
});

test("anonymising leaves nothing of the customer in any table or in a backup taken afterwards, and keeps amounts and items", async () => {
  const { orderIds, receipt } = await givenWanjiku();
  // Another customer is left as they were.
  const other = await placeOrder(
    checkoutInput([lineOf(await givenProduct())], { name: "Otieno Ouma", phone: "+254711000222", marketing: true }),
  );
  const database = await db();
  const amountsBefore = await database.select({ id: orders.id, total: orders.totalCents }).from(orders).where(inArray(orders.id, orderIds));
  const linesBefore = await database.select().from(orderLines).where(inArray(orderLines.orderId, orderIds));
  const trackingIds = (await database.select({ trackingId: orders.trackingId }).from(orders).where(inArray(orders.id, orderIds))).map(
    (o) => o.trackingId,
  );
  const before = await backupText();
  for (const trace of ["254799123456", "Wanjiku", "Ngong Road", "wanjiku@example.com", "WANJIKU KAMAU"]) expect(before).toContain(trace);

  // The messages about the orders (those checkout queued, and the three above) and the newsletter's.
  const messages = (await database.$count(notifications, inArray(notifications.orderId, orderIds))) + 1;
  const counts = await anonymiseCustomer("254799123456", "wanjiku@example.com", owner);
  expect(counts).toEqual({ orders: 2, payments: 1, messages, subscriptions: 1 });

  const after = await backupText();
  for (const trace of ["254799123456", "799 123", "Wanjiku", "WANJIKU", "Ngong Road", "wanjiku@example.com"])
    expect(after, trace).not.toContain(trace);
  expect(after).toContain("Otieno Ouma");
  expect(await database.select({ id: orders.id, total: orders.totalCents }).from(orders).where(inArray(orders.id, orderIds))).toEqual(
    expect.arrayContaining(amountsBefore),
  );
  expect(await database.select().from(orderLines).where(inArray(orderLines.orderId, orderIds))).toEqual(
    expect.arrayContaining(linesBefore),
  );
  // The message that had not gone yet never goes.
  expect(
    (
      await database
        .select()
        .from(notifications)
        .where(eq(notifications.id, `later-${receipt}`))
    )[0],
  ).toMatchObject({
    state: "not sent",
    recipient: "Removed",
  });
  // The staff email keeps its recipient, not its text.
  expect(
    (
      await database
        .select()
        .from(notifications)
        .where(eq(notifications.id, `staff-${receipt}`))
    )[0],
  ).toMatchObject({
    recipient: "owner@duka.test",
    body: "Removed",
  });

  // Tracking and phone lookups find nothing.
  expect(await lookUpOrder("+254 799 123 456")).toEqual({ kind: "none" });
  expect(await ordersByPhone("+254799123456")).toEqual([]);
  for (const trackingId of trackingIds) {
    expect(await lookUpOrder(trackingId)).toEqual({ kind: "none" });
    expect(await orderByTrackingId(trackingId)).toBeUndefined();
  }
  expect(await lookUpOrder(orderIds[0]!)).toEqual({ kind: "none" });
  expect(await lookUpOrder("+254711000222")).toEqual({ kind: "phone", phone: "+254711000222" });
  expect(other.ok).toBe(true);

  // The activity log says who did it and what went, not whose; the order's own entries keep what changed but the details.
  const [logged] = await database.select().from(auditLog).where(eq(auditLog.entity, "customer")).orderBy(desc(auditLog.at)).limit(1);
  expect(logged).toMatchObject({
    staffEmail: "owner@duka.test",
    action: "delete",
    note: `Anonymised a customer on request: 2 orders, 1 payment, ${messages} messages and 1 subscription.`,
  });
  const timeline = await timelineOf("order", orderIds[0]!);
  expect(timeline.some((entry) => JSON.stringify(entry.after).includes("Removed"))).toBe(true);
});

test("the activity log refuses any other change, even while anonymising", async () => {
  const database = await db();
  const [entry] = await database.select().from(auditLog).limit(1);
  await expect(database.update(auditLog).set({ note: "changed" }).where(eq(auditLog.id, entry!.id))).rejects.toThrow();
  await expect(
    database.transaction(async (tx) => {
      await tx.execute("select set_config('duka.anonymising', 'on', true)");
      await tx.update(auditLog).set({ staffEmail: "someone@else.test" }).where(eq(auditLog.id, entry!.id));
    }),
  ).rejects.toThrow();
});

test("the retention setting removes details from orders older than it, once, and logs it; off by default", async () => {
  const now = new Date("2032-06-01T09:00:00Z");
  const old = await givenStoredOrder({
    clientName: "Old Customer",
    clientPhone: "+254700000001",
    orderDate: new Date("2026-05-01T09:00:00Z"),
  });
  const recent = await givenStoredOrder({
    clientName: "Recent Customer",
    clientPhone: "+254700000002",
    orderDate: new Date("2028-05-01T09:00:00Z"),
  });
  expect(await removeDetailsPastRetention(now)).toBe(0);

  await writeSiteDocument("settings", { ...(await readSiteDocument("settings")), removeDetailsAfterYears: 5 });
  const removed = await removeDetailsPastRetention(now);
  expect(removed).toBeGreaterThanOrEqual(1);
  const database = await db();
  const [oldAfter] = await database.select().from(orders).where(eq(orders.id, old.id));
  const [recentAfter] = await database.select().from(orders).where(eq(orders.id, recent.id));
  expect(oldAfter).toMatchObject({ clientName: "Removed", clientPhone: "Removed", clientAddress: "Removed", totalCents: old.totalCents });
  expect(recentAfter).toMatchObject({ clientName: "Recent Customer", clientPhone: "+254700000002" });
  expect(await removeDetailsPastRetention(now)).toBe(0);
  const [logged] = await database.select().from(auditLog).where(eq(auditLog.entity, "customer")).orderBy(desc(auditLog.at)).limit(1);
  expect(logged).toMatchObject({ staffEmail: null, action: "delete" });
  expect(logged!.note).toMatch(/^Removed personal details from orders older than 5 years: \d+ orders?, /);
  await writeSiteDocument("settings", { ...(await readSiteDocument("settings")), removeDetailsAfterYears: null });
});

test("two processes sweeping at once remove each order's details once (on PostgreSQL, on parallel connections)", async () => {
  const now = new Date("2040-01-01T00:00:00Z");
  await Promise.all(
    Array.from({ length: 450 }, (_, i) =>
      givenStoredOrder({ clientPhone: `+2547010${String(i).padStart(5, "0")}`, orderDate: new Date("2030-01-01T00:00:00Z") }),
    ),
  );
  await writeSiteDocument("settings", { ...(await readSiteDocument("settings")), removeDetailsAfterYears: 3 });
  const [a, b] = await Promise.all([removeDetailsPastRetention(now), removeDetailsPastRetention(now)]);
  const database = await db();
  const left = await database.select({ id: orders.id }).from(orders).where(eq(orders.clientPhone, "+254701000001"));
  expect(left).toEqual([]);
  const sweeps = await database.select({ before: auditLog.before }).from(auditLog).where(eq(auditLog.entity, "customer"));
  const loggedOrders = sweeps.reduce((sum, entry) => sum + Number((entry.before as { orders?: number } | null)?.orders ?? 0), 0);
  const anonymised = await database.$count(orders, eq(orders.clientPhone, "Removed"));
  // Every anonymised order was counted by exactly one sweep's log entry (plus the customers anonymised above).
  expect(a! + b!).toBeGreaterThanOrEqual(450);
  expect(loggedOrders).toBe(anonymised);
  await writeSiteDocument("settings", { ...(await readSiteDocument("settings")), removeDetailsAfterYears: null });
});
