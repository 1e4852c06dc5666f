import { formatKsh } from "./money";
import { shortOrderId } from "./order-id";
import type { PaymentStatus } from "./order-status";
import { dateGroupLabel } from "./report-period";

// The back office's Orders screen (product.md §2 Admin "Orders", "Order details dialog", "Dispatch dialog", §4, §5, §8).

/** The two lists: orders in progress, and the archive log. */
export const ORDER_TABS = ["active", "archived"] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** The tab a `?tab=` value asks for; anything but "archived" is the active list. */
export function orderTabFrom(value: string | null | undefined): OrderTab {
  return value === "archived" ? "archived" : "active";
}

/** A list's address: its tab and page, and the order whose details are open, if any. */
export function orderListHref(tab: OrderTab, page = 1, orderId?: string): string {
  const params = new URLSearchParams();
  if (tab === "archived") params.set("tab", tab);
  if (page > 1) params.set("page", String(page));
  if (orderId) params.set("order", orderId);
  const query = params.toString();
  return query ? `/admin/orders?${query}` : "/admin/orders";
}

/** 'No active orders found.' / 'No archived orders found.' (product.md §2). */
export const noOrdersMessage = (tab: OrderTab) => `No ${tab} orders found.`;

/** Orders shown per page: enough for a busy day, few enough to stay quick with thousands of orders. */
export const ORDERS_PER_PAGE = 50;

/** How many pages a list of `total` orders fills (at least one, so an empty list still has a page). */
export function pageCountFor(total: number, perPage = ORDERS_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * More pages than any shop's orders fill (50 million orders): the furthest a `?page=` value reaches while the
 * last page is not yet known, so `?page=1e300` asks the database for an ordinary offset (and gets the last page).
 */
export const MAX_ORDER_PAGES = 1_000_000;

/** The page a `?page=` value asks for, kept within 1 and the last page. */
export function pageFrom(value: string | null | undefined, pageCount: number): number {
  const page = Number(value);
  if (!Number.isInteger(page) || page < 1) return 1;
  return Math.min(page, Math.max(1, pageCount), MAX_ORDER_PAGES);
}

export const ORDER_NOT_FOUND_MESSAGE = "Order not found.";
export const RIDER_REQUIRED_MESSAGE = "Please select a rider.";
export const RIDER_NOT_FOUND_MESSAGE = "Selected rider not found.";
export const NO_RIDERS_MESSAGE = "No riders available. Please add a rider from the 'Riders' tab first.";

/**
 * Why an archived or cancelled order cannot hold its items again: one of them sold meanwhile. Names the
 * product and how many are left, so staff know what to change; `change` names what was refused.
 */
export function notEnoughStockMessage(productName: string, available: number, change = "restore this order"): string {
  return available === 0
    ? `Cannot ${change}: ${productName} is sold out.`
    : `Cannot ${change}: only ${available} of ${productName} left.`;
}

/** The archive confirmation, word for word (product.md §4). */
export const archiveConfirmation = (orderId: string) =>
  `Are you sure you want to archive order #${shortOrderId(orderId)}? The order will be moved to the archive log.`;

/** How the dispatch dialog lists a rider: 'name - phone' (product.md §2). */
export const riderOptionLabel = (rider: { name: string; phone: string }) => `${rider.name} - ${rider.phone}`;

export type DateGroup<T> = { label: string; orders: T[] };

/**
 * Orders (newest first) under their date headers: 'Today', 'Yesterday' or the full date, in the shop's time
 * zone (product.md §2). Orders of one day stay together as long as the list is sorted by date.
 */
export function groupByShopDate<T extends { orderDate: Date }>(orders: readonly T[], now: Date, timeZone: string): DateGroup<T>[] {
  const groups: DateGroup<T>[] = [];
  for (const order of orders) {
    const label = dateGroupLabel(order.orderDate, now, timeZone);
    const last = groups.at(-1);
    if (last?.label === label) last.orders.push(order);
    else groups.push({ label, orders: [order] });
  }
  return groups;
}

/** What 'Contact client' pre-fills in the chat: which order, and the link to follow it. */
export function clientMessage(order: { id: string; clientName: string }, trackingUrl: string): string {
  return `Hello ${order.clientName}, this is about your order #${shortOrderId(order.id)}. You can follow it here: ${trackingUrl}`;
}

export type DeliveryOrder = {
  id: string;
  clientName: string;
  clientPhone: string;
  clientAddress: string;
  totalCents: number;
  paymentStatus: PaymentStatus;
  /** The delivery the order was placed with ("Nairobi CBD"); '' or absent when the shop offered no choice. */
  delivery?: string;
  lines: readonly { name: string; size: string; color: string; quantity: number; unitPriceCents: number }[];
};

/**
 * One item as a rider or the staff read it, with the size and colour ordered and the price it sold at (a variant's
 * own price, decision 049): "2 × Ankara Wrap Dress (M, Indigo) at KSH 3,500".
 */
export function itemLine(line: DeliveryOrder["lines"][number]): string {
  const options = [line.size, line.color].filter((option) => option.trim() !== "");
  return `- ${line.quantity} × ${line.name}${options.length ? ` (${options.join(", ")})` : ""} at ${formatKsh(line.unitPriceCents)}`;
}

/**
 * The chat message dispatch offers to send the rider: the client, where to go (and the delivery chosen, when the shop
 * offers a choice), what to bring, and either PAID or the amount to collect on delivery, its total with delivery.
 */
export function riderMessage(order: DeliveryOrder): string {
  return [
    `Delivery for order #${shortOrderId(order.id)}`,
    `Client: ${order.clientName}`,
    `Phone: ${order.clientPhone}`,
    `Address: ${order.clientAddress}`,
    ...(order.delivery ? [`Delivery: ${order.delivery}`] : []),
    "Items:",
    ...order.lines.map(itemLine),
    order.paymentStatus === "Paid" ? "Payment: PAID" : `Amount to collect: ${formatKsh(order.totalCents)}`,
  ].join("\n");
}

/** The details dialog saves the client's details this long after typing stops (product.md §9). */
export const CLIENT_DETAILS_SAVE_DELAY_MS = 500;

export const CLIENT_NAME_REQUIRED = "Please enter the client's full name.";
export const CLIENT_ADDRESS_REQUIRED = "Please enter the delivery address.";
export const CLIENT_NAME_MAX_CHARS = 120;
export const CLIENT_ADDRESS_MAX_CHARS = 500;

export type ClientDetails = { name: string; address: string; phone: string };
export type ClientDetailsProblems = Partial<Record<keyof ClientDetails, string>>;

export type ListedOrder = { id: string; version: string };
export type LiveChanges = { added: string[]; changed: string[] };

/**
 * Which orders of a list are new, or were changed by someone else, since the list was last shown: `seen`
 * holds each order's version then; `isOwn` says whether this page made a change itself (not highlighted).
 */
export function liveChanges(
  seen: ReadonlyMap<string, string>,
  current: readonly ListedOrder[],
  isOwn: (order: ListedOrder) => boolean,
): LiveChanges {
  const changes: LiveChanges = { added: [], changed: [] };
  for (const order of current) {
    const before = seen.get(order.id);
    if (before === order.version || isOwn(order)) continue;
    if (before === undefined) changes.added.push(order.id);
    else changes.changed.push(order.id);
  }
  return changes;
}

/** What a screen reader hears when orders arrive or change while the list is open. */
export function liveChangesMessage({ added, changed }: LiveChanges): string {
  const parts: string[] = [];
  if (added.length === 1) parts.push(`New order #${shortOrderId(added[0]!)}.`);
  else if (added.length > 1) parts.push(`${added.length} new orders.`);
  if (changed.length === 1) parts.push(`Order #${shortOrderId(changed[0]!)} was updated.`);
  else if (changed.length > 1) parts.push(`${changed.length} orders were updated.`);
  return parts.join(" ");
}
