import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { type MailRecord, type NotifySim, startNotifySim } from "../../scripts/notify-sim";
import { signIn } from "./support/admin";
import { hydrated } from "./support/page";
import { freePort, removeDataDir, type ShopServer, startShop } from "./support/shop-server";
import { addStaffMember } from "./support/staff";

// The newsletter (issue 12): the footer's sign-up with and without JavaScript, the confirmation email through
// the SMTP stand-in (scripts/notify-sim.ts), its confirm and unsubscribe links, and the Subscribers page.

const OWNER = "owner@newsletter.test";
const WITH_JS = "wanjiru.js@example.com";
const WITHOUT_JS = "otieno.nojs@example.com";
const THANKS = "Thanks! Check your email to confirm.";

let shop: ShopServer;
let sim: NotifySim;

test.describe.configure({ mode: "serial" });
test.skip(({ isMobile }) => isMobile, "The footer form and the back office are the same on a phone; each path is checked once.");

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
const footerForm = (page: Page) => page.getByRole("contentinfo");

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The confirm and unsubscribe links in a confirmation email, which lead to this shop. */
function linksIn(mail: MailRecord) {
  const link = (kind: string) => {
    const found = new RegExp(`${shop.baseURL.replace(/[.]/g, "\\.")}/newsletter/${kind}/[A-Za-z0-9_-]{32}`).exec(mail.text)?.[0];
    expect(found, `the ${kind} link in:\n${mail.text}`).toBeTruthy();
    return found!;
  };
  return { confirm: link("confirm"), unsubscribe: link("unsubscribe") };
}

async function subscribeIn(footer: Locator, email: string) {
  await footer.getByLabel("Email address").fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
}

test("a shopper subscribes from the footer, confirms from the email and unsubscribes, each with one click", async ({ page }) => {
  await page.goto(url("/products"));
  await hydrated(page);
  const footer = footerForm(page);

  await subscribeIn(footer, "wanjiru@");
  await expect(footer.getByText("Please enter a valid email address, like name@example.com.")).toBeVisible();
  await expect(footer.getByLabel("Email address")).toHaveValue("wanjiru@");
  await expect(footer.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");

  await subscribeIn(footer, WITH_JS);
  await expect(footer.getByRole("status")).toHaveText(THANKS);
  await expect(footer.getByText("Please enter a valid email address, like name@example.com.")).toHaveCount(0);
  await expect(page).toHaveURL(url("/products"));
  await expectAccessible(page);

  const mail = await sim.waitForMail((m) => m.to.includes(WITH_JS), 20_000);
  expect(mail.subject).toMatch(/^Please confirm your subscription to /);
  const links = linksIn(mail);

  // The same address again says the same, and reveals nothing.
  await subscribeIn(footer, WITH_JS);
  await expect(footer.getByRole("status")).toHaveText(THANKS);

  // Opening a link only asks (a mail scanner opens links too); the button does it.
  const confirming = await page.goto(links.confirm);
  expect(confirming?.status()).toBe(200);
  expect(confirming?.headers()["cache-control"]).toBe("private, no-store");
  expect(confirming?.headers()["x-robots-tag"]).toBe("noindex");
  await expectAccessible(page);
  await page.getByRole("main").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("main")).toContainText("Your subscription is confirmed.");
  await expectAccessible(page);

  const leaving = await page.goto(links.unsubscribe);
  expect(leaving?.status()).toBe(200);
  expect(leaving?.headers()["cache-control"]).toBe("private, no-store");
  expect(leaving?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.getByRole("main")).not.toContainText("You have been unsubscribed.");
  await page.getByRole("main").getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("main")).toContainText("You have been unsubscribed.");
  await expectAccessible(page);

  const unknown = await page.goto(url(`/newsletter/confirm/${"x".repeat(32)}`));
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("main")).toContainText("This newsletter link is not valid.");
});

test("a shopper without JavaScript subscribes from the footer and sees the same message", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(url("/about"));
    const footer = footerForm(page);

    await subscribeIn(footer, "not an email");
    await expect(page).toHaveURL(/\/about\?newsletter=invalid&/);
    await expect(footer.getByText("Please enter a valid email address, like name@example.com.")).toBeVisible();
    await expect(footer.getByLabel("Email address")).toHaveValue("not an email");

    await subscribeIn(footer, WITHOUT_JS);
    await expect(page).toHaveURL(url("/about?newsletter=subscribed#newsletter"));
    await expect(footer.getByRole("status")).toHaveText(THANKS);
  } finally {
    await context.close();
  }
  const mail = await sim.waitForMail((m) => m.to.includes(WITHOUT_JS), 20_000);
  expect(linksIn(mail).confirm).toContain("/newsletter/confirm/");
});

test("a one-click unsubscribe by POST (RFC 8058) unsubscribes", async ({ request }) => {
  const email = "achieng.post@example.com";
  await request.post(url("/newsletter"), { form: { email }, headers: { Origin: shop.baseURL } });
  const { unsubscribe } = linksIn(await sim.waitForMail((m) => m.to.includes(email), 20_000));
  const answer = await request.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } });
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toContain("You have been unsubscribed.");
});

test("staff see every subscriber with their state, filter by state, and download them as CSV", async ({ page }) => {
  await signIn(page, OWNER, shop.baseURL);
  await page.goto(url("/admin/subscribers"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscribers");
  const row = (email: string) => page.getByRole("row").filter({ hasText: email });
  await expect(row(WITH_JS)).toContainText("Unsubscribed");
  await expect(row(WITHOUT_JS)).toContainText("Unconfirmed");
  const states = page.getByRole("navigation", { name: "Subscribers by state" });
  await expect(states.getByRole("link", { name: "All" })).toContainText("3");
  await expect(states.getByRole("link", { name: "Unsubscribed" })).toContainText("2");
  await expectAccessible(page);

  await states.getByRole("link", { name: "Unconfirmed" }).click();
  await expect(page).toHaveURL(url("/admin/subscribers?state=unconfirmed"));
  await expect(row(WITHOUT_JS)).toBeVisible();
  await expect(row(WITH_JS)).toHaveCount(0);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  expect((await download).suggestedFilename()).toBe("subscribers-unconfirmed.csv");
  const csv = await (await page.request.get(url("/admin/subscribers.csv"))).text();
  expect(csv).toContain(`${WITH_JS},Unsubscribed,`);
  expect(csv).toContain(`${WITHOUT_JS},Unconfirmed,`);

  await page.context().clearCookies();
  const signedOut = await page.request.get(url("/admin/subscribers.csv"), { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
});
