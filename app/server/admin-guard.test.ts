import { expect, test } from "vitest";
import { requireAdminPage } from "./admin-guard.server";
import { startSession } from "./session.server";
import { addStaff } from "./staff.server";

const SHOP = "http://shop.test";

async function visitAs(role: "owner" | "developer", path: string) {
  const staff = await addStaff({
    email: `${role}-${Math.random().toString(36).slice(2)}@guard.test`,
    password: "a long enough password",
    role,
  });
  const cookie = (await startSession(new Request(SHOP), staff.id)).split(";")[0]!;
  return new Request(`${SHOP}${path}`, { headers: { Cookie: cookie } });
}

/** Where the guard sends the visitor, or "let in". */
async function guarded(request: Request) {
  try {
    await requireAdminPage(request);
    return "let in";
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location");
    throw thrown;
  }
}

test("staff are let into the admin pages their role lists", async () => {
  expect(await guarded(await visitAs("owner", "/admin/orders"))).toBe("let in");
  expect(await guarded(await visitAs("owner", "/admin/search"))).toBe("let in");
  expect(await guarded(await visitAs("developer", "/admin/settings"))).toBe("let in");
  expect(await guarded(await visitAs("owner", "/admin/settings"))).toBe("/admin/dashboard");
});

test("an admin address the list of pages lacks is refused to every role, not open to all", async () => {
  for (const role of ["owner", "developer"] as const) {
    expect(await guarded(await visitAs(role, "/admin/a-page-nobody-listed"))).toBe("/admin/dashboard");
  }
  expect(await guarded(new Request(`${SHOP}/admin/a-page-nobody-listed`))).toBe(
    `/admin/login?redirectTo=${encodeURIComponent("/admin/a-page-nobody-listed")}`,
  );
});
