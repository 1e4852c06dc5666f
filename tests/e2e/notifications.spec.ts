import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type NotifySim, startNotifySim } from "../../scripts/notify-sim";
import { hydrated } from "./support/page";
import { sampleProduct } from "./support/shop";
import { freePort, removeDataDir, type ShopServer, startShop } from "./support/shop-server";
import { addStaffMember, signedInRequest } from "./support/staff";

// Issue 12: an order placed in the browser reaches the shopper by SMS and the Store Owner by email, through the
// stand-ins of scripts/notify-sim.ts (Africa's Talking's API and an SMTP server), with the shop's own links.

const OWNER = "wanjiru@orders-by-sms.test";

let shop: ShopServer;
let sim: NotifySim;
let shopRequest: APIRequestContext;

test.describe.configure({ mode: "serial" });
test.skip(({ isMobile }) => isMobile, "What arrives at the gateways does not depend on the screen.");

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  sim = await startNotifySim({ smsPort: 0, smtpPort: 0 });
  const port = await freePort();
  shop = await startShop({ port, env: { ...sim.env, PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await addStaffMember(OWNER, "owner", shop.dataDir);
  shopRequest = await playwright.request.newContext({ baseURL: shop.baseURL });
});

test.afterAll(async () => {
  await shopRequest?.dispose();
  await shop?.stop();
  await sim?.stop();
  if (shop) removeDataDir(shop.dataDir);
});

async function checkOut(page: Page) {
  const handbag = await sampleProduct(shopRequest, "Kiondo Sisal Handbag");
  await page.goto(`${shop.baseURL}/about`);
  await page.evaluate(
    (bag) => localStorage.setItem("duka-bag", bag),
    JSON.stringify([{ productId: handbag.id, size: "Large (36 × 38 cm)", color: "Natural & Indigo", quantity: 2 }]),
  );
  await page.goto(`${shop.baseURL}/checkout`);
  await hydrated(page);
  await page.getByLabel("Full name").fill("Achieng Otieno");
  await page.getByLabel("Address", { exact: true }).fill("Kimathi Street, Nairobi");
  await page.getByLabel("Phone").fill("+254 712 345 678");
  await page.getByRole("radio", { name: "M-Pesa" }).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/payment-instructions\/[a-z0-9]{20}$/);
  const orderId = page.url().split("/").pop()!;
  const trackingHref = await page.getByRole("link", { name: "Check Order Status" }).getAttribute("href");
  return { orderId, short: orderId.slice(0, 6), trackingUrl: `${shop.baseURL}${trackingHref}` };
}

test("a shopper's order arrives as an SMS to their phone and an email to the Store Owner, and its payment as two more", async ({ page }) => {
  const order = await checkOut(page);

  const sms = await sim.waitForSms((m) => m.message.includes(`#${order.short}`), 20_000);
  expect(sms.to).toBe("+254712345678");
  expect(sms.message).toBe(
    `Duka: Thank you Achieng Otieno! Order #${order.short}, KSH 8,400. ` +
      `Pay with M-Pesa: ${shop.baseURL}/payment-instructions/${order.orderId} Track it: ${order.trackingUrl}`,
  );

  const mail = await sim.waitForMail((m) => m.to.includes(OWNER) && m.subject.includes(`#${order.short}`), 20_000);
  expect(mail.subject).toBe(`New order #${order.short} from Achieng Otieno, KSH 8,400`);
  expect(mail.from).toContain("Duka");
  expect(mail.text).toContain("Achieng Otieno (+254712345678) has placed order");
  expect(mail.text).toContain("2 × Kiondo Sisal Handbag (Large (36 × 38 cm), Natural & Indigo)");
  expect(mail.text).toContain(`${shop.baseURL}/admin/orders?order=${order.orderId}`);
  expect(mail.html).toContain(`href="${shop.baseURL}/admin/orders?order=${order.orderId}"`);

  // The owner marks it paid: the shopper and the owner hear of it, once each.
  const staff = await signedInRequest(shop.baseURL, OWNER);
  const paid = await staff.post("/admin/orders", {
    form: { intent: "payment", id: order.orderId, paymentStatus: "Paid" },
    headers: { Origin: shop.baseURL },
  });
  expect(paid.status()).toBe(200);
  await staff.dispose();
  const paidSms = await sim.waitForSms((m) => m.message.includes(`#${order.short}`) && /paid|received/i.test(m.message), 20_000);
  expect(paidSms.to).toBe("+254712345678");
  expect(paidSms.message).toContain(order.trackingUrl);
  const paidMail = await sim.waitForMail((m) => m.to.includes(OWNER) && m.subject === `Paid: order #${order.short}, KSH 8,400`, 20_000);
  expect(paidMail.text).toContain("Achieng Otieno (+254712345678) has paid KSH 8,400");

  // Each event was sent once: a few sweeps later nothing more has arrived for this order.
  await page.waitForTimeout(5_000);
  expect(sim.smsMessages().filter((m) => m.message.includes(`#${order.short}`))).toHaveLength(2);
  expect(sim.mails().filter((m) => m.subject.includes(`#${order.short}`))).toHaveLength(2);
});
