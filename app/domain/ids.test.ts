import { randomInt } from "node:crypto";
import { describe, expect, test } from "vitest";
import { prefixedId } from "./ids";

const now = new Date("2024-11-22T08:00:00.000Z");

describe("prefixedId", () => {
  test.each(["slide", "method", "field", "faq", "contact", "link"])(
    "a %s id starts with its type and the time",
    (prefix) => {
      expect(prefixedId(prefix, now, () => 0)).toBe(`${prefix}-1732262400000-aaaa`);
    },
  );

  test("ends with four random lowercase letters or digits", () => {
    const indices = [23, 33, 10, 28];
    let next = 0;
    expect(prefixedId("slide", now, () => indices[next++] ?? 0)).toBe("slide-1732262400000-x7k2");
  });

  test("two ids made in the same millisecond differ", () => {
    const ids = new Set(Array.from({ length: 200 }, () => prefixedId("faq", now, randomInt)));
    expect(ids.size).toBeGreaterThan(195);
  });

  test("with crypto.randomInt the id has the documented shape", () => {
    expect(prefixedId("contact", now, randomInt)).toMatch(/^contact-1732262400000-[a-z0-9]{4}$/);
  });
});
