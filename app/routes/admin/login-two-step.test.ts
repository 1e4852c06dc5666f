import { generateSync } from "otplib";
import { expect, test } from "vitest";
import { WRONG_TWO_STEP_CODE_MESSAGE } from "~/domain/staff-login";
import { currentStaff, listSessions, startSession } from "~/server/session.server";
import { addStaff } from "~/server/staff.server";
import { beginTwoStepSetup, confirmTwoStep, twoStepState } from "~/server/two-step.server";
import { action as accountAction } from "./account";
import { action as loginAction } from "./login";
import { action as twoStepAction, loader as twoStepLoader } from "./login-two-step";

// The two steps of signing in, and the account page's forms, through their route actions (decision 045).

const SHOP = "http://shop.test";
const PASSWORD = "a long enough password";
const context = { cspNonce: "", clientAddress: "203.0.113.9" };

const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  new Request(`${SHOP}${path}`, {
    method: "POST",
    headers: { Origin: SHOP, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
/** Calls a route's loader or action as React Router would, with this request. */
const call = (handler: (args: never) => Promise<unknown>, request: Request) => handler({ request, params: {}, context } as never);
const pairOf = (response: Response) => response.headers.get("Set-Cookie")!.split(";")[0]!;
const dataOf = (result: unknown) => {
  const { data, init } = result as { data: { error?: string; done?: string; recoveryCodes?: string[] }; init: { status?: number } | null };
  return { ...data, status: init?.status ?? 200 };
};
async function answer(work: Promise<unknown>): Promise<Response> {
  try {
    const result = await work;
    if (result instanceof Response) return result;
    throw new Error(`expected a response, got ${JSON.stringify(result)}`);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

async function memberWithTwoStep(email: string) {
  const member = await addStaff({ email, password: PASSWORD });
  await beginTwoStepSetup(member.id);
  const secret = (await twoStepState(member.id, email, "Duka")).setup!.secret.replace(/ /g, "");
  const recoveryCodes = (await confirmTwoStep(member.id, generateSync({ secret })))!;
  return { member, secret, recoveryCodes };
}

test("a member with two-step on: the password step gives no access, only the way to the code step", async () => {
  const { secret } = await memberWithTwoStep("owner@steps.test");
  const afterPassword = await answer(
    call(loginAction, post("/admin/login", { email: "owner@steps.test", password: PASSWORD, redirectTo: "/admin/orders" })),
  );
  expect(afterPassword.status).toBe(302);
  expect(afterPassword.headers.get("Location")).toBe("/admin/login/two-step?redirectTo=%2Fadmin%2Forders");
  const waiting = pairOf(afterPassword);
  expect(await currentStaff(new Request(`${SHOP}/admin/orders`, { headers: { Cookie: waiting } }))).toBeUndefined();
  expect(await call(twoStepLoader, new Request(`${SHOP}/admin/login/two-step`, { headers: { Cookie: waiting } }))).toBeNull();

  const wrong = dataOf(await call(twoStepAction, post("/admin/login/two-step", { code: "000000" }, waiting)));
  expect(wrong).toEqual({ error: WRONG_TWO_STEP_CODE_MESSAGE, status: 401 });

  // The next step's code, so it is not the one that turned two-step on.
  const code = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  const signedIn = await answer(call(twoStepAction, post("/admin/login/two-step", { code, redirectTo: "/admin/orders" }, waiting)));
  expect(signedIn.headers.get("Location")).toBe("/admin/orders");
  const session = pairOf(signedIn);
  expect(session).not.toBe(waiting);
  expect((await currentStaff(new Request(`${SHOP}/admin/orders`, { headers: { Cookie: session } })))?.email).toBe("owner@steps.test");
});

test("a recovery code signs in once at the code step", async () => {
  const { recoveryCodes } = await memberWithTwoStep("recovery@steps.test");
  const passwordStep = async () =>
    pairOf(await answer(call(loginAction, post("/admin/login", { email: "recovery@steps.test", password: PASSWORD }))));
  const first = await answer(call(twoStepAction, post("/admin/login/two-step", { code: recoveryCodes[0]! }, await passwordStep())));
  expect(first.headers.get("Location")).toBe("/admin/dashboard");
  const again = dataOf(await call(twoStepAction, post("/admin/login/two-step", { code: recoveryCodes[0]! }, await passwordStep())));
  expect(again).toEqual({ error: WRONG_TWO_STEP_CODE_MESSAGE, status: 401 });
});

test("without a waiting password step, the code step sends the visitor back to sign in", async () => {
  const loaded = await answer(call(twoStepLoader, new Request(`${SHOP}/admin/login/two-step?redirectTo=%2Fadmin%2Friders`)));
  expect(loaded.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Friders");
  const posted = await answer(call(twoStepAction, post("/admin/login/two-step", { code: "123456" })));
  expect(posted.headers.get("Location")).toBe("/admin/login");
});

test("on Your account, posting another member's session id ends nothing; one's own ends", async () => {
  const victim = await addStaff({ email: "victim@account.test", password: PASSWORD });
  const attacker = await addStaff({ email: "attacker@account.test", password: PASSWORD });
  const victimCookie = (await startSession(new Request(SHOP), victim.id)).split(";")[0]!;
  const attackerCookie = (await startSession(new Request(SHOP), attacker.id)).split(";")[0]!;
  const spare = await startSession(new Request(SHOP, { headers: { "User-Agent": "Firefox/132.0" } }), attacker.id);
  const [victimSession] = await listSessions(victim.id);

  const refused = dataOf(await call(accountAction, post("/admin/account", { intent: "end-session", sessionId: victimSession!.id }, attackerCookie)));
  expect(refused).toMatchObject({ error: "That session had already ended.", status: 404 });
  expect(await currentStaff(new Request(SHOP, { headers: { Cookie: victimCookie } }))).toBeDefined();

  const spareId = (await listSessions(attacker.id)).find((s) => s.device === "Firefox")!.id;
  const ended = dataOf(await call(accountAction, post("/admin/account", { intent: "end-session", sessionId: spareId }, attackerCookie)));
  expect(ended).toMatchObject({ done: "That session is signed out.", status: 200 });
  expect(await currentStaff(new Request(SHOP, { headers: { Cookie: spare.split(";")[0]! } }))).toBeUndefined();

  const everywhere = await answer(call(accountAction, post("/admin/account", { intent: "end-all-sessions" }, attackerCookie)));
  expect(everywhere.headers.get("Location")).toBe("/admin/login");
  expect(everywhere.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
  expect(await listSessions(attacker.id)).toEqual([]);
  expect(await listSessions(victim.id)).toHaveLength(1);
});

test("on Your account, two-step is set up, confirmed with a code, and turned off only with a right code", async () => {
  const member = await addStaff({ email: "self@account.test", password: PASSWORD });
  const cookie = (await startSession(new Request(SHOP), member.id)).split(";")[0]!;
  const send = (fields: Record<string, string>) => call(accountAction, post("/admin/account", fields, cookie)).then(dataOf);

  await send({ intent: "set-up-two-step" });
  const secret = (await twoStepState(member.id, "self@account.test", "Duka")).setup!.secret.replace(/ /g, "");
  expect(await send({ intent: "confirm-two-step", code: "12345" })).toMatchObject({ error: "Enter the 6-digit code from your authenticator app.", status: 400 });
  const confirmed = await send({ intent: "confirm-two-step", code: generateSync({ secret }) });
  expect(confirmed.recoveryCodes).toHaveLength(10);

  expect(await send({ intent: "turn-off-two-step", code: "000000" })).toMatchObject({ error: WRONG_TWO_STEP_CODE_MESSAGE, status: 400 });
  expect((await twoStepState(member.id, "self@account.test", "Duka")).on).toBe(true);
  const code = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  expect(await send({ intent: "turn-off-two-step", code })).toMatchObject({ done: "Two-step sign-in is off." });
  expect((await twoStepState(member.id, "self@account.test", "Duka")).on).toBe(false);
});
