import { type RandomInt, randomText } from "./random-text";

const TRACKING_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const TRACKING_PATTERN = /^AFB[A-Z0-9]{9}$/;

/** A new order's tracking id: 'AFB' plus 9 random characters from A–Z and 0–9 (product.md §7). */
export function newTrackingId(randomInt: RandomInt): string {
  return `AFB${randomText(TRACKING_ALPHABET, 9, randomInt)}`;
}

/** Tracking ids are matched case-insensitively and without surrounding spaces (product.md §2, Tracking). */
export function normaliseTrackingId(input: string): string {
  return input.trim().toUpperCase();
}

/** Whether what a shopper typed could be a tracking id, once normalised. */
export function looksLikeTrackingId(input: string): boolean {
  return TRACKING_PATTERN.test(normaliseTrackingId(input));
}
