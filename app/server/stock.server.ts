import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { figuresAfterChange, firstShortfall, type StockChange, soldOutChanged, type StockFigures } from "~/domain/stock";
import type { Queryable, Transaction } from "./db/client.server";
import { categories, orderLines, orders, products } from "./db/schema.server";
import type { Holder } from "~/domain/hold-limits";
import { awaitingPaymentSql, holdsStockSql } from "./order-state.server";

// Stock (product.md §4, decisions 002, 015, 034): what open orders hold of each product, and the locks under which
// checkout, staff changes to an order and payments check it and take it, and the catalogue import rewrites
// it. Products are locked row by row in id order, so two changes that want the same products queue instead
// of deadlocking.

// Nested in heldQuantitySql: drizzle writes the columns of a one-table select's own fields without their table,
// which in this subquery would compare the line's product with the order's id.
const heldOfEnclosingProduct = sql`select sum(${orderLines.quantity}) from ${orderLines}
  inner join ${orders} on ${orders.id} = ${orderLines.orderId}
  where ${orderLines.productId} = ${products.id} and ${holdsStockSql}`;

/** How many units of the enclosing query's product open orders hold, as SQL (for lists of many products). */
export const heldQuantitySql = sql<number>`coalesce((${heldOfEnclosingProduct}), 0)::int`;

/** Quantities that open orders hold of each product until their stock is taken (decision 002). */
export async function heldQuantities(source: Queryable, productIds: readonly string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await source
    .select({ productId: orderLines.productId, held: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.productId, [...productIds]), holdsStockSql))
    .groupBy(orderLines.productId);
  return new Map(rows.map((r) => [r.productId!, r.held]));
}

/**
 * Queues this transaction behind every other checkout from the same client network or phone number until it ends,
 * network first, so what their unpaid orders hold is counted once per order and two checkouts at once cannot both
 * pass a limit only one fits under. Taken before any product lock, in the same order by every checkout.
 */
export async function lockHolder(tx: Transaction, holder: Holder): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`held-network:${holder.network}`})),
    pg_advisory_xact_lock(hashtext(${`held-phone:${holder.phoneDigits}`}))`);
}

/** Units that unpaid orders (awaiting payment and holding stock) of the holder's phone number and network hold. */
export async function unitsHeldBy(source: Queryable, holder: Holder): Promise<{ byPhone: number; byNetwork: number }> {
  const [row] = await source
    .select({
      byPhone: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${orders.clientPhoneDigits} = ${holder.phoneDigits}), 0)::int`,
      byNetwork: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${orders.clientNetwork} = ${holder.network}), 0)::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        awaitingPaymentSql,
        holdsStockSql,
        sql`(${orders.clientPhoneDigits} = ${holder.phoneDigits} or ${orders.clientNetwork} = ${holder.network})`,
      ),
    );
  return row ?? { byPhone: 0, byNetwork: 0 };
}

/** A product locked for the rest of the transaction: what checkout checks a bag against, and its stock figures. */
export type LockedProduct = {
  id: string;
  name: string;
  isVisible: boolean;
  sizes: string[];
  colors: string[];
  priceCents: number;
  image: string | null;
  figures: StockFigures;
};

/**
 * Reads and locks the products in id order for the rest of the transaction, with what open orders hold of
 * them. The held quantities are read after the locks, in a statement of their own, so every order placed or
 * restored before the locks were granted is counted (decision 037). Ids of products since deleted are left out.
 */
export async function lockProducts(tx: Transaction, ids: readonly string[]): Promise<Map<string, LockedProduct>> {
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      isVisible: products.isVisible,
      sizes: products.sizes,
      colors: products.colors,
      stock: products.stock,
      priceCents: products.priceCents,
      image: sql<string | null>`${products.images}[1]`,
    })
    .from(products)
    .where(inArray(products.id, [...ids]))
    .orderBy(asc(products.id))
    .for("update");
  const held = await heldQuantities(tx, ids);
  return new Map(rows.map(({ stock, ...product }) => [product.id, { ...product, figures: { stock, held: held.get(product.id) ?? 0 } }]));
}

/** Which product too few units are left of, and how many are. */
export type Shortfall = { productName: string; available: number };

/** A change refused because an order would hold more than is left. */
export type ShortOfStock = { ok: false; problem: "short-of-stock" } & Shortfall;

/** The first of `wanted` (product id and quantity) too few units of are left; null when every one can be had. */
export function shortfall(locked: ReadonlyMap<string, LockedProduct>, wanted: Iterable<readonly [string, number]>): Shortfall | null {
  const short = firstShortfall(wanted, (productId) => locked.get(productId)?.figures);
  return short && { productName: locked.get(short.productId)!.name, available: short.available };
}

/** Whether an order's change sells out one of its products or brings one back: the one change shop pages show. */
export function soldOutChangedBy(
  locked: ReadonlyMap<string, LockedProduct>,
  wanted: readonly (readonly [string, number])[],
  change: StockChange,
): boolean {
  return wanted.some(([productId, quantity]) => {
    const figures = locked.get(productId)?.figures;
    return figures !== undefined && soldOutChanged(figures, figuresAfterChange(figures, quantity, change));
  });
}

/**
 * What an order's change does to its products (`wanted`: what the order takes of each, in id order), with them
 * locked: an order that holds its stock again must find its quantities still available (stock less what other
 * open orders hold), else nothing changes; stock taken goes down, never below 0. Says whether a product sold
 * out or came back meanwhile.
 */
export async function changeStockForOrder(
  tx: Transaction,
  wanted: readonly (readonly [string, number])[],
  change: StockChange,
  now: Date,
): Promise<{ ok: true; soldOutChanged: boolean } | ShortOfStock> {
  if (wanted.length === 0) return { ok: true, soldOutChanged: false };
  const locked = await lockProducts(
    tx,
    wanted.map(([productId]) => productId),
  );
  const short = change.holdsAgain ? shortfall(locked, wanted) : null;
  if (short) return { ok: false, problem: "short-of-stock", ...short };
  for (const [productId, quantity] of wanted) {
    const figures = locked.get(productId)?.figures;
    if (!figures) continue;
    const { stock } = figuresAfterChange(figures, quantity, change);
    if (stock !== figures.stock) await tx.update(products).set({ stock, updatedAt: now }).where(eq(products.id, productId));
  }
  return { ok: true, soldOutChanged: soldOutChangedBy(locked, wanted, change) };
}

/**
 * Locks every product and category against writes for the rest of the transaction (the catalogue import).
 * Shoppers and staff keep reading the catalogue meanwhile; only writes to it wait the few seconds this takes.
 */
export async function lockCatalogue(tx: Transaction): Promise<void> {
  await tx.execute(sql`lock table ${products}, ${categories} in share row exclusive mode`);
}
