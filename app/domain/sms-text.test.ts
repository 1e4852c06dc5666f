import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { notificationMessage, type PlaceholderValues, renderText, SMS_MESSAGE_KEYS } from "./notifications";
import { renderSms, SMS_NAME_MAX, smsName, smsReceipt } from "./sms-text";

// Issue 21: nothing a stranger typed reaches the shop's SMS as typed.

const HOSTILE_NAME = "Call 0700000000 now http://evil.example";

const ORDER: PlaceholderValues = {
  SHOP_NAME: "Duka",
  ORDER_ID: "K7M2Q9",
  CLIENT_NAME: "Wanjiku Kamau",
  TOTAL: "KSH 12,450",
  TRACKING_URL: "https://duka.test/track/AFB7K2M9Q4XP",
  HOW_TO_PAY: "Pay with M-Pesa: https://duka.test/payment-instructions/k7m2q9xpd4hw8n3rt5vb",
  RIDER_NAME: "Otieno Ochieng",
  RIDER_PHONE: "+254722000111",
  MPESA_RECEIPT: "SKL4H7T2QX",
};

// What people type in a name field, hostile or not: mostly letters and spaces, so many names are kept, with
// digits, punctuation, symbols, invisible characters and any other character mixed in.
const typedNames = fc.oneof(
  fc.string({
    unit: fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(..."abcdeKLMNOéñŋɛአበ王فاZ") },
      { weight: 4, arbitrary: fc.constantFrom(" ", " ", ".", "'", "-", "’", "\n", "\t", "\u00a0") },
      { weight: 1, arbitrary: fc.constantFrom(..."0179:/@_,!?()<>#+%&") },
      { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
      { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
    ),
    maxLength: 50,
  }),
  fc.string({ unit: "grapheme", maxLength: 50 }),
);

describe("smsName", () => {
  test.each([
    ["Achieng Otieno", "Achieng Otieno"],
    ["Wanjiru", "Wanjiru"],
    ["O'Neil", "O'Neil"],
    ["Mary-Jane Wambui", "Mary-Jane Wambui"],
    ["J. Kamau", "J. Kamau"],
    ["Dr. Otieno", "Dr. Otieno"],
    ["Zoë Njeri", "Zoë Njeri"],
    ["Zoe\u0308 Njeri", "Zoë Njeri"], // typed with a combining diaeresis: composed first
    ["  Achieng \t  Otieno ", "Achieng Otieno"],
    ["O’Neil", "O'Neil"],
    ["አበበ በቀለ", "አበበ በቀለ"],
    ["فاطمة", "فاطمة"],
    ["王芳", "王芳"],
  ])("keeps %j as %j", (typed, kept) => {
    expect(smsName(typed)).toBe(kept);
  });

  test.each([
    HOSTILE_NAME,
    "Visit evil.example",
    "evil.com",
    "Wanjiru 2",
    "Mary (Shiro)",
    "<script>alert(1)</script>",
    "Achieng 🌸",
    "Achieng_Otieno",
    "Achieng, call me",
    "Achieng!",
    "J.K. Rowling",
    "ｅｖｉｌ．ｃｏｍ",
    "Achieng\u202Emoc.live",
    "Ach\u200Bieng",
    "0700000000",
    "",
    "   ",
    "...",
    "- ' .",
  ])("leaves out %j", (typed) => {
    expect(smsName(typed)).toBeUndefined();
  });

  test("a name over 30 characters keeps its first whole words that fit", () => {
    expect(smsName("Achieng Atieno Wanjiru Kamau Njoroge")).toBe("Achieng Atieno Wanjiru Kamau");
    expect(smsName("Wanjiru Kamau Njoroge Otieno Nyambura")).toBe("Wanjiru Kamau Njoroge Otieno");
  });

  test("a name of exactly 30 characters is kept whole; one word of 31 is left out", () => {
    const thirty = `${"A".repeat(14)} ${"B".repeat(15)}`;
    expect(smsName(thirty)).toBe(thirty);
    expect(smsName("A".repeat(31))).toBeUndefined();
  });

  test("a line break is a space: the name stays on one line", () => {
    expect(smsName("Wanjiru\nKamau")).toBe("Wanjiru Kamau");
  });

  test("whatever is typed, what comes out is letters, spaces and . ' - only, at most 30 long, or nothing", () => {
    fc.assert(
      fc.property(typedNames, (typed) => {
        const name = smsName(typed);
        if (name === undefined) return;
        expect(name).toMatch(/^[\p{L} .'-]+$/u);
        expect(name.length).toBeLessThanOrEqual(SMS_NAME_MAX);
        expect(name).toMatch(/\p{L}/u);
        expect(name).not.toMatch(/\.[^ ]|^ | $| {2}/);
        expect(smsName(name)).toBe(name);
      }),
      { numRuns: 2_000 },
    );
  });

  test("a name made of letters, in words that fit, comes out as typed", () => {
    const word = fc
      .string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzÄÖÜéñçŋɛɔ'-"), minLength: 1, maxLength: 9 })
      .filter((w) => /\p{L}/u.test(w));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 3 }), (words) => {
        const typed = words.join(" ");
        expect(smsName(typed)).toBe(typed);
      }),
    );
  });
});

describe("smsReceipt", () => {
  test.each([
    ["SKL4H7T2QX", "SKL4H7T2QX"],
    [" skl4h7t2qx ", "SKL4H7T2QX"],
  ])("keeps the receipt %j as %j", (value, kept) => {
    expect(smsReceipt(value)).toBe(kept);
  });

  test.each(["0712345678", "www.evil.example", "CALL0700000000NOW", "SKL4H7T2Q", "SKL4-H7T2QX", ""])("leaves out %j", (value) => {
    expect(smsReceipt(value)).toBeUndefined();
  });
});

describe("renderSms", () => {
  test("a hostile name never reaches the order-placed SMS; the rest of it reads as usual", () => {
    const text = renderSms(notificationMessage("order-placed").template.body, { ...ORDER, CLIENT_NAME: HOSTILE_NAME });
    expect(text).toBe(
      "Duka: Thank you! Order #K7M2Q9, KSH 12,450. Pay with M-Pesa: https://duka.test/payment-instructions/k7m2q9xpd4hw8n3rt5vb " +
        "Track it: https://duka.test/track/AFB7K2M9Q4XP",
    );
    for (const part of ["0700000000", "evil", "Call", "now"]) expect(text).not.toContain(part);
  });

  test("every default SMS reads naturally without the name", () => {
    const without = (key: (typeof SMS_MESSAGE_KEYS)[number]) =>
      renderSms(notificationMessage(key).template.body, { ...ORDER, CLIENT_NAME: "" });
    expect(without("order-placed")).toMatch(/^Duka: Thank you! Order #K7M2Q9/);
    expect(without("payment-received")).toMatch(/^Duka: Asante! We have received KSH 12,450/);
    expect(without("delivered")).toContain("Thank you for shopping with us! Details:");
    for (const key of SMS_MESSAGE_KEYS) expect(without(key)).not.toMatch(/ [!,.]| {2}/);
  });

  test("with ordinary values, every default SMS is exactly what renderText makes", () => {
    for (const key of SMS_MESSAGE_KEYS) {
      const body = notificationMessage(key).template.body;
      expect(renderSms(body, ORDER)).toBe(renderText(body, ORDER));
    }
  });

  test("a name over 30 characters is cut to its first words", () => {
    expect(renderSms("Hi {{CLIENT_NAME}}!", { CLIENT_NAME: "Achieng Atieno Wanjiru Kamau Njoroge" })).toBe(
      "Hi Achieng Atieno Wanjiru Kamau!",
    );
  });

  test.each([
    ["Hi {{CLIENT_NAME}}, your order is ready.", "Hi, your order is ready."],
    ["Thank you {{CLIENT_NAME}}!", "Thank you!"],
    ["Thank you for shopping with us, {{CLIENT_NAME}}!", "Thank you for shopping with us!"],
    ["{{CLIENT_NAME}}, your order is ready.", "your order is ready."],
    ["{{SHOP_NAME}}: {{CLIENT_NAME}}, your order is ready.", "Duka: your order is ready."],
    ["{{SHOP_NAME}}: {{CLIENT_NAME}}! Order #{{ORDER_ID}}.", "Duka: Order #K7M2Q9."],
    ["Order #{{ORDER_ID}} is ready.\n{{CLIENT_NAME}}: see you soon", "Order #K7M2Q9 is ready.\nsee you soon"],
    ["Dear {{CLIENT_NAME}} we have it", "Dear we have it"],
    ["{{CLIENT_NAME}}", ""],
  ])("a left-out name: %j reads %j", (template, text) => {
    expect(renderSms(template, { ...ORDER, CLIENT_NAME: "http://evil.example" })).toBe(text);
  });

  test("any placeholder without a value is left out the same way", () => {
    expect(renderSms("Your rider is {{RIDER_NAME}}, {{RIDER_PHONE}}.", {})).toBe("Your rider is.");
    expect(renderSms("Receipt {{MPESA_RECEIPT}}. Thank you", { MPESA_RECEIPT: "0712345678" })).toBe("Receipt. Thank you");
    expect(renderSms("Receipt {{MPESA_RECEIPT}}.", { MPESA_RECEIPT: "skl4h7t2qx" })).toBe("Receipt SKL4H7T2QX.");
  });

  test("values are put in once, and an unknown placeholder stays as written", () => {
    expect(renderSms("{{SHOP_NAME}} {{NOT_A_PLACEHOLDER}}", { SHOP_NAME: "{{TOTAL}}", TOTAL: "KSH 1" })).toBe(
      "{{TOTAL}} {{NOT_A_PLACEHOLDER}}",
    );
  });

  test("whatever the name, the SMS holds no more of it than the allowed letters, within 30 characters", () => {
    const template = "{{SHOP_NAME}}: Thank you {{CLIENT_NAME}}! Order #{{ORDER_ID}}.";
    fc.assert(
      fc.property(typedNames, (typed) => {
        const text = renderSms(template, { SHOP_NAME: "Duka", ORDER_ID: "K7M2Q9", CLIENT_NAME: typed });
        const name = /^Duka: Thank you ?(.*)! Order #K7M2Q9\.$/su.exec(text)?.[1];
        expect(name).toBeDefined();
        expect(name!.length).toBeLessThanOrEqual(SMS_NAME_MAX);
        expect(name).toMatch(/^[\p{L} .'-]*$/u);
      }),
      { numRuns: 1_000 },
    );
  });
});
