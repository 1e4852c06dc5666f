import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { NOTIFICATIONS_PER_PAGE } from "~/domain/notification-log";
import { timelineOf } from "./audit.server";
import { db } from "./db/database.server";
import { notifications } from "./db/schema.server";
import { failedNotificationCount, notificationsLogPage, sendAgain } from "./notification-log.server";
import { writeSiteDocument } from "./site-documents.server";
import { givenOrder } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// The Notifications Log on a real database (issue 12): what staff see of the outbox, and 'Send again'.

const owner = staffActor("owner@duka.test");
let orderId: string;

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
  orderId = (await givenOrder()).id;
});

beforeEach(async () => {
  // Each test sets up the outbox it needs, starting from an empty one.
  await (await db()).delete(notifications);
});

let n = 0;
const start = Date.parse("2026-11-20T07:00:00Z");

/** A message in the outbox, each written a minute after the one before. */
async function given(message: Partial<typeof notifications.$inferInsert> = {}) {
  n += 1;
  const row = {
    id: `msg-${n}`,
    key: `test-${n}:sms:+254712345678`,
    message: "order-placed",
    channel: "sms" as const,
    recipient: "+254712345678",
    body: "Duka Crafts: Thank you!",
    state: "sent" as const,
    attempts: 1,
    nextAttemptAt: new Date(start + n * 60_000),
    createdAt: new Date(start + n * 60_000),
    ...message,
  };
  await (await db()).insert(notifications).values(row);
  return row.id;
}

const failed = (message: Partial<typeof notifications.$inferInsert> = {}) =>
  given({ state: "failed", attempts: 8, lastError: "The SMS gateway answered HTTP 503: down.", ...message });

async function stored(id: string) {
  const [row] = await (await db()).select().from(notifications).where(eq(notifications.id, id));
  return row!;
}

test("the log lists messages newest first, 50 a page, with how many are in each state", async () => {
  const sent = [];
  for (let i = 0; i < 52; i++) sent.push(await given({ sentAt: new Date(start + 1) }));
  const pending = await given({ state: "pending", attempts: 0 });
  const failedOne = await failed();
  const notSent = await given({ state: "not sent", attempts: 0, lastError: "not sent: no SMS provider configured" });

  const first = await notificationsLogPage(undefined, 1);
  expect(first.counts).toEqual({ pending: 1, sent: 52, failed: 1, "not sent": 1 });
  expect(first).toMatchObject({ page: 1, pageCount: 2 });
  expect(first.messages).toHaveLength(NOTIFICATIONS_PER_PAGE);
  expect(first.messages.slice(0, 4).map((m) => m.id)).toEqual([notSent, failedOne, pending, sent.at(-1)]);
  const second = await notificationsLogPage(undefined, 2);
  expect(second.messages.map((m) => m.id)).toEqual(sent.slice(0, 5).reverse());
  // A page past the last reads as the last.
  expect(await notificationsLogPage(undefined, 1_000_000)).toMatchObject({ page: 2, pageCount: 2 });

  const onlyFailed = await notificationsLogPage("failed", 1);
  expect(onlyFailed).toMatchObject({ page: 1, pageCount: 1, counts: first.counts });
  expect(onlyFailed.messages).toMatchObject([
    { id: failedOne, state: "failed", attempts: 8, lastError: "The SMS gateway answered HTTP 503: down.", label: "Order placed" },
  ]);
  expect((await notificationsLogPage("not sent", 1)).messages.map((m) => m.id)).toEqual([notSent]);
  expect((await notificationsLogPage("sent", 2)).messages.map((m) => m.id)).toEqual([sent[1], sent[0]]);
});

test("an empty log has one page and nothing in any state", async () => {
  expect(await notificationsLogPage("failed", 3)).toEqual({
    messages: [],
    counts: { pending: 0, sent: 0, failed: 0, "not sent": 0 },
    page: 1,
    pageCount: 1,
  });
  expect(await failedNotificationCount()).toBe(0);
});

test("recipients are masked, in the list and in the gateway's reason, and a message links its order", async () => {
  await failed({ orderId, lastError: "The SMS gateway refused the message: InvalidPhoneNumber 254712345678 (403)." });
  await given({
    channel: "email",
    message: "staff-new-order",
    recipient: "wanjiru@duka.test",
    key: `staff:email:wanjiru@duka.test`,
    state: "failed",
    lastError: "The mail server refused the message: 550 <wanjiru@duka.test>: no such user",
  });
  const { messages } = await notificationsLogPage(undefined, 1);
  expect(messages.map((m) => [m.label, m.channel, m.recipient, m.lastError, m.orderId])).toEqual([
    ["New order (to staff)", "email", "w•••@duka.test", "The mail server refused the message: 550 <w•••@duka.test>: no such user", null],
    ["Order placed", "sms", "+254 ••• ••• 678", "The SMS gateway refused the message: InvalidPhoneNumber +254 ••• ••• 678 (403).", orderId],
  ]);
  const everything = JSON.stringify(messages);
  expect(everything).not.toContain("712345678");
  expect(everything).not.toContain("wanjiru@");
});

test("the dashboard counts the failed messages only", async () => {
  await failed();
  await failed();
  await given({ state: "pending", attempts: 3 });
  await given();
  expect(await failedNotificationCount()).toBe(2);
});

test("Send again makes a failed message due now with fresh attempts, recorded as the staff member's", async () => {
  const id = await failed({ orderId });
  const now = new Date("2026-11-21T09:30:00Z");
  expect(await sendAgain(id, owner, now)).toEqual({ ok: true });

  expect(await stored(id)).toMatchObject({ state: "pending", attempts: 0, nextAttemptAt: now, lastError: null });
  expect(await failedNotificationCount()).toBe(0);
  expect(await timelineOf("notification", id)).toMatchObject([
    {
      at: now,
      staffEmail: "owner@duka.test",
      action: "update",
      before: { state: "failed", attempts: 8, lastError: "The SMS gateway answered HTTP 503: down." },
      after: { state: "pending", attempts: 0, lastError: null },
      note: "Sent again: Order placed, SMS to +254 ••• ••• 678",
    },
  ]);
});

test.each([
  ["sent", { state: "sent" as const, sentAt: new Date(start) }],
  ["pending", { state: "pending" as const, attempts: 2, lastError: "The SMS gateway answered HTTP 503: down." }],
  ["not sent", { state: "not sent" as const, attempts: 0, lastError: "not sent: no SMS provider configured" }],
])("Send again refuses a message already %s and changes nothing", async (state, message) => {
  const id = await given(message);
  const before = await stored(id);
  expect(await sendAgain(id, owner)).toEqual({ ok: false, problem: "not-failed", state });
  expect(await stored(id)).toEqual(before);
  expect(await timelineOf("notification", id)).toEqual([]);
});

test("Send again answers a message that is not in the log", async () => {
  expect(await sendAgain("msg-nobody", owner)).toEqual({ ok: false, problem: "missing" });
});

test("two staff sending the same failed message again at once send it once", async () => {
  const id = await failed();
  const results = await Promise.all([sendAgain(id, owner), sendAgain(id, staffActor("dev@duka.test"))]);
  expect(results.filter((r) => r.ok)).toHaveLength(1);
  expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, problem: "not-failed", state: "pending" }]);
  expect(await timelineOf("notification", id)).toHaveLength(1);
  expect(await stored(id)).toMatchObject({ state: "pending", attempts: 0 });
});
