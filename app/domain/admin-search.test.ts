import { describe, expect, test } from "vitest";
import { adminSearchLinks, isSearchable, matchingAdminPages, noResultsMessage } from "./admin-search";

describe("matchingAdminPages", () => {
  test("matches titles in any case, for pages the role may open", () => {
    expect(matchingAdminPages("or", "owner").map((page) => page.title)).toEqual(["Reports", "SEO Report", "Orders", "Categories"]);
    expect(matchingAdminPages("STORY", "developer").map((page) => page.path)).toEqual(["/admin/our-story"]);
  });

  test("developer-only pages never reach an owner", () => {
    expect(matchingAdminPages("settings", "owner")).toEqual([]);
    expect(matchingAdminPages("settings", "developer").map((page) => page.title)).toEqual(["Site Settings"]);
    expect(matchingAdminPages("image", "owner")).toEqual([]);
  });

  test("needs two characters once trimmed", () => {
    expect(matchingAdminPages("o", "developer")).toEqual([]);
    expect(matchingAdminPages(" o ", "developer")).toEqual([]);
    expect(matchingAdminPages(" or ", "owner")).toHaveLength(4);
  });

  test("gives at most five", () => {
    // "or" is in six titles a developer may open (Image Generator too): the first five, in sidebar order.
    expect(matchingAdminPages("or", "developer").map((page) => page.title)).toEqual([
      "Reports",
      "SEO Report",
      "Orders",
      "Categories",
      "Our Story",
    ]);
  });
});

test("isSearchable counts trimmed characters", () => {
  expect(isSearchable("a")).toBe(false);
  expect(isSearchable("  a  ")).toBe(false);
  expect(isSearchable("ab")).toBe(true);
});

test("the no-match message quotes the query", () => {
  expect(noResultsMessage("zebra")).toBe('No results found for "zebra".');
});

test("links lead to the product's edit page, the order on the orders page and the riders page", () => {
  expect(adminSearchLinks.product("p1")).toBe("/admin/products/edit/p1");
  expect(adminSearchLinks.order("abc def")).toBe("/admin/orders?order=abc%20def");
  expect(adminSearchLinks.rider()).toBe("/admin/riders");
});
