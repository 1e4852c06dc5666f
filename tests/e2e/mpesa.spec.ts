import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { shopWithMpesa } from "./support/mpesa";
import { hydrated } from "./support/page";
import { placeOrderOverHttp, type TestOrder } from "./support/shop";
import { addStaffMember } from "./support/staff";

// M-Pesa Express and paybill payments (issue 11), against the Daraja simulator (scripts/mpesa-sim.ts), whose
// outcome for a push is chosen by the last digit of the phone number: …0 paid, …1 cancelled on the phone.

const OWNER = "owner@mpesa.test";
const DEVELOPER = "developer@mpesa.test";
const mpesa = shopWithMpesa(
  [
    { email: OWNER, role: "owner" },
    { email: DEVELOPER, role: "developer" },
  ],
  // Long enough to see the page wait for the shopper, short enough to keep the tests quick.
  { callbackDelayMs: 2_000 },
);

test.describe.configure({ mode: "serial" });
test.skip(({ isMobile }) => isMobile, "The payment form and the back office are the same on a phone; each path is checked once.");

const url = (path: string) => `${mpesa().shop.baseURL}${path}`;

async function placeOrder(): Promise<TestOrder> {
  const api = await playwrightRequest.newContext({ baseURL: mpesa().shop.baseURL });
  try {
    return await placeOrderOverHttp(api, { productName: "Adinkra-Inspired Cushion Cover", size: "45 × 45 cm", color: "Ochre & Charcoal" });
  } finally {
    await api.dispose();
  }
}

/** Opens a page and waits until it listens for live changes (it has hydrated by then). */
async function openLive(page: Page, path: string) {
  const listening = page.waitForRequest((request) => new URL(request.url()).pathname === "/events");
  await page.goto(url(path));
  await listening;
  await hydrated(page);
}

/** Marks the document, so a test can tell a live update (the mark stays) from a reload (it is gone). */
const markDocument = (page: Page) => page.evaluate(() => document.documentElement.setAttribute("data-test-mark", "kept"));
const expectNoReload = async (page: Page) => expect(page.locator("html")).toHaveAttribute("data-test-mark", "kept");

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function staffPage(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, mpesa().shop.baseURL);
  return page;
}

const shortId = (order: TestOrder) => order.orderId.slice(0, 6);
const orderDialog = (page: Page, order: TestOrder) => page.getByRole("dialog", { name: `Order #${shortId(order)}` });

let paid: TestOrder;
let cancelled: TestOrder;

test("a shopper pays with M-Pesa Express and sees it received without a reload; an open orders page shows it Paid live", async ({
  page,
  browser,
}) => {
  const { simulator } = mpesa();
  paid = await placeOrder();
  const admin = await staffPage(browser, OWNER);
  await openLive(admin, "/admin/orders");
  const paymentStatus = admin.getByLabel(`Payment status of order #${shortId(paid)}`);
  await expect(paymentStatus).toHaveValue("Unpaid");
  await markDocument(admin);

  await openLive(page, `/payment-instructions/${paid.orderId}`);
  const phone = page.getByLabel("M-Pesa phone number");
  await expect(phone).toHaveValue("+254712345678");
  await expect(page.getByRole("button", { name: "Pay now with M-Pesa" })).toBeEnabled();
  // The spec's instructions stay beside the form.
  await expect(page.getByRole("region", { name: "How to pay" })).toContainText(paid.orderId.slice(0, 10).toUpperCase());
  await expectAccessible(page);
  await markDocument(page);

  await phone.fill("0712 345 670");
  await page.getByRole("button", { name: "Pay now with M-Pesa" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your phone and enter your M-Pesa PIN." })).toBeVisible();
  const push = simulator.pushes.at(-1)!;
  expect(push.request).toMatchObject({ PhoneNumber: "254712345670", AccountReference: paid.orderId.slice(0, 10).toUpperCase() });

  // M-Pesa calls the shop back; the page hears of it and says so, by itself.
  await expect(page.getByRole("status").filter({ hasText: "Payment received. Thank you!" })).toContainText(
    `M-Pesa receipt ${push.receipt}`,
  );
  await expect(page.getByRole("region", { name: "Your order" }).getByText("Processing", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay now with M-Pesa" })).toHaveCount(0);
  await expectNoReload(page);

  await expect(paymentStatus).toHaveValue("Paid");
  await expect(admin.getByLabel(`Status of order #${shortId(paid)}`, { exact: true })).toHaveValue("Processing");
  await expectNoReload(admin);
  await admin.context().close();
});

test("without JavaScript the form still sends the request, and the page shows where it stands on reload", async ({ browser }) => {
  const order = await placeOrder();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url(`/payment-instructions/${order.orderId}`));
  await page.getByLabel("M-Pesa phone number").fill("0712 345 670");
  await page.getByRole("button", { name: "Pay now with M-Pesa" }).click();
  await expect(page).toHaveURL(url(`/payment-instructions/${order.orderId}`));
  await expect(page.getByRole("status").filter({ hasText: "Check your phone and enter your M-Pesa PIN." })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: "Payment received. Thank you!" })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await context.close();
});

test("a payment cancelled on the phone says why and offers the form again once the resend wait has passed", async ({ page }) => {
  // A minute of the page's clock, run a second at a time.
  test.setTimeout(60_000);
  const { simulator } = mpesa();
  cancelled = await placeOrder();
  await page.clock.install();
  await openLive(page, `/payment-instructions/${cancelled.orderId}`);
  await page.getByLabel("M-Pesa phone number").fill("0712 345 671");
  const pay = page.getByRole("button", { name: "Pay now with M-Pesa" });
  await pay.click();
  await expect(page.getByRole("status").filter({ hasText: "Check your phone and enter your M-Pesa PIN." })).toBeVisible();

  const status = page.getByRole("status").filter({ hasText: "The payment was cancelled on the phone." });
  await expect(status).toBeVisible();
  await expect(page.getByLabel("M-Pesa phone number")).toBeVisible();
  await expect(pay).toBeDisabled();
  await expect(status).toContainText(/You can send another request in \d+ seconds\./);

  // The shop holds to the same wait: a second request now is refused, and no second push is sent.
  const early = await page.request.post(url(`/payment-instructions/${cancelled.orderId}`), { form: { phone: "0712345671" } });
  expect(early.status()).toBe(429);
  expect(await early.text()).toMatch(/You can send another request in \d+ seconds\./);
  expect(simulator.pushes.filter((p) => p.request.PhoneNumber === "254712345671")).toHaveLength(1);

  // The wait counts down with the clock, a second at a time, then the form may be sent again.
  await page.clock.pauseAt(new Date(Date.now() + 1_000));
  const secondsLeft = async () => Number(/in (\d+) seconds?\./.exec((await status.textContent()) ?? "")?.[1] ?? 0);
  const before = await secondsLeft();
  expect(before).toBeGreaterThan(45);
  expect(before).toBeLessThanOrEqual(60);
  await page.clock.runFor(1_000);
  await expect.poll(secondsLeft).toBeLessThan(before);
  await expect(pay).toBeDisabled();
  await expect(async () => {
    await page.clock.runFor(1_000);
    await expect(pay).toBeEnabled({ timeout: 100 });
  }).toPass({ timeout: 60_000, intervals: [0] });
  await expect(status).not.toContainText("You can send another request");
  await page.clock.resume();
  await expectAccessible(page);
});

test("the order details dialog lists an order's payments and M-Pesa Express requests", async ({ page }) => {
  const receipt = mpesa().simulator.pushes.find((p) => p.request.PhoneNumber === "254712345670")!.receipt!;
  await signIn(page, OWNER, mpesa().shop.baseURL);

  await page.goto(url(`/admin/orders?order=${paid.orderId}`));
  const payments = orderDialog(page, paid).getByRole("region", { name: "Payments" });
  const received = payments.getByRole("list", { name: "Payments" }).getByRole("listitem");
  await expect(received).toHaveCount(1);
  await expect(received).toContainText(`M-Pesa receipt ${receipt}`);
  await expect(received).toContainText("M-Pesa Express");
  await expect(received).toContainText("670");
  await expect(payments.getByRole("list", { name: "M-Pesa Express requests" }).getByRole("listitem")).toContainText("Paid");

  await page.goto(url(`/admin/orders?order=${cancelled.orderId}`));
  const none = orderDialog(page, cancelled).getByRole("region", { name: "Payments" });
  await expect(none).toContainText("No payments received yet.");
  await expect(none.getByRole("list", { name: "M-Pesa Express requests" }).getByRole("listitem")).toContainText(
    "Failed: The payment was cancelled on the phone.",
  );
  expect((await new AxeBuilder({ page }).include("dialog[open]").analyze()).violations).toEqual([]);
});

test("paybill payments with a wrong account number wait under Unmatched payments: staff attach one to its order and dismiss another", async ({
  page,
}) => {
  const { simulator } = mpesa();
  const order = await placeOrder();
  await signIn(page, OWNER, mpesa().shop.baseURL);
  await openLive(page, "/admin/orders");
  const unmatchedLink = page.getByRole("navigation", { name: "Order lists" }).getByRole("link", { name: /^Unmatched payments/ });
  await expect(unmatchedLink).toHaveAccessibleName("Unmatched payments");

  expect(await simulator.confirmC2b({ billRef: "WRONG 123", amount: 1_500, transId: "SIMPAYBIL01", firstName: "Wanjiru" })).toEqual({
    status: 200,
  });
  expect(await simulator.confirmC2b({ billRef: "#NOTOURS", amount: 700, transId: "SIMPAYBIL02", msisdn: "254722000112" })).toEqual({
    status: 200,
  });
  // The open page hears of them.
  await expect(unmatchedLink).toHaveAccessibleName("Unmatched payments, 2 waiting");
  await unmatchedLink.click();
  await expect(page).toHaveURL(url("/admin/orders/unmatched-payments"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unmatched Payments");

  const list = page.getByRole("list", { name: "Unmatched payments" });
  const first = list.getByRole("listitem").filter({ hasText: "SIMPAYBIL01" });
  const second = list.getByRole("listitem").filter({ hasText: "SIMPAYBIL02" });
  await expect(first).toContainText("KSH 1,500");
  await expect(first).toContainText("Wanjiru");
  await expect(first).toContainText("WRONG 123");
  await expect(first).toContainText("No order has this account number.");
  await expect(second).toContainText("2547 ***** 112");
  await expectAccessible(page);

  // An order that does not exist is refused beside the field, which keeps what was typed.
  const ref = first.getByLabel("Order ID or account number");
  await ref.fill("NOSUCHORDER");
  await first.getByRole("button", { name: "Attach to order" }).click();
  await expect(first.getByText("No single order has that ID or account number.")).toBeVisible();
  await expect(ref).toHaveValue("NOSUCHORDER");
  await expect(ref).toHaveAttribute("aria-invalid", "true");

  await ref.fill(order.orderId);
  await first.getByRole("button", { name: "Attach to order" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Payment SIMPAYBIL01 attached to order ${order.orderId}: it is now Paid.` }),
  ).toBeVisible();
  await expect(first).toHaveCount(0);

  // The order is paid now: a second payment cannot be attached to it too.
  await second.getByLabel("Order ID or account number").fill(order.orderId);
  await second.getByRole("button", { name: "Attach to order" }).click();
  await expect(second.getByRole("alert")).toHaveText("That order is already paid.");

  await second.getByRole("button", { name: "Dismiss" }).click();
  const dialog = page.getByRole("dialog", { name: "Dismiss payment" });
  await expect(dialog).toContainText("Dismiss payment SIMPAYBIL02 of KSH 700?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(second).toBeVisible();
  await second.getByRole("button", { name: "Dismiss" }).click();
  await dialog.getByRole("button", { name: "Dismiss" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Payment SIMPAYBIL02 dismissed." })).toBeVisible();
  await expect(page.getByText("No unmatched payments.")).toBeVisible();
  await expect(unmatchedLink).toHaveAccessibleName("Unmatched payments");

  // The order is Paid, by the staff member who attached the payment, and lists it.
  await page.goto(url(`/admin/orders?order=${order.orderId}`));
  const details = orderDialog(page, order);
  await expect(details.getByText("Paid", { exact: true })).toBeVisible();
  const attached = details.getByRole("list", { name: "Activity" }).getByRole("listitem").filter({ hasText: OWNER });
  await expect(attached).toContainText("Payment: Unpaid → Paid");
  await expect(attached).toContainText("M-Pesa receipt SIMPAYBIL01");
  const payment = details.getByRole("list", { name: "Payments" }).getByRole("listitem");
  await expect(payment).toContainText("M-Pesa receipt SIMPAYBIL01");
  await expect(payment).toContainText("M-Pesa Paybill");
  await expect(payment).toContainText("KSH 1,500");
});

test("Site Settings shows M-Pesa Express connected, and 'Test connection' says whether it works", async ({ page }) => {
  const { simulator } = mpesa();
  await signIn(page, DEVELOPER, mpesa().shop.baseURL);
  await page.goto(url("/admin/settings"));
  await hydrated(page);
  const section = page.getByRole("region", { name: "M-Pesa Express" });
  await expect(section).toContainText("M-Pesa Express is connected");
  await expect(section.getByText("174379", { exact: true })).toBeVisible();
  await expect(section).toContainText("Sandbox");

  const test = section.getByRole("button", { name: "Test connection" });
  const answer = section.getByRole("status");
  await test.click();
  await expect(answer).toHaveText("Connection works: M-Pesa gave a token and took the paybill addresses.");

  simulator.failNext("token");
  await test.click();
  await expect(answer).toHaveText("M-Pesa answered: Service is currently unavailable (503.001.01).");
  await expectAccessible(page);

  // Testing is not saving: the settings are as they were.
  await expect(page.getByRole("button", { name: "Save All Settings" })).toBeEnabled();
});

test("without the M-Pesa settings, Site Settings says M-Pesa Express is not configured and what to set", async ({ page }) => {
  await addStaffMember(DEVELOPER, "developer");
  await signIn(page, DEVELOPER);
  await page.goto("/admin/settings");
  const section = page.getByRole("region", { name: "M-Pesa Express" });
  await expect(section).toContainText("M-Pesa Express is not configured.");
  for (const name of ["MPESA_CONSUMER_KEY", "MPESA_CONSUMER_SECRET", "MPESA_PASSKEY", "MPESA_SHORTCODE", "PUBLIC_URL"]) {
    await expect(section).toContainText(name);
  }
  await expect(section.getByRole("button", { name: "Test connection" })).toHaveCount(0);
});
