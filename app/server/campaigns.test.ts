import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { CAMPAIGN_MESSAGES_PER_MINUTE, OPTED_OUT } from "~/domain/campaigns";
import { type NotifySim, startNotifySim } from "../../scripts/notify-sim";
import { campaignAudience, listCampaigns, sendCampaign } from "./campaigns.server";
import { readConfig } from "./config.server";
import { recordConsentChange, withdrawConsent } from "./consent.server";
import { db } from "./db/database.server";
import { newsletterSubscribers, notifications } from "./db/schema.server";
import { unsubscribe } from "./newsletter.server";
import { type Senders, sendDueNotifications } from "./notifications.server";

// Campaigns (issue 25): to those who agreed, each once, at a steady rate, checked again just before sending.

let sim: NotifySim;
let senders: Senders;
const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 9, minute));

beforeAll(async () => {
  sim = await startNotifySim({ smsPort: 0, smtpPort: 0 });
  // The shop's own config (outboxInsert reads it to know SMS and email are configured) and the senders.
  Object.assign(process.env, { ...sim.env, PUBLIC_URL: "https://duka.test" });
  const configured = readConfig({ ...sim.env, PUBLIC_URL: "https://duka.test", DATA_DIR: process.env.DATA_DIR });
  senders = { sms: configured.sms, mail: configured.mail, shopName: "Duka Crafts" };
  const database = await db();
  await database.insert(newsletterSubscribers).values([
    { email: "amani@example.com", state: "confirmed", token: "tok-amani-0000000000000000000000", subscribedAt: at(0) },
    { email: "baraka@example.com", state: "confirmed", token: "tok-baraka-000000000000000000000", subscribedAt: at(0) },
    { email: "chebet@example.com", state: "unconfirmed", token: "tok-chebet-000000000000000000000", subscribedAt: at(0) },
    { email: "dalia@example.com", state: "unsubscribed", token: "tok-dalia-0000000000000000000000", subscribedAt: at(0) },
  ]);
  const agree = (digits: string, minute: number) =>
    recordConsentChange(database, digits, { agreed: true, at: at(minute), source: "checkout", staffEmail: null });
  await agree("254700000001", 1);
  await agree("254700000002", 1);
  await agree("254700000003", 1);
  await withdrawConsent("254700000003", "staff", "owner@duka.test", at(2));
});

afterAll(async () => {
  await sim?.stop();
});

beforeEach(async () => {
  await (await db()).update(notifications).set({ state: "failed" }).where(eq(notifications.state, "pending"));
  sim.clear();
});

/** Sends everything due by `until`, as the background sender would. */
async function sendAll(until: Date) {
  while ((await sendDueNotifications(senders, until)) > 0);
}

test("the audience is confirmed subscribers by email and customers whose consent stands by SMS", async () => {
  expect(await campaignAudience()).toEqual({ email: 2, sms: 2 });
});

test("a campaign reaches each recipient once, the SMS with its opt-out line, the email with one-click unsubscribe", async () => {
  const sent = await sendCampaign(
    {
      title: "December offers",
      email: { subject: "Festive kikoi", text: "10% off every kikoi this week." },
      sms: { text: "Festive offer: 10% off kikoi!" },
    },
    "owner@duka.test",
    at(10),
  );
  expect(sent).toMatchObject({ email: 2, sms: 2 });
  await sendAll(at(20));
  // Sending again finds nothing more.
  await sendAll(at(30));
  expect(
    sim
      .smsMessages()
      .map((sms) => sms.to)
      .sort(),
  ).toEqual(["+254700000001", "+254700000002"]);
  for (const sms of sim.smsMessages()) expect(sms.message).toBe("Festive offer: 10% off kikoi!\nSTOP to opt out");
  const mails = sim.mails();
  expect(mails.map((mail) => mail.to[0]).sort()).toEqual(["amani@example.com", "baraka@example.com"]);
  const amani = mails.find((mail) => mail.to[0] === "amani@example.com")!;
  expect(amani).toMatchObject({
    subject: "Festive kikoi",
    listUnsubscribe: "<https://duka.test/newsletter/unsubscribe/tok-amani-0000000000000000000000>",
    listUnsubscribePost: "List-Unsubscribe=One-Click",
  });
  expect(amani.text).toContain("10% off every kikoi this week.");
  expect(amani.text).toContain("Unsubscribe: https://duka.test/newsletter/unsubscribe/tok-amani-0000000000000000000000");

  const [row] = await listCampaigns();
  expect(row).toMatchObject({
    id: sent.id,
    title: "December offers",
    emailRecipients: 2,
    smsRecipients: 2,
    progress: { sent: 4, waiting: 0, failed: 0, optedOut: 0 },
  });
});

test("messages fall due at a steady rate, not all at once", async () => {
  const start = at(40);
  const { id } = await sendCampaign({ title: "Rate", email: null, sms: { text: "Hello" } }, "owner@duka.test", start);
  const due = await (await db()).select({ at: notifications.nextAttemptAt }).from(notifications).where(eq(notifications.campaignId, id));
  expect(due.map((row) => row.at.getTime() - start.getTime()).sort((a, b) => a - b)).toEqual([0, 60_000 / CAMPAIGN_MESSAGES_PER_MINUTE]);
});

test("someone who withdraws or unsubscribes after the campaign is queued, before their message goes, gets nothing", async () => {
  const { id } = await sendCampaign(
    { title: "Late change of mind", email: { subject: "New baskets", text: "New baskets" }, sms: { text: "New baskets" } },
    "owner@duka.test",
    at(50),
  );
  await withdrawConsent("254700000002", "sms-reply", null, at(50));
  await unsubscribe("tok-baraka-000000000000000000000", at(50));
  await sendAll(at(59));
  // (The simulators may still be taking an earlier test's last messages: only this campaign's are counted.)
  expect(
    sim
      .smsMessages()
      .filter((sms) => sms.message.startsWith("New baskets"))
      .map((sms) => sms.to),
  ).toEqual(["+254700000001"]);
  expect(
    sim
      .mails()
      .filter((mail) => mail.subject === "New baskets")
      .map((mail) => mail.to[0]),
  ).toEqual(["amani@example.com"]);
  const [row] = (await listCampaigns()).filter((campaign) => campaign.id === id);
  expect(row!.progress).toMatchObject({ sent: 2, optedOut: 2 });
  const optedOut = await (await db()).select().from(notifications).where(eq(notifications.lastError, OPTED_OUT));
  expect(optedOut.map((message) => message.recipient).sort()).toEqual(expect.arrayContaining(["+254700000002", "baraka@example.com"]));
});
