import { type RandomInt, randomText } from "./random-text";

/** The kinds of site-content items that get generated ids (product.md §3). */
export type IdPrefix = "slide" | "method" | "field" | "faq" | "contact" | "link";

const TAIL_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/**
 * An id for a slide, payment method, field, FAQ, contact field or link: a type prefix and the current time
 * (product.md §3), e.g. "slide-1732262400000-x7k2". The short random tail keeps two made in the same millisecond apart.
 */
export function prefixedId(prefix: IdPrefix | (string & {}), now: Date, randomInt: RandomInt): string {
  return `${prefix}-${now.getTime()}-${randomText(TAIL_ALPHABET, 4, randomInt)}`;
}
