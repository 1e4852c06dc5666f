import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { CHOOSE_DELIVERY_MESSAGE } from "../../app/domain/delivery";
import { ownShop } from "./support/own-shop";
import { hydrated } from "./support/page";
import { signedInRequest } from "./support/staff";

// Checkout with delivery (issue 23), in a shop of its own: with a zone and a pick-up point switched on, checkout asks
// how to receive the order, adds the zone's fee below its threshold, and the payment page shows what was charged.

const OWNER = "owner@delivery-checkout.test";
const ownedShop = ownShop([{ email: OWNER, role: "owner" }]);

test.beforeAll(async () => {
  const shop = ownedShop();
  const staff = await signedInRequest(shop.baseURL, OWNER);
  const add = (form: Record<string, string>) => staff.post("/admin/delivery", { form, headers: { Origin: shop.baseURL } });
  await add({ intent: "create-zone", name: "Nairobi CBD", areas: "CBD, Upper Hill", fee: "250", freeFrom: "6000", deliveryTime: "Same day" });
  await add({ intent: "create-pick-up", name: "Moi Avenue shop", directions: "Next to the Kenya Cinema", openingHours: "Mon–Sat 9:00–18:00", fee: "" });
  await staff.dispose();
});

/** Puts one Kiondo Sisal Handbag (KSH 4,200) in the bag, found through the sitemap, and opens checkout. */
async function checkoutWithHandbag(page: Page, quantity = 1) {
  const shop = ownedShop();
  const http = await playwrightRequest.newContext({ baseURL: shop.baseURL });
  const sitemap = await (await http.get("/sitemap.xml")).text();
  await http.dispose();
  const id = /\/product\/kiondo-sisal-handbag-([a-z0-9]+)</.exec(sitemap)![1]!;
  await page.goto(`${shop.baseURL}/about`);
  await page.evaluate(
    (bag) => localStorage.setItem("duka-bag", bag),
    JSON.stringify([{ productId: id, size: "Large (36 × 38 cm)", color: "Natural & Indigo", quantity }]),
  );
  await page.goto(`${shop.baseURL}/checkout`);
  await hydrated(page);
}

async function fillDetails(page: Page, address = "Kimathi Street, Nairobi") {
  await page.getByLabel("Full name").fill("Achieng Otieno");
  await page.getByLabel("Address", { exact: true }).fill(address);
  await page.getByLabel("Phone").fill("+254 712 345 678");
  await page.getByRole("radio", { name: "M-Pesa" }).check();
}

test("a zone's fee is asked for, added to the total, and kept on the order the shopper pays", async ({ page }) => {
  await checkoutWithHandbag(page);
  const delivery = page.getByRole("radiogroup", { name: "Delivery" });
  await expect(delivery.getByRole("radio")).toHaveCount(2);
  await expect(delivery.getByRole("radio", { name: /^Nairobi CBD — KSH 250/ })).toBeVisible();
  await expect(delivery.getByRole("radio", { name: /^Pick up: Moi Avenue shop — Free/ })).toBeVisible();
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).toContainText("SubtotalKSH 4,200");
  await expect(summary).toContainText("DeliveryNot chosen yet");
  await expect(summary).not.toContainText("not included in this total");

  await fillDetails(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText(CHOOSE_DELIVERY_MESSAGE)).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Achieng Otieno");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await delivery.getByRole("radio", { name: /^Nairobi CBD/ }).check();
  await expect(summary).toContainText("DeliveryKSH 250");
  await expect(summary).toContainText("TotalKSH 4,450");
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/payment-instructions\/[a-z0-9]{20}$/);
  const order = page.getByRole("region", { name: "Your order" });
  await expect(order).toContainText("SubtotalKSH 4,200");
  await expect(order).toContainText("Delivery (Nairobi CBD)KSH 250");
  await expect(order).toContainText("TotalKSH 4,450");
  await expect(page.getByRole("region", { name: "How to pay" })).toContainText("Amount to payKSH 4,450");
});

test("from the zone's threshold delivery is free; a pick-up needs no address", async ({ page }) => {
  await checkoutWithHandbag(page, 2);
  const delivery = page.getByRole("radiogroup", { name: "Delivery" });
  await expect(delivery.getByRole("radio", { name: /^Nairobi CBD — Free/ })).toBeVisible();

  await fillDetails(page, "");
  await delivery.getByRole("radio", { name: /^Pick up: Moi Avenue shop/ }).check();
  await expect(page.getByRole("region", { name: "Order summary" })).toContainText("TotalKSH 8,400");
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/payment-instructions\/[a-z0-9]{20}$/);
  const order = page.getByRole("region", { name: "Your order" });
  await expect(order).toContainText("Delivery (Pick up: Moi Avenue shop)Free");
  await expect(order).toContainText("TotalKSH 8,400");
  await expect(order).toContainText("Pick up: Moi Avenue shop");
});
