import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { hydrated } from "./support/page";
import { placeOrderOverHttp, type TestOrder } from "./support/shop";
import { removeDataDir, type ShopServer, startShop } from "./support/shop-server";
import { addStaffMember, STAFF_PASSWORD } from "./support/staff";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const OWNER = "owner@reports.test";
const NO_SALES = "No sales recorded for this period.";
// The sample shop's stock: the sum of price × stock over its ten products, untouched by these orders.
const SAMPLE_STOCK_VALUE = "KSH 656,200";
const OLD_SALE_DAY = "2025-03-10";

// A private shop, because the report adds up every sale in the shop. Its orders are placed over HTTP like a
// shopper's; the shop is then stopped and a small script marks them Delivered and Paid and moves them to the
// days the test needs (yesterday, March 2025), since the orders page is not the subject here and no page can
// backdate an order. The shop is then started again on the same data.
let shop: ShopServer;
let today: TestOrder;
let yesterday: TestOrder;
let lastYear: TestOrder;
let unpaid: TestOrder;

// One shop for the file: a failed test does not start another.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-e2e-"));
  shop = await startShop({ dataDir });
  const shopper = await playwrightRequest.newContext({ baseURL: shop.baseURL });
  today = await placeOrderOverHttp(shopper, {
    productName: "Kanga Cotton Head Wrap",
    size: "One Size",
    color: "Terracotta",
    quantity: 2,
    name: "Today Buyer",
  });
  yesterday = await placeOrderOverHttp(shopper, {
    productName: "Ankara Wrap Dress",
    size: "M",
    color: "Terracotta",
    name: "Yesterday Buyer",
  });
  lastYear = await placeOrderOverHttp(shopper, {
    productName: "Maasai Beaded Collar Necklace",
    size: "One Size",
    color: "Red Multi",
    quantity: 3,
    name: "=SUM(1,2) Wanjiru",
  });
  unpaid = await placeOrderOverHttp(shopper, {
    productName: "Kitenge Short-Sleeve Shirt",
    size: "M",
    color: "Forest Green",
    name: "Unpaid Buyer",
  });
  await shopper.dispose();
  await shop.stop();

  await run(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `import { sql } from "drizzle-orm";
       import { closeShopDatabase, db } from "./app/server/db/database.server.ts";
       const ids = JSON.parse(process.env.REPORT_ORDERS);
       const database = await db();
       await database.execute(sql\`update orders set status = 'Delivered', payment_status = 'Paid'
         where id in (\${ids.today}, \${ids.yesterday}, \${ids.lastYear})\`);
       await database.execute(sql\`update orders set order_date = order_date - interval '1 day', is_archived = true
         where id = \${ids.yesterday}\`);
       await database.execute(sql\`update orders set order_date = timestamptz '${OLD_SALE_DAY} 12:00:00+03' where id = \${ids.lastYear}\`);
       await database.execute(sql\`update orders set status = 'Delivered' where id = \${ids.unpaid}\`);
       await closeShopDatabase();`,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        REPORT_ORDERS: JSON.stringify({
          today: today.orderId,
          yesterday: yesterday.orderId,
          lastYear: lastYear.orderId,
          unpaid: unpaid.orderId,
        }),
      },
    },
  );
  shop = await startShop({ dataDir });
  await addStaffMember(OWNER, "owner", dataDir);
});

test.afterAll(async () => {
  await shop?.stop();
  if (shop) removeDataDir(shop.dataDir);
});

async function signIn(page: Page) {
  await page.goto(`${shop.baseURL}/admin/login`);
  await page.getByLabel("Email").fill(OWNER);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${shop.baseURL}/admin/dashboard`);
}

const axe = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
const card = (page: Page, label: string) => page.locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
const short = (order: TestOrder) => order.orderId.slice(0, 6);
/** A day in Nairobi as the report writes it, e.g. "20 Nov 2026". */
const shopDay = (instant: Date) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Nairobi", day: "numeric", month: "short", year: "numeric" }).format(instant);

async function expectFigures(page: Page, figures: { revenue: string; units: string; orders: string }) {
  await expect(card(page, "Total Revenue")).toHaveText(figures.revenue);
  await expect(card(page, "Units Sold")).toHaveText(figures.units);
  await expect(card(page, "Orders")).toHaveText(figures.orders);
  await expect(card(page, "Current Stock Value")).toHaveText(SAMPLE_STOCK_VALUE);
}

async function choosePeriod(page: Page, label: string, range?: { from: string; to: string }) {
  await page.getByLabel("Period").selectOption({ label });
  if (range) {
    await page.getByLabel("From").fill(range.from);
    await page.getByLabel("To").fill(range.to);
  }
  await page.getByRole("button", { name: "Apply" }).click();
}

test("the report counts only Delivered and Paid sales, archived ones too, for each period; links open the order", async ({ page }) => {
  await signIn(page);
  await page.goto(`${shop.baseURL}/admin/reports`);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await expectFigures(page, { revenue: "KSH 17,800", units: "6", orders: "3" });
  const rows = page.getByRole("table", { name: "Sales" }).getByRole("row");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText(`#${short(today)}`);
  await expect(rows.nth(1)).toContainText("Today Buyer");
  await expect(rows.nth(1)).toContainText("KSH 2,400");
  await expect(rows.nth(2)).toContainText("Yesterday Buyer");
  await expect(rows.nth(3)).toContainText(["#" + short(lastYear), "10 Mar 2025, 12:00", "=SUM(1,2) Wanjiru", "3", "KSH 9,600"].join(""));
  await expect(page.getByRole("link", { name: `#${short(lastYear)}` })).toHaveAttribute("href", `/admin/orders?order=${lastYear.orderId}`);
  await expect(page.getByText("Unpaid Buyer")).toHaveCount(0);
  await expect(page.getByRole("img", { name: "Revenue per month" })).toBeVisible();
  await axe(page);

  await choosePeriod(page, "Today");
  await expect(page).toHaveURL(/period=today/);
  await expectFigures(page, { revenue: "KSH 2,400", units: "2", orders: "1" });
  await expect(rows).toHaveCount(2);
  const day = shopDay(new Date());
  await expect(page.getByRole("img", { name: "Revenue per day" })).toBeVisible();
  await expect(page.getByText(`Revenue per day, ${day}: KSH 2,400 in all; the best day was ${day} with KSH 2,400.`)).toBeVisible();
  await page.getByText("Revenue per day as a table").click();
  await expect(page.getByRole("table", { name: "Revenue per day" }).getByRole("row").nth(1)).toHaveText(`${day}1KSH 2,400`);
  await axe(page);

  await choosePeriod(page, "Yesterday");
  await expectFigures(page, { revenue: "KSH 5,800", units: "1", orders: "1" });
  await expect(rows.nth(1)).toContainText("Yesterday Buyer");

  await expect(page.getByLabel("From")).toBeHidden();
  await choosePeriod(page, "Custom Range", { from: OLD_SALE_DAY, to: OLD_SALE_DAY });
  await expect(page).toHaveURL(new RegExp(`period=custom&from=${OLD_SALE_DAY}&to=${OLD_SALE_DAY}`));
  await expect(page.getByText(/Sales that are both Delivered and Paid/)).toContainText("10 Mar 2025");
  await expectFigures(page, { revenue: "KSH 9,600", units: "3", orders: "1" });
  await expect(page.getByLabel("From")).toHaveValue(OLD_SALE_DAY);

  await choosePeriod(page, "Custom Range", { from: "2025-03-11", to: "2025-03-12" });
  await expect(page.getByText(NO_SALES)).toBeVisible();
  await expectFigures(page, { revenue: "KSH 0", units: "0", orders: "0" });
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveCount(0);
  await axe(page);

  await page.goBack();
  await expect(page.getByLabel("To")).toHaveValue(OLD_SALE_DAY);
});

async function downloadCsv(page: Page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  return { name: download.suggestedFilename(), lines: readFileSync((await download.path())!, "utf8").split("\r\n") };
}

test("the sales table downloads as CSV for the period on screen, formulas disarmed", async ({ page }) => {
  await signIn(page);
  await page.goto(`${shop.baseURL}/admin/reports`);
  await hydrated(page);
  const all = await downloadCsv(page);
  expect(all.name).toBe("sales-all-time.csv");
  expect(all.lines[0]).toBe("\uFEFFOrder ID,Date,Client,Items,Total (KSH)");
  expect(all.lines[1]).toMatch(new RegExp(`^${today.orderId},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},Today Buyer,2,2400$`));
  expect(all.lines[2]).toMatch(new RegExp(`^${yesterday.orderId},.*,Yesterday Buyer,1,5800$`));
  expect(all.lines[3]).toBe(`${lastYear.orderId},${OLD_SALE_DAY} 12:00,"'=SUM(1,2) Wanjiru",3,9600`);
  expect(all.lines.slice(4)).toEqual([""]);

  await choosePeriod(page, "Custom Range", { from: OLD_SALE_DAY, to: OLD_SALE_DAY });
  await expect(page.getByRole("table", { name: "Sales" }).getByRole("row")).toHaveCount(2);
  const custom = await downloadCsv(page);
  expect(custom.name).toBe(`sales-${OLD_SALE_DAY}.csv`);
  expect(custom.lines.slice(1)).toEqual([`${lastYear.orderId},${OLD_SALE_DAY} 12:00,"'=SUM(1,2) Wanjiru",3,9600`, ""]);
});

test("the period filter works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page);
  await page.goto(`${shop.baseURL}/admin/reports?period=today`);
  await expect(page.getByLabel("From")).toBeHidden();
  await choosePeriod(page, "Custom Range", { from: OLD_SALE_DAY, to: OLD_SALE_DAY });
  await expect(page.getByRole("table", { name: "Sales" })).toContainText("=SUM(1,2) Wanjiru");
  await expect(page.getByRole("definition").first()).toHaveText("KSH 9,600");
  await context.close();
});

test("a period with discounted sales shows a Discounts figure and a Discount column; revenue is what was charged", async ({ page }) => {
  test.setTimeout(120_000);
  // A discounted sale (issue 24) on a day of its own, written while the shop is stopped, as the setup does.
  const discountDay = "2025-04-21";
  await shop.stop();
  await run(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `import { sql } from "drizzle-orm";
       import { closeShopDatabase, db } from "./app/server/db/database.server.ts";
       const database = await db();
       await database.execute(sql\`insert into orders (id, tracking_id, client_name, client_address, client_phone, total_cents, discount_cents,
         status, payment_status, payment_method, order_date)
         values ('discountedsale01', 'AFBDISC00001', 'Discount Buyer', 'Moi Avenue', '+254712345678', 210000, 30000,
         'Delivered', 'Paid', 'M-Pesa', timestamptz '${discountDay} 12:00:00+03')\`);
       await database.execute(sql\`insert into order_lines (order_id, position, name, unit_price_cents, quantity)
         values ('discountedsale01', 0, 'Kanga', 120000, 2)\`);
       await database.execute(sql\`insert into order_discounts (order_id, position, label, amount_cents)
         values ('discountedsale01', 0, 'EASTER10', 30000)\`);
       await closeShopDatabase();`,
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: shop.dataDir, DATABASE_URL: "" } },
  );
  shop = await startShop({ dataDir: shop.dataDir });

  await signIn(page);
  await page.goto(`${shop.baseURL}/admin/reports?period=custom&from=${discountDay}&to=${discountDay}`);
  await expectFigures(page, { revenue: "KSH 2,100", units: "2", orders: "1" });
  await expect(card(page, "Discounts")).toHaveText("KSH 300");
  const rows = page.getByRole("table", { name: "Sales" }).getByRole("row");
  await expect(rows.nth(0)).toHaveText("Order IDDateClientItemsDiscountTotal");
  await expect(rows.nth(1)).toContainText(["Discount Buyer", "2", "-KSH 300", "KSH 2,100"].join(""));
  await axe(page);

  await page.goto(`${shop.baseURL}/admin/reports?period=custom&from=${OLD_SALE_DAY}&to=${OLD_SALE_DAY}`);
  await expect(card(page, "Total Revenue")).toHaveText("KSH 9,600");
  await expect(page.locator("dt", { hasText: "Discounts" })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Discount" })).toHaveCount(0);
});
