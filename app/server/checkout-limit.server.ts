import { randomBytes } from "node:crypto";
import { checkoutLimits } from "~/domain/checkout";
import type { RateLimitVerdict } from "~/domain/rate-limit";
import { config } from "./config.server";
import { takeAttempt } from "./rate-limit.server";
import { readCookie, siteCookie } from "./session.server";

/**
 * Names the browser a checkout comes from, so one browser's checkouts count together (decision 029): a random
 * id, kept a year, that says nothing about the shopper.
 */
export const BROWSER_COOKIE = "duka_browser";
const BROWSER_ID = /^[A-Za-z0-9_-]{22}$/;
const BROWSER_COOKIE_SECONDS = 365 * 86_400;

/**
 * Counts a checkout against its address's, its phone number's and its browser's limits before the order is
 * placed (decision 029). A browser that came without an id is given one: `cookie` is the Set-Cookie value.
 */
export async function countCheckout(
  request: Request,
  from: { clientAddress: string; phone: string },
  now = new Date(),
): Promise<{ verdict: RateLimitVerdict; cookie?: string }> {
  const known = readCookie(request, BROWSER_COOKIE);
  const browserId = known && BROWSER_ID.test(known) ? known : randomBytes(16).toString("base64url");
  const attempt = await takeAttempt(checkoutLimits({ ...from, browserId }, config().checkoutsPerHour), now);
  const verdict: RateLimitVerdict = attempt.allowed ? { allowed: true } : attempt;
  return browserId === known ? { verdict } : { verdict, cookie: siteCookie(request, BROWSER_COOKIE, browserId, BROWSER_COOKIE_SECONDS) };
}
