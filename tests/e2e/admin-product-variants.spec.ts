import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/page";
import { addStaffMember, signedInRequest } from "./support/staff";

// The product form's Variants grid and compare-at price (issue 22, decision 049). Every test works on products of
// its own, named after the run and the project, and deletes them afterwards.

const OWNER = "owner@variants.test";
const RUN = Date.now().toString(36);
const ownName = (base: string) => `${base} ${test.info().project.name} ${RUN}`;

test.beforeAll(() => addStaffMember(OWNER));

test.afterEach(async ({ baseURL }) => {
  const staff = await signedInRequest(baseURL!, OWNER);
  const list = await (await staff.get(`/admin/products?q=${encodeURIComponent(`${test.info().project.name} ${RUN}`)}`)).text();
  for (const [, id] of list.matchAll(/\/admin\/products\/edit\/([a-z0-9]+)/g)) {
    await staff.post("/admin/products", { form: { intent: "delete", id: id! }, headers: { Origin: baseURL! } });
  }
  await staff.dispose();
});

async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

/** A field by its exact accessible name: the grid's names share words ("Price (M, Indigo)", "Compare-at price (M, Indigo)"). */
const field = (page: Page, name: string) => page.getByLabel(name, { exact: true });
const trackSwitch = (page: Page) => page.getByRole("switch", { name: "Track stock per size and colour" });

async function save(page: Page, label: "Create Product" | "Update Product") {
  await page.getByRole("button", { name: label }).click();
  await expect(page.getByRole("button", { name: "Saved!" })).toBeVisible();
}

async function openSaved(page: Page, name: string) {
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Product", level: 1 })).toBeVisible();
  await hydrated(page);
}

test("the grid follows the sizes and colours typed, totals its stock, warns before dropping stock, and saves", async ({ page }) => {
  const name = ownName("Ankara Wrap Dress");
  await signIn(page, OWNER);
  await page.goto("/admin/products/new");
  await hydrated(page);

  await field(page, "Name").fill(name);
  await field(page, "Price (KSH)").fill("4500");
  await field(page, "Compare-at price").fill("5000");
  await page.getByLabel("Image URLs").fill("https://example.com/ankara-wrap.jpg");
  await page.getByRole("button", { name: "Add URLs" }).click();

  // No sizes or colours: no Variants section.
  await expect(trackSwitch(page)).toHaveCount(0);
  await field(page, "Sizes").fill("M, L");
  await field(page, "Colors").fill("Indigo");
  await expect(trackSwitch(page)).not.toBeChecked();
  await expect(field(page, "Stock (M, Indigo)")).toHaveCount(0);

  // Switched on from the keyboard.
  await trackSwitch(page).focus();
  await page.keyboard.press("Space");
  await expect(trackSwitch(page)).toBeChecked();
  for (const label of ["M, Indigo", "L, Indigo"]) {
    for (const column of ["Stock", "Price", "SKU", "Compare-at price"]) await expect(field(page, `${column} (${label})`)).toBeVisible();
  }
  await expect(page.getByText("A blank price uses the product's price.", { exact: false })).toBeVisible();
  const stock = field(page, "Stock");
  await expect(stock).toHaveAttribute("readonly", "");
  await expect(stock).toHaveValue("0");

  await field(page, "Stock (M, Indigo)").fill("3");
  await field(page, "Stock (L, Indigo)").fill("4");
  await expect(stock).toHaveValue("7");
  await field(page, "Price (L, Indigo)").fill("4800");
  await field(page, "Compare-at price (L, Indigo)").fill("5200");
  await field(page, "SKU (M, Indigo)").fill("AWD-M-IND");

  // A colour added adds its rows; colours cleared leave a row per size; typed values come back with the colour.
  await field(page, "Colors").fill("Indigo, Red");
  await expect(field(page, "Stock (M, Red)")).toHaveValue("0");
  await expect(field(page, "Stock (L, Red)")).toBeVisible();
  await field(page, "Colors").fill("");
  await expect(field(page, "Stock (M)")).toBeVisible();
  await expect(field(page, "Stock (M, Indigo)")).toHaveCount(0);
  await field(page, "Colors").fill("Indigo");
  await expect(field(page, "Stock (M, Indigo)")).toHaveValue("3");
  await expect(stock).toHaveValue("7");
  await expectNoAxeViolations(page);

  await save(page, "Create Product");

  // Reloaded, the form shows what was saved.
  await openSaved(page, name);
  await expect(trackSwitch(page)).toBeChecked();
  await expect(field(page, "Compare-at price")).toHaveValue("5000");
  await expect(field(page, "Stock (M, Indigo)")).toHaveValue("3");
  await expect(field(page, "Stock (L, Indigo)")).toHaveValue("4");
  await expect(field(page, "Price (M, Indigo)")).toHaveValue("");
  await expect(field(page, "Price (L, Indigo)")).toHaveValue("4800");
  await expect(field(page, "Compare-at price (L, Indigo)")).toHaveValue("5200");
  await expect(field(page, "SKU (M, Indigo)")).toHaveValue("AWD-M-IND");
  await expect(field(page, "Stock")).toHaveValue("7");
  await expect(field(page, "Stock")).toHaveAttribute("readonly", "");
  await expectNoAxeViolations(page);

  // Removing a size whose row holds stock says what the save drops.
  await field(page, "Sizes").fill("M");
  await expect(
    page.getByRole("alert").filter({ hasText: "Saving removes these variants and the 4 in stock there: L, Indigo (4)." }),
  ).toBeVisible();
  await expect(field(page, "Stock (L, Indigo)")).toHaveCount(0);
  await expect(field(page, "Stock")).toHaveValue("3");
  await expectNoAxeViolations(page);
  await save(page, "Update Product");

  await openSaved(page, name);
  await expect(field(page, "Sizes")).toHaveValue("M");
  await expect(field(page, "Stock (L, Indigo)")).toHaveCount(0);
  await expect(field(page, "Stock")).toHaveValue("3");
  const history = page.getByRole("list", { name: "History" });
  await expect(history.getByText("Stock (L, Indigo): 4 → —", { exact: true })).toBeVisible();
});

test("switching per-variant stock off leaves the total in the Stock field, to keep or change", async ({ page }) => {
  const name = ownName("Kitenge Shirt");
  await signIn(page, OWNER);
  await page.goto("/admin/products/new");
  await hydrated(page);
  await field(page, "Name").fill(name);
  await field(page, "Price (KSH)").fill("2900");
  await page.getByLabel("Image URLs").fill("https://example.com/kitenge-shirt.jpg");
  await page.getByRole("button", { name: "Add URLs" }).click();
  await field(page, "Colors").fill("Gold, Green");
  await trackSwitch(page).check();
  await field(page, "Stock (Gold)").fill("2");
  await field(page, "Stock (Green)").fill("5");
  await save(page, "Create Product");

  await openSaved(page, name);
  await trackSwitch(page).uncheck();
  await expect(field(page, "Stock (Gold)")).toHaveCount(0);
  const stock = field(page, "Stock");
  await expect(stock).toHaveValue("7");
  await expect(stock).not.toHaveAttribute("readonly", "");
  await expect(page.getByRole("alert").filter({ hasText: "Saving removes the stock per size and colour" })).toBeVisible();
  await expectNoAxeViolations(page);
  await save(page, "Update Product");

  await openSaved(page, name);
  await expect(trackSwitch(page)).not.toBeChecked();
  await expect(field(page, "Stock")).toHaveValue("7");
  await expect(field(page, "Stock")).not.toHaveAttribute("readonly", "");
});
