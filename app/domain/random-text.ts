/** A source of randomness: an integer in [0, maxExclusive). The server passes `crypto.randomInt`. */
export type RandomInt = (maxExclusive: number) => number;

/** Draws `length` symbols from `alphabet`, each chosen by `randomInt(alphabet.length)`. */
export function randomText(alphabet: string, length: number, randomInt: RandomInt): string {
  let text = "";
  for (let i = 0; i < length; i++) {
    const index = randomInt(alphabet.length);
    // A faulty source must not quietly produce short or malformed ids.
    if (!Number.isInteger(index) || index < 0 || index >= alphabet.length) {
      throw new RangeError(`randomInt(${alphabet.length}) returned ${index}`);
    }
    text += alphabet.charAt(index);
  }
  return text;
}
