import { describe, expect, it } from "vitest";
import { joinAreas, KENYA_COUNTIES, splitAreas } from "./kenya-counties";

describe("a zone's areas", () => {
  it("lists Kenya's 47 counties once each", () => {
    expect(KENYA_COUNTIES).toHaveLength(47);
    expect(new Set(KENYA_COUNTIES).size).toBe(47);
    expect([...KENYA_COUNTIES].sort((a, b) => a.localeCompare(b))).toEqual(KENYA_COUNTIES);
  });

  it("keeps the ticked counties in the list's order, then the places written out", () => {
    expect(joinAreas(["Nairobi", "Kiambu"], "CBD, Upper Hill")).toBe("Kiambu, Nairobi, CBD, Upper Hill");
    expect(joinAreas([], "CBD, Upper Hill")).toBe("CBD, Upper Hill");
    expect(joinAreas(["Mombasa"], "")).toBe("Mombasa");
    expect(joinAreas([], "")).toBe("");
  });

  it("counts a county written out as ticked, whatever its case, and keeps each place once", () => {
    expect(joinAreas(["Nairobi"], "nairobi\nKajiado, Westlands, Westlands")).toBe("Kajiado, Nairobi, Westlands");
  });

  it("reads saved areas back into ticked counties and the other places, so an edit saves the same text", () => {
    const saved = joinAreas(["Nakuru", "Murang'a"], "Gilgil town");
    expect(splitAreas(saved)).toEqual({ counties: ["Murang'a", "Nakuru"], otherPlaces: "Gilgil town" });
    const { counties, otherPlaces } = splitAreas(saved);
    expect(joinAreas(counties, otherPlaces)).toBe(saved);
  });

  it("reads a zone written before the counties could be ticked", () => {
    expect(splitAreas("CBD, Upper Hill, Nairobi")).toEqual({ counties: ["Nairobi"], otherPlaces: "CBD, Upper Hill" });
  });
});
