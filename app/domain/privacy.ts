import { writtenParagraphs } from "./site-content";
import type { ContactInfo } from "./site-documents.schema";

// The shop's privacy policy (issue 25): the notice Kenya's Data Protection Act 2019 asks of a shop that keeps
// names, phones and addresses. Developers edit it under Site Content → Privacy Policy; its text names the shop and
// its contact details by placeholders, filled when the page is shown, so it follows Site Settings and Contact Info.

/** The placeholders a privacy policy may hold, written `{{NAME}}` as in the message templates. */
export const PRIVACY_PLACEHOLDERS = ["SHOP_NAME", "SHOP_EMAIL", "SHOP_PHONE"] as const;
export type PrivacyPlaceholder = (typeof PRIVACY_PLACEHOLDERS)[number];
export type PrivacyValues = Record<PrivacyPlaceholder, string>;

/** Said in place of an email or phone Contact Info lacks, so "write to {{SHOP_EMAIL}}" still reads "write to us". */
const NO_CONTACT = "us";

/** What each placeholder becomes, as the editor's hint explains it. */
export const PRIVACY_PLACEHOLDER_SOURCES: Record<PrivacyPlaceholder, string> = {
  SHOP_NAME: "the store name in Site Settings",
  SHOP_EMAIL: `the first email in Contact Info (“${NO_CONTACT}” when there is none)`,
  SHOP_PHONE: `the first phone in Contact Info (“${NO_CONTACT}” when there is none)`,
};

/** What the placeholders are filled with: the store name, and the first email and phone in Contact Info. */
export function privacyValues(storeName: string, contactInfo: Pick<ContactInfo, "contactFields">): PrivacyValues {
  const first = (icon: "Mail" | "Phone") => contactInfo.contactFields.find((field) => field.icon === icon && field.value !== "")?.value;
  return { SHOP_NAME: storeName, SHOP_EMAIL: first("Mail") ?? NO_CONTACT, SHOP_PHONE: first("Phone") ?? NO_CONTACT };
}

const PLACEHOLDER = /\{\{([A-Z][A-Z0-9_]*)\}\}/g;
const isPrivacyPlaceholder = (name: string): name is PrivacyPlaceholder => (PRIVACY_PLACEHOLDERS as readonly string[]).includes(name);

/** The text with its placeholders filled in. Values are put in once: a value that looks like a placeholder stays as typed. */
export function fillPrivacyText(text: string, values: PrivacyValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (isPrivacyPlaceholder(name) ? values[name] : whole));
}

/** The policy as the /privacy page shows it: its title and paragraphs, filled from the shop's name and Contact Info. */
export function privacyPage(
  policy: { title: string; text: string },
  storeName: string,
  contactInfo: Pick<ContactInfo, "contactFields">,
): { title: string; paragraphs: string[] } {
  const values = privacyValues(storeName, contactInfo);
  return { title: fillPrivacyText(policy.title, values), paragraphs: writtenParagraphs(fillPrivacyText(policy.text, values)) };
}

// Anything in double braces, or double braces left open or closed with the word they stick to, so "{{ shop_name }}"
// or "{{SHOP_NAME}" is named to the editor rather than shown to shoppers as is.
const BRACES = /\{\{[^{}]*\}\}|\{\{[^{}\s]*|[^{}\s]*\}\}/g;

/** Why the editor refuses a policy's text: a placeholder it does not know or mistyped; undefined when fine. */
export function privacyTextProblem(text: string): string | undefined {
  for (const [raw] of text.matchAll(BRACES)) {
    const name = /^\{\{([A-Z][A-Z0-9_]*)\}\}$/.exec(raw)?.[1];
    if (name !== undefined && isPrivacyPlaceholder(name)) continue;
    return `Unknown placeholder ${raw}. The policy can use ${PRIVACY_PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ")}.`;
  }
  return undefined;
}

/** The policy a shop has before a Developer edits it: Kenya's Data Protection Act 2019 in plain words. */
export const DEFAULT_PRIVACY_POLICY = {
  title: "Privacy Policy",
  text: [
    "At {{SHOP_NAME}} we look after the details you share with us as carefully as the pieces we make. This page says, in plain words, what we keep about you, why we keep it, and what you can ask of us under Kenya's Data Protection Act, 2019.",
    "What we collect. When you order, we keep your name, phone number and delivery address, and the details of your order and its payment, such as the M-Pesa receipt. If you sign up for our newsletter, we keep your email address.",
    "Why we keep it. We use your details to deliver your order, to take your payment and to send you messages about your order. We send you news and offers only if you agreed to receive them, and you can withdraw that consent at any time: use the link in any of our messages, reply STOP to our SMS, or simply ask us.",
    "Who we share it with. Only those who help us serve you: the rider who delivers your order, M-Pesa (Safaricom) to take your payment, and the services that send our SMS and emails. We never sell your details.",
    "How long we keep it. We keep order and payment records for 5 years, as Kenya's tax law requires. When you ask us to erase your details, we remove your name, phone, address and email from them and keep only the amounts and items.",
    "Your rights. You may ask us for a copy of the details we hold about you, ask us to correct them, or ask us to erase them (we keep only what the law requires us to keep). Write to {{SHOP_EMAIL}} or call {{SHOP_PHONE}}, and we will gladly help. If you are unhappy with how we handle your details, you may also complain to the Office of the Data Protection Commissioner.",
  ].join("\n\n"),
};
