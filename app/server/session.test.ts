import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { siteDocumentDefaults } from "~/domain/site-documents.schema";
import { db } from "./db/database.server";
import { staffSessions } from "./db/schema.server";
import { hasSessionCookie } from "./session.server";
import {
  awaitSecondStep,
  completeSecondStep,
  currentStaff,
  endSession,
  endSessionById,
  endSessionsOf,
  listSessions,
  requireStaff,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  secondStepMember,
  startSession,
} from "./session.server";
import { writeSiteDocument } from "./site-documents.server";
import { addStaff } from "./staff.server";

// Staff sessions meet OWASP ASVS Level 2 (issue 21, decision 045).

const PASSWORD = "a long enough password";
const SIGNED_IN = new Date("2026-11-20T08:00:00Z");
const minutesLater = (minutes: number, from = SIGNED_IN) => new Date(from.getTime() + minutes * 60_000);
const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const MAC_SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";

const request = (cookie?: string, { url = "http://shop.test/admin/orders", userAgent = ANDROID_CHROME } = {}) =>
  new Request(url, { headers: { "User-Agent": userAgent, ...(cookie ? { Cookie: cookie } : {}) } });
const pairOf = (setCookie: string) => setCookie.split(";")[0]!;

async function signedIn(email: string, at = SIGNED_IN, userAgent = ANDROID_CHROME) {
  const member = await addStaff({ email, password: PASSWORD });
  return { member, cookie: pairOf(await startSession(request(undefined, { userAgent }), member.id, at)) };
}

async function thrownRedirect(work: Promise<unknown>): Promise<string | null> {
  try {
    await work;
  } catch (error) {
    if (error instanceof Response) return error.headers.get("Location");
    throw error;
  }
  throw new Error("expected a redirect");
}

const lastSeenOf = async (cookieOwnerId: string) =>
  (await (await db()).select({ lastSeenAt: staffSessions.lastSeenAt }).from(staffSessions).where(eq(staffSessions.staffId, cookieOwnerId)))[0]!
    .lastSeenAt;

test("a session left idle for the settings' time (an hour by default) is signed out; use keeps it alive", async () => {
  const { cookie } = await signedIn("idle@session.test");
  expect(await currentStaff(request(cookie), minutesLater(59))).toBeDefined();
  // Used at 59 minutes: the hour runs again from there.
  expect(await currentStaff(request(cookie), minutesLater(59 + 59))).toBeDefined();
  expect(await currentStaff(request(cookie), minutesLater(59 + 59 + 60))).toBeUndefined();
  // Gone for good, not only refused this once.
  expect(await currentStaff(request(cookie), minutesLater(59 + 59 + 1))).toBeUndefined();
});

test("the idle time comes from Site Settings", async () => {
  const { cookie } = await signedIn("short-idle@session.test");
  await writeSiteDocument("settings", { ...siteDocumentDefaults.settings, staffIdleMinutes: 15 });
  try {
    expect(await currentStaff(request(cookie), minutesLater(14))).toBeDefined();
    expect(await currentStaff(request(cookie), minutesLater(14 + 16))).toBeUndefined();
  } finally {
    await writeSiteDocument("settings", siteDocumentDefaults.settings);
  }
});

test("however busy, a session ends 12 hours after sign-in", async () => {
  const { cookie } = await signedIn("absolute@session.test");
  for (let minutes = 30; minutes < 12 * 60; minutes += 30) {
    expect(await currentStaff(request(cookie), minutesLater(minutes)), `${minutes} minutes in`).toBeDefined();
  }
  expect(await currentStaff(request(cookie), minutesLater(12 * 60))).toBeUndefined();
});

test("last seen is written at most once a minute per session", async () => {
  const { member, cookie } = await signedIn("last-seen@session.test");
  await currentStaff(request(cookie), minutesLater(0.5));
  expect(await lastSeenOf(member.id)).toEqual(SIGNED_IN);
  await currentStaff(request(cookie), minutesLater(1));
  expect(await lastSeenOf(member.id)).toEqual(minutesLater(1));
  await currentStaff(request(cookie), minutesLater(1.9));
  expect(await lastSeenOf(member.id)).toEqual(minutesLater(1));
});

test("a member sees their own live sessions, with the device in words", async () => {
  const { member, cookie } = await signedIn("list@session.test");
  await startSession(request(undefined, { userAgent: MAC_SAFARI }), member.id, minutesLater(5));
  const other = await signedIn("list-other@session.test");
  const here = await currentStaff(request(cookie), minutesLater(10));
  const sessions = await listSessions(member.id, minutesLater(10));
  expect(sessions.map((s) => s.device)).toEqual(["Chrome on Android", "Safari on macOS"]);
  expect(sessions[0]).toMatchObject({ id: here!.sessionId, signedInAt: SIGNED_IN, lastSeenAt: minutesLater(10) });
  expect(sessions.map((s) => s.id)).not.toContain((await listSessions(other.member.id, minutesLater(10)))[0]!.id);
  // One left idle for the hour is no longer listed.
  expect((await listSessions(member.id, minutesLater(5 + 60))).map((s) => s.device)).toEqual(["Chrome on Android"]);
});

test("a member ends one of their own sessions, but posting another member's session id ends nothing", async () => {
  const owner = await signedIn("owner@end.test");
  const intruder = await signedIn("intruder@end.test");
  const [ownerSession] = await listSessions(owner.member.id, SIGNED_IN);
  expect(await endSessionById(intruder.member.id, ownerSession!.id)).toBe(false);
  expect(await currentStaff(request(owner.cookie), SIGNED_IN)).toBeDefined();

  expect(await endSessionById(owner.member.id, ownerSession!.id)).toBe(true);
  expect(await currentStaff(request(owner.cookie), SIGNED_IN)).toBeUndefined();
  expect(await currentStaff(request(intruder.cookie), SIGNED_IN)).toBeDefined();
});

test("a member signs out all other sessions, or every one including this", async () => {
  const { member, cookie } = await signedIn("everywhere@end.test");
  const laptop = pairOf(await startSession(request(undefined, { userAgent: MAC_SAFARI }), member.id, SIGNED_IN));
  const bystander = await signedIn("bystander@end.test");
  const here = await currentStaff(request(cookie), SIGNED_IN);

  await endSessionsOf(member.id, here!.sessionId);
  expect(await currentStaff(request(laptop), SIGNED_IN)).toBeUndefined();
  expect(await currentStaff(request(cookie), SIGNED_IN)).toBeDefined();

  await endSessionsOf(member.id);
  expect(await currentStaff(request(cookie), SIGNED_IN)).toBeUndefined();
  expect(await currentStaff(request(bystander.cookie), SIGNED_IN)).toBeDefined();
});

test("over HTTPS the cookie is __Host- prefixed and Secure, for the whole host; over HTTP it keeps its name", async () => {
  const member = await addStaff({ email: "host-cookie@session.test", password: PASSWORD });
  const https = await startSession(request(undefined, { url: "https://shop.test/admin/login" }), member.id);
  expect(https).toMatch(new RegExp(`^${SECURE_SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$`));
  expect(https).not.toMatch(/Domain=/i);
  const proxied = await startSession(new Request("http://shop.test/admin/login", { headers: { "X-Forwarded-Proto": "https" } }), member.id);
  expect(proxied.startsWith(`${SECURE_SESSION_COOKIE}=`)).toBe(true);
  const plain = await startSession(request(undefined, { url: "http://shop.test/admin/login" }), member.id);
  expect(plain).toMatch(new RegExp(`^${SESSION_COOKIE}=.*; Max-Age=43200$`));

  // Each is read under its own name only: a plain cookie planted on an HTTPS visit counts for nothing.
  const token = pairOf(https).split("=")[1]!;
  const onHttps = (cookie: string) => request(cookie, { url: "https://shop.test/admin/orders" });
  expect((await currentStaff(onHttps(`${SECURE_SESSION_COOKIE}=${token}`)))?.email).toBe("host-cookie@session.test");
  expect(await currentStaff(onHttps(`${SESSION_COOKIE}=${token}`))).toBeUndefined();
  expect(await endSession(onHttps(`${SECURE_SESSION_COOKIE}=${token}`))).toMatch(new RegExp(`^${SECURE_SESSION_COOKIE}=; .*Max-Age=0; Secure$`));
  expect(await currentStaff(onHttps(`${SECURE_SESSION_COOKIE}=${token}`))).toBeUndefined();

  // The shared-page cache tells staff from shoppers by either name.
  expect(hasSessionCookie(`theme=dark; ${SECURE_SESSION_COOKIE}=abc`)).toBe(true);
  expect(hasSessionCookie(`${SESSION_COOKIE}=abc`)).toBe(true);
  expect(hasSessionCookie("theme=dark; duka_browser=abc")).toBe(false);
});

test("the password step alone gives no access; the right code swaps it for a session under a new token", async () => {
  const member = await addStaff({ email: "second-step@session.test", password: PASSWORD });
  const waiting = pairOf(await awaitSecondStep(request(), member.id, SIGNED_IN));
  expect(await currentStaff(request(waiting), SIGNED_IN)).toBeUndefined();
  expect(await thrownRedirect(requireStaff(request(waiting), ["owner", "developer"]))).toMatch(/^\/admin\/login\?/);
  expect(await listSessions(member.id, SIGNED_IN)).toEqual([]);
  expect(await secondStepMember(request(waiting), minutesLater(4))).toBe(member.id);
  // It waits 5 minutes for the code.
  expect(await secondStepMember(request(waiting), minutesLater(5))).toBeUndefined();

  const fresh = pairOf(await awaitSecondStep(request(), member.id, SIGNED_IN));
  const signedInCookie = pairOf((await completeSecondStep(request(fresh), minutesLater(1)))!);
  expect(signedInCookie).not.toBe(fresh);
  expect((await currentStaff(request(signedInCookie), minutesLater(1)))?.email).toBe("second-step@session.test");
  // The waiting token is spent: it can neither complete again nor sign in.
  expect(await completeSecondStep(request(fresh), minutesLater(1))).toBeUndefined();
  expect(await currentStaff(request(fresh), minutesLater(1))).toBeUndefined();
});

test("where the settings require it, a Developer without two-step goes to Your account before anything else", async () => {
  const developer = await addStaff({ email: "dev@required.test", password: PASSWORD });
  const owner = await addStaff({ email: "owner@required.test", password: PASSWORD });
  const developerCookie = pairOf(await startSession(request(), developer.id));
  const ownerCookie = pairOf(await startSession(request(), owner.id));
  const at = (cookie: string, path: string) => request(cookie, { url: `http://shop.test${path}` });

  expect((await requireStaff(at(developerCookie, "/admin/settings"), ["developer"])).email).toBe("dev@required.test");
  await writeSiteDocument("settings", { ...siteDocumentDefaults.settings, requireTwoStepForDevelopers: true });
  try {
    expect(await thrownRedirect(requireStaff(at(developerCookie, "/admin/settings"), ["developer"]))).toBe("/admin/account");
    expect(await thrownRedirect(requireStaff(at(developerCookie, "/admin/dashboard"), ["owner", "developer"]))).toBe("/admin/account");
    expect((await requireStaff(at(developerCookie, "/admin/account"), ["owner", "developer"])).email).toBe("dev@required.test");
    // Store Owners are not Developers: the setting leaves them be.
    expect((await requireStaff(at(ownerCookie, "/admin/dashboard"), ["owner", "developer"])).email).toBe("owner@required.test");
  } finally {
    await writeSiteDocument("settings", siteDocumentDefaults.settings);
  }
});
