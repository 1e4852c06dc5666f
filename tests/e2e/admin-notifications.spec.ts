import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/page";
import { inPrivateShop } from "./support/private-shop";

// Site Content → Notifications (issue 12): the SMS and email templates, in a private shop since a save changes
// what every order sends.

const OWNER = "owner@templates.test";
const DEVELOPER = "dev@templates.test";

test.describe.configure({ timeout: 120_000 });
inPrivateShop([
  [DEVELOPER, "developer"],
  [OWNER, "owner"],
]);

test("a developer edits an SMS: an unknown placeholder is refused and kept, the length and preview follow the text", async ({ page }) => {
  await signIn(page, DEVELOPER);
  await page.goto("/admin/notifications");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  // Nothing may widen the page past a phone's screen (a long title, a link in a preview): a wider page moves the
  // sticky Save bar below what the phone shows, out of reach.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.visualViewport!.width)).toBeLessThanOrEqual(0);

  const placed = page.getByRole("group", { name: "Order placed" });
  await expect(placed.getByText(/^1 SMS \(\d+ of 160 characters\)$|^2 SMS parts/)).toBeVisible();
  const text = placed.getByLabel("Text", { exact: true });
  await text.fill("{{SHOP_NAME}}: hello {{CLIENT}}, order #{{ORDER_ID}} is in.");
  await page.getByRole("button", { name: "Save Notifications" }).click();
  await expect(placed.getByText(/^Unknown placeholder \{\{CLIENT\}\}\. This message can use \{\{SHOP_NAME\}\}/)).toBeVisible();
  await expect(text).toBeFocused();
  await expect(text).toHaveValue("{{SHOP_NAME}}: hello {{CLIENT}}, order #{{ORDER_ID}} is in.");

  await text.fill(`{{SHOP_NAME}}: hello {{CLIENT_NAME}}, order #{{ORDER_ID}} is in. ${"Asante sana! ".repeat(12)}`);
  await expect(placed.getByText(/^2 SMS parts \(\d+ characters, up to 153 per part\)$/)).toBeVisible();
  await expect(placed.getByText(/: hello .+, order #[a-z0-9]{6} is in\./)).toBeVisible();
  await placed.getByLabel("Send this message").uncheck();
  await page.getByRole("button", { name: "Save Notifications" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Notifications saved successfully!" })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("group", { name: "Order placed" }).getByLabel("Text", { exact: true })).toHaveValue(/^\{\{SHOP_NAME\}\}: hello \{\{CLIENT_NAME\}\}/);
  await expect(page.getByRole("group", { name: "Order placed" }).getByLabel("Send this message")).not.toBeChecked();
});

test("a Store Owner is kept off the templates", async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto("/admin/notifications");
  await expect(page).toHaveURL("/admin/dashboard");
});
