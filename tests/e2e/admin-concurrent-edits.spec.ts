import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { addStaffMember, signedInRequest } from "./support/staff";

// Two staff members at once (issue 10): a save over a colleague's change is refused and keeps its typing, and
// every change is on record, on the product's page and in the Developers' activity list.

const OWNER = "owner@concurrent.test";
const DEVELOPER = "dev@concurrent.test";
const CHANGED =
  "This product was changed by someone else since you opened it. Your changes are still in the form; reload to see theirs.";
const RUN = Date.now().toString(36);
const ownName = (base: string) => `${base} ${test.info().project.name} ${RUN}`;

test.beforeAll(async () => {
  await addStaffMember(OWNER);
  await addStaffMember(DEVELOPER);
});

async function productOverHttp(baseURL: string, name: string): Promise<string> {
  const staff = await signedInRequest(baseURL, OWNER);
  const saved = await staff.post("/admin/products/new", {
    form: { name, price: "1200", stock: "3", images: "https://example.com/concurrent.jpg", isVisible: "true" },
    headers: { Origin: baseURL },
  });
  expect(saved.status()).toBe(200);
  const list = await (await staff.get(`/admin/products?q=${encodeURIComponent(name)}`)).text();
  await staff.dispose();
  return /\/admin\/products\/edit\/([a-z0-9]+)/.exec(list)![1]!;
}

async function staffPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await signIn(page, email);
  return page;
}

test("two staff members edit one product at once: the second save is refused with the message and keeps its typing", async ({
  browser,
  baseURL,
}) => {
  const name = ownName("Makonde Carved Bowl");
  const id = await productOverHttp(baseURL!, name);
  const owner = await staffPage(browser, OWNER);
  const developer = await staffPage(browser, DEVELOPER);
  for (const page of [owner, developer]) {
    await page.goto(`/admin/products/edit/${id}`);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  }

  await owner.getByLabel("Price (KSH)").fill("1500");
  await owner.getByRole("button", { name: "Update Product" }).click();
  await expect(owner.getByRole("button", { name: "Saved!" })).toBeVisible();

  await developer.getByLabel("Name", { exact: true }).fill(`${name} Large`);
  await developer.getByLabel("Stock").fill("7");
  const update = developer.getByRole("button", { name: "Update Product" });
  await update.click();
  await expect(developer.getByRole("alert").filter({ hasText: CHANGED })).toBeVisible();
  await expect(update).toBeEnabled();
  await expect(developer.getByLabel("Name", { exact: true })).toHaveValue(`${name} Large`);
  await expect(developer.getByLabel("Stock")).toHaveValue("7");

  // Nothing of the refused save was written; the product's history shows the owner's change.
  await developer.reload();
  await expect(developer.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(developer.getByLabel("Price (KSH)")).toHaveValue("1500");
  await expect(developer.getByLabel("Stock")).toHaveValue("3");
  const history = developer.getByRole("list", { name: "History" });
  await expect(history.getByRole("listitem").filter({ hasText: OWNER }).filter({ hasText: "Price: KSH 1,200 → KSH 1,500" })).toBeVisible();

  // A Developer finds the change in the activity list, narrowed to the owner's products.
  await developer.goto("/admin/activity");
  await expect(developer.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
  await developer.getByLabel("Record").selectOption("product");
  await developer.getByLabel("Changed by").selectOption(OWNER);
  await developer.getByRole("button", { name: "Show" }).click();
  await expect(developer).toHaveURL(/entity=product/);
  const entry = developer.getByRole("listitem").filter({ hasText: "Price: KSH 1,200 → KSH 1,500" });
  await expect(entry.getByRole("link", { name: `Product ${name}` })).toHaveAttribute("href", `/admin/products/edit/${id}`);
  expect((await new AxeBuilder({ page: developer }).analyze()).violations).toEqual([]);

  // A Store Owner has no activity list.
  await owner.goto("/admin/activity");
  await expect(owner).toHaveURL(/\/admin\/dashboard$/);

  const staff = await signedInRequest(baseURL!, OWNER);
  await staff.post("/admin/products", { form: { intent: "delete", id }, headers: { Origin: baseURL! } });
  await staff.dispose();
  await owner.context().close();
  await developer.context().close();
});
