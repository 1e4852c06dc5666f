import { expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { shopWithMpesa } from "./support/mpesa";
import { hydrated } from "./support/page";

// Pay on delivery (issue 23, decision 054), in a shop of its own with M-Pesa Express on the Daraja simulator (the
// M-Pesa variant of ownShop): staff allow it on a zone, a shopper checks out with it, the rider is told what to
// collect, and the money is taken at the door by an M-Pesa prompt staff send, or recorded as cash.

const OWNER = "owner@pay-on-delivery.test";
const mpesa = shopWithMpesa([{ email: OWNER, role: "owner" }], { callbackDelayMs: 500 });

test.describe.configure({ mode: "serial" });
test.skip(({ isMobile }) => isMobile, "Checkout and the back office are the same on a phone; the path is checked once.");

const url = (path: string) => `${mpesa().shop.baseURL}${path}`;

/** Puts one Kiondo Sisal Handbag (KSH 4,200) in the bag and checks out with Pay on delivery to Nairobi CBD. */
async function checkOutPayingOnDelivery(page: Page, phone: string): Promise<string> {
  const http = await playwrightRequest.newContext({ baseURL: mpesa().shop.baseURL });
  const sitemap = await (await http.get("/sitemap.xml")).text();
  await http.dispose();
  const id = /\/product\/kiondo-sisal-handbag-([a-z0-9]+)</.exec(sitemap)![1]!;
  await page.goto(url("/about"));
  await page.evaluate(
    (bag) => localStorage.setItem("duka-bag", bag),
    JSON.stringify([{ productId: id, size: "Large (36 × 38 cm)", color: "Natural & Indigo", quantity: 1 }]),
  );
  await page.goto(url("/checkout"));
  await hydrated(page);
  await page.getByLabel("Full name").fill("Achieng Otieno");
  await page.getByLabel("Address", { exact: true }).fill("Kimathi Street, Nairobi");
  await page.getByLabel("Phone").fill(phone);
  const method = page.getByRole("group", { name: "Payment method" });
  // Offered only once a zone that allows it is chosen.
  await expect(method.getByRole("radio", { name: "Pay on delivery" })).toHaveCount(0);
  await page.getByRole("radiogroup", { name: "Delivery" }).getByRole("radio", { name: /^Nairobi CBD/ }).check();
  await method.getByRole("radio", { name: "Pay on delivery" }).check();
  await expect(page.getByText("Pay on delivery: pay KSH 4,450 to the rider in cash or by M-Pesa when your order arrives.")).toBeVisible();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/payment-instructions\/[a-z0-9]{20}$/);
  return page.url().split("/").at(-1)!;
}

const orderDialog = (page: Page, orderId: string) => page.getByRole("dialog", { name: `Order #${orderId.slice(0, 6)}` });

test("staff allow pay on delivery on a zone up to an amount", async ({ page }) => {
  await signIn(page, OWNER, mpesa().shop.baseURL);
  await page.goto(url("/admin/delivery"));
  await hydrated(page);
  await page.getByRole("button", { name: "Add zone" }).click();
  const form = page.getByRole("dialog", { name: "Add zone" });
  await form.getByLabel("Name").fill("Nairobi CBD");
  await form.getByLabel("Fee (KSH)").fill("250");
  await expect(form.getByLabel("Pay on delivery up to (KSH)")).toBeDisabled();
  await form.getByLabel("Pay on delivery", { exact: true }).check();
  await form.getByLabel("Pay on delivery up to (KSH)").fill("10,000");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole("table", { name: "Delivery zones" })).toContainText("Pay on delivery up to KSH 10,000");
});

test("a shopper pays on delivery: the payment page says how, the rider is told what to collect, and Request M-Pesa payment turns it Paid", async ({
  page,
  browser,
}) => {
  const orderId = await checkOutPayingOnDelivery(page, "+254 712 345 670");
  const howToPay = page.getByRole("region", { name: "How to pay" });
  await expect(howToPay).toContainText("Pay on delivery: pay KSH 4,450 to the rider in cash or by M-Pesa when your order arrives.");
  await expect(howToPay).not.toContainText("Payment method not available.");
  await expect(page.getByRole("region", { name: "Your order" })).toContainText("Pending Payment");

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, OWNER, mpesa().shop.baseURL);
  await staff.goto(url("/admin/orders"));
  await hydrated(staff);
  const short = orderId.slice(0, 6);
  await staff.getByRole("row").filter({ hasText: `#${short}` }).getByRole("button", { name: `Dispatch order #${short}` }).click();
  const dispatch = staff.getByRole("dialog", { name: `Dispatch order #${short}` });
  await dispatch.getByLabel("Rider").selectOption({ label: "Brian Mwangi - +254712345678" });
  await dispatch.getByRole("button", { name: "Confirm Dispatch" }).click();
  const href = (await dispatch.getByRole("link", { name: "Message Brian Mwangi" }).getAttribute("href"))!;
  const message = decodeURIComponent(href.split("?text=")[1]!).split("\n");
  expect(message).toContain("Delivery: Nairobi CBD");
  expect(message.at(-1)).toBe("Amount to collect: KSH 4,450");
  await dispatch.getByRole("button", { name: "Done" }).click();

  await staff.goto(url(`/admin/orders?order=${orderId}`));
  await hydrated(staff);
  const details = orderDialog(staff, orderId);
  await details.getByRole("button", { name: "Request M-Pesa payment" }).click();
  await expect(details.getByText("M-Pesa payment request for KSH 4,450 sent to the client's phone.")).toBeVisible();
  expect(mpesa().simulator.pushes.at(-1)!.request).toMatchObject({ PhoneNumber: "254712345670", Amount: 4_450 });
  // M-Pesa's callback pays the order by itself; the dialog shows it without a reload.
  await expect(details.getByRole("button", { name: "Request M-Pesa payment" })).toBeHidden({ timeout: 15_000 });
  await expect(details.getByRole("region", { name: "Payments" })).toContainText("M-Pesa receipt");
  await expect(details.getByRole("region", { name: "Payments" })).toContainText("KSH 4,450");
});

test("Paid in cash, once confirmed, marks a second order Paid and is on the activity log with who", async ({ page, browser }) => {
  const orderId = await checkOutPayingOnDelivery(page, "+254 712 345 689");
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, OWNER, mpesa().shop.baseURL);
  await staff.goto(url(`/admin/orders?order=${orderId}`));
  await hydrated(staff);
  const details = orderDialog(staff, orderId);
  await details.getByRole("button", { name: "Paid in cash" }).click();
  const confirm = staff.getByRole("dialog", { name: "Paid in cash" });
  await expect(confirm).toContainText(`Record KSH 4,450 paid in cash for order #${orderId.slice(0, 6)}? The order becomes Paid.`);
  await confirm.getByRole("button", { name: "Record cash payment" }).click();
  await expect(confirm).toBeHidden();
  await expect(details.getByRole("button", { name: "Paid in cash" })).toBeHidden();
  const payments = details.getByRole("region", { name: "Payments" });
  await expect(payments).toContainText("Paid in cash");
  await expect(payments).toContainText("KSH 4,450");
  await expect(details.getByRole("region", { name: "Activity" })).toContainText(OWNER);
  await expect(details.getByRole("region", { name: "Activity" })).toContainText("Paid in cash: KSH 4,450");
});
