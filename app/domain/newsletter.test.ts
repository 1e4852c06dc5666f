import { describe, expect, test } from "vitest";
import {
  answerFromAddress,
  confirmationEvent,
  EMAIL_INVALID_MESSAGE,
  isSubscriberToken,
  type NewsletterAnswer,
  newsletterAnswerMessage,
  newsletterLinks,
  pageAfterSubscribing,
  SUBSCRIBED_MESSAGE,
  subscriptionLimits,
} from "./newsletter";
import { subscribersQuerySchema, subscribeSchema } from "./newsletter.schema";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz012-_9";

describe("subscribeSchema", () => {
  test.each([
    ["wanjiru@example.com", "wanjiru@example.com"],
    ["  Wanjiru.Kamau@Example.CO.KE ", "wanjiru.kamau@example.co.ke"],
    ["otieno+news@duka.test", "otieno+news@duka.test"],
  ])("%j is kept as %j", (typed, kept) => {
    expect(subscribeSchema.parse({ email: typed })).toEqual({ email: kept });
  });

  test.each([[""], ["   "], ["wanjiru"], ["wanjiru@"], ["@example.com"], ["wanjiru@example"], ["two words@example.com"], [`${"a".repeat(250)}@x.co`]])(
    "%j is refused with one clear sentence",
    (typed) => {
      const parsed = subscribeSchema.safeParse({ email: typed });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(EMAIL_INVALID_MESSAGE);
    },
  );

  test("a form without the field is refused the same way", () => {
    expect(subscribeSchema.safeParse({}).error?.issues[0]?.message).toBe(EMAIL_INVALID_MESSAGE);
  });
});

describe("the answers", () => {
  test.each([
    [{ kind: "subscribed" }, "Thanks! Check your email to confirm."],
    [{ kind: "invalid", email: "wanjiru@" }, "Please enter a valid email address, like name@example.com."],
    [{ kind: "too-many" }, "Too many sign-ups from this email address or connection. Please try again in an hour."],
  ] satisfies [NewsletterAnswer, string][])("%j reads %j", (answer, message) => {
    expect(newsletterAnswerMessage(answer)).toBe(message);
  });
});

describe("subscriptionLimits", () => {
  test("a sign-up counts against its connection, then its email address, each for an hour", () => {
    expect(subscriptionLimits({ clientAddress: "203.0.113.9", email: " Wanjiru@Example.com" })).toEqual([
      { key: "newsletter-address:203.0.113.9", limit: 30, windowMs: 3_600_000 },
      { key: "newsletter-email:wanjiru@example.com", limit: 5, windowMs: 3_600_000 },
    ]);
  });

  test("an IPv6 client counts as its /64", () => {
    const [address] = subscriptionLimits({ clientAddress: "2001:db8:1:2:3:4:5:6", email: "a@b.co" });
    expect(address?.key).toBe("newsletter-address:2001:db8:1:2::/64");
  });
});

describe("pageAfterSubscribing and answerFromAddress", () => {
  const roundTrip = (from: string, answer: NewsletterAnswer) => {
    const page = pageAfterSubscribing(from, answer);
    return { page, answer: answerFromAddress(new URL(page, "http://shop.test").searchParams) };
  };

  test("a sign-up without JavaScript returns to its page, scrolled to the newsletter, with the answer", () => {
    expect(roundTrip("/products?categoryId=bags", { kind: "subscribed" })).toEqual({
      page: "/products?categoryId=bags&newsletter=subscribed#newsletter",
      answer: { kind: "subscribed" },
    });
  });

  test("an invalid address comes back with what was typed", () => {
    expect(roundTrip("/", { kind: "invalid", email: "wanjiru@ example" })).toEqual({
      page: "/?newsletter=invalid&newsletter-email=wanjiru%40+example#newsletter",
      answer: { kind: "invalid", email: "wanjiru@ example" },
    });
  });

  test("a refused sign-up comes back refused", () => {
    expect(roundTrip("/about", { kind: "too-many" })).toEqual({ page: "/about?newsletter=too-many#newsletter", answer: { kind: "too-many" } });
  });

  test("an earlier answer in the address is replaced, not repeated", () => {
    const first = pageAfterSubscribing("/about", { kind: "invalid", email: "x" });
    expect(pageAfterSubscribing(first.replace(/#.*$/, ""), { kind: "subscribed" })).toBe("/about?newsletter=subscribed#newsletter");
  });

  test.each([
    ["https://evil.test/"],
    ["//evil.test/path"],
    ["/\\evil.test"],
    ["/\t/evil.test"],
    ["/.//evil.example"],
    ["/..//evil.example"],
    ["javascript:alert(1)"],
    [""],
    [`/${"a".repeat(2_000)}`],
  ])(
    "%j is not followed: the home page is",
    (from) => {
      expect(pageAfterSubscribing(from, { kind: "subscribed" })).toBe("/?newsletter=subscribed#newsletter");
    },
  );

  test.each([[""], ["?newsletter=maybe"], ["?other=1"]])("%j carries no answer", (search) => {
    expect(answerFromAddress(new URLSearchParams(search))).toBeUndefined();
  });
});

describe("tokens and links", () => {
  test.each([
    [TOKEN, true],
    [TOKEN.slice(1), false],
    [`${TOKEN}x`, false],
    ["AbCdEfGhIjKlMnOpQrStUvWxYz012-_+", false],
    ["", false],
  ])("%j is a token: %s", (text, expected) => {
    expect(isSubscriberToken(text)).toBe(expected);
  });

  test("the links are built from the shop's public address", () => {
    expect(newsletterLinks("https://amanicrafts.co.ke/", TOKEN)).toEqual({
      CONFIRM_URL: `https://amanicrafts.co.ke/newsletter/confirm/${TOKEN}`,
      UNSUBSCRIBE_URL: `https://amanicrafts.co.ke/newsletter/unsubscribe/${TOKEN}`,
    });
  });
});

describe("confirmationEvent", () => {
  const signedUp = new Date("2026-11-20T09:15:00Z");

  test("asking again within the clock hour is the same event; the next hour, and a new sign-up, another", () => {
    const first = confirmationEvent(signedUp, new Date("2026-11-20T09:15:00Z"));
    expect(first).toBe(`newsletter-confirm:${signedUp.getTime()}:2026-11-20T09`);
    expect(confirmationEvent(signedUp, new Date("2026-11-20T09:59:59Z"))).toBe(first);
    expect(confirmationEvent(signedUp, new Date("2026-11-20T10:00:00Z"))).not.toBe(first);
    expect(confirmationEvent(new Date("2026-11-20T09:40:00Z"), new Date("2026-11-20T09:45:00Z"))).not.toBe(first);
  });
});

describe("the subscribers list's address", () => {
  test.each([
    [{}, { state: undefined, page: 1 }],
    [{ state: "confirmed", page: "2" }, { state: "confirmed", page: 2 }],
    [{ state: "everyone", page: "-1" }, { state: undefined, page: 1 }],
    [{ state: "", page: "two" }, { state: undefined, page: 1 }],
  ])("the address %j reads as %j", (search, query) => {
    expect(subscribersQuerySchema.parse(search)).toEqual(query);
  });
});

test("the success message is the one the issue names", () => {
  expect(SUBSCRIBED_MESSAGE).toBe("Thanks! Check your email to confirm.");
});
