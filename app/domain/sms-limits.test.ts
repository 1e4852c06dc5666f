import { describe, expect, test } from "vitest";
import { siteDocumentDefaults, settingsSchema } from "./site-documents.schema";
import {
  budgetSpentReason,
  COUNTRY_NOT_ALLOWED_REASON,
  type DueSms,
  inSmsCountries,
  SMS_COUNTRIES,
  SMS_PER_DAY_MESSAGE,
  smsBudgetSpent,
  smsBudgetSpentLine,
  smsCountries,
  smsPerDay,
  smsVerdicts,
} from "./sms-limits";

// Issue 21: the shop's SMS go only where Site Settings allow, and no more of them a day than its budget.

const TODAY = "2026-11-25";
const kenyan = (id: string, countedOn: string | null = null): DueSms => ({ id, recipient: "+254712345678", countedOn });

describe("the settings", () => {
  test("settings saved before the SMS settings existed text Kenya only, 500 a day", () => {
    const old = settingsSchema.parse(siteDocumentDefaults.settings);
    expect(smsCountries(old)).toEqual(["254"]);
    expect(smsPerDay(old)).toBe(500);
  });

  test("saved ones are kept, 0 included", () => {
    const saved = settingsSchema.parse({ ...siteDocumentDefaults.settings, smsCountries: ["254", "255", "256"], smsPerDay: 0 });
    expect(smsCountries(saved)).toEqual(["254", "255", "256"]);
    expect(smsPerDay(saved)).toBe(0);
    expect(smsCountries(settingsSchema.parse({ ...siteDocumentDefaults.settings, smsCountries: [] }))).toEqual([]);
  });

  test.each([-1, 1.5, 100_001, Number.NaN])("a budget of %s is refused with the field's message", (smsPerDay) => {
    const parsed = settingsSchema.safeParse({ ...siteDocumentDefaults.settings, smsPerDay });
    expect(parsed.error?.issues).toMatchObject([{ path: ["smsPerDay"], message: SMS_PER_DAY_MESSAGE }]);
  });

  test.each([["1"], ["44"], ["+254"], [""]])("a country not on the list (%j) is refused", (code) => {
    expect(settingsSchema.safeParse({ ...siteDocumentDefaults.settings, smsCountries: ["254", code] }).success).toBe(false);
  });

  test("the list is East Africa first, each country once, and no code is the start of another", () => {
    const codes = SMS_COUNTRIES.map((country) => country.code);
    expect(codes.slice(0, 4)).toEqual(["254", "255", "256", "250"]);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(SMS_COUNTRIES.map((country) => country.name)).size).toBe(codes.length);
    for (const code of codes) expect(codes.filter((other) => other !== code && other.startsWith(code))).toEqual([]);
    expect(codes).not.toContain("1");
  });
});

describe("inSmsCountries", () => {
  test.each([
    ["+254712345678", ["254"], true],
    ["+254 712 345 678", ["254"], true],
    ["+255712345678", ["254"], false],
    ["+255712345678", ["254", "255"], true],
    ["+14155550100", ["254"], false],
    ["+27821234567", ["27"], true],
    ["+2712345678", ["254"], false],
    ["254712345678", ["254"], false],
    ["+254712345678", [], false],
  ] as const)("%s in %j: %s", (phone, countries, allowed) => {
    expect(inSmsCountries(phone, countries)).toBe(allowed);
  });
});

describe("smsVerdicts", () => {
  test("an SMS to a country not chosen is not sent, and does not count against the budget", () => {
    const verdicts = smsVerdicts([{ id: "us", recipient: "+14155550100", countedOn: null }, kenyan("ke")], { smsPerDay: 1 }, 0, TODAY);
    expect(verdicts).toEqual({
      send: ["ke"],
      count: ["ke"],
      notSent: [{ id: "us", reason: COUNTRY_NOT_ALLOWED_REASON }],
      tellOwners: false,
    });
  });

  test("SMS are counted in order while the budget lasts; the rest are not sent and the owners are told", () => {
    const verdicts = smsVerdicts([kenyan("a"), kenyan("b"), kenyan("c"), kenyan("d")], { smsPerDay: 3 }, 1, TODAY);
    expect(verdicts).toEqual({
      send: ["a", "b"],
      count: ["a", "b"],
      notSent: [
        { id: "c", reason: "not sent: the daily SMS budget (3) was spent" },
        { id: "d", reason: "not sent: the daily SMS budget (3) was spent" },
      ],
      tellOwners: true,
    });
  });

  test("an SMS that uses the budget's last place tells nobody: nothing was stopped", () => {
    expect(smsVerdicts([kenyan("a")], { smsPerDay: 2 }, 1, TODAY)).toMatchObject({ send: ["a"], notSent: [], tellOwners: false });
  });

  test("an SMS already counted today (tried again) is sent without counting again, even with the budget spent", () => {
    const verdicts = smsVerdicts([kenyan("again", TODAY), kenyan("new")], { smsPerDay: 5 }, 5, TODAY);
    expect(verdicts).toMatchObject({ send: ["again"], count: [], notSent: [{ id: "new" }], tellOwners: true });
  });

  test("one counted yesterday counts again today", () => {
    expect(smsVerdicts([kenyan("old", "2026-11-24")], { smsPerDay: 5 }, 0, TODAY)).toMatchObject({ send: ["old"], count: ["old"] });
  });

  test("a budget of 0 sends nothing and tells nobody", () => {
    expect(smsVerdicts([kenyan("a")], { smsPerDay: 0 }, 0, TODAY)).toEqual({
      send: [],
      count: [],
      notSent: [{ id: "a", reason: budgetSpentReason(0) }],
      tellOwners: false,
    });
  });

  test("with the defaults: Kenya only, 500 a day", () => {
    expect(smsVerdicts([kenyan("a"), { id: "tz", recipient: "+255712345678", countedOn: null }], {}, 499, TODAY)).toMatchObject({
      send: ["a"],
      notSent: [{ id: "tz", reason: COUNTRY_NOT_ALLOWED_REASON }],
    });
    expect(smsVerdicts([kenyan("b")], {}, 500, TODAY)).toMatchObject({ send: [], tellOwners: true });
  });
});

describe("smsBudgetSpent", () => {
  test.each([
    [{ smsPerDay: 500 }, 500, true],
    [{ smsPerDay: 500 }, 501, true],
    [{ smsPerDay: 500 }, 499, false],
    [{}, 500, true],
    [{ smsPerDay: 0 }, 0, false],
  ])("%j with %i counted today: %s", (settings, counted, spent) => {
    expect(smsBudgetSpent(settings, counted)).toBe(spent);
  });

  test("the dashboard's notice names the budget", () => {
    expect(smsBudgetSpentLine(1_500)).toBe(
      "Today's SMS budget of 1,500 is spent: SMS to shoppers are not sent until midnight. A Developer can raise it in Site Settings.",
    );
  });
});
