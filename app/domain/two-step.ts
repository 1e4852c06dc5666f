import { generateURI, verifySync } from "otplib";
import { type RandomInt, randomText } from "./random-text";

// Two-step sign-in with an authenticator app (issue 21, decision 045): RFC 6238 codes of 6 digits every 30
// seconds, as Google Authenticator, Microsoft Authenticator and 1Password make them, and recovery codes for
// a lost phone.

const STEP_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l or i: a code copied from paper reads one way. 31 symbols, 10 of them: about 50 bits a code.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_CODE_LENGTH = 10;

/** The address an authenticator app reads from the QR code: the shop's name and the member's email label it. */
export function twoStepUri(shopName: string, email: string, secret: string): string {
  return generateURI({ issuer: shopName, label: email, secret });
}

/** A secret as a person types it into an app: groups of four. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** Whether what was typed is an authenticator code (6 digits, spaces allowed) rather than a recovery code. */
export const isAppCode = (typed: string): boolean => /^\d{6}$/.test(typed.replace(/\s/g, ""));

/**
 * Checks an authenticator code at `now`, allowing one step either side for a phone's clock that is a little
 * off. A code from a step at or before `lastStep` (one already used) is refused, so an overheard code cannot be
 * used again. Returns the step the code belongs to, to be kept as the new `lastStep`.
 */
export function checkAppCode(
  secret: string,
  typed: string,
  now: Date,
  lastStep: number | null,
): { ok: true; step: number } | { ok: false } {
  const token = typed.replace(/\s/g, "");
  if (!isAppCode(token)) return { ok: false };
  const epoch = Math.floor(now.getTime() / 1000);
  const result = verifySync({
    secret,
    token,
    epoch,
    epochTolerance: STEP_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid ? { ok: true, step: Math.floor(epoch / STEP_SECONDS) + result.delta } : { ok: false };
}

/** Ten new recovery codes, each shown as two groups of five ("k7mqp-2xw9d"). */
export function newRecoveryCodes(randomInt: RandomInt): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = randomText(RECOVERY_ALPHABET, RECOVERY_CODE_LENGTH, randomInt);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A recovery code as stored and compared: any case, without the dash or spaces a person may type. */
export const normalRecoveryCode = (typed: string): string => typed.toLowerCase().replace(/[\s-]/g, "");
