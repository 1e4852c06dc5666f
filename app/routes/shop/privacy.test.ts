import { expect, test } from "vitest";
import { writeSiteDocument } from "~/server/site-documents.server";
import { loader } from "./privacy";
import * as privacyEditor from "../admin/privacy";
import { staffForms } from "../../../tests/setup/staff-forms";

// The /privacy page (issue 25): the policy a shop has before anyone edits it, filled from the shop's name and
// Contact Info, and what a Developer saves under Site Content → Privacy Policy.

const { cookies, post, answer, load } = staffForms(privacyEditor, "/admin/privacy", "privacy.test");

const page = async () => (await loader()) as { title: string; paragraphs: string[] };

const contactInfo = {
  title: "Get in Touch",
  subtitle: "",
  contactFields: [
    { id: "contact-1", label: "Phone", value: "+254 722 000 111", icon: "Phone" as const },
    { id: "contact-2", label: "Email", value: "karibu@shanga.co.ke", icon: "Mail" as const },
  ],
  socialLinks: [],
};

test("before anyone edits it, /privacy shows the default policy with the shop's name and contact details", async () => {
  await writeSiteDocument("settings", {
    storeName: "Shanga Crafts",
    paymentMethods: [],
    heroSlides: [],
    fab: { enabled: false, iconUrl: "", whatsappIconUrl: "", callIconUrl: "" },
  });
  await writeSiteDocument("contactInfo", contactInfo);

  const { title, paragraphs } = await page();
  const text = paragraphs.join("\n\n");
  expect(title).toBe("Privacy Policy");
  expect(paragraphs.length).toBeGreaterThanOrEqual(5);
  expect(text).toContain("At Shanga Crafts we look after the details you share with us");
  expect(text).toContain("Write to karibu@shanga.co.ke or call +254 722 000 111");
  expect(text).not.toContain("{{");
});

test("a Developer's saved policy is what /privacy shows, its placeholders filled; an owner cannot save one", async () => {
  const editor = (await load()) as { document: { title: string; text: string }; version: number };
  const edited = {
    title: "Your privacy at {{SHOP_NAME}}",
    text: "We keep only what we need to deliver your order.\n\nQuestions? {{SHOP_EMAIL}}, {{SHOP_PHONE}}.",
  };
  const fields = { document: JSON.stringify(edited), version: String(editor.version) };

  const refused = (await post(fields, cookies.owner).catch((thrown: unknown) => thrown)) as Response;
  expect([refused.status, refused.headers.get("Location")]).toEqual([302, "/admin/dashboard"]);
  expect((await page()).title).toBe("Privacy Policy");

  expect(await answer(fields, cookies.developer)).toMatchObject({ ok: true, status: 200, saved: edited });
  expect(await page()).toEqual({
    title: "Your privacy at Shanga Crafts",
    paragraphs: ["We keep only what we need to deliver your order.", "Questions? karibu@shanga.co.ke, +254 722 000 111."],
  });
});

test("a policy with a mistyped placeholder is refused beside its field and the page keeps the saved one", async () => {
  const { version } = (await load()) as { version: number };
  const before = await page();
  expect(
    await answer(
      { document: JSON.stringify({ title: "Privacy", text: "Write to {{EMAIL}}" }), version: String(version) },
      cookies.developer,
    ),
  ).toEqual({
    ok: false,
    errors: { text: "Unknown placeholder {{EMAIL}}. The policy can use {{SHOP_NAME}}, {{SHOP_EMAIL}}, {{SHOP_PHONE}}." },
    status: 400,
  });
  expect(await page()).toEqual(before);
});
