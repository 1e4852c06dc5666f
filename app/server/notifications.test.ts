import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { MAX_SEND_ATTEMPTS } from "~/domain/notifications";
import { type NotifySim, startNotifySim } from "../../scripts/notify-sim";
import { secondConnection } from "../../tests/setup/fresh-database";
import { readConfig } from "./config.server";
import type { Database } from "./db/client.server";
import { db, shopDatabase } from "./db/database.server";
import { notifications } from "./db/schema.server";
import { type OutboxMessage, queueNotifications, SEND_LEASE_MS, type Senders, sendDueNotifications } from "./notifications.server";

// The outbox end to end on the server (issue 12): messages written in their change's transaction, sent by
// the background sender through the local SMS gateway and SMTP stand-ins.

let sim: NotifySim;
let senders: Senders;

beforeAll(async () => {
  sim = await startNotifySim({ smsPort: 0, smtpPort: 0 });
  const configured = readConfig({ ...sim.env, PUBLIC_URL: "https://duka.test", DATA_DIR: process.env.DATA_DIR });
  senders = { sms: configured.sms, mail: configured.mail, shopName: "Duka Crafts" };
});

afterAll(async () => {
  await sim?.stop();
});

beforeEach(async () => {
  // Each test starts with nothing due: what an earlier test left pending is set aside.
  await (await db()).update(notifications).set({ state: "failed" }).where(eq(notifications.state, "pending"));
  sim.clear();
});

let n = 0;
const sms = (to = "+254712345678", body = "Order #AB12CD placed."): OutboxMessage => ({
  key: `test-${++n}:sms:${to}`,
  message: "order-placed",
  channel: "sms",
  recipient: to,
  body,
});

async function queue(messages: OutboxMessage[], now = new Date(), with_ = senders) {
  await (await db()).transaction((tx) => queueNotifications(tx, messages, now, with_));
}

async function stored(keys: string[]) {
  return (await db()).select().from(notifications).where(inArray(notifications.key, keys));
}

/** Runs the sender until nothing is due at `now`, as the background loop would. */
async function sendAll(now: Date, database?: Database) {
  while ((await sendDueNotifications(senders, now, database, () => 0.5)) > 0);
}

test("a message is written with its change: a rolled-back change queues nothing, and one event is queued once", async () => {
  const message = sms();
  await expect(
    (await db()).transaction(async (tx) => {
      await queueNotifications(tx, [message], new Date(), senders);
      throw new Error("the order failed");
    }),
  ).rejects.toThrow("the order failed");
  expect(await stored([message.key])).toEqual([]);

  await queue([message]);
  await queue([{ ...message, body: "A second try of the same event" }]);
  const rows = await stored([message.key]);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ state: "pending", body: "Order #AB12CD placed.", attempts: 0 });
});

test("thousands of messages written in one millisecond are all kept: no two get one id", async () => {
  const now = new Date();
  const batches = Array.from({ length: 4 }, (_, b) => Array.from({ length: 1_000 }, (_, i) => sms(`+2547100${String(b * 1_000 + i).padStart(5, "0")}`)));
  for (const batch of batches) await queue(batch, now, { sms: undefined, mail: undefined, shopName: "Duka Crafts" });
  const keys = batches.flat().map((m) => m.key);
  expect(await stored(keys)).toHaveLength(4_000);
});

test("a due message is sent once through the gateway and marked sent", async () => {
  const message = sms("+254712345678", "Payment received for order #AB12CD. Thank you!");
  await queue([message]);
  await sendAll(new Date());
  expect(sim.smsMessages()).toMatchObject([{ to: "+254712345678", message: "Payment received for order #AB12CD. Thank you!" }]);
  const [row] = await stored([message.key]);
  expect(row).toMatchObject({ state: "sent", attempts: 1, lastError: null });
  expect(row!.providerId).toMatch(/^ATXid_/);
  await sendAll(new Date(Date.now() + 3_600_000));
  expect(sim.smsMessages()).toHaveLength(1);
});

test("a gateway failing three times and then answering sends the message once, after backing off", async () => {
  const message = sms();
  await queue([message]);
  sim.failNext(3, "error");
  let now = new Date();
  for (let attempt = 1; attempt <= 3; attempt++) {
    await sendAll(now);
    const [row] = await stored([message.key]);
    expect(row).toMatchObject({ state: "pending", attempts: attempt });
    expect(row!.lastError).toMatch(/^The SMS gateway answered HTTP 500/);
    // Not due again before its backoff.
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    now = row!.nextAttemptAt;
  }
  await sendAll(now);
  expect(await stored([message.key])).toMatchObject([{ state: "sent", attempts: 4 }]);
  expect(sim.smsMessages()).toHaveLength(1);
});

test("a gateway down for good ends in 'failed' after the last attempt, and nothing more is tried", async () => {
  const message = sms();
  await queue([message]);
  sim.failNext(MAX_SEND_ATTEMPTS + 5, "error");
  let now = new Date();
  for (let attempt = 1; attempt <= MAX_SEND_ATTEMPTS; attempt++) {
    await sendAll(now);
    now = new Date(now.getTime() + 2 * 3_600_000);
  }
  const [row] = await stored([message.key]);
  expect(row).toMatchObject({ state: "failed", attempts: MAX_SEND_ATTEMPTS });
  expect(row!.lastError).toMatch(/^The SMS gateway answered HTTP 500/);
  await sendAll(new Date(now.getTime() + 86_400_000));
  expect((await stored([message.key]))[0]!.attempts).toBe(MAX_SEND_ATTEMPTS);
});

test("a number the gateway rejects fails at once with the gateway's reason", async () => {
  const message = sms("+2547");
  await queue([message]);
  await sendAll(new Date());
  expect(await stored([message.key])).toMatchObject([
    { state: "failed", attempts: 1, lastError: "The SMS gateway refused the message: InvalidPhoneNumber (403)." },
  ]);
});

test("a gateway that does not answer is given up on after 10 s and tried again later", { timeout: 20_000 }, async () => {
  const message = sms();
  await queue([message]);
  sim.failNext(1, "timeout");
  const started = Date.now();
  await sendDueNotifications(senders, new Date(), undefined, () => 0.5);
  expect(Date.now() - started).toBeLessThan(12_000);
  expect(await stored([message.key])).toMatchObject([{ state: "pending", attempts: 1, lastError: "The SMS gateway did not answer within 10 seconds." }]);
});

test("a channel not configured keeps its message as not sent, and configuring it later sends nothing old", async () => {
  const message = sms();
  await queue([message], new Date(), { ...senders, sms: undefined });
  expect(await stored([message.key])).toMatchObject([{ state: "not sent", lastError: "not sent: no SMS provider configured" }]);
  await sendAll(new Date());
  expect(sim.smsMessages()).toEqual([]);
});

test("an email goes through SMTP from the shop's name, with its text and HTML", async () => {
  const message: OutboxMessage = {
    key: `test-${++n}:email:owner@duka.test`,
    message: "staff-new-order",
    channel: "email",
    recipient: "owner@duka.test",
    subject: "New order #AB12CD",
    body: "A new order: KSH 2,450.",
    html: "<p>A new order: KSH 2,450.</p>",
  };
  await queue([message]);
  await sendAll(new Date());
  expect(sim.mails()).toMatchObject([
    { to: ["owner@duka.test"], subject: "New order #AB12CD", text: expect.stringContaining("A new order: KSH 2,450."), html: "<p>A new order: KSH 2,450.</p>" },
  ]);
  expect(sim.mails()[0]!.from).toContain("Duka Crafts");
  expect(await stored([message.key])).toMatchObject([{ state: "sent" }]);
});

test("a message claimed by a process that then died is sent again once its lease has passed", async () => {
  const message = sms();
  await queue([message]);
  const now = new Date();
  // Claimed, as a process does, and never finished: the process was killed.
  await (await db()).update(notifications).set({ nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS), attempts: 1 }).where(eq(notifications.key, message.key));
  await sendAll(now);
  expect(sim.smsMessages()).toEqual([]);
  await sendAll(new Date(now.getTime() + SEND_LEASE_MS));
  expect(await stored([message.key])).toMatchObject([{ state: "sent", attempts: 2 }]);
});

// PGlite runs inside this process and reads this process's clock: there is no second machine to disagree with.
test.skipIf(!process.env.DATABASE_URL)(
  "a lease is judged by the database's clock: a process whose clock is an hour off neither takes a live lease nor waits on a passed one",
  async () => {
    const message = sms();
    await queue([message]);
    // Claimed as sendDueNotifications claims, leased until `offsetMs` from now by the database's clock.
    const leaseUntil = async (offsetMs: number) => {
      await (await db())
        .update(notifications)
        .set({ nextAttemptAt: sql`now() + ${offsetMs} * interval '1 millisecond'`, attempts: 1 })
        .where(eq(notifications.key, message.key));
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // Claimed a moment ago by another process, which is sending it now.
      await leaseUntil(SEND_LEASE_MS);
      vi.setSystemTime(Date.now() + 3_600_000);
      while ((await sendDueNotifications(senders, undefined, undefined, () => 0.5)) > 0);
      expect(sim.smsMessages()).toEqual([]);
      expect(await stored([message.key])).toMatchObject([{ state: "pending", attempts: 1 }]);

      // That process died; by the database's clock its lease has passed, though this process's clock is behind.
      await leaseUntil(-1_000);
      vi.setSystemTime(Date.now() - 2 * 3_600_000);
      while ((await sendDueNotifications(senders, undefined, undefined, () => 0.5)) > 0);
      expect(await stored([message.key])).toMatchObject([{ state: "sent", attempts: 2 }]);
      expect(sim.smsMessages()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  },
);

test("two processes sending at once never send one message twice", async () => {
  const shop: { db: Database; url?: string } = await shopDatabase();
  const other = (await secondConnection(shop))?.db ?? shop.db;
  const messages = Array.from({ length: 60 }, (_, i) => sms(`+2547123${String(i).padStart(5, "5")}`, `Message ${i}`));
  await queue(messages);
  const now = new Date();
  await Promise.all([sendAll(now, shop.db), sendAll(now, other)]);
  const sent = sim.smsMessages().map((m) => m.message);
  expect(sent).toHaveLength(60);
  expect(new Set(sent).size).toBe(60);
  expect((await stored(messages.map((m) => m.key))).every((row) => row.state === "sent" && row.attempts === 1)).toBe(true);
});
