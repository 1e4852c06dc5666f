import { randomBytes } from "node:crypto";
import { expect, test } from "vitest";
import { CHECKOUTS_PER_HOUR, CHECKOUTS_PER_HOUR_PER_ADDRESS } from "~/domain/checkout";
import { BROWSER_COOKIE, countCheckout } from "./checkout-limit.server";

const now = new Date("2026-11-22T08:00:00Z");
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

/** A checkout post from a browser: with its id cookie, or (undefined) a browser that has none yet. */
const post = (browserCookie?: string) =>
  new Request("http://shop.test/checkout", { method: "POST", headers: browserCookie ? { Cookie: browserCookie } : {} });
const phone = (n: number) => `+2547${String(n).padStart(8, "0")}`;

/** A browser that has checked out before: the cookie with the id the shop gave it. */
const newBrowser = () => `${BROWSER_COOKIE}=${randomBytes(16).toString("base64url")}`;

test("a browser's first checkout gives it an id in an httpOnly cookie; later ones keep it", async () => {
  const first = await countCheckout(post(), { clientAddress: "198.51.100.1", phone: phone(1) }, now);
  expect(first.verdict).toEqual({ allowed: true });
  expect(first.cookie).toMatch(new RegExp(`^${BROWSER_COOKIE}=[A-Za-z0-9_-]{22}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000$`));
  const again = await countCheckout(post(first.cookie!.split(";")[0]), { clientAddress: "198.51.100.1", phone: phone(1) }, now);
  expect(again).toEqual({ verdict: { allowed: true } });
  const forged = await countCheckout(post(`${BROWSER_COOKIE}=not-an-id`), { clientAddress: "198.51.100.1", phone: phone(1) }, now);
  expect(forged.cookie).toMatch(new RegExp(`^${BROWSER_COOKIE}=[A-Za-z0-9_-]{22};`));
});

test("shoppers sharing one carrier address each check out without being refused for the others", async () => {
  const address = "198.51.100.2";
  for (let shopper = 0; shopper < 3 * CHECKOUTS_PER_HOUR; shopper++) {
    const browser = newBrowser();
    const { verdict } = await countCheckout(post(browser), { clientAddress: address, phone: phone(2_000 + shopper) }, minutes(1));
    expect(verdict, `shopper ${shopper}`).toEqual({ allowed: true });
  }
});

test("one browser is refused after 10 checkouts in an hour, whatever phone numbers it types", async () => {
  const browser = newBrowser();
  for (let i = 0; i < CHECKOUTS_PER_HOUR; i++) {
    expect((await countCheckout(post(browser), { clientAddress: "198.51.100.3", phone: phone(3_000 + i) }, minutes(i))).verdict).toEqual({
      allowed: true,
    });
  }
  const refused = await countCheckout(post(browser), { clientAddress: "198.51.100.3", phone: phone(3_999) }, minutes(15));
  expect(refused).toEqual({ verdict: { allowed: false, retryAfterSeconds: 45 * 60 } });
  expect((await countCheckout(post(browser), { clientAddress: "198.51.100.3", phone: phone(3_999) }, minutes(60))).verdict).toEqual({
    allowed: true,
  });
});

test("one phone number is refused after 10 checkouts in an hour, from any browser or address", async () => {
  for (let i = 0; i < CHECKOUTS_PER_HOUR; i++) {
    expect((await countCheckout(post(), { clientAddress: `198.51.100.${10 + i}`, phone: phone(4_000) }, now)).verdict).toEqual({
      allowed: true,
    });
  }
  const refused = await countCheckout(post(), { clientAddress: "198.51.100.40", phone: "+254 7000 04000" }, now);
  expect(refused.verdict).toEqual({ allowed: false, retryAfterSeconds: 3_600 });
});

test("a client that drops its cookie and makes up phone numbers meets the address's ceiling", async () => {
  const results = [];
  for (let i = 0; i <= CHECKOUTS_PER_HOUR_PER_ADDRESS; i++) {
    results.push((await countCheckout(post(), { clientAddress: "2c0f:fe38:2001:7f::1", phone: phone(5_000 + i) }, now)).verdict);
  }
  expect(results.filter((v) => v.allowed)).toHaveLength(CHECKOUTS_PER_HOUR_PER_ADDRESS);
  // Another address of the same IPv6 subscriber is the same client.
  expect((await countCheckout(post(), { clientAddress: "2c0f:fe38:2001:7f::2", phone: phone(5_999) }, now)).verdict.allowed).toBe(false);
});

test("twenty checkouts at once from one browser: ten get through", async () => {
  const browser = newBrowser();
  const verdicts = await Promise.all(
    Array.from({ length: 20 }, (_, i) => countCheckout(post(browser), { clientAddress: "198.51.100.50", phone: phone(6_000 + i) }, now)),
  );
  expect(verdicts.filter(({ verdict }) => verdict.allowed)).toHaveLength(CHECKOUTS_PER_HOUR);
});
