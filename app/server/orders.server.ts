import { and, asc, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { CheckoutProblem } from "~/domain/checkout";
import type { CheckoutInput } from "~/domain/checkout.schema";
import { checkoutConsentChange } from "~/domain/consent";
import { deliveryOptionName, mayPayOnDelivery, orderCharges } from "~/domain/delivery";
import { totalDiscountCents } from "~/domain/promotions";
import { PAY_ON_DELIVERY } from "~/domain/pay-on-delivery";
import { newOrderId, normaliseOrderId } from "~/domain/order-id";
import type { OrderStatus, PaymentStatus } from "~/domain/order-status";
import { showsRider } from "~/domain/order-status";
import { fillPlaceholders, paymentDetailsText, ussdDialLink } from "~/domain/payment";
import { phoneDigits } from "~/domain/phone";
import { type HeldUnitLimits, heldUnitsBreach, type Holder, overUnitsPerOrder, unitsPerProductPerOrder } from "~/domain/hold-limits";
import { PLACING_AN_ORDER, quantitiesByStockUnit } from "~/domain/stock";
import { sameOptions } from "~/domain/variants";
import { looksLikeTrackingId, newTrackingId, normaliseTrackingId } from "~/domain/tracking-id";
import { type OrderFacts, orderPlacedEvent } from "~/domain/order-messages";
import { notAnonymisedSql } from "./anonymise.server";
import { recordConsentChange } from "./consent.server";
import type { Queryable } from "./db/client.server";
import { db } from "./db/database.server";
import { deliveryChoices } from "./delivery.server";
import { discountLinesOf, discountLineWrites, orderDiscountsFor } from "./promotions.server";
import { orderLines, orders, riders } from "./db/schema.server";
import { publish } from "./events.server";
import { messageDocuments, orderMessageWrites } from "./order-notifications.server";
import { secureRandomInt } from "./random.server";
import { lockHolder, lockProducts, shortfall, soldOutChangedBy, tracksVariants, unitsHeldBy } from "./stock.server";

export type PlaceOrderResult = { ok: true; orderId: string } | { ok: false; problem: CheckoutProblem };

const isUniqueViolation = (error: unknown, constraint: string) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const name = e.constraint ?? e.cause?.constraint ?? String((error as Error).message ?? "");
  return code === "23505" && name.includes(constraint);
};

/** The order a checkout form with this one-time key already placed, if any. */
export async function orderIdForKey(key: string): Promise<string | undefined> {
  const [row] = await (await db()).select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key));
  return row?.id;
}

/** A shopper's checkout: who holds its units, and the most unpaid orders may hold (decision 043). */
export type CheckoutFrom = { holder: Holder; limits: HeldUnitLimits };

/**
 * Places an order from a bag (product.md §4): re-reads and locks every product, prices from the database (a variant's
 * own price where it has one), checks visibility, options, the units one order may take and available stock of each
 * product or variant (decision 049), and writes the order and its lines in one
 * transaction, so two checkouts can never both take the last unit. A shopper's checkout (`from`) also counts what
 * unpaid orders of the same phone number and network hold (decision 043). The same idempotency key always yields
 * the same order.
 */
export async function placeOrder(input: CheckoutInput, now = new Date(), from?: CheckoutFrom): Promise<PlaceOrderResult> {
  const documents = await messageDocuments();
  const method = documents.settings.paymentMethods.find((m) => m.enabled && m.name === input.paymentMethod);
  // Pay on delivery is not one of the settings' methods: whether it applies is known once the total is (decision 054).
  const payOnDelivery = !method && input.paymentMethod === PAY_ON_DELIVERY;
  if (!method && !payOnDelivery) return { ok: false, problem: { kind: "payment-method" } };
  // A shop with delivery options switched on must be told one of them; a form cannot name one switched off, and
  // its fee is the shop's, never the form's (issue 23).
  const choices = await deliveryChoices();
  const delivery = choices.find((choice) => choice.id === input.delivery) ?? null;
  if (choices.length > 0 && !delivery) return { ok: false, problem: { kind: "delivery" } };

  try {
    return await (
      await db()
    ).transaction(async (tx): Promise<PlaceOrderResult> => {
      if (from) await lockHolder(tx, from.holder);
      // Locked in id order, so concurrent checkouts of overlapping bags queue instead of deadlocking.
      const locked = await lockProducts(tx, [...new Set(input.bag.map((line) => line.productId))]);
      // A resubmission finds its order: at the insert (the key is unique) or, when the stock the first
      // submission took makes it look refused, here, so the check costs nothing on the usual path.
      const refuse = async (problem: CheckoutProblem): Promise<PlaceOrderResult> => {
        const [placed] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
        return placed ? { ok: true, orderId: placed.id } : { ok: false, problem };
      };

      const lines = [];
      for (const [position, line] of input.bag.entries()) {
        const product = locked.products.get(line.productId);
        if (!product || !product.isVisible) {
          return refuse({ kind: "unavailable", productName: product?.name ?? "An item in your bag" });
        }
        const sizeOk = product.sizes.length === 0 ? line.size === "" : product.sizes.includes(line.size);
        const colorOk = product.colors.length === 0 ? line.color === "" : product.colors.includes(line.color);
        const variant = product.variants.find((v) => sameOptions(v, line));
        if (!sizeOk || !colorOk || (product.variants.length > 0 && !variant))
          return refuse({ kind: "option-gone", productName: product.name });
        lines.push({
          position,
          productId: product.id,
          categoryId: product.categoryId,
          name: product.name,
          image: product.image,
          unitPriceCents: variant?.priceCents ?? product.priceCents,
          size: line.size,
          color: line.color,
          quantity: line.quantity,
        });
      }
      const wanted = quantitiesByStockUnit(lines, tracksVariants(locked));
      const names = new Map([...locked.units].map(([unit, { name }]) => [unit, name]));
      const tooMany = overUnitsPerOrder(new Map(wanted), names, unitsPerProductPerOrder(documents.settings));
      if (tooMany) return refuse({ kind: "too-many", ...tooMany });
      const short = shortfall(locked, wanted);
      if (short) return refuse({ kind: "sold-out", ...short });
      if (from) {
        const units = wanted.reduce((sum, [, quantity]) => sum + quantity, 0);
        const breach = heldUnitsBreach(units, await unitsHeldBy(tx, from.holder), from.limits);
        if (breach) return refuse({ kind: breach === "phone" ? "held-by-phone" : "held-by-network" });
      }

      // Promotions are decided here, after the products are locked: a form cannot choose its own discount (issue 24).
      const beforeDiscount = orderCharges(lines, delivery);
      const promoted = await orderDiscountsFor(tx, {
        code: input.code,
        lines,
        subtotalCents: beforeDiscount.subtotalCents,
        deliveryFeeCents: beforeDiscount.deliveryFeeCents,
        phone: input.phone,
        now,
      });
      if (!promoted.ok) return refuse({ kind: "promotion", refusal: promoted.refusal });
      const orderId = newOrderId(secureRandomInt);
      const charges = orderCharges(lines, delivery, totalDiscountCents(promoted.discounts));
      if (payOnDelivery && !(delivery && mayPayOnDelivery(delivery, charges.totalCents))) return refuse({ kind: "pay-on-delivery" });
      const paymentMethod = method?.name ?? PAY_ON_DELIVERY;
      const facts: OrderFacts = {
        id: orderId,
        trackingId: newTrackingId(secureRandomInt),
        clientName: input.name,
        clientPhone: input.phone,
        totalCents: charges.totalCents,
        delivery: delivery ? deliveryOptionName(delivery) : "",
        deliveryFeeCents: charges.deliveryFeeCents,
        paymentMethod,
        payOnDelivery,
        status: "Pending Payment",
        paymentStatus: "Unpaid",
        riderId: null,
      };
      const order = tx.insert(orders).values({
        id: orderId,
        trackingId: facts.trackingId,
        clientName: input.name,
        clientAddress: input.address,
        clientPhone: input.phone,
        totalCents: facts.totalCents,
        deliveryFeeCents: charges.deliveryFeeCents,
        discountCents: charges.discountCents,
        delivery: delivery ? deliveryOptionName(delivery) : "",
        paymentMethod,
        payOnDelivery,
        idempotencyKey: input.idempotencyKey,
        orderDate: now,
        updatedAt: now,
        clientNetwork: from?.holder.network ?? null,
      });
      // The order, its lines, its messages and its announcement in one statement (foreign keys are checked at
      // its end), so checkout pays one round trip for all of them.
      await publish(tx, "orders", orderId, [
        order,
        tx.insert(orderLines).values(lines.map(({ categoryId: _categoryId, ...line }) => ({ ...line, orderId }))),
        ...discountLineWrites(tx, orderId, promoted.discounts),
        ...orderMessageWrites(tx, facts, orderPlacedEvent(orderId), { lines, discounts: promoted.discounts }, documents, now),
      ]);
      // Consent to marketing is kept only with an order that was placed (issue 25).
      const consent = checkoutConsentChange(input.marketing === true, now);
      if (consent) await recordConsentChange(tx, phoneDigits(input.phone), consent);
      // Shop pages show only whether a product is in stock: they are dropped when this order sells one out.
      if (soldOutChangedBy(locked, wanted, PLACING_AN_ORDER)) await publish(tx, "products");
      return { ok: true, orderId };
    });
  } catch (error) {
    // The same form submitted twice at once: the second insert meets the first's key.
    if (isUniqueViolation(error, "orders_idempotency_key_unique")) {
      const orderId = await orderIdForKey(input.idempotencyKey);
      if (orderId) return { ok: true, orderId };
    }
    throw error;
  }
}

export type OrderLineView = {
  productId: string | null;
  name: string;
  image: string | null;
  unitPriceCents: number;
  size: string;
  color: string;
  quantity: number;
};

export type OrderView = {
  id: string;
  trackingId: string;
  clientName: string;
  clientAddress: string;
  clientPhone: string;
  totalCents: number;
  /** The delivery the order was placed with, and its fee; '' and 0 when the shop offered no choice. */
  delivery: string;
  deliveryFeeCents: number;
  /** The order's discount lines (issue 24) and their sum; none and 0 without promotions. */
  discountCents: number;
  discounts: { label: string; amountCents: number }[];
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  isArchived: boolean;
  paymentMethod: string;
  /** Paid to the rider at the door (decision 054). */
  payOnDelivery: boolean;
  orderDate: Date;
  riderName: string | null;
  lines: OrderLineView[];
};

/** An order's lines, in the order they were placed. */
export function orderLinesOf(source: Queryable, orderId: string): Promise<OrderLineView[]> {
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

/** The columns of an order that the shopper's pages and the staff's order details show. */
export const orderViewColumns = {
  id: orders.id,
  trackingId: orders.trackingId,
  clientName: orders.clientName,
  clientAddress: orders.clientAddress,
  clientPhone: orders.clientPhone,
  totalCents: orders.totalCents,
  deliveryFeeCents: orders.deliveryFeeCents,
  discountCents: orders.discountCents,
  delivery: orders.delivery,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  isArchived: orders.isArchived,
  paymentMethod: orders.paymentMethod,
  payOnDelivery: orders.payOnDelivery,
  orderDate: orders.orderDate,
};

async function orderWhere(condition: SQL | undefined): Promise<OrderView | undefined> {
  const database = await db();
  const [row] = await database
    .select({ order: orderViewColumns, riderName: riders.name })
    .from(orders)
    .leftJoin(riders, eq(riders.id, orders.riderId))
    .where(condition);
  if (!row) return undefined;
  return {
    ...row.order,
    // product.md §2: the rider's name shows once the order is out for delivery or later.
    riderName: showsRider(row.order.status) ? (row.riderName ?? null) : null,
    lines: await orderLinesOf(database, row.order.id),
    // Read only for an order that has them: most have none.
    discounts: row.order.discountCents > 0 ? await discountLinesOf(database, row.order.id) : [],
  };
}

export function orderById(id: string): Promise<OrderView | undefined> {
  return orderWhere(eq(orders.id, normaliseOrderId(id)));
}

/** The public tracking page's order; an anonymised one is not found (decision 058). */
export function orderByTrackingId(trackingId: string): Promise<OrderView | undefined> {
  return orderWhere(and(eq(orders.trackingId, normaliseTrackingId(trackingId)), notAnonymisedSql));
}

/** The ids of the orders named by order id or tracking id (any case); keys that name no order are left out. */
export async function orderIdsByKeys(keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const byKey = or(inArray(orders.id, keys.map(normaliseOrderId)), inArray(orders.trackingId, keys.map(normaliseTrackingId)));
  const rows = await (await db()).select({ id: orders.id }).from(orders).where(byKey);
  return rows.map((row) => row.id);
}

/** How to pay for one order, as its payment page shows it. */
export type OrderPayment = {
  methodName: string;
  instructions: string;
  /** The method's fields with {{ORDER_ID}} and {{CLIENT_NAME}} filled in. */
  details: { id: string; label: string; value: string }[];
  /** What 'Copy Details' copies. */
  detailsText: string;
  /** 'Pay with M-Pesa' dials the method's USSD code, when it has one. */
  dialLink: string | null;
};

/**
 * An order and how to pay for it, with the order's method as Site Settings describe it today (so a corrected
 * paybill number reaches shoppers who have not paid yet). A method no longer in the settings gives none.
 */
export async function orderPayment(orderId: string): Promise<{ order: OrderView; payment: OrderPayment | null } | undefined> {
  const order = await orderById(orderId);
  if (!order) return undefined;
  // Paid at the door: the payment page says so instead of any method's instructions.
  if (order.payOnDelivery) return { order, payment: null };
  const documents = await messageDocuments();
  const method = documents.settings.paymentMethods.find((m) => m.name === order.paymentMethod);
  if (!method) return { order, payment: null };
  const placeholders = { orderId: order.id, clientName: order.clientName };
  return {
    order,
    payment: {
      methodName: method.name,
      instructions: fillPlaceholders(method.instructions, placeholders),
      details: method.fields
        .filter((field) => field.label.trim() || field.value.trim())
        .map((field) => ({ id: field.id, label: field.label, value: fillPlaceholders(field.value, placeholders) })),
      detailsText: paymentDetailsText(method, { ...placeholders, totalCents: order.totalCents }),
      dialLink: method.ussdCode ? ussdDialLink(method.ussdCode) : null,
    },
  };
}

export type OrderLookup = { kind: "tracking"; trackingId: string } | { kind: "phone"; phone: string } | { kind: "none" };

/**
 * The /track form (product.md §2 Tracking): tries the input as a tracking id (any case), then as an order id, then
 * as a phone number (spaces ignored).
 */
export async function lookUpOrder(input: string): Promise<OrderLookup> {
  const text = input.trim();
  if (!text) return { kind: "none" };
  const database = await db();
  if (looksLikeTrackingId(text)) {
    const [row] = await database
      .select({ trackingId: orders.trackingId })
      .from(orders)
      .where(and(eq(orders.trackingId, normaliseTrackingId(text)), notAnonymisedSql));
    if (row) return { kind: "tracking", trackingId: row.trackingId };
  }
  const [byId] = await database
    .select({ trackingId: orders.trackingId })
    .from(orders)
    .where(and(eq(orders.id, normaliseOrderId(text)), notAnonymisedSql));
  if (byId) return { kind: "tracking", trackingId: byId.trackingId };
  const digits = phoneDigits(text);
  if (digits.length >= 9 && digits.length === text.replace(/[\s+()-]/g, "").length) {
    const [byPhone] = await database.select({ id: orders.id }).from(orders).where(eq(orders.clientPhoneDigits, digits)).limit(1);
    if (byPhone) return { kind: "phone", phone: `+${digits}` };
  }
  return { kind: "none" };
}

export type PhoneOrderCard = { id: string; trackingId: string; orderDate: Date; status: OrderStatus; totalCents: number };

/** A phone number's orders, newest first (product.md §2 /orders-by-phone). */
export async function ordersByPhone(phone: string): Promise<PhoneOrderCard[]> {
  const digits = phoneDigits(phone);
  if (digits.length < 9) return [];
  return (await db())
    .select({
      id: orders.id,
      trackingId: orders.trackingId,
      orderDate: orders.orderDate,
      status: orders.status,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(and(eq(orders.clientPhoneDigits, digits)))
    .orderBy(desc(orders.orderDate))
    .limit(100);
}
