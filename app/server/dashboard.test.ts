import { expect, test } from "vitest";
import { givenProduct, givenStoredOrder } from "../../tests/setup/builders";
import { dashboardFigures, runningLowProducts } from "./dashboard.server";

test("the dashboard counts sales, pending orders, products and orders as product.md §4 says", async () => {
  await givenProduct({ id: "d1", name: "Plenty Bag", stock: 20 });
  await givenProduct({ id: "d2", name: "Last Wrap", stock: 4 });
  await givenStoredOrder({ id: "sale1", totalCents: 100_000, status: "Delivered", paymentStatus: "Paid", isArchived: false, stockTakenAt: new Date() });
  await givenStoredOrder({ id: "sale2", totalCents: 50_000, status: "Delivered", paymentStatus: "Paid", isArchived: true, stockTakenAt: new Date() });
  await givenStoredOrder({ id: "unpaid", totalCents: 70_000, status: "Delivered", paymentStatus: "Unpaid", isArchived: false, stockTakenAt: null });
  await givenStoredOrder({ id: "pend1", totalCents: 10_000, status: "Pending Payment", paymentStatus: "Unpaid", isArchived: false, stockTakenAt: null, lines: [{ productId: "d2", quantity: 2 }] });
  await givenStoredOrder({ id: "pend2", totalCents: 10_000, status: "Processing", paymentStatus: "Paid", isArchived: false, stockTakenAt: null });
  await givenStoredOrder({ id: "pend3", totalCents: 10_000, status: "Out for Delivery", paymentStatus: "Unpaid", isArchived: false, stockTakenAt: null });
  await givenStoredOrder({ id: "archived", totalCents: 10_000, status: "Processing", paymentStatus: "Unpaid", isArchived: true, stockTakenAt: null });
  await givenStoredOrder({ id: "gone", totalCents: 10_000, status: "Cancelled", paymentStatus: "Unpaid", isArchived: false, stockTakenAt: null, lines: [{ productId: "d1", quantity: 19 }] });

  const figures = await dashboardFigures();
  expect(figures).toMatchObject({ totalSalesCents: 150_000, pendingOrders: 3, totalProducts: 2, totalOrders: 8 });
  // 4 in stock, 2 held by the pending order: 2 left to sell. The cancelled order holds nothing.
  expect(figures.runningLow).toEqual([{ productId: "d2", name: "Last Wrap", available: 2 }]);
});

test("running low names each size and colour of a product that keeps stock per variant, by what it has left", async () => {
  await givenProduct({ id: "v1", name: "Ankara Wrap Dress", variants: [
    { size: "M", color: "Indigo", stock: 2 },
    { size: "L", color: "Indigo", stock: 9 },
    { size: "S", color: "Indigo", stock: 5 },
  ] });
  await givenStoredOrder({ id: "vheld", status: "Pending Payment", stockTakenAt: null, lines: [{ productId: "v1", quantity: 3, size: "S", color: "Indigo" }] });

  const { lines, total } = await runningLowProducts(10);

  expect(lines.filter((line) => line.productId === "v1")).toEqual([
    { productId: "v1", name: "Ankara Wrap Dress — S, Indigo", available: 2 },
    { productId: "v1", name: "Ankara Wrap Dress — M, Indigo", available: 2 },
  ].sort((a, b) => (a.name < b.name ? -1 : 1)));
  expect(total).toBeGreaterThanOrEqual(2);
});
