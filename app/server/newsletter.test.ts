import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { SUBSCRIPTIONS_PER_HOUR_PER_EMAIL } from "~/domain/newsletter";
import { SUBSCRIBERS_PER_PAGE, subscribersCsv } from "~/domain/subscribers";
import { defaultNotificationTemplates } from "~/domain/notifications.schema";
import { siteDocumentDefaults } from "~/domain/site-documents.schema";
import { db } from "./db/database.server";
import { newsletterSubscribers, notifications } from "./db/schema.server";
import { confirmSubscription, subscribe, subscribersForCsv, subscribersPage, unsubscribe } from "./newsletter.server";
import { writeSiteDocument } from "./site-documents.server";

// The newsletter on the server (issue 12): double opt-in through the outbox, the confirm and unsubscribe links,
// and the back office's list and CSV. The tests' shop has no SMTP server, so each email is kept as 'not sent'.

// Read by config() on first use, which is after this line.
process.env.PUBLIC_URL = "https://duka.test";

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  await writeSiteDocument("settings", { ...siteDocumentDefaults.settings, storeName: "Duka Crafts" });
});

/** An address of the test's own, so counts and limits start afresh. */
const newAddress = () => `wanjiru.${randomUUID().slice(0, 8)}@example.com`;
/** Each sign-up from a client of its own, so only the email's limit applies. */
let client = 0;
const from = () => `198.51.100.${++client % 250}`;

async function subscriber(email: string) {
  const [row] = await (await db()).select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row;
}

async function emailsTo(email: string) {
  return (await db()).select().from(notifications).where(eq(notifications.recipient, email));
}

test("a new address is kept unconfirmed with a random token, and one confirmation email is queued with its links", async () => {
  const email = newAddress();
  const now = at("2026-11-20T09:15:00Z");
  expect(await subscribe(email, from(), now)).toEqual({ kind: "subscribed" });

  const row = await subscriber(email);
  expect(row).toMatchObject({ email, state: "unconfirmed", subscribedAt: now, confirmedAt: null, unsubscribedAt: null });
  expect(row!.token).toMatch(/^[A-Za-z0-9_-]{32}$/);

  const sent = await emailsTo(email);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({
    key: `newsletter-confirm:${now.getTime()}:2026-11-20T09:email:${email}`,
    message: "newsletter-confirm",
    channel: "email",
    recipient: email,
    subject: "Please confirm your subscription to Duka Crafts",
    state: "not sent",
    lastError: "not sent: no email server configured",
  });
  expect(sent[0]!.body).toContain(`https://duka.test/newsletter/confirm/${row!.token}`);
  expect(sent[0]!.body).toContain(`https://duka.test/newsletter/unsubscribe/${row!.token}`);
  expect(sent[0]!.html).toContain(`<a href="https://duka.test/newsletter/confirm/${row!.token}">`);
});

test("two tokens are never alike", async () => {
  const [a, b] = [newAddress(), newAddress()];
  await subscribe(a, from());
  await subscribe(b, from());
  expect((await subscriber(a))!.token).not.toBe((await subscriber(b))!.token);
});

test("the same address again within the hour adds no row and no email; the next hour, one more email with the same link", async () => {
  const email = newAddress();
  const first = at("2026-11-20T09:15:00Z");
  await subscribe(email, from(), first);
  const { token } = (await subscriber(email))!;

  expect(await subscribe(email.toLowerCase(), from(), at("2026-11-20T09:50:00Z"))).toEqual({ kind: "subscribed" });
  expect(await subscribe(email, from(), at("2026-11-20T09:59:00Z"))).toEqual({ kind: "subscribed" });
  expect(await subscriber(email)).toMatchObject({ state: "unconfirmed", token, subscribedAt: first });
  expect(await emailsTo(email)).toHaveLength(1);

  await subscribe(email, from(), at("2026-11-20T10:05:00Z"));
  const sent = await emailsTo(email);
  expect(sent).toHaveLength(2);
  expect(sent.every((message) => message.body.includes(`/newsletter/confirm/${token}`))).toBe(true);
});

test("sign-ups of one address sent at once keep one row and queue one email", async () => {
  const email = newAddress();
  const now = new Date();
  const answers = await Promise.all(Array.from({ length: 4 }, () => subscribe(email, from(), now)));
  expect(answers.every((answer) => answer.kind === "subscribed")).toBe(true);
  expect(await (await db()).select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toHaveLength(1);
  expect(await emailsTo(email)).toHaveLength(1);
});

test("the confirm link confirms the address once; a confirmed address signing up again is sent nothing", async () => {
  const email = newAddress();
  await subscribe(email, from(), at("2026-11-20T09:15:00Z"));
  const { token } = (await subscriber(email))!;

  const confirmedAt = at("2026-11-20T09:30:00Z");
  expect(await confirmSubscription(token, confirmedAt)).toBe("confirmed");
  expect(await subscriber(email)).toMatchObject({ state: "confirmed", confirmedAt, token });
  expect(await confirmSubscription(token, at("2026-11-20T11:00:00Z"))).toBe("confirmed");
  expect((await subscriber(email))!.confirmedAt).toEqual(confirmedAt);

  expect(await subscribe(email, from(), at("2026-11-20T12:00:00Z"))).toEqual({ kind: "subscribed" });
  expect(await subscriber(email)).toMatchObject({ state: "confirmed", token });
  expect(await emailsTo(email)).toHaveLength(1);
});

test("the unsubscribe link unsubscribes in one step, and a confirm link clicked later does not sign the address up again", async () => {
  const email = newAddress();
  await subscribe(email, from(), at("2026-11-20T09:15:00Z"));
  const { token } = (await subscriber(email))!;
  await confirmSubscription(token, at("2026-11-20T09:20:00Z"));

  const leftAt = at("2026-11-20T10:00:00Z");
  expect(await unsubscribe(token, leftAt)).toBe("unsubscribed");
  expect(await subscriber(email)).toMatchObject({ state: "unsubscribed", unsubscribedAt: leftAt });
  expect(await unsubscribe(token, at("2026-11-20T11:00:00Z"))).toBe("unsubscribed");
  expect((await subscriber(email))!.unsubscribedAt).toEqual(leftAt);

  expect(await confirmSubscription(token, at("2026-11-20T12:00:00Z"))).toBe("unsubscribed");
  expect((await subscriber(email))!.state).toBe("unsubscribed");
});

test("an unconfirmed address can unsubscribe too", async () => {
  const email = newAddress();
  await subscribe(email, from());
  expect(await unsubscribe((await subscriber(email))!.token)).toBe("unsubscribed");
  expect((await subscriber(email))!.state).toBe("unsubscribed");
});

test("signing up again after unsubscribing starts a new unconfirmed subscription with a new token and a new email, the same hour", async () => {
  const email = newAddress();
  await subscribe(email, from(), at("2026-11-20T09:10:00Z"));
  const old = (await subscriber(email))!;
  await confirmSubscription(old.token, at("2026-11-20T09:12:00Z"));
  await unsubscribe(old.token, at("2026-11-20T09:20:00Z"));

  const again = at("2026-11-20T09:30:00Z");
  await subscribe(email, from(), again);
  const row = (await subscriber(email))!;
  expect(row).toMatchObject({ state: "unconfirmed", subscribedAt: again, confirmedAt: null, unsubscribedAt: null });
  expect(row.token).not.toBe(old.token);

  const sent = await emailsTo(email);
  expect(sent).toHaveLength(2);
  expect(sent.filter((message) => message.body.includes(`/newsletter/confirm/${row.token}`))).toHaveLength(1);
  // The old links name nobody any more.
  expect(await confirmSubscription(old.token)).toBe("unknown");
  expect(await unsubscribe(old.token)).toBe("unknown");
  expect(await confirmSubscription(row.token)).toBe("confirmed");
});

test.each([["AbCdEfGhIjKlMnOpQrStUvWxYz012-_9"], ["not-a-token"], [""], ["' or 1=1 --"]])("the unknown token %j confirms and unsubscribes nobody", async (token) => {
  expect(await confirmSubscription(token)).toBe("unknown");
  expect(await unsubscribe(token)).toBe("unknown");
});

test("with the confirmation email switched off, the address is kept unconfirmed and nothing is queued", async () => {
  const templates = defaultNotificationTemplates();
  await writeSiteDocument("messageTemplates", { ...templates, "newsletter-confirm": { ...templates["newsletter-confirm"], enabled: false } });
  try {
    const email = newAddress();
    await subscribe(email, from());
    expect((await subscriber(email))!.state).toBe("unconfirmed");
    expect(await emailsTo(email)).toEqual([]);
  } finally {
    await writeSiteDocument("messageTemplates", templates);
  }
});

test("an address's sixth sign-up in an hour is refused with the wait, and writes nothing", async () => {
  const email = newAddress();
  const now = at("2026-11-20T09:00:00Z");
  for (let i = 0; i < SUBSCRIPTIONS_PER_HOUR_PER_EMAIL; i++) expect((await subscribe(email, from(), new Date(now.getTime() + i * 1_000))).kind).toBe("subscribed");
  await unsubscribe((await subscriber(email))!.token, now);

  const refused = await subscribe(email, from(), new Date(now.getTime() + 60_000));
  expect(refused).toEqual({ kind: "too-many", retryAfterSeconds: 3_540 });
  expect((await subscriber(email))!.state).toBe("unsubscribed");
  expect(await subscribe(email, from(), new Date(now.getTime() + HOUR))).toEqual({ kind: "subscribed" });
});

test("the back office lists subscribers newest first, 50 a page, by state, with the count of each state", async () => {
  const database = await db();
  const before = await subscribersPage(undefined, 1);
  const start = Date.parse("2030-01-01T00:00:00Z");
  await database.insert(newsletterSubscribers).values(
    Array.from({ length: SUBSCRIBERS_PER_PAGE + 5 }, (_, i) => ({
      email: `listed${String(i).padStart(2, "0")}@page.test`,
      state: i % 5 === 0 ? ("unsubscribed" as const) : ("confirmed" as const),
      token: `listed-token-${String(i).padStart(2, "0")}`,
      subscribedAt: new Date(start + i * 60_000),
    })),
  );

  const first = await subscribersPage(undefined, 1);
  expect(first.subscribers).toHaveLength(SUBSCRIBERS_PER_PAGE);
  expect(first.subscribers[0]!.email).toBe("listed54@page.test");
  expect(first.counts).toEqual({
    unconfirmed: before.counts.unconfirmed,
    confirmed: before.counts.confirmed + 44,
    unsubscribed: before.counts.unsubscribed + 11,
  });
  const total = Object.values(first.counts).reduce((sum, n) => sum + n, 0);
  expect(first.pageCount).toBe(Math.ceil(total / SUBSCRIBERS_PER_PAGE));

  const left = await subscribersPage("unsubscribed", 1);
  expect(left.subscribers.every((s) => s.state === "unsubscribed")).toBe(true);
  expect(left.subscribers.slice(0, 2).map((s) => s.email)).toEqual(["listed50@page.test", "listed45@page.test"]);

  // A page past the last shows the last.
  const past = await subscribersPage("unsubscribed", 99);
  expect(past.page).toBe(past.pageCount);
  expect(past.subscribers.length).toBeGreaterThan(0);
  await database.delete(newsletterSubscribers).where(like(newsletterSubscribers.email, "%@page.test"));
});

test("the CSV holds every subscriber, and an address a spreadsheet would run as a formula is neutralised", async () => {
  const signedUp = "-2+3@example.com";
  await subscribe(signedUp, from());
  // Written straight into the database, as no form would take it.
  await (await db())
    .insert(newsletterSubscribers)
    .values({ email: '=hyperlink("http://evil.test","x")@x.test', token: "formula-token", state: "confirmed", subscribedAt: new Date() });

  const csv = subscribersCsv(await subscribersForCsv(undefined), "Africa/Nairobi");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe("\uFEFFEmail,State,Subscribed,Confirmed,Unsubscribed");
  expect(lines).toContainEqual(expect.stringMatching(/^'-2\+3@example\.com,Unconfirmed,\d{4}-\d{2}-\d{2} \d{2}:\d{2},,$/));
  expect(lines).toContainEqual(expect.stringMatching(/^"'=hyperlink\(""http:\/\/evil\.test"",""x""\)@x\.test",Confirmed,/));
  expect(lines.some((line) => /^[=+\-@]/.test(line) || /^"[=+\-@]/.test(line))).toBe(false);

  const confirmed = subscribersCsv(await subscribersForCsv("confirmed"), "Africa/Nairobi");
  expect(confirmed).not.toContain("-2+3@example.com");
  expect(confirmed).toContain("'=hyperlink");
});
