import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { defaultNotificationTemplates } from "~/domain/notifications.schema";
import { shortOrderId } from "~/domain/order-id";
import { type NotifySim, startNotifySim } from "../../scripts/notify-sim";
import { secondConnection } from "../../tests/setup/fresh-database";
import { givenOrder, givenStoredOrder } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";
import { timelineOf } from "./audit.server";
import { readConfig } from "./config.server";
import type { Database } from "./db/client.server";
import { db, shopDatabase } from "./db/database.server";
import { notifications, paymentRequests, siteDocuments } from "./db/schema.server";
import { payNowState } from "./payments.server";
import { REMINDER_NO_LONGER_DUE, type Senders, sendDueNotifications } from "./notifications.server";
import { setOrderArchived, setOrderStatus } from "./order-admin.server";
import { queueDueReminders, sendPaymentReminder } from "./payment-reminders.server";
import { newRecordId } from "./random.server";
import { writeSiteDocument } from "./site-documents.server";

// Reminders for unpaid orders (issue 23, decision 055): what the sweep and Send payment reminder write into the
// outbox, and what the outbox then sends. The tests' shop has no SMS configured, so reminders are written as 'not
// sent'; the sending tests set them pending and send through the SMS gateway's stand-in.

const settings = mpesaShopSettings({ unpaidHoldMinutes: 48 * 60 });
const staff = staffActor("owner@duka.test");
const MINUTE = 60_000;

let sim: NotifySim;
let senders: Senders;

beforeAll(async () => {
  await writeSiteDocument("settings", settings);
  sim = await startNotifySim({ smsPort: 0, smtpPort: 0 });
  const configured = readConfig({ ...sim.env, PUBLIC_URL: "https://duka.test", DATA_DIR: process.env.DATA_DIR });
  senders = { sms: configured.sms, mail: configured.mail, shopName: "Duka Crafts" };
});

afterAll(async () => {
  await sim?.stop();
});

beforeEach(async () => {
  await writeSiteDocument("messageTemplates", defaultNotificationTemplates());
  sim.clear();
});

// Each test's orders are placed on a day of their own, so one test's sweep never reminds another's orders.
let day = 0;
function aDay() {
  const now = new Date(Date.UTC(2031, 0, 1 + 3 * ++day, 12));
  return { now, minutesBefore: (minutes: number) => new Date(now.getTime() - minutes * MINUTE), later: (minutes: number) => new Date(now.getTime() + minutes * MINUTE) };
}

/** The reminders in the outbox for an order, oldest first. */
const remindersOf = async (orderId: string) =>
  (await db())
    .select()
    .from(notifications)
    .where(and(eq(notifications.orderId, orderId), eq(notifications.message, "payment-reminder")))
    .orderBy(asc(notifications.createdAt), asc(notifications.key));

const sweep = (now: Date, database?: Database) => queueDueReminders(now, { database, paymentsSeen: false });

test("an order unpaid 30 minutes after it was placed is reminded once, by SMS with the link to its payment page", async () => {
  const { now, minutesBefore } = aDay();
  const order = await givenOrder({ at: minutesBefore(31) });
  const tooNew = await givenOrder({ at: minutesBefore(29) });

  expect(await sweep(now)).toBe(1);
  expect(await sweep(new Date(now.getTime() + 10 * MINUTE))).toBe(1); // the newer one's turn, not a second for the first

  const [reminder, ...more] = await remindersOf(order.id);
  expect(more).toEqual([]);
  expect(reminder).toMatchObject({
    key: `payment-reminder:${order.id}:30-minutes:sms:+254712345678`,
    channel: "sms",
    recipient: "+254712345678",
  });
  expect(reminder!.body).toBe(
    `Duka Crafts: Hi Achieng Otieno, order #${shortOrderId(order.id)} (KSH 1,200) is waiting for payment. ` +
      `Pay with M-Pesa: /payment-instructions/${order.id} Track it: /track/${order.trackingId}`,
  );
  expect(await remindersOf(tooNew.id)).toHaveLength(1);
});

test("two app processes sweeping at once queue each order's reminder exactly once", async () => {
  const { now, minutesBefore } = aDay();
  const shop: { db: Database; url?: string } = await shopDatabase();
  const other = (await secondConnection(shop))?.db ?? shop.db;
  const placed: string[] = [];
  for (let i = 0; i < 40; i++) placed.push((await givenOrder({ at: minutesBefore(31 + i) })).id);

  const [mine, theirs] = await Promise.all([sweep(now, shop.db), sweep(now, other)]);

  expect(mine + theirs).toBe(40);
  for (const id of placed) expect(await remindersOf(id)).toHaveLength(1);
  expect(await sweep(now)).toBe(0);
});

test("a sweep works through more orders than it reads at a time: those already reminded crowd out none", async () => {
  const { now, minutesBefore } = aDay();
  const older = [];
  for (let i = 0; i < 210; i++) older.push(await givenStoredOrder({ orderDate: minutesBefore(120 + i) }));
  expect(await sweep(now)).toBe(210);
  const newer = await givenStoredOrder({ orderDate: minutesBefore(31) });

  expect(await sweep(now)).toBe(1);
  expect(await remindersOf(newer.id)).toHaveLength(1);
  expect(await remindersOf(older.at(-1)!.id)).toHaveLength(1);
});

test("no reminder once an order is paid, cancelled or archived, nor for one paid on delivery", async () => {
  const { now, minutesBefore } = aDay();
  const paid = await givenOrder({ at: minutesBefore(40) });
  await setOrderStatus(paid.id, { paymentStatus: "Paid" }, staff, minutesBefore(35));
  const cancelled = await givenOrder({ at: minutesBefore(40) });
  await setOrderStatus(cancelled.id, { status: "Cancelled" }, staff, minutesBefore(35));
  const archived = await givenOrder({ at: minutesBefore(40) });
  await setOrderArchived(archived.id, true, staff, minutesBefore(35));
  const atTheDoor = await givenStoredOrder({ orderDate: minutesBefore(40), payOnDelivery: true, paymentMethod: "Pay on delivery" });

  expect(await sweep(now)).toBe(0);
  for (const order of [paid, cancelled, archived, atTheDoor]) expect(await remindersOf(order.id)).toEqual([]);
});

test("halfway through the hold comes a second reminder; a shop down at 30 minutes sends only the latest", async () => {
  const { now, minutesBefore, later } = aDay();
  const early = await givenOrder({ at: minutesBefore(31) });
  const missed = await givenOrder({ at: minutesBefore(24 * 60 + 1) });

  expect(await sweep(now)).toBe(2);
  expect((await remindersOf(missed.id)).map((m) => m.key.split(":")[2])).toEqual(["halfway"]);

  // The early order's halfway falls 24 hours in; past its 48-hour hold nothing more is sent.
  expect(await sweep(later(24 * 60 - 32))).toBe(0);
  expect(await sweep(later(24 * 60 - 31))).toBe(1);
  expect(await sweep(later(48 * 60))).toBe(0);
  expect((await remindersOf(early.id)).map((m) => m.key.split(":")[2])).toEqual(["30-minutes", "halfway"]);
});

test("a hold shorter than 2 hours gets the first reminder alone, and a hold of 30 minutes none", async () => {
  const { now, minutesBefore } = aDay();
  await writeSiteDocument("settings", { ...settings, unpaidHoldMinutes: 90 });
  try {
    const order = await givenOrder({ at: minutesBefore(50) });
    expect(await sweep(now)).toBe(1);
    expect(await sweep(new Date(now.getTime() + 30 * MINUTE))).toBe(0);
    expect(await remindersOf(order.id)).toHaveLength(1);

    await writeSiteDocument("settings", { ...settings, unpaidHoldMinutes: 30 });
    const short = await givenOrder({ at: minutesBefore(20) });
    expect(await sweep(new Date(now.getTime() + 11 * MINUTE))).toBe(0);
    expect(await remindersOf(short.id)).toEqual([]);
  } finally {
    await writeSiteDocument("settings", settings);
  }
});

test("with the Payment reminder SMS switched off under Notifications, no reminder is queued, by the sweep or by staff", async () => {
  const { now, minutesBefore } = aDay();
  const templates = defaultNotificationTemplates();
  await writeSiteDocument("messageTemplates", { ...templates, "payment-reminder": { ...templates["payment-reminder"], enabled: false } });
  const order = await givenOrder({ at: minutesBefore(31) });

  expect(await sweep(now)).toBe(0);
  expect(await sendPaymentReminder(order.id, staff, now)).toEqual({
    ok: false,
    status: 409,
    message: "The Payment reminder SMS is switched off under Site Content → Notifications.",
  });
  expect(await remindersOf(order.id)).toEqual([]);
  expect(await timelineOf("order", order.id)).toEqual([]);
});

test("templates saved before the payment reminder existed still read, with it switched on", async () => {
  const { now, minutesBefore } = aDay();
  const { "payment-reminder": _, ...before } = defaultNotificationTemplates();
  // Written as it was stored then, past writeSiteDocument's check (which would add the new template).
  await (await db()).update(siteDocuments).set({ value: before }).where(eq(siteDocuments.key, "messageTemplates"));
  const order = await givenOrder({ at: minutesBefore(31) });

  expect(await sweep(now)).toBe(1);
  expect(await remindersOf(order.id)).toHaveLength(1);
});

test("a reminder queued before the order was paid, cancelled or archived is not sent; one still due is", async () => {
  const { now, minutesBefore, later } = aDay();
  const [unpaid, paid, cancelled, archived] = await Promise.all([0, 1, 2, 3].map(() => givenOrder({ at: minutesBefore(31), phone: "+254722000333" })));
  expect(await sweep(now)).toBe(4);
  // As a shop with SMS configured would have written them.
  await (await db()).update(notifications).set({ state: "pending", lastError: null }).where(eq(notifications.message, "payment-reminder"));
  await (await db())
    .update(notifications)
    .set({ state: "failed" })
    .where(and(eq(notifications.state, "pending"), eq(notifications.recipient, "+254712345678")));
  await setOrderStatus(paid!.id, { paymentStatus: "Paid" }, staff, later(1));
  await setOrderStatus(cancelled!.id, { status: "Cancelled" }, staff, later(1));
  await setOrderArchived(archived!.id, true, staff, later(1));

  while ((await sendDueNotifications(senders, later(2), undefined, () => 0.5)) > 0);

  expect(sim.smsMessages().map((m) => m.message)).toEqual([expect.stringContaining(`/payment-instructions/${unpaid!.id}`)]);
  expect((await remindersOf(unpaid!.id))[0]).toMatchObject({ state: "sent" });
  for (const order of [paid!, cancelled!, archived!]) {
    expect(await remindersOf(order.id)).toMatchObject([{ state: "not sent", lastError: REMINDER_NO_LONGER_DUE }]);
  }
});

test("Send payment reminder sends one at once, at most once an hour, recorded on the activity log with who sent it", async () => {
  const { now, later } = aDay();
  const order = await givenOrder({ at: now });
  const other = staffActor("dev@duka.test");

  expect(await sendPaymentReminder(order.id, staff, later(1))).toMatchObject({ ok: true });
  expect(await sendPaymentReminder(order.id, other, later(60))).toEqual({
    ok: false,
    status: 409,
    message: "A reminder was sent less than an hour ago.",
  });
  expect(await sendPaymentReminder(order.id, other, later(61))).toMatchObject({ ok: true });

  const reminders = await remindersOf(order.id);
  expect(reminders).toHaveLength(2);
  expect(reminders.map((m) => m.key)).toEqual(
    [later(1), later(61)].map((at) => `payment-reminder:${order.id}:sent-by-staff:${at.getTime()}:sms:+254712345678`),
  );
  expect(reminders[0]!.body).toContain(`/payment-instructions/${order.id}`);
  expect(await timelineOf("order", order.id)).toMatchObject([
    { at: later(1), staffEmail: "owner@duka.test", after: { paymentReminder: "SMS to +254 ••• ••• 678" } },
    { at: later(61), staffEmail: "dev@duka.test", after: { paymentReminder: "SMS to +254 ••• ••• 678" } },
  ]);
  // Staff's own reminders are no step of the schedule: the one at 30 minutes still comes.
  expect(await sweep(later(31))).toBe(1);
});

test("two staff pressing Send payment reminder at the same moment send one", async () => {
  const { now } = aDay();
  const shop: { db: Database; url?: string } = await shopDatabase();
  const other = (await secondConnection(shop))?.db ?? shop.db;
  const order = await givenOrder({ at: now });

  const answers = await Promise.all([
    sendPaymentReminder(order.id, staff, now, shop.db),
    sendPaymentReminder(order.id, staffActor("dev@duka.test"), new Date(now.getTime() + 1), other),
  ]);

  expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
  expect(await remindersOf(order.id)).toHaveLength(1);
});

test("Send payment reminder refuses an order that is not waiting for payment, and one that does not exist", async () => {
  const { now } = aDay();
  const paid = await givenOrder({ at: now });
  await setOrderStatus(paid.id, { paymentStatus: "Paid" }, staff, now);
  const atTheDoor = await givenStoredOrder({ orderDate: now, payOnDelivery: true, paymentMethod: "Pay on delivery" });
  const refused = { ok: false, status: 409, message: "This order is not waiting for payment, so no reminder was sent." };

  expect(await sendPaymentReminder(paid.id, staff, now)).toEqual(refused);
  expect(await sendPaymentReminder(atTheDoor.id, staff, now)).toEqual(refused);
  expect(await sendPaymentReminder("nosuchorder0000000000", staff, now)).toEqual({ ok: false, status: 404, message: "Order not found." });
  expect([...(await remindersOf(paid.id)), ...(await remindersOf(atTheDoor.id))]).toEqual([]);
});

test("the payment page opened from a reminder offers Pay now again after a prompt that was never answered", async () => {
  const { now, minutesBefore } = aDay();
  const order = await givenOrder({ at: minutesBefore(31) });
  await (await db()).insert(paymentRequests).values({
    id: newRecordId(),
    orderId: order.id,
    phoneMasked: "+254 ••• ••• 678",
    amountCents: order.totalCents,
    state: "waiting",
    checkoutRequestId: `ws_CO_${newRecordId()}`,
    requestedAt: minutesBefore(29),
  });

  expect(await payNowState(order.id, now)).toEqual({
    status: { kind: "problem", message: "Your last payment request was not answered in time. You can send a new one." },
    secondsUntilResend: 0,
  });
  // While the prompt may still be on the phone, the page says so.
  expect((await payNowState(order.id, new Date(minutesBefore(29).getTime() + 30_000))).status).toMatchObject({ kind: "waiting" });
});
