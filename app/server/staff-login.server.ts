import { FAILED_LOGIN_WINDOW_MS, MAX_FAILED_LOGINS } from "~/domain/staff-login";
import { takeAttempt } from "./rate-limit.server";
import { checkStaffPassword, type StaffMember } from "./staff.server";

export type LoginResult = { ok: true; staff: StaffMember } | { ok: false; reason: "invalid" | "locked-out" };

// The client's first: a client spraying many emails adds no rows for them once it is locked out.
const limitsFor = (email: string, clientAddress: string) =>
  [`login-client:${clientAddress}`, `login-email:${email.trim().toLowerCase()}`].map((key) => ({
    key,
    limit: MAX_FAILED_LOGINS,
    windowMs: FAILED_LOGIN_WINDOW_MS,
  }));

/**
 * Signs a staff member in, unless their email or this client has failed 5 times in 15 minutes. The attempt is
 * counted before the password is checked, so guesses sent at once cannot all pass a count none has raised yet;
 * a right password gives it back, so only failures count. A locked-out attempt never checks the password.
 */
export async function signIn(email: string, password: string, clientAddress: string, now = new Date()): Promise<LoginResult> {
  const attempt = await takeAttempt(limitsFor(email, clientAddress), now);
  if (!attempt.allowed) return { ok: false, reason: "locked-out" };
  const staff = await checkStaffPassword(email, password);
  if (!staff) return { ok: false, reason: "invalid" };
  await attempt.giveBack();
  return { ok: true, staff };
}
