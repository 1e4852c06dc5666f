import { formatKsh, orderSubtotalCents, roundToWholeShilling } from "./money";

// Delivery (issue 23): how an order reaches the shopper and what it costs. A shop sets delivery zones (a fee by
// place, free from a subtotal, pay on delivery allowed up to an amount) and pick-up points (a fee, often none).
// With none switched on, checkout asks nothing and an order's total is its subtotal, as product.md §1 says.

export const CHOOSE_DELIVERY_MESSAGE = "Please choose how to receive your order.";

/** Delivery to the areas a zone covers. */
export type DeliveryZone = {
  kind: "zone";
  id: string;
  name: string;
  feeCents: number;
  /** The subtotal from which delivery is free; null when it never is. */
  freeFromCents: number | null;
  /** Whether a shopper here may pay on delivery, and up to what total (null: any total). */
  payOnDelivery: { upToCents: number | null } | null;
};

/** Collection from one of the shop's places. */
export type PickUpPoint = { kind: "pick-up"; id: string; name: string; feeCents: number };

/** One answer to checkout's Delivery question. */
export type DeliveryOption = DeliveryZone | PickUpPoint;

/**
 * What delivery adds to an order of this subtotal, in whole shillings: a zone's fee unless the subtotal has reached
 * its "Free delivery from"; a pick-up point's fee. Fees are typed in whole shillings; rounding here keeps every total
 * a whole number of shillings even for a fee stored otherwise.
 */
export function deliveryFeeCents(option: DeliveryOption, subtotalCents: number): number {
  if (option.kind === "zone" && option.freeFromCents !== null && subtotalCents >= option.freeFromCents) return 0;
  return roundToWholeShilling(Math.max(0, option.feeCents));
}

/** The fee as checkout shows it: "KSH 250", or "Free". */
export function deliveryFeeText(feeCents: number): string {
  return feeCents === 0 ? "Free" : formatKsh(feeCents);
}

/** The option's name for the shopper, as its radio button and the order's Delivery line read. */
export function deliveryOptionName(option: Pick<DeliveryOption, "kind" | "name">): string {
  return option.kind === "pick-up" ? `Pick up: ${option.name}` : option.name;
}

/** One radio button of checkout's Delivery group: "Nairobi CBD — KSH 250", "Pick up: Moi Avenue shop — Free". */
export function deliveryOptionLabel(option: DeliveryOption, subtotalCents: number): string {
  return `${deliveryOptionName(option)} — ${deliveryFeeText(deliveryFeeCents(option, subtotalCents))}`;
}

/**
 * Whether an order of this total (delivery included) may be paid on delivery: only to a zone that allows it, and
 * up to its amount when it has one (that amount itself included). A pick-up is paid as the shop's other orders are.
 */
export function mayPayOnDelivery(option: DeliveryOption, totalCents: number): boolean {
  if (option.kind !== "zone" || option.payOnDelivery === null) return false;
  const { upToCents } = option.payOnDelivery;
  return upToCents === null || totalCents <= upToCents;
}

/**
 * What an order charges: its lines' subtotal, the discount its promotions give (issue 24), the delivery fee, and the
 * total the shopper pays, subtotal − discount + delivery.
 */
export type OrderCharges = { subtotalCents: number; discountCents: number; deliveryFeeCents: number; totalCents: number };

/**
 * An order's charges with the delivery the shopper chose (none when the shop offers no choice) and the discount its
 * promotions give. "Free delivery from" is measured on the subtotal before the discount, as the zone's line says.
 */
export function orderCharges(
  lines: readonly { unitPriceCents: number; quantity: number }[],
  delivery: DeliveryOption | null,
  discountCents = 0,
): OrderCharges {
  const subtotalCents = orderSubtotalCents(lines);
  const fee = delivery ? deliveryFeeCents(delivery, subtotalCents) : 0;
  return { subtotalCents, discountCents, deliveryFeeCents: fee, totalCents: subtotalCents - discountCents + fee };
}

/** A placed order's charges, from what it keeps: its total, the delivery fee and the discount it was placed with. */
export function placedOrderCharges(order: { totalCents: number; deliveryFeeCents: number; discountCents: number }): OrderCharges {
  return {
    subtotalCents: order.totalCents + order.discountCents - order.deliveryFeeCents,
    discountCents: order.discountCents,
    deliveryFeeCents: order.deliveryFeeCents,
    totalCents: order.totalCents,
  };
}
