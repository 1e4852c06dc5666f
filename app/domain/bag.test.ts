import { describe, expect, test, vi } from "vitest";
import { addToBag, allInBagMessage, BAG_PARSE_WARNING, BAG_STORAGE_KEY, bagFrom, bagItemCount, bagSubtotalCents, type BagLine, clearBag, lineOffer, MAX_BAG_LINES, MAX_LINE_QUANTITY, mostOfLine, overLineMessage, type ProductOffer, readStoredBag, removeFromBag, sameBagLine, setQuantity } from "./bag";

const redDressM = { productId: "kitenge-dress", size: "M", color: "Red" };
const redDressL = { productId: "kitenge-dress", size: "L", color: "Red" };
const blueDressM = { productId: "kitenge-dress", size: "M", color: "Blue" };
const basket = { productId: "sisal-basket", size: "", color: "Natural" };

/** What is left of a product that sells from one stock, shared by its sizes and colours. */
const shared = (available: number) => ({ available, tracksVariants: false });
/** What is left of one variant that keeps stock of its own (decision 049). */
const own = (available: number) => ({ available, tracksVariants: true });

describe("sameBagLine", () => {
  test("the same product, size and colour is the same line", () => {
    expect(sameBagLine(redDressM, { ...redDressM })).toBe(true);
  });

  test.each([
    ["another size", redDressL],
    ["another colour", blueDressM],
    ["another product", { ...redDressM, productId: "ankara-shirt" }],
  ])("%s is another line", (_, other) => {
    expect(sameBagLine(redDressM, other)).toBe(false);
  });

  test("ignores quantities", () => {
    expect(sameBagLine({ ...redDressM, quantity: 1 } as BagLine, { ...redDressM, quantity: 5 } as BagLine)).toBe(true);
  });

  test("compares sizes and colours exactly, case included", () => {
    expect(sameBagLine(redDressM, { ...redDressM, color: "red" })).toBe(false);
  });
});

describe("addToBag", () => {
  test("a line never rises above what is left of its product, counting the bag's other sizes of it", () => {
    const bag = addToBag(addToBag([], redDressM, 1, shared(3)), redDressL, 1, shared(3));
    expect(addToBag(bag, redDressM, 5, shared(3))).toEqual([
      { ...redDressM, quantity: 2 },
      { ...redDressL, quantity: 1 },
    ]);
    const full = addToBag(bag, redDressM, 1, shared(2));
    expect(full).toEqual(bag);
    expect(addToBag([], redDressM, 1, shared(0))).toEqual([]);
  });

  test("adding to an empty bag makes a line of one", () => {
    expect(addToBag([], redDressM)).toEqual([{ ...redDressM, quantity: 1 }]);
  });

  test("adding the same product, size and colour again adds one to that line", () => {
    const bag = addToBag(addToBag([], redDressM), redDressM);
    expect(bag).toEqual([{ ...redDressM, quantity: 2 }]);
  });

  test("the same dress in another size or colour gets its own line", () => {
    const bag = addToBag(addToBag(addToBag([], redDressM), redDressL), blueDressM);
    expect(bag).toEqual([
      { ...redDressM, quantity: 1 },
      { ...redDressL, quantity: 1 },
      { ...blueDressM, quantity: 1 },
    ]);
  });

  test("keeps the order of lines when adding to one in the middle", () => {
    const bag = addToBag(
      [
        { ...redDressM, quantity: 1 },
        { ...basket, quantity: 1 },
        { ...redDressL, quantity: 1 },
      ],
      basket,
    );
    expect(bag.map((l) => [l.productId, l.size, l.quantity])).toEqual([
      ["kitenge-dress", "M", 1],
      ["sisal-basket", "", 2],
      ["kitenge-dress", "L", 1],
    ]);
  });

  test("can add several at once", () => {
    expect(addToBag([{ ...basket, quantity: 2 }], basket, 3)).toEqual([{ ...basket, quantity: 5 }]);
  });

  test.each([0, -1, 0.5, NaN])("adding %d units changes nothing", (quantity) => {
    const bag = [{ ...basket, quantity: 2 }];
    expect(addToBag(bag, basket, quantity)).toEqual(bag);
  });

  test("stops a line at the most one bag line holds", () => {
    expect(addToBag([{ ...basket, quantity: MAX_LINE_QUANTITY }], basket)).toEqual([
      { ...basket, quantity: MAX_LINE_QUANTITY },
    ]);
    expect(addToBag([], basket, 500)).toEqual([{ ...basket, quantity: MAX_LINE_QUANTITY }]);
  });

  test("does not change the bag it was given", () => {
    const bag = Object.freeze([Object.freeze({ ...redDressM, quantity: 1 })]);
    const next = addToBag(bag, redDressM);
    expect(bag[0]?.quantity).toBe(1);
    expect(next).not.toBe(bag);
  });

  test("a full line passed in keeps only its identity; the quantity comes from the argument", () => {
    expect(addToBag([], { ...redDressM, quantity: 7 } as BagLine)).toEqual([{ ...redDressM, quantity: 1 }]);
  });
});

describe("mostOfLine", () => {
  test("a line may hold what the shop has left of its product", () => {
    expect(mostOfLine([{ ...basket, quantity: 1 }], basket, shared(4))).toBe(4);
  });

  test("other sizes and colours of the same product take their share of what is left", () => {
    const bag = [
      { ...redDressM, quantity: 2 },
      { ...redDressL, quantity: 1 },
      { ...basket, quantity: 5 },
    ];
    expect(mostOfLine(bag, redDressM, shared(4))).toBe(3);
    expect(mostOfLine(bag, redDressL, shared(4))).toBe(2);
    expect(mostOfLine(bag, blueDressM, shared(4))).toBe(1);
  });

  test("nothing when the product has sold out, or the other lines already take it all", () => {
    expect(mostOfLine([{ ...basket, quantity: 2 }], basket, shared(0))).toBe(0);
    expect(mostOfLine([{ ...redDressM, quantity: 3 }], redDressL, shared(2))).toBe(0);
  });

  test("never more than one line holds", () => {
    expect(mostOfLine([], basket, shared(1_000))).toBe(MAX_LINE_QUANTITY);
  });
});

describe("setQuantity", () => {
  const bag: BagLine[] = [
    { ...redDressM, quantity: 2 },
    { ...basket, quantity: 1 },
  ];
  const plenty = 1_000;

  test("sets the quantity of the matching line only", () => {
    expect(setQuantity(bag, basket, 4, shared(plenty))).toEqual([
      { ...redDressM, quantity: 2 },
      { ...basket, quantity: 4 },
    ]);
  });

  test.each([0, -1, -100, NaN, 0.4])("a quantity of %d removes the line", (quantity) => {
    expect(setQuantity(bag, redDressM, quantity, shared(plenty))).toEqual([{ ...basket, quantity: 1 }]);
  });

  test("a fractional quantity counts whole units", () => {
    expect(setQuantity(bag, basket, 2.9, shared(plenty))).toEqual([
      { ...redDressM, quantity: 2 },
      { ...basket, quantity: 2 },
    ]);
  });

  test("caps a quantity at the most one line holds", () => {
    expect(setQuantity(bag, basket, 1_000, shared(plenty))[1]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  test("never raises a line above what is available", () => {
    expect(setQuantity(bag, redDressM, 3, shared(2))).toEqual(bag);
    expect(setQuantity([...bag, { ...redDressL, quantity: 2 }], redDressL, 3, shared(4))).toContainEqual({ ...redDressL, quantity: 2 });
  });

  test("lowering a line that holds more than is left brings it down to what is left", () => {
    expect(setQuantity([{ ...basket, quantity: 5 }], basket, 4, shared(2))).toEqual([{ ...basket, quantity: 2 }]);
  });

  test("lowering a line of a sold-out product takes it out", () => {
    expect(setQuantity(bag, redDressM, 1, shared(0))).toEqual([{ ...basket, quantity: 1 }]);
  });

  test("a line that is not in the bag is not added", () => {
    expect(setQuantity(bag, redDressL, 3, shared(plenty))).toEqual(bag);
  });
});

describe("removeFromBag", () => {
  test("removes only the line with the same product, size and colour", () => {
    const bag = [
      { ...redDressM, quantity: 1 },
      { ...redDressL, quantity: 1 },
    ];
    expect(removeFromBag(bag, redDressM)).toEqual([{ ...redDressL, quantity: 1 }]);
  });

  test("removing a line that is not there changes nothing", () => {
    const bag = [{ ...basket, quantity: 3 }];
    expect(removeFromBag(bag, redDressM)).toEqual(bag);
  });
});

describe("clearBag", () => {
  test("leaves an empty bag", () => {
    expect(clearBag()).toEqual([]);
  });
});

describe("bagItemCount", () => {
  test.each<[BagLine[], number]>([
    [[], 0],
    [[{ ...basket, quantity: 1 }], 1],
    [
      [
        { ...basket, quantity: 2 },
        { ...redDressM, quantity: 3 },
      ],
      5,
    ],
  ])("counts every unit of every line", (bag, count) => {
    expect(bagItemCount(bag)).toBe(count);
  });
});

describe("bagSubtotalCents", () => {
  const prices: Record<string, number> = { "kitenge-dress": 350_000, "sisal-basket": 120_050 };
  const priceOf = (line: BagLine) => prices[line.productId];

  test("an empty bag costs nothing", () => {
    expect(bagSubtotalCents([], priceOf)).toBe(0);
  });

  test("adds each line's price times its quantity, in cents", () => {
    const bag = [
      { ...redDressM, quantity: 2 },
      { ...basket, quantity: 1 },
    ];
    expect(bagSubtotalCents(bag, priceOf)).toBe(820_050);
  });

  test("a product the shop no longer sells counts nothing", () => {
    const bag = [
      { ...basket, quantity: 1 },
      { productId: "gone", size: "", color: "", quantity: 4 },
    ];
    expect(bagSubtotalCents(bag, priceOf)).toBe(120_050);
  });
});

describe("readStoredBag", () => {
  const line = { productId: "kitenge-dress", size: "M", color: "Red", quantity: 2 };

  test("the bag is saved under a brand-named key", () => {
    expect(BAG_STORAGE_KEY).toBe("duka-bag");
  });

  test("nothing saved gives an empty bag without a warning", () => {
    const warn = vi.fn();
    expect(readStoredBag(null, warn)).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  test("restores a saved bag", () => {
    const warn = vi.fn();
    expect(readStoredBag(JSON.stringify([line]), warn)).toEqual([line]);
    expect(warn).not.toHaveBeenCalled();
  });

  test("a saved empty bag is an empty bag", () => {
    const warn = vi.fn();
    expect(readStoredBag("[]", warn)).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  test.each(["", "not json", "[{", '{"productId":'])("unreadable text %j gives an empty bag and a warning", (raw) => {
    const warn = vi.fn();
    expect(readStoredBag(raw, warn)).toEqual([]);
    expect(warn).toHaveBeenCalledExactlyOnceWith("Could not parse cart from localStorage");
  });

  test.each([
    ["an object instead of a list", { line }],
    ["a number", 42],
    ["null", null],
    ["a line without a product", [{ ...line, productId: "" }]],
    ["a line with no units", [{ ...line, quantity: 0 }]],
    ["a line with a negative quantity", [{ ...line, quantity: -1 }]],
    ["a fractional quantity", [{ ...line, quantity: 1.5 }]],
    ["a quantity given as text", [{ ...line, quantity: "2" }]],
    ["too many of one line", [{ ...line, quantity: MAX_LINE_QUANTITY + 1 }]],
    ["a missing colour", [{ productId: "p", size: "M", quantity: 1 }]],
    ["an overlong product id", [{ ...line, productId: "x".repeat(101) }]],
    ["too many lines", Array.from({ length: MAX_BAG_LINES + 1 }, (_, i) => ({ ...line, productId: `p${i}` }))],
  ])("a saved bag with %s gives an empty bag and a warning", (_, stored) => {
    const warn = vi.fn();
    expect(readStoredBag(JSON.stringify(stored), warn)).toEqual([]);
    expect(warn).toHaveBeenCalledExactlyOnceWith(BAG_PARSE_WARNING);
  });

  test("merges repeated lines for the same product, size and colour", () => {
    const stored = [line, { ...line, size: "L" }, { ...line, quantity: 3 }];
    expect(readStoredBag(JSON.stringify(stored), vi.fn())).toEqual([
      { ...line, quantity: 5 },
      { ...line, size: "L" },
    ]);
  });

  test("merged lines still stop at the most one line holds", () => {
    const stored = [
      { ...line, quantity: 60 },
      { ...line, quantity: 60 },
    ];
    expect(readStoredBag(JSON.stringify(stored), vi.fn())).toEqual([{ ...line, quantity: MAX_LINE_QUANTITY }]);
  });

  test("drops fields it does not know, such as a stale price", () => {
    const stored = [{ ...line, price: 1, name: "Old name" }];
    expect(readStoredBag(JSON.stringify(stored), vi.fn())).toEqual([line]);
  });

  test("round-trips what the shop saves", () => {
    const bag = addToBag(addToBag(addToBag([], redDressM), basket, 3), redDressM);
    expect(readStoredBag(JSON.stringify(bag), vi.fn())).toEqual(bag);
  });
});

describe("bagFrom", () => {
  const line = { productId: "kitenge-dress", size: "M", color: "Red", quantity: 2 };

  test("reads a bag as the browser saves and posts it, without merging its lines", () => {
    expect(bagFrom([line, line])).toEqual([line, line]);
    expect(bagFrom([])).toEqual([]);
  });

  test("drops fields a line does not have", () => {
    expect(bagFrom([{ ...line, priceCents: 1 }])).toEqual([line]);
  });

  test.each([
    ["not a list", { line }],
    ["a line that is not an object", ["kitenge-dress"]],
    ["a quantity of 0", [{ ...line, quantity: 0 }]],
    ["a quantity above the most a line holds", [{ ...line, quantity: MAX_LINE_QUANTITY + 1 }]],
    ["a quantity given as text", [{ ...line, quantity: "2" }]],
    ["an empty product id", [{ ...line, productId: "" }]],
    ["a size that is not text", [{ ...line, size: 40 }]],
    ["an overlong colour", [{ ...line, color: "x".repeat(101) }]],
    ["too many lines", Array.from({ length: MAX_BAG_LINES + 1 }, (_, i) => ({ ...line, productId: `p${i}` }))],
  ])("refuses %s", (_, value) => {
    expect(bagFrom(value)).toBeUndefined();
  });
});

test("the product page says when all that is left is in the bag", () => {
  expect(allInBagMessage(1)).toBe("The last one is already in your bag.");
  expect(allInBagMessage(4)).toBe("All 4 left are already in your bag.");
});

describe("variants with stock of their own (decision 049)", () => {
  const dress: ProductOffer = {
    priceCents: 350_000,
    available: 3,
    perOrderLimit: false,
    variants: [
      { size: "M", color: "Red", priceCents: 350_000, available: 2, perOrderLimit: false },
      { size: "L", color: "Red", priceCents: 420_000, available: 0, perOrderLimit: false },
      { size: "M", color: "Blue", priceCents: 350_000, available: 10, perOrderLimit: true },
    ],
  };

  test("a variant's line may hold all that is left of it, whatever the product's other sizes and colours take", () => {
    const bag = [
      { ...redDressL, quantity: 4 },
      { ...blueDressM, quantity: 3 },
      { ...redDressM, quantity: 1 },
    ];
    expect(mostOfLine(bag, redDressM, own(2))).toBe(2);
    expect(mostOfLine(bag, redDressM, shared(2))).toBe(0);
    expect(setQuantity(bag, redDressM, 2, own(2))).toContainEqual({ ...redDressM, quantity: 2 });
    expect(addToBag(bag, redDressM, 5, own(2))).toContainEqual({ ...redDressM, quantity: 2 });
    expect(addToBag(bag, redDressM, 1, own(1))).toEqual(bag);
  });

  test("a line sells at its variant's own price and stock; a combination the product no longer has is sold out", () => {
    expect(lineOffer(dress, redDressM)).toEqual({ priceCents: 350_000, available: 2, perOrderLimit: false, tracksVariants: true, variant: "M, Red" });
    expect(lineOffer(dress, redDressL)).toEqual({ priceCents: 420_000, available: 0, perOrderLimit: false, tracksVariants: true, variant: "L, Red" });
    expect(lineOffer(dress, blueDressM)).toMatchObject({ available: 10, perOrderLimit: true });
    expect(lineOffer(dress, { ...redDressM, size: "XL" })).toEqual({
      priceCents: 350_000,
      available: 0,
      perOrderLimit: false,
      tracksVariants: true,
      variant: "XL, Red",
    });
  });

  test("a product without variants sells every size and colour at its price, from its one stock", () => {
    const basketOffer = { priceCents: 120_050, available: 4, perOrderLimit: false, variants: [] };
    expect(lineOffer(basketOffer, basket)).toEqual({ priceCents: 120_050, available: 4, perOrderLimit: false, tracksVariants: false, variant: "" });
  });

  test("the subtotal counts each line at its own price", () => {
    const bag = [
      { ...redDressM, quantity: 2 },
      { ...redDressL, quantity: 1 },
    ];
    expect(bagSubtotalCents(bag, (line) => lineOffer(dress, line).priceCents)).toBe(2 * 350_000 + 420_000);
  });

  test("a line holding more than its variant has left names the variant", () => {
    expect(overLineMessage(2, false, "M, Indigo")).toBe("Only 2 left in M, Indigo");
    expect(overLineMessage(2, false, "Indigo")).toBe("Only 2 left in Indigo");
    expect(overLineMessage(0, false, "M, Indigo")).toBe("Sold out");
    expect(overLineMessage(10, true, "M, Indigo")).toBe("At most 10 per order");
    expect(overLineMessage(2, false)).toBe("Only 2 left");
  });
});
