import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { removeDataDir, type ShopServer, startShop } from "./support/shop-server";
import { hydrated } from "./support/page";

const SLIDE_TITLES = ["Handcrafted in Kenya, Made to Be Worn", "Bold Kitenge Prints", "Woven for the Home"];

const dot = (page: Page, n: number) => page.getByRole("button", { name: `Show slide ${n} of 3` });
const slideTitle = (page: Page, n: number) => page.getByRole("heading", { name: SLIDE_TITLES[n - 1] });

/** Slide n is the one shown: its dot is current and only its title is in the accessibility tree. */
async function expectSlide(page: Page, n: number) {
  await expect(dot(page, n)).toHaveAttribute("aria-current", "true");
  await expect(slideTitle(page, n)).toBeVisible();
  for (const other of [1, 2, 3].filter((i) => i !== n)) await expect(slideTitle(page, other)).toHaveCount(0);
}

/** Opens the home page with the clock stopped, once the slides have started turning. */
async function openHomeWithClock(page: Page) {
  const start = new Date("2026-03-02T09:00:00+03:00");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  await page.goto("/");
  await hydrated(page);
  await expectSlide(page, 1);
}

test("the hero turns to the next slide every 5 seconds with a 1-second fade, and wraps around", async ({ page }) => {
  await openHomeWithClock(page);
  await expect(page.getByRole("group", { name: "1 of 3" })).toHaveCSS("transition-duration", "1s");

  await page.clock.runFor(4_900);
  await expectSlide(page, 1);
  await page.clock.runFor(100);
  await expectSlide(page, 2);
  await page.clock.runFor(5_000);
  await expectSlide(page, 3);
  await page.clock.runFor(5_000);
  await expectSlide(page, 1);
});

test("every slide has its title, subtitle and a Shop Now link, and a real picture with alt text", async ({ page, request }) => {
  const html = await (await request.get("/")).text();
  for (const title of SLIDE_TITLES) expect(html).toContain(title);
  // Only the first slide's picture is in the page as sent: the others must not share the first one's bandwidth.
  expect(html.match(/<img[^>]*class="absolute inset-0 size-full object-cover"/g)).toHaveLength(1);

  await page.goto("/");
  const first = page.getByRole("group", { name: "1 of 3" });
  await expect(first.getByText("Modern African fashion, accessories and home decor from independent tailors and artisans.")).toBeVisible();
  await expect(first.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/products");
  const firstPicture = first.getByRole("img", { name: /Kente-style woven stripes/ });
  await expect(firstPicture).toHaveAttribute("loading", "eager");
  await expect(firstPicture).toHaveAttribute("fetchpriority", "high");

  // The other slides wait their turn: hidden from the accessibility tree, their pictures added once the page
  // has loaded, and loaded lazily.
  const later = page.locator('[aria-roledescription="slide"][aria-hidden="true"] img');
  await expect(later).toHaveCount(2);
  for (const picture of await later.all()) {
    await expect(picture).toHaveAttribute("loading", "lazy");
    await expect(picture).toHaveAttribute("alt", /\w/);
  }
});

test("choosing a slide with its dot shows it and stops the slides turning", async ({ page }) => {
  await openHomeWithClock(page);
  await dot(page, 3).click();
  await expectSlide(page, 3);
  await page.clock.runFor(20_000);
  await expectSlide(page, 3);

  await dot(page, 2).click();
  await expectSlide(page, 2);
});

test("focusing anything in the hero stops the slides turning", async ({ page }) => {
  await openHomeWithClock(page);
  await page.getByRole("link", { name: "Shop Now" }).focus();
  await page.clock.runFor(20_000);
  await expectSlide(page, 1);
});

test("a shopper who prefers reduced motion is not shown turning slides", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openHomeWithClock(page);
  await page.clock.runFor(20_000);
  await expectSlide(page, 1);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("arrows step through the slides, both ways around, and stop them turning", async ({ page }) => {
    await openHomeWithClock(page);
    const previous = page.getByRole("button", { name: "Previous slide" });
    const next = page.getByRole("button", { name: "Next slide" });
    await expect(previous).toBeVisible();
    await expect(next).toBeVisible();

    await next.click();
    await expectSlide(page, 2);
    await page.clock.runFor(20_000);
    await expectSlide(page, 2);
    await previous.click();
    await previous.click();
    await expectSlide(page, 3);
    await next.click();
    await expectSlide(page, 1);
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the slides are chosen with dots only: no arrows", async ({ page }) => {
    await page.goto("/");
    await expect(dot(page, 1)).toBeVisible();
    await expect(page.getByRole("button", { name: "Next slide" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Previous slide" })).toBeHidden();
  });
});

test("the home page shows the first 10 products and a link to the whole shop", async ({ page }) => {
  await page.goto("/");
  const collection = page.getByRole("region", { name: "Shop the Collection" });
  await expect(collection.getByRole("listitem")).toHaveCount(10);
  await expect(collection.getByRole("link", { name: "Ankara Wrap Dress" })).toBeVisible();
  await collection.getByRole("link", { name: "View All Products" }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("/#faq opens at the questions, and each answer opens from its question", async ({ page }) => {
  await page.goto("/#faq");
  const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
  await expect(faq.getByRole("heading", { name: "Frequently Asked Questions" })).toBeInViewport();

  const answer = faq.getByText("Standard shipping takes 3-5 business days within Kenya.", { exact: false });
  await expect(answer).toBeHidden();
  await faq.getByText("How long does standard delivery take?").click();
  await expect(answer).toBeVisible();
});

test("/#contact-us opens at the contact details: call, email, visit and follow", async ({ page }) => {
  await page.goto("/#contact-us");
  const contact = page.getByRole("region", { name: "Get in Touch" });
  await expect(contact.getByRole("heading", { name: "Get in Touch" })).toBeInViewport();
  await expect(contact.getByRole("link", { name: "+254 712 345 670" })).toHaveAttribute("href", "tel:+254712345670");
  await expect(contact.getByRole("link", { name: "hello@dukacrafts.co.ke" })).toHaveAttribute("href", "mailto:hello@dukacrafts.co.ke");
  await expect(contact.getByText("Westlands, Nairobi, Kenya")).toBeVisible();
  await expect(contact.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", "https://www.instagram.com/dukacrafts");
});

test("search engines get the shop as an Organization and the questions as an FAQPage", async ({ request }) => {
  const response = await request.get("/");
  const html = await response.text();
  const origin = new URL(response.url()).origin;
  const data = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

  expect(data.find((d) => d["@type"] === "Organization")).toEqual({
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "Duka",
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    sameAs: ["https://www.instagram.com/dukacrafts", "https://www.facebook.com/dukacrafts", "https://www.tiktok.com/@dukacrafts"],
    contactPoint: { "@type": "ContactPoint", telephone: "+254 712 345 670", contactType: "customer service" },
  });
  const faq = data.find((d) => d["@type"] === "FAQPage") as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
  expect(faq.mainEntity).toHaveLength(4);
  expect(faq.mainEntity[0]!.name).toBe("How long does standard delivery take?");
  expect(faq.mainEntity[0]!.acceptedAnswer.text).toContain("3-5 business days");
  expect(html).toContain(`rel="canonical" href="${origin}/"`);
});

test("the home page has no accessibility violations", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test("/about tells Our Story in paragraphs beside its picture", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "Our Story" })).toBeVisible();
  const story = page.getByRole("article");
  await expect(story.getByRole("paragraph")).toHaveCount(3);
  await expect(story.getByRole("paragraph").first()).toContainText("Duka began as a single table at a weekend market in Nairobi");
  const picture = story.locator("img");
  await expect(picture).toHaveAttribute("fetchpriority", "high");
  await expect(picture).toHaveJSProperty("complete", true);
  await expect(page).toHaveTitle("Our Story | Duka");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test.describe("a shop with no hero slides", () => {
  let shop: ShopServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    shop = await startShop({ documents: { settings: { heroSlides: [] } } });
  });
  test.afterAll(async () => {
    await shop.stop();
    removeDataDir(shop.dataDir);
  });

  test("says the hero is not configured, and the rest of the page still works", async ({ page }) => {
    await page.goto(`${shop.baseURL}/`);
    await expect(page.getByText("Hero section content not configured.")).toBeVisible();
    await expect(page.getByRole("button", { name: /Show slide/ })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Shop the Collection" }).getByRole("listitem")).toHaveCount(10);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});
