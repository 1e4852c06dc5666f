import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { placeOrderOverHttp } from "./support/shop";
import { hydrated } from "./support/page";

// Every lookup counts against the client's limit of 30 a minute, and every request here comes from
// 127.0.0.1: these tests make about 15 per project. The limit itself is tested in Vitest.

const NO_MATCH = "No order found with that Order ID, Tracking ID, or Phone Number. Please check your details and try again.";

/** A phone number of this test's own, so the desktop and phone runs never see each other's orders. */
function phoneFor(testInfo: TestInfo, n: number) {
  const project = testInfo.project.name === "phone" ? 2 : 1;
  return { typed: `+254 733 ${project}0${n} 4${n}${project}`, stored: `+254733${project}0${n}4${n}${project}` };
}

const lookupField = (page: Page) => page.getByLabel("Order ID, Tracking ID or Phone Number");

async function noAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

test("a tracking id typed in lower case opens the order's timeline, with the phone masked and no address", async ({
  page,
  request,
}, testInfo) => {
  const phone = phoneFor(testInfo, 1);
  const order = await placeOrderOverHttp(request, {
    productName: "Kanga Cotton Head Wrap",
    size: "One Size",
    color: "Terracotta",
    quantity: 2,
    phone: phone.stored,
  });

  await page.goto("/track");
  await hydrated(page);
  await lookupField(page).fill(order.trackingId.toLowerCase());
  await page.getByRole("button", { name: "Track" }).click();
  await expect(page).toHaveURL(`/track/${order.trackingId}`);

  await expect(page.getByRole("heading", { level: 1, name: "Track Your Order" })).toBeVisible();
  await expect(page.getByText(order.trackingId, { exact: true })).toBeVisible();
  await expect(page.getByText(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{1,2} \w+ 20\d\d$/)).toBeVisible();
  const steps = page.getByRole("list").filter({ hasText: "Out for Delivery" }).getByRole("listitem");
  await expect(steps).toHaveText([
    "Pending Payment (current step, done)",
    "Processing (not yet)",
    "Out for Delivery (not yet)",
    "Delivered (not yet)",
  ]);
  await expect(page.getByText("Kanga Cotton Head Wrap")).toBeVisible();
  await expect(page.getByText("One Size · Terracotta")).toBeVisible();

  const digits = phone.stored.slice(1);
  await expect(page.getByText(`+254 ••• ••• ${digits.slice(-3)}`)).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).not.toContainText("Kimathi Street");
  await expect(main).not.toContainText("Achieng");
  await expect(main).not.toContainText(digits.slice(3, 9));
  await expect(main).not.toContainText(order.orderId);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await noAxeViolations(page);
});

test("the tracking page reloads its order when the shop announces an order change", async ({ page, request }) => {
  const order = await placeOrderOverHttp(request, { productName: "Kanga Cotton Head Wrap", size: "One Size", color: "Green & Cream" });
  // Stands in for staff changing the order: the shop's event stream announces a change to orders.
  await page.route("**/events?*", (route) =>
    route.fulfill({
      status: 200,
      headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-store" },
      body: `retry: 60000\n\nevent: change\ndata: {"topic":"orders","id":"${order.orderId}"}\n\n`,
    }),
  );
  const subscription = page.waitForRequest((r) => new URL(r.url()).pathname === "/events");
  const reload = page.waitForRequest((r) => new URL(r.url()).pathname === `/track/${order.trackingId}.data`);
  await page.goto(`/track/${order.trackingId}`);
  expect(new URL((await subscription).url()).searchParams.get("topics")).toBe("orders");
  await reload;
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still tracks an order by its order id, says when nothing matches, and ignores a blank input", async ({
    page,
    request,
  }) => {
    const order = await placeOrderOverHttp(request, {
      productName: "Kitenge Short-Sleeve Shirt",
      size: "M",
      color: "Forest Green",
    });
    await page.goto("/track");
    const track = page.getByRole("button", { name: "Track" });

    await track.click();
    await expect(page).toHaveURL(/\/track$/);
    await expect(page.getByText(NO_MATCH)).toHaveCount(0);

    await lookupField(page).fill("AFB0NOSUCH00");
    await track.click();
    await expect(page.getByText(NO_MATCH)).toBeVisible();
    await expect(lookupField(page)).toHaveValue("AFB0NOSUCH00");

    await lookupField(page).fill(` ${order.orderId} `);
    await track.click();
    await expect(page).toHaveURL(`/track/${order.trackingId}`);
    await expect(page.getByText(order.trackingId, { exact: true })).toBeVisible();
    await expect(page.getByText("Kitenge Short-Sleeve Shirt")).toBeVisible();
  });
});

test("a phone number typed with spaces lists that phone's orders, newest first, each opening its tracking page", async ({
  page,
  request,
}, testInfo) => {
  const phone = phoneFor(testInfo, 2);
  const older = await placeOrderOverHttp(request, {
    productName: "Kikoi Stripe Linen Shirt",
    size: "L",
    color: "Cream Stripe",
    phone: phone.stored,
  });
  const newer = await placeOrderOverHttp(request, {
    productName: "Sisal Wall Basket Set",
    size: "Set of 3",
    color: "Earth Mix",
    phone: phone.stored,
  });

  await page.goto("/track");
  await hydrated(page);
  await lookupField(page).fill(phone.typed);
  await page.getByRole("button", { name: "Track" }).click();
  await expect(page).toHaveURL(`/orders-by-phone/${phone.stored}`);
  await expect(page.getByRole("heading", { level: 1, name: "Your Orders" })).toBeVisible();

  const cards = page.getByRole("main").getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(`Order #${newer.orderId.slice(0, 6)}`);
  await expect(cards.nth(1)).toContainText(`Order #${older.orderId.slice(0, 6)}`);
  for (const card of await cards.all()) {
    await expect(card).toContainText(/Placed on \w+day, \d{1,2} \w+ 20\d\d/);
    await expect(card).toContainText("Pending Payment");
    await expect(card).toContainText(/KSH [\d,]+/);
  }
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await noAxeViolations(page);

  await cards.nth(0).getByRole("link").click();
  await expect(page).toHaveURL(`/track/${newer.trackingId}`);
  await expect(page.getByText("Sisal Wall Basket Set")).toBeVisible();
});

test("nothing found keeps what was typed and says so; a blank input sends nothing", async ({ page }) => {
  await page.goto("/track");
  await hydrated(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const track = page.getByRole("button", { name: "Track" });

  await track.click();
  await lookupField(page).fill("   ");
  await track.click();
  expect(posts).toEqual([]);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("");

  await lookupField(page).fill("afb0nosuch00");
  await track.click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(NO_MATCH);
  await expect(lookupField(page)).toHaveValue("afb0nosuch00");
  expect(posts).toHaveLength(1);
  await noAxeViolations(page);
});

test("an unknown tracking id says so, answers 404 and offers to try again", async ({ page }) => {
  const response = await page.goto("/track/AFB0NOSUCH00");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Invalid Tracking ID." })).toBeVisible();
  await expect(page.getByText("Please check the tracking ID and try again.")).toBeVisible();
  await noAxeViolations(page);
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/track$/);
  await expect(lookupField(page)).toBeVisible();
});

test("a phone number with no orders says so and offers to try again; no phone at all goes to /track", async ({ page }) => {
  await page.goto("/orders-by-phone/+254700000000");
  await expect(page.getByText("No orders found for this phone number.")).toBeVisible();
  await noAxeViolations(page);
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/track$/);

  await page.goto("/orders-by-phone");
  await expect(page).toHaveURL(/\/track$/);
  await expect(page.getByRole("heading", { level: 1, name: "Track Your Order" })).toBeVisible();
});
