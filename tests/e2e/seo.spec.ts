import { expect, test } from "@playwright/test";
import { sampleProduct } from "./support/shop";

test("the sitemap lists home, shop, each category, each visible product and the about page", async ({ page, request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.headers()["content-type"]).toContain("application/xml");
  const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(baseURL!, ""));
  expect(locations).toContain("/");
  expect(locations).toContain("/products");
  expect(locations).toContain("/about");
  await page.goto("/");
  const categoryLinks = page.getByRole("navigation", { name: "Shop" }).getByRole("link").filter({ hasNotText: "All Products" });
  await expect(categoryLinks).toHaveCount(4);
  for (const href of await categoryLinks.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
    expect(locations).toContain(href);
  }
  expect(locations.filter((l) => l.startsWith("/product/"))).toHaveLength(10);
});

test("robots.txt keeps the back office and per-shopper pages out and points to the sitemap", async ({ request, baseURL }) => {
  const text = await (await request.get("/robots.txt")).text();
  for (const path of ["/admin", "/cart", "/checkout", "/track", "/payment-instructions", "/orders-by-phone"]) {
    expect(text).toContain(`Disallow: ${path}\n`);
  }
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("every public page has its own title and description, a canonical URL and Open Graph tags", async ({ page, request }) => {
  const product = await sampleProduct(request, "Maasai Beaded Collar Necklace");
  const pages = ["/", "/products", `/product/${product.slug}`, "/about"];
  const titles = new Set<string>();
  for (const path of pages) {
    await page.goto(path);
    const title = await page.title();
    titles.add(title);
    expect(title.length).toBeGreaterThan(10);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`^http://127\\.0\\.0\\.1:\\d+${path.replace(/[?]/g, "\\?")}$`));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveCount(1);
  }
  expect(titles.size).toBe(pages.length);
});

test("a product page's Open Graph image is the product's picture", async ({ page, request }) => {
  const product = await sampleProduct(request, "Maasai Beaded Collar Necklace");
  await page.goto(`/product/${product.slug}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http:\/\/127\.0\.0\.1:\d+\/uploads\/[a-f0-9]{20}\.webp$/);
});
