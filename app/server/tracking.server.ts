import { shortOrderId } from "~/domain/order-id";
import { type OrderStatus, type OrderTimeline, orderTimeline } from "~/domain/order-status";
import { maskPhone } from "~/domain/phone";
import { clientNetwork } from "~/domain/rate-limit";
import { longShopDate } from "~/domain/report-period";
import { config } from "./config.server";
import { lookUpOrder, orderByTrackingId, ordersByPhone } from "./orders.server";
import { batchedRateLimit } from "./rate-limit.server";

/** product.md §8: what /track says when nothing matches. */
const NO_ORDER_FOUND_MESSAGE =
  "No order found with that Order ID, Tracking ID, or Phone Number. Please check your details and try again.";

/**
 * Order lookups a client may make in a minute, across /track, /track/{id} and /orders-by-phone: plenty for a
 * shopper, too few to guess other people's tracking ids or phone numbers.
 */
export const TRACKING_LOOKUPS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;
// Every tracking page view counts, so the count is kept in memory and written once a second (decision 026).
const lookups = batchedRateLimit(TRACKING_LOOKUPS_PER_MINUTE, WINDOW_MS);

export type RateLimited = { kind: "rate-limited"; retryAfterSeconds: number; message: string };

const tooManyLookups = (retryAfterSeconds: number): RateLimited => ({
  kind: "rate-limited",
  retryAfterSeconds,
  message: `Too many order lookups from your connection. Please wait ${retryAfterSeconds} seconds and try again.`,
});

/** Counts one order lookup by a client (an IPv6 client by its /64, like every limit); undefined while within the limit. */
export function countLookup(clientAddress: string, now = new Date()): RateLimited | undefined {
  const verdict = lookups.hit(`track:${clientNetwork(clientAddress)}`, now);
  return verdict.allowed ? undefined : tooManyLookups(verdict.retryAfterSeconds);
}

export type TrackingLookup =
  | { kind: "tracking"; trackingId: string }
  | { kind: "phone"; phone: string }
  | { kind: "none"; message: string }
  | RateLimited;

/** The /track form: an order by tracking id, order id or phone number, for a client within its limit. */
export async function findOrder(input: string, clientAddress: string, now = new Date()): Promise<TrackingLookup> {
  const refused = countLookup(clientAddress, now);
  if (refused) return refused;
  const found = await lookUpOrder(input);
  return found.kind === "none" ? { kind: "none", message: NO_ORDER_FOUND_MESSAGE } : found;
}

/** What the public tracking page may show of an order: no address, no name, the phone masked. */
export type TrackedOrder = {
  trackingId: string;
  placedOn: string;
  status: OrderStatus;
  timeline: OrderTimeline;
  riderName: string | null;
  maskedPhone: string;
  totalCents: number;
  delivery: string;
  deliveryFeeCents: number;
  discountCents: number;
  discounts: { label: string; amountCents: number }[];
  items: { name: string; image: string | null; size: string; color: string; quantity: number; unitPriceCents: number }[];
};

/** The tracking page's order, for a client within its limit (every view counts, so ids cannot be guessed). */
export async function trackedOrder(
  trackingId: string,
  clientAddress: string,
  now = new Date(),
): Promise<{ kind: "found"; order: TrackedOrder } | { kind: "unknown" } | RateLimited> {
  return countLookup(clientAddress, now) ?? orderToTrack(trackingId);
}

/** The tracking page's order, for a view already counted as a lookup. */
export async function orderToTrack(trackingId: string): Promise<{ kind: "found"; order: TrackedOrder } | { kind: "unknown" }> {
  const order = await orderByTrackingId(trackingId);
  if (!order) return { kind: "unknown" };
  return {
    kind: "found",
    order: {
      trackingId: order.trackingId,
      // Formatted here, in the shop's time zone, so the server's HTML and the browser agree.
      placedOn: longShopDate(order.orderDate, config().timeZone),
      status: order.status,
      timeline: orderTimeline(order.status),
      riderName: order.riderName,
      maskedPhone: maskPhone(order.clientPhone),
      totalCents: order.totalCents,
      delivery: order.delivery,
      deliveryFeeCents: order.deliveryFeeCents,
      discountCents: order.discountCents,
      discounts: order.discounts,
      items: order.lines.map(({ name, image, size, color, quantity, unitPriceCents }) => ({
        name,
        image,
        size,
        color,
        quantity,
        unitPriceCents,
      })),
    },
  };
}

/**
 * A card on /orders-by-phone. The order number is the short form the shop's staff use: the full order id
 * opens the payment page, and a phone number is easier to guess than a tracking id.
 */
export type PhoneOrderSummary = { orderNumber: string; trackingId: string; placedOn: string; status: OrderStatus; totalCents: number };

/** A phone number's orders, newest first, for a client within its limit. */
export async function phoneOrders(
  phone: string,
  clientAddress: string,
  now = new Date(),
): Promise<{ kind: "found"; orders: PhoneOrderSummary[] } | RateLimited> {
  const refused = countLookup(clientAddress, now);
  if (refused) return refused;
  const timeZone = config().timeZone;
  const orders = (await ordersByPhone(phone)).map((order) => ({
    orderNumber: shortOrderId(order.id),
    trackingId: order.trackingId,
    placedOn: longShopDate(order.orderDate, timeZone),
    status: order.status,
    totalCents: order.totalCents,
  }));
  return { kind: "found", orders };
}
