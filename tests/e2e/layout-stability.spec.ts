import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./support/page";

// A mid-range phone, as Lighthouse's mobile run has it.
test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

declare global {
  interface Window {
    layoutShifts: number[];
  }
}

/**
 * Measures pages opened with their web font held back until the page is up and running (the worst case on a
 * slow phone network: the font arrives after the first paint), then let through. Each measurement is how far
 * the page moved: the sum of its layout shifts, as CLS counts them.
 */
async function watchMovement(page: Page): Promise<(path: string) => Promise<number>> {
  let fontsHeld = Promise.resolve();
  await page.route(/\.woff2$/, async (route) => {
    await fontsHeld;
    await route.continue();
  });
  await page.addInitScript(() => {
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) window.layoutShifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  return async (path) => {
    let releaseFonts = () => {};
    fontsHeld = new Promise<void>((resolve) => (releaseFonts = resolve));
    await page.goto(path, { waitUntil: "commit" });
    await hydrated(page);
    releaseFonts();
    await page.evaluate(async () => {
      await document.fonts.ready;
      // Two frames, so a layout the font caused is painted and reported.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    return page.evaluate(() => window.layoutShifts.reduce((sum, shift) => sum + shift, 0));
  };
}

test("no product page moves while it loads, even when the heading font arrives late", async ({ page }) => {
  // The Kiondo Sisal Handbag's breadcrumb took two lines in the fallback face and one in the web font, and
  // moved the whole page (issue 10); every sample product is checked, since which one wraps depends on its name.
  await page.goto("/products");
  const links = page.getByRole("region", { name: "Products" }).getByRole("article").getByRole("link");
  const paths = await links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(paths.some((path) => path.startsWith("/product/kiondo-sisal-handbag"))).toBe(true);
  const movement = await watchMovement(page);
  for (const path of paths) expect(await movement(path), path).toBeLessThanOrEqual(0.01);
});

test("the home page and the shop do not move while they load", async ({ page }) => {
  const movement = await watchMovement(page);
  for (const path of ["/", "/products"]) expect(await movement(path), path).toBeLessThanOrEqual(0.01);
});

test("a page's main picture is fetched first and its scripts after it", async ({ page }) => {
  await page.goto("/products");
  const pictures = page.getByRole("region", { name: "Products" }).getByRole("img");
  await expect(pictures.first()).toHaveAttribute("fetchpriority", "high");
  await expect(pictures.first()).toHaveAttribute("loading", "eager");
  await expect(pictures.nth(1)).toHaveAttribute("loading", "lazy");

  await page.getByRole("link", { name: "Kiondo Sisal Handbag" }).click();
  const main = page.getByRole("img", { name: "Kiondo Sisal Handbag, image 1 of 2" });
  await expect(main).toHaveAttribute("fetchpriority", "high");
  await expect(main).toHaveAttribute("loading", "eager");

  // The page works before its JavaScript arrives, so the script preloads yield to the stylesheet and picture.
  const response = await page.request.get(page.url());
  const preloads = (await response.text()).match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  expect(preloads.length).toBeGreaterThan(0);
  for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');
});
