import { or, sql } from "drizzle-orm";
import { clientNetwork, type RateLimit } from "~/domain/rate-limit";
import {
  FAILED_LOGIN_WINDOW_MS,
  MAX_FAILED_LOGINS,
  MAX_FAILED_LOGINS_PER_CLIENT,
  MAX_WRONG_CODES_PER_MEMBER,
} from "~/domain/staff-login";
import { db } from "./db/database.server";
import { rateLimits } from "./db/schema.server";
import { takeAttempt } from "./rate-limit.server";
import { checkStaffPassword, type StaffMember, staffByEmail } from "./staff.server";
import { spendTwoStepCode } from "./two-step.server";

export type LoginResult =
  | { ok: true; staff: StaffMember & { twoStepOn: boolean } }
  | { ok: false; reason: "invalid" | "locked-out" };

const limit = (key: string, most: number): RateLimit => ({ key, limit: most, windowMs: FAILED_LOGIN_WINDOW_MS });
const normalEmail = (email: string) => email.trim().toLowerCase();

// Keys that name an email or a member end with the client network, so one member's locks are found by prefix.
const emailLockPrefix = (email: string) => `login:${normalEmail(email)} from `;
const memberCodeKey = (staffId: string) => `two-step:${staffId}`;
const clientLimit = (network: string) => limit(`login-client:${network}`, MAX_FAILED_LOGINS_PER_CLIENT);

// The client's first, the broadest (decision 030): a client spraying many emails adds no rows for them once it
// is locked out.
const signInLimits = (email: string, network: string) => [clientLimit(network), limit(`${emailLockPrefix(email)}${network}`, MAX_FAILED_LOGINS)];

const codeLimits = (staffId: string, network: string) => [
  clientLimit(network),
  limit(memberCodeKey(staffId), MAX_WRONG_CODES_PER_MEMBER),
  limit(`${memberCodeKey(staffId)} from ${network}`, MAX_FAILED_LOGINS),
];

/**
 * Signs a staff member in, unless this client network has failed 5 times in 15 minutes for this email, or 20
 * times for any (decision 045). The attempt is counted before the password is checked, so guesses sent at once
 * cannot all pass a count none has raised yet; a right password gives it back, so only failures count. A
 * locked-out attempt never checks the password.
 */
export async function signIn(email: string, password: string, clientAddress: string, now = new Date()): Promise<LoginResult> {
  const attempt = await takeAttempt(signInLimits(email, clientNetwork(clientAddress)), now);
  if (!attempt.allowed) return { ok: false, reason: "locked-out" };
  const staff = await checkStaffPassword(email, password);
  if (!staff) return { ok: false, reason: "invalid" };
  await attempt.giveBack();
  return { ok: true, staff };
}

/**
 * Checks (and uses up) a member's two-step code, an app code or a recovery code, counted like a password: 5
 * wrong from one client network for the member, 20 for the network in all, 10 for the member from anywhere.
 */
export async function checkTwoStepCode(
  staffId: string,
  code: string,
  clientAddress: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: "wrong" | "locked-out" }> {
  const attempt = await takeAttempt(codeLimits(staffId, clientNetwork(clientAddress)), now);
  if (!attempt.allowed) return { ok: false, reason: "locked-out" };
  if (!(await spendTwoStepCode(staffId, code, now))) return { ok: false, reason: "wrong" };
  await attempt.giveBack();
  return { ok: true };
}

/**
 * Clears a member's sign-in and two-step locks from every client network (the staff CLI's `unlock`). The client
 * networks' own limits stay: they are not the member's.
 */
export async function unlockSignIn(email: string): Promise<void> {
  const member = await staffByEmail(email);
  await (await db())
    .delete(rateLimits)
    .where(
      or(
        sql`starts_with(${rateLimits.key}, ${emailLockPrefix(member.email)})`,
        sql`${rateLimits.key} = ${memberCodeKey(member.id)}`,
        sql`starts_with(${rateLimits.key}, ${`${memberCodeKey(member.id)} from `})`,
      ),
    );
}
