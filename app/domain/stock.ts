import { isSale, type OrderStatus, type PaymentStatus } from "./order-status";

/**
 * Whether this change takes the order's items out of stock: it is now Delivered and Paid and stock was never
 * taken for it. Stock is taken exactly once per order, however often the statuses are switched back and forth
 * (SPEC §4, tightened).
 */
export function shouldTakeStock(order: {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  stockTaken: boolean;
}): boolean {
  return isSale(order) && !order.stockTaken;
}

/** A product's stock after an order takes its quantity; stock never goes below 0 (SPEC §4). */
export function stockAfterTaking(stock: number, quantity: number): number {
  return Math.max(0, stock - quantity);
}

/**
 * Whether an order still holds its quantities back from other shoppers: it is open (not cancelled, not
 * archived) and stock has not yet been taken for it. Once taken, the stock figure itself has gone down.
 */
export function holdsStock(order: { status: OrderStatus; isArchived: boolean; stockTaken: boolean }): boolean {
  return order.status !== "Cancelled" && !order.isArchived && !order.stockTaken;
}

/** What is left to sell: stock less what open orders hold, never below 0. */
export function availableStock(stock: number, heldQuantity: number): number {
  return Math.max(0, stock - heldQuantity);
}

/** Whether a shopper can have `wanted` units (a whole number, at least one) when `available` are left. */
export function canSell(available: number, wanted: number): boolean {
  return Number.isInteger(wanted) && wanted >= 1 && wanted <= available;
}

/**
 * What an order takes from each product: its lines' quantities added up per product, in product id order
 * (the order products are locked in). Lines whose product has since been deleted take nothing.
 */
export function quantitiesByProduct(lines: readonly { productId: string | null; quantity: number }[]): [string, number][] {
  const totals = new Map<string, number>();
  for (const line of lines) {
    if (line.productId !== null) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  }
  return [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
