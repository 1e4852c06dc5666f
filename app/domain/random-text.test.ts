import { randomInt } from "node:crypto";
import { describe, expect, test } from "vitest";
import { randomText } from "./random-text";

/** A predictable source that plays back the given indices in turn. */
function playBack(...indices: number[]) {
  let next = 0;
  return (maxExclusive: number) => {
    const index = indices[next++ % indices.length] ?? 0;
    return index % maxExclusive;
  };
}

describe("randomText", () => {
  test("picks each symbol by the index the source returns", () => {
    expect(randomText("ABC", 5, playBack(0, 1, 2, 1, 0))).toBe("ABCBA");
  });

  test("asks the source for an index below the alphabet's length", () => {
    const asked: number[] = [];
    randomText("ABCD", 3, (max) => {
      asked.push(max);
      return 0;
    });
    expect(asked).toEqual([4, 4, 4]);
  });

  test("a length of zero gives empty text", () => {
    expect(randomText("ABC", 0, randomInt)).toBe("");
  });

  test.each([-1, 3, 1.5, NaN])("refuses a source that returns %d for an alphabet of 3", (bad) => {
    expect(() => randomText("ABC", 2, () => bad)).toThrow(RangeError);
  });

  test("works with crypto.randomInt", () => {
    const text = randomText("xyz", 50, randomInt);
    expect(text).toMatch(/^[xyz]{50}$/);
  });
});
