import { describe, expect, test } from "vitest";
import { chatLink, FAB_GREETING, pageOnThisShop, telLink, trackingUrl } from "./links";

describe("chatLink", () => {
  test("opens a chat with the number's digits and the message encoded", () => {
    expect(chatLink("+254 712 345 678", "Hello! I'd like to ask about your products.")).toBe(
      "https://wa.me/254712345678?text=Hello!%20I'd%20like%20to%20ask%20about%20your%20products.",
    );
  });

  test.each([
    ["+254712345678", "254712345678"],
    ["+254-712-345-678", "254712345678"],
    ["254 712 345 678", "254712345678"],
  ])("uses only the digits of %j", (phone, digits) => {
    expect(chatLink(phone, "Hi")).toBe(`https://wa.me/${digits}?text=Hi`);
  });

  test.each([
    ["Order #abc123 & more", "Order%20%23abc123%20%26%20more"],
    ["Line 1\nLine 2", "Line%201%0ALine%202"],
    ["Karibu 😊", "Karibu%20%F0%9F%98%8A"],
    ["a=b?c/d", "a%3Db%3Fc%2Fd"],
  ])("encodes %j so the whole message arrives", (text, encoded) => {
    expect(chatLink("+254712345678", text)).toBe(`https://wa.me/254712345678?text=${encoded}`);
  });

  test("without a message, links to the chat alone", () => {
    expect(chatLink("+254712345678", "")).toBe("https://wa.me/254712345678");
  });

  test("the floating button asks about products", () => {
    expect(FAB_GREETING).toMatch(/products/);
    expect(chatLink("+254712345678", FAB_GREETING)).toContain("?text=Hello!");
  });
});

describe("telLink", () => {
  test.each([
    ["+254712345678", "tel:+254712345678"],
    ["+254 712 345 678", "tel:+254712345678"],
    ["+254-712-345-678", "tel:+254712345678"],
    ["+1 (415) 555-2671", "tel:+14155552671"],
  ])("%j calls %j", (phone, link) => {
    expect(telLink(phone)).toBe(link);
  });
});

describe("trackingUrl", () => {
  test.each([
    ["https://duka.example", "AFB12345ABCD", "https://duka.example/track/AFB12345ABCD"],
    ["https://duka.example/", "AFB12345ABCD", "https://duka.example/track/AFB12345ABCD"],
    ["http://127.0.0.1:3000", "AFB0000ZZZZZ", "http://127.0.0.1:3000/track/AFB0000ZZZZZ"],
  ])("the shop at %j tracks %j at %j", (origin, trackingId, url) => {
    expect(trackingUrl(origin, trackingId)).toBe(url);
  });
});

describe("pageOnThisShop", () => {
  test.each([
    ["/", "/"],
    ["/products?categoryId=bags", "/products?categoryId=bags"],
    ["/about#newsletter", "/about"],
    ["/products/../about", "/about"],
    ["/products/./kanga", "/products/kanga"],
    ["/search?q=//evil.example", "/search?q=//evil.example"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("%j is a page of this shop: %j", (address, page) => {
    expect(pageOnThisShop(address)).toBe(page);
  });

  test.each([
    ["https://evil.example/"],
    ["//evil.example/path"],
    ["/.//evil.example"],
    ["/././/evil.example"],
    ["/..//evil.example"],
    ["/%2e//evil.example"],
    ["/\\evil.example"],
    ["\\/evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["javascript:alert(1)"],
    ["evil.example"],
    [""],
  ])("%j could lead off the shop", (address) => {
    expect(pageOnThisShop(address)).toBeUndefined();
  });
});
