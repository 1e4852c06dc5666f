
/** Shown when a phone number is not in the international form (product.md §5). */
export const PHONE_MESSAGE = "Please enter the phone number with a country code, starting with a '+' sign.";

/** Longest phone input accepted, separators included. */
export const PHONE_MAX_LENGTH = 32;

// A plus sign, then digit groups separated by spaces or hyphens, as people type "+254 712 345 678".
const PHONE_SHAPE = /^\+\d+(?:[ -]+\d+)*$/;
// 1–4 digits of country code plus at least 9 more (product.md §5).
const MIN_PHONE_DIGITS = 1 + 9;

/** The digits of a phone number, nothing else: how phone numbers are compared and linked (product.md §2, §7). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}

/**
 * Whether a phone number has a plus sign, a 1–4 digit country code and at least 9 more digits (product.md §5).
 * Spaces and hyphens between digit groups are allowed.
 */
export function isValidPhone(phone: string): boolean {
  const trimmed = phone.trim();
  return PHONE_SHAPE.test(trimmed) && phoneDigits(trimmed).length >= MIN_PHONE_DIGITS;
}

/** A phone number as stored: "+" and its digits, e.g. "+254 712-345 678" → "+254712345678". */
export function normalisePhone(phone: string): string {
  return `+${phoneDigits(phone)}`;
}

// The international calling codes of two digits; 1 and 7 are the only one-digit codes and every other code has
// three digits (ITU-T E.164). The codes are prefix-free, so the leading digits say which one a number uses.
const TWO_DIGIT_COUNTRY_CODE = /^(?:2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58])/;

function countryCodeOf(digits: string): string {
  if (digits.startsWith("1") || digits.startsWith("7")) return digits.slice(0, 1);
  if (TWO_DIGIT_COUNTRY_CODE.test(digits)) return digits.slice(0, 2);
  return digits.slice(0, 3);
}

/**
 * A phone number as public pages may show it: the country code and the last 3 digits only, e.g.
 * "+254 ••• ••• 678". Anything too short to be a phone number is hidden entirely (decision 008).
 */
export function maskPhone(phone: string): string {
  const digits = phoneDigits(phone);
  if (digits.length < MIN_PHONE_DIGITS) return "••• ••• •••";
  return `+${countryCodeOf(digits)} ••• ••• ${digits.slice(-3)}`;
}
