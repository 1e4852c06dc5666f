import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  figuresAfterChange,
  firstShortfall,
  quantitiesByStockUnit,
  type StockChange,
  soldOutChanged,
  type StockFigures,
  stockUnitKey,
} from "~/domain/stock";
import { type VariantOptions, variantDisplayName } from "~/domain/variants";
import type { Queryable, Transaction } from "./db/client.server";
import { categories, orderLines, orders, products, productVariants } from "./db/schema.server";
import type { Holder } from "~/domain/hold-limits";
import { awaitingPaymentSql, holdsStockSql } from "./order-state.server";

// Stock (product.md §4, decisions 002, 015, 034, 049): what open orders hold of each stock unit (a product, or a size
// and colour of one that keeps stock per variant), and the locks under which checkout, staff changes to an order and
// payments check it and take it, and the catalogue import rewrites it. Products are locked row by row in id order, so
// two changes that want the same products queue instead of deadlocking; a product's lock covers its variants.

/** Units open orders hold of one product in one size and colour. */
export type HeldLine = { productId: string; size: string; color: string; quantity: number };

/**
 * What open orders hold of the products, per product, size and colour: the domain's quantitiesByStockUnit adds them
 * up per stock unit, which is the product or the variant (decision 049).
 */
export async function heldQuantities(source: Queryable, productIds: readonly string[]): Promise<HeldLine[]> {
  if (productIds.length === 0) return [];
  const rows = await source
    .select({ productId: orderLines.productId, size: orderLines.size, color: orderLines.color, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.productId, [...productIds]), holdsStockSql))
    .groupBy(orderLines.productId, orderLines.size, orderLines.color);
  return rows.map((row) => ({ ...row, productId: row.productId! }));
}

// What open orders hold, added up once per product and once per product, size and colour: a product without variants
// holds all its lines, a variant only its own combination's (quantitiesByStockUnit).
const heldSql = (...by: SQL[]) => sql`(select ${sql.join(by, sql`, `)}, sum(${orderLines.quantity})::int as held
  from ${orderLines} inner join ${orders} on ${orders.id} = ${orderLines.orderId}
  where ${holdsStockSql} group by ${sql.join(by, sql`, `)})`;

/**
 * Every stock unit (decision 049) as an SQL relation for queries over many products: `product_id`, `size` and `color`
 * ('' for a product without variants), `is_variant`, `stock`, `held` (what open orders hold of it) and `available`
 * (availableStock: stock less held, never below 0). The SQL twin of quantitiesByStockUnit and availableStock, and
 * the only one; stock-units.test.ts checks the two agree. Use it in raw queries, where its tables keep their names.
 */
export const stockUnitsSql = sql`(select ${products.id} as product_id,
    coalesce(${productVariants.size}, '') as size, coalesce(${productVariants.color}, '') as color,
    ${productVariants.id} is not null as is_variant, coalesce(${productVariants.stock}, ${products.stock}) as stock,
    coalesce(held_by_product.held, held_by_variant.held, 0) as held,
    greatest(coalesce(${productVariants.stock}, ${products.stock}) - coalesce(held_by_product.held, held_by_variant.held, 0), 0) as available
  from ${products} left join ${productVariants} on ${productVariants.productId} = ${products.id}
  left join ${heldSql(sql`${orderLines.productId}`)} as held_by_product
    on ${productVariants.id} is null and held_by_product.product_id = ${products.id}
  left join ${heldSql(sql`${orderLines.productId}`, sql`${orderLines.size}`, sql`${orderLines.color}`)} as held_by_variant
    on held_by_variant.product_id = ${productVariants.productId} and held_by_variant.size = ${productVariants.size}
      and held_by_variant.color = ${productVariants.color})`;

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

/** A variant of a locked product: its combination, its own stock, and what it sells at. */
type LockedVariant = VariantOptions & { id: string; stock: number; priceCents: number };

/** A product locked for the rest of the transaction: what checkout checks a bag against, with its variants. */
type LockedProduct = {
  id: string;
  name: string;
  isVisible: boolean;
  categoryId: string | null;
  sizes: string[];
  colors: string[];
  priceCents: number;
  image: string | null;
  stock: number;
  /** Empty when the product sells from its own stock. */
  variants: LockedVariant[];
};

/** A product's or a variant's stock, locked: where an order line's units come from (stockUnitKey). */
type LockedStockUnit = { productId: string; variantId: string | null; name: string; figures: StockFigures };

/** Products locked for the rest of the transaction, and their stock units with what open orders hold of them. */
export type LockedStock = { products: Map<string, LockedProduct>; units: Map<string, LockedStockUnit> };

/** Whether a locked product sells from its variants' stock. */
export const tracksVariants = (locked: LockedStock) => (productId: string) => (locked.products.get(productId)?.variants.length ?? 0) > 0;

/**
 * Reads and locks the products in id order for the rest of the transaction; a product's lock covers its variants,
 * which are only ever written under it. What open orders hold of them is read after the locks, in a statement of its
 * own, so every order placed or restored before the locks were granted is counted (decision 037). Ids of products
 * since deleted are left out.
 */
export async function lockProducts(tx: Transaction, ids: readonly string[]): Promise<LockedStock> {
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      isVisible: products.isVisible,
      categoryId: products.categoryId,
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
  const variantRows =
    rows.length === 0
      ? []
      : await tx
          .select({
            id: productVariants.id,
            productId: productVariants.productId,
            size: productVariants.size,
            color: productVariants.color,
            stock: productVariants.stock,
            priceCents: productVariants.priceCents,
          })
          .from(productVariants)
          .where(inArray(productVariants.productId, rows.map((row) => row.id)))
          .orderBy(asc(productVariants.productId), asc(productVariants.position));
  const locked: LockedStock = { products: new Map(), units: new Map() };
  for (const row of rows) {
    const variants = variantRows
      .filter((variant) => variant.productId === row.id)
      .map(({ productId: _productId, priceCents, ...variant }) => ({ ...variant, priceCents: priceCents ?? row.priceCents }));
    locked.products.set(row.id, { ...row, variants });
    if (variants.length === 0) locked.units.set(row.id, { productId: row.id, variantId: null, name: row.name, figures: { stock: row.stock, held: 0 } });
    for (const variant of variants) {
      locked.units.set(stockUnitKey(row.id, variant, true), {
        productId: row.id,
        variantId: variant.id,
        name: variantDisplayName(row.name, variant),
        figures: { stock: variant.stock, held: 0 },
      });
    }
  }
  const held = quantitiesByStockUnit(await heldQuantities(tx, ids), tracksVariants(locked));
  for (const [key, quantity] of held) {
    const unit = locked.units.get(key);
    if (unit) unit.figures.held = quantity;
  }
  return locked;
}

/** Which product or variant too few units are left of (named as "Ankara Wrap Dress — M, Indigo"), and how many are. */
export type Shortfall = { productName: string; available: number };

/** A change refused because an order would hold more than is left. */
export type ShortOfStock = { ok: false; problem: "short-of-stock" } & Shortfall;

/** The first of `wanted` (stock unit and quantity) too few units of are left; null when every one can be had. */
export function shortfall(locked: LockedStock, wanted: Iterable<readonly [string, number]>): Shortfall | null {
  const short = firstShortfall(wanted, (unit) => locked.units.get(unit)?.figures);
  return short && { productName: locked.units.get(short.unit)!.name, available: short.available };
}

/** Whether an order's change sells out one of its stock units or brings one back: the one change shop pages show. */
export function soldOutChangedBy(locked: LockedStock, wanted: readonly (readonly [string, number])[], change: StockChange): boolean {
  return wanted.some(([unit, quantity]) => {
    const figures = locked.units.get(unit)?.figures;
    return figures !== undefined && soldOutChanged(figures, figuresAfterChange(figures, quantity, change));
  });
}

/**
 * What an order's change does to the stock its lines come from, with their products locked: an order that holds its
 * stock again must find its quantities still available (stock less what other open orders hold), else nothing
 * changes; stock taken goes down, never below 0, on the variant when the product keeps stock per variant (and the
 * product's stock, their total, with it). Says whether a product or variant sold out or came back meanwhile.
 */
export async function changeStockForOrder(
  tx: Transaction,
  lines: readonly (VariantOptions & { productId: string | null; quantity: number })[],
  change: StockChange,
  now: Date,
): Promise<{ ok: true; soldOutChanged: boolean } | ShortOfStock> {
  const productIds = [...new Set(lines.flatMap((line) => (line.productId === null ? [] : [line.productId])))];
  if (productIds.length === 0) return { ok: true, soldOutChanged: false };
  const locked = await lockProducts(tx, productIds);
  const wanted = quantitiesByStockUnit(lines, tracksVariants(locked));
  const short = change.holdsAgain ? shortfall(locked, wanted) : null;
  if (short) return { ok: false, problem: "short-of-stock", ...short };
  const takenFromProduct = new Map<string, number>();
  for (const [key, quantity] of wanted) {
    const unit = locked.units.get(key);
    if (!unit) continue;
    const { stock } = figuresAfterChange(unit.figures, quantity, change);
    if (stock === unit.figures.stock) continue;
    takenFromProduct.set(unit.productId, (takenFromProduct.get(unit.productId) ?? 0) + unit.figures.stock - stock);
    if (unit.variantId !== null) await tx.update(productVariants).set({ stock }).where(eq(productVariants.id, unit.variantId));
  }
  for (const [productId, taken] of takenFromProduct) {
    const product = locked.products.get(productId)!;
    await tx.update(products).set({ stock: product.stock - taken, updatedAt: now }).where(eq(products.id, productId));
  }
  return { ok: true, soldOutChanged: soldOutChangedBy(locked, wanted, change) };
}

/**
 * Locks every product and category against writes for the rest of the transaction (the catalogue import).
 * Shoppers and staff keep reading the catalogue meanwhile; only writes to it wait the few seconds this takes.
 */
export async function lockCatalogue(tx: Transaction): Promise<void> {
  await tx.execute(sql`lock table ${products}, ${productVariants}, ${categories} in share row exclusive mode`);
}
