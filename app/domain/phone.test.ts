import { describe, expect, test } from "vitest";
import { isValidPhone, maskPhone, normalisePhone, PHONE_MESSAGE, phoneDigits } from "./phone";
import { phoneSchema } from "./phone.schema";

describe("PHONE_MESSAGE", () => {
  test("is the spec's wording", () => {
    expect(PHONE_MESSAGE).toBe("Please enter the phone number with a country code, starting with a '+' sign.");
  });
});

describe("isValidPhone", () => {
  test.each([
    "+254712345678",
    "+254 712 345 678",
    "+254-712-345-678",
    "+254 712-345-678",
    "+254  712 345 678",
    "  +254712345678  ",
    "+1 415 555 2671",
    "+44 7911 123456",
    "+2547123456",
    "+2557123456789",
    "+12345678901234",
  ])("%j is a phone number with a country code", (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  test.each([
    ["empty", ""],
    ["only a plus", "+"],
    ["no plus sign", "254712345678"],
    ["a local number", "0712345678"],
    ["too few digits after the country code", "+254712345"],
    ["nine digits in all", "+123456789"],
    ["a plus sign in the middle", "254+712345678"],
    ["two plus signs", "++254712345678"],
    ["a space after the plus", "+ 254712345678"],
    ["a trailing hyphen", "+254712345678-"],
    ["letters", "+254 7I2 345 678"],
    ["brackets", "+254 (712) 345678"],
    ["dots", "+254.712.345.678"],
    ["an extension", "+254712345678 ext 5"],
  ])("%s (%j) is not", (_, phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});

describe("phoneDigits", () => {
  test.each([
    ["+254 712 345 678", "254712345678"],
    ["+254-712-345-678", "254712345678"],
    ["254712345678", "254712345678"],
    ["", ""],
    ["call me", ""],
  ])("%j has digits %j", (phone, digits) => {
    expect(phoneDigits(phone)).toBe(digits);
  });
});

describe("normalisePhone", () => {
  test.each([
    ["+254 712 345 678", "+254712345678"],
    [" +254-712-345-678 ", "+254712345678"],
    ["+254712345678", "+254712345678"],
  ])("%j is stored as %j", (phone, stored) => {
    expect(normalisePhone(phone)).toBe(stored);
  });

  test("the same number typed two ways is stored the same", () => {
    expect(normalisePhone("+254 712 345 678")).toBe(normalisePhone("+254712345678"));
  });
});

describe("maskPhone", () => {
  test.each([
    ["+254712345678", "+254 ••• ••• 678"],
    ["+254 712 345 678", "+254 ••• ••• 678"],
    ["+255 754 123 456", "+255 ••• ••• 456"],
    ["+14155552671", "+1 ••• ••• 671"],
    ["+447911123456", "+44 ••• ••• 456"],
    ["+27821234567", "+27 ••• ••• 567"],
    ["+79161234567", "+7 ••• ••• 567"],
    ["+2348012345678", "+234 ••• ••• 678"],
  ])("%j shows only its country code and last 3 digits: %j", (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  test.each(["", "+254", "12345"])("hides %j entirely, as it is too short to be a phone number", (phone) => {
    expect(maskPhone(phone)).toBe("••• ••• •••");
  });

  test("never shows the middle digits", () => {
    expect(maskPhone("+254712345678")).not.toMatch(/712|345/);
  });
});

describe("phoneSchema", () => {
  test("accepts a spaced number and stores it as '+' and digits", () => {
    expect(phoneSchema.parse("  +254 712 345 678 ")).toBe("+254712345678");
  });

  test.each([["0712345678"], [""], ["   "], ["+254"], [`+254 ${"1".repeat(40)}`]])(
    "refuses %j with the phone message",
    (phone) => {
      const result = phoneSchema.safeParse(phone);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([PHONE_MESSAGE]);
    },
  );

  test("refuses a number that is not text, with the phone message", () => {
    const result = phoneSchema.safeParse(254712345678);
    expect(result.error?.issues.map((i) => i.message)).toEqual([PHONE_MESSAGE]);
  });

  test("accepts a number just within the length limit", () => {
    const phone = `+254 ${"7".repeat(27)}`;
    expect(phone).toHaveLength(32);
    expect(phoneSchema.safeParse(phone).success).toBe(true);
  });
});

describe("maskPhone's country codes", () => {
  test.each([
    ["1", "+1 "],
    ["7", "+7 "],
    ["20", "+20 "],
    ["27", "+27 "],
    ["30", "+30 "],
    ["36", "+36 "],
    ["39", "+39 "],
    ["41", "+41 "],
    ["49", "+49 "],
    ["51", "+51 "],
    ["58", "+58 "],
    ["60", "+60 "],
    ["66", "+66 "],
    ["81", "+81 "],
    ["86", "+86 "],
    ["90", "+90 "],
    ["95", "+95 "],
    ["98", "+98 "],
    ["211", "+211 "],
    ["254", "+254 "],
    ["256", "+256 "],
    ["350", "+350 "],
    ["420", "+420 "],
    ["599", "+599 "],
    ["670", "+670 "],
    ["852", "+852 "],
    ["971", "+971 "],
    ["998", "+998 "],
  ])("a number in country %s shows %j", (code, shown) => {
    expect(maskPhone(`+${code}${"5".repeat(9)}123`)).toBe(`${shown}••• ••• 123`);
  });
});
