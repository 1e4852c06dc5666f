import { randomInt } from "node:crypto";
import { randomText } from "~/domain/random-text";

/** Cryptographic randomness in the shape the domain rules take it. */
export const secureRandomInt = (maxExclusive: number): number => randomInt(maxExclusive);

const RECORD_ID_ALPHABET = "23456789abcdefghijkmnpqrstuvwxyz";

/** Ids for products, categories, riders and staff: short enough for a slug, random enough never to collide. */
export const newRecordId = (): string => randomText(RECORD_ID_ALPHABET, 12, secureRandomInt);
