import { describe, expect, test } from "vitest";
import { escapeHtml } from "./html";

describe("escapeHtml", () => {
  test("escapes the five characters that matter in HTML", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });

  test("escapes an already escaped text again, so it shows as typed", () => {
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
  });
});
