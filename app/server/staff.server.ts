import { hash, verify } from "@node-rs/argon2";
import { asc, eq, sql } from "drizzle-orm";
import { roleForEmail, type StaffRole } from "~/domain/staff";
import { staffEmailSchema, staffPasswordSchema } from "~/domain/staff.schema";
import type { Queryable } from "./db/client.server";
import { db } from "./db/database.server";
import { staffSessions, staffUsers } from "./db/schema.server";
import { newRecordId } from "./random.server";

export type StaffMember = { id: string; email: string; role: StaffRole; createdAt: Date };

// argon2id (the library's default algorithm) with OWASP's recommended cost: 19 MiB, 2 passes.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export class StaffAccountError extends Error {
  override name = "StaffAccountError";
}

const byEmail = (email: string) => sql`lower(${staffUsers.email}) = ${email.trim().toLowerCase()}`;

function validEmail(email: string) {
  const parsed = staffEmailSchema.safeParse(email);
  if (!parsed.success) throw new StaffAccountError(`"${email}" is not a valid email address.`);
  return parsed.data;
}

function validPassword(password: string) {
  const parsed = staffPasswordSchema.safeParse(password);
  if (!parsed.success) throw new StaffAccountError(parsed.error.issues[0]!.message);
  return parsed.data;
}

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function addStaff(
  input: { email: string; password: string; role?: StaffRole },
  into?: Queryable,
): Promise<StaffMember> {
  const email = validEmail(input.email);
  const passwordHash = await hashPassword(validPassword(input.password));
  const role = input.role ?? roleForEmail(email);
  const source = into ?? (await db());
  const [existing] = await source.select({ id: staffUsers.id }).from(staffUsers).where(byEmail(email));
  if (existing) throw new StaffAccountError(`${email} is already a staff member.`);
  const [row] = await source
    .insert(staffUsers)
    .values({ id: newRecordId(), email, role, passwordHash })
    .returning({ id: staffUsers.id, email: staffUsers.email, role: staffUsers.role, createdAt: staffUsers.createdAt });
  return row!;
}

export async function listStaff(from?: Queryable): Promise<StaffMember[]> {
  const source = from ?? (await db());
  return source
    .select({ id: staffUsers.id, email: staffUsers.email, role: staffUsers.role, createdAt: staffUsers.createdAt })
    .from(staffUsers)
    .orderBy(asc(staffUsers.email));
}

/** The staff member with this email (any case), or a StaffAccountError naming it. */
export async function staffByEmail(email: string): Promise<StaffMember> {
  const [row] = await (await db())
    .select({ id: staffUsers.id, email: staffUsers.email, role: staffUsers.role, createdAt: staffUsers.createdAt })
    .from(staffUsers)
    .where(byEmail(email));
  if (!row) throw new StaffAccountError(`${email} is not a staff member.`);
  return row;
}

/** Removes a staff member; their sessions go with them (foreign key cascade). */
export async function removeStaff(email: string, from?: Queryable): Promise<void> {
  const source = from ?? (await db());
  const removed = await source.delete(staffUsers).where(byEmail(email)).returning({ id: staffUsers.id });
  if (removed.length === 0) throw new StaffAccountError(`${email} is not a staff member.`);
}

/** Sets a new password and signs the member out everywhere else. */
export async function setStaffPassword(email: string, password: string, from?: Queryable): Promise<void> {
  const passwordHash = await hashPassword(validPassword(password));
  const source = from ?? (await db());
  const updated = await source.update(staffUsers).set({ passwordHash }).where(byEmail(email)).returning({ id: staffUsers.id });
  if (updated.length === 0) throw new StaffAccountError(`${email} is not a staff member.`);
  await source.delete(staffSessions).where(eq(staffSessions.staffId, updated[0]!.id));
}

let decoyHash: Promise<string> | undefined;

/**
 * Checks an email and password. An unknown email costs the same argon2 work as a wrong password, so the
 * answer's timing does not reveal which staff addresses exist.
 */
export async function checkStaffPassword(email: string, password: string): Promise<(StaffMember & { twoStepOn: boolean }) | undefined> {
  const [row] = await (await db()).select().from(staffUsers).where(byEmail(email));
  if (!row) {
    decoyHash ??= hashPassword("decoy-password-for-unknown-emails");
    await verify(await decoyHash, password).catch(() => false);
    return undefined;
  }
  const ok = await verify(row.passwordHash, password).catch(() => false);
  return ok ? { id: row.id, email: row.email, role: row.role, createdAt: row.createdAt, twoStepOn: row.twoStepSecret !== null } : undefined;
}
