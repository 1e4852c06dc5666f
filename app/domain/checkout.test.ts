import { expect, test } from "vitest";
import { CHECKOUTS_PER_HOUR, CHECKOUTS_PER_HOUR_PER_ADDRESS, checkoutLimits, tooManyCheckoutsMessage } from "./checkout";

const perHour = { perShopper: CHECKOUTS_PER_HOUR, perAddress: CHECKOUTS_PER_HOUR_PER_ADDRESS };
const shopper = { clientAddress: "197.232.61.10", phone: "+254712345678", browserId: "b5YjQ2rX0kT9mZ3vL8wP1a" };

test("a checkout counts against its address, then its phone number and its browser, each for an hour", () => {
  expect(checkoutLimits(shopper, perHour)).toEqual([
    { key: "checkout-address:197.232.61.10", limit: 60, windowMs: 3_600_000 },
    { key: "checkout-phone:254712345678", limit: 10, windowMs: 3_600_000 },
    { key: "checkout-browser:b5YjQ2rX0kT9mZ3vL8wP1a", limit: 10, windowMs: 3_600_000 },
  ]);
});

test("two shoppers behind one address share only the address's count", () => {
  const neighbour = { ...shopper, phone: "+254 733 000 111", browserId: "Zq0s9Xw8Vt7Uu6Ry5Pp4Oo" };
  const [address, ...own] = checkoutLimits(shopper, perHour);
  const [theirAddress, ...theirOwn] = checkoutLimits(neighbour, perHour);
  expect(theirAddress).toEqual(address);
  expect(theirOwn.map((l) => l.key)).not.toContain(own[0]!.key);
  expect(theirOwn.map((l) => l.key)).not.toContain(own[1]!.key);
});

test("one phone number typed two ways is one phone number", () => {
  const spaced = checkoutLimits({ ...shopper, phone: "+254 712-345 678" }, perHour);
  expect(spaced[1]!.key).toBe(checkoutLimits(shopper, perHour)[1]!.key);
});

test("one IPv6 subscriber's addresses share one ceiling", () => {
  const first = checkoutLimits({ ...shopper, clientAddress: "2c0f:fe38:2001:7f::1" }, perHour);
  const second = checkoutLimits({ ...shopper, clientAddress: "2c0f:fe38:2001:7f:aaaa::2" }, perHour);
  expect(second[0]!.key).toBe(first[0]!.key);
});

test.each([
  [1, "1 minute"],
  [60, "1 minute"],
  [61, "2 minutes"],
  [3_600, "60 minutes"],
])("after %d seconds' wait the message says %s and that the bag is kept", (seconds, wait) => {
  expect(tooManyCheckoutsMessage(seconds)).toBe(
    `Too many orders tried from this phone number, browser or connection. Please try again in ${wait}; your bag and details are kept.`,
  );
});
