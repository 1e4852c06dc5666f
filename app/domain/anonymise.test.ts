import { expect, test } from "vitest";
import { phoneDigits } from "./phone";
import { anonymisedSummary, pastRetention, REMOVED_PHONE, RETENTION_MESSAGE, retentionYears, withoutPersonalDetails } from "./anonymise";
import { settingsSchema, siteDocumentDefaults } from "./site-documents.schema";

test("the removed phone has no digits, so no lookup by phone can find it", () => {
  expect(phoneDigits(REMOVED_PHONE)).toBe("");
});

test("orders older than the retention are past it; none are when it is off", () => {
  const now = new Date("2026-12-01T00:00:00Z");
  expect(pastRetention(new Date("2021-11-30T23:59:59Z"), 5, now)).toBe(true);
  expect(pastRetention(new Date("2021-12-01T00:00:00Z"), 5, now)).toBe(false);
  expect(pastRetention(new Date("2000-01-01T00:00:00Z"), null, now)).toBe(false);
});

test("a log entry keeps its fields, with the customer's details replaced", () => {
  expect(withoutPersonalDetails({ clientName: "Achieng Otieno", clientPhone: "+254712345678", status: "Processing", rider: null })).toEqual(
    {
      clientName: "Removed",
      clientPhone: "Removed",
      status: "Processing",
      rider: null,
    },
  );
  expect(withoutPersonalDetails({ mpesaPhone: null })).toEqual({ mpesaPhone: null });
  expect(withoutPersonalDetails(null)).toBeNull();
});

test("what was anonymised reads as a sentence", () => {
  expect(anonymisedSummary({ orders: 3, payments: 1, messages: 0, subscriptions: 1 })).toBe(
    "3 orders, 1 payment, 0 messages and 1 subscription",
  );
});

test("the retention setting is off unless set, and takes whole years from 1 to 20", () => {
  const settings = siteDocumentDefaults.settings;
  expect(retentionYears(settings)).toBeNull();
  expect(retentionYears(settingsSchema.parse({ ...settings, removeDetailsAfterYears: 5 }))).toBe(5);
  expect(retentionYears(settingsSchema.parse({ ...settings, removeDetailsAfterYears: null }))).toBeNull();
  for (const years of [0, 21, 2.5]) {
    expect(settingsSchema.safeParse({ ...settings, removeDetailsAfterYears: years }).error?.issues[0]?.message).toBe(RETENTION_MESSAGE);
  }
});
