import { describe, expect, test } from "vitest";
import { CONSENT_SOURCE_VALUES } from "../server/db/schema.server";
import { CONSENT_SOURCES, checkoutConsentChange, hasConsent, isStopReply, marketingSms } from "./consent";

const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 9, minute));

describe("consent to marketing", () => {
  test("no change is no consent; the latest change decides", () => {
    expect(hasConsent([])).toBe(false);
    expect(hasConsent([{ agreed: true, at: at(0) }])).toBe(true);
    expect(
      hasConsent([
        { agreed: true, at: at(0) },
        { agreed: false, at: at(1) },
      ]),
    ).toBe(false);
    // Read in any order.
    expect(
      hasConsent([
        { agreed: false, at: at(1) },
        { agreed: true, at: at(0) },
      ]),
    ).toBe(false);
    expect(
      hasConsent([
        { agreed: false, at: at(1) },
        { agreed: true, at: at(2) },
      ]),
    ).toBe(true);
    // At the same instant, withdrawing wins whichever is read first.
    expect(
      hasConsent([
        { agreed: false, at: at(4) },
        { agreed: true, at: at(4) },
      ]),
    ).toBe(false);
    expect(
      hasConsent([
        { agreed: true, at: at(4) },
        { agreed: false, at: at(4) },
      ]),
    ).toBe(false);
  });

  test("a ticked box at checkout is consent; an unticked one changes nothing", () => {
    expect(checkoutConsentChange(true, at(3))).toEqual({ agreed: true, at: at(3), source: "checkout", staffEmail: null });
    expect(checkoutConsentChange(false, at(3))).toBeNull();
  });

  test("STOP and its kin, alone in a reply, in any case and with punctuation, ask to stop", () => {
    for (const reply of ["STOP", "stop", " Stop. ", "STOP!", "unsubscribe", "Opt out", "quit"])
      expect(isStopReply(reply), reply).toBe(true);
    for (const reply of ["Please don't stop", "STOPPED", "Where is my order?", ""]) expect(isStopReply(reply), reply).toBe(false);
  });

  test("every marketing SMS ends with the opt-out line", () => {
    expect(marketingSms("Festive offer: 10% off all kikoi this week!  \n")).toBe(
      "Festive offer: 10% off all kikoi this week!\nSTOP to opt out",
    );
  });
});

test("the database knows the same ways of giving and withdrawing consent as the rules", () => {
  expect([...CONSENT_SOURCE_VALUES]).toEqual([...CONSENT_SOURCES]);
});
