import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { placeOrderOverHttp, sampleProduct } from "./support/shop";

// The buying path: product page, bag, checkout, payment instructions, order confirmation. These tests use
// only five sample products, so their orders never eat into stock other specs count on.

type StoredLine = { productId: string; size: string; color: string; quantity: number };

const CUSTOMER = { name: "Achieng Otieno", address: "Kimathi Street, Nairobi", phone: "+254 712 345 678" };
const PHONE_MESSAGE = "Please enter the phone number with a country code, starting with a '+' sign.";

/** Opens a page and waits until it listens for live changes: the page has hydrated and reacts to clicks. */
async function openLive(page: Page, path: string, topic: "products" | "orders") {
  const listening = page.waitForRequest((request) => request.url().includes(`/events?topics=${topic}`));
  const response = await page.goto(path);
  await listening;
  return response!;
}

/** Puts lines straight into the browser's bag, as if added earlier. */
async function fillBag(page: Page, lines: StoredLine[]) {
  await page.goto("/about");
  await page.evaluate((bag) => localStorage.setItem("duka-bag", bag), JSON.stringify(lines));
}

const storedBag = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("duka-bag") ?? "null") as StoredLine[] | null);

const bagLink = (page: Page, count: number) =>
  page.getByRole("banner").getByRole("link", { name: count === 1 ? "Bag, 1 item" : `Bag, ${count} items` });

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function fillCheckout(page: Page, details: Partial<typeof CUSTOMER> = {}) {
  const customer = { ...CUSTOMER, ...details };
  await page.getByLabel("Full name").fill(customer.name);
  await page.getByLabel("Address", { exact: true }).fill(customer.address);
  await page.getByLabel("Phone").fill(customer.phone);
  await page.getByRole("radio", { name: "M-Pesa" }).check();
}

async function availableOf(request: APIRequestContext, productId: string): Promise<number> {
  const [product] = (await (await request.get(`/shop/bag-products?ids=${productId}`)).json()) as { available: number }[];
  return product?.available ?? 0;
}

test("a product page starts on the first colour and size, and its gallery works from the keyboard", async ({ page, request }) => {
  const { slug } = await sampleProduct(request, "Ankara Wrap Dress");
  await openLive(page, `/product/${slug}`, "products");

  await expect(page.getByRole("heading", { level: 1, name: "Ankara Wrap Dress" })).toBeVisible();
  await expect(page.getByRole("main").getByText("KSH 5,800")).toBeVisible();
  await expect(page.getByRole("group", { name: "Colour" }).getByRole("radio", { name: "Terracotta" })).toBeChecked();
  await expect(page.getByRole("group", { name: "Size" }).getByRole("radio", { name: "S", exact: true })).toBeChecked();
  await expect(page.getByRole("heading", { name: "Description" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Adjustable self-tie sash in a contrasting colour" })).toBeVisible();
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("listitem")).toHaveText(["Home", "Shop", "Dresses", "Ankara Wrap Dress"]);

  // The first picture is the page's main image; the others wait until chosen.
  const mainImage = page.getByRole("img", { name: "Ankara Wrap Dress, image 1 of 3" });
  await expect(mainImage).toHaveAttribute("fetchpriority", "high");
  await expect(mainImage).toHaveAttribute("loading", "eager");
  await expect(page.getByRole("button", { name: "Show image 1 of 3" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Show image 2 of 3" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("img", { name: "Ankara Wrap Dress, image 2 of 3" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Show image 2 of 3" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Show image 1 of 3" })).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(page.getByRole("img", { name: "Ankara Wrap Dress, image 3 of 3" })).toBeVisible();

  // The options are radio groups: arrow keys move the choice.
  await page.getByRole("radio", { name: "Terracotta" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "Indigo" })).toBeChecked();

  await expectAccessible(page);
});

test("a product page tells search engines what it sells, in KES, without ratings", async ({ page, request }) => {
  const { slug } = await sampleProduct(request, "Ankara Wrap Dress");
  await page.goto(`/product/${slug}`);

  await expect(page).toHaveTitle("Ankara Wrap Dress | Duka");
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http:\/\/127\.0\.0\.1:\d+\/uploads\/[a-z0-9]+\.webp$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/product/${slug}$`));

  const structured = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}") as Record<string, unknown>));
  const product = structured.find((d) => d["@type"] === "Product")!;
  expect(product).toMatchObject({
    name: "Ankara Wrap Dress",
    offers: {
      "@type": "Offer",
      price: 5800,
      priceCurrency: "KES",
      availability: "https://schema.org/InStock",
      url: expect.stringMatching(new RegExp(`/product/${slug}$`)),
    },
  });
  expect(product).not.toHaveProperty("aggregateRating");
  const breadcrumbs = structured.find((d) => d["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] };
  expect(breadcrumbs.itemListElement.map((item) => item.name)).toEqual(["Home", "Shop", "Dresses", "Ankara Wrap Dress"]);
});

test("Add to Bag says 'Added to Bag!' for two seconds and counts in the header", async ({ page, request }) => {
  const { slug, id } = await sampleProduct(request, "Ankara Wrap Dress");
  await page.clock.install({ time: new Date("2025-06-02T09:00:00+03:00") });
  await openLive(page, `/product/${slug}`, "products");
  await page.clock.pauseAt(new Date("2025-06-02T09:01:00+03:00"));

  await page.getByRole("radio", { name: "Indigo" }).check();
  await page.getByRole("radio", { name: "M", exact: true }).check();
  await page.getByRole("button", { name: "Add to Bag" }).click();

  await expect(page.getByRole("button", { name: "Added to Bag!" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Added to Bag!" })).toHaveCount(1);
  await expect(bagLink(page, 1)).toBeVisible();
  await page.clock.runFor(1_900);
  await expect(page.getByRole("button", { name: "Added to Bag!" })).toBeVisible();
  await page.clock.runFor(200);
  await expect(page.getByRole("button", { name: "Add to Bag" })).toBeVisible();

  await page.getByRole("button", { name: "Add to Bag" }).click();
  await expect(bagLink(page, 2)).toBeVisible();
  expect(await storedBag(page)).toEqual([{ productId: id, size: "M", color: "Indigo", quantity: 2 }]);
});

test("an unknown product is a 404 that says 'Product not found.'", async ({ page }) => {
  const response = await page.goto("/product/no-such-dress-zz99zz99zz99");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Product not found." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse the shop" })).toHaveAttribute("href", "/products");
  await expectAccessible(page);
});

test("the bag changes quantities, removes lines, totals at today's prices, and survives a reload", async ({ page, request }) => {
  const dress = await sampleProduct(request, "Ankara Wrap Dress");
  const handbag = await sampleProduct(request, "Kiondo Sisal Handbag");
  await fillBag(page, [
    { productId: dress.id, size: "M", color: "Indigo", quantity: 1 },
    { productId: handbag.id, size: "Large (36 × 38 cm)", color: "Natural & Black", quantity: 2 },
    { productId: "retired0product", size: "", color: "", quantity: 1 },
  ]);
  await openLive(page, "/cart", "products");

  const lines = page.getByRole("list", { name: "Items in your bag" }).getByRole("listitem");
  const dressLine = lines.filter({ hasText: "Ankara Wrap Dress" });
  const handbagLine = lines.filter({ hasText: "Kiondo Sisal Handbag" });
  await expect(dressLine).toContainText("Size: M");
  await expect(dressLine).toContainText("Colour: Indigo");
  await expect(dressLine).toContainText("KSH 5,800");
  await expect(handbagLine).toContainText("KSH 8,400");
  await expect(lines.filter({ hasText: "This item is no longer available." })).toHaveCount(1);
  await expect(dressLine.getByRole("link", { name: "Ankara Wrap Dress" })).toHaveAttribute("href", `/product/${dress.slug}`);
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary).toContainText("SubtotalKSH 14,200");
  await expect(summary).toContainText("TotalKSH 14,200");
  await expect(summary).toContainText("Delivery charges vary");
  await expect(bagLink(page, 4)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Remove the unavailable item" }).click();
  await page.getByRole("button", { name: "Increase quantity of Ankara Wrap Dress (M, Indigo)" }).click();
  await expect(dressLine.getByRole("status", { name: "Quantity of Ankara Wrap Dress (M, Indigo)" })).toHaveText("2");
  await expect(dressLine).toContainText("KSH 11,600");
  await expect(summary).toContainText("TotalKSH 20,000");
  await expect(bagLink(page, 4)).toBeVisible();

  const decreaseHandbag = page.getByRole("button", { name: "Decrease quantity of Kiondo Sisal Handbag (Large (36 × 38 cm), Natural & Black)" });
  await decreaseHandbag.click();
  await expect(summary).toContainText("TotalKSH 15,800");
  await decreaseHandbag.click();
  await expect(handbagLine).toHaveCount(0);
  await expect(summary).toContainText("TotalKSH 11,600");
  await expect(bagLink(page, 2)).toBeVisible();

  await page.reload();
  await expect(dressLine).toContainText("KSH 11,600");
  await expect(bagLink(page, 2)).toBeVisible();

  await page.getByRole("button", { name: "Remove Ankara Wrap Dress (M, Indigo)" }).click();
  await expect(page.getByText("Your bag is empty")).toBeVisible();
  await expect(bagLink(page, 0)).toBeVisible();
  expect(await storedBag(page)).toEqual([]);
  await expectAccessible(page);
});

test("a bag the browser cannot read is emptied, with the spec's console message", async ({ page }) => {
  const messages: string[] = [];
  page.on("console", (message) => messages.push(message.text()));
  await page.goto("/about");
  await page.evaluate(() => localStorage.setItem("duka-bag", "{not json"));
  await page.goto("/cart");

  await expect(page.getByText("Your bag is empty")).toBeVisible();
  await expect(bagLink(page, 0)).toBeVisible();
  expect(messages).toContain("Could not parse cart from localStorage");
});

test("checkout with an empty bag says 'Your cart is empty.'", async ({ page }) => {
  await page.goto("/checkout");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Place Order" })).toHaveCount(0);
  await expectAccessible(page);
});

test("checkout asks for a payment method and for what is missing, in the spec's words", async ({ page, request }) => {
  const dress = await sampleProduct(request, "Bogolan Shift Dress");
  await fillBag(page, [{ productId: dress.id, size: "L", color: "Charcoal", quantity: 1 }]);
  await page.goto("/checkout");

  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).toContainText("Bogolan Shift Dress × 1");
  await expect(summary).toContainText("L, Charcoal");
  await expect(summary).toContainText("TotalKSH 6,500");

  const placeOrder = page.getByRole("button", { name: "Place Order" });
  await expect(placeOrder).toBeDisabled();
  await expect(page.getByText("Please select a payment method.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("radio", { name: "M-Pesa" }).check();
  await expect(page.getByRole("region", { name: "How to pay with M-Pesa" })).toContainText("Select Lipa na M-Pesa, then Pay Bill.");
  await expect(page.getByText("Please select a payment method.")).toHaveCount(0);
  await page.getByLabel("Phone").fill("0712 345 678");
  await placeOrder.click();

  await expect(page.getByText("Please enter your full name.")).toBeVisible();
  await expect(page.getByText("Please enter your delivery address.")).toBeVisible();
  await expect(page.getByText(PHONE_MESSAGE, { exact: true })).toBeVisible();
  await expect(page.getByLabel("Full name")).toBeFocused();
  await expect(page.getByLabel("Phone")).toHaveValue("0712 345 678");
  await expect(page.getByRole("radio", { name: "M-Pesa" })).toBeChecked();
  await expect(placeOrder).toBeEnabled();
  await expectAccessible(page);
  expect(await storedBag(page)).toHaveLength(1);
});

test("placing an order empties the bag and shows how to pay, with the order's own details", async ({ page, context, request }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { slug } = await sampleProduct(request, "Kiondo Sisal Handbag");
  await openLive(page, `/product/${slug}`, "products");
  await page.getByRole("radio", { name: "Natural & Indigo" }).check();
  await page.getByRole("radio", { name: "Large (36 × 38 cm)" }).check();
  await page.getByRole("button", { name: "Add to Bag" }).click();

  await bagLink(page, 1).click();
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await fillCheckout(page);
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/payment-instructions\/[a-z0-9]{20}$/);
  const orderId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: "Thank You! Your Order is Placed." })).toBeVisible();
  await expect(bagLink(page, 0)).toBeVisible();
  expect(await storedBag(page)).toEqual([]);

  const order = page.getByRole("region", { name: "Your order" });
  await expect(order).toContainText(orderId);
  await expect(order).toContainText("Pending Payment");
  await expect(order).toContainText("TotalKSH 4,200");
  await expect(order).toContainText("Kiondo Sisal Handbag × 1 (Large (36 × 38 cm), Natural & Indigo)");
  await expect(order).toContainText(CUSTOMER.name);
  await expect(order).toContainText(CUSTOMER.address);

  const payment = page.getByRole("region", { name: "How to pay" });
  await expect(payment).toContainText("Paybill Number123456");
  const accountNumber = orderId.slice(0, 10).toUpperCase();
  await expect(payment).toContainText(`Account Number${accountNumber}`);
  await expect(payment).toContainText("Amount to payKSH 4,200");
  await expect(payment).toContainText("Enter the account number shown below.");
  await expect(payment).not.toContainText("{{");
  await expect(page.getByRole("link", { name: "Pay with M-Pesa" })).toHaveAttribute("href", "tel:*334%23");
  await expect(page.getByText("your order status will change to ‘Processing’")).toBeVisible();
  await expect(page.getByRole("link", { name: "Check Order Status" })).toHaveAttribute("href", /^\/track\/AFB[A-Z0-9]{9}$/);

  await page.getByRole("button", { name: "Copy Details" }).click();
  await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`M-Pesa\nPaybill Number: 123456\nAccount Number: ${accountNumber}\nAccount Name: Duka\nAmount to pay: KSH 4,200`);
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test("'Copied!' shows for two seconds; the confirmation page links to payment and tracking", async ({ page, context, request }) => {
  const order = await placeOrderOverHttp(request, { productName: "Adinkra-Inspired Cushion Cover", size: "45 × 45 cm", color: "Ochre & Charcoal" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.clock.install({ time: new Date("2025-06-02T09:00:00+03:00") });
  await openLive(page, `/payment-instructions/${order.orderId}`, "orders");
  await page.clock.pauseAt(new Date("2025-06-02T09:01:00+03:00"));

  await page.getByRole("button", { name: "Copy Details" }).click();
  await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Copied!" })).toHaveCount(1);
  await page.clock.runFor(1_900);
  await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
  await page.clock.runFor(200);
  await expect(page.getByRole("button", { name: "Copy Details" })).toBeVisible();
  // axe keeps time with timers of its own.
  await page.clock.resume();

  await page.goto(`/order-confirmation/${order.orderId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your order is confirmed");
  await expect(page.getByRole("link", { name: "Payment Instructions" })).toHaveAttribute("href", `/payment-instructions/${order.orderId}`);
  await expect(page.getByRole("link", { name: "Check Order Status" })).toHaveAttribute("href", `/track/${order.trackingId}`);
  await expectAccessible(page);
});

test("a dropped connection while placing keeps the form, and trying again places the order", async ({ page, request }) => {
  const dress = await sampleProduct(request, "Bogolan Shift Dress");
  await fillBag(page, [{ productId: dress.id, size: "M", color: "Earth Brown", quantity: 1 }]);
  await page.goto("/checkout");
  await fillCheckout(page);

  let dropConnection = () => {};
  const dropped = new Promise<void>((resolve) => (dropConnection = resolve));
  await page.route("**/checkout.data*", async (route) => {
    await dropped;
    await route.abort("internetdisconnected");
  });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("button", { name: "Placing order..." })).toBeDisabled();
  dropConnection();

  await expect(page.getByRole("alert")).toHaveText("There was a problem placing your order. Please try again.");
  await expect(page.getByRole("button", { name: "Place Order" })).toBeEnabled();
  await expect(page.getByLabel("Full name")).toHaveValue(CUSTOMER.name);
  expect(await storedBag(page)).toHaveLength(1);

  await page.unroute("**/checkout.data*");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank You! Your Order is Placed." })).toBeVisible();
  expect(await storedBag(page)).toEqual([]);
});

test("a sold-out product cannot be added, and checkout refuses it by name, keeping the bag and the details", async ({ page, request }) => {
  const maxi = await sampleProduct(request, "Kente-Stripe Maxi Dress");
  const left = await availableOf(request, maxi.id);
  if (left > 0) {
    await placeOrderOverHttp(request, { productName: "Kente-Stripe Maxi Dress", size: "S", color: "Gold & Green", quantity: left });
  }

  await openLive(page, `/product/${maxi.slug}`, "products");
  await expect(page.getByRole("button", { name: "Out of stock" })).toBeDisabled();

  await fillBag(page, [{ productId: maxi.id, size: "M", color: "Gold & Green", quantity: 1 }]);
  await page.goto("/cart");
  await expect(page.getByRole("listitem").filter({ hasText: "Kente-Stripe Maxi Dress" })).toContainText("Sold out");

  await page.goto("/checkout");
  await fillCheckout(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("alert")).toHaveText("Kente-Stripe Maxi Dress is sold out. Please remove it from your bag.");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue(CUSTOMER.address);
  await expect(page.getByRole("button", { name: "Place Order" })).toBeEnabled();
  expect(await storedBag(page)).toEqual([{ productId: maxi.id, size: "M", color: "Gold & Green", quantity: 1 }]);
});

test("an unknown order says 'Order not found.' with a 404 and a way to look it up", async ({ page }) => {
  for (const path of ["/payment-instructions/nosuchorder234567890", "/order-confirmation/nosuchorder234567890"]) {
    const response = await page.goto(path);
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Order not found." })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Track Order" })).toHaveAttribute("href", "/track");
    await expectAccessible(page);
  }
});

test("the buying pages are kept out of search results", async ({ page }) => {
  for (const path of ["/cart", "/checkout", "/payment-instructions/nosuchorder234567890", "/order-confirmation/nosuchorder234567890"]) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  }
});
