import { expect, test } from "vitest";
import { checkoutLimits } from "./checkout";
import { subscriptionLimits } from "./newsletter";
import { clientNetwork } from "./rate-limit";

// Issue 21, item 6: every limit counts a client by one rule, clientNetwork (an IPv6 client by its /64), so no
// limit can be dodged by moving through one's own IPv6 network. Tracking and phone lookups are counted in
// tracking.server.ts (tracking.test.ts); sign-in in staff-login.server.ts.

const ONE_NETWORK = ["2001:db8:a:b::1", "2001:db8:a:b:ffff:ffff:ffff:fffe", "2001:DB8:A:B:1:2:3:4"];
const addressKey = (keys: string[], prefix: string) => keys.find((key) => key.startsWith(prefix));

test.each([
  [
    "checkout",
    (clientAddress: string) =>
      checkoutLimits({ clientAddress, phone: "+254712345678", browserId: "b" }, { perShopper: 10, perAddress: 60 }),
    "checkout-address:",
  ],
  ["newsletter", (clientAddress: string) => subscriptionLimits({ clientAddress, email: "a@b.co" }), "newsletter-address:"],
] as const)("the %s limit counts every address of one /64 as one client, and an IPv4 address as itself", (_name, limits, prefix) => {
  const keys = ONE_NETWORK.map((address) =>
    addressKey(
      limits(address).map((limit) => limit.key),
      prefix,
    ),
  );
  expect(new Set(keys)).toEqual(new Set([`${prefix}${clientNetwork(ONE_NETWORK[0]!)}`]));
  expect(
    addressKey(
      limits("2001:db8:a:c::1").map((limit) => limit.key),
      prefix,
    ),
  ).not.toBe(keys[0]);
  expect(
    addressKey(
      limits("::ffff:198.51.100.7").map((limit) => limit.key),
      prefix,
    ),
  ).toBe(`${prefix}198.51.100.7`);
});
