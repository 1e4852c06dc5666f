import { describe, expect, test } from "vitest";
import { deliveryFeeCents, deliveryFeeText, deliveryOptionLabel, type DeliveryZone, mayPayOnDelivery, type PickUpPoint } from "./delivery";

const ksh = (shillings: number) => shillings * 100;

const nairobi: DeliveryZone = {
  kind: "zone",
  id: "z1",
  name: "Nairobi CBD",
  feeCents: ksh(250),
  freeFromCents: ksh(6_000),
  payOnDelivery: { upToCents: ksh(10_000) },
};
const upcountry: DeliveryZone = { ...nairobi, id: "z2", name: "Outside Nairobi", feeCents: ksh(300), freeFromCents: null, payOnDelivery: null };
const shop: PickUpPoint = { kind: "pick-up", id: "p1", name: "Moi Avenue shop", feeCents: 0 };

describe("deliveryFeeCents", () => {
  test("a zone charges its fee below its free-delivery threshold, and nothing from it on", () => {
    expect(deliveryFeeCents(nairobi, ksh(5_999))).toBe(ksh(250));
    expect(deliveryFeeCents(nairobi, ksh(6_000) - 1)).toBe(ksh(250));
    expect(deliveryFeeCents(nairobi, ksh(6_000))).toBe(0);
    expect(deliveryFeeCents(nairobi, ksh(25_000))).toBe(0);
  });

  test("a zone without a threshold always charges its fee", () => {
    expect(deliveryFeeCents(upcountry, ksh(1_000_000))).toBe(ksh(300));
  });

  test("a pick-up point charges its own fee, whatever the subtotal", () => {
    expect(deliveryFeeCents(shop, ksh(100))).toBe(0);
    expect(deliveryFeeCents({ ...shop, feeCents: ksh(50) }, ksh(100_000))).toBe(ksh(50));
  });

  test("a fee is whole shillings, rounded half up, and never below nothing", () => {
    expect(deliveryFeeCents({ ...upcountry, feeCents: 25_049 }, 0)).toBe(ksh(250));
    expect(deliveryFeeCents({ ...upcountry, feeCents: 25_050 }, 0)).toBe(ksh(251));
    expect(deliveryFeeCents({ ...upcountry, feeCents: -100 }, 0)).toBe(0);
  });
});

describe("deliveryOptionLabel", () => {
  test("reads as checkout's radio buttons do", () => {
    expect(deliveryOptionLabel(nairobi, ksh(1_200))).toBe("Nairobi CBD — KSH 250");
    expect(deliveryOptionLabel(nairobi, ksh(6_000))).toBe("Nairobi CBD — Free");
    expect(deliveryOptionLabel(shop, ksh(1_200))).toBe("Pick up: Moi Avenue shop — Free");
    expect(deliveryOptionLabel({ ...upcountry, feeCents: ksh(1_500) }, 0)).toBe("Outside Nairobi — KSH 1,500");
  });

  test("a fee of nothing is Free", () => {
    expect(deliveryFeeText(0)).toBe("Free");
    expect(deliveryFeeText(ksh(250))).toBe("KSH 250");
  });
});

describe("mayPayOnDelivery", () => {
  test("a zone that allows it, up to its amount, that amount included", () => {
    expect(mayPayOnDelivery(nairobi, ksh(10_000))).toBe(true);
    expect(mayPayOnDelivery(nairobi, ksh(10_000) + 100)).toBe(false);
  });

  test("a zone that allows it without an amount takes any total", () => {
    expect(mayPayOnDelivery({ ...nairobi, payOnDelivery: { upToCents: null } }, ksh(500_000))).toBe(true);
  });

  test("never to a zone that does not allow it, nor at a pick-up point", () => {
    expect(mayPayOnDelivery(upcountry, ksh(100))).toBe(false);
    expect(mayPayOnDelivery(shop, ksh(100))).toBe(false);
  });
});
