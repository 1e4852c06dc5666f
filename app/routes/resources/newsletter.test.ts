import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { SUBSCRIPTIONS_PER_HOUR_PER_EMAIL } from "~/domain/newsletter";
import { db } from "~/server/db/database.server";
import { newsletterSubscribers } from "~/server/db/schema.server";
import { action as unsubscribeAction, headers as linkHeaders, loader as unsubscribeLoader } from "../shop/newsletter-unsubscribe";
import { loader as confirmLoader } from "../shop/newsletter-confirm";
import { action } from "./newsletter";

// The footer's form as HTTP (issue 12): answered in place for a fetcher, by a redirect back without JavaScript.

type Answer = { data: unknown; init: ResponseInit | null };

let client = 0;
async function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request("http://shop.test/newsletter", { method: "POST", body: new URLSearchParams(fields), headers });
  const context = { cspNonce: "", clientAddress: `192.0.2.${++client}` };
  return (await action({ request, params: {}, context } as unknown as Parameters<typeof action>[0])) as unknown;
}

const newAddress = () => `achieng.${randomUUID().slice(0, 8)}@example.com`;

test("a fetcher's sign-up is answered in place", async () => {
  const answer = (await post({ email: newAddress(), from: "/about" })) as Answer;
  expect(answer.data).toEqual({ kind: "subscribed", message: "Thanks! Check your email to confirm." });
  expect(answer.init?.status).toBe(200);
});

test("an invalid address is answered 400 with what was typed", async () => {
  const answer = (await post({ email: "achieng@ example" })) as Answer;
  expect(answer.data).toEqual({ kind: "invalid", email: "achieng@ example", message: "Please enter a valid email address, like name@example.com." });
  expect(answer.init?.status).toBe(400);
});

test("without JavaScript the form goes back to its page with the answer, and nothing typed is lost", async () => {
  const email = newAddress();
  const page = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
  const sent = (await post({ email, from: "/products?categoryId=bags" }, page)) as Response;
  expect(sent.status).toBe(303);
  expect(sent.headers.get("Location")).toBe("/products?categoryId=bags&newsletter=subscribed#newsletter");
  expect(await (await db()).select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toHaveLength(1);

  const refused = (await post({ email: "achieng", from: "https://evil.test/" }, page)) as Response;
  expect(refused.headers.get("Location")).toBe("/?newsletter=invalid&newsletter-email=achieng#newsletter");
});

test("too many sign-ups of an address are answered 429 with when to try again", async () => {
  const email = newAddress();
  for (let i = 0; i < SUBSCRIPTIONS_PER_HOUR_PER_EMAIL; i++) await post({ email });
  const answer = (await post({ email })) as Answer;
  expect(answer.init?.status).toBe(429);
  expect(answer.data).toMatchObject({ kind: "too-many" });
  expect(Number(new Headers(answer.init?.headers).get("Retry-After"))).toBeGreaterThan(3_500);
});

test("the links' pages: confirm, one-click unsubscribe by GET or POST, and 404 for a token nobody has", async () => {
  const email = newAddress();
  await post({ email });
  const [row] = await (await db()).select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  const token = row!.token;
  const args = (path: string, method = "GET", named = token) =>
    ({ request: new Request(`http://shop.test${path}`, { method }), params: { token: named }, context: {} }) as never;

  const confirmed = (await confirmLoader(args(`/newsletter/confirm/${token}`))) as unknown as Answer;
  expect(confirmed.data).toEqual({ message: "Your subscription is confirmed." });
  expect(confirmed.init?.status).toBe(200);

  // A mail program's one-click unsubscribe (RFC 8058) posts to the link.
  const posted = (await unsubscribeAction(args(`/newsletter/unsubscribe/${token}`, "POST"))) as unknown as Answer;
  expect(posted.data).toEqual({ message: "You have been unsubscribed." });
  const opened = (await unsubscribeLoader(args(`/newsletter/unsubscribe/${token}`))) as unknown as Answer;
  expect(opened.data).toEqual({ message: "You have been unsubscribed." });

  const unknown = (await confirmLoader(args("/newsletter/confirm/x", "GET", "x".repeat(32)))) as unknown as Answer;
  expect(unknown.init?.status).toBe(404);
  expect(unknown.data).toEqual({ message: expect.stringMatching(/^This newsletter link is not valid\./) });

  expect(linkHeaders()).toEqual({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
});
