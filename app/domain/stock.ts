import { isOpen, isSale, type OrderStatus, type PaymentStatus } from "./order-status";
import { optionsKey, type VariantOptions } from "./variants";

/**
 * Whether this change takes the order's items out of stock: it is now Delivered and Paid and stock was never
 * taken for it. Stock is taken exactly once per order, however often the statuses are switched back and forth
 * (product.md §4, tightened).
 */
export function shouldTakeStock(order: {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  stockTaken: boolean;
}): boolean {
  return isSale(order) && !order.stockTaken;
}

/** A product's stock after an order takes its quantity; stock never goes below 0 (product.md §4). */
export function stockAfterTaking(stock: number, quantity: number): number {
  return Math.max(0, stock - quantity);
}

/**
 * Whether an order still holds its quantities back from other shoppers: it is open (not cancelled, not
 * archived) and stock has not yet been taken for it. Once taken, the stock figure itself has gone down.
 */
export function holdsStock(order: { status: OrderStatus; isArchived: boolean; stockTaken: boolean }): boolean {
  return isOpen(order) && !order.stockTaken;
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
 * Where an order line's units come from (decision 049): the line's size and colour combination when its product keeps
 * stock per variant, else the product. Every stock figure, hold and shortfall is counted per stock unit.
 */
export function stockUnitKey(productId: string, options: VariantOptions, tracksVariants: boolean): string {
  return tracksVariants ? `${productId}\u001e${optionsKey(options)}` : productId;
}

/**
 * What lines take from each stock unit: their quantities added up per unit, in key order (products are locked in id
 * order, and a unit's key starts with its product's id). Lines whose product has since been deleted take nothing.
 */
export function quantitiesByStockUnit(
  lines: readonly (VariantOptions & { productId: string | null; quantity: number })[],
  tracksVariants: (productId: string) => boolean,
): [string, number][] {
  const totals = new Map<string, number>();
  for (const line of lines) {
    if (line.productId === null) continue;
    const key = stockUnitKey(line.productId, line, tracksVariants(line.productId));
    totals.set(key, (totals.get(key) ?? 0) + line.quantity);
  }
  return [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A stock unit's stock (a product's, or a variant's), and what open orders hold of it. */
export type StockFigures = { stock: number; held: number };

/**
 * Whether a change brings an order back to holding stock: it held nothing (archived or cancelled, stock not
 * taken) and now it is open again. Such a change must first find its quantities still available.
 */
export function holdsStockAgain(
  before: { status: OrderStatus; isArchived: boolean; stockTaken: boolean },
  after: { status: OrderStatus; isArchived: boolean },
): boolean {
  return !holdsStock(before) && holdsStock({ ...after, stockTaken: before.stockTaken });
}

/** What a change to an order does to its products' stock. */
export type StockChange = {
  /** It takes the ordered quantities out of stock (shouldTakeStock). */
  takesStock: boolean;
  /** It held its quantities back before the change, and after it. */
  heldBefore: boolean;
  heldAfter: boolean;
  /** It holds them again, so must first find them still available (holdsStockAgain). */
  holdsAgain: boolean;
};

/**
 * Placing an order: its quantities are held back from then on (its shortfall is checked before it is written,
 * so it need not find them again), and nothing is taken out of stock yet.
 */
export const PLACING_AN_ORDER: StockChange = { takesStock: false, heldBefore: false, heldAfter: true, holdsAgain: false };

/** What changing an order from `before` to `after` does to its products' stock (product.md §4, decisions 002, 015). */
export function stockChange(
  before: { status: OrderStatus; paymentStatus: PaymentStatus; isArchived: boolean; stockTaken: boolean },
  after: { status: OrderStatus; paymentStatus: PaymentStatus; isArchived: boolean },
): StockChange {
  const takesStock = shouldTakeStock({ ...after, stockTaken: before.stockTaken });
  return {
    takesStock,
    heldBefore: holdsStock(before),
    heldAfter: holdsStock({ ...after, stockTaken: before.stockTaken || takesStock }),
    holdsAgain: holdsStockAgain(before, after),
  };
}

/**
 * The first of `wanted` (stock unit key and quantity, in the order given) that too few units are left of, with how
 * many are; null when every one can be had. Units with no figures (deleted since) are not asked for.
 */
export function firstShortfall(
  wanted: Iterable<readonly [string, number]>,
  figuresOf: (unit: string) => StockFigures | undefined,
): { unit: string; available: number } | null {
  for (const [unit, quantity] of wanted) {
    const figures = figuresOf(unit);
    if (!figures) continue;
    const available = availableStock(figures.stock, figures.held);
    if (!canSell(available, quantity)) return { unit, available };
  }
  return null;
}

/**
 * A stock unit's figures after one order's change: taking stock lowers the stock (never below 0), and an order
 * that starts or stops holding adds or removes its quantity from what is held.
 */
export function figuresAfterChange(
  figures: StockFigures,
  quantity: number,
  order: { heldBefore: boolean; heldAfter: boolean; takesStock: boolean },
): StockFigures {
  return {
    stock: order.takesStock ? stockAfterTaking(figures.stock, quantity) : figures.stock,
    held: figures.held - (order.heldBefore ? quantity : 0) + (order.heldAfter ? quantity : 0),
  };
}

/**
 * Whether a stock unit sold out or came back in stock: the only difference an order makes to what a shop page
 * shows ('Out of stock', and in stock or not in its structured data), so the only time an order drops cached
 * shop pages (decision 034).
 */
export function soldOutChanged(before: StockFigures, after: StockFigures): boolean {
  return (availableStock(before.stock, before.held) > 0) !== (availableStock(after.stock, after.held) > 0);
}
