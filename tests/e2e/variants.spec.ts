import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/page";
import { removeDataDir, type ShopServer, startShop } from "./support/shop-server";
import { addStaffMember } from "./support/staff";

// Sizes and colours with stock and prices of their own (issue 22, decision 049), as a shopper meets them: a sold-out
// combination on the product page, a variant's own price from the bag to the staff's order details, and sale prices.
// The shop is this file's own, with one dress (tests/e2e/support/variant-shop.ts): on sale at KSH 3,000 (was 3,500);
// M in Indigo sold out, L in Indigo at its own KSH 3,200, M in Ochre 2 left, L in Ochre sold out.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const OWNER = "variants-owner@duka.test";

let shop: ShopServer;
let dress: { slug: string; id: string };

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-e2e-"));
  const { stdout } = await run(process.execPath, ["--import", "tsx", "tests/e2e/support/variant-shop.ts"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
  dress = JSON.parse(stdout.trim().split("\n").pop()!) as { slug: string; id: string };
  shop = await startShop({ dataDir });
  await addStaffMember(OWNER, "owner", dataDir);
});

test.afterAll(async () => {
  await shop?.stop();
  if (shop) removeDataDir(shop.dataDir);
});

/** Opens a page and waits until it listens for live changes: the page has hydrated and reacts to clicks. */
async function openLive(page: Page, pathname: string) {
  const listening = page.waitForRequest((request) => request.url().includes("/events?topics=products"));
  await page.goto(`${shop.baseURL}${pathname}`);
  await listening;
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a sold-out size and colour says Out of stock, and is marked sold out to the ear and the eye", async ({ page }) => {
  await openLive(page, `/product/${dress.slug}`);
  const main = page.getByRole("main");
  const colours = page.getByRole("group", { name: "Colour" });
  const sizes = page.getByRole("group", { name: "Size" });

  // The spec's defaults stay: the first colour and the first size, here sold out together.
  await expect(colours.getByRole("radio", { name: "Indigo", exact: true })).toBeChecked();
  await expect(sizes.getByRole("radio", { name: "M, sold out" })).toBeChecked();
  await expect(main.getByRole("button", { name: "Out of stock" })).toBeDisabled();
  // To the eye: the sold-out size is struck through, the other is not.
  await expect(sizes.locator("label").filter({ hasText: "M" }).locator("span")).toHaveCSS("text-decoration-line", "line-through");
  await expect(sizes.locator("label").filter({ hasText: "L" }).locator("span")).toHaveCSS("text-decoration-line", "none");
  // Indigo itself is not sold out, as L is left of it (its name says nothing more).
  await expectAccessible(page);

  await sizes.getByRole("radio", { name: "L", exact: true }).check();
  await expect(main.getByRole("button", { name: "Add to Bag" })).toBeEnabled();
  await colours.getByRole("radio", { name: "Ochre" }).check();
  await expect(sizes.getByRole("radio", { name: "L, sold out" })).toBeChecked();
  await expect(main.getByRole("button", { name: "Out of stock" })).toBeDisabled();
  await sizes.getByRole("radio", { name: "M", exact: true }).check();
  await expect(main.getByRole("button", { name: "Add to Bag" })).toBeEnabled();

  // Its structured data has an offer per size and colour, each with its own price and availability.
  const structured = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}") as Record<string, unknown>));
  const product = structured.find((d) => d["@type"] === "Product") as { offers: Record<string, unknown> };
  expect(product.offers).toMatchObject({ "@type": "AggregateOffer", lowPrice: 3000, highPrice: 3200, priceCurrency: "KES", offerCount: 4 });
  expect(product.offers.offers).toEqual([
    expect.objectContaining({ name: "Adire Variant Wrap Dress — M, Indigo", price: 3000, availability: "https://schema.org/OutOfStock" }),
    expect.objectContaining({
      name: "Adire Variant Wrap Dress — L, Indigo",
      price: 3200,
      sku: "ADIRE-L-IND",
      availability: "https://schema.org/InStock",
    }),
    expect.objectContaining({ name: "Adire Variant Wrap Dress — M, Ochre", price: 3000, availability: "https://schema.org/InStock" }),
    expect.objectContaining({ name: "Adire Variant Wrap Dress — L, Ochre", price: 3000, availability: "https://schema.org/OutOfStock" }),
  ]);
});

test("a sale shows the price with the compare-at price struck through, on the card and on the page", async ({ page }) => {
  await page.goto(`${shop.baseURL}/products?q=adire+variant`);
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: "Adire Variant Wrap Dress" }) });
  await expect(card.getByText("Sale", { exact: true })).toBeVisible();
  await expect(card).toContainText("KSH 3,000");
  await expect(card.locator("del")).toHaveText("Was KSH 3,500");
  await expectAccessible(page);

  await page.goto(`${shop.baseURL}/`);
  const homeCard = page.getByRole("article").filter({ has: page.getByRole("link", { name: "Adire Variant Wrap Dress" }) });
  await expect(homeCard.locator("del")).toHaveText("Was KSH 3,500");
  await expect(homeCard.getByText("Sale", { exact: true })).toBeVisible();

  await openLive(page, `/product/${dress.slug}`);
  const main = page.getByRole("main");
  await expect(main.locator("del")).toHaveText("Was KSH 3,500");
  await expect(main.getByText("KSH 3,000", { exact: false }).first()).toBeVisible();
  // L in Indigo has a price of its own and no compare-at price: no sale shown.
  await page.getByRole("group", { name: "Size" }).getByRole("radio", { name: "L", exact: true }).check();
  await expect(main.getByText("KSH 3,200")).toBeVisible();
  await expect(main.locator("del")).toHaveCount(0);
});

test("a variant's own price goes from the bag through checkout and payment to the staff's order details", async ({ page, browser }) => {
  await openLive(page, `/product/${dress.slug}`);
  await page.getByRole("group", { name: "Size" }).getByRole("radio", { name: "L", exact: true }).check();
  const add = page.getByRole("main").getByRole("button", { name: "Add to Bag" });
  await add.click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Bag, 1 item" })).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "Add to Bag" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Bag, 2 items" })).toBeVisible();
  // M in Ochre too, at the dress's price: the bag takes from each variant's own stock.
  await page.getByRole("group", { name: "Colour" }).getByRole("radio", { name: "Ochre" }).check();
  await page.getByRole("group", { name: "Size" }).getByRole("radio", { name: "M", exact: true }).check();
  await page.getByRole("main").getByRole("button", { name: "Add to Bag" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Bag, 3 items" })).toBeVisible();

  await openLive(page, "/cart");
  const lines = page.getByRole("list", { name: "Items in your bag" }).getByRole("listitem");
  const large = lines.filter({ hasText: "Colour: Indigo" });
  const ochre = lines.filter({ hasText: "Colour: Ochre" });
  await expect(large).toContainText("Size: L");
  await expect(large).toContainText("KSH 6,400");
  await expect(ochre).toContainText("KSH 3,000");
  await expect(page.getByRole("region", { name: "Summary" })).toContainText("TotalKSH 9,400");
  // M in Ochre has 2 left, whatever the bag holds of the dress's other variants.
  const increaseOchre = page.getByRole("button", { name: "Increase quantity of Adire Variant Wrap Dress (M, Ochre)" });
  await increaseOchre.click();
  await expect(ochre).toContainText("KSH 6,000");
  await expect(increaseOchre).toBeDisabled();
  await expectAccessible(page);

  // A line holding more than its variant has left names the variant.
  await page.evaluate(
    ([id]) =>
      localStorage.setItem(
        "duka-bag",
        JSON.stringify([
          { productId: id, size: "L", color: "Indigo", quantity: 2 },
          { productId: id, size: "M", color: "Ochre", quantity: 3 },
        ]),
      ),
    [dress.id],
  );
  await page.reload();
  await expect(ochre).toContainText("Only 2 left in M, Ochre");
  await page.getByRole("button", { name: "Decrease quantity of Adire Variant Wrap Dress (M, Ochre)" }).click();
  await expect(ochre).not.toContainText("Only 2 left");

  await page.goto(`${shop.baseURL}/checkout`);
  await hydrated(page);
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).toContainText("L, Indigo");
  await expect(summary).toContainText("KSH 6,400");
  await expect(summary).toContainText("TotalKSH 12,400");
  await page.getByLabel("Full name").fill("Achieng Otieno");
  await page.getByLabel("Address", { exact: true }).fill("Kimathi Street, Nairobi");
  await page.getByLabel("Phone").fill("+254 712 345 678");
  await page.getByRole("radio", { name: "M-Pesa" }).check();
  await page.getByRole("button", { name: "Place Order" }).click();

  await page.waitForURL(/\/payment-instructions\//);
  const orderId = page.url().split("/").pop()!;
  const main = page.getByRole("main");
  await expect(main).toContainText("KSH 12,400");
  await expect(main.getByRole("listitem").filter({ hasText: "Adire Variant Wrap Dress" })).toHaveCount(2);
  await expect(main).toContainText("× 2 (L, Indigo)");
  await expect(main).toContainText("× 2 (M, Ochre)");

  const staff = await browser.newPage({ baseURL: shop.baseURL });
  await signIn(staff, OWNER, shop.baseURL);
  await staff.goto(`${shop.baseURL}/admin/orders?order=${orderId}`);
  const dialog = staff.getByRole("dialog", { name: `Order #${orderId.slice(0, 6)}` });
  await expect(dialog).toContainText("Size: L · Colour: Indigo");
  await expect(dialog).toContainText("2 × KSH 3,200");
  await expect(dialog).toContainText("Size: M · Colour: Ochre");
  await expect(dialog).toContainText("2 × KSH 3,000");
  await staff.close();

  // What the order holds is gone from the page: L in Indigo has 3 left, M in Ochre none.
  await openLive(page, `/product/${dress.slug}`);
  await page.getByRole("group", { name: "Colour" }).getByRole("radio", { name: "Ochre" }).check();
  await expect(page.getByRole("group", { name: "Size" }).getByRole("radio", { name: "M, sold out" })).toBeChecked();
  await expect(page.getByRole("main").getByRole("button", { name: "Out of stock" })).toBeDisabled();
});
