import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { SUBSCRIPTIONS_PER_HOUR_PER_EMAIL } from "~/domain/newsletter";
import { db } from "~/server/db/database.server";
import { newsletterSubscribers } from "~/server/db/schema.server";
import { action as unsubscribeAction, headers as linkHeaders, loader as unsubscribeLoader } from "../shop/newsletter-unsubscribe";
import { action as confirmAction, loader as confirmLoader } from "../shop/newsletter-confirm";
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

test.each([["/.//evil.example"], ["//evil.example"], ["/\\evil.example"], ["/..//evil.example"], ["https://evil.example/"]])(
  "without JavaScript a sign-up from %j goes back to the shop's home page, never off the shop",
  async (from) => {
    const sent = (await post({ email: newAddress(), from }, { Accept: "text/html" })) as Response;
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/?newsletter=subscribed#newsletter");
  },
);

test("too many sign-ups of an address are answered 429 with when to try again", async () => {
  const email = newAddress();
  for (let i = 0; i < SUBSCRIPTIONS_PER_HOUR_PER_EMAIL; i++) await post({ email });
  const answer = (await post({ email })) as Answer;
  expect(answer.init?.status).toBe(429);
  expect(answer.data).toMatchObject({ kind: "too-many" });
  expect(Number(new Headers(answer.init?.headers).get("Retry-After"))).toBeGreaterThan(3_500);
});

test("the links' pages: opening one changes nothing, its button confirms or unsubscribes, and a token nobody has is 404", async () => {
  const email = newAddress();
  await post({ email });
  const subscriber = async () => (await (await db()).select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]!;
  const token = (await subscriber()).token;
  const args = (path: string, method = "GET", named = token) =>
    ({ request: new Request(`http://shop.test${path}`, { method }), params: { token: named }, context: {} }) as never;

  // A mail scanner opening the confirm link confirms nobody: the page asks for a click.
  expect(await confirmLoader(args(`/newsletter/confirm/${token}`))).toEqual({ message: undefined });
  expect((await subscriber()).state).toBe("unconfirmed");
  const confirmed = (await confirmAction(args(`/newsletter/confirm/${token}`, "POST"))) as unknown as Answer;
  expect(confirmed.data).toEqual({ message: "Your subscription is confirmed." });
  expect(confirmed.init?.status).toBe(200);
  expect((await subscriber()).state).toBe("confirmed");

  // The same for the unsubscribe link; a mail program's one-click unsubscribe (RFC 8058) posts to it.
  expect(await unsubscribeLoader(args(`/newsletter/unsubscribe/${token}`))).toEqual({ message: undefined });
  expect((await subscriber()).state).toBe("confirmed");
  const posted = (await unsubscribeAction(args(`/newsletter/unsubscribe/${token}`, "POST"))) as unknown as Answer;
  expect(posted.data).toEqual({ message: "You have been unsubscribed." });
  expect((await subscriber()).state).toBe("unsubscribed");

  // A confirm click after leaving says so and does not sign the address up again.
  const late = (await confirmAction(args(`/newsletter/confirm/${token}`, "POST"))) as unknown as Answer;
  expect(late.data).toEqual({ message: expect.stringMatching(/^This address has unsubscribed, so it was not signed up again\./) });
  expect((await subscriber()).state).toBe("unsubscribed");

  for (const unknown of [
    (await confirmLoader(args("/newsletter/confirm/x", "GET", "x".repeat(32)))) as unknown as Answer,
    (await unsubscribeLoader(args("/newsletter/unsubscribe/x", "GET", "x".repeat(32)))) as unknown as Answer,
    (await confirmAction(args("/newsletter/confirm/x", "POST", "x".repeat(32)))) as unknown as Answer,
    (await unsubscribeAction(args("/newsletter/unsubscribe/x", "POST", "not-a-token"))) as unknown as Answer,
  ]) {
    expect(unknown.init?.status).toBe(404);
    expect(unknown.data).toEqual({ message: expect.stringMatching(/^This newsletter link is not valid\./) });
  }

  expect(linkHeaders()).toEqual({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
});
