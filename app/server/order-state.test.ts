import type { SQL } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import {
  isAwaitingPayment,
  isPendingOrder,
  isSale,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from "~/domain/order-status";
import { holdsStock } from "~/domain/stock";
import { db } from "./db/database.server";
import { orders } from "./db/schema.server";
import { awaitingPaymentSql, holdsStockSql, pendingOrderSql, saleSql } from "./order-state.server";
import { heldQuantities } from "./stock.server";
import { givenProduct, givenStoredOrder } from "../../tests/setup/builders";

// Each order-state question is answered twice: by its rule in app/domain, for one order, and by its SQL in
// order-state.server.ts, for a list. The two must agree on every order there can be.

type OrderState = {
  id: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  isArchived: boolean;
  stockTaken: boolean;
  quantity: number;
};

const everyState: OrderState[] = ORDER_STATUSES.flatMap((status) =>
  PAYMENT_STATUSES.flatMap((paymentStatus) =>
    [false, true].flatMap((isArchived) => [false, true].map((stockTaken) => ({ status, paymentStatus, isArchived, stockTaken }))),
  ),
).map((state, index) => ({ ...state, id: `state${String(index).padStart(2, "0")}`, quantity: index + 1 }));

const productId = "stateproduct";

beforeAll(async () => {
  await givenProduct({ id: productId, name: "Maasai Shuka", priceCents: 1_500_00, stock: 10_000 });
  for (const order of everyState) {
    await givenStoredOrder({
      id: order.id,
      totalCents: 1_500_00 * order.quantity,
      status: order.status,
      paymentStatus: order.paymentStatus,
      isArchived: order.isArchived,
      stockTakenAt: order.stockTaken ? new Date("2026-03-02T09:15:00Z") : null,
      lines: [{ productId, name: "Maasai Shuka", unitPriceCents: 1_500_00, quantity: order.quantity }],
    });
  }
});

test("there is an order for every status, payment status, archive flag and stock taken", () => {
  expect(everyState).toHaveLength(ORDER_STATUSES.length * PAYMENT_STATUSES.length * 2 * 2);
});

test.each<[string, SQL, (order: OrderState) => boolean]>([
  ["holdsStock", holdsStockSql, holdsStock],
  ["isAwaitingPayment", awaitingPaymentSql, isAwaitingPayment],
  ["isPendingOrder", pendingOrderSql, isPendingOrder],
  ["isSale", saleSql, isSale],
])("%s: the SQL picks exactly the orders the rule says yes to", async (_question, condition, rule) => {
  const picked = await (await db()).select({ id: orders.id }).from(orders).where(condition).orderBy(orders.id);
  const expected = everyState.filter((order) => rule(order)).map((order) => order.id);
  expect(expected.length).toBeGreaterThan(0);
  expect(picked.map((row) => row.id)).toEqual(expected);
});

test("what open orders hold of a product adds up the orders holdsStock says hold", async () => {
  const held = everyState.filter(holdsStock).reduce((sum, order) => sum + order.quantity, 0);
  expect(await heldQuantities(await db(), [productId])).toEqual([{ productId, size: "", color: "", quantity: held }]);
});
