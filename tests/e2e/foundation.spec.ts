import { expect, test } from "@playwright/test";
import { addStaffMember, signedInRequest } from "./support/staff";

test("the home page's server-rendered HTML already holds the sample products", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("Ankara Wrap Dress");
});

test("every page carries the security headers", async ({ request }) => {
  const response = await request.get("/");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
});

test("scripts go out as the build's brotli copy, or gzip, or plain, as the browser accepts", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const script = /\/assets\/framework-[\w-]+\.js/.exec(html)?.[0];
  expect(script).toBeDefined();
  const plain = await request.get(script!, { headers: { "Accept-Encoding": "identity" } });
  const body = await plain.body();
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const cases: [accept: string, encoding: string][] = [
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
  ];
  for (const [accept, encoding] of cases) {
    const response = await request.get(script!, { headers: { "Accept-Encoding": accept } });
    const headers = response.headers();
    expect(headers["content-encoding"], accept).toBe(encoding);
    expect(headers["content-type"]).toContain("javascript");
    expect(headers["vary"]).toContain("Accept-Encoding");
    expect(headers["cache-control"]).toContain("immutable");
    // Playwright decodes the body: it must be the very same script.
    expect((await response.body()).equals(body)).toBe(true);
  }
});

test("health answers ok while the database answers", async ({ request }) => {
  const response = await request.get("/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("an unknown address is a real 404", async ({ request }) => {
  const response = await request.get("/no-such-page");
  expect(response.status()).toBe(404);
});

test("the page hydrates without CSP violations or console errors", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("load");
  expect(problems).toEqual([]);
});

test("a change announced on /events makes the page reload its data without a page load", async ({ page }) => {
  await page.route("**/events?*", (route) =>
    route.fulfill({
      status: 200,
      headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-store" },
      body: `retry: 60000\n\nevent: change\ndata: {"topic":"products","id":"p1"}\n\n`,
    }),
  );
  const revalidation = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith(".data"));
  let documentLoads = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documentLoads++;
  });
  await page.goto("/");
  expect(new URL((await revalidation).url()).pathname).toBe("/_root.data");
  expect(documentLoads).toBe(1);
});

test.describe("shared pages", () => {
  const OWNER = "owner@foundation.test";
  test.beforeAll(() => addStaffMember(OWNER));

  test("signed-out shoppers share one rendering of a page, each with its own nonce; staff get their own; changes show at once", async ({
    request,
    baseURL,
  }) => {
    const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];
    // The footer always links to /admin; the header adds its Admin link only for signed-in staff.
    const adminLinks = (html: string) => html.split('href="/admin"').length - 1;
    const [first, second] = await Promise.all([request.get("/"), request.get("/")]);
    const [firstHtml, secondHtml] = await Promise.all([first.text(), second.text()]);
    expect(nonceOf(firstHtml)).toBeDefined();
    expect(nonceOf(firstHtml)).not.toBe(nonceOf(secondHtml));
    for (const [response, html] of [
      [first, firstHtml],
      [second, secondHtml],
    ] as const) {
      expect(response.headers()["content-security-policy"]).toContain(`'nonce-${nonceOf(html)}'`);
    }

    const staff = await signedInRequest(baseURL!, OWNER);
    expect(adminLinks(await (await staff.get("/")).text())).toBeGreaterThan(adminLinks(firstHtml));
    expect(adminLinks(await (await request.get("/")).text())).toBe(adminLinks(firstHtml));

    // A new product is on the home page (newest first) at the next load, and gone once deleted.
    const name = `Shared Page Kikapu ${test.info().project.name}`;
    const created = await staff.post("/admin/products/new", {
      form: { name, price: "1500", stock: "3", images: "https://example.com/kikapu.jpg", isVisible: "true" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(created.status()).toBeLessThan(400);
    expect(await (await request.get("/")).text()).toContain(name);
    const found = (await (await staff.get(`/admin/search?q=${encodeURIComponent(name)}`)).json()) as {
      products: { id: string; name: string }[];
    };
    const id = found.products.find((product) => product.name === name)?.id;
    expect(id).toBeDefined();
    await staff.post("/admin/products", { form: { intent: "delete", id: id! }, headers: { Origin: baseURL! } });
    expect(await (await request.get("/")).text()).not.toContain(name);
    await staff.dispose();
  });
});
