import { randomInt } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { type NotifySim, startNotifySim } from "../../scripts/notify-sim";
import { signIn } from "./support/admin";
import { hydrated } from "./support/page";
import { freePort, removeDataDir, type ShopServer, startShop } from "./support/shop-server";
import { placeOrderOverHttp } from "./support/shop";
import { addStaffMember } from "./support/staff";

// Campaigns (issue 25): staff write an email and an SMS, see them as they go out and to how many, test them on
// themselves, Send after a confirmation, and watch the counts; the SMS and SMTP stand-ins (scripts/notify-sim.ts) get
// the messages, and the email's one-click unsubscribe link unsubscribes. Consent and subscribers are the shop's own,
// so the file runs in a shop of its own.

const OWNER = "owner@campaigns.test";
const SUBSCRIBER = "wairimu.campaign@example.com";
const TEST_PHONE = "+254700111222";
const TITLE = "Jamhuri Day offers";
const SUBJECT = "Jamhuri Day: 15% off kikoi";
const EMAIL_TEXT = "Karibu! Every kikoi is 15% off until Sunday.";
const SMS_TEXT = "Jamhuri Day: 15% off every kikoi until Sunday!";

let shop: ShopServer;
let sim: NotifySim;

test.describe.configure({ mode: "serial" });
test.skip(({ isMobile }) => isMobile, "The back office's form is the same on a phone; the path is checked once.");

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sim = await startNotifySim({ smsPort: 0, smtpPort: 0 });
  // The emails' links lead back to the shop, so its port is chosen before it starts.
  const port = await freePort();
  shop = await startShop({ port, env: { ...sim.env, PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await addStaffMember(OWNER, "owner", shop.dataDir);
});

test.afterAll(async () => {
  await shop?.stop();
  await sim?.stop();
  if (shop) removeDataDir(shop.dataDir);
});

const url = (path: string) => `${shop.baseURL}${path}`;
const axe = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
/** A link to this shop's newsletter pages in an email's text. */
const linkIn = (text: string, kind: string) =>
  new RegExp(`${shop.baseURL.replace(/[.]/g, "\\.")}/newsletter/${kind}/[A-Za-z0-9_-]+`).exec(text)?.[0];

test("staff preview, test and send a campaign; each recipient gets it once, and the email's link unsubscribes", async ({ page }) => {
  test.setTimeout(120_000);
  const request = await playwrightRequest.newContext({ baseURL: shop.baseURL });
  // A confirmed newsletter subscriber, through the footer's form and the confirmation email.
  await request.post(url("/newsletter"), { form: { email: SUBSCRIBER }, headers: { Origin: shop.baseURL } });
  const confirm = linkIn((await sim.waitForMail((mail) => mail.to.includes(SUBSCRIBER), 20_000)).text, "confirm");
  expect(confirm).toBeTruthy();
  await page.goto(confirm!);
  await page.getByRole("main").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("main")).toContainText("Your subscription is confirmed.");

  // A customer who ticked "Send me news and offers" at checkout.
  const digits = `2547${String(randomInt(10_000_000, 99_999_999))}`;
  await placeOrderOverHttp(request, {
    productName: "Adinkra-Inspired Cushion Cover",
    size: "45 × 45 cm",
    color: "Ochre & Charcoal",
    name: "Makena Wanjiru",
    phone: `+${digits}`,
    marketing: true,
  });

  await signIn(page, OWNER, shop.baseURL);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Campaigns", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Campaigns");
  await hydrated(page);
  await expect(page.getByText("No campaigns sent yet.")).toBeVisible();

  // Send with nothing written says what is missing, beside each field.
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("Please give the campaign a title of up to 120 characters.")).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByLabel("Title").fill(TITLE);
  await page.getByLabel("Subject").fill(SUBJECT);
  await page.getByLabel("Email text").fill(EMAIL_TEXT);
  await page.getByLabel("Send by SMS").check();
  await page.getByLabel("SMS text").fill(SMS_TEXT);
  await expect(page.getByText(`${SMS_TEXT.length} of 443 characters.`)).toBeVisible();

  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("To 1 confirmed newsletter subscriber");
  await expect(preview).toContainText("To 1 customer who agreed to marketing");
  await expect(preview).toContainText(`Subject: ${SUBJECT}`);
  await expect(preview).toContainText(`${EMAIL_TEXT}`);
  await expect(preview).toContainText(`Unsubscribe: ${url("/newsletter/unsubscribe/your-own-link")}`);
  await expect(preview.locator("pre").last()).toHaveText(`${SMS_TEXT}\nSTOP to opt out`);
  await axe(page);

  // A test to the staff member alone: the email to their address, the SMS to the phone they type.
  await page.getByLabel("Your phone for the test SMS").fill(TEST_PHONE);
  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByRole("status").filter({ hasText: "A test" })).toHaveText(`A test is on its way to ${OWNER} and ${TEST_PHONE}.`);
  const testMail = await sim.waitForMail((mail) => mail.to.includes(OWNER) && mail.subject === SUBJECT, 20_000);
  expect(testMail.text).toContain(EMAIL_TEXT);
  expect((await sim.waitForSms((sms) => sms.to === TEST_PHONE, 20_000)).message).toBe(`${SMS_TEXT}\nSTOP to opt out`);
  // Nothing typed was lost, and no campaign went out.
  await expect(page.getByLabel("Title")).toHaveValue(TITLE);
  await expect(page.getByText("No campaigns sent yet.")).toBeVisible();

  // Send asks first, stating how many will get it.
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Send campaign" });
  await expect(dialog).toContainText(
    "Send this campaign to 1 newsletter subscriber by email and 1 customer by SMS? It cannot be stopped once sent.",
  );
  await axe(page);
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: TITLE })).toHaveText(
    `“${TITLE}” is being sent to 1 confirmed newsletter subscriber and 1 customer who agreed to marketing.`,
  );
  await expect(page.getByLabel("Title")).toHaveValue("");

  // The list's counts move as the background sender sends, until everything is sent.
  const row = page.getByRole("row").filter({ hasText: TITLE });
  await expect(row.getByRole("cell")).toHaveText([TITLE, /\d{4}, \d\d:\d\d$/, OWNER, "1 by email, 1 by SMS", "2", "0", "0", "0", "0"], {
    timeout: 30_000,
  });
  await axe(page);

  const sms = await sim.waitForSms((each) => each.to === `+${digits}` && each.message.startsWith(SMS_TEXT), 20_000);
  expect(sms.message).toBe(`${SMS_TEXT}\nSTOP to opt out`);
  const mail = await sim.waitForMail((each) => each.to.includes(SUBSCRIBER) && each.subject === SUBJECT, 20_000);
  const unsubscribe = linkIn(mail.text, "unsubscribe");
  expect(unsubscribe).toBeTruthy();
  expect(mail.listUnsubscribe).toBe(`<${unsubscribe}>`);
  expect(mail.listUnsubscribePost).toBe("List-Unsubscribe=One-Click");

  // The mail program's one click (RFC 8058) unsubscribes, and the Subscribers page shows it.
  const answer = await request.post(unsubscribe!, { form: { "List-Unsubscribe": "One-Click" } });
  expect(answer.status()).toBe(200);
  await page.goto(url("/admin/subscribers"));
  await expect(page.getByRole("row").filter({ hasText: SUBSCRIBER })).toContainText("Unsubscribed");
  await request.dispose();
});
