import { expect, test } from "vitest";
import { parsePostedJson, storableText } from "./posted-text";

test("storable text drops NUL characters and replaces lone surrogate halves, keeping every real character", () => {
  expect(storableText("Kik\u0000oy\u0000")).toBe("Kikoy");
  expect(storableText("a\uD800b\uDFFF")).toBe("a\uFFFDb\uFFFD");
  expect(storableText("👩🏽‍🍳 Kikoy ✓ مرحبا <script>")).toBe("👩🏽‍🍳 Kikoy ✓ مرحبا <script>");
});

test("posted JSON is parsed with every string storable, however deep", () => {
  expect(parsePostedJson(String.raw`{"items":[{"q":"a\u0000b","a":["\ud800","😀"]}],"n":1}`)).toEqual({
    items: [{ q: "ab", a: ["\uFFFD", "😀"] }],
    n: 1,
  });
  expect(() => parsePostedJson("{")).toThrow(SyntaxError);
});
