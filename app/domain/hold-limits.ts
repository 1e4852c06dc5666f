import { MAX_LINE_QUANTITY } from "./bag";
import { phoneDigits } from "./phone";
import { clientNetwork } from "./rate-limit";

// How much of the catalogue one shopper may hold back from others without paying (issue 21, decision 043): one
// order takes at most a few of each product, unpaid orders from one phone number and from one client network hold at
// most so many units together, and shoppers are told exact stock only up to what one order may take.

/** Units of one product one order may take, unless Site Settings say otherwise. */
const DEFAULT_UNITS_PER_PRODUCT = 10;
/** The bag's own most of one line. */
export const MAX_UNITS_PER_PRODUCT = MAX_LINE_QUANTITY;
export const UNITS_PER_PRODUCT_MESSAGE = `Enter a whole number of units, from 1 to ${MAX_UNITS_PER_PRODUCT}.`;

/** Units unpaid orders from one phone number may hold at once (`HELD_UNITS_PER_PHONE`). */
export const HELD_UNITS_PER_PHONE = 20;
/**
 * Units unpaid orders from one client network may hold at once (`HELD_UNITS_PER_ADDRESS`): looser, since a mobile
 * carrier puts many shoppers behind one address, but it bounds a client that makes up phone numbers.
 */
export const HELD_UNITS_PER_ADDRESS = 60;

/** The settings' most units of one product per order; settings saved before it existed allow 10. */
export function unitsPerProductPerOrder(settings: { unitsPerProductPerOrder?: number | undefined }): number {
  return settings.unitsPerProductPerOrder ?? DEFAULT_UNITS_PER_PRODUCT;
}

/**
 * What shoppers are told is left of a product (`available`): the exact number only up to what one order may take,
 * so no page or answer maps the whole stock for a script to take. The bag and the product page need no more, as no
 * line may hold more; `perOrderLimit` says that the order's limit, not the stock, bounds it, so nobody reads "Only 10
 * left" of a deep shelf.
 */
export function stockForShoppers(available: number, unitsPerOrder: number): { available: number; perOrderLimit: boolean } {
  return { available: Math.min(available, unitsPerOrder), perOrderLimit: available > unitsPerOrder };
}

/** The first product a bag wants more of than one order may take, with the most it may. */
export function overUnitsPerOrder(
  wanted: ReadonlyMap<string, number>,
  names: ReadonlyMap<string, string>,
  unitsPerOrder: number,
): { productName: string; most: number } | undefined {
  for (const [productId, quantity] of wanted) {
    if (quantity > unitsPerOrder) return { productName: names.get(productId) ?? "An item in your bag", most: unitsPerOrder };
  }
  return undefined;
}

/** The most units unpaid orders may hold, per phone number and per client network. */
export type HeldUnitLimits = { perPhone: number; perAddress: number };

/** Who holds the units of an order, as the limits count them: its phone's digits and its client's network. */
export type Holder = { phoneDigits: string; network: string };

export const holderOf = (phone: string, clientAddress: string): Holder => ({
  phoneDigits: phoneDigits(phone),
  network: clientNetwork(clientAddress),
});

/**
 * Which limit a new order of `units` breaks, given what unpaid orders of the same phone number and network already
 * hold; the network's first, as it is the broader.
 */
export function heldUnitsBreach(
  units: number,
  held: { byPhone: number; byNetwork: number },
  limits: HeldUnitLimits,
): "phone" | "network" | undefined {
  if (held.byNetwork + units > limits.perAddress) return "network";
  if (held.byPhone + units > limits.perPhone) return "phone";
  return undefined;
}
