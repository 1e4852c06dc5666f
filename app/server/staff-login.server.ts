import { FAILED_LOGIN_WINDOW_MS, MAX_FAILED_LOGINS } from "~/domain/staff-login";
import { hitRateLimit, rateLimitHits } from "./rate-limit.server";
import { checkStaffPassword, type StaffMember } from "./staff.server";

export type LoginResult = { ok: true; staff: StaffMember } | { ok: false; reason: "invalid" | "locked-out" };

const keysFor = (email: string, clientAddress: string) => [
  `login-email:${email.trim().toLowerCase()}`,
  `login-client:${clientAddress}`,
];

/**
 * Signs a staff member in, unless their email or this client has failed 5 times in 15 minutes. Only failures
 * count; a locked-out attempt does not even check the password, so guessing gains nothing.
 */
export async function signIn(email: string, password: string, clientAddress: string, now = new Date()): Promise<LoginResult> {
  const keys = keysFor(email, clientAddress);
  const failures = await Promise.all(keys.map((key) => rateLimitHits(key, FAILED_LOGIN_WINDOW_MS, now)));
  if (failures.some((count) => count >= MAX_FAILED_LOGINS)) return { ok: false, reason: "locked-out" };
  const staff = await checkStaffPassword(email, password);
  if (staff) return { ok: true, staff };
  await Promise.all(keys.map((key) => hitRateLimit(key, MAX_FAILED_LOGINS, FAILED_LOGIN_WINDOW_MS, now)));
  return { ok: false, reason: "invalid" };
}
