import { expect, test } from "vitest";
import { MAX_LINE_QUANTITY, readStoredBag } from "./bag";
import { CHECKOUTS_PER_HOUR, CHECKOUTS_PER_HOUR_PER_ADDRESS, checkoutLimits, EMPTY_CHECKOUT_MESSAGE, tooManyCheckoutsMessage } from "./checkout";
import { checkoutSchema } from "./checkout.schema";

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

const form = {
  name: "Achieng Otieno",
  address: "Kimathi Street, Nairobi",
  phone: "+254712345678",
  paymentMethod: "M-Pesa",
  idempotencyKey: "5f0c8a1e-3b7d-4c2a-9e61-0d4b8f2a7c35",
};
const line = { productId: "kitenge-dress", size: "M", color: "Red", quantity: 2 };

test("checkout reads the posted bag by the browser's rule: lines as restored, other fields dropped", () => {
  const posted = [line, { ...line, size: "L", priceCents: 1 }];
  expect(readStoredBag(JSON.stringify(posted), () => {})).toHaveLength(2);
  expect(checkoutSchema.parse({ ...form, bag: JSON.stringify(posted) }).bag).toEqual([line, { ...line, size: "L" }]);
});

test.each([
  ["not JSON", "[{"],
  ["empty", "[]"],
  ["a fractional quantity", JSON.stringify([{ ...line, quantity: 1.5 }])],
  ["too many of one line", JSON.stringify([{ ...line, quantity: MAX_LINE_QUANTITY + 1 }])],
  ["a line without a colour", JSON.stringify([{ productId: "p", size: "M", quantity: 1 }])],
])("a bag the browser would restore as empty (%s) is an empty cart to checkout", (_, bag) => {
  expect(readStoredBag(bag, () => {})).toEqual([]);
  expect(checkoutSchema.safeParse({ ...form, bag }).error?.issues).toEqual([
    expect.objectContaining({ path: ["bag"], message: EMPTY_CHECKOUT_MESSAGE }),
  ]);
});
