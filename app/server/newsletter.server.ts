import { randomBytes } from "node:crypto";
import { and, count, desc, eq, ne, type SQL } from "drizzle-orm";
import { confirmationEvent, isSubscriberToken, newsletterLinks, SUBSCRIBER_TOKEN_BYTES, subscriptionLimits } from "~/domain/newsletter";
import { type EmailTemplate, notificationKey, renderEmailHtml, renderText } from "~/domain/notifications";
import { stateListPage } from "~/domain/state-list";
import { SUBSCRIBER_STATES, type Subscriber, type SubscriberState, SUBSCRIBERS_PER_PAGE } from "~/domain/subscribers";
import { config } from "./config.server";
import { db } from "./db/database.server";
import { newsletterSubscribers } from "./db/schema.server";
import { type OutboxMessage, queueNotifications } from "./notifications.server";
import { takeAttempt } from "./rate-limit.server";
import { readSiteDocument } from "./site-documents.server";

/** The confirmation email to an address that signed up, from the template staff edit, for the outbox. */
function confirmationEmail(
  template: EmailTemplate,
  subscriber: { email: string; token: string; subscribedAt: Date },
  shopName: string,
  now: Date,
): OutboxMessage {
  const values = { SHOP_NAME: shopName, ...newsletterLinks(config().publicUrl ?? "", subscriber.token) };
  return {
    key: notificationKey(confirmationEvent(subscriber.subscribedAt, now), "email", subscriber.email),
    message: "newsletter-confirm",
    channel: "email",
    recipient: subscriber.email,
    subject: renderText(template.subject, values),
    body: renderText(template.body, values),
    html: renderEmailHtml(template.body, values),
  };
}

export type SubscribeResult = { kind: "subscribed" } | { kind: "too-many"; retryAfterSeconds: number };

/**
 * Signs an address up for the newsletter (issue 12), within its limits. A new address, or one that had
 * unsubscribed, starts unconfirmed with a new token; a confirmation email goes to every unconfirmed address, in
 * the same transaction, at most once an hour (its outbox key). A confirmed address changes nothing and is sent
 * nothing. Every case answers the same, so the form tells nobody who is subscribed.
 */
export async function subscribe(email: string, clientAddress: string, now = new Date()): Promise<SubscribeResult> {
  const attempt = await takeAttempt(subscriptionLimits({ clientAddress, email }), now);
  if (!attempt.allowed) return { kind: "too-many", retryAfterSeconds: attempt.retryAfterSeconds };
  // Read before the transaction: PGlite answers nothing else while one is open.
  const [settings, templates] = await Promise.all([readSiteDocument("settings"), readSiteDocument("messageTemplates")]);
  const template = templates["newsletter-confirm"];
  const token = randomBytes(SUBSCRIBER_TOKEN_BYTES).toString("base64url");
  await (await db()).transaction(async (tx) => {
    const [signedUp] = await tx
      .insert(newsletterSubscribers)
      .values({ email, state: "unconfirmed", token, subscribedAt: now })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: { state: "unconfirmed", token, subscribedAt: now, confirmedAt: null, unsubscribedAt: null },
        setWhere: eq(newsletterSubscribers.state, "unsubscribed"),
      })
      .returning();
    // The conflict left the row locked, so this reads it as it stands.
    const subscriber = signedUp ?? (await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
    if (subscriber?.state !== "unconfirmed" || !template.enabled) return;
    await queueNotifications(tx, [confirmationEmail(template, subscriber, settings.storeName, now)], now);
  });
  return { kind: "subscribed" };
}

/**
 * Confirms the address a confirm link names: "confirmed" (also when it already was), "unsubscribed" when the
 * address has left since (a link from an old email does not sign it up again), or "unknown".
 */
export async function confirmSubscription(token: string, now = new Date()): Promise<"confirmed" | "unsubscribed" | "unknown"> {
  if (!isSubscriberToken(token)) return "unknown";
  const database = await db();
  const [confirmed] = await database
    .update(newsletterSubscribers)
    .set({ state: "confirmed", confirmedAt: now })
    .where(and(eq(newsletterSubscribers.token, token), eq(newsletterSubscribers.state, "unconfirmed")))
    .returning({ state: newsletterSubscribers.state });
  const [subscriber] = confirmed ? [confirmed] : await stateOf(token);
  return subscriber?.state === "unsubscribed" ? "unsubscribed" : subscriber ? "confirmed" : "unknown";
}

/** Unsubscribes the address an unsubscribe link names, in one step: "unsubscribed" (also when it already was) or "unknown". */
export async function unsubscribe(token: string, now = new Date()): Promise<"unsubscribed" | "unknown"> {
  if (!isSubscriberToken(token)) return "unknown";
  const [left] = await (await db())
    .update(newsletterSubscribers)
    .set({ state: "unsubscribed", unsubscribedAt: now })
    .where(and(eq(newsletterSubscribers.token, token), ne(newsletterSubscribers.state, "unsubscribed")))
    .returning({ state: newsletterSubscribers.state });
  const [subscriber] = left ? [left] : await stateOf(token);
  return subscriber ? "unsubscribed" : "unknown";
}

/** Whether a confirm or unsubscribe link names a subscriber, without changing anything (its page asks first). */
export async function isKnownSubscriberLink(token: string): Promise<boolean> {
  return isSubscriberToken(token) && (await stateOf(token)).length > 0;
}

async function stateOf(token: string) {
  return (await db()).select({ state: newsletterSubscribers.state }).from(newsletterSubscribers).where(eq(newsletterSubscribers.token, token));
}

const subscriberColumns = {
  email: newsletterSubscribers.email,
  state: newsletterSubscribers.state,
  subscribedAt: newsletterSubscribers.subscribedAt,
  confirmedAt: newsletterSubscribers.confirmedAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
};

const inState = (state: SubscriberState | undefined): SQL | undefined => (state ? eq(newsletterSubscribers.state, state) : undefined);

/** Newest sign-ups first; the email breaks ties, so pages never share or skip a row. */
const newestFirst = [desc(newsletterSubscribers.subscribedAt), newsletterSubscribers.email];

/**
 * One page of the subscribers in a state (or all), with how many there are in each state; a page past the
 * last reads as the last.
 */
export async function subscribersPage(
  state: SubscriberState | undefined,
  requestedPage: number,
): Promise<{ subscribers: Subscriber[]; counts: Record<SubscriberState, number>; page: number; pageCount: number }> {
  const database = await db();
  const perState = await database
    .select({ state: newsletterSubscribers.state, n: count() })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.state);
  const { counts, page, pageCount } = stateListPage(SUBSCRIBER_STATES, perState, state, requestedPage, SUBSCRIBERS_PER_PAGE);
  const subscribers = await database
    .select(subscriberColumns)
    .from(newsletterSubscribers)
    .where(inState(state))
    .orderBy(...newestFirst)
    .limit(SUBSCRIBERS_PER_PAGE)
    .offset((page - 1) * SUBSCRIBERS_PER_PAGE);
  return { subscribers, counts, page, pageCount };
}

/** Every subscriber in a state (or all), newest first, for the CSV. */
export async function subscribersForCsv(state: SubscriberState | undefined): Promise<Subscriber[]> {
  return (await db()).select(subscriberColumns).from(newsletterSubscribers).where(inState(state)).orderBy(...newestFirst);
}
