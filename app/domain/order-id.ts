import { type RandomInt, randomText } from "./random-text";

// 32 symbols: lowercase letters and digits without 0, 1, l and o, which are easy to misread.
const ORDER_ID_ALPHABET = "23456789abcdefghijkmnpqrstuvwxyz";
const ORDER_ID_LENGTH = 20;
const ORDER_ID_PATTERN = new RegExp(`^[${ORDER_ID_ALPHABET}]{${ORDER_ID_LENGTH}}$`);

/** How many characters of an order id the admin orders table shows (product.md §9). */
export const SHORT_ORDER_ID_LENGTH = 6;

/** A new order's id: 20 random characters (100 bits), so nobody can guess another shopper's order. */
export function newOrderId(randomInt: RandomInt): string {
  return randomText(ORDER_ID_ALPHABET, ORDER_ID_LENGTH, randomInt);
}

/** The order id as the admin table and the archive confirmation show it: its first 6 characters. */
export function shortOrderId(id: string): string {
  return id.slice(0, SHORT_ORDER_ID_LENGTH);
}

/** Order ids are matched without surrounding spaces and regardless of case. */
export function normaliseOrderId(input: string): string {
  return input.trim().toLowerCase();
}

/** Whether what someone typed could be an order id, once normalised. */
export function looksLikeOrderId(input: string): boolean {
  return ORDER_ID_PATTERN.test(normaliseOrderId(input));
}
