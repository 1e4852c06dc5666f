import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { addStaffMember, signedInRequest } from "./support/staff";

// Every test works on products of its own, named after the run and the project, and deletes them afterwards:
// the sample products are bought by other specs and stay as they are.

const OWNER = "owner@products.test";
const FIXTURE = path.join(import.meta.dirname, "fixtures", "terracotta.png");
// Another picture: uploads are named by their content, so the same file twice is the same image.
const DROPPED = path.join(import.meta.dirname, "..", "..", "seed", "images", "sisal-wall-basket-set-1.webp");
const REQUIRED = "Please fill out all required fields: Name, Price, and at least one Image.";
const INVALID_URLS = "Some URLs were invalid and have been skipped.";
const SAVE_FAILED = "Failed to save product. Please try again.";
const RUN = Date.now().toString(36);
const START = new Date("2025-06-02T09:00:00+03:00");

/** The product.md §3 slug rule's name part, as the tests see it. */
const slugPrefix = (name: string) =>
  name
    .toLowerCase()
    .replace(/\W+/g, "-")
    .replace(/^-+|-+$/g, "");

const ownName = (base: string) => `${base} ${test.info().project.name} ${RUN}`;

test.beforeAll(() => addStaffMember(OWNER));

/** Deletes every product this run made in this project, through the shop's own delete action. */
test.afterEach(async ({ baseURL }) => {
  const staff = await signedInRequest(baseURL!, OWNER);
  const list = await (await staff.get(`/admin/products?q=${encodeURIComponent(`${test.info().project.name} ${RUN}`)}`)).text();
  for (const [, id] of list.matchAll(/\/admin\/products\/edit\/([a-z0-9]+)/g)) {
    await staff.post("/admin/products", { form: { intent: "delete", id: id! }, headers: { Origin: baseURL! } });
  }
  await staff.dispose();
});

/** Adds a product with a plain form post (no category, so the list shows 'N/A'); returns its id and slug. */
async function productOverHttp(baseURL: string, name: string) {
  const staff = await signedInRequest(baseURL, OWNER);
  const saved = await staff.post("/admin/products/new", {
    form: { name, price: "1200", stock: "3", images: "https://example.com/own-product.jpg", isVisible: "true" },
    headers: { Origin: baseURL },
  });
  expect(saved.status()).toBe(200);
  const list = await (await staff.get(`/admin/products?q=${encodeURIComponent(name)}`)).text();
  const id = /\/admin\/products\/edit\/([a-z0-9]+)/.exec(list)![1]!;
  const sitemap = await (await staff.get("/sitemap.xml")).text();
  const slug = new RegExp(`/product/(${slugPrefix(name)}-\\d+)<`).exec(sitemap)![1]!;
  await staff.dispose();
  return { id, slug };
}

async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

const imageNames = (page: Page) => page.getByRole("list", { name: "Product images" }).getByRole("listitem");

test("staff add a product with every field; the shop shows it as entered", async ({ page }) => {
  const name = ownName("Zuri Woven Tote");
  await page.clock.install({ time: START });
  await signIn(page, OWNER);
  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: /Ankara Wrap Dress/ })).toContainText("Dresses");
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Add Product" }).click();
  await expect(page.getByRole("heading", { name: "Add Product", level: 1 })).toBeVisible();
  // A new product starts visible, at price 0 and stock 0, in the first category.
  await expect(page.getByLabel("Category").locator("option:checked")).toHaveText("Dresses");
  await expect(page.getByLabel("Price (KSH)")).toHaveValue("0");
  await expect(page.getByLabel("Stock")).toHaveValue("0");
  await expect(page.getByRole("checkbox", { name: "Visible" })).toBeChecked();
  await expect(page.getByText("Images hosted on Google Drive must be shared as ‘Anyone with the link’.", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Category").selectOption({ label: "Accessories" });
  await page.getByLabel("Price (KSH)").fill("3500");
  await page.getByLabel("Stock").fill("7");
  await page.getByLabel("Material").fill("Sisal");
  await page.getByLabel("Cultural inspiration").fill("Kamba weaving");
  await page.getByLabel("Description").fill("A roomy tote woven by hand.");
  await page.getByLabel("Details").fill("Hand-woven, Leather handles");
  // A comma typed at the end stays while typing; blanks are dropped when saved.
  const sizes = page.getByLabel("Sizes");
  await sizes.pressSequentially("Small,");
  await expect(sizes).toHaveValue("Small,");
  await sizes.pressSequentially(" Large, ");
  await expect(sizes).toHaveValue("Small, Large, ");
  await page.getByLabel("Colors").fill("Natural, , Indigo,");
  await page.getByRole("checkbox", { name: "Bestseller" }).check();
  await page.getByRole("checkbox", { name: "New arrival" }).check();

  // Pasted URLs: the invalid one is skipped, with the spec's message.
  await page.getByLabel("Image URLs").fill("https://example.com/zuri-1.jpg\nnot a url\nhttps://example.com/zuri-2.jpg");
  await page.getByRole("button", { name: "Add URLs" }).click();
  await expect(page.getByRole("alert").filter({ hasText: INVALID_URLS })).toBeVisible();
  await expect(imageNames(page)).toHaveCount(2);
  await expect(page.getByLabel("Image URLs")).toHaveValue("");

  // An upload joins the end of the list.
  await page.getByLabel("Upload images").setInputFiles(FIXTURE);
  await expect(imageNames(page)).toHaveCount(3);
  await expect(imageNames(page).nth(2)).toContainText(/\/uploads\/[a-z0-9]+\.webp/);

  // A dropped image uploads too, its progress shown until the server has it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/upload", async (route) => {
    await held;
    await route.continue();
  });
  const dropped = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], "basket.webp", { type: "image/webp" }));
    return transfer;
  }, [...readFileSync(DROPPED)]);
  await page.getByText("or drop images here", { exact: false }).dispatchEvent("drop", { dataTransfer: dropped });
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  release();
  await expect(imageNames(page)).toHaveCount(4);
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toHaveCount(0);
  await page.unroute("**/admin/upload");
  await page.getByRole("button", { name: "Remove image 4" }).click();
  await expect(imageNames(page)).toHaveCount(3);

  // Reordered from the keyboard: focus stays with the image as it moves up to be the main one.
  await page.getByRole("button", { name: "Move image 3 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Move image 2 up" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Move image 1 down" })).toBeFocused();
  await expect(imageNames(page).nth(0)).toContainText("/uploads/");
  await expect(imageNames(page).nth(1)).toContainText("zuri-1.jpg");
  await page.getByRole("button", { name: "Remove image 3" }).click();
  await expect(imageNames(page)).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Remove image 2" })).toBeFocused();

  // 'Saved!', then back to the list after 2 s.
  await page.clock.pauseAt(new Date(START.getTime() + 10 * 60_000));
  await page.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByRole("button", { name: "Saved!" })).toBeDisabled();
  await page.clock.runFor(1_900);
  await expect(page).toHaveURL("/admin/products/new");
  await page.clock.runFor(200);
  await expect(page).toHaveURL("/admin/products");

  await page.getByLabel("Search products by name").fill(name);
  await page.getByLabel("Search products by name").press("Enter");
  await expect(page).toHaveURL(/\?q=/);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByRole("cell")).toHaveText([name, "Accessories", "KSH 3,500", "7", "", ""]);
  await expect(row.getByRole("switch", { name: `Visible: ${name}` })).toHaveAttribute("aria-checked", "true");

  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  await page
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/product/${slugPrefix(name)}-\\d+$`));
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("KSH 3,500").first()).toBeVisible();
  await expect(page.getByText("A roomy tote woven by hand.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: /^(Hand-woven|Leather handles)$/ })).toHaveText([
    "Hand-woven",
    "Leather handles",
  ]);
  const choices = (group: string) =>
    page
      .getByRole("group", { name: group })
      .getByRole("radio")
      .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value));
  expect(await choices("Colour")).toEqual(["Natural", "Indigo"]);
  expect(await choices("Size")).toEqual(["Small", "Large"]);
  await expect(page.getByRole("img", { name: `${name}, image 1 of 2` })).toHaveAttribute("src", /\/uploads\//);
});

test("the form asks for what is missing, and a save that fails keeps what was typed", async ({ page, baseURL }) => {
  await signIn(page, OWNER);
  await page.goto("/admin/products/new");
  const create = page.getByRole("button", { name: "Create Product" });
  await create.click();
  await expect(page.getByRole("alert").filter({ hasText: REQUIRED })).toBeVisible();
  await expect(create).toBeEnabled();

  // URLs left in the paste box are read on save: here none is valid, so there is still no image.
  await page.getByLabel("Name", { exact: true }).fill(ownName("Imani Clay Bowl"));
  await page.getByLabel("Price (KSH)").fill("850");
  await page.getByLabel("Image URLs").fill("bowl.jpg");
  await create.click();
  await expect(page.getByRole("alert").filter({ hasText: REQUIRED })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: INVALID_URLS })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(ownName("Imani Clay Bowl"));

  // The product is deleted by someone else while it is being edited.
  const name = ownName("Imani Vase");
  const { id } = await productOverHttp(baseURL!, name);
  await page.goto(`/admin/products/edit/${id}`);
  await expect(page.getByRole("heading", { name: "Edit Product", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Category").locator("option:checked")).toHaveText("No category");
  await expectNoAxeViolations(page);
  await page.getByLabel("Name", { exact: true }).fill(`${name} Tall`);
  await page.getByLabel("Sizes").fill("One Size,");
  const staff = await signedInRequest(baseURL!, OWNER);
  await staff.post("/admin/products", { form: { intent: "delete", id }, headers: { Origin: baseURL! } });
  await staff.dispose();
  const update = page.getByRole("button", { name: "Update Product" });
  await update.click();
  await expect(page.getByRole("alert").filter({ hasText: SAVE_FAILED })).toBeVisible();
  await expect(update).toBeEnabled();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`${name} Tall`);
  await expect(page.getByLabel("Sizes")).toHaveValue("One Size,");

  const missing = await page.goto(`/admin/products/edit/${id}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("Product not found.")).toBeVisible();
});

test("the switch hides a product from the shop; a renamed product's old address moves; delete asks first", async ({ page, baseURL }) => {
  const name = ownName("Baraka Beaded Belt");
  const { id, slug } = await productOverHttp(baseURL!, name);
  await signIn(page, OWNER);
  await page.goto("/admin/products");
  await page.getByLabel("Search products by name").fill(name.toUpperCase());
  await page.getByRole("button", { name: "Search products" }).click();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByRole("cell").nth(1)).toHaveText("N/A");
  await expect(page.getByRole("row")).toHaveCount(2);

  const visible = page.getByRole("switch", { name: `Visible: ${name}` });
  await expect(visible).toHaveAttribute("aria-checked", "true");
  await visible.click();
  await expect(visible).toHaveAttribute("aria-checked", "false");
  const shop = await page.context().newPage();
  await shop.goto(`/products?q=${encodeURIComponent(name)}`);
  await expect(shop.getByText("No Products Found")).toBeVisible();
  await page.reload();
  await expect(visible).toHaveAttribute("aria-checked", "false");
  await visible.click();
  await expect(visible).toHaveAttribute("aria-checked", "true");
  await shop.reload();
  await expect(shop.getByRole("link", { name: new RegExp(name) }).first()).toBeVisible();

  // Renamed: the old address answers 301 with the new one.
  const renamed = `${name} Deluxe`;
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await page.getByLabel("Name", { exact: true }).fill(renamed);
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByRole("button", { name: "Saved!" })).toBeVisible();
  await expect(page).toHaveURL("/admin/products");
  const moved = await page.request.get(`/product/${slug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/product/${slugPrefix(renamed)}-${id}`);
  await shop.goto(`/product/${slug}`);
  await expect(shop).toHaveURL(`/product/${slugPrefix(renamed)}-${id}`);
  await expect(shop.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
  await shop.close();

  // Deleted only after confirming.
  await page.getByLabel("Search products by name").fill(renamed);
  await page.getByLabel("Search products by name").press("Enter");
  await page.getByRole("button", { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete product" });
  await expect(confirm).toContainText(renamed);
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("row", { name: new RegExp(renamed) })).toBeVisible();
  await page.getByRole("button", { name: `Delete ${renamed}` }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("No products found.")).toBeVisible();

  await page.goto("/admin/products?q=zzqx-no-such-product");
  await expect(page.getByText("No products found.")).toBeVisible();
  await expectNoAxeViolations(page);
});
