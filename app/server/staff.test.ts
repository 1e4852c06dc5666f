import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "./db/database.server";
import { staffSessions, staffUsers } from "./db/schema.server";
import { currentStaff, endSession, requireStaff, SESSION_COOKIE, startSession } from "./session.server";
import { addStaff, checkStaffPassword, listStaff, removeStaff, setStaffPassword } from "./staff.server";

const PASSWORD = "correct horse battery";

function requestWith(cookieHeader: string | undefined, url = "http://shop.test/admin/orders?tab=archived") {
  return new Request(url, { headers: cookieHeader ? { Cookie: cookieHeader } : {} });
}
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

async function thrownResponse(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a redirect");
}

test("roles follow the spec's rule unless given: dev@ is a Developer, anyone else a Store Owner", async () => {
  expect((await addStaff({ email: "dev@duka.test", password: PASSWORD })).role).toBe("developer");
  expect((await addStaff({ email: "Owner@Duka.test", password: PASSWORD })).role).toBe("owner");
  expect((await addStaff({ email: "dev@other.test", password: PASSWORD, role: "owner" })).role).toBe("owner");
  expect((await listStaff()).map((s) => s.email)).toEqual(["dev@duka.test", "dev@other.test", "owner@duka.test"]);
});

test("passwords are stored only as argon2id hashes", async () => {
  await addStaff({ email: "hash@duka.test", password: PASSWORD });
  const [row] = await (await db()).select().from(staffUsers).where(sql`${staffUsers.email} = 'hash@duka.test'`);
  expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(row!.passwordHash).not.toContain(PASSWORD);
});

test("the database itself refuses a password that is not an argon2id hash", async () => {
  await expect(
    (await db()).insert(staffUsers).values({ id: "plain1", email: "plain@duka.test", role: "owner", passwordHash: "hunter2" }),
  ).rejects.toThrow();
});

test("an email is a staff member once, whatever its case; short passwords are refused", async () => {
  await addStaff({ email: "once@duka.test", password: PASSWORD });
  await expect(addStaff({ email: "ONCE@duka.test", password: PASSWORD })).rejects.toThrow("once@duka.test is already a staff member.");
  await expect(addStaff({ email: "short@duka.test", password: "short" })).rejects.toThrow("at least 10 characters");
  await expect(addStaff({ email: "not-an-email", password: PASSWORD })).rejects.toThrow("is not a valid email address");
});

test("sign-in checks the password; an unknown email and a wrong password look the same", async () => {
  await addStaff({ email: "login@duka.test", password: PASSWORD });
  expect((await checkStaffPassword("LOGIN@duka.test", PASSWORD))?.email).toBe("login@duka.test");
  expect(await checkStaffPassword("login@duka.test", "wrong password!")).toBeUndefined();
  expect(await checkStaffPassword("nobody@duka.test", PASSWORD)).toBeUndefined();
});

test("a session cookie is random, httpOnly and SameSite=Lax, stored only as a hash, and Secure over HTTPS", async () => {
  const member = await addStaff({ email: "session@duka.test", password: PASSWORD });
  const setCookie = await startSession(requestWith(undefined), member.id);
  expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200$`));
  const token = cookiePair(setCookie).split("=")[1]!;
  const stored = await (await db()).select().from(staffSessions);
  expect(stored.some((s) => s.tokenHash === token)).toBe(false);

  const secure = await startSession(requestWith(undefined, "https://shop.test/admin"), member.id);
  expect(secure).toMatch(/; Secure$/);

  expect((await currentStaff(requestWith(cookiePair(setCookie))))?.email).toBe("session@duka.test");
  expect(await currentStaff(requestWith(`${SESSION_COOKIE}=forged-token`))).toBeUndefined();
});

test("loaders asking about one session at once share one read, and a later ask reads again", async () => {
  const member = await addStaff({ email: "shared-read@duka.test", password: PASSWORD });
  const cookie = cookiePair(await startSession(requestWith(undefined), member.id));
  // React Router gives the layout's loader and the page's loader each its own copy of the request.
  const layoutAsks = currentStaff(requestWith(cookie));
  const pageAsks = currentStaff(requestWith(cookie));
  expect(pageAsks).toBe(layoutAsks);
  expect((await pageAsks)?.email).toBe("shared-read@duka.test");

  await endSession(requestWith(cookie));
  expect(await currentStaff(requestWith(cookie))).toBeUndefined();
});

test("a session expires", async () => {
  const member = await addStaff({ email: "expiry@duka.test", password: PASSWORD });
  const longAgo = new Date(Date.now() - 15 * 86_400_000);
  const setCookie = await startSession(requestWith(undefined), member.id, longAgo);
  expect(await currentStaff(requestWith(cookiePair(setCookie)))).toBeUndefined();
});

test("signing out ends the session and clears the cookie", async () => {
  const member = await addStaff({ email: "logout@duka.test", password: PASSWORD });
  const cookie = cookiePair(await startSession(requestWith(undefined), member.id));
  const cleared = await endSession(requestWith(cookie));
  expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0`));
  expect(await currentStaff(requestWith(cookie))).toBeUndefined();
});

test("requireStaff sends the signed-out to the login page with the way back", async () => {
  const response = await thrownResponse(requireStaff(requestWith(undefined), ["owner", "developer"]));
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Forders%3Ftab%3Darchived");
});

test("requireStaff sends a staff member without the role to the dashboard, and lets the right role through", async () => {
  const owner = await addStaff({ email: "guard-owner@duka.test", password: PASSWORD });
  const developer = await addStaff({ email: "dev@guard.test", password: PASSWORD });
  const ownerCookie = cookiePair(await startSession(requestWith(undefined), owner.id));
  const developerCookie = cookiePair(await startSession(requestWith(undefined), developer.id));

  const refused = await thrownResponse(requireStaff(requestWith(ownerCookie), ["developer"]));
  expect(refused.headers.get("Location")).toBe("/admin/dashboard");
  expect((await requireStaff(requestWith(developerCookie), ["developer"])).email).toBe("dev@guard.test");
  expect((await requireStaff(requestWith(ownerCookie), ["owner", "developer"])).role).toBe("owner");
});

test("a new password signs the member out of existing sessions; removing a member removes their sessions", async () => {
  const member = await addStaff({ email: "rotate@duka.test", password: PASSWORD });
  const cookie = cookiePair(await startSession(requestWith(undefined), member.id));
  await setStaffPassword("rotate@duka.test", "another long password");
  expect(await currentStaff(requestWith(cookie))).toBeUndefined();
  expect(await checkStaffPassword("rotate@duka.test", "another long password")).toBeDefined();

  const again = cookiePair(await startSession(requestWith(undefined), member.id));
  await removeStaff("rotate@duka.test");
  expect(await currentStaff(requestWith(again))).toBeUndefined();
  await expect(removeStaff("rotate@duka.test")).rejects.toThrow("rotate@duka.test is not a staff member.");
});
