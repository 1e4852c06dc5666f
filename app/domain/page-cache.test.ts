import { describe, expect, test } from "vitest";
import { shopFiltersSchema } from "./catalogue.schema";
import { pageAfterSubscribing } from "./newsletter";
import { isKeepableAnswer, keptPageSearch, MAX_CACHED_URL_LENGTH, PERSONAL_PAGE_CACHE_CONTROL, personalPageHeaders, sharedPageKind } from "./page-cache";

describe("sharedPageKind", () => {
  test.each([
    ["/", ""],
    ["/_root.data", ""],
    ["/products", "?q=kiondo&size=M"],
    ["/products.data", "?categoryId=abc"],
    ["/product/ankara-wrap-dress-abc123", ""],
    ["/product/ankara-wrap-dress-abc123.data", ""],
    ["/about", ""],
    ["/privacy", ""],
    ["/sitemap.xml", ""],
    ["/robots.txt", ""],
  ])("%s%s is a catalogue page, the same for every signed-out shopper", (pathname, search) => {
    expect(sharedPageKind(pathname, search)).toBe("catalogue");
  });

  test.each(["/track/AFB123456789", "/track/AFB123456789.data"])("%s is a tracking page", (pathname) => {
    expect(sharedPageKind(pathname, "")).toBe("tracking");
  });

  test.each([
    "/cart",
    "/checkout",
    "/track",
    "/track.data",
    "/track/AFB123456789/more",
    "/payment-instructions/abc",
    "/order-confirmation/abc",
    "/orders-by-phone/+254712345678",
    "/admin",
    "/admin/dashboard",
    "/admin/orders.data",
    "/events",
    "/health",
    "/shop/bag-products",
    "/product/a/b",
    "/products/extra",
  ])("%s is not", (pathname) => {
    expect(sharedPageKind(pathname, "")).toBeUndefined();
  });

  test("a very long address is not kept", () => {
    expect(sharedPageKind("/products", `?q=${"a".repeat(MAX_CACHED_URL_LENGTH)}`)).toBeUndefined();
  });

  test("a long parameter no page reads does not stop a page being shared", () => {
    expect(sharedPageKind("/products", `?fbclid=${"a".repeat(MAX_CACHED_URL_LENGTH)}`)).toBe("catalogue");
  });

  test.each(["subscribed", "too-many", "invalid"] as const)("a page carrying a newsletter sign-up's answer (%s) is that visitor's, not shared", (kind) => {
    const answer = kind === "invalid" ? { kind, email: "someone@" } : { kind };
    for (const from of ["/", "/products?q=kiondo", "/about", "/track/AFB123456789"]) {
      const page = new URL(pageAfterSubscribing(from, answer), "http://shop.test");
      expect(sharedPageKind(page.pathname, page.search), page.href).toBeUndefined();
    }
  });
});

describe("keptPageSearch", () => {
  test("the shop page keeps every filter it reads, and nothing else", () => {
    expect(keptPageSearch("/products", "?utm_source=facebook&q=kiondo&fbclid=abc&size=M&made-up=1")).toBe("?q=kiondo&size=M");
    expect(keptPageSearch("/products", "?categoryId=c1&maxPrice=500&color=Red&material=Cotton&page=2")).toBe(
      "?categoryId=c1&color=Red&material=Cotton&maxPrice=500&page=2",
    );
  });

  test("the filters it keeps are the ones the shop page reads", () => {
    const every = Object.keys(shopFiltersSchema.shape);
    const search = `?${every.map((name) => `${name}=1`).join("&")}`;
    expect(new URLSearchParams(keptPageSearch("/products", search)).size).toBe(every.length);
  });

  test("the same filters in another order are one page", () => {
    expect(keptPageSearch("/products", "?size=M&q=kiondo")).toBe(keptPageSearch("/products", "?q=kiondo&size=M&utm_campaign=x"));
  });

  test("a page's data keeps React Router's own parameters", () => {
    expect(keptPageSearch("/products.data", "?q=kiondo&_routes=routes%2Fshop%2Fproducts&x=1")).toBe("?_routes=routes%2Fshop%2Fproducts&q=kiondo");
    expect(keptPageSearch("/_root.data", "?_routes=root&utm_source=x")).toBe("?_routes=root");
    expect(keptPageSearch("/track/AFB123456789.data", "?index&x=1")).toBe("?index=");
  });

  test.each(["/", "/about", "/product/ankara-wrap-dress-abc123", "/track/AFB123456789", "/sitemap.xml", "/robots.txt"])(
    "%s reads no parameter: every query is the one page",
    (pathname) => {
      expect(keptPageSearch(pathname, "?q=kiondo&utm_source=facebook&page=3")).toBe("");
      expect(keptPageSearch(pathname, "")).toBe("");
    },
  );
});

describe("isKeepableAnswer", () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);

  test.each(["catalogue", "tracking"] as const)("a plain success is kept (%s)", (kind) => {
    expect(isKeepableAnswer(kind, 200, headers({ "Content-Type": "text/html" }))).toBe(true);
    expect(isKeepableAnswer(kind, 200, headers({ "Cache-Control": "public, max-age=300" }))).toBe(true);
  });

  test.each([301, 302, 404, 429, 500])("status %i is not", (status) => {
    expect(isKeepableAnswer("catalogue", status, headers({}))).toBe(false);
    expect(isKeepableAnswer("tracking", status, headers({ "Cache-Control": PERSONAL_PAGE_CACHE_CONTROL }))).toBe(false);
  });

  test("a catalogue answer that sets a cookie, or is private, is not", () => {
    expect(isKeepableAnswer("catalogue", 200, headers({ "Set-Cookie": "a=b" }))).toBe(false);
    expect(isKeepableAnswer("catalogue", 200, headers({ "Cache-Control": "private, no-store" }))).toBe(false);
    expect(isKeepableAnswer("catalogue", 200, headers({ "Cache-Control": "no-store" }))).toBe(false);
  });

  test("a tracking page, private to browsers and proxies, is still kept by the shop; not with a cookie", () => {
    expect(isKeepableAnswer("tracking", 200, headers({ "Cache-Control": PERSONAL_PAGE_CACHE_CONTROL }))).toBe(true);
    expect(isKeepableAnswer("tracking", 200, headers({ "Cache-Control": PERSONAL_PAGE_CACHE_CONTROL, "Set-Cookie": "a=b" }))).toBe(false);
  });
});

describe("personalPageHeaders", () => {
  test("no browser or proxy keeps a page about one shopper, whatever its loader said", () => {
    const loaderHeaders = new Headers({ "Retry-After": "42", "Cache-Control": "public, max-age=600" });
    const headers = personalPageHeaders({ loaderHeaders, actionHeaders: new Headers() });
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("Retry-After")).toBe("42");
  });

  test("an action's answer (a refused lookup) keeps its own headers too", () => {
    const headers = personalPageHeaders({ loaderHeaders: new Headers(), actionHeaders: new Headers({ "Retry-After": "7" }) });
    expect(headers.get("Retry-After")).toBe("7");
    expect(headers.get("Cache-Control")).toBe("private, no-store");
  });
});
