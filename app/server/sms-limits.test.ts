import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { shopDate } from "~/domain/report-period";
import { COUNTRY_NOT_ALLOWED_REASON, smsBudgetSpentLine } from "~/domain/sms-limits";
import { type NotifySim, startNotifySim } from "../../scripts/notify-sim";
import { secondConnection } from "../../tests/setup/fresh-database";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";
import { loader as dashboardLoader } from "../routes/admin/dashboard";
import { readConfig } from "./config.server";
import type { Database } from "./db/client.server";
import { db, shopDatabase } from "./db/database.server";
import { notifications } from "./db/schema.server";
import { smsBudgetNotice } from "./dashboard.server";
import { notificationsLogPage } from "./notification-log.server";
import { type OutboxMessage, queueNotifications, type Senders, sendDueNotifications } from "./notifications.server";
import { startSession } from "./session.server";
import { writeSiteDocument } from "./site-documents.server";
import { addStaff } from "./staff.server";

// Issue 21: the shop's SMS go only to the countries Site Settings allow, and no more a day than its budget, across
// every process sending; past the budget the Store Owners are told once, by email and on the dashboard.

let sim: NotifySim;
let senders: Senders;
let ownerId: string;

beforeAll(async () => {
  sim = await startNotifySim({ smsPort: 0, smtpPort: 0 });
  const configured = readConfig({ ...sim.env, PUBLIC_URL: "https://duka.test", DATA_DIR: process.env.DATA_DIR });
  senders = { sms: configured.sms, mail: configured.mail, shopName: "Duka Crafts" };
  ownerId = (await addStaff({ email: "wanjiru@duka.test", password: "a long enough password", role: "owner" })).id;
  await addStaff({ email: "otieno@duka.test", password: "a long enough password", role: "owner" });
  await addStaff({ email: "dev@duka.test", password: "a long enough password", role: "developer" });
});

afterAll(async () => {
  await sim?.stop();
});

beforeEach(async () => {
  await (await db()).update(notifications).set({ state: "failed" }).where(eq(notifications.state, "pending"));
  await writeSiteDocument("settings", mpesaShopSettings());
  sim.clear();
});

let n = 0;
function sms(to: string, body?: string): OutboxMessage {
  n += 1;
  return { key: `limits-${n}:sms:${to}`, message: "order-placed", channel: "sms", recipient: to, body: body ?? `SMS ${n}` };
}
/** Kenyan numbers, none ending in 0000 (the stand-in gateway's blacklisted numbers). */
const kenyan = (count: number) => Array.from({ length: count }, (_, i) => sms(`+2547120${String(10_001 + i).padStart(5, "0")}`));

async function queue(messages: OutboxMessage[], now: Date) {
  await (await db()).transaction((tx) => queueNotifications(tx, messages, now, senders));
}

const stored = async (messages: OutboxMessage[]) =>
  (await db())
    .select()
    .from(notifications)
    .where(
      inArray(
        notifications.key,
        messages.map((m) => m.key),
      ),
    );

/** Runs the sender until nothing is due at `now`, as each process's background loop would. */
async function sendAll(now: Date, database?: Database) {
  while ((await sendDueNotifications(senders, now, database, () => 0.5)) > 0);
}

/** A morning in the shop's time zone, a day of its own for each test, so no test spends another's budget. */
const morningOf = (day: string) => new Date(`${day}T06:00:00Z`);

const budgetEmails = async (day: string) =>
  (await db())
    .select({ recipient: notifications.recipient, state: notifications.state, subject: notifications.subject })
    .from(notifications)
    .where(and(eq(notifications.message, "staff-sms-budget-spent"), like(notifications.key, `sms-budget-spent:${day}:%`)))
    .orderBy(notifications.recipient);

test("an SMS to a +1 number is not sent with the default settings, and the Notifications Log says why", async () => {
  const now = morningOf("2030-01-07");
  const american = sms("+14155550100", "To America");
  const tanzanian = sms("+255712345678", "To Tanzania");
  const local = sms("+254712345678", "To Kenya");
  await queue([american, tanzanian, local], now);
  await sendAll(now);

  expect(sim.smsMessages().map((m) => m.message)).toEqual(["To Kenya"]);
  const rows = await stored([american, tanzanian, local]);
  expect(rows.find((row) => row.key === american.key)).toMatchObject({
    state: "not sent",
    lastError: COUNTRY_NOT_ALLOWED_REASON,
    attempts: 0,
  });
  expect(rows.find((row) => row.key === tanzanian.key)).toMatchObject({ state: "not sent", lastError: COUNTRY_NOT_ALLOWED_REASON });
  const log = await notificationsLogPage("not sent", 1);
  expect(log.messages.find((m) => m.recipient === "+1 ••• ••• 100")).toMatchObject({
    state: "not sent",
    lastError: COUNTRY_NOT_ALLOWED_REASON,
  });
});

test("a country ticked in Site Settings gets its SMS; one unticked since an SMS was queued does not", async () => {
  const now = morningOf("2030-01-08");
  await writeSiteDocument("settings", mpesaShopSettings({ smsCountries: ["254", "255"] }));
  const tanzanian = sms("+255712345678", "To Tanzania");
  await queue([tanzanian], now);
  await sendAll(now);
  expect(sim.smsMessages().map((m) => m.message)).toEqual(["To Tanzania"]);

  const kenyanLater = sms("+254712345678", "To Kenya");
  await queue([kenyanLater], now);
  await writeSiteDocument("settings", mpesaShopSettings({ smsCountries: ["255"] }));
  await sendAll(now);
  expect(await stored([kenyanLater])).toMatchObject([{ state: "not sent", lastError: COUNTRY_NOT_ALLOWED_REASON }]);
});

test("with a budget of 25, two processes sending 60 SMS at once send exactly 25; the owners' email is queued once and the dashboard says so", async () => {
  const now = new Date();
  const today = shopDate(now, "Africa/Nairobi");
  await writeSiteDocument("settings", mpesaShopSettings({ smsPerDay: 25, staffEmails: "accounts@duka.test" }));
  const shop: { db: Database; url?: string } = await shopDatabase();
  const other = (await secondConnection(shop))?.db ?? shop.db;
  expect(await smsBudgetNotice(now)).toBeUndefined();

  const messages = kenyan(60);
  await queue(messages, now);
  await Promise.all([sendAll(now, shop.db), sendAll(now, other)]);

  const sent = sim.smsMessages().map((m) => m.message);
  expect(sent).toHaveLength(25);
  expect(new Set(sent).size).toBe(25);
  const rows = await stored(messages);
  expect(rows.filter((row) => row.state === "sent")).toHaveLength(25);
  expect(rows.filter((row) => row.state === "sent").every((row) => row.countedOn === today)).toBe(true);
  const notSent = rows.filter((row) => row.state === "not sent");
  expect(notSent).toHaveLength(35);
  expect(new Set(notSent.map((row) => row.lastError))).toEqual(new Set(["not sent: the daily SMS budget (25) was spent"]));
  expect(notSent.every((row) => row.countedOn === null && row.attempts === 0)).toBe(true);

  // One email to each Store Owner account and the extra address, however many claims the budget stopped.
  expect(await budgetEmails(today)).toEqual([
    { recipient: "accounts@duka.test", state: "sent", subject: "Duka Crafts: today's SMS budget is spent" },
    { recipient: "otieno@duka.test", state: "sent", subject: "Duka Crafts: today's SMS budget is spent" },
    { recipient: "wanjiru@duka.test", state: "sent", subject: "Duka Crafts: today's SMS budget is spent" },
  ]);
  expect(sim.mails().filter((mail) => mail.subject === "Duka Crafts: today's SMS budget is spent")).toHaveLength(3);

  // Later that day: more orders, no more SMS, and no second email.
  const later = kenyan(5);
  await queue(later, now);
  await Promise.all([sendAll(now, shop.db), sendAll(now, other)]);
  expect(sim.smsMessages()).toHaveLength(25);
  expect(await budgetEmails(today)).toHaveLength(3);

  expect(await smsBudgetNotice(now)).toBe(smsBudgetSpentLine(25));
  const request = new Request("http://shop.test/admin/dashboard");
  request.headers.set("Cookie", (await startSession(request, ownerId)).split(";")[0]!);
  const page = await dashboardLoader({ request, params: {}, context: {} } as Parameters<typeof dashboardLoader>[0]);
  expect(page.smsBudget).toBe(
    "Today's SMS budget of 25 is spent: SMS to shoppers are not sent until midnight. A Developer can raise it in Site Settings.",
  );
  // The next shop day has its budget back.
  expect(await smsBudgetNotice(new Date(now.getTime() + 86_400_000))).toBeUndefined();
});

test("an SMS tried again after a failure counts once against the budget", async () => {
  const now = morningOf("2030-01-09");
  await writeSiteDocument("settings", mpesaShopSettings({ smsPerDay: 2 }));
  const [first, second, third] = kenyan(3);
  await queue([first!], now);
  sim.failNext(1, "error");
  await sendAll(now);
  expect(await stored([first!])).toMatchObject([{ state: "pending", attempts: 1, countedOn: "2030-01-09" }]);

  const retryAt = (await stored([first!]))[0]!.nextAttemptAt;
  await queue([second!, third!], now);
  await sendAll(retryAt);
  const rows = await stored([first!, second!, third!]);
  expect(rows.find((row) => row.key === first!.key)).toMatchObject({ state: "sent", attempts: 2 });
  expect(rows.filter((row) => row.state === "sent")).toHaveLength(2);
  expect(rows.filter((row) => row.state === "not sent")).toHaveLength(1);
});

test("a budget of 0 sends no SMS and emails nobody", async () => {
  const now = morningOf("2030-01-10");
  await writeSiteDocument("settings", mpesaShopSettings({ smsPerDay: 0 }));
  const messages = kenyan(3);
  await queue(messages, now);
  await sendAll(now);
  expect(sim.smsMessages()).toEqual([]);
  expect(
    (await stored(messages)).every((row) => row.state === "not sent" && row.lastError === "not sent: the daily SMS budget (0) was spent"),
  ).toBe(true);
  expect(await budgetEmails("2030-01-10")).toEqual([]);
  expect(await smsBudgetNotice(now)).toBeUndefined();
});
