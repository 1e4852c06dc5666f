import AxeBuilder from "@axe-core/playwright";
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { ownShop } from "./support/own-shop";
import { hydrated } from "./support/page";
import { addStaffMember, STAFF_PASSWORD } from "./support/staff";

// A staff member's signed-in sessions (issue 21, decision 045): listed on Your account, ended one by one, all
// others, or everywhere; the cookie over HTTPS; the sign-in lockout per client and email, and the CLI's unlock.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const FIREFOX_ON_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0";

async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

const sessionsList = (page: Page) => page.getByRole("list", { name: "Your sessions" });

async function expectSignedOut(page: Page) {
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
}

test("a member sees where they are signed in, and signs out one session, all others, or everywhere", async ({ page, browser, baseURL, isMobile }) => {
  test.setTimeout(90_000);
  const email = isMobile ? "phone@sessions.test" : "desk@sessions.test";
  await addStaffMember(email);
  // The same member on a second device.
  const phone = await browser.newPage({ userAgent: FIREFOX_ON_ANDROID, baseURL });
  await signIn(phone, email);
  await signIn(page, email);

  await page.goto("/admin/account");
  await hydrated(page);
  const sessions = sessionsList(page).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  const here = sessions.filter({ hasText: "This device" });
  await expect(here).toHaveCount(1);
  await expect(here).toContainText(/Signed in \d{1,2} \w{3} \d{4}, \d{2}:\d{2} · Last seen \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
  const other = sessions.filter({ hasText: "Firefox on Android" });
  await expect(other).toHaveCount(1);
  await expect(other).not.toContainText("This device");
  await expectNoAxeViolations(page);

  await other.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("status").filter({ hasText: "That session is signed out." })).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expectSignedOut(phone);

  await signIn(phone, email);
  await page.reload();
  await expect(sessions).toHaveCount(2);
  await hydrated(page);
  await page.getByRole("button", { name: "Sign out all other sessions" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Every other session is signed out." })).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(sessions).toContainText("This device");
  await expectSignedOut(phone);

  await signIn(phone, email);
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL("/admin/login");
  await expectSignedOut(page);
  await expectSignedOut(phone);
  await phone.close();
});

test("Your account is linked from the menu for both roles", async ({ page, isMobile }) => {
  for (const [email, role] of [
    ["owner@menu-sessions.test", "owner"],
    ["dev@menu-sessions.test", "developer"],
  ] as const) {
    await addStaffMember(email, role);
    await page.context().clearCookies();
    await signIn(page, email);
    if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Your account" }).filter({ visible: true }).click();
    await expect(page).toHaveURL("/admin/account");
    await expect(page).toHaveTitle("Your account | Duka Admin");
    await expect(page.getByRole("heading", { name: "Signed-in sessions" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  }
});

test.describe("behind a trusted proxy, on a shop of its own", () => {
  const OWNER = "owner@proxied-sessions.test";
  const shop = ownShop([{ email: OWNER, role: "owner" }], { env: { TRUST_PROXY: "1" } });
  let client: APIRequestContext;
  test.beforeEach(async () => {
    client = await playwrightRequest.newContext({ baseURL: shop().baseURL });
  });
  test.afterEach(async () => {
    await client.dispose();
  });

  const signInFrom = (address: string, password = STAFF_PASSWORD, proto = "http") =>
    client.post("/admin/login", {
      form: { email: OWNER, password },
      headers: {
        Origin: proto === "https" ? shop().baseURL.replace("http:", "https:") : shop().baseURL,
        "X-Forwarded-For": address,
        "X-Forwarded-Proto": proto,
      },
      maxRedirects: 0,
    });

  test("over HTTPS the session cookie is __Host- prefixed and Secure for the whole host; over HTTP it is not", async () => {
    const secure = await signInFrom("203.0.113.20", STAFF_PASSWORD, "https");
    expect(secure.status()).toBe(302);
    const setCookie = secure.headers()["set-cookie"]!;
    expect(setCookie).toMatch(/^__Host-duka_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/);
    expect(setCookie).not.toMatch(/Domain=/i);
    const dashboard = await client.get("/admin/dashboard", {
      headers: { Cookie: setCookie.split(";")[0]!, "X-Forwarded-Proto": "https" },
      maxRedirects: 0,
    });
    expect(dashboard.status()).toBe(200);

    const plain = await signInFrom("203.0.113.21");
    expect(plain.headers()["set-cookie"]).toMatch(/^duka_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
  });

  test("wrong passwords for the owner from one client lock out that client only; the staff CLI's unlock clears it", async () => {
    for (let i = 0; i < 5; i++) expect((await signInFrom("198.51.100.66", `wrong ${i}`)).status()).toBe(401);
    expect((await signInFrom("198.51.100.66")).status()).toBe(429);
    // The owner, elsewhere, is not locked out.
    expect((await signInFrom("203.0.113.30")).status()).toBe(302);

    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/staff.ts", "unlock", OWNER], {
      cwd: root,
      env: { ...process.env, DATA_DIR: shop().dataDir, DATABASE_URL: "" },
    });
    expect(stdout).toBe(`Cleared the failed sign-ins counted against ${OWNER}; they can try again now.\n`);
    expect((await signInFrom("198.51.100.66")).status()).toBe(302);
  });
});
