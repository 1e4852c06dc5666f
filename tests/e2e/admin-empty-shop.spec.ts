import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { ownShop } from "./support/own-shop";

// A shop with nothing in it yet: every back-office list says so in the spec's words.

const DEVELOPER = "dev@empty-shop.test";
const ownedShop = ownShop([{ email: DEVELOPER, role: "developer" }], {
  emptyTables: ["order_lines", "orders", "product_slug_history", "products", "categories", "riders"],
});

test("every list of an empty shop says it is empty, and the first category and rider can be added", async ({ page }) => {
  const shop = ownedShop();
  await signIn(page, DEVELOPER, shop.baseURL);
  const empty: [string, string][] = [
    ["/admin/products", "No products found."],
    ["/admin/categories", "No categories found. Add your first category!"],
    ["/admin/riders", "No riders found. Add your first rider!"],
    ["/admin/orders", "No active orders found."],
    ["/admin/orders?tab=archived", "No archived orders found."],
    ["/admin/reports?period=all", "No sales recorded for this period."],
  ];
  for (const [path, message] of empty) {
    await page.goto(`${shop.baseURL}${path}`);
    await expect(page.getByText(message, { exact: true }), path).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations, path).toEqual([]);
  }

  await page.goto(`${shop.baseURL}/admin/categories`);
  await page.getByRole("button", { name: "Add Category" }).click();
  await page.getByRole("dialog", { name: "Add Category" }).getByLabel("Category name").fill("Jewellery");
  await page.getByRole("dialog", { name: "Add Category" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("row", { name: /Jewellery/ })).toContainText("0");
  await expect(page.getByText("No categories found. Add your first category!")).toHaveCount(0);

  await page.goto(`${shop.baseURL}/admin/riders`);
  await page.getByRole("button", { name: "Add Rider" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Rider" });
  await dialog.getByLabel("Name").fill("Amina Hassan");
  await dialog.getByLabel("Phone").fill("+254733111222");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("row", { name: /Amina Hassan/ })).toContainText("+254733111222");
});
