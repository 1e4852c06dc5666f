import { describe, expect, test } from "vitest";
import {
  archiveConfirmation,
  clientMessage,
  type DeliveryOrder,
  groupByShopDate,
  liveChanges,
  liveChangesMessage,
  MAX_ORDER_PAGES,
  NO_RIDERS_MESSAGE,
  noOrdersMessage,
  notEnoughStockMessage,
  ORDERS_PER_PAGE,
  orderTabFrom,
  pageCountFor,
  pageFrom,
  RIDER_NOT_FOUND_MESSAGE,
  RIDER_REQUIRED_MESSAGE,
  riderMessage,
  riderOptionLabel,
} from "./order-admin";
import { fieldErrors } from "./form-errors";
import { clientDetailsSchema, orderActionSchema } from "./order-admin.schema";
import { PHONE_MESSAGE } from "./phone";

const NAIROBI = "Africa/Nairobi";
// Friday 20 November 2026, 13:00 in Nairobi (UTC+3).
const now = new Date("2026-11-20T10:00:00Z");

describe("tabs and pages", () => {
  test.each([
    ["archived", "archived"],
    ["active", "active"],
    [null, "active"],
    ["", "active"],
    ["ARCHIVED", "active"],
    ["deleted", "active"],
  ])("?tab=%j shows the %s list", (value, tab) => {
    expect(orderTabFrom(value)).toBe(tab);
  });

  test("the empty lists say so in the spec's words", () => {
    expect(noOrdersMessage("active")).toBe("No active orders found.");
    expect(noOrdersMessage("archived")).toBe("No archived orders found.");
  });

  test.each([
    [0, 1],
    [1, 1],
    [ORDERS_PER_PAGE, 1],
    [ORDERS_PER_PAGE + 1, 2],
    [5_000, 100],
  ])("%i orders fill %i page(s)", (total, pages) => {
    expect(pageCountFor(total)).toBe(pages);
  });

  test.each([
    [null, 3, 1],
    ["2", 3, 2],
    ["3", 3, 3],
    ["9", 3, 3],
    ["0", 3, 1],
    ["-2", 3, 1],
    ["1.5", 3, 1],
    ["two", 3, 1],
    ["4", 0, 1],
    ["1e300", 3, 3],
    ["1e300", Number.POSITIVE_INFINITY, MAX_ORDER_PAGES],
    ["18446744073709551616", Number.POSITIVE_INFINITY, MAX_ORDER_PAGES],
  ])("?page=%j of %i pages shows page %i", (value, pageCount, page) => {
    expect(pageFrom(value, pageCount)).toBe(page);
  });
});

describe("messages", () => {
  test("the archive confirmation names the order by its first 6 characters, word for word", () => {
    expect(archiveConfirmation("k7d2mx9qp4r8t6w3y5za")).toBe(
      "Are you sure you want to archive order #k7d2mx? The order will be moved to the archive log.",
    );
  });

  test("the dispatch dialog's messages are the spec's", () => {
    expect(RIDER_REQUIRED_MESSAGE).toBe("Please select a rider.");
    expect(RIDER_NOT_FOUND_MESSAGE).toBe("Selected rider not found.");
    expect(NO_RIDERS_MESSAGE).toBe("No riders available. Please add a rider from the 'Riders' tab first.");
  });

  test("a restore refused for want of stock names the product and how many are left", () => {
    expect(notEnoughStockMessage("Kiondo Basket", 0)).toBe("Cannot restore this order: Kiondo Basket is sold out.");
    expect(notEnoughStockMessage("Kiondo Basket", 2)).toBe("Cannot restore this order: only 2 of Kiondo Basket left.");
  });

  test("riders are listed as 'name - phone'", () => {
    expect(riderOptionLabel({ name: "Brian Mwangi", phone: "+254712345678" })).toBe("Brian Mwangi - +254712345678");
  });

  test("the client's chat message names the order and holds its tracking link", () => {
    expect(clientMessage({ id: "k7d2mx9qp4r8t6w3y5za", clientName: "Achieng Otieno" }, "https://duka.example/track/AFB123456789")).toBe(
      "Hello Achieng Otieno, this is about your order #k7d2mx. You can follow it here: https://duka.example/track/AFB123456789",
    );
  });
});

describe("riderMessage", () => {
  const order: DeliveryOrder = {
    id: "k7d2mx9qp4r8t6w3y5za",
    clientName: "Achieng Otieno",
    clientPhone: "+254712345678",
    clientAddress: "Kimathi Street, Nairobi",
    totalCents: 14_500_00,
    paymentStatus: "Unpaid",
    lines: [
      { name: "Ankara Wrap Dress", size: "M", color: "Indigo", quantity: 2, unitPriceCents: 4_500_00 },
      { name: "Adinkra-Inspired Cushion Cover", size: "", color: "", quantity: 1, unitPriceCents: 2_500_00 },
      { name: "Kanga Cotton Head Wrap", size: "", color: "Red", quantity: 1, unitPriceCents: 3_000_00 },
    ],
  };

  test("an unpaid order tells the rider the client, phone, address, items and the amount to collect", () => {
    expect(riderMessage(order)).toBe(
      [
        "Delivery for order #k7d2mx",
        "Client: Achieng Otieno",
        "Phone: +254712345678",
        "Address: Kimathi Street, Nairobi",
        "Items:",
        "- 2 × Ankara Wrap Dress (M, Indigo) at KSH 4,500",
        "- 1 × Adinkra-Inspired Cushion Cover at KSH 2,500",
        "- 1 × Kanga Cotton Head Wrap (Red) at KSH 3,000",
        "Amount to collect: KSH 14,500",
      ].join("\n"),
    );
  });

  test("a paid order says PAID instead of an amount to collect", () => {
    const message = riderMessage({ ...order, paymentStatus: "Paid" });
    expect(message.split("\n").at(-1)).toBe("Payment: PAID");
    expect(message).not.toContain("Amount to collect");
  });
});

describe("groupByShopDate", () => {
  const order = (id: string, iso: string) => ({ id, orderDate: new Date(iso) });

  test("orders fall under Today, Yesterday or the full date, by the shop's calendar", () => {
    const groups = groupByShopDate(
      [
        order("a", "2026-11-20T09:00:00Z"),
        order("b", "2026-11-19T21:00:00Z"), // 00:00 on the 20th in Nairobi
        order("c", "2026-11-19T20:59:59Z"), // 23:59:59 on the 19th in Nairobi
        order("d", "2026-11-18T22:00:00Z"),
        order("e", "2026-11-17T08:00:00Z"),
      ],
      now,
      NAIROBI,
    );
    expect(groups.map((g) => [g.label, g.orders.map((o) => o.id)])).toEqual([
      ["Today", ["a", "b"]],
      ["Yesterday", ["c", "d"]],
      ["Tuesday, 17 November 2026", ["e"]],
    ]);
  });

  test("the same instants group differently in another time zone", () => {
    const groups = groupByShopDate([order("a", "2026-11-20T09:00:00Z"), order("b", "2026-11-19T21:00:00Z")], now, "UTC");
    expect(groups.map((g) => g.label)).toEqual(["Today", "Yesterday"]);
  });

  test("no orders, no headers", () => {
    expect(groupByShopDate([], now, NAIROBI)).toEqual([]);
  });
});

describe("clientDetailsSchema, which the details dialog checks before saving and the action after", () => {
  const good = { name: "Achieng Otieno", address: "Kimathi Street, Nairobi", phone: "+254 712 345 678" };
  const problems = (details: typeof good) => {
    const parsed = clientDetailsSchema.safeParse(details);
    return parsed.success ? {} : fieldErrors(parsed.error);
  };

  test("complete details with an international phone number pass", () => {
    expect(problems(good)).toEqual({});
  });

  test("each field is required; the phone needs its country code", () => {
    expect(problems({ name: " ", address: "", phone: "0712345678" })).toEqual({
      name: "Please enter the client's full name.",
      address: "Please enter the delivery address.",
      phone: PHONE_MESSAGE,
    });
  });

  test("overlong text is refused", () => {
    expect(problems({ ...good, name: "a".repeat(121), address: "b".repeat(501) })).toEqual({
      name: "Please shorten the name to 120 characters.",
      address: "Please shorten the address to 500 characters.",
    });
  });

  test.each([
    [{ name: "", address: "x", phone: "+254712345678" }, { name: "Please enter the client's full name." }],
    [{ name: "x", address: " ", phone: "+254712345678" }, { address: "Please enter the delivery address." }],
    [{ name: "x", address: "x", phone: "+25471234" }, { phone: PHONE_MESSAGE }],
    [{ name: "x", address: "x", phone: "254712345678" }, { phone: PHONE_MESSAGE }],
  ])("%j is refused with %j", (details, expected) => {
    expect(problems(details)).toEqual(expected);
  });

  test("the server stores the phone as '+' and digits", () => {
    expect(clientDetailsSchema.parse(good).phone).toBe("+254712345678");
  });
});

describe("orderActionSchema", () => {
  test.each([
    [{ intent: "status", id: "abc", status: "Delivered" }],
    [{ intent: "payment", id: "abc", paymentStatus: "Paid" }],
    [{ intent: "dispatch", id: "abc", riderId: "r1" }],
    [{ intent: "archive", id: "abc" }],
    [{ intent: "restore", id: "abc" }],
    [{ intent: "client", id: "abc", name: "A", address: "B", phone: "+254712345678", clientDetailsVersion: "3" }],
  ])("accepts %j", (form) => {
    expect(orderActionSchema.safeParse(form).success).toBe(true);
  });

  test.each([
    [{ intent: "status", id: "abc", status: "Lost" }, "Please choose one of the order statuses."],
    [{ intent: "payment", id: "abc", paymentStatus: "Half" }, "Please choose Paid or Unpaid."],
    [{ intent: "dispatch", id: "abc", riderId: "" }, "Please select a rider."],
    [{ intent: "dispatch", id: "abc" }, "Please select a rider."],
    [{ intent: "archive" }, "Order not found."],
    [{ intent: "archive", id: "  " }, "Order not found."],
    [{ intent: "client", id: "abc", name: "A", address: "B", phone: "+254712345678" }, "This form is out of date; please reload the page."],
  ])("refuses %j with %j", (form, message) => {
    const parsed = orderActionSchema.safeParse(form);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

describe("liveChanges", () => {
  const seen = new Map([
    ["a", "v1"],
    ["b", "v1"],
  ]);
  const nobody = () => false;

  test("a new order and one changed elsewhere are reported; unchanged ones are not", () => {
    const current = [
      { id: "n", version: "v1" },
      { id: "a", version: "v2" },
      { id: "b", version: "v1" },
    ];
    expect(liveChanges(seen, current, nobody)).toEqual({ added: ["n"], changed: ["a"] });
  });

  test("this page's own changes are not highlighted", () => {
    const current = [{ id: "a", version: "v2" }];
    expect(liveChanges(seen, current, (o) => o.id === "a" && o.version === "v2")).toEqual({ added: [], changed: [] });
  });

  test("orders that left the list are not reported", () => {
    expect(liveChanges(seen, [], nobody)).toEqual({ added: [], changed: [] });
  });

  test.each([
    [{ added: ["k7d2mx9qp4"], changed: [] }, "New order #k7d2mx."],
    [{ added: ["a1", "b2"], changed: [] }, "2 new orders."],
    [{ added: [], changed: ["k7d2mx9qp4"] }, "Order #k7d2mx was updated."],
    [{ added: ["x"], changed: ["y", "z"] }, "New order #x. 2 orders were updated."],
    [{ added: [], changed: [] }, ""],
  ])("%j is announced as %j", (changes, message) => {
    expect(liveChangesMessage(changes)).toBe(message);
  });
});
