import { expect, test, vi } from "vitest";
import { requireAdminAction, requireAdminPage, requireSameOrigin } from "./admin-guard.server";
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

test("after 5 failures in 15 minutes for one email, even the right password is refused until the window passes", async () => {
  await addStaff({ email: "locked@signin.test", password: PASSWORD });
  const start = new Date("2026-11-22T08:00:00Z");
  for (let i = 0; i < 5; i++) {
    // From different clients: the email alone locks.
    expect(await signIn("locked@signin.test", `guess ${i}`, `10.1.0.${i}`, start)).toMatchObject({ reason: "invalid" });
  }
  const soon = new Date(start.getTime() + minutes(5));
  expect(await signIn("locked@signin.test", PASSWORD, "10.1.0.99", soon)).toEqual({ ok: false, reason: "locked-out" });
  const later = new Date(start.getTime() + minutes(16));
  expect(await signIn("locked@signin.test", PASSWORD, "10.1.0.99", later)).toMatchObject({ ok: true });
});

test("after 5 failures from one client, that client is refused for every email", async () => {
  await addStaff({ email: "victim@signin.test", password: PASSWORD });
  const now = new Date("2026-11-22T09:00:00Z");
  for (let i = 0; i < 5; i++) await signIn(`spray${i}@signin.test`, "password123", "10.2.0.1", now);
  expect(await signIn("victim@signin.test", PASSWORD, "10.2.0.1", now)).toEqual({ ok: false, reason: "locked-out" });
  expect(await signIn("victim@signin.test", PASSWORD, "10.2.0.2", now)).toMatchObject({ ok: true });
});

test("twenty wrong passwords sent at once for one email get at most 5 checked", async () => {
  await addStaff({ email: "raced@signin.test", password: PASSWORD });
  vi.mocked(checkStaffPassword).mockClear();
  const now = new Date("2026-11-22T10:00:00Z");
  // From twenty clients, so only the email's count stands between the guesses and the password check. On
  // PostgreSQL they arrive on several connections at once.
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => signIn("raced@signin.test", `guess ${i}`, `10.3.0.${i}`, now)),
  );
  expect(vi.mocked(checkStaffPassword)).toHaveBeenCalledTimes(5);
  expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(5);
  expect(results.filter((r) => !r.ok && r.reason === "locked-out")).toHaveLength(15);
  expect(await signIn("raced@signin.test", PASSWORD, "10.3.0.99", now)).toEqual({ ok: false, reason: "locked-out" });
});

test("twenty wrong passwords sent at once from one client, for twenty emails, get at most 5 checked", async () => {
  vi.mocked(checkStaffPassword).mockClear();
  const now = new Date("2026-11-22T11:00:00Z");
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => signIn(`sprayed${i}@signin.test`, "password123", "10.4.0.1", now)),
  );
  expect(vi.mocked(checkStaffPassword)).toHaveBeenCalledTimes(5);
  expect(results.filter((r) => !r.ok && r.reason === "locked-out")).toHaveLength(15);
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
