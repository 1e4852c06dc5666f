import { pageOnThisShop } from "./links";
import { PERSONAL_PAGE_CACHE_CONTROL } from "./page-cache";
import { clientNetwork, type RateLimit } from "./rate-limit";

// The newsletter (issue 12): the footer's sign-up and what it answers, and the double opt-in email's links and
// key. Its form schema is in newsletter.schema.ts; the subscribers' states, list and CSV are in subscribers.ts,
// as the footer on every storefront page loads this file. The clock comes in as `now`. Double opt-in: decision 039.

export const SUBSCRIBED_MESSAGE = "Thanks! Check your email to confirm.";
export const EMAIL_INVALID_MESSAGE = "Please enter a valid email address, like name@example.com.";
export const CONFIRMED_MESSAGE = "Your subscription is confirmed.";
export const UNSUBSCRIBED_MESSAGE = "You have been unsubscribed.";
/** A confirm link clicked after its address unsubscribed: leaving is honoured until the address signs up again. */
export const CONFIRM_AFTER_UNSUBSCRIBING_MESSAGE =
  "This address has unsubscribed, so it was not signed up again. To receive our newsletter, subscribe again with the form below.";
/** The limits' windows are an hour long, so an hour's wait always lets a sign-up through. */
const TOO_MANY_SUBSCRIPTIONS_MESSAGE = "Too many sign-ups from this email address or connection. Please try again in an hour.";
export const UNKNOWN_LINK_MESSAGE =
  "This newsletter link is not valid. Please check that you copied the whole link from the email, or subscribe again with the form below.";

// ---- Signing up ----------------------------------------------------------------------------------------------

/** Sign-ups one email address may try in an hour: a person who mistyped and tries again, not a flood of emails. */
export const SUBSCRIPTIONS_PER_HOUR_PER_EMAIL = 5;
/** Sign-ups one connection may try in an hour: looser, since a mobile carrier puts many shoppers behind one address. */
const SUBSCRIPTIONS_PER_HOUR_PER_ADDRESS = 30;
const HOUR_MS = 60 * 60_000;

/** The limits a sign-up counts against, the broadest first: the client's address (an IPv6 /64) and the email. */
export function subscriptionLimits(from: { clientAddress: string; email: string }): RateLimit[] {
  return [
    { key: `newsletter-address:${clientNetwork(from.clientAddress)}`, limit: SUBSCRIPTIONS_PER_HOUR_PER_ADDRESS, windowMs: HOUR_MS },
    { key: `newsletter-email:${from.email.trim().toLowerCase()}`, limit: SUBSCRIPTIONS_PER_HOUR_PER_EMAIL, windowMs: HOUR_MS },
  ];
}

/**
 * What a sign-up answers; the same for a new address and a known one, so the form reveals nobody. A refused
 * one's exact wait goes in the Retry-After header.
 */
export type NewsletterAnswer = { kind: "subscribed" } | { kind: "invalid"; email: string } | { kind: "too-many" };

const MESSAGES: Record<NewsletterAnswer["kind"], string> = {
  subscribed: SUBSCRIBED_MESSAGE,
  invalid: EMAIL_INVALID_MESSAGE,
  "too-many": TOO_MANY_SUBSCRIPTIONS_MESSAGE,
};

export const newsletterAnswerMessage = (answer: NewsletterAnswer): string => MESSAGES[answer.kind];

// Without JavaScript the footer's form is answered by a redirect back to its page, the answer in the address.
// Only the kind travels, never a message's text, so a crafted link cannot make the shop say anything else.
const ANSWER_PARAM = "newsletter";
const EMAIL_PARAM = "newsletter-email";
/** The footer's newsletter form: the page returns scrolled to it and its answer. */
export const NEWSLETTER_SECTION_ID = "newsletter";
const EMAIL_SHOWN_MAX = 254;
const PAGE_ADDRESS_MAX = 2_000;
const HERE = "http://shop.invalid";

/**
 * The page a sign-up sent without JavaScript returns to: `from` (the page the form was on) if it is a page of
 * this shop, else the home page, with the answer in its address. Another site's address is never followed.
 */
export function pageAfterSubscribing(from: string, answer: NewsletterAnswer): string {
  const page = new URL((from.length <= PAGE_ADDRESS_MAX && pageOnThisShop(from)) || "/", HERE);
  page.searchParams.delete(EMAIL_PARAM);
  page.searchParams.set(ANSWER_PARAM, answer.kind);
  if (answer.kind === "invalid") page.searchParams.set(EMAIL_PARAM, answer.email.slice(0, EMAIL_SHOWN_MAX));
  page.hash = NEWSLETTER_SECTION_ID;
  return `${page.pathname}${page.search}${page.hash}`;
}

/** The answer a page's address carries (see pageAfterSubscribing); undefined when it carries none. */
export function answerFromAddress(search: URLSearchParams): NewsletterAnswer | undefined {
  const kind = search.get(ANSWER_PARAM);
  if (kind === "invalid") return { kind, email: search.get(EMAIL_PARAM) ?? "" };
  return kind === "subscribed" || kind === "too-many" ? { kind } : undefined;
}

// ---- The confirmation email and its links -------------------------------------------------------------------

/** Random bytes in a subscriber's token: 192 bits, far past guessing, written as 32 base64url characters. */
export const SUBSCRIBER_TOKEN_BYTES = 24;
const SUBSCRIBER_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** Whether text can be a subscriber's token at all, so a mangled link costs no database query. */
export const isSubscriberToken = (text: string): boolean => SUBSCRIBER_TOKEN.test(text);

/** The links in every newsletter email: the token is their only secret. */
export function newsletterLinks(origin: string, token: string): { CONFIRM_URL: string; UNSUBSCRIBE_URL: string } {
  const base = origin.replace(/\/+$/, "");
  const id = encodeURIComponent(token);
  return { CONFIRM_URL: `${base}/newsletter/confirm/${id}`, UNSUBSCRIBE_URL: `${base}/newsletter/unsubscribe/${id}` };
}

/** The confirm and unsubscribe pages hold a subscriber's token: no cache keeps them, no search engine lists them. */
export const NEWSLETTER_LINK_HEADERS = { "Cache-Control": PERSONAL_PAGE_CACHE_CONTROL, "X-Robots-Tag": "noindex" } as const;

/**
 * The event of a confirmation email, for its outbox key: the sign-up (when it began) and the clock hour, so
 * asking again the same hour queues nothing, and each later hour at most one more.
 */
export function confirmationEvent(subscribedAt: Date, now: Date): string {
  return `newsletter-confirm:${subscribedAt.getTime()}:${now.toISOString().slice(0, 13)}`;
}

