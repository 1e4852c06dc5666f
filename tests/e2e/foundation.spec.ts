import { expect, test } from "@playwright/test";

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
