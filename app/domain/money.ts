// Money is kept as integer cents and shown in whole Kenyan shillings (product.md §1, §9).

const CENTS_PER_SHILLING = 100;

// Thousands grouped with commas, as shoppers in Kenya write prices (en-KE). Not Intl.NumberFormat: the first one
// a page makes loads the browser's locale data, 20–140 ms of a phone's main thread at start-up (issue 22).
const groupThousands = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ",");

/** Rounds half away from zero, so a refund mirrors the sale it undoes. */
function roundHalfAwayFromZero(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded; // never -0
}

/** Rounds cents to whole shillings, half up (KSH 12.50 → KSH 13); the result is still in cents. */
export function roundToWholeShilling(cents: number): number {
  return roundHalfAwayFromZero(cents / CENTS_PER_SHILLING) * CENTS_PER_SHILLING;
}

/** Shows an amount as the shop does: whole shillings with thousands separators, e.g. "KSH 1,200". */
export function formatKsh(cents: number): string {
  const shillings = roundToWholeShilling(cents) / CENTS_PER_SHILLING;
  const sign = shillings < 0 ? "-" : "";
  return `${sign}KSH ${groupThousands(Math.abs(shillings))}`;
}

/** Converts shillings (as typed by staff, up to 2 decimals) to integer cents. */
export function shillingsToCents(shillings: number): number {
  if (!Number.isFinite(shillings)) throw new RangeError(`Not an amount of shillings: ${shillings}`);
  // toPrecision(15) drops binary noise first, so 19.99 becomes 1999 cents and 1.005 becomes 101.
  return roundHalfAwayFromZero(Number((shillings * CENTS_PER_SHILLING).toPrecision(15)));
}

/** Whether an amount of shillings is a whole number of cents, as a price typed with at most 2 decimals is. */
export function isWholeCents(shillings: number): boolean {
  return Number.isInteger(Number((shillings * CENTS_PER_SHILLING).toPrecision(15)));
}

/** Converts integer cents to shillings, e.g. for structured data priced in KES. */
export function centsToShillings(cents: number): number {
  return cents / CENTS_PER_SHILLING;
}

/**
 * An order's subtotal: the sum of its lines, rounded once to whole shillings. Without delivery options the total
 * equals it (product.md §1, §9); with them, delivery.ts's orderCharges adds the fee.
 */
export function orderSubtotalCents(lines: readonly { unitPriceCents: number; quantity: number }[]): number {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return roundToWholeShilling(subtotal);
}
