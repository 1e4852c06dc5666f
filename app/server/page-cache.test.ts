import { expect, test } from "vitest";
import { PERSONAL_PAGE_CACHE_CONTROL } from "~/domain/page-cache";
import { TRACKING_LOOKUPS_PER_MINUTE } from "~/server/tracking.server";
import { db } from "./db/database.server";
import { publish } from "./events.server";
import { type SharedRenderContext, sharedPage } from "./page-cache.server";
import { SESSION_COOKIE } from "./session.server";

let client = 0;
/** Each test visits from its own address, so no test spends another's lookups. */
const newClient = () => `203.0.113.${++client}`;

/**
 * A stand-in for React Router that counts its renderings, keeps the requests it answers and writes the nonce
 * and context it is given.
 */
function renderer(status = 200, headers: HeadersInit = {}) {
  const renders: SharedRenderContext[] = [];
  const requests: Request[] = [];
  const render = async (request: Request, nonce: string, context: SharedRenderContext) => {
    renders.push(context);
    requests.push(request);
    return new Response(`<script nonce="${nonce}"></script> rendering ${renders.length}`, { status, headers });
  };
  return { render, renders, requests };
}

const visit = (path: string, clientAddress: string, nonce = "visitor-nonce", cookie = "") => ({
  url: new URL(`http://shop.test${path}`),
  cookie,
  nonce,
  clientAddress,
});

test("views of one tracking page share a rendering, each with its own nonce, and each counts as an order lookup", async () => {
  const page = renderer();
  const address = newClient();
  const first = await sharedPage(visit("/track/AFBSHARED0001", address, "nonce-one"), page.render);
  const second = await sharedPage(visit("/track/AFBSHARED0001", address, "nonce-two"), page.render);
  expect(first).toMatchObject({ status: 200, body: '<script nonce="nonce-one"></script> rendering 1' });
  expect(second).toMatchObject({ status: 200, body: '<script nonce="nonce-two"></script> rendering 1' });
  // The view was counted here, so the page's loader must not count it again.
  expect(page.renders).toEqual([{ lookupCounted: true }]);

  for (let view = 3; view <= TRACKING_LOOKUPS_PER_MINUTE; view++) {
    expect(await sharedPage(visit("/track/AFBSHARED0001", address), page.render)).toBeDefined();
  }
  // Over the limit, the kept copy is not sent: the page itself answers 429.
  expect(await sharedPage(visit("/track/AFBSHARED0001", address), page.render)).toBeUndefined();
  expect(await sharedPage(visit("/track/AFBSHARED0001", newClient()), page.render)).toBeDefined();
  expect(page.renders).toHaveLength(1);
});

test("an order change drops every kept tracking page; a catalogue change does not", async () => {
  const page = renderer();
  await sharedPage(visit("/track/AFBSHARED0002", newClient()), page.render);
  await (await db()).transaction(async (tx) => publish(tx, "products", "p1"));
  expect((await sharedPage(visit("/track/AFBSHARED0002", newClient()), page.render))?.body).toContain("rendering 1");
  await (await db()).transaction(async (tx) => publish(tx, "orders", "o1"));
  expect((await sharedPage(visit("/track/AFBSHARED0002", newClient()), page.render))?.body).toContain("rendering 2");
});

test("an answer that may not be kept goes to its visitor and is rendered afresh for the next", async () => {
  const unknown = renderer(404);
  const address = newClient();
  expect(await sharedPage(visit("/track/AFBUNKNOWN000", address), unknown.render)).toMatchObject({ status: 404 });
  expect(await sharedPage(visit("/track/AFBUNKNOWN000", address), unknown.render)).toMatchObject({ status: 404 });
  expect(unknown.renders).toHaveLength(2);

  const missing = renderer(404);
  await sharedPage(visit("/product/no-such-thing-000000000000", address), missing.render);
  await sharedPage(visit("/product/no-such-thing-000000000000", address), missing.render);
  expect(missing.renders).toEqual([{ lookupCounted: false }, { lookupCounted: false }]);
});

test("signed-in staff and pages about one shopper are left to React Router", async () => {
  const page = renderer();
  const staff = visit("/track/AFBSHARED0003", newClient(), "n", `theme=dark; ${SESSION_COOKIE}=abc`);
  expect(await sharedPage(staff, page.render)).toBeUndefined();
  expect(await sharedPage(visit("/payment-instructions/abc", newClient()), page.render)).toBeUndefined();
  expect(page.renders).toHaveLength(0);
});

test("a shared page is rendered from its address alone: no cookie or other header of its first visitor reaches it", async () => {
  const page = renderer();
  const first = visit("/products?maxPrice=400", newClient(), "n", "theme=dark; browser=b1d");
  await sharedPage(first, page.render);
  expect(page.requests).toHaveLength(1);
  const [request] = page.requests;
  expect(request!.url).toBe("http://shop.test/products?maxPrice=400");
  expect([...request!.headers]).toEqual([]);
});

test("a tracking page, private to browsers and proxies, is kept by the shop and sent private to each visitor", async () => {
  const page = renderer(200, { "Cache-Control": PERSONAL_PAGE_CACHE_CONTROL });
  const first = await sharedPage(visit("/track/AFBPRIVATE001", newClient()), page.render);
  const second = await sharedPage(visit("/track/AFBPRIVATE001", newClient()), page.render);
  expect(page.renders).toHaveLength(1);
  for (const answer of [first, second]) expect(answer?.headers).toContainEqual(["cache-control", PERSONAL_PAGE_CACHE_CONTROL]);
});

test("parameters no page reads make no copy of their own and never reach the rendering", async () => {
  const about = renderer();
  for (let n = 0; n < 50; n++) await sharedPage(visit(`/about?utm_source=ad${n}&made-up=${n}`, newClient()), about.render);
  expect(about.renders).toHaveLength(1);
  expect(about.requests[0]!.url).toBe("http://shop.test/about");

  const shop = renderer();
  for (const search of ["?q=kiondo&fbclid=one", "?fbclid=two&q=kiondo", "?q=kiondo", "?q=kiondo&utm_campaign=three"]) {
    expect((await sharedPage(visit(`/products${search}`, newClient()), shop.render))?.body).toContain("rendering 1");
  }
  expect(shop.requests.map((request) => request.url)).toEqual(["http://shop.test/products?q=kiondo"]);
  // A filter the page reads is a page of its own.
  await sharedPage(visit("/products?q=kikoi&fbclid=one", newClient()), shop.render);
  expect(shop.requests.map((request) => request.url)).toEqual(["http://shop.test/products?q=kiondo", "http://shop.test/products?q=kikoi"]);
});

test("tracking pages are counted per client network: an IPv6 client's whole /64 is one client", async () => {
  const page = renderer();
  const inNetwork = (n: number) => `2001:db8:77:1:${n.toString(16)}::1`;
  for (let view = 1; view <= TRACKING_LOOKUPS_PER_MINUTE; view++) {
    expect(await sharedPage(visit("/track/AFBNETWORK001", inNetwork(view)), page.render)).toBeDefined();
  }
  expect(await sharedPage(visit("/track/AFBNETWORK001", inNetwork(TRACKING_LOOKUPS_PER_MINUTE + 1)), page.render)).toBeUndefined();
  expect(await sharedPage(visit("/track/AFBNETWORK001", "2001:db8:77:2::1"), page.render)).toBeDefined();
});
