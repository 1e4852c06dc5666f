import { type BagLine, lineOffer, type ProductOffer } from "./bag";
import { formatKsh } from "./money";

// Promotions (issue 24, decision 056): discount codes and automatic offers. Every rule about what a promotion gives
// and when it may be used is here, so checkout's summary (in the browser) and placeOrder (inside the order's
// transaction) agree on every shilling. A promotion never gives more than the lines it covers, or than the fee.

export const PROMOTION_KINDS = ["percent", "amount", "free-delivery"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const PROMOTION_KIND_LABELS: Record<PromotionKind, string> = {
  percent: "Percent off",
  amount: "Amount off",
  "free-delivery": "Free delivery",
};

/** What a promotion's percentage or amount applies to. Free delivery applies to the delivery fee alone. */
export type PromotionScope =
  | { kind: "everything" }
  | { kind: "categories"; categoryIds: readonly string[] }
  | { kind: "products"; productIds: readonly string[] };

/** What a promotion gives, as checkout needs it to work out a bag's discount. */
export type PromotionRule = {
  id: string;
  /** Capitals and digits; null for an automatic offer, applied to every bag that qualifies. */
  code: string | null;
  /** What the summary calls an automatic offer ("Madaraka Day sale"); a code is called by its code. */
  name: string;
  kind: PromotionKind;
  /** Percent off: 1–100; Amount off: cents, whole shillings; Free delivery: unused (0). */
  value: number;
  scope: PromotionScope;
  minSubtotalCents: number;
  /** A code that may be used together with the automatic offer the bag gets. */
  combinesWithAutomatic: boolean;
};

/** When and how often a promotion may be used. */
type PromotionLimits = {
  isActive: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  totalUses: number | null;
  usesPerPhone: number | null;
};

export type Promotion = PromotionRule & PromotionLimits;

/** A line of a bag or an order, as a promotion sees it. */
export type DiscountedLine = { productId: string; categoryId: string | null; unitPriceCents: number; quantity: number };

/**
 * A bag's lines at today's prices (a variant's own, where it has one), as promotions see them; a line whose product
 * is not known (still loading, or gone) is left out, as it is left out of the total shown.
 */
export function pricedBagLines(
  bag: readonly BagLine[],
  productOf: (productId: string) => (ProductOffer & { categoryId: string | null }) | undefined,
): DiscountedLine[] {
  return bag.flatMap((line) => {
    const product = productOf(line.productId);
    return product ? [{ productId: line.productId, categoryId: product.categoryId, unitPriceCents: lineOffer(product, line).priceCents, quantity: line.quantity }] : [];
  });
}

/** One discount line of an order: "Discount (EASTER10)", and how much it takes off. */
export type AppliedDiscount = { promotionId: string; label: string; amountCents: number };

/** Codes are letters and digits, case-insensitive; they are kept and compared in capitals. */
export const normaliseCode = (code: string): string => code.trim().toUpperCase();
export const CODE_PATTERN = /^[A-Z0-9]{3,30}$/;

/** What the order's discount line names: the code, or an automatic offer's name. */
const discountLabel = (promotion: Pick<PromotionRule, "code" | "name">): string => promotion.code ?? promotion.name;

/** A discount line as the summary, the payment page and the order's messages show it: "Discount (EASTER10)". */
export const discountLineName = (label: string): string => `Discount (${label})`;

/** Why a code cannot be used, in the words the shopper reads (issue 24). */
export type PromotionRefusal =
  | { kind: "not-valid" }
  | { kind: "expired" }
  | { kind: "not-yet" }
  | { kind: "min-spend"; minSubtotalCents: number }
  | { kind: "used-up" }
  | { kind: "used-by-phone" };

export function promotionRefusalMessage(refusal: PromotionRefusal): string {
  switch (refusal.kind) {
    case "not-valid":
      return "This code is not valid.";
    case "expired":
      return "This code has expired.";
    case "not-yet":
      return "This code is not active yet.";
    case "min-spend":
      return `Spend ${formatKsh(refusal.minSubtotalCents)} to use this code.`;
    case "used-up":
      return "This code has been used up.";
    case "used-by-phone":
      return "You have already used this code.";
  }
}

/** How often a promotion was used: by every order not cancelled, and by those of the phone placing one (when known). */
export type PromotionUses = { total: number; byPhone: number | null };

/**
 * Why a promotion cannot be used on a bag of this subtotal now, or null when it can. The dates come first (an ended
 * code is "expired" even when also used up), then the uses, then the spend, then the phone's own uses.
 */
export function promotionRefusal(promotion: Promotion, at: { now: Date; subtotalCents: number; uses: PromotionUses }): PromotionRefusal | null {
  if (!promotion.isActive) return { kind: "not-valid" };
  if (promotion.endsAt && at.now >= promotion.endsAt) return { kind: "expired" };
  if (promotion.startsAt && at.now < promotion.startsAt) return { kind: "not-yet" };
  if (promotion.totalUses !== null && at.uses.total >= promotion.totalUses) return { kind: "used-up" };
  if (at.subtotalCents < promotion.minSubtotalCents) return { kind: "min-spend", minSubtotalCents: promotion.minSubtotalCents };
  if (promotion.usesPerPhone !== null && at.uses.byPhone !== null && at.uses.byPhone >= promotion.usesPerPhone) return { kind: "used-by-phone" };
  return null;
}

export type PromotionState = "off" | "scheduled" | "active" | "ended" | "used up";

/** The state the Promotions list shows. */
export function promotionState(promotion: Promotion, now: Date, uses: number): PromotionState {
  if (!promotion.isActive) return "off";
  if (promotion.endsAt && now >= promotion.endsAt) return "ended";
  if (promotion.totalUses !== null && uses >= promotion.totalUses) return "used up";
  if (promotion.startsAt && now < promotion.startsAt) return "scheduled";
  return "active";
}

const covers = (scope: PromotionScope, line: DiscountedLine): boolean =>
  scope.kind === "everything" ||
  (scope.kind === "categories" && line.categoryId !== null && scope.categoryIds.includes(line.categoryId)) ||
  (scope.kind === "products" && scope.productIds.includes(line.productId));

const wholeShillingsDown = (cents: number) => Math.max(0, Math.floor(cents / 100) * 100);

/** What is left to discount: each line's amount, and the delivery fee. */
type Remaining = { lines: number[]; deliveryFeeCents: number };

/**
 * What one promotion takes off what is left, in whole shillings rounded down (a shop never gives away a part of a
 * shilling it did not mean to), and what is left after it. A percentage applies to the lines it covers only; an
 * amount is taken from the covered lines in bag order and never takes a line below zero.
 */
function takeDiscount(rule: PromotionRule, lines: readonly DiscountedLine[], left: Remaining): { amountCents: number; left: Remaining } {
  if (rule.kind === "free-delivery") return { amountCents: left.deliveryFeeCents, left: { ...left, deliveryFeeCents: 0 } };
  const covered = lines.map((line, index) => (covers(rule.scope, line) ? (left.lines[index] ?? 0) : 0));
  const coveredCents = covered.reduce((sum, cents) => sum + cents, 0);
  const wanted = rule.kind === "percent" ? (coveredCents * Math.min(100, Math.max(0, rule.value))) / 100 : Math.max(0, rule.value);
  const amountCents = wholeShillingsDown(Math.min(wanted, coveredCents));
  let toTake = amountCents;
  const linesLeft = left.lines.map((cents, index) => {
    const taken = Math.min(covered[index] ?? 0, toTake);
    toTake -= taken;
    return cents - taken;
  });
  return { amountCents, left: { lines: linesLeft, deliveryFeeCents: left.deliveryFeeCents } };
}

/** What one promotion alone would take off a bag. */
export function discountCents(rule: PromotionRule, lines: readonly DiscountedLine[], deliveryFeeCents: number): number {
  return takeDiscount(rule, lines, { lines: lines.map((line) => line.unitPriceCents * line.quantity), deliveryFeeCents }).amountCents;
}

/**
 * A bag's discount lines: the automatic offer giving the most (the first listed on a tie) and the code, applied in
 * that order to what the first left. A code that does not combine with automatic offers replaces the offer: the
 * shopper asked for it, and sees the total before placing. Offers and codes giving nothing are left out.
 */
export function bagDiscounts(input: {
  lines: readonly DiscountedLine[];
  deliveryFeeCents: number;
  /** The automatic offers the bag may use now (promotionRefusal said none). */
  automatic: readonly PromotionRule[];
  code: PromotionRule | null;
}): AppliedDiscount[] {
  const { lines, deliveryFeeCents, code } = input;
  let best: { rule: PromotionRule; amountCents: number } | null = null;
  for (const rule of input.automatic) {
    const amountCents = discountCents(rule, lines, deliveryFeeCents);
    if (amountCents > 0 && (!best || amountCents > best.amountCents)) best = { rule, amountCents };
  }
  const applied = [code && !code.combinesWithAutomatic ? null : best?.rule, code].filter((rule): rule is PromotionRule => rule != null);
  let left: Remaining = { lines: lines.map((line) => line.unitPriceCents * line.quantity), deliveryFeeCents };
  const discounts: AppliedDiscount[] = [];
  for (const rule of applied) {
    const taken = takeDiscount(rule, lines, left);
    left = taken.left;
    if (taken.amountCents > 0) discounts.push({ promotionId: rule.id, label: discountLabel(rule), amountCents: taken.amountCents });
  }
  return discounts;
}

/**
 * Whether a code gives this bag anything: a percentage or an amount must cover one of its lines. A free-delivery
 * code is good before a delivery is chosen; it gives what the chosen delivery costs.
 */
export function codeCoversBag(rule: PromotionRule, lines: readonly DiscountedLine[]): boolean {
  return rule.kind === "free-delivery" || discountCents(rule, lines, 0) > 0;
}

/** The sum of an order's discount lines. */
export const totalDiscountCents = (discounts: readonly Pick<AppliedDiscount, "amountCents">[]): number =>
  discounts.reduce((sum, discount) => sum + discount.amountCents, 0);

/** How the Promotions list describes what a promotion gives: "10% off", "KSH 500 off", "Free delivery". */
export function promotionOfferText(rule: Pick<PromotionRule, "kind" | "value">): string {
  if (rule.kind === "percent") return `${rule.value}% off`;
  if (rule.kind === "amount") return `${formatKsh(rule.value)} off`;
  return "Free delivery";
}
