import { sql } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { INVALID_LOGIN_MESSAGE, UNEXPECTED_LOGIN_MESSAGE } from "~/domain/staff-login";
import { db } from "~/server/db/database.server";
import { log } from "~/server/log.server";
import { addStaff } from "~/server/staff.server";
import { action } from "./login";

const signInPost = (email: string, password: string) => {
  const request = new Request("http://shop.test/admin/login", {
    method: "POST",
    headers: { Origin: "http://shop.test" },
    body: new URLSearchParams({ email, password }),
  });
  return action({ request, params: {}, context: { cspNonce: "", clientAddress: "203.0.113.7" } } as Parameters<typeof action>[0]);
};

const answer = async (result: Awaited<ReturnType<typeof signInPost>>) => {
  const { data, init } = result as unknown as { data: { error: string; email: string }; init: { status: number } };
  return { ...data, status: init.status };
};

test("a failure other than a wrong password says 'An unexpected error occurred…' and keeps the email", async () => {
  await addStaff({ email: "owner@login.test", password: "a long enough password" });
  expect(await answer(await signInPost("owner@login.test", "wrong password"))).toEqual({
    error: INVALID_LOGIN_MESSAGE,
    email: "owner@login.test",
    status: 401,
  });
  // A real fault in the database: the table the lockout counts failures in is gone.
  await (await db()).execute(sql`drop table rate_limits`);
  const logged = vi.spyOn(log(), "error");
  try {
    expect(await answer(await signInPost("owner@login.test", "a long enough password"))).toEqual({
      error: UNEXPECTED_LOGIN_MESSAGE,
      email: "owner@login.test",
      status: 500,
    });
    expect(logged).toHaveBeenCalledTimes(1);
  } finally {
    logged.mockRestore();
  }
});
