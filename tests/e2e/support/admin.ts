import type { Page } from "@playwright/test";
import { hydrated } from "./page";
import { STAFF_PASSWORD } from "./staff";

/**
 * Signs in through the login page, as a person would, and waits until the dashboard reacts to input. `origin`
 * names a shop of a spec's own; the shared shop is the default.
 */
export async function signIn(page: Page, email: string, origin = "") {
  await page.goto(`${origin}/admin/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${origin}/admin/dashboard`);
  await hydrated(page);
}
