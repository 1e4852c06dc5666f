import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { placeOrderOverHttp } from "./support/shop";
import { addStaffMember, signedInRequest } from "./support/staff";

const OWNER = "owner@search.test";
const DEVELOPER = "dev@search.test";
const FIXTURE = path.join(import.meta.dirname, "fixtures", "terracotta.png");

test.beforeAll(async () => {
  await addStaffMember(OWNER);
  await addStaffMember(DEVELOPER, "developer");
});

test("the search overlay finds products, orders, riders and pages, and is worked by keyboard", async ({ page, request }) => {
  const client = `Search Client ${test.info().project.name}`;
  const order = await placeOrderOverHttp(request, {
    productName: "Kanga Cotton Head Wrap",
    size: "One Size",
    color: "Terracotta",
    name: client,
  });
  await signIn(page, OWNER);

  await page.getByRole("button", { name: "Search" }).click();
  const overlay = page.getByRole("dialog", { name: "Search" });
  const box = overlay.getByRole("combobox", { name: "Search the admin panel" });
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute("placeholder", "Search for products, orders, pages...");
  await expect(overlay.getByText("Start typing to search across the admin panel.")).toBeVisible();
  await box.fill("k");
  await expect(overlay.getByText("Start typing to search across the admin panel.")).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await box.fill("kanga");
  const products = overlay.getByRole("group", { name: "Products" });
  await expect(products.getByRole("option", { name: /Kanga Cotton Head Wrap/ })).toBeVisible();
  await box.fill(client);
  await expect(overlay.getByRole("group", { name: "Orders" }).getByRole("option")).toContainText(
    `Order #${order.orderId.slice(0, 6)} - ${client}`,
  );
  await box.fill("brian");
  await expect(overlay.getByRole("group", { name: "Riders" }).getByRole("option")).toContainText("+254712345678");
  await box.fill("zzqx");
  await expect(overlay.getByText('No results found for "zzqx".')).toBeVisible();

  // An owner never sees developer pages among the matches.
  await box.fill("or");
  await expect(overlay.getByRole("group", { name: "Admin Pages" }).getByRole("option")).toHaveText([
    "Reports",
    "SEO Report",
    "Orders",
    "Categories",
  ]);

  // Arrow keys move through the results (round the end), Enter opens the chosen one.
  await box.fill("report");
  const pages = overlay.getByRole("group", { name: "Admin Pages" });
  await expect(pages.getByRole("option")).toHaveText(["Reports", "SEO Report"]);
  await expect(pages.getByRole("option", { name: "Reports" })).toHaveAttribute("aria-selected", "true");
  await box.press("ArrowDown");
  await expect(pages.getByRole("option", { name: "SEO Report" })).toHaveAttribute("aria-selected", "true");
  await box.press("ArrowDown");
  await expect(pages.getByRole("option", { name: "Reports" })).toHaveAttribute("aria-selected", "true");
  await box.press("ArrowUp");
  await expect(pages.getByRole("option", { name: "SEO Report" })).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", "page-/admin/seo-report");
  await box.press("Enter");
  await expect(page).toHaveURL("/admin/seo-report");
  await expect(overlay).toBeHidden();

  // Ctrl+K (Cmd+K on a Mac) opens it from anywhere; Escape closes it.
  for (const shortcut of ["Control+k", "Meta+k"]) {
    await page.keyboard.press(shortcut);
    await expect(overlay, shortcut).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(overlay, shortcut).toBeHidden();
  }
});

test("one press of Escape closes the overlay while it shows results, and it opens again empty", async ({ page }) => {
  await signIn(page, OWNER);
  const opener = page.getByRole("button", { name: "Search" });
  const overlay = page.getByRole("dialog", { name: "Search" });
  const box = overlay.getByRole("combobox", { name: "Search the admin panel" });
  for (const [text, shown] of [
    ["report", overlay.getByRole("option", { name: "Reports" })],
    ["zzqx", overlay.getByText('No results found for "zzqx".')],
  ] as const) {
    await opener.click();
    await box.fill(text);
    await expect(shown).toBeVisible();
    await box.press("Escape");
    await expect(overlay, text).toBeHidden();
    await expect(opener).toBeFocused();
  }
  await page.keyboard.press("Control+k");
  await expect(box).toHaveValue("");
});

test("a developer's search includes the developer pages; results are refused signed out", async ({ page, request }) => {
  await signIn(page, DEVELOPER);
  await page.keyboard.press("Control+k");
  const overlay = page.getByRole("dialog", { name: "Search" });
  await overlay.getByRole("combobox").fill("settings");
  await overlay.getByRole("option", { name: "Site Settings" }).click();
  await expect(page).toHaveURL("/admin/settings");

  const signedOut = await request.get("/admin/search?q=kanga", { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers().location).toContain("/admin/login");
});

test("staff upload an image: it is stored as WebP in every width; other files are refused", async ({ baseURL }) => {
  const staff = await signedInRequest(baseURL!, OWNER);
  const upload = (name: string, mimeType: string, buffer: Buffer) =>
    staff.post("/admin/upload", { multipart: { image: { name, mimeType, buffer } }, headers: { Origin: baseURL! } });

  const stored = await upload("terracotta.png", "image/png", readFileSync(FIXTURE));
  expect(stored.status()).toBe(200);
  const { url } = (await stored.json()) as { url: string };
  expect(url).toMatch(/^\/uploads\/[a-z0-9]+\.webp$/);
  for (const variant of [url, url.replace(".webp", "-320.webp"), url.replace(".webp", "-640.webp")]) {
    const image = await staff.get(variant);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
  }

  const refused = await upload("notes.txt", "text/plain", Buffer.from("not an image"));
  expect(refused.status()).toBe(415);
  expect(await refused.json()).toMatchObject({ error: "Failed to upload image." });

  const crossSite = await staff.post("/admin/upload", {
    multipart: { image: { name: "a.png", mimeType: "image/png", buffer: readFileSync(FIXTURE) } },
    headers: { Origin: "https://evil.example" },
  });
  expect(crossSite.status()).toBeGreaterThanOrEqual(400);
  await staff.dispose();
});
