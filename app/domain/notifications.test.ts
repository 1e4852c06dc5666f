import { describe, expect, test } from "vitest";
import {
  EMAIL_MESSAGE_KEYS,
  EMPTY_TEMPLATE_MESSAGE,
  GSM_7_CHARACTERS,
  MAX_SEND_ATTEMPTS,
  maskRecipient,
  nextAttemptAt,
  NOTIFICATION_MESSAGES,
  notificationKey,
  notificationMessage,
  PLACEHOLDERS,
  type PlaceholderValues,
  renderEmailHtml,
  renderText,
  retryDelayMs,
  SMS_MESSAGE_KEYS,
  smsParts,
  smsPartsLabel,
  smsRecipient,
  templateProblem,
  URL_PLACEHOLDERS,
} from "./notifications";
import {
  defaultNotificationTemplates,
  EXTRA_EMAILS_MAX,
  extraStaffEmailsSchema,
  notificationTemplatesSchema,
  SMS_BODY_MAX,
} from "./notifications.schema";

// A real order as the shop would fill it in: a long-ish name, a five-figure total, a full tracking link.
const ORDER: PlaceholderValues = {
  SHOP_NAME: "Amani Crafts",
  ORDER_ID: "K7M2Q9",
  CLIENT_NAME: "Wanjiku Kamau",
  CLIENT_PHONE: "+254712345678",
  TOTAL: "KSH 12,450",
  TRACKING_URL: "https://amanicrafts.co.ke/track/AFB7K2M9Q4XP",
  HOW_TO_PAY: "Pay by M-Pesa: Paybill 174379, Account K7M2Q9XPD4.",
  RIDER_NAME: "Otieno Ochieng",
  RIDER_PHONE: "+254722000111",
  MPESA_RECEIPT: "SKL4H7T2QX",
  ITEMS: "2 x Maasai beaded necklace (red), KSH 4,900\n1 x Kiondo basket (large), KSH 7,550",
  ORDER_URL: "https://amanicrafts.co.ke/admin/orders/k7m2q9xpd4hw8n3rt5vb",
  UNPAID_ORDERS: "#K7M2Q9 Wanjiku Kamau, KSH 12,450",
  LOW_STOCK: "Kiondo basket (large): 1 left",
  CONFIRM_URL: "https://amanicrafts.co.ke/newsletter/confirm?token=abc123",
  UNSUBSCRIBE_URL: "https://amanicrafts.co.ke/newsletter/unsubscribe?token=abc123",
};

const ORDER_PLACED_CAN_USE =
  "This message can use {{SHOP_NAME}}, {{ORDER_ID}}, {{CLIENT_NAME}}, {{TOTAL}}, {{HOW_TO_PAY}}, {{TRACKING_URL}}.";

const fixed = (value: number) => () => value;
const NOW = new Date("2026-11-25T09:00:00Z");
const SECOND = 1000;
const MINUTE = 60 * SECOND;

// ---- The messages ------------------------------------------------------------------------------------------

describe("NOTIFICATION_MESSAGES", () => {
  test.each([
    ["order-placed", "sms", "shopper"],
    ["payment-received", "sms", "shopper"],
    ["out-for-delivery", "sms", "shopper"],
    ["delivered", "sms", "shopper"],
    ["cancelled", "sms", "shopper"],
    ["staff-new-order", "email", "staff"],
    ["staff-payment-received", "email", "staff"],
    ["staff-daily-digest", "email", "staff"],
    ["staff-sms-budget-spent", "email", "staff"],
    ["newsletter-confirm", "email", "subscriber"],
  ])("%s goes by %s to the %s", (key, channel, audience) => {
    const message = NOTIFICATION_MESSAGES.find((m) => m.key === key);
    expect(message).toMatchObject({ channel, audience });
    expect(message?.label).toMatch(/^[A-Z]/);
  });

  test("lists every message once, SMS first, then emails", () => {
    expect(NOTIFICATION_MESSAGES.map((m) => m.key)).toEqual([...SMS_MESSAGE_KEYS, ...EMAIL_MESSAGE_KEYS]);
    expect(new Set(NOTIFICATION_MESSAGES.map((m) => m.label)).size).toBe(NOTIFICATION_MESSAGES.length);
  });

  test("an SMS has a body only, an email a subject and a body", () => {
    for (const message of NOTIFICATION_MESSAGES) {
      expect(Object.keys(message.template).sort()).toEqual(message.channel === "sms" ? ["body"] : ["body", "subject"]);
    }
  });

  test("each message allows known placeholders, each once", () => {
    for (const message of NOTIFICATION_MESSAGES) {
      expect(message.placeholders.every((p) => (PLACEHOLDERS as readonly string[]).includes(p))).toBe(true);
      expect(new Set(message.placeholders).size).toBe(message.placeholders.length);
    }
  });

  test("every placeholder is allowed by at least one message", () => {
    const used = new Set(NOTIFICATION_MESSAGES.flatMap((m) => m.placeholders));
    expect([...PLACEHOLDERS].filter((p) => !used.has(p))).toEqual([]);
  });

  test("every SMS to a shopper carries the tracking link, in its allowed placeholders and its default text", () => {
    for (const message of NOTIFICATION_MESSAGES.filter((m) => m.channel === "sms")) {
      expect(message.placeholders).toContain("TRACKING_URL");
      expect(message.template.body).toContain("{{TRACKING_URL}}");
    }
  });

  test("a shopper's SMS can never hold the back-office link or staff lists", () => {
    for (const message of NOTIFICATION_MESSAGES.filter((m) => m.audience === "shopper")) {
      for (const staffOnly of ["ORDER_URL", "UNPAID_ORDERS", "LOW_STOCK", "CONFIRM_URL", "UNSUBSCRIBE_URL"] as const) {
        expect(message.placeholders).not.toContain(staffOnly);
      }
    }
  });

  test.each([
    ["order-placed", ["ORDER_ID", "TOTAL", "HOW_TO_PAY", "TRACKING_URL"]],
    ["payment-received", ["MPESA_RECEIPT", "TOTAL"]],
    ["out-for-delivery", ["RIDER_NAME", "RIDER_PHONE"]],
    ["staff-new-order", ["ITEMS", "TOTAL", "CLIENT_NAME", "CLIENT_PHONE", "ORDER_URL"]],
    ["staff-payment-received", ["MPESA_RECEIPT", "ORDER_URL"]],
    ["staff-daily-digest", ["UNPAID_ORDERS", "LOW_STOCK"]],
    ["staff-sms-budget-spent", ["SMS_PER_DAY"]],
    ["newsletter-confirm", ["CONFIRM_URL", "UNSUBSCRIBE_URL"]],
  ] as const)("%s allows what it is about: %j", (key, placeholders) => {
    expect(notificationMessage(key).placeholders).toEqual(expect.arrayContaining([...placeholders]));
  });

  test("a newsletter subscriber's email knows nothing about orders", () => {
    expect(notificationMessage("newsletter-confirm").placeholders).toEqual(["SHOP_NAME", "CONFIRM_URL", "UNSUBSCRIBE_URL"]);
  });

  test("the order-placed SMS says thank you, the order, the total, how to pay and where to track it", () => {
    expect(notificationMessage("order-placed").template.body).toBe(
      "{{SHOP_NAME}}: Thank you {{CLIENT_NAME}}! Order #{{ORDER_ID}}, {{TOTAL}}. {{HOW_TO_PAY}} Track it: {{TRACKING_URL}}",
    );
  });

  test("every default subject and body passes its own check", () => {
    for (const message of NOTIFICATION_MESSAGES) {
      expect(templateProblem(message.key, message.template.body)).toBeUndefined();
      if (message.channel === "email") expect(templateProblem(message.key, message.template.subject)).toBeUndefined();
    }
  });

  test("every default SMS, filled with a real order, is plain GSM-7 in at most 2 parts", () => {
    for (const message of NOTIFICATION_MESSAGES.filter((m) => m.channel === "sms")) {
      const sms = smsParts(renderText(message.template.body, ORDER));
      expect(sms.encoding, message.key).toBe("GSM-7");
      expect(sms.parts, message.key).toBeLessThanOrEqual(2);
    }
  });

  test("every default SMS uses only placeholders it fills: nothing is left in braces", () => {
    for (const message of NOTIFICATION_MESSAGES) {
      expect(renderText(message.template.body, ORDER)).not.toMatch(/[{}]/);
    }
  });

  test("the order-placed SMS as a shopper receives it", () => {
    expect(renderText(notificationMessage("order-placed").template.body, ORDER)).toBe(
      "Amani Crafts: Thank you Wanjiku Kamau! Order #K7M2Q9, KSH 12,450. Pay by M-Pesa: Paybill 174379, Account K7M2Q9XPD4. " +
        "Track it: https://amanicrafts.co.ke/track/AFB7K2M9Q4XP",
    );
  });

  test("the out-for-delivery SMS names the rider and their phone", () => {
    const text = renderText(notificationMessage("out-for-delivery").template.body, ORDER);
    expect(text).toContain("Otieno Ochieng");
    expect(text).toContain("+254722000111");
  });
});

describe("notificationMessage", () => {
  test("finds a message by its key", () => {
    expect(notificationMessage("delivered").key).toBe("delivered");
    expect(notificationMessage("newsletter-confirm").template.subject).toBe("Please confirm your subscription to {{SHOP_NAME}}");
  });

  test("throws for a key that is not a message", () => {
    expect(() => notificationMessage("refunded" as never)).toThrow(RangeError);
  });
});

// ---- Checking a template -----------------------------------------------------------------------------------

describe("templateProblem", () => {
  test.each([
    ["Order #{{ORDER_ID}} is ready.", "a known placeholder"],
    ["{{SHOP_NAME}}{{ORDER_ID}}{{TRACKING_URL}}", "placeholders side by side"],
    ["Thank you!", "no placeholder at all"],
    ["Karibu sana, tutaonana! 😀", "emoji and Swahili"],
    ["Price {in KSH}, a { or } alone", "single braces around ordinary words"],
    ["{{ORDER_ID}} {{ORDER_ID}}", "the same placeholder twice"],
  ])("accepts %j (%s)", (text) => {
    expect(templateProblem("order-placed", text)).toBeUndefined();
  });

  test.each(["", " ", "\n\t \n"])("refuses an empty text %j with the usual wording", (text) => {
    expect(templateProblem("order-placed", text)).toBe("Please fill this in.");
    expect(EMPTY_TEMPLATE_MESSAGE).toBe("Please fill this in.");
  });

  test("names an unknown placeholder and lists the ones the message can use", () => {
    expect(templateProblem("order-placed", "Hi {{FOO}}")).toBe(`Unknown placeholder {{FOO}}. ${ORDER_PLACED_CAN_USE}`);
  });

  test("a placeholder another message uses is unknown to this one", () => {
    expect(templateProblem("order-placed", "Your rider is {{RIDER_NAME}}.")).toBe(
      `Unknown placeholder {{RIDER_NAME}}. ${ORDER_PLACED_CAN_USE}`,
    );
    expect(templateProblem("newsletter-confirm", "Order {{ORDER_ID}}")).toBe(
      "Unknown placeholder {{ORDER_ID}}. This message can use {{SHOP_NAME}}, {{CONFIRM_URL}}, {{UNSUBSCRIBE_URL}}.",
    );
  });

  test("names the first of several unknown placeholders, in the text's order", () => {
    expect(templateProblem("order-placed", "{{ORDER_ID}} {{BAR}} {{FOO}}")).toBe(`Unknown placeholder {{BAR}}. ${ORDER_PLACED_CAN_USE}`);
    expect(templateProblem("order-placed", "{{ order_id }} then {{FOO}}")).toMatch(/^Unknown placeholder \{\{ order_id \}\} /);
  });

  test.each([
    ["{{ ORDER_ID }}", "{{ ORDER_ID }}", "spaces inside"],
    ["{{order_id}}", "{{order_id}}", "small letters"],
    ["{{Order_Id}}", "{{Order_Id}}", "mixed letters"],
    ["{{ORDER-ID}}", "{{ORDER-ID}}", "a hyphen"],
    ["{ORDER_ID}", "{ORDER_ID}", "one brace each side"],
    ["{{ORDER_ID}", "{{ORDER_ID}", "one closing brace"],
    ["{ORDER_ID}}", "{ORDER_ID}}", "one opening brace"],
    ["{{{ORDER_ID}}}", "{{{ORDER_ID}}}", "three braces"],
    ["Order {{ORDER_ID is ready", "{{ORDER_ID", "never closed"],
    ["Order ORDER_ID}} is ready", "ORDER_ID}}", "never opened"],
  ])("calls %j unknown and shows how to write it (%s)", (text, spelt) => {
    expect(templateProblem("order-placed", text)).toBe(
      `Unknown placeholder ${spelt} (write it as {{ORDER_ID}}). ${ORDER_PLACED_CAN_USE}`,
    );
  });

  test("a misspelt placeholder the message cannot use gets the general rule instead of a suggestion", () => {
    expect(templateProblem("order-placed", "{{ rider_name }}")).toBe(
      "Unknown placeholder {{ rider_name }} (write placeholders in capitals with two braces on each side, like {{SHOP_NAME}}). " +
        ORDER_PLACED_CAN_USE,
    );
    expect(templateProblem("order-placed", "{{}}")).toBe(
      "Unknown placeholder {{}} (write placeholders in capitals with two braces on each side, like {{SHOP_NAME}}). " +
        ORDER_PLACED_CAN_USE,
    );
  });

  test("a lone pair of braces is still a problem", () => {
    expect(templateProblem("delivered", "Done {{ ")).toMatch(/^Unknown placeholder \{\{ \(write placeholders/);
    expect(templateProblem("delivered", "Done }}")).toMatch(/^Unknown placeholder \}\} \(write placeholders/);
  });

  test("checks subjects the same way", () => {
    expect(templateProblem("staff-new-order", "New order {{ORDER_ID}} from {{CLIENT_NAME}}")).toBeUndefined();
    expect(templateProblem("staff-new-order", "New order {{RIDER_NAME}}")).toBe(
      "Unknown placeholder {{RIDER_NAME}}. This message can use {{SHOP_NAME}}, {{ORDER_ID}}, {{CLIENT_NAME}}, {{CLIENT_PHONE}}, " +
        "{{TOTAL}}, {{ITEMS}}, {{HOW_TO_PAY}}, {{TRACKING_URL}}, {{ORDER_URL}}.",
    );
  });

  test("a very long text is checked quickly, whatever braces it holds", () => {
    const started = performance.now();
    expect(templateProblem("order-placed", "x { y } ".repeat(50_000) + "{" + "x".repeat(200_000))).toBeUndefined();
    expect(templateProblem("order-placed", "x { ".repeat(50_000) + "} y ".repeat(50_000))).toBeUndefined();
    expect(templateProblem("order-placed", "x".repeat(200_000) + "{".repeat(50_000))).toMatch(/^Unknown placeholder \{\{\{/);
    expect(templateProblem("order-placed", "}".repeat(50_000) + "{".repeat(50_000))).toMatch(/^Unknown placeholder \}\}\}/);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

// ---- Rendering ---------------------------------------------------------------------------------------------

describe("renderText", () => {
  test("puts each value in its placeholder, everywhere it appears", () => {
    expect(renderText("#{{ORDER_ID}} for {{CLIENT_NAME}}; again #{{ORDER_ID}}", ORDER)).toBe(
      "#K7M2Q9 for Wanjiku Kamau; again #K7M2Q9",
    );
  });

  test("a placeholder without a value becomes empty", () => {
    expect(renderText("Receipt: {{MPESA_RECEIPT}}.", {})).toBe("Receipt: .");
    expect(renderText("Receipt: {{MPESA_RECEIPT}}.", { MPESA_RECEIPT: "" })).toBe("Receipt: .");
  });

  test("leaves text without placeholders as it is", () => {
    expect(renderText("Total KSH 2,450 {not a placeholder}", ORDER)).toBe("Total KSH 2,450 {not a placeholder}");
  });

  test("leaves an unknown placeholder as typed rather than dropping words", () => {
    expect(renderText("Hi {{FOO}} {{ORDER_ID}}", ORDER)).toBe("Hi {{FOO}} K7M2Q9");
  });

  test("puts values in once: a value that looks like a placeholder is not filled in again", () => {
    expect(renderText("Hi {{CLIENT_NAME}}", { CLIENT_NAME: "{{ORDER_ID}}", ORDER_ID: "K7M2Q9" })).toBe("Hi {{ORDER_ID}}");
  });

  test("takes values literally, '$' patterns included", () => {
    expect(renderText("Hi {{CLIENT_NAME}}", { CLIENT_NAME: "$& $1 $$ $'" })).toBe("Hi $& $1 $$ $'");
  });

  test("does not escape anything: an SMS is plain text", () => {
    expect(renderText("{{CLIENT_NAME}}", { CLIENT_NAME: 'Tom & "Jerry" <b>' })).toBe('Tom & "Jerry" <b>');
  });
});

describe("renderEmailHtml", () => {
  test("blank lines make paragraphs, single line breaks <br>, web addresses from link placeholders links", () => {
    const html = renderEmailHtml("Hello {{CLIENT_NAME}},\n\nYour order is ready.\nTrack it: {{TRACKING_URL}}", ORDER);
    expect(html).toBe(
      "<p>Hello Wanjiku Kamau,</p>\n" +
        "<p>Your order is ready.<br>\n" +
        'Track it: <a href="https://amanicrafts.co.ke/track/AFB7K2M9Q4XP">https://amanicrafts.co.ke/track/AFB7K2M9Q4XP</a></p>',
    );
  });

  test("a client named <script>alert(1)</script> is shown, never run", () => {
    const html = renderEmailHtml("New order from {{CLIENT_NAME}}", { CLIENT_NAME: "<script>alert(1)</script>" });
    expect(html).toBe("<p>New order from &lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(html).not.toContain("<script");
  });

  test("a client named Tom & \"Jerry\" keeps every character, escaped", () => {
    expect(renderEmailHtml("From {{CLIENT_NAME}}", { CLIENT_NAME: `Tom & "Jerry" O'Brien` })).toBe(
      "<p>From Tom &amp; &quot;Jerry&quot; O&#39;Brien</p>",
    );
  });

  test("HTML staff type into a template is shown as text, not trusted", () => {
    expect(renderEmailHtml('<b>Hi</b> <img src=x onerror="alert(1)"> & {{SHOP_NAME}}', ORDER)).toBe(
      "<p>&lt;b&gt;Hi&lt;/b&gt; &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Amani Crafts</p>",
    );
  });

  test("a link's address is escaped in the href and in the text", () => {
    const url = `https://amanicrafts.co.ke/track?a=1&b="2"&c='3'<x>`;
    const escaped = "https://amanicrafts.co.ke/track?a=1&amp;b=&quot;2&quot;&amp;c=&#39;3&#39;&lt;x&gt;";
    expect(renderEmailHtml("{{TRACKING_URL}}", { TRACKING_URL: url })).toBe(`<p><a href="${escaped}">${escaped}</a></p>`);
  });

  test.each([
    ["javascript:alert(1)", "<p>Open: javascript:alert(1)</p>"],
    ["data:text/html,<script>alert(1)</script>", "<p>Open: data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;</p>"],
    ["not a web address", "<p>Open: not a web address</p>"],
    ["/admin/orders/abc", "<p>Open: /admin/orders/abc</p>"],
    ["", "<p>Open:</p>"],
  ])("a link placeholder holding %j stays plain text", (value, html) => {
    expect(renderEmailHtml("Open: {{ORDER_URL}}", { ORDER_URL: value })).toBe(html);
  });

  test("every link placeholder becomes a link; an address in any other placeholder does not", () => {
    for (const name of URL_PLACEHOLDERS) {
      expect(renderEmailHtml(`{{${name}}}`, { [name]: "https://example.com/x" })).toBe(
        '<p><a href="https://example.com/x">https://example.com/x</a></p>',
      );
    }
    expect(renderEmailHtml("{{CLIENT_NAME}}", { CLIENT_NAME: "https://evil.example/" })).toBe("<p>https://evil.example/</p>");
  });

  test("line breaks inside a value (a list of items) become <br> and paragraphs too", () => {
    expect(renderEmailHtml("Items:\n{{ITEMS}}", { ITEMS: "2 x Necklace\r\n1 x Basket\n\nNote: <gift>" })).toBe(
      "<p>Items:<br>\n2 x Necklace<br>\n1 x Basket</p>\n<p>Note: &lt;gift&gt;</p>",
    );
  });

  test("Windows line breaks, several blank lines and stray spaces make clean paragraphs", () => {
    expect(renderEmailHtml("  One \r\n two\r\n\r\n\r\n  \n Three  \n\n", {})).toBe("<p>One<br>\ntwo</p>\n<p>Three</p>");
  });

  test("an empty template or one of blank lines renders nothing", () => {
    expect(renderEmailHtml("", ORDER)).toBe("");
    expect(renderEmailHtml("\n\n  \n", ORDER)).toBe("");
  });

  test("a missing value is empty; an unknown placeholder shows as typed", () => {
    expect(renderEmailHtml("Receipt {{MPESA_RECEIPT}} {{FOO}}", {})).toBe("<p>Receipt  {{FOO}}</p>");
  });

  test("a value that looks like a placeholder is not filled in again", () => {
    expect(renderEmailHtml("{{CLIENT_NAME}}", { CLIENT_NAME: "{{ORDER_URL}}", ORDER_URL: "https://x.example/" })).toBe(
      "<p>{{ORDER_URL}}</p>",
    );
  });

  test("the default staff email for a new order", () => {
    const message = notificationMessage("staff-new-order");
    expect(renderText(message.template.subject, ORDER)).toBe("New order #K7M2Q9 from Wanjiku Kamau, KSH 12,450");
    expect(renderEmailHtml(message.template.body, ORDER)).toBe(
      "<p>Wanjiku Kamau (+254712345678) has placed order #K7M2Q9 for KSH 12,450.</p>\n" +
        "<p>2 x Maasai beaded necklace (red), KSH 4,900<br>\n1 x Kiondo basket (large), KSH 7,550</p>\n" +
        '<p>Open the order: <a href="https://amanicrafts.co.ke/admin/orders/k7m2q9xpd4hw8n3rt5vb">' +
        "https://amanicrafts.co.ke/admin/orders/k7m2q9xpd4hw8n3rt5vb</a></p>",
    );
  });

  test("the default newsletter confirmation links to confirm and to unsubscribe", () => {
    const html = renderEmailHtml(notificationMessage("newsletter-confirm").template.body, ORDER);
    expect(html).toContain('<a href="https://amanicrafts.co.ke/newsletter/confirm?token=abc123">');
    expect(html).toContain('<a href="https://amanicrafts.co.ke/newsletter/unsubscribe?token=abc123">');
  });
});

// ---- SMS length --------------------------------------------------------------------------------------------

const a = (n: number) => "a".repeat(n);
const emoji = (n: number) => "😀".repeat(n);

describe("smsParts", () => {
  test("empty text is no SMS at all", () => {
    expect(smsParts("")).toEqual({ encoding: "GSM-7", units: 0, parts: 0, perPart: 160 });
  });

  test.each([
    [1, 1, 160],
    [153, 1, 160],
    [154, 1, 160],
    [160, 1, 160],
    [161, 2, 153],
    [305, 2, 153],
    [306, 2, 153],
    [307, 3, 153],
    [459, 3, 153],
    [460, 4, 153],
    [918, 6, 153],
    [919, 7, 153],
  ])("%i plain characters are %i part(s) of %i", (length, parts, perPart) => {
    expect(smsParts(a(length))).toEqual({ encoding: "GSM-7", units: length, parts, perPart });
  });

  test("texts in Kenyan shillings are plain GSM-7", () => {
    expect(smsParts("Your total is KSH 2,450. Pay via M-Pesa Paybill 174379, Account K7M2Q9.")).toEqual({
      encoding: "GSM-7",
      units: 71,
      parts: 1,
      perPart: 160,
    });
    expect(smsParts("Kenyan shilling KSH 1,200 @ 50% off! (today) #deal").encoding).toBe("GSM-7");
  });

  test("every character of the GSM-7 basic table, accents and Greek capitals included, counts one", () => {
    const basics = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
    expect(Array.from(basics)).toHaveLength(127);
    for (const c of basics) expect(smsParts(c), JSON.stringify(c)).toEqual({ encoding: "GSM-7", units: 1, parts: 1, perPart: 160 });
    expect(GSM_7_CHARACTERS.basic.size).toBe(127);
  });

  test.each(["^", "{", "}", "\\", "[", "~", "]", "|", "€", "\f"])("extension character %j counts two", (c) => {
    expect(smsParts(c)).toEqual({ encoding: "GSM-7", units: 2, parts: 1, perPart: 160 });
    expect(GSM_7_CHARACTERS.extension.has(c)).toBe(true);
  });

  test("extension characters fill a single SMS two at a time", () => {
    expect(smsParts(`${a(158)}€`)).toEqual({ encoding: "GSM-7", units: 160, parts: 1, perPart: 160 });
    expect(smsParts(`${a(159)}€`)).toEqual({ encoding: "GSM-7", units: 161, parts: 2, perPart: 153 });
    expect(smsParts("€".repeat(80))).toEqual({ encoding: "GSM-7", units: 160, parts: 1, perPart: 160 });
  });

  test("an extension character is never split across parts: one at a part's boundary moves to the next", () => {
    // 152 + 2 would end part 1 on half of the €; it goes whole into part 2, which then needs 154 places.
    expect(smsParts(`${a(152)}€${a(152)}`)).toEqual({ encoding: "GSM-7", units: 306, parts: 3, perPart: 153 });
    expect(smsParts(`${a(151)}€${a(153)}`)).toEqual({ encoding: "GSM-7", units: 306, parts: 2, perPart: 153 });
    expect(smsParts(`${a(152)}€${a(151)}`)).toEqual({ encoding: "GSM-7", units: 305, parts: 2, perPart: 153 });
  });

  test.each([
    ["`", "a backtick"],
    ["’", "a curly apostrophe from a phone keyboard"],
    ["“", "a curly quote"],
    ["—", "an em dash"],
    ["•", "a bullet"],
    ["ç", "a small c with cedilla (only the capital is in the table)"],
    ["á", "an a with acute"],
    ["ш", "Cyrillic"],
    ["😀", "an emoji"],
  ])("%j (%s) makes the whole text UCS-2", (c, _why) => {
    const parts = smsParts(`Asante ${c}`);
    expect(parts.encoding).toBe("UCS-2");
    expect(parts.perPart).toBe(70);
  });

  test("in UCS-2 an emoji counts its two UTF-16 units", () => {
    expect(smsParts("Karibu 😀")).toEqual({ encoding: "UCS-2", units: 9, parts: 1, perPart: 70 });
    expect(smsParts("👍🏽")).toEqual({ encoding: "UCS-2", units: 4, parts: 1, perPart: 70 });
  });

  test("in UCS-2 an extension character counts one, like any other", () => {
    expect(smsParts("€ 😀")).toEqual({ encoding: "UCS-2", units: 4, parts: 1, perPart: 70 });
  });

  test.each([
    [`${"ж".repeat(70)}`, 70, 1, 70],
    [`${"ж".repeat(71)}`, 71, 2, 67],
    [`${"ж".repeat(134)}`, 134, 2, 67],
    [`${"ж".repeat(135)}`, 135, 3, 67],
    [emoji(35), 70, 1, 70],
    [emoji(36), 72, 2, 67],
  ])("UCS-2 text of %#: %i units are %i part(s) of %i", (text, units, parts, perPart) => {
    expect(smsParts(text)).toEqual({ encoding: "UCS-2", units, parts, perPart });
  });

  test("a surrogate pair is never split across parts", () => {
    // Part 1 has room for 66 + 1; the emoji needs 2, so it starts part 2.
    expect(smsParts(`${"ж".repeat(66)}😀${"ж".repeat(66)}`)).toEqual({ encoding: "UCS-2", units: 134, parts: 3, perPart: 67 });
    expect(smsParts(`${"ж".repeat(65)}😀${"ж".repeat(67)}`)).toEqual({ encoding: "UCS-2", units: 134, parts: 2, perPart: 67 });
    // 33 emoji fill 66 of part 1's 67 places; the 34th opens part 2.
    expect(smsParts(emoji(67))).toEqual({ encoding: "UCS-2", units: 134, parts: 3, perPart: 67 });
  });

  test("one emoji in a long plain text more than doubles the parts", () => {
    expect(smsParts(a(150)).parts).toBe(1);
    expect(smsParts(`${a(150)} 😀`)).toEqual({ encoding: "UCS-2", units: 153, parts: 3, perPart: 67 });
  });

  test("a lone surrogate half is not GSM-7 and counts one", () => {
    expect(smsParts("a\uD83D")).toEqual({ encoding: "UCS-2", units: 2, parts: 1, perPart: 70 });
  });
});

describe("smsPartsLabel", () => {
  test.each([
    ["", "Empty: no SMS will be sent."],
    [a(1), "1 SMS (1 of 160 characters)"],
    [a(154), "1 SMS (154 of 160 characters)"],
    [a(160), "1 SMS (160 of 160 characters)"],
    [`${a(150)}€€`, "1 SMS (154 of 160 characters)"],
    [a(200), "2 SMS parts (200 characters, up to 153 per part)"],
    [a(307), "3 SMS parts (307 characters, up to 153 per part)"],
    ["Karibu 😀", "1 SMS (9 of 70 characters, shorter because of special characters such as emoji or curly quotes)"],
    [
      "ж".repeat(100),
      "2 SMS parts (100 characters, up to 67 per part, shorter because of special characters such as emoji or curly quotes)",
    ],
  ])("for %j: %s", (text, label) => {
    expect(smsPartsLabel(smsParts(text))).toBe(label);
  });
});

// ---- Retries -----------------------------------------------------------------------------------------------

describe("retryDelayMs", () => {
  test.each([
    [1, 30 * SECOND],
    [2, 1 * MINUTE],
    [3, 2 * MINUTE],
    [4, 4 * MINUTE],
    [5, 8 * MINUTE],
    [6, 16 * MINUTE],
    [7, 32 * MINUTE],
    [8, 60 * MINUTE],
    [9, 60 * MINUTE],
    [50, 60 * MINUTE],
    [5000, 60 * MINUTE],
  ])("without jitter (random 0.5), after failure %i it waits %i ms", (attempt, delay) => {
    expect(retryDelayMs(attempt, fixed(0.5))).toBe(delay);
  });

  test.each([
    [1, 24 * SECOND, 36 * SECOND],
    [2, 48 * SECOND, 72 * SECOND],
    [7, 1_536 * SECOND, 2_304 * SECOND],
    // At the cap jitter only shortens the wait: never more than an hour.
    [8, 48 * MINUTE, 60 * MINUTE],
    [100, 48 * MINUTE, 60 * MINUTE],
  ])("after failure %i, random at its extremes gives %i ms (0) to %i ms (just under 1)", (attempt, low, high) => {
    expect(retryDelayMs(attempt, fixed(0))).toBe(low);
    expect(retryDelayMs(attempt, fixed(1 - Number.EPSILON))).toBe(high);
  });

  test("jitter moves the wait in proportion to random()", () => {
    expect(retryDelayMs(1, fixed(0.25))).toBe(27 * SECOND);
    expect(retryDelayMs(1, fixed(0.75))).toBe(33 * SECOND);
    expect(retryDelayMs(3, fixed(0.75))).toBe(132 * SECOND);
  });

  test("stays within ±20% for any random value", () => {
    for (let i = 0; i <= 100; i++) {
      const delay = retryDelayMs(4, fixed(i / 101));
      expect(delay).toBeGreaterThanOrEqual(0.8 * 4 * MINUTE);
      expect(delay).toBeLessThanOrEqual(1.2 * 4 * MINUTE);
    }
  });

  test("a random source outside [0, 1) is kept to the ±20% band", () => {
    expect(retryDelayMs(1, fixed(-3))).toBe(24 * SECOND);
    expect(retryDelayMs(1, fixed(7))).toBe(36 * SECOND);
  });

  test("an attempt number below 1 or not a number reads as the first failure", () => {
    expect(retryDelayMs(0, fixed(0.5))).toBe(30 * SECOND);
    expect(retryDelayMs(-2, fixed(0.5))).toBe(30 * SECOND);
    expect(retryDelayMs(Number.NaN, fixed(0.5))).toBe(30 * SECOND);
    expect(retryDelayMs(2.9, fixed(0.5))).toBe(1 * MINUTE);
  });

  test("returns whole milliseconds", () => {
    expect(Number.isInteger(retryDelayMs(3, fixed(0.123456789)))).toBe(true);
  });
});

describe("nextAttemptAt", () => {
  test("MAX_SEND_ATTEMPTS is 8", () => {
    expect(MAX_SEND_ATTEMPTS).toBe(8);
  });

  test.each([
    [1, "2026-11-25T09:00:30.000Z"],
    [2, "2026-11-25T09:01:00.000Z"],
    [4, "2026-11-25T09:04:00.000Z"],
    [7, "2026-11-25T09:32:00.000Z"],
  ])("after %i failed attempt(s), the next is at %s (no jitter)", (attempt, at) => {
    expect(nextAttemptAt(NOW, attempt, fixed(0.5))?.toISOString()).toBe(at);
  });

  test.each([8, 9, 100])("after %i attempts the message is given up", (attempt) => {
    expect(nextAttemptAt(NOW, attempt, fixed(0.5))).toBeUndefined();
  });

  test("with no attempt made yet, it is due now", () => {
    expect(nextAttemptAt(NOW, 0, fixed(0.5))?.toISOString()).toBe(NOW.toISOString());
  });

  test("applies the jitter it is given", () => {
    expect(nextAttemptAt(NOW, 1, fixed(0))?.toISOString()).toBe("2026-11-25T09:00:24.000Z");
  });

  test("the whole schedule gives up a little over an hour after the first failure", () => {
    let at = NOW;
    for (let attempt = 1; attempt < MAX_SEND_ATTEMPTS; attempt++) at = nextAttemptAt(at, attempt, fixed(0.5)) ?? at;
    expect(at.getTime() - NOW.getTime()).toBe(3_810 * SECOND);
    expect(nextAttemptAt(at, MAX_SEND_ATTEMPTS, fixed(0.5))).toBeUndefined();
  });

  test("does not change the `now` it is given", () => {
    const now = new Date(NOW);
    nextAttemptAt(now, 3, fixed(0.5));
    expect(now.toISOString()).toBe(NOW.toISOString());
  });
});

// ---- Keys and people ---------------------------------------------------------------------------------------

describe("notificationKey", () => {
  test("is the event, the channel and the recipient", () => {
    expect(notificationKey("order-placed:ab12cd34ef", "sms", "+254712345678")).toBe("order-placed:ab12cd34ef:sms:+254712345678");
    expect(notificationKey("staff-new-order:ab12cd34ef", "email", "owner@amanicrafts.co.ke")).toBe(
      "staff-new-order:ab12cd34ef:email:owner@amanicrafts.co.ke",
    );
  });

  test("one person written two ways is one key, so they are not sent the message twice", () => {
    expect(notificationKey("delivered:x", "sms", " +254 712-345 678 ")).toBe("delivered:x:sms:+254712345678");
    expect(notificationKey("staff-new-order:x", "email", " Owner@AmaniCrafts.co.ke ")).toBe(
      "staff-new-order:x:email:owner@amanicrafts.co.ke",
    );
  });

  test("differs by event, channel and recipient", () => {
    const keys = new Set([
      notificationKey("order-placed:a", "sms", "+254712345678"),
      notificationKey("order-placed:b", "sms", "+254712345678"),
      notificationKey("payment-received:a", "sms", "+254712345678"),
      notificationKey("order-placed:a", "sms", "+254712345679"),
      notificationKey("order-placed:a", "email", "+254712345678"),
    ]);
    expect(keys.size).toBe(5);
  });
});

describe("smsRecipient", () => {
  test.each([
    ["+254712345678", "+254712345678"],
    ["+254 712 345 678", "+254712345678"],
    ["  +254 712-345-678 ", "+254712345678"],
    ["+255 754 123 456", "+255754123456"],
    ["+1 415 555 0100", "+14155550100"],
  ])("%j is sent to %j", (phone, recipient) => {
    expect(smsRecipient(phone)).toBe(recipient);
  });

  test.each(["", "0712345678", "712345678", "+2547", "+254 712 abc", "phone", `+254${"1".repeat(40)}`, "+254..712345678"])(
    "%j cannot be sent an SMS",
    (phone) => {
      expect(smsRecipient(phone)).toBeUndefined();
    },
  );
});

describe("maskRecipient", () => {
  test.each([
    ["+254712345678", "+254 ••• ••• 678"],
    ["+254 712 345 678", "+254 ••• ••• 678"],
    ["+14155550100", "+1 ••• ••• 100"],
    ["+2547", "••• ••• •••"],
  ])("shows the phone %j as %j", (phone, masked) => {
    expect(maskRecipient("sms", phone)).toBe(masked);
  });

  test.each([
    ["wanjiku@example.com", "w•••@example.com"],
    ["Wanjiku.Kamau@Example.COM", "W•••@example.com"],
    [" a@b.co ", "a•••@b.co"],
    ["owner+orders@amanicrafts.co.ke", "o•••@amanicrafts.co.ke"],
    ["\"odd@name\"@example.com", "\"•••@example.com"],
    ["élise@example.com", "é•••@example.com"],
    ["😀me@example.com", "😀•••@example.com"],
  ])("shows the email %j as %j", (email, masked) => {
    expect(maskRecipient("email", email)).toBe(masked);
  });

  test.each(["", "not-an-email", "@example.com", "wanjiku@", "@"])("hides %j entirely", (email) => {
    expect(maskRecipient("email", email)).toBe("•••");
  });
});

// ---- The templates document -------------------------------------------------------------------------------

const firstIssue = (input: unknown) => {
  const parsed = notificationTemplatesSchema.safeParse(input);
  return parsed.success ? undefined : { path: parsed.error.issues[0]?.path.join("."), message: parsed.error.issues[0]?.message };
};

describe("defaultNotificationTemplates", () => {
  test("has every message, enabled, with its default text", () => {
    const defaults = defaultNotificationTemplates();
    expect(Object.keys(defaults)).toEqual(NOTIFICATION_MESSAGES.map((m) => m.key));
    expect(defaults["order-placed"]).toEqual({ enabled: true, body: notificationMessage("order-placed").template.body });
    expect(defaults["newsletter-confirm"]).toEqual({ enabled: true, ...notificationMessage("newsletter-confirm").template });
    expect(Object.values(defaults).every((t) => t.enabled)).toBe(true);
  });

  test("passes the schema unchanged", () => {
    expect(notificationTemplatesSchema.parse(defaultNotificationTemplates())).toEqual(defaultNotificationTemplates());
  });

  test("returns a fresh copy each time", () => {
    const mine = defaultNotificationTemplates();
    mine.delivered.body = "changed";
    expect(defaultNotificationTemplates().delivered.body).not.toBe("changed");
    expect(notificationMessage("delivered").template.body).not.toBe("changed");
  });
});

describe("notificationTemplatesSchema", () => {
  const withChange = (key: string, change: object) => {
    const defaults: Record<string, object> = defaultNotificationTemplates();
    return { ...defaults, [key]: { ...defaults[key], ...change } };
  };

  test("templates saved before the SMS budget email existed keep their edits and gain it, switched on", () => {
    const { "staff-sms-budget-spent": _added, ...saved } = withChange("cancelled", { enabled: false }) as ReturnType<typeof defaultNotificationTemplates>;
    const parsed = notificationTemplatesSchema.parse(saved);
    expect(parsed.cancelled.enabled).toBe(false);
    expect(parsed["staff-sms-budget-spent"]).toEqual({ enabled: true, ...notificationMessage("staff-sms-budget-spent").template });
  });

  test("the SMS budget email tells the owners the budget and that only a Developer can change it", () => {
    const values = { SHOP_NAME: "Amani Crafts", SMS_PER_DAY: "500" };
    const { subject, body } = notificationMessage("staff-sms-budget-spent").template;
    expect(renderText(subject, values)).toBe("Amani Crafts: today's SMS budget is spent");
    expect(renderText(body, values)).toMatch(/^The shop has sent its 500 SMS for today, so further SMS to shoppers are not sent until midnight\./);
    expect(renderText(body, values)).toContain("a Developer can raise the daily SMS budget in Site Settings");
  });

  test("keeps a message switched off", () => {
    const parsed = notificationTemplatesSchema.parse(withChange("cancelled", { enabled: false }));
    expect(parsed.cancelled.enabled).toBe(false);
  });

  test("trims a subject and body", () => {
    const parsed = notificationTemplatesSchema.parse(withChange("staff-new-order", { subject: "  New order #{{ORDER_ID}} ", body: "\n Hi \n" }));
    expect(parsed["staff-new-order"]).toEqual({ enabled: true, subject: "New order #{{ORDER_ID}}", body: "Hi" });
  });

  test("refuses an unknown placeholder on the field that has it", () => {
    expect(firstIssue(withChange("order-placed", { body: "Hi {{RIDER_NAME}}" }))).toEqual({
      path: "order-placed.body",
      message: `Unknown placeholder {{RIDER_NAME}}. ${ORDER_PLACED_CAN_USE}`,
    });
    expect(firstIssue(withChange("newsletter-confirm", { subject: "Order {{ order_id }}" }))).toEqual({
      path: "newsletter-confirm.subject",
      message:
        "Unknown placeholder {{ order_id }} (write placeholders in capitals with two braces on each side, like {{SHOP_NAME}}). " +
        "This message can use {{SHOP_NAME}}, {{CONFIRM_URL}}, {{UNSUBSCRIBE_URL}}.",
    });
  });

  test("a newsletter email's body must keep its confirm and unsubscribe links; its subject need not", () => {
    const body = "Confirm: {{CONFIRM_URL}}";
    expect(firstIssue(withChange("newsletter-confirm", { body }))).toEqual({
      path: "newsletter-confirm.body",
      message: "This message must include {{UNSUBSCRIBE_URL}}, so every reader can act on it in one click.",
    });
    expect(firstIssue(withChange("newsletter-confirm", { body: "Leave: {{UNSUBSCRIBE_URL}}" }))?.message).toBe(
      "This message must include {{CONFIRM_URL}}, so every reader can act on it in one click.",
    );
    expect(firstIssue(withChange("newsletter-confirm", { subject: "Karibu to {{SHOP_NAME}}" }))).toBeUndefined();
    expect(firstIssue(withChange("staff-new-order", { body: "A new order." }))).toBeUndefined();
  });

  test("refuses an empty body or subject, blank spaces included", () => {
    expect(firstIssue(withChange("delivered", { body: "   " }))).toEqual({ path: "delivered.body", message: "Please fill this in." });
    expect(firstIssue(withChange("staff-daily-digest", { subject: "" }))).toEqual({
      path: "staff-daily-digest.subject",
      message: "Please fill this in.",
    });
  });

  test("an SMS body may have 918 characters (6 parts of 153), no more", () => {
    expect(SMS_BODY_MAX).toBe(918);
    expect(firstIssue(withChange("delivered", { body: a(918) }))).toBeUndefined();
    expect(firstIssue(withChange("delivered", { body: a(919) }))).toEqual({
      path: "delivered.body",
      message: "Please keep this to 918 characters.",
    });
  });

  test("an email body may have 2000 characters and a subject 200", () => {
    expect(firstIssue(withChange("staff-new-order", { body: a(2000), subject: a(200) }))).toBeUndefined();
    expect(firstIssue(withChange("staff-new-order", { body: a(2001) }))).toEqual({
      path: "staff-new-order.body",
      message: "Please keep this to 2000 characters.",
    });
    expect(firstIssue(withChange("staff-new-order", { subject: a(201) }))).toEqual({
      path: "staff-new-order.subject",
      message: "Please keep this to 200 characters.",
    });
  });

  test("an email without a subject is refused", () => {
    const document: Record<string, object> = defaultNotificationTemplates();
    document["staff-new-order"] = { enabled: true, body: "Hi" };
    expect(firstIssue(document)?.path).toBe("staff-new-order.subject");
  });

  test("a subject sent with an SMS is dropped", () => {
    const parsed = notificationTemplatesSchema.parse(withChange("delivered", { subject: "ignored" }));
    expect(parsed.delivered).toEqual({ enabled: true, body: notificationMessage("delivered").template.body });
  });

  test("a document missing a message is refused", () => {
    const { cancelled: _cancelled, ...rest } = defaultNotificationTemplates();
    expect(firstIssue(rest)?.path).toBe("cancelled");
  });

  test("'enabled' must be true or false", () => {
    expect(firstIssue(withChange("delivered", { enabled: "on" }))?.path).toBe("delivered.enabled");
  });
});

describe("extraStaffEmailsSchema", () => {
  test.each([
    ["", []],
    ["  \n ", []],
    ["owner@amanicrafts.co.ke", ["owner@amanicrafts.co.ke"]],
    ["Owner@AmaniCrafts.co.ke, shop@gmail.com", ["owner@amanicrafts.co.ke", "shop@gmail.com"]],
    ["a@example.com\nb@example.com\r\nc@example.com", ["a@example.com", "b@example.com", "c@example.com"]],
    ["a@example.com,\n\n, b@example.com,", ["a@example.com", "b@example.com"]],
    ["a@example.com, A@Example.com", ["a@example.com"]],
  ])("reads %j as %j", (text, addresses) => {
    expect(extraStaffEmailsSchema.parse(text)).toEqual(addresses);
  });

  test.each([
    ["owner@amanicrafts.co.ke, bob@", "bob@"],
    ["not an email", "not an email"],
    ["a@example.com; b@example.com", "a@example.com; b@example.com"],
    ["good@example.com\nBad@@Example.com\nworse", "Bad@@Example.com"],
  ])("refuses %j, naming %j as typed", (text, bad) => {
    const parsed = extraStaffEmailsSchema.safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([`"${bad}" is not a valid email address.`]);
  });

  test("shortens a very long bad address in its message", () => {
    const parsed = extraStaffEmailsSchema.safeParse(`${"x".repeat(300)}@example.com`);
    expect(parsed.error?.issues[0]?.message).toBe(`"${"x".repeat(60)}…" is not a valid email address.`);
  });

  test(`keeps the list to ${EXTRA_EMAILS_MAX} addresses`, () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `staff${i}@example.com`).join(", ");
    expect(extraStaffEmailsSchema.parse(list(EXTRA_EMAILS_MAX))).toHaveLength(EXTRA_EMAILS_MAX);
    expect(extraStaffEmailsSchema.safeParse(list(EXTRA_EMAILS_MAX + 1)).error?.issues[0]?.message).toBe(
      "Please keep this list to 20 items.",
    );
  });
});
