import { deliveryFeeText } from "./delivery";
import { trackingUrl } from "./links";
import { formatKsh } from "./money";
import type { NotificationKey, PlaceholderValues } from "./notifications";
import { type DeliveryOrder, itemLine } from "./order-admin";
import { shortOrderId } from "./order-id";
import type { OrderStatus, PaymentStatus } from "./order-status";
import { payOnDeliveryText } from "./pay-on-delivery";
import { discountLineName } from "./promotions";

// Which SMS and emails an order's life sends (issue 12), and what they say about it.

/** What the messages about an order need to know of it. */
export type OrderFacts = {
  id: string;
  trackingId: string;
  clientName: string;
  clientPhone: string;
  totalCents: number;
  /** How the order reaches the shopper ("" without a choice) and its fee, inside the total (decision 053). */
  delivery?: string;
  deliveryFeeCents?: number;
  paymentMethod: string;
  /** Paid at the door (decision 054): the messages say so instead of sending the shopper to pay now. */
  payOnDelivery?: boolean;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  riderId: string | null;
};

/**
 * One thing that happened to an order, and the messages it sends. `event` names it in the outbox's keys, so the
 * same happening never sends twice: a second dispatch to the same rider sends nothing, one to another rider does.
 */
export type OrderEvent = { event: string; messages: readonly NotificationKey[] };

export function orderPlacedEvent(orderId: string): OrderEvent {
  return { event: `order-placed:${orderId}`, messages: ["order-placed", "staff-new-order"] };
}

type OrderState = Pick<OrderFacts, "id" | "status" | "paymentStatus" | "riderId">;

/** The messages a change to an order sends: payment received, out for delivery, delivered, cancelled. */
export function orderChangeEvents(before: OrderState, after: OrderState): OrderEvent[] {
  const events: OrderEvent[] = [];
  if (before.paymentStatus !== "Paid" && after.paymentStatus === "Paid") {
    events.push({ event: `payment-received:${after.id}`, messages: ["payment-received", "staff-payment-received"] });
  }
  if (after.status !== before.status || after.riderId !== before.riderId) {
    if (after.status === "Out for Delivery" && (before.status !== "Out for Delivery" || after.riderId !== before.riderId)) {
      events.push({ event: `out-for-delivery:${after.id}:${after.riderId ?? "no-rider"}`, messages: ["out-for-delivery"] });
    }
    if (after.status === "Delivered" && before.status !== "Delivered") events.push({ event: `delivered:${after.id}`, messages: ["delivered"] });
    if (after.status === "Cancelled" && before.status !== "Cancelled") events.push({ event: `cancelled:${after.id}`, messages: ["cancelled"] });
  }
  return events;
}

/** What the shop knows around an order when it writes about it; each part only where the message uses it. */
export type OrderMessageContext = {
  shopName: string;
  /** The shop's public address, for the links (PUBLIC_URL). */
  origin: string;
  lines?: DeliveryOrder["lines"];
  /** The order's discount lines (issue 24), listed after its items. */
  discounts?: readonly { label: string; amountCents: number }[];
  rider?: { name: string; phone: string };
  receipt?: string;
};

/**
 * The items list's line for how the order reaches the shopper, "Delivery: Nairobi CBD — KSH 250" (or "— Free"), only
 * when the order has a delivery choice: the messages of an order without one stay as they were.
 */
function deliveryLine({ delivery, deliveryFeeCents = 0 }: Pick<OrderFacts, "delivery" | "deliveryFeeCents">): string[] {
  if (!delivery) return [];
  return [`Delivery: ${delivery} — ${deliveryFeeText(deliveryFeeCents)}`];
}

/** The items list's line for a discount: "Discount (EASTER10): -KSH 500". */
const discountLine = (discount: { label: string; amountCents: number }) => `${discountLineName(discount.label)}: ${formatKsh(-discount.amountCents)}`;

/** The placeholders' values for a message about an order. */
export function orderMessageValues(order: OrderFacts, context: OrderMessageContext): PlaceholderValues {
  const origin = context.origin.replace(/\/+$/, "");
  return {
    SHOP_NAME: context.shopName,
    ORDER_ID: shortOrderId(order.id),
    CLIENT_NAME: order.clientName,
    CLIENT_PHONE: order.clientPhone,
    TOTAL: formatKsh(order.totalCents),
    TRACKING_URL: trackingUrl(origin, order.trackingId),
    HOW_TO_PAY: order.payOnDelivery
      ? payOnDeliveryText(order.totalCents)
      : `Pay with ${order.paymentMethod}: ${origin}/payment-instructions/${order.id}`,
    ORDER_URL: `${origin}/admin/orders?order=${order.id}`,
    ITEMS: [...(context.lines ?? []).map(itemLine), ...(context.discounts ?? []).map(discountLine), ...deliveryLine(order)].join("\n"),
    RIDER_NAME: context.rider?.name ?? "",
    RIDER_PHONE: context.rider?.phone ?? "",
    MPESA_RECEIPT: context.receipt ?? "",
  };
}
