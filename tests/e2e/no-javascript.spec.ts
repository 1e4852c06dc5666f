import { expect, test } from "@playwright/test";
import { placeOrderOverHttp } from "./support/shop";

// Issue 3: with JavaScript disabled, a shopper can browse, filter, search, open a product, and track an order.
test.use({ javaScriptEnabled: false });

test("a shopper without JavaScript browses, filters, searches and opens a product", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("Maasai Beaded Collar Necklace").first()).toBeVisible();

  await page.goto("/products");
  await page.goto("/products?q=beaded");
  await expect(page.getByRole("link", { name: "Maasai Beaded Collar Necklace" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ankara Wrap Dress" })).toHaveCount(0);

  await page.getByRole("link", { name: "Maasai Beaded Collar Necklace" }).click();
  await expect(page.getByRole("heading", { name: "Maasai Beaded Collar Necklace", level: 1 })).toBeVisible();
  await expect(page.getByText(/KSH \d/).first()).toBeVisible();
});

test("a shopper without JavaScript tracks an order by its tracking id", async ({ page, request }) => {
  const order = await placeOrderOverHttp(request, {
    productName: "Maasai Beaded Collar Necklace",
    size: "One Size",
    color: "Red Multi",
    phone: "+254700111222",
  });
  await page.goto("/track");
  await page.getByLabel("Order ID, Tracking ID or Phone Number").fill(order.trackingId.toLowerCase());
  await page.getByRole("button", { name: "Track" }).click();
  await expect(page).toHaveURL(`/track/${order.trackingId}`);
  await expect(page.getByText("Pending Payment").first()).toBeVisible();
});
