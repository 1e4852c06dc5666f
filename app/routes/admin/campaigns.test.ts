import { eq, like } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { CAMPAIGN_EMAIL, CAMPAIGN_SMS, CAMPAIGN_TEST } from "~/domain/campaigns";
import {
  CAMPAIGN_CHANNEL_MESSAGE,
  CAMPAIGN_SMS_TEXT_MESSAGE,
  CAMPAIGN_SUBJECT_MESSAGE,
  CAMPAIGN_TITLE_MESSAGE,
  TEST_PHONE_NEEDED_MESSAGE,
} from "~/domain/campaigns.schema";
import { listCampaigns } from "~/server/campaigns.server";
import { recordConsentChange } from "~/server/consent.server";
import { db } from "~/server/db/database.server";
import { newsletterSubscribers, notifications } from "~/server/db/schema.server";
import { staffForms } from "../../../tests/setup/staff-forms";
import * as campaigns from "./campaigns";

// The Campaigns page's action, as its form posts to it: a test to the staff member alone, a send to everyone who
// agreed, and a refusal that says what is wrong beside each field.

// The shop has SMS and email configured (nothing is sent here: the messages stay in the outbox).
Object.assign(process.env, {
  AT_USERNAME: "sandbox",
  AT_API_KEY: "campaigns-test-key",
  AT_BASE_URL: "http://127.0.0.1:9",
  SMTP_URL: "smtp://user:pass@127.0.0.1:9",
  MAIL_FROM: "shop@duka.test",
  PUBLIC_URL: "https://duka.test",
});

const { cookies, answer, load } = staffForms(campaigns, "/admin/campaigns", "campaigns.test");
const page = async () => (await load()) as Awaited<ReturnType<typeof campaigns.loader>>;
const at = new Date(Date.UTC(2026, 10, 1, 9, 0));

beforeAll(async () => {
  const database = await db();
  await database.insert(newsletterSubscribers).values([
    { email: "amani@example.com", state: "confirmed", token: "tok-amani-0000000000000000000000", subscribedAt: at },
    { email: "chebet@example.com", state: "unconfirmed", token: "tok-chebet-000000000000000000000", subscribedAt: at },
  ]);
  await recordConsentChange(database, "254700000001", { agreed: true, at, source: "checkout", staffEmail: null });
});

const DECEMBER = {
  title: "December offers",
  email: "on",
  emailSubject: "Festive kikoi",
  emailText: "10% off every kikoi this week.",
  sms: "on",
  smsText: "Festive offer: 10% off kikoi!",
};

const messagesOf = async (message: string) =>
  (await db())
    .select({ key: notifications.key, recipient: notifications.recipient, subject: notifications.subject, body: notifications.body })
    .from(notifications)
    .where(eq(notifications.message, message))
    .orderBy(notifications.recipient);

test("the page shows the audience and a preview's shop name and sample unsubscribe link, to both roles", async () => {
  const { audience, storeName, unsubscribeUrl, campaigns: sent } = await page();
  expect(audience).toEqual({ email: 1, sms: 1 });
  expect(storeName).not.toBe("");
  expect(unsubscribeUrl).toBe("https://duka.test/newsletter/unsubscribe/your-own-link");
  expect(sent).toEqual([]);
});

test("a test goes to the staff member's own address and the phone they typed, as a message of its own each time", async () => {
  expect(await answer({ ...DECEMBER, intent: "test", testPhone: "+254 711 000 222" })).toEqual({
    ok: true,
    intent: "test",
    status: 200,
    message: "A test is on its way to owner@campaigns.test and +254711000222.",
  });
  const tests = await messagesOf(CAMPAIGN_TEST);
  expect(tests).toEqual([
    expect.objectContaining({ recipient: "+254711000222", body: "Festive offer: 10% off kikoi!\nSTOP to opt out" }),
    expect.objectContaining({ recipient: "owner@campaigns.test", subject: "Festive kikoi" }),
  ]);
  expect(tests[1]!.body).toMatch(
    /^10% off every kikoi this week\.\n\n—\nYou receive this because you subscribed to news from .+\. Unsubscribe: https:\/\/duka\.test\/newsletter\/unsubscribe\/your-own-link$/,
  );

  // A second test (the developer's, without a phone) is queued too; nothing reached a customer.
  expect(await answer({ ...DECEMBER, intent: "test", testPhone: "" }, cookies.developer)).toMatchObject({
    ok: true,
    message: "A test is on its way to dev@campaigns.test.",
  });
  expect((await messagesOf(CAMPAIGN_TEST)).map((message) => message.recipient)).toEqual([
    "+254711000222",
    "dev@campaigns.test",
    "owner@campaigns.test",
  ]);
  expect(await messagesOf(CAMPAIGN_EMAIL)).toEqual([]);
  expect(await messagesOf(CAMPAIGN_SMS)).toEqual([]);
  expect(await listCampaigns()).toEqual([]);
});

test("an SMS-only test needs a phone to send to", async () => {
  const { email: _unticked, ...smsOnly } = DECEMBER;
  expect(await answer({ ...smsOnly, intent: "test", testPhone: "" })).toEqual({
    ok: false,
    errors: { testPhone: TEST_PHONE_NEEDED_MESSAGE },
    status: 400,
  });
});

test("Send queues one message per recipient and lists the campaign, for either role", async () => {
  expect(await answer({ ...DECEMBER, intent: "send" })).toEqual({
    ok: true,
    intent: "send",
    status: 200,
    message: "“December offers” is being sent to 1 confirmed newsletter subscriber and 1 customer who agreed to marketing.",
  });
  expect(await messagesOf(CAMPAIGN_EMAIL)).toEqual([
    expect.objectContaining({ recipient: "amani@example.com", subject: "Festive kikoi", key: expect.stringMatching(/^campaign:cmp-/) }),
  ]);
  expect(await messagesOf(CAMPAIGN_SMS)).toEqual([
    expect.objectContaining({ recipient: "+254700000001", body: "Festive offer: 10% off kikoi!\nSTOP to opt out" }),
  ]);

  expect(
    await answer(
      { title: "Email only", email: "on", emailSubject: "New baskets", emailText: "In store now.", intent: "send" },
      cookies.developer,
    ),
  ).toMatchObject({
    ok: true,
    message: "“Email only” is being sent to 1 confirmed newsletter subscriber.",
  });
  const { campaigns: sent } = await page();
  expect(sent).toEqual([
    expect.objectContaining({
      title: "Email only",
      sentBy: "dev@campaigns.test",
      emailRecipients: 1,
      smsRecipients: 0,
      progress: expect.objectContaining({ waiting: 1 }),
    }),
    expect.objectContaining({
      title: "December offers",
      sentBy: "owner@campaigns.test",
      emailRecipients: 1,
      smsRecipients: 1,
      progress: expect.objectContaining({ waiting: 2 }),
    }),
  ]);
});

test("a bad form is refused with a message beside each field, and sends nothing", async () => {
  const before = await (await db()).select({ key: notifications.key }).from(notifications).where(like(notifications.key, "campaign%"));
  expect(await answer({ title: "", emailSubject: "", emailText: "", smsText: "", intent: "send" })).toEqual({
    ok: false,
    errors: { title: CAMPAIGN_TITLE_MESSAGE, channels: CAMPAIGN_CHANNEL_MESSAGE },
    status: 400,
  });
  expect(await answer({ ...DECEMBER, emailSubject: " ", smsText: "x".repeat(1_000), intent: "send" })).toEqual({
    ok: false,
    errors: { emailSubject: CAMPAIGN_SUBJECT_MESSAGE, smsText: CAMPAIGN_SMS_TEXT_MESSAGE },
    status: 400,
  });
  expect(await answer({ ...DECEMBER, intent: "publish" })).toMatchObject({ ok: false, status: 400, errors: { form: expect.any(String) } });
  const after = await (await db()).select({ key: notifications.key }).from(notifications).where(like(notifications.key, "campaign%"));
  expect(after).toHaveLength(before.length);
});

test("a post without signing in is sent to the sign-in page", async () => {
  await expect(answer({ ...DECEMBER, intent: "send" }, "")).rejects.toMatchObject({ status: 302 });
});
