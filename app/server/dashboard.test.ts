import { expect, test } from "vitest";
import { dashboardFigures } from "./dashboard.server";
import { db } from "./db/database.server";
import { orderLines, orders, products } from "./db/schema.server";

type OrderState = Pick<typeof orders.$inferInsert, "status" | "paymentStatus" | "isArchived" | "stockTakenAt">;

async function givenOrder(id: string, totalCents: number, state: OrderState, line?: { productId: string; quantity: number }) {
  await (await db()).insert(orders).values({
    id,
    trackingId: `AFB${id.toUpperCase().padEnd(9, "0").slice(0, 9)}`,
    clientName: "Wanjiku",
    clientAddress: "Moi Avenue",
    clientPhone: "+254712000000",
    totalCents,
    paymentMethod: "M-Pesa",
    ...state,
  });
  if (line) {
    await (await db()).insert(orderLines).values({ orderId: id, position: 0, name: "Item", unitPriceCents: totalCents, size: "", color: "", ...line });
  }
}

test("the dashboard counts sales, pending orders, products and orders as SPEC §4 says", async () => {
  await (await db()).insert(products).values([
    { id: "d1", name: "Plenty Bag", slug: "plenty-bag-d1", sku: "D-1", stock: 20 },
    { id: "d2", name: "Last Wrap", slug: "last-wrap-d2", sku: "D-2", stock: 4 },
  ]);
  await givenOrder("sale1", 100_000, { status: "Delivered", paymentStatus: "Paid", isArchived: false, stockTakenAt: new Date() });
  await givenOrder("sale2", 50_000, { status: "Delivered", paymentStatus: "Paid", isArchived: true, stockTakenAt: new Date() });
  await givenOrder("unpaid", 70_000, { status: "Delivered", paymentStatus: "Unpaid", isArchived: false, stockTakenAt: null });
  await givenOrder("pend1", 10_000, { status: "Pending Payment", paymentStatus: "Unpaid", isArchived: false, stockTakenAt: null }, { productId: "d2", quantity: 2 });
  await givenOrder("pend2", 10_000, { status: "Processing", paymentStatus: "Paid", isArchived: false, stockTakenAt: null });
  await givenOrder("pend3", 10_000, { status: "Out for Delivery", paymentStatus: "Unpaid", isArchived: false, stockTakenAt: null });
  await givenOrder("archived", 10_000, { status: "Processing", paymentStatus: "Unpaid", isArchived: true, stockTakenAt: null });
  await givenOrder("gone", 10_000, { status: "Cancelled", paymentStatus: "Unpaid", isArchived: false, stockTakenAt: null }, { productId: "d1", quantity: 19 });

  const figures = await dashboardFigures();
  expect(figures).toMatchObject({ totalSalesCents: 150_000, pendingOrders: 3, totalProducts: 2, totalOrders: 8 });
  // 4 in stock, 2 held by the pending order: 2 left to sell. The cancelled order holds nothing.
  expect(figures.runningLow).toEqual([{ id: "d2", name: "Last Wrap", available: 2 }]);
});
