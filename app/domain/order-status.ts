
/** An order's status; 'Pending Payment' is where every order starts (SPEC §4). */
export const ORDER_STATUSES = ["Pending Payment", "Processing", "Out for Delivery", "Delivered", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order's payment status; 'Unpaid' at first, freely switched by staff (SPEC §4). */
export const PAYMENT_STATUSES = ["Unpaid", "Paid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The four steps of the tracking timeline, in order (SPEC §2, Tracking). */
export const TIMELINE_STEPS = [
  "Pending Payment",
  "Processing",
  "Out for Delivery",
  "Delivered",
] as const satisfies readonly OrderStatus[];
export type TimelineStatus = (typeof TIMELINE_STEPS)[number];

export type TimelineStep = { label: TimelineStatus; done: boolean; current: boolean };
export type OrderTimeline = { cancelled: true } | { cancelled: false; steps: TimelineStep[] };

/**
 * The tracking timeline: steps up to and including the current one are done; a cancelled order shows a
 * banner instead of steps (SPEC §2, Tracking).
 */
export function orderTimeline(status: OrderStatus): OrderTimeline {
  if (status === "Cancelled") return { cancelled: true };
  const currentIndex = TIMELINE_STEPS.indexOf(status);
  return {
    cancelled: false,
    steps: TIMELINE_STEPS.map((label, index) => ({
      label,
      done: index <= currentIndex,
      current: index === currentIndex,
    })),
  };
}

/** Badge colours: Delivered green, Cancelled red, every other status yellow (SPEC §2). */
export function statusBadgeTone(status: OrderStatus): "green" | "red" | "yellow" {
  if (status === "Delivered") return "green";
  if (status === "Cancelled") return "red";
  return "yellow";
}

/** The dashboard's Pending Orders count Pending Payment, Processing and Out for Delivery (SPEC §4). */
export function isPendingOrderStatus(status: OrderStatus): boolean {
  return status === "Pending Payment" || status === "Processing" || status === "Out for Delivery";
}

/** The rider's name is shown once the order is Out for Delivery or later (SPEC §2, Tracking). */
export function showsRider(status: OrderStatus): boolean {
  return status === "Out for Delivery" || status === "Delivered";
}

/** Only orders both Delivered and Paid count as sales, in reports and Total Sales (SPEC §4). */
export function isSale(order: { status: OrderStatus; paymentStatus: PaymentStatus }): boolean {
  return order.status === "Delivered" && order.paymentStatus === "Paid";
}
