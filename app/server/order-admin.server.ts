import { asc, count, desc, eq, inArray } from "drizzle-orm";
import { type ClientDetails, type OrderTab, ORDERS_PER_PAGE, riderMessage } from "~/domain/order-admin";
import { normaliseOrderId } from "~/domain/order-id";
import type { OrderStatus, PaymentStatus } from "~/domain/order-status";
import { holdsStock, quantitiesByProduct, shouldTakeStock, stockAfterTaking } from "~/domain/stock";
import type { Database, Transaction } from "./db/client.server";
import { db } from "./db/database.server";
import { orderLines, orders, products, riders } from "./db/schema.server";
import { publish } from "./events.server";
import { liveCache } from "./live-cache.server";
import type { OrderLineView } from "./orders.server";

// The back office's Orders screen (SPEC §2 Admin, §4): the lists, one order's details, and every change staff
// make to an order. Each change locks the order row, so changes to one order queue rather than interleave.

/** A row of the orders table. `version` changes whenever the order does (live highlighting). */
export type AdminOrderRow = {
  id: string;
  trackingId: string;
  clientName: string;
  clientPhone: string;
  totalCents: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  orderDate: Date;
  version: string;
};

export type AdminOrderPage = { orders: AdminOrderRow[]; total: number };

// Counting every order of a busy shop on each view of the Orders page costs more than the page itself.
const cachedOrderCounts = liveCache<OrderTab, number>(["orders"]);
// Every view of the Orders page offers the riders for dispatch; they change a few times a month.
const cachedRiders = liveCache<"all", DispatchRider[]>(["riders"]);

/** One page of the active or archived orders, newest first. */
export async function adminOrders(tab: OrderTab, page: number, perPage = ORDERS_PER_PAGE): Promise<AdminOrderPage> {
  const database = await db();
  const archived = eq(orders.isArchived, tab === "archived");
  const [rows, total] = await Promise.all([
    database
      .select({
        id: orders.id,
        trackingId: orders.trackingId,
        clientName: orders.clientName,
        clientPhone: orders.clientPhone,
        totalCents: orders.totalCents,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        orderDate: orders.orderDate,
        updatedAt: orders.updatedAt,
      })
      .from(orders)
      .where(archived)
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(perPage)
      .offset((Math.max(1, page) - 1) * perPage),
    cachedOrderCounts.get(tab, async () => (await database.select({ n: count() }).from(orders).where(archived))[0]?.n ?? 0),
  ]);
  return { orders: rows.map(({ updatedAt, ...row }) => ({ ...row, version: updatedAt.toISOString() })), total };
}

export type AdminOrderDetails = {
  id: string;
  trackingId: string;
  clientName: string;
  clientAddress: string;
  clientPhone: string;
  totalCents: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: string;
  orderDate: Date;
  isArchived: boolean;
  rider: { name: string; phone: string } | null;
  lines: OrderLineView[];
};

function linesOf(source: Database | Transaction, orderId: string): Promise<OrderLineView[]> {
  return source
    .select({
      productId: orderLines.productId,
      name: orderLines.name,
      image: orderLines.image,
      unitPriceCents: orderLines.unitPriceCents,
      size: orderLines.size,
      color: orderLines.color,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

/** Everything the order details dialog shows, archived or not; undefined for an unknown id. */
export async function adminOrderDetails(id: string): Promise<AdminOrderDetails | undefined> {
  const database = await db();
  const [row] = await database
    .select({ order: orders, riderName: riders.name, riderPhone: riders.phone })
    .from(orders)
    .leftJoin(riders, eq(riders.id, orders.riderId))
    .where(eq(orders.id, normaliseOrderId(id)));
  if (!row) return undefined;
  const o = row.order;
  return {
    id: o.id,
    trackingId: o.trackingId,
    clientName: o.clientName,
    clientAddress: o.clientAddress,
    clientPhone: o.clientPhone,
    totalCents: o.totalCents,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethod,
    orderDate: o.orderDate,
    isArchived: o.isArchived,
    rider: row.riderName !== null && row.riderPhone !== null ? { name: row.riderName, phone: row.riderPhone } : null,
    lines: await linesOf(database, o.id),
  };
}

export type DispatchRider = { id: string; name: string; phone: string };

/** The riders the dispatch dialog offers, by name. */
export function dispatchRiders(): Promise<DispatchRider[]> {
  return cachedRiders.get("all", async () =>
    (await db()).select({ id: riders.id, name: riders.name, phone: riders.phone }).from(riders).orderBy(asc(riders.name), asc(riders.id)),
  );
}

type OrderRow = typeof orders.$inferSelect;

/** Reads and locks one order for the rest of the transaction; concurrent changes to it wait here. */
async function lockOrder(tx: Transaction, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, normaliseOrderId(id)))
    .for("update");
  return row;
}

type OrderChange = Partial<
  Pick<OrderRow, "status" | "paymentStatus" | "riderId" | "isArchived" | "clientName" | "clientAddress" | "clientPhone">
>;

/**
 * Applies a change to a locked order, and the stock rule with it (SPEC §4, decision 002): once an order is
 * both Delivered and Paid for the first time, each product it holds loses the ordered quantity (never below
 * 0) and the order records that its stock was taken, so this happens exactly once per order.
 */
async function applyChange(tx: Transaction, order: OrderRow, change: OrderChange, now: Date): Promise<string> {
  const next = { ...order, ...change };
  const takesStock = shouldTakeStock({ status: next.status, paymentStatus: next.paymentStatus, stockTaken: order.stockTakenAt !== null });
  const takings = takesStock ? quantitiesByProduct(await linesOf(tx, order.id)) : [];
  if (takings.length > 0) {
    // Locked in id order, as checkout locks them, so the two never deadlock.
    const locked = await tx
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(
        inArray(
          products.id,
          takings.map(([productId]) => productId),
        ),
      )
      .orderBy(asc(products.id))
      .for("update");
    const stockOf = new Map(locked.map((p) => [p.id, p.stock]));
    for (const [productId, quantity] of takings) {
      const stock = stockOf.get(productId);
      if (stock === undefined) continue;
      await tx
        .update(products)
        .set({ stock: stockAfterTaking(stock, quantity), updatedAt: now })
        .where(eq(products.id, productId));
    }
  }
  await tx
    .update(orders)
    .set({ ...change, stockTakenAt: takesStock ? now : order.stockTakenAt, updatedAt: now })
    .where(eq(orders.id, order.id));
  await publish(tx, "orders", order.id);
  // Stock, or what the order holds back from shoppers, changed: the products' available stock did too.
  const held = (o: OrderRow) => holdsStock({ status: o.status, isArchived: o.isArchived, stockTaken: o.stockTakenAt !== null });
  if (takesStock || held(order) !== held({ ...next, stockTakenAt: takesStock ? now : order.stockTakenAt })) {
    await publish(tx, "products");
  }
  return now.toISOString();
}

export type OrderWriteResult = { ok: true; version: string } | { ok: false; problem: "order-missing" };

/** Locks the order, applies the change and the stock rule, in one transaction. */
async function changeOrder(id: string, change: OrderChange, now: Date, database?: Database): Promise<OrderWriteResult> {
  return (database ?? (await db())).transaction(async (tx): Promise<OrderWriteResult> => {
    const order = await lockOrder(tx, id);
    if (!order) return { ok: false, problem: "order-missing" };
    return { ok: true, version: await applyChange(tx, order, change, now) };
  });
}

/**
 * Sets an order's status and/or payment status from the table's dropdowns (SPEC §4: any status directly).
 * `database` is another app process's connection in tests; by default, the shop's.
 */
export function setOrderStatus(
  id: string,
  change: { status?: OrderStatus; paymentStatus?: PaymentStatus },
  now = new Date(),
  database?: Database,
): Promise<OrderWriteResult> {
  return changeOrder(id, change, now, database);
}

/** Corrects the client's details (already validated: SPEC §5). */
export function updateClientDetails(id: string, details: ClientDetails, now = new Date()): Promise<OrderWriteResult> {
  return changeOrder(id, { clientName: details.name, clientAddress: details.address, clientPhone: details.phone }, now);
}

/** Moves an order to the archive log, or restores it (SPEC §4). An archived order no longer holds stock. */
export function setOrderArchived(id: string, archived: boolean, now = new Date()): Promise<OrderWriteResult> {
  return changeOrder(id, { isArchived: archived }, now);
}

export type DispatchResult =
  | { ok: true; version: string; rider: { name: string; phone: string }; message: string }
  | { ok: false; problem: "order-missing" | "rider-missing" };

/**
 * Dispatch (ARCHITECTURE, the spec's two readings decided): assigns the rider and sets Out for Delivery in
 * one transaction, through the same path as every status change, and returns the chat message for the
 * rider. The rider is locked too, so a rider deleted at the same moment is either found or reported missing.
 */
export async function dispatchOrder(id: string, riderId: string, now = new Date()): Promise<DispatchResult> {
  return (await db()).transaction(async (tx): Promise<DispatchResult> => {
    const order = await lockOrder(tx, id);
    if (!order) return { ok: false, problem: "order-missing" };
    const [rider] = await tx
      .select({ id: riders.id, name: riders.name, phone: riders.phone })
      .from(riders)
      .where(eq(riders.id, riderId))
      .for("share");
    if (!rider) return { ok: false, problem: "rider-missing" };
    const version = await applyChange(tx, order, { riderId: rider.id, status: "Out for Delivery" }, now);
    const lines = await linesOf(tx, order.id);
    return {
      ok: true,
      version,
      rider: { name: rider.name, phone: rider.phone },
      message: riderMessage({
        id: order.id,
        clientName: order.clientName,
        clientPhone: order.clientPhone,
        clientAddress: order.clientAddress,
        totalCents: order.totalCents,
        paymentStatus: order.paymentStatus,
        lines,
      }),
    };
  });
}
