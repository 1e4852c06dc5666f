import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Actor } from "~/domain/audit";
import { phoneDigits } from "~/domain/phone";
import {
  type AppliedDiscount,
  bagDiscounts,
  codeCoversBag,
  type DiscountedLine,
  normaliseCode,
  type Promotion,
  type PromotionRefusal,
  promotionRefusal,
  type PromotionRule,
  type PromotionState,
  promotionState,
  type PromotionUses,
} from "~/domain/promotions";
import type { PromotionDetails } from "~/domain/promotions.schema";
import { recordChange } from "./audit.server";
import type { Queryable, Transaction } from "./db/client.server";
import { db } from "./db/database.server";
import { orderDiscounts, orders, promotions } from "./db/schema.server";
import { publish } from "./events.server";
import { newRecordId } from "./random.server";

// Promotions (issue 24, decision 056): staff keep them on the Promotions page; checkout shows what they give and
// placeOrder applies them inside the order's transaction, with each limited promotion locked, so its limits hold
// however many shoppers use its last use at once. A promotion's uses are the discount lines of orders not cancelled.

const COLUMNS = {
  id: promotions.id,
  code: promotions.code,
  name: promotions.name,
  kind: promotions.kind,
  value: promotions.value,
  appliesTo: promotions.appliesTo,
  categoryIds: promotions.categoryIds,
  productIds: promotions.productIds,
  minSubtotalCents: promotions.minSubtotalCents,
  startsAt: promotions.startsAt,
  endsAt: promotions.endsAt,
  totalUses: promotions.totalUses,
  usesPerPhone: promotions.usesPerPhone,
  combinesWithAutomatic: promotions.combinesWithAutomatic,
  isActive: promotions.isActive,
  version: promotions.version,
};

type PromotionRow = Pick<typeof promotions.$inferSelect, keyof typeof COLUMNS>;

/** A promotion as staff edit it, with the version their form was loaded from. */
type StoredPromotion = Promotion & { version: number };

const promotionOf = (row: PromotionRow): StoredPromotion => ({
  id: row.id,
  code: row.code,
  name: row.name,
  kind: row.kind,
  value: row.value,
  scope:
    row.appliesTo === "categories"
      ? { kind: "categories", categoryIds: row.categoryIds }
      : row.appliesTo === "products"
        ? { kind: "products", productIds: row.productIds }
        : { kind: "everything" },
  minSubtotalCents: row.minSubtotalCents,
  combinesWithAutomatic: row.combinesWithAutomatic,
  isActive: row.isActive,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  totalUses: row.totalUses,
  usesPerPhone: row.usesPerPhone,
  version: row.version,
});

/** What the rule needs in the browser: a promotion's limits and dates stay on the server. */
export const ruleOf = (promotion: Promotion): PromotionRule => ({
  id: promotion.id,
  code: promotion.code,
  name: promotion.name,
  kind: promotion.kind,
  value: promotion.value,
  scope: promotion.scope,
  minSubtotalCents: promotion.minSubtotalCents,
  combinesWithAutomatic: promotion.combinesWithAutomatic,
});

/** A use is a discount line of an order that is not cancelled: a cancelled order gives its use back. */
const usedBy = and(eq(orders.id, orderDiscounts.orderId), ne(orders.status, "Cancelled"));

/** How often each of these promotions was used, in all and (given a phone) by that phone. */
async function usesOf(source: Queryable, ids: readonly string[], phone: string | null): Promise<Map<string, PromotionUses>> {
  if (ids.length === 0) return new Map();
  const digits = phone === null ? null : phoneDigits(phone);
  const rows = await source
    .select({
      promotionId: orderDiscounts.promotionId,
      total: sql<number>`count(*)::int`,
      byPhone: sql<number>`(count(*) filter (where ${orders.clientPhoneDigits} = ${digits ?? ""}))::int`,
    })
    .from(orderDiscounts)
    .innerJoin(orders, usedBy)
    .where(inArray(orderDiscounts.promotionId, [...ids]))
    .groupBy(orderDiscounts.promotionId);
  const uses = new Map(ids.map((id) => [id, { total: 0, byPhone: digits === null ? null : 0 }]));
  for (const row of rows) uses.set(row.promotionId!, { total: row.total, byPhone: digits === null ? null : row.byPhone });
  return uses;
}

/** A row of the Promotions list: the promotion, its state, its uses and the discount it gave in all. */
export type PromotionListRow = StoredPromotion & { state: PromotionState; uses: number; discountGivenCents: number };

/** Every promotion, newest first, with what orders not cancelled used of it. */
export async function listPromotions(now = new Date()): Promise<PromotionListRow[]> {
  const database = await db();
  const given = database
    .select({
      promotionId: orderDiscounts.promotionId,
      uses: sql<number>`count(*)::int`.as("uses"),
      givenCents: sql<number>`sum(${orderDiscounts.amountCents})::bigint`.as("given_cents"),
    })
    .from(orderDiscounts)
    .innerJoin(orders, usedBy)
    .groupBy(orderDiscounts.promotionId)
    .as("given");
  const rows = await database
    .select({ ...COLUMNS, uses: given.uses, givenCents: given.givenCents })
    .from(promotions)
    .leftJoin(given, eq(given.promotionId, promotions.id))
    .orderBy(sql`${promotions.createdAt} desc`, asc(promotions.id));
  return rows.map(({ uses, givenCents, ...row }) => {
    const promotion = promotionOf(row);
    const used = uses ?? 0;
    return { ...promotion, state: promotionState(promotion, now, used), uses: used, discountGivenCents: Number(givenCents ?? 0) };
  });
}

const liveAt = (now: Date) =>
  and(
    eq(promotions.isActive, true),
    or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
    or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
  );

/** The automatic offers a bag may get now: on, within their dates and not used up (the spend is checked per bag). */
export async function automaticOffers(now = new Date()): Promise<Promotion[]> {
  const database = await db();
  const rows = await database.select(COLUMNS).from(promotions).where(and(isNull(promotions.code), liveAt(now)));
  const offers = rows.map(promotionOf);
  const uses = await usesOf(database, offers.filter((offer) => offer.totalUses !== null).map((offer) => offer.id), null);
  return offers.filter((offer) => offer.totalUses === null || (uses.get(offer.id)?.total ?? 0) < offer.totalUses);
}

/**
 * Whether checkout asks for a discount code: only while some code is on and not ended (one not started yet counts,
 * so a shopper who has it is told when it starts). A shop without codes shows checkout as product.md describes it.
 */
export async function codesOffered(now = new Date()): Promise<boolean> {
  const [row] = await (await db())
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(isNotNull(promotions.code), eq(promotions.isActive, true), or(isNull(promotions.endsAt), gt(promotions.endsAt, now))))
    .limit(1);
  return row !== undefined;
}

/** A code as checkout's Apply button finds it: what it gives this bag, or why it cannot be used. */
export type CodeVerdict = { ok: true; rule: PromotionRule } | { ok: false; refusal: PromotionRefusal };

/**
 * Whether a code may be used on a bag of this subtotal now. The phone is not known yet at Apply: its own uses are
 * counted when the order is placed.
 */
export async function checkCode(code: string, lines: readonly DiscountedLine[], subtotalCents: number, now = new Date()): Promise<CodeVerdict> {
  const database = await db();
  const [row] = await database.select(COLUMNS).from(promotions).where(eq(promotions.code, normaliseCode(code)));
  if (!row) return { ok: false, refusal: { kind: "not-valid" } };
  const promotion = promotionOf(row);
  const uses = (await usesOf(database, [promotion.id], null)).get(promotion.id)!;
  const refusal = promotionRefusal(promotion, { now, subtotalCents, uses }) ?? (codeCoversBag(promotion, lines) ? null : { kind: "not-valid" as const });
  return refusal ? { ok: false, refusal } : { ok: true, rule: ruleOf(promotion) };
}

/** What an order being placed gets: its discount lines, or why the code it names cannot be used. */
export type OrderDiscounts = { ok: true; discounts: AppliedDiscount[] } | { ok: false; refusal: PromotionRefusal };

/**
 * The discounts of an order being placed, decided inside its transaction (after its products are locked). The code
 * and the automatic offers with a limit whose minimum the bag reaches are locked in id order, so two checkouts taking the last use queue, and the
 * second counts the first's use. An automatic offer the order may not use is left out; a code it may not use refuses
 * the order, so the shopper sees why before paying more than they were shown.
 */
export async function orderDiscountsFor(
  tx: Transaction,
  order: { code: string | undefined; lines: readonly DiscountedLine[]; subtotalCents: number; deliveryFeeCents: number; phone: string; now: Date },
): Promise<OrderDiscounts> {
  const code = order.code ? normaliseCode(order.code) : null;
  const rows = await tx
    .select(COLUMNS)
    .from(promotions)
    .where(and(code ? or(isNull(promotions.code), eq(promotions.code, code)) : isNull(promotions.code), liveAt(order.now)))
    .orderBy(asc(promotions.id));
  const candidates = rows.map(promotionOf);
  // The code, and the limited offers this bag reaches: an offer it cannot get is not locked, so it queues nobody.
  const limited = candidates
    .filter((p) => p.code !== null || ((p.totalUses !== null || p.usesPerPhone !== null) && order.subtotalCents >= p.minSubtotalCents))
    .map((p) => p.id);
  if (limited.length > 0) await tx.select({ id: promotions.id }).from(promotions).where(inArray(promotions.id, limited)).orderBy(asc(promotions.id)).for("update");
  const uses = await usesOf(tx, limited, order.phone);
  const mayUse = (promotion: Promotion) =>
    promotionRefusal(promotion, { now: order.now, subtotalCents: order.subtotalCents, uses: uses.get(promotion.id) ?? { total: 0, byPhone: 0 } });

  let codeRule: PromotionRule | null = null;
  if (code) {
    const promotion = candidates.find((p) => p.code === code);
    const refusal = promotion ? (mayUse(promotion) ?? (codeCoversBag(promotion, order.lines) ? null : { kind: "not-valid" as const })) : await codeRefusal(tx, code, order.now);
    if (refusal) return { ok: false, refusal };
    codeRule = ruleOf(promotion!);
  }
  const automatic = candidates.filter((p) => p.code === null && mayUse(p) === null).map(ruleOf);
  return { ok: true, discounts: bagDiscounts({ lines: order.lines, deliveryFeeCents: order.deliveryFeeCents, automatic, code: codeRule }) };
}

/** Why a code that is not live now cannot be used: unknown, off, ended or not started. */
async function codeRefusal(source: Queryable, code: string, now: Date): Promise<PromotionRefusal> {
  const [row] = await source.select(COLUMNS).from(promotions).where(eq(promotions.code, code));
  if (!row) return { kind: "not-valid" };
  return promotionRefusal(promotionOf(row), { now, subtotalCents: Number.MAX_SAFE_INTEGER, uses: { total: 0, byPhone: null } }) ?? { kind: "not-valid" };
}

/** The writes that keep an order's discount lines, in the order they were applied. */
export function discountLineWrites(tx: Transaction, orderId: string, discounts: readonly AppliedDiscount[]) {
  return discounts.length === 0
    ? []
    : [
        tx.insert(orderDiscounts).values(
          discounts.map((discount, position) => ({ orderId, position, promotionId: discount.promotionId, label: discount.label, amountCents: discount.amountCents })),
        ),
      ];
}

/** An order's discount lines, as it was placed. */
export async function discountLinesOf(source: Queryable, orderId: string): Promise<{ label: string; amountCents: number }[]> {
  return source
    .select({ label: orderDiscounts.label, amountCents: orderDiscounts.amountCents })
    .from(orderDiscounts)
    .where(eq(orderDiscounts.orderId, orderId))
    .orderBy(asc(orderDiscounts.position));
}

const detailColumns = (details: PromotionDetails) => ({
  code: details.code,
  name: details.name,
  kind: details.kind,
  value: details.value,
  appliesTo: details.scope.kind,
  categoryIds: details.scope.kind === "categories" ? [...details.scope.categoryIds] : [],
  productIds: details.scope.kind === "products" ? [...details.scope.productIds] : [],
  minSubtotalCents: details.minSubtotalCents,
  startsAt: details.startsAt,
  endsAt: details.endsAt,
  totalUses: details.totalUses,
  usesPerPhone: details.usesPerPhone,
  combinesWithAutomatic: details.combinesWithAutomatic,
});

export type PromotionChangeResult = "saved" | "missing" | "changed-meanwhile" | "code-taken";

const isCodeTaken = (error: unknown) => {
  const e = error as { code?: string; constraint?: string; message?: string; cause?: { code?: string; constraint?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  const text = `${e.constraint ?? ""} ${e.cause?.constraint ?? ""} ${e.message ?? ""} ${e.cause?.message ?? ""}`;
  return code === "23505" && text.includes("promotions_code_unique");
};

/** Adds a promotion, switched on. */
export async function createPromotion(details: PromotionDetails, actor: Actor, now = new Date()): Promise<{ ok: true; id: string } | { ok: false; problem: "code-taken" }> {
  try {
    const id = await (await db()).transaction(async (tx) => {
      const id = newRecordId();
      const fields = detailColumns(details);
      await tx.insert(promotions).values({ id, ...fields });
      await recordChange(tx, { actor, entity: "promotion", entityId: id, action: "create", after: fields, now });
      await publish(tx, "promotions", id);
      return id;
    });
    return { ok: true, id };
  } catch (error) {
    if (isCodeTaken(error)) return { ok: false, problem: "code-taken" };
    throw error;
  }
}

/** Saves a promotion's details if nobody changed it since the form was opened at `version` (decision 031). */
export function updatePromotion(id: string, details: PromotionDetails, version: number, actor: Actor, now = new Date()): Promise<PromotionChangeResult> {
  return changePromotion(id, version, actor, now, detailColumns(details));
}

/** Switches a promotion on or off: off, no bag gets it; orders placed with it keep their discount. */
export function switchPromotion(id: string, isActive: boolean, version: number, actor: Actor, now = new Date()): Promise<PromotionChangeResult> {
  return changePromotion(id, version, actor, now, { isActive });
}

/** One locked, versioned change of one promotion, logged and announced. */
async function changePromotion(
  id: string,
  version: number,
  actor: Actor,
  now: Date,
  fields: Partial<ReturnType<typeof detailColumns> & { isActive: boolean }>,
): Promise<PromotionChangeResult> {
  try {
    return await (await db()).transaction(async (tx) => {
      const [current] = await tx.select(COLUMNS).from(promotions).where(eq(promotions.id, id)).for("update");
      if (!current) return "missing";
      if (current.version !== version) return "changed-meanwhile";
      await tx
        .update(promotions)
        .set({ ...fields, version: current.version + 1 })
        .where(eq(promotions.id, id));
      await recordChange(tx, { actor, entity: "promotion", entityId: id, action: "update", before: current, after: fields, now });
      await publish(tx, "promotions", id);
      return "saved";
    });
  } catch (error) {
    if (isCodeTaken(error)) return "code-taken";
    throw error;
  }
}

/** Deletes a promotion. Orders placed with it keep their discount lines, label and amount. */
export async function deletePromotion(id: string, actor: Actor, now = new Date()): Promise<void> {
  await (
    await db()
  ).transaction(async (tx) => {
    const [current] = await tx.select(COLUMNS).from(promotions).where(eq(promotions.id, id)).for("update");
    if (!current) return;
    await tx.delete(promotions).where(eq(promotions.id, id));
    await recordChange(tx, { actor, entity: "promotion", entityId: id, action: "delete", before: current, now });
    await publish(tx, "promotions", id);
  });
}
