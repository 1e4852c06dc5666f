import { describe, expect, test } from "vitest";
import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUSES, type PaymentStatus } from "./order-status";
import {
  availableStock,
  canSell,
  figuresAfterChange,
  firstShortfall,
  holdsStock,
  holdsStockAgain,
  quantitiesByStockUnit,
  stockUnitKey,
  shouldTakeStock,
  soldOutChanged,
  stockAfterTaking,
  stockChange,
} from "./stock";

type Order = { status: OrderStatus; paymentStatus: PaymentStatus; stockTaken: boolean };

describe("shouldTakeStock", () => {
  test("setting Delivered on an order already Paid takes stock", () => {
    expect(shouldTakeStock({ status: "Delivered", paymentStatus: "Paid", stockTaken: false })).toBe(true);
  });

  test.each(ORDER_STATUSES.flatMap((s) => PAYMENT_STATUSES.map((p) => [s, p] as const)))(
    "an order %s and %s whose stock was already taken never takes it again",
    (status, paymentStatus) => {
      expect(shouldTakeStock({ status, paymentStatus, stockTaken: true })).toBe(false);
    },
  );

  test.each<[OrderStatus, PaymentStatus]>([
    ["Delivered", "Unpaid"],
    ["Out for Delivery", "Paid"],
    ["Processing", "Paid"],
    ["Pending Payment", "Paid"],
    ["Cancelled", "Paid"],
    ["Pending Payment", "Unpaid"],
  ])("an order %s and %s does not take stock", (status, paymentStatus) => {
    expect(shouldTakeStock({ status, paymentStatus, stockTaken: false })).toBe(false);
  });

  test("switching statuses back and forth takes stock exactly once", () => {
    // Each step is one staff action; the server sets stockTaken when it takes stock.
    const steps: Partial<Order>[] = [
      { paymentStatus: "Paid" },
      { status: "Delivered" }, // takes stock
      { paymentStatus: "Unpaid" },
      { paymentStatus: "Paid" },
      { status: "Out for Delivery" },
      { status: "Delivered" },
      { status: "Cancelled" },
      { status: "Delivered" },
    ];
    let order: Order = { status: "Pending Payment", paymentStatus: "Unpaid", stockTaken: false };
    let stock = 10;
    let taken = 0;
    for (const change of steps) {
      order = { ...order, ...change };
      if (shouldTakeStock(order)) {
        stock = stockAfterTaking(stock, 3);
        order = { ...order, stockTaken: true };
        taken++;
      }
    }
    expect(taken).toBe(1);
    expect(stock).toBe(7);
  });

  test("payment marked Paid on an order already Delivered takes stock once", () => {
    let order: Order = { status: "Delivered", paymentStatus: "Unpaid", stockTaken: false };
    expect(shouldTakeStock(order)).toBe(false);
    order = { ...order, paymentStatus: "Paid" };
    expect(shouldTakeStock(order)).toBe(true);
  });
});

describe("stockAfterTaking", () => {
  test.each([
    [10, 3, 7],
    [3, 3, 0],
    [2, 5, 0],
    [0, 1, 0],
    [10, 0, 10],
  ])("stock %i less %i ordered leaves %i", (stock, quantity, left) => {
    expect(stockAfterTaking(stock, quantity)).toBe(left);
  });
});

describe("holdsStock", () => {
  test.each<[OrderStatus, boolean]>([
    ["Pending Payment", true],
    ["Processing", true],
    ["Out for Delivery", true],
    ["Delivered", true],
    ["Cancelled", false],
  ])("an open order %s whose stock is not yet taken holds its quantities: %s", (status, holds) => {
    expect(holdsStock({ status, isArchived: false, stockTaken: false })).toBe(holds);
  });

  test("an archived order holds nothing", () => {
    expect(holdsStock({ status: "Processing", isArchived: true, stockTaken: false })).toBe(false);
  });

  test("once stock is taken, the order no longer holds it (the stock figure has gone down instead)", () => {
    expect(holdsStock({ status: "Delivered", isArchived: false, stockTaken: true })).toBe(false);
  });
});

describe("availableStock", () => {
  test.each([
    [10, 0, 10],
    [10, 4, 6],
    [4, 4, 0],
    [3, 5, 0],
    [0, 0, 0],
  ])("stock %i with %i held by open orders leaves %i to sell", (stock, held, available) => {
    expect(availableStock(stock, held)).toBe(available);
  });
});

describe("canSell", () => {
  test.each([
    [5, 1, true],
    [5, 5, true],
    [5, 6, false],
    [0, 1, false],
    [5, 0, false],
    [5, -1, false],
    [5, 1.5, false],
    [5, NaN, false],
  ])("with %i available, %d wanted can be sold: %s", (available, wanted, ok) => {
    expect(canSell(available, wanted)).toBe(ok);
  });
});

describe("quantitiesByStockUnit", () => {
  const line = (productId: string | null, quantity: number, size = "", color = "") => ({ productId, size, color, quantity });

  test("a product without variants adds up its lines whatever their size and colour, sorted by product id", () => {
    expect(quantitiesByStockUnit([line("p2", 1, "M"), line("p1", 2), line("p2", 3, "L")], () => false)).toEqual([
      ["p1", 2],
      ["p2", 4],
    ]);
  });

  test("a product with variants counts each size and colour on its own, and the same combination once", () => {
    const units = quantitiesByStockUnit([line("dress", 1, "M", "Indigo"), line("dress", 2, "L", "Indigo"), line("dress", 3, "M", "Indigo")], (id) => id === "dress");
    expect(units).toEqual([
      [stockUnitKey("dress", { size: "L", color: "Indigo" }, true), 2],
      [stockUnitKey("dress", { size: "M", color: "Indigo" }, true), 4],
    ]);
  });

  test("a variant's unit is told apart from its product's and from other combinations", () => {
    const m = stockUnitKey("dress", { size: "M", color: "" }, true);
    expect(new Set([m, stockUnitKey("dress", { size: "", color: "M" }, true), stockUnitKey("dress", { size: "M", color: "" }, false)]).size).toBe(3);
    expect(stockUnitKey("dress", { size: "M", color: "Red" }, false)).toBe("dress");
    expect(m.startsWith("dress")).toBe(true);
  });

  test("a line whose product was deleted takes nothing; no lines, nothing to take", () => {
    expect(quantitiesByStockUnit([line(null, 2)], () => true)).toEqual([]);
    expect(quantitiesByStockUnit([], () => false)).toEqual([]);
  });
});

describe("holdsStockAgain", () => {
  const open = { status: "Processing" as const, isArchived: false };

  test("restoring an archived order, or setting a cancelled one to another status, holds its stock again", () => {
    expect(holdsStockAgain({ ...open, isArchived: true, stockTaken: false }, open)).toBe(true);
    expect(
      holdsStockAgain({ status: "Cancelled", isArchived: false, stockTaken: false }, { status: "Pending Payment", isArchived: false }),
    ).toBe(true);
  });

  test("an order that already holds its stock, or is still cancelled or archived, does not", () => {
    expect(holdsStockAgain({ ...open, stockTaken: false }, { ...open, status: "Delivered" })).toBe(false);
    expect(holdsStockAgain({ status: "Cancelled", isArchived: true, stockTaken: false }, { status: "Cancelled", isArchived: false })).toBe(
      false,
    );
    expect(holdsStockAgain({ status: "Cancelled", isArchived: true, stockTaken: false }, { status: "Processing", isArchived: true })).toBe(
      false,
    );
  });

  test("an order whose stock was taken never holds it again", () => {
    expect(holdsStockAgain({ status: "Cancelled", isArchived: true, stockTaken: true }, open)).toBe(false);
  });
});

describe("firstShortfall", () => {
  const figures = new Map([
    ["basket", { stock: 5, held: 3 }],
    ["dress", { stock: 2, held: 2 }],
  ]);

  test("names the first stock unit with too few left, and how many are", () => {
    expect(
      firstShortfall(
        [
          ["basket", 3],
          ["dress", 1],
        ],
        (id) => figures.get(id),
      ),
    ).toEqual({ unit: "basket", available: 2 });
    expect(
      firstShortfall(
        [
          ["dress", 1],
          ["basket", 3],
        ],
        (id) => figures.get(id),
      ),
    ).toEqual({ unit: "dress", available: 0 });
  });

  test("none when every quantity can be had; a product deleted since is not asked for", () => {
    expect(
      firstShortfall(
        [
          ["basket", 2],
          ["gone", 9],
        ],
        (id) => figures.get(id),
      ),
    ).toBeNull();
  });
});

describe("figuresAfterChange and soldOutChanged", () => {
  const change = (heldBefore: boolean, heldAfter: boolean, takesStock = false) => ({ heldBefore, heldAfter, takesStock });

  test("an order that starts holding adds its quantity; one that stops holding removes it", () => {
    expect(figuresAfterChange({ stock: 5, held: 1 }, 2, change(false, true))).toEqual({ stock: 5, held: 3 });
    expect(figuresAfterChange({ stock: 5, held: 3 }, 2, change(true, false))).toEqual({ stock: 5, held: 1 });
    expect(figuresAfterChange({ stock: 5, held: 3 }, 2, change(true, true))).toEqual({ stock: 5, held: 3 });
  });

  test("taking the stock of an order that held it leaves what is available unchanged", () => {
    const before = { stock: 5, held: 3 };
    const after = figuresAfterChange(before, 2, change(true, false, true));
    expect(after).toEqual({ stock: 3, held: 1 });
    expect(availableStock(after.stock, after.held)).toBe(availableStock(before.stock, before.held));
  });

  test.each([
    [{ stock: 5, held: 3 }, { stock: 5, held: 5 }, true],
    [{ stock: 5, held: 5 }, { stock: 5, held: 3 }, true],
    [{ stock: 5, held: 1 }, { stock: 5, held: 3 }, false],
    [{ stock: 2, held: 4 }, { stock: 2, held: 3 }, false],
    [{ stock: 0, held: 0 }, { stock: 0, held: 0 }, false],
  ])("from %o to %o a product sold out or came back: %s", (before, after, changed) => {
    expect(soldOutChanged(before, after)).toBe(changed);
  });
});

describe("stockChange", () => {
  const waiting = { status: "Pending Payment", paymentStatus: "Unpaid", isArchived: false, stockTaken: false } as const;

  test("paying a delivered order takes its stock, and it holds nothing after", () => {
    expect(stockChange({ ...waiting, status: "Delivered" }, { ...waiting, status: "Delivered", paymentStatus: "Paid" })).toEqual({
      takesStock: true,
      heldBefore: true,
      heldAfter: false,
      holdsAgain: false,
    });
  });

  test("archiving an open order stops it holding; restoring it holds again", () => {
    expect(stockChange(waiting, { ...waiting, isArchived: true })).toEqual({
      takesStock: false,
      heldBefore: true,
      heldAfter: false,
      holdsAgain: false,
    });
    expect(stockChange({ ...waiting, isArchived: true }, waiting)).toEqual({
      takesStock: false,
      heldBefore: false,
      heldAfter: true,
      holdsAgain: true,
    });
  });

  test("a change that leaves the order open changes nothing about its stock", () => {
    expect(stockChange(waiting, { ...waiting, status: "Processing" })).toEqual({
      takesStock: false,
      heldBefore: true,
      heldAfter: true,
      holdsAgain: false,
    });
  });

  test("an order whose stock was taken neither takes it again nor holds it, however it changes", () => {
    const taken = { ...waiting, status: "Delivered", paymentStatus: "Paid", stockTaken: true } as const;
    for (const after of [
      { ...taken, status: "Processing" },
      { ...taken, isArchived: true },
      { ...taken, paymentStatus: "Unpaid" },
    ] as const) {
      expect(stockChange(taken, after)).toEqual({ takesStock: false, heldBefore: false, heldAfter: false, holdsAgain: false });
    }
  });
});
