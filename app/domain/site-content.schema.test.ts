import { describe, expect, test } from "vitest";
import { LIST_LIMITS, UNREADABLE_FORM_MESSAGE } from "./site-content";
import { imagePromptSchema, parseEditorForm } from "./site-content.schema";
import { type Settings, siteDocumentDefaults, siteDocumentSchemas } from "./site-documents.schema";

const slide = (id: string, changes: object = {}) => ({
  id,
  src: "/images/sample/hero-1.webp",
  alt: "Kente-style woven stripes",
  title: "Handcrafted in Kenya",
  subtitle: "",
  link: "/products",
  ...changes,
});
const mpesa = {
  id: "method-1",
  name: "M-Pesa",
  enabled: true,
  instructions: "Pay with M-Pesa.",
  ussdCode: "*334#",
  fields: [{ id: "field-1", label: "Account Number", value: "{{ORDER_ID}}" }],
};
const settings = (changes: Partial<Settings> = {}): Settings => ({
  ...siteDocumentDefaults.settings,
  heroSlides: [slide("slide-1")],
  paymentMethods: [mpesa],
  ...changes,
});
const post = (document: unknown) => ({ document: JSON.stringify(document) });

describe("parseEditorForm", () => {
  test("reads a valid settings document as it was typed, trimmed", () => {
    const result = parseEditorForm("settings", post(settings({ storeName: "  Zawadi Crafts " })));
    expect(result).toEqual({ ok: true, document: settings({ storeName: "Zawadi Crafts" }) });
  });

  test("a slide without alt text is refused with a message on that slide's field, found by its id", () => {
    const result = parseEditorForm("settings", post(settings({ heroSlides: [slide("slide-1"), slide("new-4", { alt: "  " })] })));
    expect(result).toEqual({ ok: false, errors: { "heroSlides.new-4.alt": "Describe the image for people who cannot see it." } });
  });

  test("a slide needs an image, and its image and link must be web addresses or paths", () => {
    const result = parseEditorForm(
      "settings",
      post(settings({ heroSlides: [slide("slide-1", { src: "" }), slide("slide-2", { src: "javascript:alert(1)", link: "products" })] })),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        "heroSlides.slide-1.src": "Add the slide's image: paste its web address or upload one.",
        "heroSlides.slide-2.src": "Enter a web address.",
        "heroSlides.slide-2.link": "Enter a web address.",
      },
    });
  });

  test("uploads and web addresses are accepted as slide images", () => {
    for (const src of ["/uploads/k3j4h5.webp", "https://drive.google.com/file/d/abc/view"]) {
      expect(parseEditorForm("settings", post(settings({ heroSlides: [slide("slide-1", { src })] }))).ok).toBe(true);
    }
  });

  test("payment methods: a name is required, two cannot share one, USSD codes are digits, * and #", () => {
    const result = parseEditorForm(
      "settings",
      post(
        settings({
          paymentMethods: [
            mpesa,
            { ...mpesa, id: "method-2", name: "m-pesa " },
            { ...mpesa, id: "method-3", name: "Airtel", ussdCode: "dial 334" },
          ],
        }),
      ),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        "paymentMethods.method-2.name": "Another payment method already has this name.",
        "paymentMethods.method-3.ussdCode": "Use digits, * and # only.",
      },
    });

    const unnamed = parseEditorForm("settings", post(settings({ paymentMethods: [{ ...mpesa, name: "" }] })));
    expect(unnamed).toEqual({ ok: false, errors: { "paymentMethods.method-1.name": "Please fill this in." } });
  });

  test("the floating button's icons must be web addresses", () => {
    const result = parseEditorForm(
      "settings",
      post(settings({ fab: { enabled: true, iconUrl: "icon.png", whatsappIconUrl: "", callIconUrl: "" } })),
    );
    expect(result).toEqual({ ok: false, errors: { "fab.iconUrl": "Enter a web address." } });
  });

  test("an item posted twice is refused", () => {
    const result = parseEditorForm("settings", post(settings({ heroSlides: [slide("slide-1"), slide("slide-1")] })));
    expect(result.ok).toBe(false);
  });

  test("lists are refused beyond their limits, with the limit in the message", () => {
    const slides = Array.from({ length: LIST_LIMITS.heroSlides + 1 }, (_, i) => slide(`slide-${i}`));
    expect(parseEditorForm("settings", post(settings({ heroSlides: slides })))).toEqual({
      ok: false,
      errors: { heroSlides: `Please keep this list to ${LIST_LIMITS.heroSlides} items.` },
    });
    expect(parseEditorForm("settings", post(settings({ heroSlides: slides.slice(1) }))).ok).toBe(true);
  });

  test.each([
    ["heroSlides", LIST_LIMITS.heroSlides, slide("x")],
    ["paymentMethods", LIST_LIMITS.paymentMethods, mpesa],
  ] as const)("the editor's limit for %s is the document's", (list, limit, item) => {
    const withItems = (n: number) => ({
      ...settings(),
      [list]: Array.from({ length: n }, (_, i) => ({ ...item, id: `id-${i}`, name: `Method ${i}` })),
    });
    expect(siteDocumentSchemas.settings.safeParse(withItems(limit)).success).toBe(true);
    expect(siteDocumentSchemas.settings.safeParse(withItems(limit + 1)).success).toBe(false);
  });

  test("the other lists' limits are the documents'", () => {
    const many = (n: number, make: (i: number) => object) => Array.from({ length: n }, (_, i) => make(i));
    const field = (i: number) => ({ id: `f-${i}`, label: "L", value: "V" });
    const faq = (i: number) => ({ id: `q-${i}`, q: "Q", a: "A" });
    const contact = (i: number) => ({ id: `c-${i}`, label: "Phone", value: "1", icon: "Phone" });
    const social = (i: number) => ({ id: `s-${i}`, name: "X", url: "", iconUrl: "" });
    const info = (fields: object[], links: object[]) => ({ title: "", subtitle: "", contactFields: fields, socialLinks: links });
    const cases: [boolean, boolean][] = [
      [
        siteDocumentSchemas.settings.safeParse(
          settings({ paymentMethods: [{ ...mpesa, fields: many(LIST_LIMITS.paymentFields, field) as never }] }),
        ).success,
        siteDocumentSchemas.settings.safeParse(
          settings({ paymentMethods: [{ ...mpesa, fields: many(LIST_LIMITS.paymentFields + 1, field) as never }] }),
        ).success,
      ],
      [
        siteDocumentSchemas.faqs.safeParse({ items: many(LIST_LIMITS.faqs, faq) }).success,
        siteDocumentSchemas.faqs.safeParse({ items: many(LIST_LIMITS.faqs + 1, faq) }).success,
      ],
      [
        siteDocumentSchemas.contactInfo.safeParse(info(many(LIST_LIMITS.contactFields, contact), [])).success,
        siteDocumentSchemas.contactInfo.safeParse(info(many(LIST_LIMITS.contactFields + 1, contact), [])).success,
      ],
      [
        siteDocumentSchemas.contactInfo.safeParse(info([], many(LIST_LIMITS.socialLinks, social))).success,
        siteDocumentSchemas.contactInfo.safeParse(info([], many(LIST_LIMITS.socialLinks + 1, social))).success,
      ],
    ];
    expect(cases).toEqual(cases.map(() => [true, false]));
  });

  test("FAQs need a question and an answer", () => {
    expect(parseEditorForm("faqs", post({ items: [{ id: "new-1", q: " ", a: "Within 14 days." }] }))).toEqual({
      ok: false,
      errors: { "items.new-1.q": "Please fill this in." },
    });
    expect(parseEditorForm("faqs", post({ items: [{ id: "faq-1", q: "Returns?", a: "Within 14 days." }] }))).toEqual({
      ok: true,
      document: { items: [{ id: "faq-1", q: "Returns?", a: "Within 14 days." }] },
    });
  });

  test("contact info: icons are Phone, Mail or MapPin; social links are web addresses", () => {
    const info = {
      title: "Get in Touch",
      subtitle: "",
      contactFields: [{ id: "c-1", label: "Fax", value: "1", icon: "Fax" }],
      socialLinks: [{ id: "s-1", name: "Instagram", url: "instagram.com/duka", iconUrl: "" }],
    };
    expect(parseEditorForm("contactInfo", post(info))).toEqual({
      ok: false,
      errors: { "contactFields.c-1.icon": "Please check this value.", "socialLinks.s-1.url": "Enter a web address." },
    });
  });

  test("Our Story: limits are said in characters", () => {
    expect(parseEditorForm("ourStory", post({ title: "x".repeat(121), text: "", imageUrl: "" }))).toEqual({
      ok: false,
      errors: { title: "Please keep this to 120 characters." },
    });
  });

  test.each([[{}], [{ document: "" }], [{ document: "{not json" }], [{ document: "x".repeat(600_000) }]])(
    "an unreadable post is refused as a whole: %#",
    (fields) => {
      expect(parseEditorForm("faqs", fields)).toEqual({ ok: false, errors: { form: UNREADABLE_FORM_MESSAGE } });
    },
  );

  test("a post that is not the document's shape is refused without throwing", () => {
    expect(parseEditorForm("settings", post([1, 2])).ok).toBe(false);
    expect(parseEditorForm("faqs", post({ items: "all" }))).toEqual({ ok: false, errors: { items: "Please check this value." } });
  });
});

describe("imagePromptSchema", () => {
  test("reads the prompt, the number of images and the aspect ratio", () => {
    expect(imagePromptSchema.parse({ prompt: " A kitenge dress ", count: "4", aspectRatio: "16:9" })).toEqual({
      prompt: "A kitenge dress",
      count: 4,
      aspectRatio: "16:9",
    });
  });

  test.each(["0", "5", "2.5", "", "many"])("refuses %j images", (count) => {
    const result = imagePromptSchema.safeParse({ prompt: "A basket", count, aspectRatio: "1:1" });
    expect(result.error?.issues[0]?.message).toBe("Choose from 1 to 4 images.");
  });

  test("refuses a blank prompt and an unknown aspect ratio", () => {
    const result = imagePromptSchema.safeParse({ prompt: "  ", count: "1", aspectRatio: "2:1" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Please describe the image you want.",
      "Choose one of the aspect ratios.",
    ]);
  });
});
