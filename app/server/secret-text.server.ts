import { timingSafeEqual } from "node:crypto";

/** Whether a secret given in a request is the expected one, compared in constant time so timing tells nothing. */
export function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
