import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { redirect } from "react-router";
import type { StaffRole } from "~/domain/staff";
import { db } from "./db/database.server";
import { staffSessions, staffUsers } from "./db/schema.server";
import type { StaffMember } from "./staff.server";

export const SESSION_COOKIE = "duka_session";
const SESSION_DAYS = 14;
const DAY_MS = 86_400_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

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

const sessionCookie = (request: Request, token: string, maxAgeSeconds: number) =>
  siteCookie(request, SESSION_COOKIE, token, maxAgeSeconds);

/**
 * Starts a session for a signed-in staff member: a random 256-bit token goes to the browser, only its hash
 * is stored. Returns the Set-Cookie header value.
 */
export async function startSession(request: Request, staffId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
  const database = await db();
  await database.insert(staffSessions).values({ tokenHash: hashToken(token), staffId, createdAt: now, expiresAt });
  // Expired sessions are swept here rather than by a timer: sign-in is rare and already writes.
  await database.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
  return sessionCookie(request, token, SESSION_DAYS * 86_400);
}

/** Ends the request's session, if any. Returns the Set-Cookie header value that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const token = readCookie(request, SESSION_COOKIE);
  if (token) await (await db()).delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
  return sessionCookie(request, "", 0);
}

// The layout's loader and the page's ask at once (React Router hands each its own copy of the request): a
// read already on its way for the same session answers both. Nothing is kept once it arrives.
const readsUnderway = new Map<string, Promise<StaffMember | undefined>>();

/** The staff member signed in on this request, or undefined. */
export function currentStaff(request: Request, now = new Date()): Promise<StaffMember | undefined> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token || token.length > 100) return Promise.resolve(undefined);
  const tokenHash = hashToken(token);
  let staff = readsUnderway.get(tokenHash);
  if (!staff) {
    staff = sessionStaff(tokenHash, now).finally(() => readsUnderway.delete(tokenHash));
    readsUnderway.set(tokenHash, staff);
  }
  return staff;
}

async function sessionStaff(tokenHash: string, now: Date): Promise<StaffMember | undefined> {
  const [row] = await (await db())
    .select({ id: staffUsers.id, email: staffUsers.email, role: staffUsers.role, createdAt: staffUsers.createdAt })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, now)));
  return row;
}

/**
 * The guard of product.md §6, for every admin loader and action: the signed-out go to the login page, which
 * brings them back here afterwards; a staff member without one of `roles` goes to the dashboard.
 */
export async function requireStaff(request: Request, roles: readonly StaffRole[]): Promise<StaffMember> {
  const staff = await currentStaff(request);
  if (!staff) {
    const url = new URL(request.url);
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!roles.includes(staff.role)) throw redirect("/admin/dashboard");
  return staff;
}
