import { z } from "zod";
import { PHONE_MAX_LENGTH, phoneDigits } from "./phone";
import { EMAIL_INVALID_MESSAGE } from "./newsletter";

// The back office's Customers (issue 25): one customer per phone number, as orders link phones (by their digits),
// so "+254 712 345 678" and "+254712345678" are one person.

export const CUSTOMERS_PER_PAGE = 50;
const CUSTOMERS_PATH = "/admin/customers";

/** The list's orders: the best customers first, or the most recent. */
export const CUSTOMER_SORTS = ["spent", "recent"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  spent: "Total spent",
  recent: "Last order",
};

/** Longest search text kept: longer than any name or phone, short enough that a pasted page is not searched for. */
const CUSTOMER_SEARCH_MAX_CHARS = 100;

/** The list's query string: anything out of range falls back, as the other back-office lists do. */
export const customersQuerySchema = z.object({
  q: z.string().trim().max(CUSTOMER_SEARCH_MAX_CHARS).catch("").default(""),
  sort: z.enum(CUSTOMER_SORTS).catch("spent").default("spent"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
});
export type CustomersQuery = z.infer<typeof customersQuerySchema>;

// A phone number is searched by its digits once enough are typed to mean something, as the global search does.
const MIN_SEARCH_DIGITS = 3;

/**
 * What a search looks for: the text in the customer's name, and, when it holds enough digits and nothing but a
 * phone's characters ("+254 712", "0712"), those digits in their phone.
 */
export function customerSearch(text: string): { name: string; digits: string | null } {
  const digits = phoneDigits(text);
  const looksLikePhone = /^[+\d\s-]+$/.test(text) && digits.length >= MIN_SEARCH_DIGITS;
  return { name: text, digits: looksLikePhone ? digits : null };
}

/** The list's address for a search, sort and page, leaving out what is the default. */
export function customersHref({ q, sort, page }: CustomersQuery): string {
  const query = new URLSearchParams();
  if (q) query.set("q", q);
  if (sort !== "spent") query.set("sort", sort);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return `${CUSTOMERS_PATH}${text ? `?${text}` : ""}`;
}

/** A customer's own page, by their phone's digits. */
export const customerHref = (digits: string): string => `${CUSTOMERS_PATH}/${digits}`;

/** A customer's page names them by their phone's digits, as many as a phone field accepts (domain/phone.ts). */
export const customerPhoneParamSchema = z.string().regex(new RegExp(`^\\d{10,${PHONE_MAX_LENGTH}}$`));

/** Download data's address: everything held about the phone, with the newsletter subscription of `email` if given. */
export function customerDataHref(digits: string, email: string): string {
  const query = email.trim() ? `?${new URLSearchParams({ email: email.trim() })}` : "";
  return `${customerHref(digits)}/data.json${query}`;
}

/** A customer's phone as the back office shows it. */
export const customerPhone = (digits: string): string => `+${digits}`;

/** The email a customer used for the newsletter, as staff type it beside Download data and Anonymise; optional. */
export const customerEmailSchema = z
  .string()
  .max(254, EMAIL_INVALID_MESSAGE)
  .optional()
  .transform((email) => (email ?? "").trim().toLowerCase())
  .pipe(z.union([z.literal(""), z.email(EMAIL_INVALID_MESSAGE)]))
  .transform((email) => email || null);

/**
 * The staff's actions on a customer's page (issue 25): withdrawing their consent to marketing, and anonymising them,
 * which must be confirmed (the dialog, or without JavaScript the page's second question, posts `confirmed`).
 */
export const customerActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("withdraw-consent") }),
    z.object({ intent: z.literal("anonymise"), email: customerEmailSchema, confirmed: z.literal("yes").optional() }),
  ],
  { error: "Unknown action." },
);

/** Told after anonymising, with what was removed. */
export const anonymisedMessage = (summary: string): string => `Customer anonymised: ${summary} no longer name them.`;

export const CONSENT_WITHDRAWN_MESSAGE = "Consent withdrawn. This customer will get no more marketing messages.";
export const CONSENT_ALREADY_WITHDRAWN_MESSAGE = "This customer had not agreed to marketing; nothing changed.";
