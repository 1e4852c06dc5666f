import { describe, expect, test } from "vitest";
import { writtenParagraphs } from "./site-content";
import { DEFAULT_PRIVACY_POLICY, fillPrivacyText, privacyPage, privacyTextProblem, privacyValues } from "./privacy";
import { parseEditorForm } from "./site-content.schema";
import { siteDocumentDefaults, siteDocumentSchemas } from "./site-documents.schema";

const field = (icon: "Phone" | "Mail" | "MapPin", value: string) => ({ id: `contact-${icon}-${value}`, label: icon, value, icon });
const CONTACT = {
  contactFields: [
    field("MapPin", "Westlands, Nairobi"),
    field("Phone", "+254 712 345 670"),
    field("Mail", "hello@shanga.co.ke"),
    field("Mail", "orders@shanga.co.ke"),
  ],
};

describe("privacyValues", () => {
  test("the shop's name, and the first email and phone in Contact Info", () => {
    expect(privacyValues("Shanga Crafts", CONTACT)).toEqual({
      SHOP_NAME: "Shanga Crafts",
      SHOP_EMAIL: "hello@shanga.co.ke",
      SHOP_PHONE: "+254 712 345 670",
    });
  });

  test("an email or phone Contact Info lacks (or leaves blank) reads 'us', so 'write to' still makes sense", () => {
    expect(privacyValues("Shanga", { contactFields: [field("Mail", ""), field("MapPin", "Nairobi")] })).toEqual({
      SHOP_NAME: "Shanga",
      SHOP_EMAIL: "us",
      SHOP_PHONE: "us",
    });
  });
});

describe("fillPrivacyText", () => {
  const values = privacyValues("Shanga Crafts", CONTACT);

  test("fills every placeholder, wherever and however often it appears", () => {
    expect(fillPrivacyText("{{SHOP_NAME}} ({{SHOP_NAME}}): {{SHOP_EMAIL}}, {{SHOP_PHONE}}.", values)).toBe(
      "Shanga Crafts (Shanga Crafts): hello@shanga.co.ke, +254 712 345 670.",
    );
  });

  test("a value is put in once: a shop named like a placeholder stays as typed", () => {
    expect(fillPrivacyText("{{SHOP_NAME}} / {{SHOP_EMAIL}}", { ...values, SHOP_NAME: "{{SHOP_EMAIL}}" })).toBe(
      "{{SHOP_EMAIL}} / hello@shanga.co.ke",
    );
  });

  test("other braces are left alone", () => {
    expect(fillPrivacyText("{{ORDER_ID}} {note}", values)).toBe("{{ORDER_ID}} {note}");
  });
});

describe("writtenParagraphs", () => {
  test("a blank line (even with spaces) starts a paragraph; a single line break stays inside one", () => {
    expect(writtenParagraphs("One\nstill one\n\nTwo\n  \n\nThree\n")).toEqual(["One\nstill one", "Two", "Three"]);
  });
});

describe("the default policy", () => {
  const page = privacyPage(DEFAULT_PRIVACY_POLICY, "Shanga Crafts", CONTACT);
  const text = page.paragraphs.join("\n\n");

  test("is what a shop has before anyone edits it, and a valid document", () => {
    expect(siteDocumentDefaults.privacy).toEqual(DEFAULT_PRIVACY_POLICY);
    expect(siteDocumentSchemas.privacy.safeParse(DEFAULT_PRIVACY_POLICY).success).toBe(true);
    expect(privacyTextProblem(DEFAULT_PRIVACY_POLICY.text)).toBeUndefined();
  });

  test("names the shop and how to reach it, filled from Contact Info, and leaves no placeholder", () => {
    expect(page.title).toBe("Privacy Policy");
    expect(text).toContain("Shanga Crafts");
    expect(text).toContain("Write to hello@shanga.co.ke or call +254 712 345 670");
    expect(text).not.toMatch(/\{\{|\}\}/);
  });

  test("says what is collected, why, who it is shared with, how long it is kept and how to ask for a copy or erasure", () => {
    for (const words of [
      "Data Protection Act, 2019",
      "name, phone number and delivery address",
      "email address",
      "order and its payment",
      "deliver your order",
      "take your payment",
      "messages about your order",
      "only if you agreed",
      "withdraw that consent at any time",
      "the link in any of our messages",
      "reply STOP",
      "rider",
      "M-Pesa (Safaricom)",
      "SMS and emails",
      "5 years",
      "remove your name, phone, address and email",
      "a copy of the details",
      "erase them",
    ]) {
      expect(text).toContain(words);
    }
  });

  test("is plain short paragraphs", () => {
    expect(page.paragraphs.length).toBeGreaterThanOrEqual(5);
    for (const paragraph of page.paragraphs) expect(paragraph.length).toBeLessThan(500);
  });
});

describe("privacyTextProblem and the editor", () => {
  test.each(["{{SHOP_NAME}}", "Call {{SHOP_PHONE}} or write to {{SHOP_EMAIL}}.", "A {note} in single braces"])("%s is fine", (text) => {
    expect(privacyTextProblem(text)).toBeUndefined();
  });

  test.each([
    ["{{ORDER_ID}}", "{{ORDER_ID}}"],
    ["Write to {{ shop_email }}", "{{ shop_email }}"],
    ["{{SHOP_NAME is ours", "{{SHOP_NAME"],
    ["ours SHOP_NAME}}", "SHOP_NAME}}"],
    ["Write to {{SHOP_EMAIL}.", "{{SHOP_EMAIL"],
  ])("%s is refused, naming %s and the placeholders the policy can use", (text, named) => {
    expect(privacyTextProblem(text)).toBe(
      `Unknown placeholder ${named}. The policy can use {{SHOP_NAME}}, {{SHOP_EMAIL}}, {{SHOP_PHONE}}.`,
    );
  });

  const post = (document: unknown) => ({ document: JSON.stringify(document), version: "1" });

  test("the editor refuses a mistyped placeholder beside its field, and an empty title or text", () => {
    expect(parseEditorForm("privacy", post({ title: "Privacy at {{SHOP}}", text: "Write to {{SHOP_EMAIL}" }))).toEqual({
      ok: false,
      errors: {
        title: "Unknown placeholder {{SHOP}}. The policy can use {{SHOP_NAME}}, {{SHOP_EMAIL}}, {{SHOP_PHONE}}.",
        text: "Unknown placeholder {{SHOP_EMAIL. The policy can use {{SHOP_NAME}}, {{SHOP_EMAIL}}, {{SHOP_PHONE}}.",
      },
    });
    expect(parseEditorForm("privacy", post({ title: " ", text: "" }))).toEqual({
      ok: false,
      errors: { title: "Please fill this in.", text: "Please fill this in." },
    });
  });

  test("the editor takes a policy with known placeholders as written", () => {
    const policy = { title: "Your privacy at {{SHOP_NAME}}", text: "Ask {{SHOP_EMAIL}}.\n\nOr call {{SHOP_PHONE}}." };
    expect(parseEditorForm("privacy", post(policy))).toEqual({ ok: true, document: policy });
  });
});
