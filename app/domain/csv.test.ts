import { describe, expect, test } from "vitest";
import { neutraliseFormula, restoreNeutralised } from "./csv";

describe("neutraliseFormula", () => {
  test.each([
    ["=1+2", "'=1+2"],
    ["+254712345678", "'+254712345678"],
    ["-5", "'-5"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1+2", "'\t=1+2"],
    ["\r=1+2", "'\r=1+2"],
    ["＝1+2", "'＝1+2"],
    ["'=1+2", "''=1+2"],
    ["'quoted", "'quoted"],
    ["Mary-Jane = owner", "Mary-Jane = owner"],
    ["", ""],
  ])("%j is written %j, and read back as it was", (text, written) => {
    expect(neutraliseFormula(text)).toBe(written);
    expect(restoreNeutralised(written)).toBe(text);
  });

  test("a cell typed with an apostrophe in front of a formula character is read without it", () => {
    expect(restoreNeutralised("'-4")).toBe("-4");
  });
});
