// Sign-in messages (product.md §8) and the lockout rule of issue 4.

export const INVALID_LOGIN_MESSAGE = "Invalid email or password. Please try again.";
export const UNEXPECTED_LOGIN_MESSAGE = "An unexpected error occurred. Please try again later.";
export const LOGIN_REQUIRED_MESSAGE = "Please enter your email and password.";
export const LOCKED_OUT_MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

/** After 5 failed attempts in 15 minutes, for one email or from one client, sign-in is refused for a while. */
export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60_000;
