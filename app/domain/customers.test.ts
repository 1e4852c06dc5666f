import { describe, expect, test } from "vitest";
import { customerPhoneParamSchema, customerSearch, customersHref, customersQuerySchema } from "./customers";

describe("customerSearch", () => {
  test.each([
    ["Achieng", { name: "Achieng", digits: null }],
    ["+254 712 345", { name: "+254 712 345", digits: "254712345" }],
    ["0712-345", { name: "0712-345", digits: "0712345" }],
    // Too few digits to mean a phone, or digits inside other text: the name only.
    ["12", { name: "12", digits: null }],
    ["Shop 254", { name: "Shop 254", digits: null }],
    ["50%", { name: "50%", digits: null }],
  ])("%j looks for %j", (text, wanted) => {
    expect(customerSearch(text)).toEqual(wanted);
  });
});

describe("customersQuerySchema", () => {
  const parse = (query: string) => customersQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  test("reads the search, sort and page", () => {
    expect(parse("q=%20Achieng%20&sort=recent&page=3")).toEqual({ q: "Achieng", sort: "recent", page: 3 });
  });
  test("falls back on anything missing or out of range", () => {
    expect(parse("")).toEqual({ q: "", sort: "spent", page: 1 });
    expect(parse(`q=${"a".repeat(101)}&sort=cheapest&page=0`)).toEqual({ q: "", sort: "spent", page: 1 });
    expect(parse("page=2.5")).toMatchObject({ page: 1 });
    expect(parse("page=1e300")).toMatchObject({ page: 1 });
  });
});

test("customersHref leaves out the defaults", () => {
  expect(customersHref({ q: "", sort: "spent", page: 1 })).toBe("/admin/customers");
  expect(customersHref({ q: "Achieng O", sort: "recent", page: 2 })).toBe("/admin/customers?q=Achieng+O&sort=recent&page=2");
});

test("a customer's address names their phone's digits only", () => {
  expect(customerPhoneParamSchema.safeParse("254712345678").success).toBe(true);
  for (const bad of ["+254712345678", "254 712 345 678", "254712", "2".repeat(33), "25471234567x"]) {
    expect(customerPhoneParamSchema.safeParse(bad).success, bad).toBe(false);
  }
});
