import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/page";
import { inPrivateShop } from "./support/private-shop";
import { sampleProduct } from "./support/shop";

// Site Settings' limits against hostile traffic (issue 21): the hold before payment and the most of one product in
// an order (decision 043), the SMS countries and daily budget (decision 048), and staff sign-in (decision 045). They
// change what every other spec relies on, so they run in a shop of their own.

const DEVELOPER = "dev@limits.test";

async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

test.describe("Site Settings limits", () => {
  test.describe.configure({ timeout: 120_000 });
  inPrivateShop([[DEVELOPER, "developer"]]);

  test("are shown with their defaults, refused when out of range, saved, and followed by the shop", async ({ page, request }) => {
    await signIn(page, DEVELOPER);
    await page.goto("/admin/settings");
    await hydrated(page);

    const beforePayment = page.getByLabel("Hold stock before payment starts (minutes)");
    const perOrder = page.getByLabel("Most of one product in an order");
    const smsPerDay = page.getByLabel("SMS per day");
    const idle = page.getByLabel("Sign staff out after idle (minutes)");
    await expect(beforePayment).toHaveValue("60");
    await expect(page.getByLabel("Hold stock for unpaid orders (minutes)")).toHaveValue("2880");
    await expect(perOrder).toHaveValue("10");
    await expect(smsPerDay).toHaveValue("500");
    await expect(idle).toHaveValue("60");
    const countries = page.getByRole("group", { name: "Send SMS to phone numbers in" });
    await expect(countries.getByRole("checkbox", { name: "Kenya (+254)" })).toBeChecked();
    await expect(countries.getByRole("checkbox", { name: "Uganda (+256)" })).not.toBeChecked();
    await expectNoAxeViolations(page);

    // Out of range: refused with the message on the field, and everything typed kept.
    await perOrder.fill("0");
    await beforePayment.fill("30");
    await page.getByRole("button", { name: "Save All Settings" }).click();
    await expect(page.getByText("Enter a whole number of units, from 1 to 99.")).toBeVisible();
    await expect(perOrder).toBeFocused();
    await expect(beforePayment).toHaveValue("30");
    await expectNoAxeViolations(page);

    await perOrder.fill("2");
    await smsPerDay.fill("100");
    await idle.fill("30");
    await countries.getByRole("checkbox", { name: "Uganda (+256)" }).check();
    await page.getByRole("button", { name: "Save All Settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Settings saved successfully!" })).toBeVisible();

    await page.reload();
    await hydrated(page);
    await expect(beforePayment).toHaveValue("30");
    await expect(perOrder).toHaveValue("2");
    await expect(smsPerDay).toHaveValue("100");
    await expect(idle).toHaveValue("30");
    await expect(countries.getByRole("checkbox", { name: "Uganda (+256)" })).toBeChecked();

    // A shopper may put at most 2 of a well-stocked product in the bag, and is told why, not a stock figure.
    const dress = await sampleProduct(request, "Ankara Wrap Dress");
    await page.goto(`/product/${dress.slug}`);
    await hydrated(page);
    const addToBag = page.getByRole("button", { name: "Add to Bag" });
    await addToBag.click();
    await expect(page.getByRole("button", { name: "Added to Bag!" })).toBeVisible();
    await expect(addToBag).toBeVisible();
    await addToBag.click();
    await expect(addToBag).toBeVisible();
    await addToBag.click();
    await expect(page.getByText("You can order at most 2 at a time, and they are in your bag.")).toBeVisible();
  });
});
