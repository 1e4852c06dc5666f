import { sql } from "drizzle-orm";
import { orders } from "./db/schema.server";

// The order-state questions of domain/order-status.ts and domain/stock.ts that queries ask of many orders at
// once, as SQL over the orders table: one expression a question, used by every query that asks it, so a list
// never narrows by a copy that has drifted from its rule. order-state.test.ts checks that each one and its rule
// give the same answer for every combination of status, payment status, archive flag and stock taken.

/** holdsStock: open (neither cancelled nor archived), and its stock not yet taken (decision 002). */
export const holdsStockSql = sql`(${orders.stockTakenAt} is null and ${orders.status} <> 'Cancelled' and ${orders.isArchived} = false)`;

/**
 * isAwaitingPayment: Pending Payment, Unpaid, not archived. Written as the condition of the partial index
 * orders_awaiting_payment_date is, so the planner always matches the two.
 */
export const awaitingPaymentSql = sql`(${orders.status} = 'Pending Payment' and ${orders.paymentStatus} = 'Unpaid' and ${orders.isArchived} = false)`;

/**
 * Beside awaitingPaymentSql, whose text must stay that of the partial indexes: a pay-on-delivery order is paid at the
 * door, so the hold time never cancels it and the daily summary does not list it as waiting. mayCancelForNonPayment
 * is the same rule for one order; pay-on-delivery.test.ts checks the two agree.
 */
export const notPayOnDeliverySql = sql`not ${orders.payOnDelivery}`;

/** isPendingOrder: not archived, and Pending Payment, Processing or Out for Delivery. */
export const pendingOrderSql = sql`(${orders.isArchived} = false and ${orders.status} in ('Pending Payment', 'Processing', 'Out for Delivery'))`;

/** isSale: Delivered and Paid, archived or not. */
export const saleSql = sql`(${orders.status} = 'Delivered' and ${orders.paymentStatus} = 'Paid')`;
