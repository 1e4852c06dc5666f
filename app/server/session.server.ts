import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, lt, lte, ne, or, sql } from "drizzle-orm";
import { redirect } from "react-router";
import type { StaffRole } from "~/domain/staff";
import {
  ABSOLUTE_SESSION_HOURS,
  deviceName,
  idleCutoff,
  isSessionLive,
  LAST_SEEN_EVERY_MS,
  lastSeenIsStale,
  sessionExpiry,
  staffIdleMinutes,
  twoStepRequiredForDevelopers,
} from "~/domain/staff-session";
import { db } from "./db/database.server";
import { staffSessions, staffUsers } from "./db/schema.server";
import { readSiteDocument } from "./site-documents.server";
import type { StaffMember } from "./staff.server";

export const SESSION_COOKIE = "duka_session";
/**
 * The name over HTTPS (decision 045): a browser takes a `__Host-` cookie only when it is Secure, for the whole
 * host and no wider, so no other site on a sibling domain can plant one.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
const ACCOUNT_PATH = "/admin/account";
export const TWO_STEP_PATH = "/admin/login/two-step";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const HOUR_MS = 3_600_000;
// A User-Agent is the client's to write: kept to a length the sessions list can show.
const MAX_USER_AGENT = 300;

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** Secure only where the browser came over HTTPS (directly or through a proxy that says so). */
function isHttps(request: Request) {
  return new URL(request.url).protocol === "https:" || request.headers.get("X-Forwarded-Proto") === "https";
}

/** A Set-Cookie value for the whole shop, out of scripts' reach and not sent with other sites' form posts. */
export function siteCookie(request: Request, name: string, value: string, maxAgeSeconds: number) {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (isHttps(request)) parts.push("Secure");
  return parts.join("; ");
}

/** The session cookie's name for this request: a browser refuses `__Host-` without Secure, so plain HTTP keeps the old one. */
const sessionCookieName = (request: Request) => (isHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

const sessionCookie = (request: Request, token: string, maxAgeSeconds: number) =>
  siteCookie(request, sessionCookieName(request), token, maxAgeSeconds);

/** Whether a Cookie header carries a staff session cookie under either name (the shared-page cache asks). */
export function hasSessionCookie(cookieHeader: string): boolean {
  return cookieHeader
    .split(";")
    .some((part) => [SESSION_COOKIE, SECURE_SESSION_COOKIE].some((name) => part.trim().startsWith(`${name}=`)));
}

const requestToken = (request: Request) => {
  const token = readCookie(request, sessionCookieName(request));
  return token && token.length <= 100 ? token : undefined;
};

const idleMinutesNow = async () => staffIdleMinutes(await readSiteDocument("settings"));

/**
 * Writes a new session: a random 256-bit token goes to the browser, only its hash is stored. One that awaits a
 * two-step code gives no access and lasts 5 minutes. Returns the Set-Cookie header value.
 */
async function newSession(request: Request, staffId: string, now: Date, awaitingSecondStep: boolean): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = sessionExpiry(now, awaitingSecondStep);
  const userAgent = (request.headers.get("User-Agent") ?? "").slice(0, MAX_USER_AGENT);
  const database = await db();
  await database
    .insert(staffSessions)
    .values({ tokenHash: hashToken(token), staffId, createdAt: now, lastSeenAt: now, expiresAt, userAgent, awaitingSecondStep });
  // Ended sessions are swept here rather than by a timer: sign-in is rare and already writes.
  await database
    .delete(staffSessions)
    .where(
      or(
        lt(staffSessions.expiresAt, now),
        lt(staffSessions.createdAt, new Date(now.getTime() - ABSOLUTE_SESSION_HOURS * HOUR_MS)),
        lt(staffSessions.lastSeenAt, idleCutoff(now, await idleMinutesNow())),
      ),
    );
  return sessionCookie(request, token, Math.round((expiresAt.getTime() - now.getTime()) / 1000));
}

/** Starts a signed-in session for a staff member. Returns the Set-Cookie header value. */
export const startSession = (request: Request, staffId: string, now = new Date()): Promise<string> =>
  newSession(request, staffId, now, false);

/** After a right password, for a member with two-step sign-in: a session that waits for the code. */
export const awaitSecondStep = (request: Request, staffId: string, now = new Date()): Promise<string> =>
  newSession(request, staffId, now, true);

/** The member whose password step this request's cookie holds, while it waits (5 minutes) for a code. */
export async function secondStepMember(request: Request, now = new Date()): Promise<string | undefined> {
  const token = requestToken(request);
  if (!token) return undefined;
  const [row] = await (await db())
    .select({ staffId: staffSessions.staffId })
    .from(staffSessions)
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), eq(staffSessions.awaitingSecondStep, true), gt(staffSessions.expiresAt, now)));
  return row?.staffId;
}

/**
 * The code was right: the waiting session is replaced by a signed-in one under a new token, so a token seen
 * before the second step is worth nothing after it. Undefined when the wait had already ended or been used.
 */
export async function completeSecondStep(request: Request, now = new Date()): Promise<string | undefined> {
  const token = requestToken(request);
  if (!token) return undefined;
  const [waiting] = await (await db())
    .delete(staffSessions)
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), eq(staffSessions.awaitingSecondStep, true), gt(staffSessions.expiresAt, now)))
    .returning({ staffId: staffSessions.staffId });
  return waiting ? startSession(request, waiting.staffId, now) : undefined;
}

/** Ends the request's session, if any. Returns the Set-Cookie header value that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const token = requestToken(request);
  if (token) await (await db()).delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
  return sessionCookie(request, "", 0);
}

/** A staff member as a signed-in request knows them: which of their sessions it is, and whether two-step is on. */
export type SignedInStaff = StaffMember & { sessionId: string; twoStepOn: boolean };

// The layout's loader and the page's ask at once (React Router hands each its own copy of the request): a
// read already on its way for the same session answers both. Nothing is kept once it arrives.
const readsUnderway = new Map<string, Promise<SignedInStaff | undefined>>();

/** The staff member signed in on this request, or undefined. */
export function currentStaff(request: Request, now = new Date()): Promise<SignedInStaff | undefined> {
  const token = requestToken(request);
  if (!token) return Promise.resolve(undefined);
  const tokenHash = hashToken(token);
  let staff = readsUnderway.get(tokenHash);
  if (!staff) {
    staff = sessionStaff(tokenHash, now).finally(() => readsUnderway.delete(tokenHash));
    readsUnderway.set(tokenHash, staff);
  }
  return staff;
}

async function sessionStaff(tokenHash: string, now: Date): Promise<SignedInStaff | undefined> {
  const database = await db();
  const [row] = await database
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      role: staffUsers.role,
      createdAt: staffUsers.createdAt,
      twoStepOn: sql<boolean>`${staffUsers.twoStepSecret} is not null`,
      session: { id: staffSessions.id, createdAt: staffSessions.createdAt, lastSeenAt: staffSessions.lastSeenAt, expiresAt: staffSessions.expiresAt },
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), eq(staffSessions.awaitingSecondStep, false)));
  if (!row) return undefined;
  if (!isSessionLive(row.session, now, await idleMinutesNow())) {
    await database.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    return undefined;
  }
  // At most one write a minute per session; the condition keeps racing requests to one.
  if (lastSeenIsStale(row.session.lastSeenAt, now)) {
    await database
      .update(staffSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(staffSessions.tokenHash, tokenHash), lte(staffSessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_EVERY_MS))));
  }
  const { session, ...member } = row;
  return { ...member, sessionId: session.id };
}

export type StaffSessionRow = { id: string; device: string; signedInAt: Date; lastSeenAt: Date };

/** A member's signed-in sessions, the most recently used first. */
export async function listSessions(staffId: string, now = new Date()): Promise<StaffSessionRow[]> {
  const rows = await (await db())
    .select({ id: staffSessions.id, userAgent: staffSessions.userAgent, createdAt: staffSessions.createdAt, lastSeenAt: staffSessions.lastSeenAt, expiresAt: staffSessions.expiresAt })
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), eq(staffSessions.awaitingSecondStep, false)))
    .orderBy(desc(staffSessions.lastSeenAt), desc(staffSessions.createdAt));
  const idleMinutes = await idleMinutesNow();
  return rows
    .filter((row) => isSessionLive(row, now, idleMinutes))
    .map((row) => ({ id: row.id, device: deviceName(row.userAgent), signedInAt: row.createdAt, lastSeenAt: row.lastSeenAt }));
}

/** Ends one of the member's own sessions; a session id of anyone else's ends nothing. Says whether one ended. */
export async function endSessionById(staffId: string, sessionId: string): Promise<boolean> {
  const ended = await (await db())
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), eq(staffSessions.id, sessionId)))
    .returning({ id: staffSessions.id });
  return ended.length > 0;
}

/** Ends every session of the member's but `keepSessionId` (or every one), waiting second steps included. */
export async function endSessionsOf(staffId: string, keepSessionId?: string): Promise<void> {
  await (await db())
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), keepSessionId ? ne(staffSessions.id, keepSessionId) : undefined));
}

const pathOf = (request: Request) => new URL(request.url).pathname.replace(/\/+$/, "");

/**
 * The guard of product.md §6, for every admin loader and action: the signed-out go to the login page, which
 * brings them back here afterwards; a staff member without one of `roles` goes to the dashboard. A Developer
 * without two-step sign-in, where the settings require it, goes to set it up before anything else.
 */
export async function requireStaff(request: Request, roles: readonly StaffRole[]): Promise<SignedInStaff> {
  const staff = await currentStaff(request);
  if (!staff) {
    const url = new URL(request.url);
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (
    staff.role === "developer" &&
    !staff.twoStepOn &&
    pathOf(request) !== ACCOUNT_PATH &&
    twoStepRequiredForDevelopers(await readSiteDocument("settings"))
  ) {
    throw redirect(ACCOUNT_PATH);
  }
  if (!roles.includes(staff.role)) throw redirect("/admin/dashboard");
  return staff;
}
