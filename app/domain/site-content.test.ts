import { describe, expect, test } from "vitest";
import type { IdPrefix } from "./ids";
import {
  CONTACT_ICON_CHOICES,
  contactInfoWithLastingIds,
  draftId,
  errorFieldKey,
  faqsWithLastingIds,
  fieldKey,
  isDraftId,
  moveItem,
  settingsWithLastingIds,
} from "./site-content";
import { CONTACT_ICONS, type Settings, siteDocumentDefaults } from "./site-documents.schema";

/** A stand-in for the server's id maker: the type and a counter, so results are predictable. */
function countingIds() {
  let n = 0;
  return (prefix: IdPrefix) => `${prefix}-${++n}`;
}

const slide = (id: string) => ({ id, src: "/images/a.webp", alt: "A basket", title: "", subtitle: "", link: "" });
const method = (id: string, fieldIds: string[]) => ({
  id,
  name: `Method ${id}`,
  enabled: true,
  instructions: "",
  ussdCode: null,
  fields: fieldIds.map((fieldId) => ({ id: fieldId, label: "Paybill", value: "123" })),
});

describe("draft ids", () => {
  test("an item added in an editor has a draft id until it is saved", () => {
    expect(draftId(3)).toBe("new-3");
    expect(isDraftId(draftId(3))).toBe(true);
    expect(isDraftId("slide-1732262400000-x7k2")).toBe(false);
  });
});

describe("settingsWithLastingIds", () => {
  test("added slides, methods and fields get ids of their type; saved ones keep theirs", () => {
    const settings: Settings = {
      ...siteDocumentDefaults.settings,
      heroSlides: [slide("slide-1-aaaa"), slide(draftId(1))],
      paymentMethods: [method("method-1-aaaa", ["field-1-aaaa", draftId(2)]), method(draftId(3), [draftId(4)])],
    };
    const saved = settingsWithLastingIds(settings, countingIds());
    expect(saved.heroSlides.map((s) => s.id)).toEqual(["slide-1-aaaa", "slide-1"]);
    expect(saved.paymentMethods.map((m) => m.id)).toEqual(["method-1-aaaa", "method-2"]);
    expect(saved.paymentMethods.map((m) => m.fields.map((f) => f.id))).toEqual([["field-1-aaaa", "field-3"], ["field-4"]]);
  });

  test("everything else is kept as it was", () => {
    const settings: Settings = { ...siteDocumentDefaults.settings, storeName: "Zawadi", heroSlides: [slide(draftId(1))] };
    const saved = settingsWithLastingIds(settings, countingIds());
    expect(saved).toEqual({ ...settings, heroSlides: [{ ...slide(draftId(1)), id: "slide-1" }] });
    expect(settings.heroSlides[0]!.id).toBe(draftId(1));
  });
});

test("FAQs and contact info get faq, contact and link ids", () => {
  const faqs = faqsWithLastingIds(
    {
      items: [
        { id: draftId(1), q: "Q", a: "A" },
        { id: "faq-9", q: "Q2", a: "A2" },
      ],
    },
    countingIds(),
  );
  expect(faqs.items.map((item) => item.id)).toEqual(["faq-1", "faq-9"]);

  const contact = contactInfoWithLastingIds(
    {
      title: "Get in Touch",
      subtitle: "",
      contactFields: [{ id: draftId(1), label: "Phone", value: "+254 712 345 670", icon: "Phone" }],
      socialLinks: [{ id: draftId(2), name: "Instagram", url: "https://instagram.com/duka", iconUrl: "" }],
    },
    countingIds(),
  );
  expect(contact.contactFields[0]!.id).toBe("contact-1");
  expect(contact.socialLinks[0]!.id).toBe("link-2");
});

describe("errorFieldKey", () => {
  const posted = {
    heroSlides: [slide("slide-a"), slide("new-2")],
    paymentMethods: [method("method-a", ["field-a", "new-5"])],
    fab: { enabled: true, iconUrl: "x" },
  };

  test.each([
    [["heroSlides", 1, "alt"], "heroSlides.new-2.alt"],
    [["heroSlides", 0, "src"], "heroSlides.slide-a.src"],
    [["paymentMethods", 0, "fields", 1, "value"], "paymentMethods.method-a.fields.new-5.value"],
    [["fab", "iconUrl"], "fab.iconUrl"],
    [["heroSlides"], "heroSlides"],
    [[], "form"],
  ] as const)("%j → %s", (path, key) => {
    expect(errorFieldKey(path, posted)).toBe(key);
  });

  test("a position without an item with an id stays a number", () => {
    expect(errorFieldKey(["heroSlides", 7, "alt"], posted)).toBe("heroSlides.7.alt");
    expect(errorFieldKey(["items", 0, "q"], { items: [{ q: "" }] })).toBe("items.0.q");
    expect(errorFieldKey(["items", 0], { items: ["text"] })).toBe("items.0");
    expect(errorFieldKey(["items", 0, "q"], null)).toBe("items.0.q");
  });

  test("matches the keys editors look up with fieldKey", () => {
    expect(errorFieldKey(["heroSlides", 1, "alt"], posted)).toBe(fieldKey("heroSlides", "new-2", "alt"));
  });
});

describe("moveItem", () => {
  test.each([
    [0, 1, ["b", "a", "c"]],
    [2, 1, ["a", "c", "b"]],
    [2, 0, ["c", "a", "b"]],
    [1, 1, ["a", "b", "c"]],
    [0, 3, ["a", "b", "c"]],
    [-1, 0, ["a", "b", "c"]],
    [0.5, 1, ["a", "b", "c"]],
  ])("from %d to %d", (from, to, expected) => {
    const items = ["a", "b", "c"];
    expect(moveItem(items, from, to)).toEqual(expected);
    expect(items).toEqual(["a", "b", "c"]);
  });
});

test("the contact icon choices are the document's", () => {
  expect(CONTACT_ICON_CHOICES).toEqual(CONTACT_ICONS);
});
