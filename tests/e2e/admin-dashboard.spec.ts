import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { placeOrderOverHttp } from "./support/shop";
import { ownShop } from "./support/own-shop";
import { signedInRequest } from "./support/staff";

// The dashboard's figures on a shop of its own, so every number is known: the sample shop has 10 products
// and no orders.

const OWNER = "owner@dashboard.test";
const DEVELOPER = "dev@dashboard.test";
const ownedShop = ownShop([
  { email: OWNER, role: "owner" },
  { email: DEVELOPER, role: "developer" },
]);

/** A figure's value: the definition after its term. */
const card = (page: Page, label: string) => page.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd[1]");

async function figures(page: Page) {
  const read = async (label: string) => (await card(page, label).textContent())?.trim();
  return {
    totalSales: await read("Total Sales"),
    pendingOrders: await read("Pending Orders"),
    totalProducts: await read("Total Products"),
    totalOrders: await read("Total Orders"),
  };
}

test("the four figures count per the spec, and products running low are listed", async ({ page, playwright }) => {
  const shop = ownedShop();
  const shopper = await playwright.request.newContext({ baseURL: shop.baseURL });
  await signIn(page, OWNER, shop.baseURL);
  expect(await figures(page)).toEqual({ totalSales: "KSH 0", pendingOrders: "0", totalProducts: "10", totalOrders: "0" });
  await expect(page.getByText("Every product has more than a few units to sell.")).toBeVisible();

  // Three of the six basket sets go to one order: three are left to sell.
  const order = await placeOrderOverHttp(shopper, {
    productName: "Sisal Wall Basket Set",
    size: "Set of 3",
    color: "Earth Mix",
    quantity: 3,
  });
  await page.reload();
  expect(await figures(page)).toEqual({ totalSales: "KSH 0", pendingOrders: "1", totalProducts: "10", totalOrders: "1" });
  const runningLow = page.getByRole("region", { name: "Running low" });
  await expect(runningLow.getByRole("listitem")).toHaveText(["Sisal Wall Basket Set3 left"]);
  await expect(runningLow.getByRole("link", { name: "Sisal Wall Basket Set" })).toHaveAttribute("href", /^\/admin\/products\/edit\//);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Delivered and Paid: a sale. Pending counts only orders still on their way.
  const staff = await signedInRequest(shop.baseURL, DEVELOPER);
  const changes: Record<string, string>[] = [
    { intent: "status", status: "Delivered" },
    { intent: "payment", paymentStatus: "Paid" },
  ];
  for (const form of changes) {
    await staff.post("/admin/orders", { form: { ...form, id: order.orderId }, headers: { Origin: shop.baseURL } });
  }
  // A developer sees the same dashboard, updated live.
  const developerPage = await page.context().browser()!.newPage();
  await signIn(developerPage, DEVELOPER, shop.baseURL);
  expect(await figures(developerPage)).toEqual({ totalSales: "KSH 16,500", pendingOrders: "0", totalProducts: "10", totalOrders: "1" });
  await expect(page.getByText("KSH 16,500")).toBeVisible({ timeout: 2_000 });
  await expect(runningLow.getByRole("listitem")).toHaveText(["Sisal Wall Basket Set3 left"]);

  // An archived sale still counts (product.md §4: Delivered and Paid, archived or not).
  await staff.post("/admin/orders", { form: { intent: "archive", id: order.orderId }, headers: { Origin: shop.baseURL } });
  await developerPage.reload();
  await expect(developerPage.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  expect(await figures(developerPage)).toEqual({ totalSales: "KSH 16,500", pendingOrders: "0", totalProducts: "10", totalOrders: "1" });
  await staff.dispose();
  await shopper.dispose();
  await developerPage.close();
});
