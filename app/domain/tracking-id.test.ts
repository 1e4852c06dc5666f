import { randomInt } from "node:crypto";
import { describe, expect, test } from "vitest";
import { looksLikeTrackingId, newTrackingId, normaliseTrackingId } from "./tracking-id";

describe("newTrackingId", () => {
  test("is 'AFB' and 9 characters chosen from A–Z and 0–9", () => {
    const indices = [0, 25, 26, 35, 1, 2, 3, 4, 5];
    let next = 0;
    const id = newTrackingId((max) => {
      expect(max).toBe(36);
      return indices[next++] ?? 0;
    });
    expect(id).toBe("AFBAZ09BCDEF");
  });

  test("with crypto.randomInt, every id looks like a tracking id", () => {
    for (let i = 0; i < 200; i++) {
      const id = newTrackingId(randomInt);
      expect(id).toMatch(/^AFB[A-Z0-9]{9}$/);
      expect(looksLikeTrackingId(id)).toBe(true);
    }
  });

  test("with crypto.randomInt, ids differ", () => {
    const ids = new Set(Array.from({ length: 1_000 }, () => newTrackingId(randomInt)));
    expect(ids.size).toBe(1_000);
  });
});

describe("normaliseTrackingId", () => {
  test.each([
    ["AFB1A2B3C4D5", "AFB1A2B3C4D5"],
    ["afb1a2b3c4d5", "AFB1A2B3C4D5"],
    ["  Afb1a2B3c4d5 \n", "AFB1A2B3C4D5"],
    ["", ""],
  ])("%j becomes %j", (input, normalised) => {
    expect(normaliseTrackingId(input)).toBe(normalised);
  });
});

describe("looksLikeTrackingId", () => {
  test.each(["AFB1A2B3C4D5", "afb1a2b3c4d5", " AFBZZZZZZZZZ ", "AFB000000000"])(
    "%j looks like a tracking id",
    (input) => {
      expect(looksLikeTrackingId(input)).toBe(true);
    },
  );

  test.each([
    ["empty", ""],
    ["too short", "AFB1A2B3C4D"],
    ["too long", "AFB1A2B3C4D5E"],
    ["another prefix", "AFC1A2B3C4D5"],
    ["no prefix", "1A2B3C4D5E6F"],
    ["a symbol inside", "AFB1A2B-C4D5"],
    ["a space inside", "AFB1A2 3C4D5"],
    ["a phone number", "+254712345678"],
    ["an order id", "k7m2p9q4r8s3t6v5w2x9"],
  ])("%s (%j) does not", (_, input) => {
    expect(looksLikeTrackingId(input)).toBe(false);
  });
});
