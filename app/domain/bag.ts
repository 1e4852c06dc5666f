import { sameOptions, type VariantOptions, variantLabel } from "./variants";

/** One line of the shopper's bag; a line is identified by product, size and colour together (product.md §3). */
export type BagLine = { productId: string; size: string; color: string; quantity: number };

/** What identifies a bag line: the same product in another size or colour is another line. */
export type BagLineIdentity = Omit<BagLine, "quantity">;

/** The browser's local-storage key the bag is saved under. */
export const BAG_STORAGE_KEY = "duka-bag";

/** The most of one line a bag holds, so a stored bag always passes `bagFrom`. */
export const MAX_LINE_QUANTITY = 99;

/** The most lines a bag holds; more than any real shopper needs, and it bounds what storage can smuggle in. */
export const MAX_BAG_LINES = 100;
/** The longest product id, size or colour a saved line may hold. */
const MAX_BAG_TEXT = 100;

/** Logged when the stored bag cannot be read (product.md §8). */
export const BAG_PARSE_WARNING = "Could not parse cart from localStorage";

/** Lines are the same when product id, size and colour all match (product.md §3). */
export function sameBagLine(a: BagLineIdentity, b: BagLineIdentity): boolean {
  return a.productId === b.productId && a.size === b.size && a.color === b.color;
}

/** Whole units, at most MAX_LINE_QUANTITY; anything below one (or not a number) means none. */
function boundedQuantity(quantity: number): number {
  if (Number.isNaN(quantity)) return 0;
  return Math.max(0, Math.min(Math.floor(quantity), MAX_LINE_QUANTITY));
}

/**
 * What is left for a line to take: `available` of its stock unit (stock less what open orders hold), and whether that
 * unit is the line's own variant (`tracksVariants`, decision 049) or the product, which its other sizes and colours
 * share.
 */
export type LineStock = { available: number; tracksVariants: boolean };

const UNLIMITED: LineStock = { available: MAX_LINE_QUANTITY, tracksVariants: false };

/**
 * Adding a line already in the bag (same product, size and colour) adds to it; otherwise the line is appended
 * (product.md §4). A line never holds more than is left for it (`stock`, see mostOfLine) nor more than
 * MAX_LINE_QUANTITY; when it already does, the bag is unchanged.
 */
export function addToBag(bag: readonly BagLine[], line: BagLineIdentity, quantity = 1, stock: LineStock = UNLIMITED): BagLine[] {
  const added = boundedQuantity(quantity);
  const existing = bag.find((l) => sameBagLine(l, line));
  const wanted = Math.min(boundedQuantity((existing?.quantity ?? 0) + added), mostOfLine(bag, line, stock));
  if (added === 0 || wanted <= (existing?.quantity ?? 0)) return [...bag];
  if (!existing) return [...bag, { productId: line.productId, size: line.size, color: line.color, quantity: wanted }];
  return bag.map((l) => (l === existing ? { ...l, quantity: wanted } : l));
}

/**
 * What the product page says when a line already holds all that is left of its product, or all that one order may
 * take of it (`perOrderLimit`, decision 043).
 */
export const allInBagMessage = (left: number, perOrderLimit = false) =>
  perOrderLimit
    ? `You can order at most ${left} at a time, and ${left === 1 ? "it is" : "they are"} in your bag.`
    : left === 1
      ? "The last one is already in your bag."
      : `All ${left} left are already in your bag.`;

/**
 * What a bag line says when it holds more than can be bought; `variant` names the size and colour when the line's
 * variant keeps stock of its own: "Only 2 left in M, Indigo".
 */
export const overLineMessage = (available: number, perOrderLimit: boolean, variant = "") =>
  available === 0
    ? "Sold out"
    : perOrderLimit
      ? `At most ${available} per order`
      : variant === ""
        ? `Only ${available} left`
        : `Only ${available} left in ${variant}`;

/**
 * The most a line may hold: what the shop has left for it (`available`, stock less what open orders hold), never
 * more than MAX_LINE_QUANTITY. A product that sells from one stock shares it among its sizes and colours, so the
 * bag's other lines of that product take their part first; a variant with stock of its own shares it with nobody.
 */
export function mostOfLine(bag: readonly BagLine[], line: BagLineIdentity, { available, tracksVariants }: LineStock): number {
  const others = tracksVariants
    ? 0
    : bag.filter((l) => l.productId === line.productId && !sameBagLine(l, line)).reduce((count, l) => count + l.quantity, 0);
  return Math.max(0, Math.min(MAX_LINE_QUANTITY, available - others));
}

/**
 * Sets a line's quantity, never above what is available for it (mostOfLine); 0 or less removes the line
 * (product.md §4), and so does lowering a line of a product that has sold out.
 */
export function setQuantity(bag: readonly BagLine[], target: BagLineIdentity, quantity: number, stock: LineStock): BagLine[] {
  const wanted = Math.min(boundedQuantity(quantity), mostOfLine(bag, target, stock));
  if (wanted === 0) return removeFromBag(bag, target);
  return bag.map((l) => (sameBagLine(l, target) ? { ...l, quantity: wanted } : l));
}

/** Takes a line out of the bag. */
export function removeFromBag(bag: readonly BagLine[], target: BagLineIdentity): BagLine[] {
  return bag.filter((l) => !sameBagLine(l, target));
}

/** Empties the bag, as after placing an order (product.md §4). */
export function clearBag(): BagLine[] {
  return [];
}

/** The number shown on the bag icon: every unit of every line. */
export function bagItemCount(bag: readonly BagLine[]): number {
  return bag.reduce((count, line) => count + line.quantity, 0);
}

/**
 * The bag's subtotal in cents at today's prices, each line at its own (a variant's price when it has one). A line
 * whose product is no longer sold counts nothing; the server re-prices everything at checkout anyway.
 */
export function bagSubtotalCents(bag: readonly BagLine[], unitPriceCentsOf: (line: BagLine) => number | undefined): number {
  return bag.reduce((sum, line) => sum + (unitPriceCentsOf(line) ?? 0) * line.quantity, 0);
}

/** How many of a product or variant can still be bought, up to what one order may take (`perOrderLimit`, decision 043). */
type Availability = { available: number; perOrderLimit: boolean };

/** What the shop sells a product at today, as the bag is told: its price and stock, and its variants' when it has any. */
export type ProductOffer = Availability & {
  priceCents: number;
  variants: readonly (VariantOptions & Availability & { priceCents: number })[];
};

/** What the shop sells one line at: its unit price and what is left for it, and how its messages name it. */
export type LineOffer = Availability & LineStock & { priceCents: number; variant: string };

/**
 * A line's own price and stock (decision 049): its variant's when the product keeps stock per variant, where a size
 * and colour the product no longer has is sold out; else the product's, shared by its sizes and colours.
 */
export function lineOffer(product: ProductOffer, line: BagLineIdentity): LineOffer {
  if (product.variants.length === 0) {
    const { priceCents, available, perOrderLimit } = product;
    return { priceCents, available, perOrderLimit, tracksVariants: false, variant: "" };
  }
  const variant = product.variants.find((v) => sameOptions(v, line));
  return {
    priceCents: variant?.priceCents ?? product.priceCents,
    available: variant?.available ?? 0,
    perOrderLimit: variant?.perOrderLimit ?? false,
    tracksVariants: true,
    variant: variantLabel(line),
  };
}

const isBoundedText = (value: unknown, min: number): value is string =>
  typeof value === "string" && value.length >= min && value.length <= MAX_BAG_TEXT;

/**
 * A bag line from data the shopper controls (the browser's storage, a posted form), or undefined when it is not
 * one: every text bounded, the quantity a whole number from 1 to MAX_LINE_QUANTITY; other fields are dropped.
 */
function bagLineFrom(value: unknown): BagLine | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { productId, size, color, quantity } = value as Record<string, unknown>;
  if (!isBoundedText(productId, 1) || !isBoundedText(size, 0) || !isBoundedText(color, 0)) return undefined;
  if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) return undefined;
  return { productId, size, color, quantity };
}

/**
 * A bag from data the shopper controls: at most MAX_BAG_LINES lines, each one bagLineFrom accepts; otherwise
 * undefined. The one check of a bag: the browser reads its stored bag with it, and the checkout form's schema
 * reads the posted one with it. Written by hand, as a schema would bring its library into every shopper's
 * browser (decision 007).
 */
export function bagFrom(value: unknown): BagLine[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_BAG_LINES) return undefined;
  const lines = value.map(bagLineFrom);
  return lines.every((line): line is BagLine => line !== undefined) ? lines : undefined;
}

/**
 * Restores the bag saved in the browser. Nothing saved gives an empty bag; anything unreadable gives an empty
 * bag and a warning (product.md §3, §8). Repeated lines are merged.
 */
export function readStoredBag(raw: string | null, warn: (message: string) => void): BagLine[] {
  if (raw === null) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    warn(BAG_PARSE_WARNING);
    return [];
  }
  const lines = bagFrom(stored);
  if (!lines) {
    warn(BAG_PARSE_WARNING);
    return [];
  }
  return lines.reduce<BagLine[]>((bag, line) => addToBag(bag, line, line.quantity), []);
}
