import { asc, count, desc, eq, inArray, type SQLWrapper } from "drizzle-orm";
import type { Actor } from "~/domain/audit";
import { type ClientDetails, type OrderTab, ORDERS_PER_PAGE, riderMessage } from "~/domain/order-admin";
import { orderChangeEvents } from "~/domain/order-messages";
import { normaliseOrderId } from "~/domain/order-id";
import type { OrderStatus, PaymentStatus } from "~/domain/order-status";
import { stockChange } from "~/domain/stock";
import { recordChange } from "./audit.server";
import type { Database, Transaction } from "./db/client.server";
import { db } from "./db/database.server";
import { orders, riders } from "./db/schema.server";
import { publish } from "./events.server";
import { liveCache } from "./live-cache.server";
import { messageDocuments, orderMessageWrites } from "./order-notifications.server";
import { orderLinesOf, type OrderView, orderViewColumns } from "./orders.server";
import { discountLinesOf } from "./promotions.server";
import { changeStockForOrder, type ShortOfStock } from "./stock.server";

// The back office's Orders screen (product.md §2 Admin, §4): the lists, one order's details, and every change staff
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

export type AdminOrderDetails = Omit<OrderView, "riderName"> & {
  /** What the client details dialog's saves must name (decision 031). */
  clientDetailsVersion: number;
  /** The order's version as the list's (when it last changed): what Paid in cash and Request M-Pesa payment name. */
  version: string;
  rider: { name: string; phone: string } | null;
};

/** Everything the order details dialog shows, archived or not; undefined for an unknown id. */
export async function adminOrderDetails(id: string): Promise<AdminOrderDetails | undefined> {
  const database = await db();
  const [row] = await database
    .select({
      order: { ...orderViewColumns, clientDetailsVersion: orders.clientDetailsVersion, updatedAt: orders.updatedAt },
      riderName: riders.name,
      riderPhone: riders.phone,
    })
    .from(orders)
    .leftJoin(riders, eq(riders.id, orders.riderId))
    .where(eq(orders.id, normaliseOrderId(id)));
  if (!row) return undefined;
  const { updatedAt, ...order } = row.order;
  return {
    ...order,
    version: updatedAt.toISOString(),
    rider: row.riderName !== null && row.riderPhone !== null ? { name: row.riderName, phone: row.riderPhone } : null,
    lines: await orderLinesOf(database, row.order.id),
    discounts: row.order.discountCents > 0 ? await discountLinesOf(database, row.order.id) : [],
  };
}

export type DispatchRider = { id: string; name: string; phone: string };

/** The riders the dispatch dialog offers, by name. */
export function dispatchRiders(): Promise<DispatchRider[]> {
  return cachedRiders.get("all", async () =>
    (await db()).select({ id: riders.id, name: riders.name, phone: riders.phone }).from(riders).orderBy(asc(riders.name), asc(riders.id)),
  );
}

export type OrderRow = typeof orders.$inferSelect;

/** Reads and locks one order for the rest of the transaction; concurrent changes to it wait here. */
export async function lockOrder(tx: Transaction, id: string): Promise<OrderRow | undefined> {
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

/** Who makes a change and when; the shop's own changes also say why, and a payment its M-Pesa receipt. */
export type ChangeContext = { actor: Actor; now: Date; note?: string; receipt?: string };

export type OrderWriteResult =
  | { ok: true; version: string; clientDetailsVersion: number }
  | { ok: false; problem: "order-missing" | "changed-meanwhile" }
  | ShortOfStock;

/** The riders' names, as the activity log records a dispatch (an id means nothing to staff). */
async function riderNames(tx: Transaction, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id) => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: riders.id, name: riders.name }).from(riders).where(inArray(riders.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The fields of an order the activity log follows, the rider named only when the change touches it. */
function auditedFields(order: OrderRow, rider: { name: string | null } | undefined) {
  return {
    status: order.status,
    paymentStatus: order.paymentStatus,
    ...(rider && { rider: rider.name }),
    isArchived: order.isArchived,
    clientName: order.clientName,
    clientAddress: order.clientAddress,
    clientPhone: order.clientPhone,
    stockTaken: order.stockTakenAt !== null,
  };
}

/**
 * Applies a change to an order locked by the caller, with the stock rules (product.md §4, decisions 002, 015): once
 * an order is both Delivered and Paid for the first time its products lose the ordered quantities, exactly
 * once; an archived or cancelled order brought back must find its items still available, else nothing
 * changes. A change to the client's details gives them a new version. The change is recorded in the activity
 * log, and announced: "orders" always, "products" only when a product sold out or came back (decision 034).
 */
export async function applyChange(
  tx: Transaction,
  order: OrderRow,
  change: OrderChange,
  { actor, now, note, receipt }: ChangeContext,
): Promise<Exclude<OrderWriteResult, { ok: false; problem: "order-missing" | "changed-meanwhile" }>> {
  const next = { ...order, ...change };
  const stock = stockChange({ ...order, stockTaken: order.stockTakenAt !== null }, next);
  let productsChanged = false;
  if (stock.takesStock || stock.heldBefore !== stock.heldAfter) {
    const stockResult = await changeStockForOrder(tx, await orderLinesOf(tx, order.id), stock, now);
    if (!stockResult.ok) return stockResult;
    productsChanged = stockResult.soldOutChanged;
  }

  const clientDetailsChanged =
    next.clientName !== order.clientName || next.clientAddress !== order.clientAddress || next.clientPhone !== order.clientPhone;
  const changed: OrderRow = {
    ...next,
    clientDetailsVersion: order.clientDetailsVersion + (clientDetailsChanged ? 1 : 0),
    stockTakenAt: stock.takesStock ? now : order.stockTakenAt,
    updatedAt: now,
  };
  await tx
    .update(orders)
    .set({ ...change, clientDetailsVersion: changed.clientDetailsVersion, stockTakenAt: changed.stockTakenAt, updatedAt: now })
    .where(eq(orders.id, order.id));

  const riderChanged = change.riderId !== undefined && change.riderId !== order.riderId;
  const names = riderChanged ? await riderNames(tx, [order.riderId, changed.riderId]) : new Map<string, string>();
  const riderOf = (o: OrderRow) => (riderChanged ? { name: (o.riderId && names.get(o.riderId)) ?? null } : undefined);
  await recordChange(tx, {
    actor,
    entity: "order",
    entityId: order.id,
    now,
    note,
    action: "update",
    before: auditedFields(order, riderOf(order)),
    after: auditedFields(changed, riderOf(changed)),
  });

  await publish(tx, "orders", order.id, await changeMessageWrites(tx, order, changed, now, receipt));
  if (productsChanged) await publish(tx, "products");
  return { ok: true, version: now.toISOString(), clientDetailsVersion: changed.clientDetailsVersion };
}

/**
 * The SMS and staff emails a change sends (issue 12): payment received, out for delivery with the rider's
 * name and phone, delivered, cancelled. Read inside the change's transaction, as PGlite serves nothing else
 * while it is open.
 */
async function changeMessageWrites(tx: Transaction, before: OrderRow, after: OrderRow, now: Date, receipt?: string): Promise<SQLWrapper[]> {
  const events = orderChangeEvents(before, after);
  if (events.length === 0) return [];
  const paid = events.some((e) => e.messages.includes("payment-received"));
  // The discount lines are read after the items, not beside them: a connection answers one query at a time.
  const itemsAndDiscounts = async () => ({
    lines: await orderLinesOf(tx, after.id),
    discounts: after.discountCents > 0 ? await discountLinesOf(tx, after.id) : undefined,
  });
  const [documents, items, rider] = await Promise.all([
    messageDocuments(tx),
    paid ? itemsAndDiscounts() : undefined,
    after.riderId && after.status === "Out for Delivery"
      ? tx.select({ name: riders.name, phone: riders.phone }).from(riders).where(eq(riders.id, after.riderId)).then(([row]) => row)
      : undefined,
  ]);
  return events.flatMap((event) => orderMessageWrites(tx, after, event, { ...items, rider, receipt }, documents, now));
}

/**
 * Locks the order, applies the change and the stock rules, in one transaction. With `clientDetailsVersion`,
 * a change over client details someone else changed since that version is refused.
 */
async function changeOrder(
  id: string,
  change: OrderChange,
  context: ChangeContext,
  database?: Database,
  clientDetailsVersion?: number,
): Promise<OrderWriteResult> {
  return (database ?? (await db())).transaction(async (tx): Promise<OrderWriteResult> => {
    const order = await lockOrder(tx, id);
    if (!order) return { ok: false, problem: "order-missing" };
    if (clientDetailsVersion !== undefined && clientDetailsVersion !== order.clientDetailsVersion) {
      return { ok: false, problem: "changed-meanwhile" };
    }
    return applyChange(tx, order, change, context);
  });
}

/**
 * Sets an order's status and/or payment status from the table's dropdowns (product.md §4: any status directly).
 * `database` is another app process's connection in tests; by default, the shop's.
 */
export function setOrderStatus(
  id: string,
  change: { status?: OrderStatus; paymentStatus?: PaymentStatus },
  actor: Actor,
  now = new Date(),
  database?: Database,
): Promise<OrderWriteResult> {
  return changeOrder(id, change, { actor, now }, database);
}

/**
 * Corrects the client's details (already validated: product.md §5), if nobody changed them since the dialog loaded
 * `clientDetailsVersion` (decision 031); else refused, changing nothing.
 */
export function updateClientDetails(
  id: string,
  details: ClientDetails,
  clientDetailsVersion: number,
  actor: Actor,
  now = new Date(),
  database?: Database,
): Promise<OrderWriteResult> {
  const change = { clientName: details.name, clientAddress: details.address, clientPhone: details.phone };
  return changeOrder(id, change, { actor, now }, database, clientDetailsVersion);
}

/**
 * Moves an order to the archive log, or restores it (product.md §4). An archived order no longer holds stock; a
 * restored one holds it again, if its items are still available.
 */
export function setOrderArchived(id: string, archived: boolean, actor: Actor, now = new Date(), database?: Database): Promise<OrderWriteResult> {
  return changeOrder(id, { isArchived: archived }, { actor, now }, database);
}

export type DispatchResult =
  | { ok: true; version: string; clientDetailsVersion: number; rider: { name: string; phone: string }; message: string }
  | { ok: false; problem: "order-missing" | "rider-missing" }
  | ShortOfStock;

/**
 * Dispatch (ARCHITECTURE, the spec's two readings decided): assigns the rider and sets Out for Delivery in
 * one transaction, through the same path as every status change, and returns the chat message for the
 * rider. The rider is locked too, so a rider deleted at the same moment is either found or reported missing.
 */
export async function dispatchOrder(id: string, riderId: string, actor: Actor, now = new Date()): Promise<DispatchResult> {
  return (await db()).transaction(async (tx): Promise<DispatchResult> => {
    const order = await lockOrder(tx, id);
    if (!order) return { ok: false, problem: "order-missing" };
    const [rider] = await tx
      .select({ id: riders.id, name: riders.name, phone: riders.phone })
      .from(riders)
      .where(eq(riders.id, riderId))
      .for("share");
    if (!rider) return { ok: false, problem: "rider-missing" };
    const applied = await applyChange(tx, order, { riderId: rider.id, status: "Out for Delivery" }, { actor, now });
    if (!applied.ok) return applied;
    const lines = await orderLinesOf(tx, order.id);
    return {
      ok: true,
      version: applied.version,
      clientDetailsVersion: applied.clientDetailsVersion,
      rider: { name: rider.name, phone: rider.phone },
      message: riderMessage({
        id: order.id,
        clientName: order.clientName,
        clientPhone: order.clientPhone,
        clientAddress: order.clientAddress,
        totalCents: order.totalCents,
        paymentStatus: order.paymentStatus,
        delivery: order.delivery,
        lines,
      }),
    };
  });
}
