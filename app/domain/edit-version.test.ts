import { describe, expect, test } from "vitest";
import { changedMeanwhileMessage, editVersionSchema } from "./edit-version";

describe("a staff form's version", () => {
  test("the product refusal is the issue's message word for word", () => {
    expect(changedMeanwhileMessage("product")).toBe(
      "This product was changed by someone else since you opened it. Your changes are still in the form; reload to see theirs.",
    );
  });

  test("each editor names what it edits", () => {
    expect(changedMeanwhileMessage("clientDetails")).toMatch(/^This order's client details were changed by someone else/);
    expect(changedMeanwhileMessage("settings")).toBe(
      "The site settings were changed by someone else since you opened them. Your changes are still in the form; reload to see theirs.",
    );
  });

  test.each([["1", 1], ["42", 42]])("%s reads as version %d", (posted, version) => {
    expect(editVersionSchema.parse(posted)).toBe(version);
  });

  test.each(["", "0", "-1", "1.5", "abc", "1e300"])("%j is refused", (posted) => {
    expect(editVersionSchema.safeParse(posted).success).toBe(false);
  });
});
