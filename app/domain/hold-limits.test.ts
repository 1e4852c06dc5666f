import fc from "fast-check";
import { expect, test } from "vitest";
import { allInBagMessage, overLineMessage } from "./bag";
import { heldUnitsBreach, holderOf, overUnitsPerOrder, stockForShoppers, unitsPerProductPerOrder } from "./hold-limits";
import { settingsSchema } from "./site-documents.schema";

test("one order may take 10 of a product unless Site Settings say otherwise", () => {
  expect(unitsPerProductPerOrder({})).toBe(10);
  expect(unitsPerProductPerOrder({ unitsPerProductPerOrder: 3 })).toBe(3);
  for (const refused of [0, -1, 1.5, 100, Number.NaN]) {
    expect(settingsSchema.shape.unitsPerProductPerOrder.safeParse(refused).success).toBe(false);
  }
});

test("the first product a bag wants too many of is named", () => {
  const names = new Map([
    ["a", "Kiondo Basket"],
    ["b", "Ankara Dress"],
  ]);
  expect(overUnitsPerOrder(new Map([["a", 10], ["b", 11]]), names, 10)).toEqual({ productName: "Ankara Dress", most: 10 });
  expect(overUnitsPerOrder(new Map([["a", 10]]), names, 10)).toBeUndefined();
});

test("shoppers are never told more than one order may take, whatever the stock", () => {
  fc.assert(
    fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 99 }), (available, most) => {
      const shown = stockForShoppers(available, most);
      expect(shown.available).toBe(Math.min(available, most));
      expect(shown.perOrderLimit).toBe(available > most);
    }),
  );
});

test("a bag line and the product page say which limit they met", () => {
  expect(overLineMessage(0, false)).toBe("Sold out");
  expect(overLineMessage(3, false)).toBe("Only 3 left");
  expect(overLineMessage(10, true)).toBe("At most 10 per order");
  expect(allInBagMessage(4)).toBe("All 4 left are already in your bag.");
  expect(allInBagMessage(10, true)).toBe("You can order at most 10 at a time, and they are in your bag.");
});

test("the network's limit is met before the phone's, and a limit is reached, not passed", () => {
  const limits = { perPhone: 20, perAddress: 60 };
  expect(heldUnitsBreach(5, { byPhone: 15, byNetwork: 15 }, limits)).toBeUndefined();
  expect(heldUnitsBreach(6, { byPhone: 15, byNetwork: 15 }, limits)).toBe("phone");
  expect(heldUnitsBreach(6, { byPhone: 15, byNetwork: 55 }, limits)).toBe("network");
});

test("a holder is its phone's digits and its client's network: an IPv6 client by its /64", () => {
  expect(holderOf("+254 712 345 678", "2001:db8:1:2:aaaa::1")).toEqual({ phoneDigits: "254712345678", network: "2001:db8:1:2::/64" });
  expect(holderOf("+254712345678", "::ffff:203.0.113.9")).toEqual({ phoneDigits: "254712345678", network: "203.0.113.9" });
});
