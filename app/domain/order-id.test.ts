import { randomInt } from "node:crypto";
import { describe, expect, test } from "vitest";
import { looksLikeOrderId, newOrderId, normaliseOrderId, SHORT_ORDER_ID_LENGTH, shortOrderId } from "./order-id";

describe("newOrderId", () => {
  test("is 20 characters drawn from a 32-symbol alphabet", () => {
    const asked = new Set<number>();
    const id = newOrderId((max) => {
      asked.add(max);
      return 0;
    });
    expect(asked).toEqual(new Set([32]));
    expect(id).toBe("2".repeat(20));
  });

  test("the alphabet runs from '2' to 'z'", () => {
    expect(newOrderId(() => 31)).toBe("z".repeat(20));
  });

  test("never uses characters that are easy to misread", () => {
    const symbols = new Set<string>();
    for (let index = 0; index < 32; index++) for (const c of newOrderId(() => index)) symbols.add(c);
    expect(symbols.size).toBe(32);
    for (const ambiguous of ["0", "1", "l", "o", "O", "I"]) expect(symbols.has(ambiguous)).toBe(false);
  });

  test("with crypto.randomInt, ids look like order ids and differ", () => {
    const ids = Array.from({ length: 500 }, () => newOrderId(randomInt));
    expect(ids.every(looksLikeOrderId)).toBe(true);
    expect(new Set(ids).size).toBe(500);
  });

  test("is at least 10 characters, so it cannot be guessed", () => {
    expect(newOrderId(randomInt).length).toBeGreaterThanOrEqual(10);
  });
});

describe("shortOrderId", () => {
  test("shows the first 6 characters", () => {
    expect(shortOrderId("k7m2p9q4r8s3t6v5w2x9")).toBe("k7m2p9");
    expect(SHORT_ORDER_ID_LENGTH).toBe(6);
  });

  test("a shorter id is shown whole", () => {
    expect(shortOrderId("abc")).toBe("abc");
  });
});

describe("normaliseOrderId", () => {
  test("trims and lowercases", () => {
    expect(normaliseOrderId("  K7M2P9Q4R8S3T6V5W2X9\t")).toBe("k7m2p9q4r8s3t6v5w2x9");
  });
});

describe("looksLikeOrderId", () => {
  test.each(["k7m2p9q4r8s3t6v5w2x9", " K7M2P9Q4R8S3T6V5W2X9 ", "22222222222222222222"])(
    "%j looks like an order id",
    (input) => {
      expect(looksLikeOrderId(input)).toBe(true);
    },
  );

  test.each([
    ["empty", ""],
    ["too short", "k7m2p9q4r8s3t6v5w2x"],
    ["too long", "k7m2p9q4r8s3t6v5w2x92"],
    ["a zero", "k7m2p9q4r8s3t6v5w2x0"],
    ["a letter l", "k7m2p9q4r8s3t6v5w2xl"],
    ["a hyphen", "k7m2p9q4r8-3t6v5w2x9"],
    ["a tracking id", "AFB1A2B3C4D5"],
    ["a phone number", "+254712345678"],
  ])("%s (%j) does not", (_, input) => {
    expect(looksLikeOrderId(input)).toBe(false);
  });
});
