import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { removeDataDir, type ShopServer, startShop } from "./support/shop-server";
import { placeOrderOverHttp } from "./support/shop";

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** The main navigation: inline on desktop, behind the Menu button on a phone. */
async function mainNavigation(page: Page) {
  if (isPhone(page)) await page.locator("summary", { hasText: "Menu" }).click();
  return page.getByRole("navigation", { name: "Main" }).filter({ visible: true });
}

test("the header links to every public section and hides Admin from shoppers", async ({ page }) => {
  await page.goto("/about");
  const nav = await mainNavigation(page);
  for (const name of ["Home", "Shop", "About", "Track Order", "Contact"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await nav.getByRole("link", { name: "Shop", exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("the bag badge counts the items kept in the browser", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Bag, 0 items" })).toBeVisible();
  await page.evaluate(() =>
    localStorage.setItem("duka-bag", JSON.stringify([{ productId: "p1", size: "M", color: "Red", quantity: 3 }])),
  );
  await page.reload();
  await expect(page.getByRole("link", { name: "Bag, 3 items" })).toBeVisible();
});

test("the theme is dark by default, toggles, and the choice survives a reload without a flash", async ({ page }) => {
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("duka-theme"))).toBe("light");

  // The class must already be right in the first paint, before React runs.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.reload();
  await expect(html).not.toHaveClass(/dark/);
});

test("the footer links All Products and the first 4 categories, and shows © 2025", async ({ page }) => {
  await page.goto("/");
  const shopLinks = page.getByRole("navigation", { name: "Shop" }).getByRole("link");
  await expect(shopLinks).toHaveText(["All Products", "Dresses", "Accessories", "Men's Wear", "Home Decor"]);
  await expect(page.getByRole("contentinfo")).toContainText("© 2025");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Admin" })).toBeVisible();
});

test("the floating contact button opens a chat link with the greeting and a call link", async ({ page }) => {
  await page.goto("/");
  const button = page.getByRole("button", { name: "Contact us" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  const chat = page.getByRole("link", { name: "Chat with us" });
  await expect(chat).toHaveAttribute("href", /^https:\/\/wa\.me\/\d{9,15}\?text=Hello!%20I'd%20like%20to%20ask%20about%20your%20products\.$/);
  await expect(page.getByRole("link", { name: "Call us" })).toHaveAttribute("href", /^tel:\+\d{9,15}$/);
  await page.getByRole("button", { name: "Close contact options" }).click();
  await expect(chat).toHaveCount(0);
});

test("on checkout, payment and tracking pages the contact button sits after the page, covering nothing", async ({ page, request }) => {
  const order = await placeOrderOverHttp(request, { productName: "Adinkra-Inspired Cushion Cover", size: "45 × 45 cm", color: "Ochre & Charcoal" });
  for (const path of ["/checkout", `/payment-instructions/${order.orderId}`, `/track/${order.trackingId}`, "/track"]) {
    await page.goto(path);
    const button = page.getByRole("button", { name: "Contact us" });
    await expect(button).toBeVisible();
    const [main, contact] = await Promise.all([page.locator("main").boundingBox(), button.boundingBox()]);
    expect(contact!.y, path).toBeGreaterThanOrEqual(main!.y + main!.height);
  }
  await page.goto(`/payment-instructions/${order.orderId}`);
  const accountNumber = page.locator("dt", { hasText: /^Account Number$/ }).locator("xpath=following-sibling::dd");
  await accountNumber.scrollIntoViewIfNeeded();
  // What a tap on the account number (right-aligned, where the button used to float) reaches is the number itself.
  expect(await accountNumber.evaluate((label) => {
    const box = label.getBoundingClientRect();
    return label.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  })).toBe(true);
  await page.getByRole("button", { name: "Contact us" }).click();
  await expect(page.getByRole("link", { name: "Call us" })).toBeVisible();
});

test("an unknown address shows a real 404 page inside the shop", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test.describe("the shop's notification", () => {
  const notification = {
    isActive: true,
    title: "Festive sale",
    message: "Twenty percent off kikoi shirts this week.",
    link: "/products?q=kikoi",
    linkLabel: "See the shirts",
  };
  let popupShop: ShopServer;
  let modalShop: ShopServer;
  test.beforeAll(async () => {
    // Two shops writing their sample images at once: slow on a busy machine.
    test.setTimeout(180_000);
    [popupShop, modalShop] = await Promise.all([
      startShop({ documents: { notification: { ...notification, displayType: "popup" } } }),
      startShop({ documents: { notification: { ...notification, displayType: "modal" } } }),
    ]);
  });
  test.afterAll(async () => {
    for (const shop of [popupShop, modalShop]) {
      await shop?.stop();
      if (shop) removeDataDir(shop.dataDir);
    }
  });

  test("a popup appears 2 s after load in the corner, and stays dismissed for the session", async ({ page }) => {
    await page.clock.install();
    await page.goto(popupShop.baseURL);
    const popup = page.getByRole("region", { name: "Festive sale" });
    await page.clock.runFor(1_900);
    await expect(popup).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(popup).toBeVisible();
    await expect(popup).toContainText("Twenty percent off kikoi shirts this week.");
    await expect(popup.getByRole("link", { name: "See the shirts" })).toHaveAttribute("href", "/products?q=kikoi");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await popup.getByRole("button", { name: "Dismiss" }).click();
    await expect(popup).toHaveCount(0);
    await page.reload();
    await page.clock.runFor(3_000);
    await expect(popup).toHaveCount(0);
  });

  test("a modal appears in the centre, takes focus and closes on Escape", async ({ page }) => {
    await page.clock.install();
    await page.goto(modalShop.baseURL);
    await page.clock.runFor(2_100);
    const modal = page.getByRole("dialog", { name: "Festive sale" });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("button", { name: "Close" })).toBeFocused();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem("duka-notification-dismissed"))).toContain("Festive sale");
  });
});
