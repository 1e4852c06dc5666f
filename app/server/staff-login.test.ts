import { expect, test, vi } from "vitest";
import { requireAdminAction, requireAdminPage, requireSameOrigin } from "./admin-guard.server";
import { runControlRequest } from "./control.server";
import { SESSION_COOKIE, startSession } from "./session.server";
import type * as staff from "./staff.server";
import { addStaff, checkStaffPassword } from "./staff.server";
import { signIn } from "./staff-login.server";

// Every password check is counted, so a test can see how many guesses were checked.
vi.mock("./staff.server", async (importOriginal) => {
  const original = await importOriginal<typeof staff>();
  return { ...original, checkStaffPassword: vi.fn(original.checkStaffPassword) };
});

const PASSWORD = "a long enough password";
const minutes = (n: number) => n * 60_000;

async function refusal(work: () => Promise<unknown> | unknown): Promise<Response> {
  try {
    await work();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

test("the right password signs in; a wrong one and an unknown email are both 'invalid'", async () => {
  await addStaff({ email: "owner@signin.test", password: PASSWORD });
  expect(await signIn("Owner@Signin.test", PASSWORD, "10.0.0.1")).toMatchObject({ ok: true, staff: { email: "owner@signin.test" } });
  expect(await signIn("owner@signin.test", "wrong password", "10.0.0.1")).toEqual({ ok: false, reason: "invalid" });
  expect(await signIn("nobody@signin.test", PASSWORD, "10.0.0.1")).toEqual({ ok: false, reason: "invalid" });
});

test("after 5 failures in 15 minutes for one email from one client, even the right password waits there until the window passes", async () => {
  await addStaff({ email: "locked@signin.test", password: PASSWORD });
  const start = new Date("2026-11-22T08:00:00Z");
  for (let i = 0; i < 5; i++) {
    expect(await signIn("locked@signin.test", `guess ${i}`, "10.1.0.1", start)).toMatchObject({ reason: "invalid" });
  }
  const soon = new Date(start.getTime() + minutes(5));
  expect(await signIn("locked@signin.test", PASSWORD, "10.1.0.1", soon)).toEqual({ ok: false, reason: "locked-out" });
  const later = new Date(start.getTime() + minutes(16));
  expect(await signIn("locked@signin.test", PASSWORD, "10.1.0.1", later)).toMatchObject({ ok: true });
});

test("wrong passwords for the owner's email from client A do not lock out client B", async () => {
  await addStaff({ email: "owner@afar.test", password: PASSWORD });
  const now = new Date("2026-11-22T08:30:00Z");
  // A stranger far away types wrong passwords for the owner's email, well past the limit.
  for (let i = 0; i < 8; i++) await signIn("owner@afar.test", `guess ${i}`, "198.51.100.7", now);
  expect(await signIn("owner@afar.test", PASSWORD, "198.51.100.7", now)).toEqual({ ok: false, reason: "locked-out" });
  // The owner, at the shop, signs in.
  expect(await signIn("owner@afar.test", PASSWORD, "10.9.0.1", now)).toMatchObject({ ok: true, staff: { email: "owner@afar.test" } });
});

test("an IPv6 client counts by its /64: another address of the same network is the same client", async () => {
  await addStaff({ email: "ipv6@signin.test", password: PASSWORD });
  const now = new Date("2026-11-22T08:45:00Z");
  for (let i = 0; i < 5; i++) await signIn("ipv6@signin.test", `guess ${i}`, `2c0f:fe38:2001:7f::${i + 1}`, now);
  expect(await signIn("ipv6@signin.test", PASSWORD, "2c0f:fe38:2001:7f::99", now)).toEqual({ ok: false, reason: "locked-out" });
  expect(await signIn("ipv6@signin.test", PASSWORD, "2c0f:fe38:2001:80::1", now)).toMatchObject({ ok: true });
});

test("after 20 failures from one client for any emails, that client is refused for every email; others are not", async () => {
  await addStaff({ email: "victim@signin.test", password: PASSWORD });
  const now = new Date("2026-11-22T09:00:00Z");
  for (let i = 0; i < 20; i++) {
    expect(await signIn(`spray${i}@signin.test`, "password123", "10.2.0.1", now)).toEqual({ ok: false, reason: "invalid" });
  }
  expect(await signIn("victim@signin.test", PASSWORD, "10.2.0.1", now)).toEqual({ ok: false, reason: "locked-out" });
  expect(await signIn("victim@signin.test", PASSWORD, "10.2.0.2", now)).toMatchObject({ ok: true });
});

test("twenty wrong passwords sent at once from one client for one email get at most 5 checked", async () => {
  await addStaff({ email: "raced@signin.test", password: PASSWORD });
  vi.mocked(checkStaffPassword).mockClear();
  const now = new Date("2026-11-22T10:00:00Z");
  // On PostgreSQL they arrive on several connections at once.
  const results = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn("raced@signin.test", `guess ${i}`, "10.3.0.1", now)));
  expect(vi.mocked(checkStaffPassword)).toHaveBeenCalledTimes(5);
  expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(5);
  expect(results.filter((r) => !r.ok && r.reason === "locked-out")).toHaveLength(15);
  expect(await signIn("raced@signin.test", PASSWORD, "10.3.0.1", now)).toEqual({ ok: false, reason: "locked-out" });
});

test("forty wrong passwords sent at once from one client, for forty emails, get at most 20 checked", async () => {
  vi.mocked(checkStaffPassword).mockClear();
  const now = new Date("2026-11-22T11:00:00Z");
  const results = await Promise.all(
    Array.from({ length: 40 }, (_, i) => signIn(`sprayed${i}@signin.test`, "password123", "10.4.0.1", now)),
  );
  expect(vi.mocked(checkStaffPassword)).toHaveBeenCalledTimes(20);
  expect(results.filter((r) => !r.ok && r.reason === "locked-out")).toHaveLength(20);
});

test("the staff CLI's unlock clears a member's lockouts from every client, and refuses an unknown email", async () => {
  await addStaff({ email: "unlock@signin.test", password: PASSWORD });
  const now = new Date("2026-11-22T11:30:00Z");
  for (const client of ["10.6.0.1", "10.6.0.2"]) {
    for (let i = 0; i < 5; i++) await signIn("unlock@signin.test", `guess ${i}`, client, now);
    expect(await signIn("unlock@signin.test", PASSWORD, client, now)).toEqual({ ok: false, reason: "locked-out" });
  }
  // What `npm run staff -- unlock <email>` asks of the shop (over its socket while it runs).
  await runControlRequest({ command: "staff-unlock", email: "Unlock@Signin.test" });
  expect(await signIn("unlock@signin.test", PASSWORD, "10.6.0.1", now)).toMatchObject({ ok: true });
  expect(await signIn("unlock@signin.test", PASSWORD, "10.6.0.2", now)).toMatchObject({ ok: true });
  await expect(runControlRequest({ command: "staff-unlock", email: "nobody@signin.test" })).rejects.toThrow(
    "nobody@signin.test is not a staff member.",
  );
});

test("a right password does not count as a failure", async () => {
  await addStaff({ email: "returning@signin.test", password: PASSWORD });
  const now = new Date("2026-11-22T12:00:00Z");
  for (let i = 0; i < 4; i++) await signIn("returning@signin.test", `typo ${i}`, "10.5.0.1", now);
  for (let i = 0; i < 3; i++) expect(await signIn("returning@signin.test", PASSWORD, "10.5.0.1", now)).toMatchObject({ ok: true });
  expect(await signIn("returning@signin.test", "one more typo", "10.5.0.1", now)).toEqual({ ok: false, reason: "invalid" });
  expect(await signIn("returning@signin.test", PASSWORD, "10.5.0.1", now)).toEqual({ ok: false, reason: "locked-out" });
});

test("a form posted from another site, or with no Origin, is refused with 403", async () => {
  const post = (origin?: string) =>
    new Request("http://shop.test/admin/dashboard", { method: "POST", headers: origin ? { Origin: origin } : {} });
  expect((await refusal(() => requireSameOrigin(post("https://evil.example")))).status).toBe(403);
  expect((await refusal(() => requireSameOrigin(post()))).status).toBe(403);
  expect(() => requireSameOrigin(post("http://shop.test"))).not.toThrow();
});

test("the guard takes each page's roles from the one list of admin pages", async () => {
  const owner = await addStaff({ email: "guard@signin.test", password: PASSWORD });
  const cookie = (await startSession(new Request("http://shop.test/"), owner.id)).split(";")[0]!;
  const asOwner = (path: string, init: RequestInit = {}) =>
    new Request(`http://shop.test${path}`, { ...init, headers: { Cookie: cookie, Origin: "http://shop.test", ...init.headers } });

  expect((await requireAdminPage(asOwner("/admin/orders"))).role).toBe("owner");
  const settings = await refusal(() => requireAdminPage(asOwner("/admin/settings")));
  expect(settings.headers.get("Location")).toBe("/admin/dashboard");
  const settingsPost = await refusal(() => requireAdminAction(asOwner("/admin/settings", { method: "POST" })));
  expect(settingsPost.headers.get("Location")).toBe("/admin/dashboard");
  const signedOut = await refusal(() => requireAdminPage(new Request("http://shop.test/admin/faq")));
  expect(signedOut.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Ffaq");
  expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
});
