import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { generateSync } from "otplib";
import { signIn } from "./support/admin";
import { ownShop } from "./support/own-shop";
import { hydrated } from "./support/page";
import { addStaffMember, STAFF_PASSWORD } from "./support/staff";

// Two-step sign-in with an authenticator app (issue 21, decision 045). The test plays the app: it reads the key
// shown beside the QR code and computes the codes itself.

async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

/** The code an authenticator app shows `aheadSeconds` from now. */
const appCode = (secret: string, aheadSeconds = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + aheadSeconds });

async function openYourAccount(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Your account" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
  await hydrated(page);
}

/** Sets two-step sign-in up from Your account; returns the key and the recovery codes. */
async function turnOnTwoStep(page: Page) {
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByRole("definition").textContent())!.replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);

  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByText("That code does not match. Check that your phone's clock is right and try again.")).toBeVisible();
  await page.getByLabel("Code from the app").fill(appCode(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-step sign-in is on." })).toBeVisible();
  const codes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  await expectNoAxeViolations(page);
  return { secret, codes };
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function passwordStep(page: Page, email: string, origin = "") {
  await page.goto(`${origin}/admin/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${origin}/admin/login/two-step`);
}

async function codeStep(page: Page, code: string) {
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Continue" }).click();
}

test("a member sets up two-step sign-in with the QR code, then signs in with an app code and with a recovery code", async ({
  page,
  isMobile,
}) => {
  test.setTimeout(90_000);
  const email = isMobile ? "phone@two-step.test" : "desk@two-step.test";
  await addStaffMember(email);
  await signIn(page, email);
  await openYourAccount(page, isMobile);
  const { secret, codes } = await turnOnTwoStep(page);

  // The recovery codes are shown once.
  await page.reload();
  await expect(page.getByText("Two-step sign-in is on. 10 recovery codes are left.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
  await signOut(page);

  // The password alone opens nothing.
  await passwordStep(page, email);
  await expectNoAxeViolations(page);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);

  await passwordStep(page, email);
  await codeStep(page, "000000");
  await expect(page.getByRole("alert")).toHaveText("That code is not right. Please try again.");
  // The next step's code: the one that turned it on has been used.
  await codeStep(page, appCode(secret, 30));
  await expect(page).toHaveURL("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await hydrated(page);
  await signOut(page);

  await passwordStep(page, email);
  await codeStep(page, codes[0]!);
  await expect(page).toHaveURL("/admin/dashboard");
  await hydrated(page);
  await signOut(page);
  // Each recovery code works once.
  await passwordStep(page, email);
  await codeStep(page, codes[0]!);
  await expect(page.getByRole("alert")).toHaveText("That code is not right. Please try again.");
  await codeStep(page, codes[1]!.toUpperCase());
  await expect(page).toHaveURL("/admin/dashboard");
  await hydrated(page);

  // Turned off with a code; the next sign-in is one step again.
  await openYourAccount(page, isMobile);
  await expect(page.getByText("Two-step sign-in is on. 8 recovery codes are left.")).toBeVisible();
  await page.getByLabel("Code to turn it off").fill(codes[2]!);
  await page.getByRole("button", { name: "Turn off two-step sign-in" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-step sign-in is off." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up two-step sign-in" })).toBeVisible();
  await signOut(page);
  await signIn(page, email);
});

test.describe("when Developers must use two-step sign-in, on a shop of its own", () => {
  const DEVELOPER = "dev@required-two-step.test";
  const shop = ownShop([{ email: DEVELOPER, role: "developer" }]);

  test("a Developer who turns the setting on is sent to set it up before anything else", async ({ page, isMobile }) => {
    test.setTimeout(90_000);
    const { baseURL } = shop();
    await signIn(page, DEVELOPER, baseURL);
    await page.goto(`${baseURL}/admin/settings`);
    await hydrated(page);
    await expect(page.getByLabel("Sign staff out after idle (minutes)")).toHaveValue("60");
    await page.getByLabel("Require two-step sign-in for Developers").check();
    await page.getByRole("button", { name: "Save All Settings" }).click();
    // Saved, the page reads its data again, and the guard now sends its Developer to set two-step up.
    await expect(page).toHaveURL(`${baseURL}/admin/account`);
    for (const path of ["/admin/dashboard", "/admin/settings", "/admin/orders"]) {
      await page.goto(`${baseURL}${path}`);
      await expect(page, path).toHaveURL(`${baseURL}/admin/account`);
    }
    await expect(page.getByText("This shop requires Developers to use two-step sign-in. Set it up to open the other admin pages.")).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);
    const { secret } = await turnOnTwoStep(page);

    await page.goto(`${baseURL}/admin/dashboard`);
    await expect(page).toHaveURL(`${baseURL}/admin/dashboard`);
    await hydrated(page);
    await signOut(page);
    await passwordStep(page, DEVELOPER, baseURL);
    await codeStep(page, appCode(secret, 30));
    await expect(page).toHaveURL(`${baseURL}/admin/dashboard`);
    if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByText("Developer", { exact: true }).filter({ visible: true })).toBeVisible();
  });
});
