import AxeBuilder from "@axe-core/playwright";
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { removeDataDir, type ShopServer, startShop } from "./support/shop-server";
import { addStaffMember, signedInRequest } from "./support/staff";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const OWNER = "owner@notifications-log.test";
const DEVELOPER = "dev@notifications-log.test";
const FAILED_ID = "msg-e2e-failed";

let shop: ShopServer;
let orderId: string;

/**
 * An order, and the outbox as a gateway that was down for good would leave it, written before the shop starts:
 * the shopper's 'Payment received' SMS failed after its last attempt, and a staff email was sent. Printed as JSON.
 */
const PREPARE_OUTBOX = `
  import { randomUUID } from "node:crypto";
  import { asc, eq } from "drizzle-orm";
  import { closeShopDatabase, db } from "./app/server/db/database.server.ts";
  import { notifications, products } from "./app/server/db/schema.server.ts";
  import { placeOrder } from "./app/server/orders.server.ts";
  const [product] = await (await db()).select().from(products).where(eq(products.isVisible, true)).orderBy(asc(products.name)).limit(1);
  const bag = [{ productId: product.id, size: product.sizes[0] ?? "", color: product.colors[0] ?? "", quantity: 1 }];
  const order = await placeOrder({ name: "Achieng Otieno", address: "Kimathi Street, Nairobi", phone: "+254712345678", paymentMethod: "M-Pesa", bag, idempotencyKey: randomUUID() });
  const now = new Date();
  await (await db()).insert(notifications).values([
    { id: "${FAILED_ID}", key: "e2e:payment:sms:+254712345678", message: "payment-received", channel: "sms", recipient: "+254712345678",
      body: "Asante!", orderId: order.orderId, state: "failed", attempts: 8, nextAttemptAt: now, createdAt: now,
      lastError: "The SMS gateway answered HTTP 503: Service Unavailable." },
    { id: "msg-e2e-sent", key: "e2e:payment:email:wanjiru@amanicrafts.co.ke", message: "staff-payment-received", channel: "email",
      recipient: "wanjiru@amanicrafts.co.ke", subject: "Paid", body: "Paid", orderId: order.orderId, state: "sent", attempts: 1,
      nextAttemptAt: now, createdAt: new Date(now.getTime() - 60_000), sentAt: now },
  ]);
  console.log(JSON.stringify({ orderId: order.orderId }));
  await closeShopDatabase();
`;

test.describe.configure({ mode: "serial" });
test.skip(({ isMobile }) => isMobile, "The log is the same on a phone; its behaviour is checked once.");

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-e2e-"));
  const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", PREPARE_OUTBOX], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
  ({ orderId } = JSON.parse(stdout.trim().split("\n").at(-1)!) as { orderId: string });
  // No SMS gateway or mail server: nothing sends, so a message sent again stays Pending for the test to see.
  shop = await startShop({ dataDir });
  await addStaffMember(OWNER, "owner", shop.dataDir);
  await addStaffMember(DEVELOPER, "developer", shop.dataDir);
});

test.afterAll(async () => {
  await shop?.stop();
  if (shop) removeDataDir(shop.dataDir);
});

test("a failed message shows on the dashboard and in the log, and Send again makes it Pending", async ({ page }) => {
  await signIn(page, OWNER, shop.baseURL);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole("link", { name: "1 message failed to send" }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin/notifications-log?state=failed`);
  await expect(page.getByRole("heading", { name: "Notifications Log", level: 1 })).toBeVisible();

  const states = page.getByRole("navigation", { name: "Messages by state" });
  await expect(states.getByRole("link", { name: "Failed" })).toHaveAttribute("aria-current", "page");
  const table = page.getByRole("table", { name: "Failed messages, newest first" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const failedRow = table.getByRole("row", { name: /Payment received/ });
  await expect(failedRow.getByRole("cell")).toHaveText([
    "Payment received",
    "+254 ••• ••• 678",
    "SMS",
    "Failed",
    "8",
    "The SMS gateway answered HTTP 503: Service Unavailable.",
    /^Created \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/,
    `Order #${orderId.slice(0, 6)}`,
    "Send again",
  ]);
  await expect(failedRow.getByRole("link", { name: `Order #${orderId.slice(0, 6)}` })).toHaveAttribute(
    "href",
    `/admin/orders?order=${orderId}`,
  );
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Every message, newest first; recipients masked, never in full.
  await states.getByRole("link", { name: /^All/ }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin/notifications-log`);
  const all = page.getByRole("table", { name: "Messages, newest first" });
  const sentRow = all.getByRole("row", { name: /Payment received \(to staff\)/ });
  await expect(sentRow).toContainText("w•••@amanicrafts.co.ke");
  await expect(sentRow).toContainText(/Sent \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
  await expect(sentRow.getByRole("button", { name: "Send again" })).toHaveCount(0);
  expect(await page.content()).not.toContain("712345678");
  expect(await page.content()).not.toContain("wanjiru@");

  const row = all.getByRole("row", { name: /^Payment received \+254/ });
  await row.getByRole("button", { name: "Send again" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The message will be sent again." })).toBeVisible();
  await expect(row.getByRole("cell").nth(3)).toHaveText("Pending");
  await expect(row.getByRole("cell").nth(4)).toHaveText("0");
  await expect(row.getByRole("button", { name: "Send again" })).toHaveCount(0);
  await expect(states.getByRole("link", { name: /^Failed/ })).toHaveText("Failed0");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Nothing failed any more: the dashboard says nothing about messages.
  await page.goto(`${shop.baseURL}/admin/dashboard`);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText(/failed to send/)).toHaveCount(0);
});

test("a message no longer failed is not sent again, and says why", async () => {
  const staff = await signedInRequest(shop.baseURL, DEVELOPER);
  const again = await staff.post("/admin/notifications-log", { form: { id: FAILED_ID }, headers: { Origin: shop.baseURL } });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain("This message is already waiting to be sent.");
  await staff.dispose();
});

test("a Store Owner finds the log in the menu, and an empty state reads plainly", async ({ page }) => {
  await signIn(page, OWNER, shop.baseURL);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Notifications Log" }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin/notifications-log`);
  await page
    .getByRole("navigation", { name: "Messages by state" })
    .getByRole("link", { name: /^Failed/ })
    .click();
  await expect(page.getByText("No failed messages.")).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
