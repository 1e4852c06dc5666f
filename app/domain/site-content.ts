import type { IdPrefix } from "./ids";
import type { ContactInfo, Faqs, Settings, SiteDocument } from "./site-documents.schema";

// The back office's site settings and content editors (product.md §2 Admin, §3, §8, §9): their messages, the
// lists they edit, and how an item added in an editor gets its lasting id.

/** The settings and content documents that have an editor of their own. */
export type EditableDocumentKey = "settings" | "faqs" | "contactInfo" | "ourStory" | "messageTemplates" | "privacy";

/** product.md §8: what each editor says when a save fails. */
export const SAVE_FAILED_MESSAGES: Record<EditableDocumentKey, string> = {
  settings: "An error occurred while saving settings.",
  faqs: "An error occurred while saving FAQs.",
  contactInfo: "An error occurred while saving contact info.",
  ourStory: "An error occurred while saving content.",
  messageTemplates: "An error occurred while saving notifications.",
  privacy: "An error occurred while saving the privacy policy.",
};

/** What each editor says once its save succeeded. */
export const SAVED_MESSAGES: Record<EditableDocumentKey, string> = {
  settings: "Settings saved successfully!",
  faqs: "FAQs saved successfully!",
  contactInfo: "Contact info saved successfully!",
  ourStory: "Our Story saved successfully!",
  messageTemplates: "Notifications saved successfully!",
  privacy: "Privacy Policy saved successfully!",
};

/** product.md §4, §9: a success message is cleared after 3 s. */
export const SAVED_MESSAGE_MS = 3_000;

/** Said beside the save button when the server refused what was typed; each field says what is wrong with it. */
export const CHECK_FIELDS_MESSAGE = "Nothing was saved yet: please correct the fields that show a message.";

/** Said when the posted form could not be read at all (not something a person typing can cause). */
export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please reload the page and try again.";

/** How many items each list may hold (the document schemas refuse more). */
export const LIST_LIMITS = {
  heroSlides: 12,
  paymentMethods: 20,
  paymentFields: 20,
  faqs: 100,
  contactFields: 20,
  socialLinks: 20,
} as const;

type ContactIcon = ContactInfo["contactFields"][number]["icon"];
/** product.md §9: the icons a contact field may show. */
export const CONTACT_ICON_CHOICES = ["Phone", "Mail", "MapPin"] as const satisfies readonly ContactIcon[];
export const CONTACT_ICON_LABELS: Record<ContactIcon, string> = { Phone: "Phone", Mail: "Mail", MapPin: "Map pin" };

// The image generator (product.md §2, §8, §9): the form exists, generation is switched off.
export const IMAGE_GENERATOR_DISABLED_MESSAGE = "The AI Image Generator is currently disabled.";
export const IMAGE_COUNT_MIN = 1;
export const IMAGE_COUNT_MAX = 4;
export const ASPECT_RATIOS = ["1:1", "16:9", "9:16", "4:3", "3:4"] as const;
export const PROMPT_MAX_CHARS = 1_000;

// An item added in an editor carries a draft id until it is saved; the server then gives it its lasting id (decision 018).
const DRAFT_PREFIX = "new-";

/** The id of the n-th item added in an editor, before it is saved. */
export const draftId = (n: number): string => `${DRAFT_PREFIX}${n}`;
export const isDraftId = (id: string): boolean => id.startsWith(DRAFT_PREFIX);

/** Makes a lasting id of a type (product.md §3: the type and the current time); the server passes its own. */
export type NewId = (prefix: IdPrefix) => string;

function withLastingIds<T extends { id: string }>(items: readonly T[], prefix: IdPrefix, newId: NewId): T[] {
  return items.map((item) => (isDraftId(item.id) ? { ...item, id: newId(prefix) } : item));
}

/** Settings as saved: added slides, payment methods and their fields get lasting ids; others keep theirs. */
export function settingsWithLastingIds(settings: Settings, newId: NewId): Settings {
  return {
    ...settings,
    heroSlides: withLastingIds(settings.heroSlides, "slide", newId),
    paymentMethods: withLastingIds(settings.paymentMethods, "method", newId).map((method) => ({
      ...method,
      fields: withLastingIds(method.fields, "field", newId),
    })),
  };
}

export function faqsWithLastingIds(faqs: Faqs, newId: NewId): Faqs {
  return { items: withLastingIds(faqs.items, "faq", newId) };
}

export function contactInfoWithLastingIds(contactInfo: ContactInfo, newId: NewId): ContactInfo {
  return {
    ...contactInfo,
    contactFields: withLastingIds(contactInfo.contactFields, "contact", newId),
    socialLinks: withLastingIds(contactInfo.socialLinks, "link", newId),
  };
}

/** Each editor's document as saved, with lasting ids for what was added (Our Story and the privacy policy have no lists). */
export const WITH_LASTING_IDS: { [K in EditableDocumentKey]: (document: SiteDocument<K>, newId: NewId) => SiteDocument<K> } = {
  settings: settingsWithLastingIds,
  faqs: faqsWithLastingIds,
  contactInfo: contactInfoWithLastingIds,
  ourStory: (story) => story,
  messageTemplates: (templates) => templates,
  privacy: (policy) => policy,
};

/** Where an editor shows a message: "heroSlides.slide-…-x7k2.alt", "fab.iconUrl", "title". */
export const fieldKey = (...parts: string[]): string => parts.join(".");

/**
 * The field key of a problem found at `path` in a posted document: positions in lists become the item's id,
 * so a message stays with its item however the list is reordered after the answer.
 * ["heroSlides", 1, "alt"] → "heroSlides.{id of the second slide}.alt".
 */
export function errorFieldKey(path: readonly PropertyKey[], posted: unknown): string {
  const parts: string[] = [];
  let node: unknown = posted;
  for (const step of path) {
    const next: unknown = node !== null && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[step] : undefined;
    const id = Array.isArray(node) && next !== null && typeof next === "object" ? (next as { id?: unknown }).id : undefined;
    parts.push(typeof id === "string" && id !== "" ? id : String(step));
    node = next;
  }
  return parts.length === 0 ? "form" : fieldKey(...parts);
}

/** A copy of `items` with the item at `from` moved to `to`; positions outside the list change nothing. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const inRange = (index: number) => Number.isInteger(index) && index >= 0 && index < items.length;
  if (!inRange(from) || !inRange(to)) return [...items];
  const moved = items.filter((_, index) => index !== from);
  moved.splice(to, 0, items[from]!);
  return moved;
}

/** The paragraphs of a page staff write (Our Story, the Privacy Policy): a blank line between each. */
export const writtenParagraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
