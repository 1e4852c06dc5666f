import AxeBuilder from "@axe-core/playwright";
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { type NotifySim, startNotifySim } from "../../scripts/notify-sim";
import { signIn } from "./support/admin";
import { ownShop } from "./support/own-shop";
import { hydrated } from "./support/page";
import { freePort, type startShop } from "./support/shop-server";

// Reminders for unpaid orders (issue 23, decision 055): the reminder 30 minutes after an order was placed reaches the
// SMS gateway's stand-in with the link to the order's payment page, and staff send one from order details.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const OWNER = "owner@payment-reminder.test";
const DEVELOPER = "developer@payment-reminder.test";

/**
 * Two orders written before the shop starts, as if it had been stopped meanwhile: one placed 31 minutes ago, due
 * its first reminder, and one placed just now. Printed as JSON.
 */
const PLACE_ORDERS = `
  import { randomUUID } from "node:crypto";
  import { asc, eq } from "drizzle-orm";
  import { closeShopDatabase, db } from "./app/server/db/database.server.ts";
  import { products } from "./app/server/db/schema.server.ts";
  import { placeOrder } from "./app/server/orders.server.ts";
  const [product] = await (await db()).select().from(products).where(eq(products.isVisible, true)).orderBy(asc(products.name)).limit(1);
  const bag = [{ productId: product.id, size: product.sizes[0] ?? "", color: product.colors[0] ?? "", quantity: 1 }];
  const order = (name, phone, at) => placeOrder({ name, address: "Kimathi Street, Nairobi", phone, paymentMethod: "M-Pesa", bag, idempotencyKey: randomUUID() }, at);
  const due = await order("Wanjiku Kamau", "+254712000031", new Date(Date.now() - 31 * 60_000));
  const fresh = await order("Otieno Ouma", "+254712000001", new Date());
  console.log(JSON.stringify({ due: due.orderId, fresh: fresh.orderId }));
  await closeShopDatabase();
`;

let sim: NotifySim;
let due: string;
let fresh: string;
// Filled in before the shop starts (the hooks run in the order they are declared).
const options: NonNullable<Parameters<typeof startShop>[0]> = {};

test.describe.configure({ mode: "serial" });
test.skip(({ isMobile }) => isMobile, "What arrives at the gateway does not depend on the screen; the dialog is checked once.");

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sim = await startNotifySim({ smsPort: 0, smtpPort: 0 });
  options.dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-e2e-"));
  const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", PLACE_ORDERS], {
    cwd: root,
    env: { ...process.env, DATA_DIR: options.dataDir, DATABASE_URL: "" },
  });
  ({ due, fresh } = JSON.parse(stdout.trim().split("\n").at(-1)!) as { due: string; fresh: string });
  options.port = await freePort();
  options.env = { ...sim.env, PUBLIC_URL: `http://127.0.0.1:${options.port}` };
});

const shop = ownShop(
  [
    { email: OWNER, role: "owner" },
    { email: DEVELOPER, role: "developer" },
  ],
  options,
);

test.afterAll(async () => {
  await sim?.stop();
});

test("an order unpaid 30 minutes after it was placed gets one SMS reminder with the link to its payment page", async ({ page }) => {
  const { baseURL } = shop();
  const reminder = await sim.waitForSms((m) => m.to === "+254712000031", 30_000);
  expect(reminder.message).toMatch(
    new RegExp(`^Duka: Hi Wanjiku Kamau, order #${due.slice(0, 6)} \\(KSH [\\d,]+\\) is waiting for payment\\. `),
  );
  expect(reminder.message).toContain(`Pay with M-Pesa: ${baseURL}/payment-instructions/${due} `);

  // The link opens the order's payment page.
  const link = /Pay with M-Pesa: (\S+)/.exec(reminder.message)![1]!;
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Thank You! Your Order is Placed." })).toBeVisible();
  await expect(page.getByText(due)).toBeVisible();

  // The order placed just now is not due yet, and the first is not reminded twice.
  await page.waitForTimeout(3_000);
  expect(sim.smsMessages().filter((m) => m.message.includes("is waiting for payment"))).toHaveLength(1);
});

test("staff send a payment reminder from order details, at most once an hour, recorded on the activity log", async ({ page, browser }) => {
  const { baseURL } = shop();
  await signIn(page, OWNER, baseURL);
  await page.goto(`${baseURL}/admin/orders?order=${fresh}`);
  await hydrated(page);
  const dialog = page.getByRole("dialog", { name: `Order #${fresh.slice(0, 6)}` });
  await dialog.getByRole("button", { name: "Send payment reminder" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Payment reminder sent." })).toBeVisible();

  const sms = await sim.waitForSms((m) => m.to === "+254712000001", 20_000);
  expect(sms.message).toContain(`Pay with M-Pesa: ${baseURL}/payment-instructions/${fresh} `);
  const activity = dialog.getByRole("list", { name: "Activity" });
  await expect(activity.getByRole("listitem").filter({ hasText: OWNER })).toContainText("Payment reminder: — → SMS to +254 ••• ••• 001");
  expect((await new AxeBuilder({ page }).include("dialog[open]").analyze()).violations).toEqual([]);

  // A developer trying again within the hour is told why nothing is sent.
  const developer = await (await browser.newContext()).newPage();
  await signIn(developer, DEVELOPER, baseURL);
  await developer.goto(`${baseURL}/admin/orders?order=${fresh}`);
  await hydrated(developer);
  await developer.getByRole("button", { name: "Send payment reminder" }).click();
  await expect(developer.getByRole("alert").filter({ hasText: "A reminder was sent less than an hour ago." })).toBeVisible();
  await page.waitForTimeout(3_000);
  expect(sim.smsMessages().filter((m) => m.to === "+254712000001" && m.message.includes("is waiting for payment"))).toHaveLength(1);
});
