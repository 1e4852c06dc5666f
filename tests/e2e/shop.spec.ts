import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";

// The sample shop (product.md §3): 10 products in 4 categories, priced from KSH 1,200 to KSH 8,500.
const EVERY_SAMPLE_PRODUCT = 10;

const isPhone = (page: Page) => page.viewportSize()!.width < 1024;

/** The names of the products the grid shows, in order. */
const productNames = (page: Page) =>
  page.getByRole("region", { name: "Products" }).getByRole("article").getByRole("heading").allTextContents();

/** The shop's own link to a category, from the footer, as a shopper would follow it. */
async function categoryId(page: Page, name: string) {
  const href = await page.getByRole("contentinfo").getByRole("link", { name, exact: true }).getAttribute("href");
  return new URL(href!, "http://shop").searchParams.get("categoryId")!;
}

/** The page is interactive: the phone 'Filters' link has become a button that opens the drawer. */
async function hydrated(page: Page) {
  await expect(page.getByRole("button", { name: /^Filters/, includeHidden: true })).toBeAttached();
}

/** The filters as a shopper reaches them: the sidebar on a desktop, the drawer on a phone. */
async function openFilters(page: Page): Promise<Locator> {
  await hydrated(page);
  if (!isPhone(page)) return page.getByRole("complementary", { name: "Filters" });
  await page.getByRole("button", { name: /^Filters/ }).click();
  const drawer = page.getByRole("dialog", { name: "Filters" });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** Fake timers that move only when the test says (Playwright's clock otherwise keeps ticking). */
const START = new Date("2025-06-02T09:00:00+03:00");
async function stopTheClock(page: Page) {
  await page.clock.pauseAt(new Date(START.getTime() + 60_000));
}

const applyButton = (filters: Locator) => filters.getByRole("button", { name: /^(Apply|Show \d+ Results?)$/ });

test.describe("the shop's address is the truth", () => {
  test("filters in the address choose the products, and the page says how many", async ({ page }) => {
    await page.goto("/products");
    await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "products" })).toHaveText(`${EVERY_SAMPLE_PRODUCT} products`);
    expect(await productNames(page)).toHaveLength(EVERY_SAMPLE_PRODUCT);

    const dresses = await categoryId(page, "Dresses");
    await page.goto(`/products?categoryId=${dresses}`);
    await expect(page.getByRole("heading", { level: 1, name: "Dresses" })).toBeVisible();
    expect(await productNames(page)).toEqual(["Ankara Wrap Dress", "Kente-Stripe Maxi Dress", "Bogolan Shift Dress"]);

    await page.goto("/products?size=M&maxPrice=6000");
    expect(await productNames(page)).toEqual(["Ankara Wrap Dress", "Kitenge Short-Sleeve Shirt", "Kikoi Stripe Linen Shirt"]);

    await page.goto(`/products?color=${encodeURIComponent("Terracotta")}&material=${encodeURIComponent("Cotton")}`);
    expect(await productNames(page)).toEqual(["Kanga Cotton Head Wrap"]);
  });

  test("a page past the last one leads to the last page, filters kept", async ({ page }) => {
    await page.goto("/products?size=M&page=7");
    await expect(page).toHaveURL(/\/products\?size=M$/);
    expect(await productNames(page)).toHaveLength(5);
  });

  test("the search matches a name or a description, whatever the case", async ({ page }) => {
    await page.goto("/products?q=WEDDING");
    expect(await productNames(page)).toEqual(["Ankara Wrap Dress", "Kitenge Short-Sleeve Shirt"]);
    await expect(page.getByText("2 products for “WEDDING”")).toBeVisible();
    await expect(page).toHaveTitle("Search results for “WEDDING” | Shop | Duka");
  });

  test("only the first product's picture loads eagerly", async ({ page }) => {
    await page.goto("/products");
    const pictures = page.getByRole("region", { name: "Products" }).getByRole("img");
    await expect(pictures.first()).toHaveAttribute("loading", "eager");
    await expect(pictures.first()).toHaveAttribute("fetchpriority", "high");
    await expect(pictures.nth(1)).toHaveAttribute("loading", "lazy");
  });

  test("nothing matches: 'No Products Found'", async ({ page }) => {
    await page.goto("/products?q=no+such+thing&maxPrice=10");
    await expect(page.getByRole("heading", { name: "No Products Found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your filters to find what you're looking for.")).toBeVisible();
    await expect(page.getByText("0 products")).toBeVisible();
    expect(await productNames(page)).toEqual([]);
  });

  test("a category page has its own title, description and canonical address", async ({ page, baseURL }) => {
    await page.goto("/products");
    const accessories = await categoryId(page, "Accessories");
    await page.goto(`/products?categoryId=${accessories}&size=One+Size&q=bead`);
    await expect(page).toHaveTitle("Search results for “bead” | Accessories | Shop | Duka");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/products?categoryId=${accessories}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Accessories: handcrafted African accessories/);

    await page.goto("/products?size=M");
    await expect(page).toHaveTitle("Shop | Duka");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/products`);
  });
});

test.describe("filtering through the form", () => {
  test("a shopper chooses filters and applies them; the address keeps only what was chosen", async ({ page }) => {
    await page.goto("/products");
    const filters = await openFilters(page);
    await filters.getByLabel("Category").selectOption({ label: "Dresses" });
    await filters.getByLabel("Size").selectOption("M");
    await expect(filters.getByText("Any price")).toBeVisible();
    await filters.getByLabel("Max price").fill("6000");
    await expect(filters.getByText("Up to KSH 6,000")).toBeVisible();
    await applyButton(filters).click();

    await expect(page).toHaveURL(/\/products\?categoryId=[a-z0-9]+&maxPrice=6000&size=M$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dresses" })).toBeVisible();
    expect(await productNames(page)).toEqual(["Ankara Wrap Dress"]);
  });

  test("the price slider runs to the dearest product, and at its top there is no cap", async ({ page }) => {
    await page.goto("/products?maxPrice=1200");
    expect(await productNames(page)).toEqual(["Kanga Cotton Head Wrap"]);
    const filters = await openFilters(page);
    const slider = filters.getByLabel("Max price");
    await expect(slider).toHaveAttribute("min", "0");
    await expect(slider).toHaveAttribute("max", "8500");
    await expect(slider).toHaveValue("1200");
    await expect(filters.getByText("Up to KSH 1,200")).toBeVisible();
    await slider.fill("8500");
    await expect(filters.getByText("Any price")).toBeVisible();
    await applyButton(filters).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect.poll(() => productNames(page)).toHaveLength(EVERY_SAMPLE_PRODUCT);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a shopper filters and searches with the plain form", async ({ page }) => {
    await page.goto("/products");
    if (isPhone(page)) await page.getByRole("link", { name: /^Filters/ }).click();
    const filters = page.getByRole("complementary", { name: "Filters" });
    await filters.getByLabel("Category").selectOption({ label: "Dresses" });
    await filters.getByLabel("Size").selectOption("M");
    await filters.getByLabel("Max price").fill("6000");
    await filters.getByRole("button", { name: "Apply" }).click();

    await expect(page).toHaveURL(/categoryId=[a-z0-9]+/);
    await expect(page).toHaveURL(/size=M/);
    await expect(page.getByRole("heading", { level: 1, name: "Dresses" })).toBeVisible();
    expect(await productNames(page)).toEqual(["Ankara Wrap Dress"]);

    await page.goto("/products");
    if (isPhone(page)) await page.getByRole("link", { name: /^Filters/ }).click();
    const search = page.getByRole("complementary", { name: "Filters" }).getByLabel("Search", { exact: true });
    await search.fill("kiondo");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=kiondo/);
    expect(await productNames(page)).toEqual(["Kiondo Sisal Handbag"]);
  });

  test("the product grid is in the page the server sends", async ({ page }) => {
    await page.goto("/products?q=kitenge");
    expect(await productNames(page)).toEqual(["Ankara Wrap Dress", "Kitenge Short-Sleeve Shirt"]);
  });
});

test.describe("the filter drawer on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("'Show N Results' counts the draft on the server 300 ms after the last change; Clear All resets it", async ({ page }) => {
    const counts: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/shop/count")) counts.push(new URL(request.url()).search);
    });
    await page.clock.install({ time: START });
    await page.goto("/products");
    await expect(page.getByRole("complementary", { name: "Filters" })).toBeHidden();
    const drawer = await openFilters(page);
    await stopTheClock(page);
    const show = drawer.getByRole("button", { name: /^Show \d+ Results?$/ });
    await expect(show).toHaveText("Show 10 Results");

    await drawer.getByLabel("Category").selectOption({ label: "Dresses" });
    await page.clock.runFor(299);
    expect(counts).toEqual([]);
    await expect(show).toHaveText("Show 10 Results");
    await page.clock.runFor(1);
    await expect(show).toHaveText("Show 3 Results");
    expect(counts).toHaveLength(1);

    // Changes in quick succession cost one count, of the last draft.
    await drawer.getByLabel("Size").selectOption("M");
    await page.clock.runFor(200);
    await drawer.getByLabel("Colour").selectOption("Terracotta");
    await page.clock.runFor(299);
    expect(counts).toHaveLength(1);
    await page.clock.runFor(1);
    await expect(show).toHaveText("Show 1 Result");
    expect(counts).toHaveLength(2);
    expect(counts[1]).toMatch(/size=M&color=Terracotta/);

    await drawer.getByRole("button", { name: "Clear All" }).click();
    await expect(drawer.getByLabel("Category")).toHaveValue("");
    await expect(drawer.getByLabel("Colour")).toHaveValue("");
    await page.clock.runFor(300);
    await expect(show).toHaveText("Show 10 Results");

    // The drafts were never applied.
    await expect(page).toHaveURL(/\/products$/);
    await expect.poll(() => productNames(page)).toHaveLength(EVERY_SAMPLE_PRODUCT);
  });

  test("a count still on its way when the draft changes is dropped", async ({ page }) => {
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let seen = 0;
    await page.route("**/shop/count?*", async (route) => {
      if (++seen === 1) await firstHeld;
      await route.continue().catch(() => {}); // the browser may have cancelled it already
    });
    await page.clock.install({ time: START });
    await page.goto("/products");
    const drawer = await openFilters(page);
    await stopTheClock(page);
    const show = drawer.getByRole("button", { name: /^Show \d+ Results?$/ });

    await drawer.getByLabel("Category").selectOption({ label: "Men's Wear" });
    await page.clock.runFor(300);
    await expect.poll(() => seen).toBe(1);
    await drawer.getByLabel("Category").selectOption({ label: "Dresses" });
    await page.clock.runFor(300);
    await expect(show).toHaveText("Show 3 Results");
    releaseFirst();
    await page.clock.runFor(1_000);
    await expect(show).toHaveText("Show 3 Results");
  });

  test("'Show N Results' applies the draft and closes the drawer; Escape closes it without applying", async ({ page }) => {
    await page.clock.install({ time: START });
    await page.goto("/products");
    await stopTheClock(page);
    let drawer = await openFilters(page);
    await drawer.getByLabel("Category").selectOption({ label: "Home Decor" });
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("button", { name: /^Filters/ })).toBeFocused();
    await expect(page).toHaveURL(/\/products$/);

    drawer = await openFilters(page);
    await expect(drawer.getByLabel("Category")).toHaveValue("");
    await drawer.getByLabel("Category").selectOption({ label: "Home Decor" });
    await page.clock.runFor(300);
    await drawer.getByRole("button", { name: "Show 2 Results" }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/products\?categoryId=[a-z0-9]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Home Decor" })).toBeVisible();
    expect(await productNames(page)).toEqual(["Adinkra-Inspired Cushion Cover", "Sisal Wall Basket Set"]);
    await expect(page.getByRole("button", { name: /^Filters\s*1 applied$/ })).toBeVisible();
  });
});

test.describe("search suggestions", () => {
  test("appear from 2 characters, at most 5, and work from the keyboard", async ({ page }) => {
    await page.goto("/products");
    const filters = await openFilters(page);
    const search = filters.getByRole("combobox", { name: "Search" });
    const list = filters.getByRole("listbox", { name: "Search suggestions" });

    await search.pressSequentially("k");
    await expect(search).toHaveAttribute("aria-expanded", "false");
    await search.pressSequentially("i");
    await expect(list).toBeVisible();
    await expect(search).toHaveAttribute("aria-expanded", "true");
    await expect(search).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
    const options = list.getByRole("option");
    expect(await options.count()).toBeLessThanOrEqual(5);

    await search.pressSequentially("ondo");
    await expect(options).toHaveText(["Kiondo Sisal Handbag", "Kiondo sisal baskets (Kamba)"]);
    await expect(search).not.toHaveAttribute("aria-activedescendant");

    await search.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(search).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
    await search.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
    await search.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await search.press("ArrowUp");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");

    // Escape closes the list only: on a phone the drawer stays open.
    await search.press("Escape");
    await expect(list).toBeHidden();
    await expect(search).toHaveAttribute("aria-expanded", "false");
    await expect(search).toBeFocused();
    await expect(filters).toBeVisible();

    await search.press("ArrowDown");
    await expect(list).toBeVisible();
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/products\?q=Kiondo\+Sisal\+Handbag$/);
    expect(await productNames(page)).toEqual(["Kiondo Sisal Handbag"]);
    if (!isPhone(page)) await expect(search).toHaveValue("Kiondo Sisal Handbag");
  });
});

test.describe("accessibility", () => {
  const violations = async (page: Page) => (await new AxeBuilder({ page }).analyze()).violations;

  test("the shop has no axe violations", async ({ page }) => {
    await page.goto("/products");
    await hydrated(page);
    expect(await violations(page)).toEqual([]);
  });

  test("the empty shop, the open drawer and the suggestions have no axe violations", async ({ page }) => {
    await page.goto("/products?q=nothing+like+this");
    await hydrated(page);
    expect(await violations(page)).toEqual([]);

    await page.goto("/products");
    const filters = await openFilters(page);
    await filters.getByRole("combobox", { name: "Search" }).pressSequentially("sisal");
    await expect(filters.getByRole("listbox")).toBeVisible();
    await filters.getByRole("combobox", { name: "Search" }).press("ArrowDown");
    expect(await violations(page)).toEqual([]);
  });
});
