import { describe, expect, test } from "vitest";
import { orderCharges, placedOrderCharges } from "./delivery";
import {
  bagDiscounts,
  codeCoversBag,
  discountCents,
  type DiscountedLine,
  normaliseCode,
  pricedBagLines,
  type Promotion,
  promotionRefusal,
  promotionRefusalMessage,
  promotionState,
  totalDiscountCents,
} from "./promotions";

const ksh = (shillings: number) => shillings * 100;
const now = new Date("2026-12-01T09:00:00Z");
const hour = 60 * 60_000;

const promotion = (changes: Partial<Promotion> = {}): Promotion => ({
  id: "p1",
  code: "EASTER10",
  name: "",
  kind: "percent",
  value: 10,
  scope: { kind: "everything" },
  minSubtotalCents: 0,
  combinesWithAutomatic: false,
  isActive: true,
  startsAt: null,
  endsAt: null,
  totalUses: null,
  usesPerPhone: null,
  ...changes,
});

// A kikoi (fashion) and a basket (home decor), as a bag holds them.
const kikoi: DiscountedLine = { productId: "kikoi", categoryId: "fashion", unitPriceCents: ksh(1_500), quantity: 2 };
const basket: DiscountedLine = { productId: "basket", categoryId: "decor", unitPriceCents: ksh(2_255), quantity: 1 };
const bag = [kikoi, basket];

describe("what a promotion takes off", () => {
  test("a percentage applies to the lines it covers only", () => {
    expect(discountCents(promotion({ scope: { kind: "everything" } }), bag, 0)).toBe(ksh(525)); // 10% of 5,255, down
    expect(discountCents(promotion({ scope: { kind: "categories", categoryIds: ["fashion"] } }), bag, 0)).toBe(ksh(300));
    expect(discountCents(promotion({ scope: { kind: "products", productIds: ["basket"] } }), bag, 0)).toBe(ksh(225));
    expect(discountCents(promotion({ scope: { kind: "categories", categoryIds: ["jewellery"] } }), bag, 0)).toBe(0);
  });

  test("a discount is whole shillings, rounded down, so the shop never gives a part of a shilling it did not mean to", () => {
    const odd: DiscountedLine = { productId: "bead", categoryId: null, unitPriceCents: 1_999, quantity: 3 }; // KSH 59.97
    expect(discountCents(promotion({ value: 15 }), [odd], 0)).toBe(ksh(8)); // 15% is KSH 8.9955
    expect(discountCents(promotion({ value: 100 }), [odd], 0)).toBe(ksh(59));
    expect(discountCents(promotion({ kind: "amount", value: ksh(100) }), [odd], 0)).toBe(ksh(59));
  });

  test("an amount larger than the lines it covers takes them to zero and no further", () => {
    const amount = promotion({ kind: "amount", value: ksh(10_000) });
    expect(discountCents(amount, bag, ksh(250))).toBe(ksh(5_255));
    expect(discountCents({ ...amount, scope: { kind: "products", productIds: ["kikoi"] } }, bag, 0)).toBe(ksh(3_000));
    const charges = orderCharges(bag, null, totalDiscountCents(bagDiscounts({ lines: bag, deliveryFeeCents: 0, automatic: [], code: amount })));
    expect(charges.totalCents).toBe(0);
  });

  test("free delivery takes off the fee, whatever the lines", () => {
    const free = promotion({ kind: "free-delivery", value: 0 });
    expect(discountCents(free, bag, ksh(250))).toBe(ksh(250));
    expect(discountCents(free, bag, 0)).toBe(0);
    expect(codeCoversBag(free, bag)).toBe(true);
  });

  test("a code covering none of the bag's lines gives it nothing", () => {
    expect(codeCoversBag(promotion({ scope: { kind: "products", productIds: ["necklace"] } }), bag)).toBe(false);
    expect(codeCoversBag(promotion({ scope: { kind: "products", productIds: ["kikoi"] } }), bag)).toBe(true);
  });
});

describe("a bag's discount lines", () => {
  const summer = promotion({ id: "a1", code: null, name: "Summer sale", value: 5 });
  const decor = promotion({ id: "a2", code: null, name: "Decor week", kind: "amount", value: ksh(400), scope: { kind: "categories", categoryIds: ["decor"] } });

  test("of several automatic offers, the one giving the most applies", () => {
    expect(bagDiscounts({ lines: bag, deliveryFeeCents: 0, automatic: [summer, decor], code: null })).toEqual([
      { promotionId: "a2", label: "Decor week", amountCents: ksh(400) },
    ]);
    // On a tie, the first listed.
    expect(bagDiscounts({ lines: [kikoi], deliveryFeeCents: 0, automatic: [summer, { ...summer, id: "a3", name: "Other" }], code: null })).toEqual([
      { promotionId: "a1", label: "Summer sale", amountCents: ksh(150) },
    ]);
  });

  test("a code that does not combine replaces the automatic offer", () => {
    const code = promotion({ value: 10 });
    expect(bagDiscounts({ lines: bag, deliveryFeeCents: 0, automatic: [decor], code })).toEqual([{ promotionId: "p1", label: "EASTER10", amountCents: ksh(525) }]);
  });

  test("a code that combines applies after the offer, on what the offer left, and never takes a line below zero", () => {
    const code = promotion({ kind: "amount", value: ksh(2_000), scope: { kind: "categories", categoryIds: ["decor"] }, combinesWithAutomatic: true });
    const discounts = bagDiscounts({ lines: bag, deliveryFeeCents: 0, automatic: [decor], code });
    expect(discounts).toEqual([
      { promotionId: "a2", label: "Decor week", amountCents: ksh(400) },
      { promotionId: "p1", label: "EASTER10", amountCents: ksh(1_855) }, // what is left of the basket's 2,255
    ]);
    const percent = promotion({ value: 10, combinesWithAutomatic: true });
    expect(bagDiscounts({ lines: bag, deliveryFeeCents: 0, automatic: [decor], code: percent })[1]).toEqual({
      promotionId: "p1",
      label: "EASTER10",
      amountCents: ksh(485), // 10% of 4,855
    });
  });

  test("free delivery stacks with a percentage, and a second free delivery gives nothing more", () => {
    const freeOffer = promotion({ id: "a4", code: null, name: "Free delivery week", kind: "free-delivery", value: 0 });
    const code = promotion({ combinesWithAutomatic: true });
    expect(totalDiscountCents(bagDiscounts({ lines: bag, deliveryFeeCents: ksh(250), automatic: [freeOffer], code }))).toBe(ksh(250 + 525));
    const freeCode = promotion({ kind: "free-delivery", value: 0, combinesWithAutomatic: true });
    expect(bagDiscounts({ lines: bag, deliveryFeeCents: ksh(250), automatic: [freeOffer], code: freeCode })).toHaveLength(1);
  });

  test("an order's total is subtotal − discount + delivery, and its subtotal comes back from what it keeps", () => {
    const charges = orderCharges(bag, { kind: "pick-up", id: "x", name: "Shop", feeCents: ksh(100) }, ksh(525));
    expect(charges).toEqual({ subtotalCents: ksh(5_255), discountCents: ksh(525), deliveryFeeCents: ksh(100), totalCents: ksh(4_830) });
    expect(placedOrderCharges(charges)).toEqual(charges);
  });

  test("a bag's lines are priced as the bag shows them; unknown products are left out", () => {
    const product = { categoryId: "fashion", priceCents: ksh(1_500), available: 5, perOrderLimit: false, variants: [] };
    const lines = pricedBagLines(
      [
        { productId: "kikoi", size: "", color: "", quantity: 2 },
        { productId: "gone", size: "", color: "", quantity: 1 },
      ],
      (id) => (id === "kikoi" ? product : undefined),
    );
    expect(lines).toEqual([kikoi]);
  });
});

describe("when a code may be used", () => {
  const at = (changes: Partial<Parameters<typeof promotionRefusal>[1]> = {}) => ({ now, subtotalCents: ksh(3_000), uses: { total: 0, byPhone: 0 }, ...changes });
  const message = (p: Promotion, context = at()) => {
    const refusal = promotionRefusal(p, context);
    return refusal && promotionRefusalMessage(refusal);
  };

  test("each refusal has the shopper's words", () => {
    expect(message(promotion())).toBeNull();
    expect(message(promotion({ isActive: false }))).toBe("This code is not valid.");
    expect(message(promotion({ endsAt: new Date(now.getTime() - 1) }))).toBe("This code has expired.");
    expect(message(promotion({ endsAt: now }))).toBe("This code has expired.");
    expect(message(promotion({ startsAt: new Date(now.getTime() + hour) }))).toBe("This code is not active yet.");
    expect(message(promotion({ startsAt: now }))).toBeNull();
    expect(message(promotion({ minSubtotalCents: ksh(5_000) }))).toBe("Spend KSH 5,000 to use this code.");
    expect(message(promotion({ minSubtotalCents: ksh(3_000) }))).toBeNull();
    expect(message(promotion({ totalUses: 5 }), at({ uses: { total: 5, byPhone: 0 } }))).toBe("This code has been used up.");
    expect(message(promotion({ totalUses: 5 }), at({ uses: { total: 4, byPhone: 0 } }))).toBeNull();
    expect(message(promotion({ usesPerPhone: 1 }), at({ uses: { total: 1, byPhone: 1 } }))).toBe("You have already used this code.");
  });

  test("a phone's own uses are checked only once the phone is known", () => {
    expect(promotionRefusal(promotion({ usesPerPhone: 1 }), at({ uses: { total: 9, byPhone: null } }))).toBeNull();
  });

  test("codes are letters and digits, whatever the case", () => {
    expect(normaliseCode("  easter10 ")).toBe("EASTER10");
  });
});

describe("the state the Promotions list shows", () => {
  test("scheduled, active, ended, used up or off", () => {
    expect(promotionState(promotion({ startsAt: new Date(now.getTime() + hour) }), now, 0)).toBe("scheduled");
    expect(promotionState(promotion(), now, 3)).toBe("active");
    expect(promotionState(promotion({ endsAt: now }), now, 0)).toBe("ended");
    expect(promotionState(promotion({ totalUses: 3 }), now, 3)).toBe("used up");
    expect(promotionState(promotion({ isActive: false }), now, 0)).toBe("off");
  });
});
