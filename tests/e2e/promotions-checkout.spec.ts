import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { ownShop } from "./support/own-shop";
import { hydrated } from "./support/page";
import { signedInRequest } from "./support/staff";

// Discount codes and automatic offers at checkout (issue 24), in a shop of its own: Apply shows what a code gives as a
// line of its own, each refusal has the shopper's words, the order keeps the discount, and Apply works without
// JavaScript.

const OWNER = "owner@promotions-checkout.test";
const ownedShop = ownShop([{ email: OWNER, role: "owner" }]);

test.beforeAll(async () => {
  const shop = ownedShop();
  const staff = await signedInRequest(shop.baseURL, OWNER);
  const add = async (form: Record<string, string>) => {
    const answer = await staff.post("/admin/promotions", { form: { intent: "create", appliesTo: "everything", ...form }, headers: { Origin: shop.baseURL } });
    expect(answer.status(), JSON.stringify(form)).toBeLessThan(400);
  };
  await add({ trigger: "code", code: "KARIBU10", kind: "percent", value: "10" });
  await add({ trigger: "code", code: "OLDSALE", kind: "percent", value: "10", startsAt: "2020-01-01T00:00", endsAt: "2020-01-31T00:00" });
  await add({ trigger: "code", code: "SOONSALE", kind: "amount", value: "500", startsAt: "2099-01-01T00:00" });
  await add({ trigger: "code", code: "BIGSPEND", kind: "amount", value: "500", minSubtotal: "20000" });
  await add({ trigger: "code", code: "LASTONE", kind: "amount", value: "300", totalUses: "1" });
  await add({ trigger: "code", code: "ONCEEACH", kind: "amount", value: "200", usesPerPhone: "1" });
  // Only bags of two handbags or more (KSH 8,400) reach the automatic offer, so the other tests' totals are plain.
  await add({ trigger: "automatic", name: "Festive offer", kind: "amount", value: "1000", minSubtotal: "8000" });
  await staff.dispose();
});

/** The Kiondo Sisal Handbag's bag line (KSH 4,200 each), found through the sitemap. */
async function handbagLine(quantity: number) {
  const http = await playwrightRequest.newContext({ baseURL: ownedShop().baseURL });
  const sitemap = await (await http.get("/sitemap.xml")).text();
  await http.dispose();
  const id = /\/product\/kiondo-sisal-handbag-([a-z0-9]+)</.exec(sitemap)![1]!;
  return { productId: id, size: "Large (36 × 38 cm)", color: "Natural & Indigo", quantity };
}

async function checkoutWithHandbags(page: Page, quantity = 1) {
  const shop = ownedShop();
  const line = await handbagLine(quantity);
  await page.goto(`${shop.baseURL}/about`);
  await page.evaluate((bag) => localStorage.setItem("duka-bag", bag), JSON.stringify([line]));
  await page.goto(`${shop.baseURL}/checkout`);
  await hydrated(page);
}

async function fillDetails(page: Page, phone = "+254 712 345 678") {
  await page.getByLabel("Full name").fill("Achieng Otieno");
  await page.getByLabel("Address", { exact: true }).fill("Kimathi Street, Nairobi");
  await page.getByLabel("Phone").fill(phone);
  await page.getByRole("radio", { name: "M-Pesa" }).check();
}

async function apply(page: Page, code: string) {
  await page.getByLabel("Discount code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
}

test("an applied code is a line of the summary with a negative amount, and the order, its payment page and its amount keep it", async ({ page }) => {
  await checkoutWithHandbags(page);
  await fillDetails(page);
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).not.toContainText("Discount");
  await apply(page, "karibu10");
  await expect(summary).toContainText("SubtotalKSH 4,200");
  await expect(summary).toContainText("Discount (KARIBU10)-KSH 420");
  await expect(summary).toContainText("TotalKSH 3,780");
  await expect(page.getByLabel("Full name")).toHaveValue("Achieng Otieno");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/payment-instructions\/[a-z0-9]{20}$/);
  const order = page.getByRole("region", { name: "Your order" });
  await expect(order).toContainText("SubtotalKSH 4,200");
  await expect(order).toContainText("Discount (KARIBU10)-KSH 420");
  await expect(order).toContainText("TotalKSH 3,780");
  await expect(page.getByRole("region", { name: "How to pay" })).toContainText("Amount to payKSH 3,780");
});

test("a code that cannot be used is refused in the shopper's words, and the form keeps what was typed", async ({ page }) => {
  await checkoutWithHandbags(page);
  await fillDetails(page, "+254 733 444 555");
  const field = page.getByLabel("Discount code");
  for (const [code, message] of [
    ["NOPE123", "This code is not valid."],
    ["OLDSALE", "This code has expired."],
    ["SOONSALE", "This code is not active yet."],
    ["BIGSPEND", "Spend KSH 20,000 to use this code."],
  ]) {
    await apply(page, code!);
    await expect(page.getByText(message!)).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Full name")).toHaveValue("Achieng Otieno");
  }
  await expect(page.getByRole("region", { name: "Order summary" })).not.toContainText("Discount");

  // The last use goes to this order; the next shopper is told it has been used up.
  await apply(page, "LASTONE");
  await expect(page.getByRole("region", { name: "Order summary" })).toContainText("Discount (LASTONE)-KSH 300");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/payment-instructions\//);
  await checkoutWithHandbags(page);
  await apply(page, "LASTONE");
  await expect(page.getByText("This code has been used up.")).toBeVisible();

  // Once per phone: the phone is known when the order is placed.
  await fillDetails(page, "+254 733 444 555");
  await apply(page, "ONCEEACH");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/payment-instructions\//);
  await checkoutWithHandbags(page);
  await fillDetails(page, "+254 733 444 555");
  await apply(page, "ONCEEACH");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("You have already used this code.")).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveValue("+254 733 444 555");
  await expect(page).toHaveURL(/\/checkout$/);
});

test("an automatic offer applies to a bag that qualifies, by its name, without a code", async ({ page }) => {
  await checkoutWithHandbags(page, 2);
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).toContainText("Discount (Festive offer)-KSH 1,000");
  await expect(summary).toContainText("TotalKSH 7,400");
  await fillDetails(page, "+254 744 000 111");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/payment-instructions\//);
  await expect(page.getByRole("region", { name: "Your order" })).toContainText("Discount (Festive offer)-KSH 1,000");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Apply is answered by the server with the discount, and the order can be placed from that page", async ({ page }) => {
    const shop = ownedShop();
    const line = await handbagLine(1);
    // The checkout form as the browser posts it, served from the shop's own address.
    await page.route(`${shop.baseURL}/test-checkout-form`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Checkout form</title><form method="post" action="/checkout">
          <input type="hidden" name="bag" value='${JSON.stringify([line])}'>
          <input type="hidden" name="idempotencyKey" value="no-javascript-apply-0001">
          <input name="name" value="Achieng Otieno"><input name="address" value="Kimathi Street, Nairobi">
          <input name="phone" value="+254 755 666 777"><input name="paymentMethod" value="M-Pesa">
          <label>Discount code <input name="code" value="karibu10"></label>
          <button type="submit" name="intent" value="apply-code">Apply</button></form>`,
      }),
    );
    await page.goto(`${shop.baseURL}/test-checkout-form`);
    await page.getByRole("button", { name: "Apply" }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    const summary = page.getByRole("region", { name: "Order summary" });
    await expect(summary).toContainText("Discount (KARIBU10)-KSH 420");
    await expect(summary).toContainText("TotalKSH 3,780");
    await expect(page.getByLabel("Discount code")).toHaveValue("KARIBU10");
    await expect(page.getByLabel("Full name")).toHaveValue("Achieng Otieno");

    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/payment-instructions\/[a-z0-9]{20}$/);
    await expect(page.getByRole("region", { name: "Your order" })).toContainText("TotalKSH 3,780");
  });
});
