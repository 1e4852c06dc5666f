
/** An order's status; 'Pending Payment' is where every order starts (product.md §4). */
export const ORDER_STATUSES = ["Pending Payment", "Processing", "Out for Delivery", "Delivered", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order's payment status; 'Unpaid' at first, freely switched by staff (product.md §4). */
export const PAYMENT_STATUSES = ["Unpaid", "Paid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The four steps of the tracking timeline, in order (product.md §2, Tracking). */
export const TIMELINE_STEPS = [
  "Pending Payment",
  "Processing",
  "Out for Delivery",
  "Delivered",
] as const satisfies readonly OrderStatus[];
type TimelineStatus = (typeof TIMELINE_STEPS)[number];

export type TimelineStep = { label: TimelineStatus; done: boolean; current: boolean };
export type OrderTimeline = { cancelled: true } | { cancelled: false; steps: TimelineStep[] };

/**
 * The tracking timeline: steps up to and including the current one are done; a cancelled order shows a
 * banner instead of steps (product.md §2, Tracking).
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

/** Badge colours: Delivered green, Cancelled red, every other status yellow (product.md §2). */
export function statusBadgeTone(status: OrderStatus): "green" | "red" | "yellow" {
  if (status === "Delivered") return "green";
  if (status === "Cancelled") return "red";
  return "yellow";
}

/** The dashboard's Pending Orders count Pending Payment, Processing and Out for Delivery (product.md §4). */
export function isPendingOrderStatus(status: OrderStatus): boolean {
  return status === "Pending Payment" || status === "Processing" || status === "Out for Delivery";
}

/** The rider's name is shown once the order is Out for Delivery or later (product.md §2, Tracking). */
export function showsRider(status: OrderStatus): boolean {
  return status === "Out for Delivery" || status === "Delivered";
}

// The questions the shop asks of an order's state, each answered here once (whether it holds stock is
// holdsStock, with the other stock rules in stock.ts). Where a query must narrow a list by one,
// server/order-state.server.ts holds its SQL, and order-state.test.ts there checks the two agree on every
// combination of status, payment status, archive flag and stock taken.

/** An order the shop still works on: neither cancelled nor archived. Only an open order holds its items. */
export function isOpen(order: { status: OrderStatus; isArchived: boolean }): boolean {
  return order.status !== "Cancelled" && !order.isArchived;
}

/**
 * Whether the order can still be paid: not paid yet, and open (a cancelled or archived order may no longer
 * hold its items). Only then are M-Pesa Express offered and a payment applied by itself.
 */
export function isPayable(order: { status: OrderStatus; paymentStatus: PaymentStatus; isArchived: boolean }): boolean {
  return order.paymentStatus === "Unpaid" && isOpen(order);
}

/**
 * Whether the order waits for its payment before anything else happens: Pending Payment and Unpaid, and not
 * archived. These are the orders the staff's daily summary lists and the hold time may cancel.
 */
export function isAwaitingPayment(order: { status: OrderStatus; paymentStatus: PaymentStatus; isArchived: boolean }): boolean {
  return order.status === "Pending Payment" && order.paymentStatus === "Unpaid" && !order.isArchived;
}

/** The dashboard's Pending Orders: active (not archived) orders in a pending status (product.md §4). */
export function isPendingOrder(order: { status: OrderStatus; isArchived: boolean }): boolean {
  return isPendingOrderStatus(order.status) && !order.isArchived;
}

/** Only orders both Delivered and Paid count as sales, archived or not, in reports and Total Sales (product.md §4). */
export function isSale(order: { status: OrderStatus; paymentStatus: PaymentStatus }): boolean {
  return order.status === "Delivered" && order.paymentStatus === "Paid";
}
