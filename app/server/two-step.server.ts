import { createHash } from "node:crypto";
import { and, eq, isNotNull, isNull, or, lt, sql } from "drizzle-orm";
import { generateSecret } from "otplib";
import QRCode from "qrcode";
import { checkAppCode, groupedSecret, isAppCode, newRecoveryCodes, normalRecoveryCode, twoStepUri } from "~/domain/two-step";
import { db } from "./db/database.server";
import { staffUsers } from "./db/schema.server";
import { secureRandomInt } from "./random.server";

// A member's two-step sign-in (decision 045): setting it up, checking its codes, turning it off.

/**
 * A recovery code as stored: SHA-256 of the code with the member's id before it. A code has about 50 random bits,
 * so the member's id salts it (ASVS 2.6.2): one table of hashes cannot be matched against every member at once.
 */
const recoveryCodeHash = (staffId: string, code: string) =>
  createHash("sha256").update(`${staffId}:${normalRecoveryCode(code)}`).digest("hex");

export type TwoStepState = {
  on: boolean;
  recoveryCodesLeft: number;
  /** While it is being set up: the secret to type (in groups of four) and the QR code (SVG) to scan. */
  setup?: { secret: string; qrSvg: string };
};

/** Where a member's two-step sign-in stands, with the QR code to scan while it is being set up. */
export async function twoStepState(staffId: string, email: string, shopName: string): Promise<TwoStepState> {
  const [row] = await (await db())
    .select({ secret: staffUsers.twoStepSecret, pending: staffUsers.twoStepPendingSecret, codes: staffUsers.twoStepRecoveryCodes })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffId));
  if (!row) return { on: false, recoveryCodesLeft: 0 };
  const on = row.secret !== null;
  if (on || !row.pending) return { on, recoveryCodesLeft: on ? row.codes.length : 0 };
  const qrSvg = await QRCode.toString(twoStepUri(shopName, email, row.pending), { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { on, recoveryCodesLeft: 0, setup: { secret: groupedSecret(row.pending), qrSvg } };
}

/** Starts setting up two-step sign-in with a new secret (replacing one not yet confirmed). Nothing changes while it is on. */
export async function beginTwoStepSetup(staffId: string): Promise<void> {
  await (await db())
    .update(staffUsers)
    .set({ twoStepPendingSecret: generateSecret() })
    .where(and(eq(staffUsers.id, staffId), isNull(staffUsers.twoStepSecret)));
}

/**
 * Turns two-step sign-in on once a code from the app proves it was set up: the secret being set up becomes the
 * member's, and 10 recovery codes are made. Returns the codes, to be shown once; undefined when the code was
 * wrong (or nothing was being set up).
 */
export async function confirmTwoStep(staffId: string, code: string, now = new Date()): Promise<string[] | undefined> {
  const database = await db();
  const [row] = await database
    .select({ pending: staffUsers.twoStepPendingSecret })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, staffId), isNull(staffUsers.twoStepSecret)));
  if (!row?.pending) return undefined;
  const checked = checkAppCode(row.pending, code, now, null);
  if (!checked.ok) return undefined;
  const codes = newRecoveryCodes(secureRandomInt);
  const turnedOn = await database
    .update(staffUsers)
    .set({
      twoStepSecret: row.pending,
      twoStepPendingSecret: null,
      twoStepLastStep: checked.step,
      twoStepRecoveryCodes: codes.map((recovery) => recoveryCodeHash(staffId, recovery)),
    })
    // Only the secret that was checked, and only once when two confirmations race.
    .where(and(eq(staffUsers.id, staffId), eq(staffUsers.twoStepPendingSecret, row.pending), isNull(staffUsers.twoStepSecret)))
    .returning({ id: staffUsers.id });
  return turnedOn.length > 0 ? codes : undefined;
}

/**
 * Checks a code for a member with two-step sign-in on, and uses it up: an app code's time step (and every one
 * before it) cannot be used again, and a recovery code is crossed off. Each is one conditional update, so two
 * requests racing with the same code cannot both pass.
 */
export async function spendTwoStepCode(staffId: string, typed: string, now = new Date()): Promise<boolean> {
  const database = await db();
  if (isAppCode(typed)) {
    const [row] = await database
      .select({ secret: staffUsers.twoStepSecret, lastStep: staffUsers.twoStepLastStep })
      .from(staffUsers)
      .where(eq(staffUsers.id, staffId));
    if (!row?.secret) return false;
    const checked = checkAppCode(row.secret, typed, now, row.lastStep);
    if (!checked.ok) return false;
    const used = await database
      .update(staffUsers)
      .set({ twoStepLastStep: checked.step })
      .where(
        and(
          eq(staffUsers.id, staffId),
          eq(staffUsers.twoStepSecret, row.secret),
          or(isNull(staffUsers.twoStepLastStep), lt(staffUsers.twoStepLastStep, checked.step)),
        ),
      )
      .returning({ id: staffUsers.id });
    return used.length > 0;
  }
  const hash = recoveryCodeHash(staffId, typed);
  const used = await database
    .update(staffUsers)
    .set({ twoStepRecoveryCodes: sql`array_remove(${staffUsers.twoStepRecoveryCodes}, ${hash})` })
    .where(and(eq(staffUsers.id, staffId), isNotNull(staffUsers.twoStepSecret), sql`${hash} = any(${staffUsers.twoStepRecoveryCodes})`))
    .returning({ id: staffUsers.id });
  return used.length > 0;
}

/** Turns two-step sign-in off: the secret and the recovery codes are forgotten. */
export async function turnOffTwoStep(staffId: string): Promise<void> {
  await (await db())
    .update(staffUsers)
    .set({ twoStepSecret: null, twoStepPendingSecret: null, twoStepLastStep: null, twoStepRecoveryCodes: [] })
    .where(eq(staffUsers.id, staffId));
}
