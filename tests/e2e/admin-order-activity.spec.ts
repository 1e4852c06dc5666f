import AxeBuilder from "@axe-core/playwright";
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/page";
import { removeDataDir, type ShopServer, startShop } from "./support/shop-server";
import { addStaffMember, signedInRequest } from "./support/staff";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const OWNER = "owner@order-activity.test";
const COLLEAGUE = "colleague@order-activity.test";

let shop: ShopServer;
let overdue: string;
let open: string;

/**
 * Two orders written before the shop starts, as if it had been stopped meanwhile: one placed three days ago and
 * never paid (past the 48-hour hold), one placed now. Printed as JSON.
 */
const PLACE_ORDERS = `
  import { randomUUID } from "node:crypto";
  import { asc, eq } from "drizzle-orm";
  import { closeShopDatabase, db } from "./app/server/db/database.server.ts";
  import { products } from "./app/server/db/schema.server.ts";
  import { placeOrder } from "./app/server/orders.server.ts";
  const [product] = await (await db()).select().from(products).where(eq(products.isVisible, true)).orderBy(asc(products.name)).limit(1);
  const bag = [{ productId: product.id, size: product.sizes[0] ?? "", color: product.colors[0] ?? "", quantity: 1 }];
  const order = (name, at) =>
    placeOrder({ name, address: "Kimathi Street, Nairobi", phone: "+254712345678", paymentMethod: "M-Pesa", bag, idempotencyKey: randomUUID() }, at);
  const overdue = await order("Never Paid", new Date(Date.now() - 72 * 3_600_000));
  const open = await order("Still Deciding", new Date());
  console.log(JSON.stringify({ overdue: overdue.orderId, open: open.orderId }));
  await closeShopDatabase();
`;

test.describe.configure({ mode: "serial" });
test.skip(({ isMobile }) => isMobile, "The dialog is the same on a phone; its behaviour is checked once.");

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-e2e-"));
  const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", PLACE_ORDERS], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
  ({ overdue, open } = JSON.parse(stdout.trim().split("\n").at(-1)!) as { overdue: string; open: string });
  shop = await startShop({ dataDir });
  await addStaffMember(OWNER, "owner", shop.dataDir);
  await addStaffMember(COLLEAGUE, "owner", shop.dataDir);
});

test.afterAll(async () => {
  await shop?.stop();
  if (shop) removeDataDir(shop.dataDir);
});

test("an order auto-cancelled by the hold time appears in the timeline as made by the shop", async ({ page }) => {
  await signIn(page, OWNER, shop.baseURL);
  await page.goto(`${shop.baseURL}/admin/orders?order=${overdue}`);
  await hydrated(page);

  const dialog = page.getByRole("dialog", { name: `Order #${overdue.slice(0, 6)}` });
  const activity = dialog.getByRole("list", { name: "Activity" });
  // The shop sweeps at start, in the background: the page follows the change live if it lands after loading.
  await expect(activity.getByRole("listitem").filter({ hasText: "the shop" })).toContainText("Status: Pending Payment → Cancelled");
  await expect(activity).toContainText("Not paid within the hold time of 48 hours: cancelled and its stock released.");
  await expect(dialog.getByText("Cancelled", { exact: true })).toBeVisible();
  expect((await new AxeBuilder({ page }).include("dialog[open]").analyze()).violations).toEqual([]);

  // The order placed just now is still waiting for payment, with nothing on record.
  await page.goto(`${shop.baseURL}/admin/orders?order=${open}`);
  await expect(page.getByRole("dialog").getByText("No changes recorded yet.")).toBeVisible();
});

test("a client-details save over a colleague's is refused, keeps what was typed; untouched, the dialog follows the colleague", async ({
  page,
}) => {
  const colleague = await signedInRequest(shop.baseURL, COLLEAGUE);
  const correct = (name: string, version: number) =>
    colleague.post("/admin/orders", {
      form: {
        intent: "client",
        id: open,
        name,
        address: "Kimathi Street, Nairobi",
        phone: "+254712345678",
        clientDetailsVersion: String(version),
      },
      headers: { Origin: shop.baseURL },
    });
  await signIn(page, OWNER, shop.baseURL);
  await page.clock.install();
  await page.goto(`${shop.baseURL}/admin/orders?order=${open}`);
  await hydrated(page);
  const dialog = page.getByRole("dialog", { name: `Order #${open.slice(0, 6)}` });
  const name = dialog.getByLabel("Full Name");
  await expect(name).toHaveValue("Still Deciding");

  // Nothing typed here: a colleague's correction shows in the open dialog, and typing builds on it.
  expect((await correct("Wanjiku Kamau", 1)).status()).toBe(200);
  await expect(name).toHaveValue("Wanjiku Kamau");
  await expect(dialog.getByRole("list", { name: "Activity" })).toContainText(COLLEAGUE);

  // Typed here while the colleague saves again: this save is refused, says why, and keeps the text.
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await name.fill("Achieng Otieno");
  expect((await correct("Njeri Mwangi", 2)).status()).toBe(200);
  const refused = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/orders"));
  await page.clock.runFor(500);
  expect((await refused).status()).toBe(409);
  await expect(dialog.getByRole("alert")).toHaveText(
    /^Not saved\. This order's client details were changed by someone else since you opened/,
  );
  await expect(dialog.getByRole("alert")).toContainText("Your changes are still in the form");
  await expect(name).toHaveValue("Achieng Otieno");
  await page.clock.resume();

  // Nothing was changed by the refused save.
  await page.reload();
  await expect(dialog.getByLabel("Full Name")).toHaveValue("Njeri Mwangi");
  await colleague.dispose();
});
