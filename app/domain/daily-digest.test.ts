import { describe, expect, test } from "vitest";
import { DIGEST_LIST_MAX, digestDue, digestValues, lowStockList, unpaidOrdersList } from "./daily-digest";
import { shortOrderId } from "./order-id";

const NAIROBI = "Africa/Nairobi";

describe("digestDue", () => {
  test("is due from 07:00 shop time, for that shop day", () => {
    expect(digestDue(new Date("2026-11-20T03:59:59Z"), NAIROBI)).toBeUndefined();
    expect(digestDue(new Date("2026-11-20T04:00:00Z"), NAIROBI)).toEqual({ date: "2026-11-20", event: "daily-digest:2026-11-20" });
    expect(digestDue(new Date("2026-11-20T20:59:00Z"), NAIROBI)?.date).toBe("2026-11-20");
  });

  test("counts the shop's day, not the server's: 22:00 UTC is already tomorrow's night in Nairobi", () => {
    expect(digestDue(new Date("2026-11-20T22:00:00Z"), NAIROBI)).toBeUndefined();
    expect(digestDue(new Date("2026-11-20T22:00:00Z"), "UTC")?.date).toBe("2026-11-20");
  });
});

const order = (n: number) => ({ id: `order${String(n).padStart(14, "0")}`, clientName: `Client ${n}`, totalCents: 2_450_00, orderDate: new Date("2026-11-18T09:00:00Z") });

describe("the lists", () => {
  test("an unpaid order shows its number, client, total and the day it was placed", () => {
    expect(unpaidOrdersList([order(1)], 1, NAIROBI)).toBe(`- #${shortOrderId(order(1).id)} Client 1, KSH 2,450, placed 2026-11-18`);
  });

  test("a product shows what is left, none as sold out", () => {
    expect(lowStockList([{ name: "Kiondo Sisal Handbag", available: 2 }, { name: "Maasai Shuka", available: 0 }], 2)).toBe(
      "- Kiondo Sisal Handbag: 2 left\n- Maasai Shuka: sold out",
    );
  });

  test("each list shows at most 20 lines and counts the rest", () => {
    const many = Array.from({ length: 25 }, (_, i) => order(i));
    const lines = unpaidOrdersList(many, 31, NAIROBI).split("\n");
    expect(lines).toHaveLength(DIGEST_LIST_MAX + 1);
    expect(lines.at(-1)).toBe("- and 11 more");
  });

  test("an empty list says None.", () => {
    expect(unpaidOrdersList([], 0, NAIROBI)).toBe("None.");
    expect(lowStockList([], 0)).toBe("None.");
  });
});

describe("digestValues", () => {
  test("nothing unpaid and nothing low: no summary at all", () => {
    expect(digestValues({ lines: [], total: 0 }, { lines: [], total: 0 }, "Duka", NAIROBI)).toBeUndefined();
  });

  test("either list alone is worth a summary, the other saying None.", () => {
    expect(digestValues({ lines: [], total: 0 }, { lines: [{ name: "Shuka", available: 1 }], total: 1 }, "Duka", NAIROBI)).toEqual({
      SHOP_NAME: "Duka",
      UNPAID_ORDERS: "None.",
      LOW_STOCK: "- Shuka: 1 left",
    });
    expect(digestValues({ lines: [order(1)], total: 1 }, { lines: [], total: 0 }, "Duka", NAIROBI)?.LOW_STOCK).toBe("None.");
  });
});
