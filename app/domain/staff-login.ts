// Sign-in messages (product.md §8) and the lockout rule of issue 4, keyed by client and email since issue 21.

export const INVALID_LOGIN_MESSAGE = "Invalid email or password. Please try again.";
export const UNEXPECTED_LOGIN_MESSAGE = "An unexpected error occurred. Please try again later.";
export const LOGIN_REQUIRED_MESSAGE = "Please enter your email and password.";
export const LOCKED_OUT_MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

export const TWO_STEP_CODE_REQUIRED_MESSAGE = "Enter the code from your authenticator app, or a recovery code.";
export const WRONG_TWO_STEP_CODE_MESSAGE = "That code is not right. Please try again.";
export const TWO_STEP_LOCKED_OUT_MESSAGE = "Too many wrong codes. Please wait 15 minutes and try again.";

/**
 * After 5 failed attempts in 15 minutes for one email from one client network, sign-in is refused there for a
 * while: a stranger's guesses lock out only the stranger, never the member signing in from elsewhere (decision
 * 045). A client network also waits after 20 failures for any emails, so it cannot try a few for everyone.
 */
export const MAX_FAILED_LOGINS = 5;
export const MAX_FAILED_LOGINS_PER_CLIENT = 20;
/**
 * The two-step code takes the same limits, with the member in place of the email, and 10 wrong codes in all for
 * one member: only someone who knew the password gets this far, so this count cannot lock out from afar.
 */
export const MAX_WRONG_CODES_PER_MEMBER = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60_000;
