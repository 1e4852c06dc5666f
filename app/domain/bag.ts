
/** One line of the shopper's bag; a line is identified by product, size and colour together (SPEC §3). */
export type BagLine = { productId: string; size: string; color: string; quantity: number };

/** What identifies a bag line: the same product in another size or colour is another line. */
export type BagLineIdentity = Omit<BagLine, "quantity">;

/** The browser's local-storage key the bag is saved under. */
export const BAG_STORAGE_KEY = "duka-bag";

/** The most of one line a bag holds, so a stored bag always passes `bagSchema`. */
export const MAX_LINE_QUANTITY = 99;

/** The most lines a bag holds; more than any real shopper needs, and it bounds what storage can smuggle in. */
export const MAX_BAG_LINES = 100;
/** The longest product id, size or colour a saved line may hold. */
export const MAX_BAG_TEXT = 100;

/** Logged when the stored bag cannot be read (SPEC §8). */
export const BAG_PARSE_WARNING = "Could not parse cart from localStorage";

/** Lines are the same when product id, size and colour all match (SPEC §3). */
export function sameBagLine(a: BagLineIdentity, b: BagLineIdentity): boolean {
  return a.productId === b.productId && a.size === b.size && a.color === b.color;
}

/** Whole units, at most MAX_LINE_QUANTITY; anything below one (or not a number) means none. */
function boundedQuantity(quantity: number): number {
  if (Number.isNaN(quantity)) return 0;
  return Math.max(0, Math.min(Math.floor(quantity), MAX_LINE_QUANTITY));
}

/**
 * Adding a line already in the bag (same product, size and colour) adds to it; otherwise the line is appended
 * (SPEC §4). Quantities stop at MAX_LINE_QUANTITY.
 */
export function addToBag(bag: readonly BagLine[], line: BagLineIdentity, quantity = 1): BagLine[] {
  const added = boundedQuantity(quantity);
  if (added === 0) return [...bag];
  const existing = bag.find((l) => sameBagLine(l, line));
  if (!existing) {
    return [...bag, { productId: line.productId, size: line.size, color: line.color, quantity: added }];
  }
  return bag.map((l) => (l === existing ? { ...l, quantity: boundedQuantity(l.quantity + added) } : l));
}

/** Sets a line's quantity; 0 or less removes the line (SPEC §4). */
export function setQuantity(bag: readonly BagLine[], target: BagLineIdentity, quantity: number): BagLine[] {
  const wanted = boundedQuantity(quantity);
  if (wanted === 0) return removeFromBag(bag, target);
  return bag.map((l) => (sameBagLine(l, target) ? { ...l, quantity: wanted } : l));
}

/** Takes a line out of the bag. */
export function removeFromBag(bag: readonly BagLine[], target: BagLineIdentity): BagLine[] {
  return bag.filter((l) => !sameBagLine(l, target));
}

/** Empties the bag, as after placing an order (SPEC §4). */
export function clearBag(): BagLine[] {
  return [];
}

/** The number shown on the bag icon: every unit of every line. */
export function bagItemCount(bag: readonly BagLine[]): number {
  return bag.reduce((count, line) => count + line.quantity, 0);
}

/**
 * The bag's subtotal in cents at today's prices. A line whose product is no longer sold counts nothing; the
 * server re-prices everything at checkout anyway.
 */
export function bagSubtotalCents(
  bag: readonly BagLine[],
  unitPriceCentsOf: (productId: string) => number | undefined,
): number {
  return bag.reduce((sum, line) => sum + (unitPriceCentsOf(line.productId) ?? 0) * line.quantity, 0);
}

const isBoundedText = (value: unknown, min: number): value is string =>
  typeof value === "string" && value.length >= min && value.length <= MAX_BAG_TEXT;

/** One saved line; storage is shopper-controlled, so everything is bounded. */
export function isStoredBagLine(value: unknown): value is BagLine {
  if (typeof value !== "object" || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    isBoundedText(line.productId, 1) &&
    isBoundedText(line.size, 0) &&
    isBoundedText(line.color, 0) &&
    Number.isInteger(line.quantity) &&
    (line.quantity as number) >= 1 &&
    (line.quantity as number) <= MAX_LINE_QUANTITY
  );
}

// Checked by hand rather than with a schema library: this runs in every shopper's browser, where every
// kilobyte of JavaScript counts. The server checks the same shape again at checkout (bag.schema.ts).
function isStoredBag(value: unknown): value is BagLine[] {
  return Array.isArray(value) && value.length <= MAX_BAG_LINES && value.every(isStoredBagLine);
}

/**
 * Restores the bag saved in the browser. Nothing saved gives an empty bag; anything unreadable gives an empty
 * bag and a warning (SPEC §3, §8). Repeated lines are merged.
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
  if (!isStoredBag(stored)) {
    warn(BAG_PARSE_WARNING);
    return [];
  }
  return stored.reduce<BagLine[]>((bag, line) => addToBag(bag, line, line.quantity), []);
}
