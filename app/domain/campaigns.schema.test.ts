import { describe, expect, test } from "vitest";
import { MAX_CAMPAIGN_SMS_LENGTH } from "./campaigns";
import {
  CAMPAIGN_CHANNEL_MESSAGE,
  CAMPAIGN_EMAIL_TEXT_MESSAGE,
  CAMPAIGN_INTENT_MESSAGE,
  CAMPAIGN_SMS_TEXT_MESSAGE,
  CAMPAIGN_SUBJECT_MESSAGE,
  CAMPAIGN_TITLE_MAX,
  CAMPAIGN_TITLE_MESSAGE,
  campaignActionSchema,
  campaignDraftSchema,
  campaignErrors,
  campaignSmsLength,
  TEST_PHONE_NEEDED_MESSAGE,
} from "./campaigns.schema";
import { PHONE_MESSAGE } from "./phone";

const BOTH = {
  title: " December offers ",
  email: "on",
  emailSubject: " Festive kikoi ",
  emailText: "10% off every kikoi this week.\n",
  sms: "on",
  smsText: " Festive offer: 10% off kikoi! ",
};

const errorsOf = (form: Record<string, unknown>) => {
  const parsed = campaignActionSchema.safeParse(form);
  return parsed.success ? {} : campaignErrors(parsed.error.issues);
};

describe("campaignDraftSchema", () => {
  test("a campaign by email and SMS reads as its trimmed words", () => {
    expect(campaignDraftSchema.parse(BOTH)).toEqual({
      title: "December offers",
      email: { subject: "Festive kikoi", text: "10% off every kikoi this week." },
      sms: { text: "Festive offer: 10% off kikoi!" },
    });
  });

  test("a channel not ticked sends nothing, and its fields are not checked", () => {
    expect(campaignDraftSchema.parse({ ...BOTH, sms: undefined, smsText: "x".repeat(MAX_CAMPAIGN_SMS_LENGTH + 10) })).toMatchObject({
      email: { subject: "Festive kikoi" },
      sms: null,
    });
    expect(campaignDraftSchema.parse({ title: "SMS only", sms: "on", smsText: "Hi", emailSubject: "", emailText: "" })).toEqual({
      title: "SMS only",
      email: null,
      sms: { text: "Hi" },
    });
  });

  test("the SMS may be as long as the limit, counted without the spaces at its ends", () => {
    const longest = "x".repeat(MAX_CAMPAIGN_SMS_LENGTH);
    expect(campaignSmsLength(`  ${longest} `)).toBe(MAX_CAMPAIGN_SMS_LENGTH);
    expect(campaignDraftSchema.safeParse({ ...BOTH, smsText: `  ${longest} ` }).success).toBe(true);
    expect(campaignDraftSchema.safeParse({ ...BOTH, smsText: `${longest}x` }).success).toBe(false);
  });
});

describe("campaignActionSchema and campaignErrors", () => {
  test("a send needs at least one channel, and says so beside the channels", () => {
    expect(errorsOf({ intent: "send", draft: { title: "Nothing", emailSubject: "S", emailText: "T" } })).toEqual({
      channels: CAMPAIGN_CHANNEL_MESSAGE,
    });
  });

  test("each ticked channel's empty or overlong field gets its own message beside it", () => {
    expect(
      errorsOf({
        intent: "send",
        draft: { title: "   ", email: "on", emailSubject: "", emailText: " ", sms: "on", smsText: "x".repeat(MAX_CAMPAIGN_SMS_LENGTH + 1) },
      }),
    ).toEqual({
      title: CAMPAIGN_TITLE_MESSAGE,
      emailSubject: CAMPAIGN_SUBJECT_MESSAGE,
      emailText: CAMPAIGN_EMAIL_TEXT_MESSAGE,
      smsText: CAMPAIGN_SMS_TEXT_MESSAGE,
    });
    expect(errorsOf({ intent: "send", draft: { ...BOTH, title: "t".repeat(CAMPAIGN_TITLE_MAX + 1) } })).toEqual({
      title: CAMPAIGN_TITLE_MESSAGE,
    });
    expect(errorsOf({ intent: "send", draft: { ...BOTH, emailText: "w".repeat(10_001) } })).toEqual({
      emailText: CAMPAIGN_EMAIL_TEXT_MESSAGE,
    });
  });

  test("a test reads the phone typed for its SMS, and an SMS-only test needs one", () => {
    expect(campaignActionSchema.parse({ intent: "test", draft: BOTH, testPhone: " +254 712 345 678 " })).toMatchObject({
      intent: "test",
      testPhone: "+254712345678",
    });
    expect(campaignActionSchema.parse({ intent: "test", draft: BOTH, testPhone: "  " }).testPhone).toBeUndefined();
    expect(errorsOf({ intent: "test", draft: { ...BOTH, email: undefined }, testPhone: "" })).toEqual({
      testPhone: TEST_PHONE_NEEDED_MESSAGE,
    });
    expect(errorsOf({ intent: "test", draft: BOTH, testPhone: "0712" })).toEqual({ testPhone: PHONE_MESSAGE });
    // A send does not use the phone.
    expect(errorsOf({ intent: "send", draft: { ...BOTH, email: undefined }, testPhone: "" })).toEqual({});
  });

  test("an unknown intent is said for the whole form", () => {
    expect(errorsOf({ intent: "delete", draft: BOTH })).toEqual({ form: CAMPAIGN_INTENT_MESSAGE });
  });
});
