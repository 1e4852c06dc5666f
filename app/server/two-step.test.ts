import { generateSync } from "otplib";
import { expect, test } from "vitest";
import { addStaff } from "./staff.server";
import { checkTwoStepCode } from "./staff-login.server";
import { beginTwoStepSetup, confirmTwoStep, turnOffTwoStep, twoStepState, spendTwoStepCode } from "./two-step.server";

// Two-step sign-in with an authenticator app (issue 21, decision 045).

const PASSWORD = "a long enough password";
const NOW = new Date("2026-11-20T08:00:10Z");
const seconds = (n: number, from = NOW) => new Date(from.getTime() + n * 1000);
const codeAt = (secret: string, at: Date) => generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** A member who has scanned the QR code: the key the page shows, as the app reads it. */
async function settingUp(email: string) {
  const member = await addStaff({ email, password: PASSWORD });
  await beginTwoStepSetup(member.id);
  const state = await twoStepState(member.id, email, "Duka");
  return { member, state, secret: state.setup!.secret.replace(/ /g, "") };
}

async function withTwoStep(email: string) {
  const { member, secret } = await settingUp(email);
  const recoveryCodes = (await confirmTwoStep(member.id, codeAt(secret, NOW), NOW))!;
  return { member, secret, recoveryCodes };
}

test("setting up shows a QR code (SVG) of the shop's otpauth address and the key beside it; it is not on until confirmed", async () => {
  const { member, state } = await settingUp("qr@two-step.test");
  expect(state.on).toBe(false);
  expect(state.setup!.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  expect(state.setup!.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(state.setup!.qrSvg).toContain("<path");
  expect(await spendTwoStepCode(member.id, "123456", NOW)).toBe(false);
});

test("a wrong code does not turn it on; a right one does and gives 10 recovery codes, shown once", async () => {
  const { member, secret } = await settingUp("confirm@two-step.test");
  expect(await confirmTwoStep(member.id, codeAt(secret, seconds(-120)), NOW)).toBeUndefined();
  expect((await twoStepState(member.id, "confirm@two-step.test", "Duka")).on).toBe(false);

  const codes = await confirmTwoStep(member.id, codeAt(secret, NOW), NOW);
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  const state = await twoStepState(member.id, "confirm@two-step.test", "Duka");
  expect(state).toEqual({ on: true, recoveryCodesLeft: 10 });
  // Setting up again while it is on changes nothing.
  await beginTwoStepSetup(member.id);
  expect(await twoStepState(member.id, "confirm@two-step.test", "Duka")).toEqual({ on: true, recoveryCodesLeft: 10 });
});

test("an app code is taken within a step of the time either side, once, and never one already used", async () => {
  const { member, secret } = await withTwoStep("verify@two-step.test");
  // The confirming code's step is spent.
  expect(await spendTwoStepCode(member.id, codeAt(secret, NOW), NOW)).toBe(false);
  const later = seconds(300);
  expect(await spendTwoStepCode(member.id, codeAt(secret, seconds(-90, later)), later)).toBe(false);
  expect(await spendTwoStepCode(member.id, codeAt(secret, seconds(90, later)), later)).toBe(false);
  expect(await spendTwoStepCode(member.id, codeAt(secret, seconds(-30, later)), later)).toBe(true);
  expect(await spendTwoStepCode(member.id, codeAt(secret, seconds(-30, later)), later)).toBe(false);
  // A phone running 30 seconds fast.
  expect(await spendTwoStepCode(member.id, codeAt(secret, seconds(30, later)), later)).toBe(true);
  // After a later step was used, an earlier one still within the window is refused too.
  expect(await spendTwoStepCode(member.id, codeAt(secret, later), later)).toBe(false);
});

test("the same app code sent twice at once passes once", async () => {
  const { member, secret } = await withTwoStep("race@two-step.test");
  const later = seconds(600);
  const code = codeAt(secret, later);
  const results = await Promise.all([1, 2, 3, 4].map(() => spendTwoStepCode(member.id, code, later)));
  expect(results.filter(Boolean)).toHaveLength(1);
});

test("a recovery code works once, in any case and spacing; another member's does not work", async () => {
  const { member, recoveryCodes } = await withTwoStep("recovery@two-step.test");
  const other = await withTwoStep("other-recovery@two-step.test");
  expect(await spendTwoStepCode(member.id, other.recoveryCodes[0]!, NOW)).toBe(false);

  const [first, second] = recoveryCodes;
  expect(await spendTwoStepCode(member.id, first!, NOW)).toBe(true);
  expect(await spendTwoStepCode(member.id, first!, NOW)).toBe(false);
  expect(await spendTwoStepCode(member.id, ` ${second!.replace("-", "").toUpperCase()} `, NOW)).toBe(true);
  expect((await twoStepState(member.id, "recovery@two-step.test", "Duka")).recoveryCodesLeft).toBe(8);
  // Both sent at once: one passes.
  const third = recoveryCodes[2]!;
  expect((await Promise.all([third, third].map((code) => spendTwoStepCode(member.id, code, NOW)))).filter(Boolean)).toHaveLength(1);
});

test("wrong codes are limited like passwords: 5 from one client for the member, while another client still may", async () => {
  const { member, secret } = await withTwoStep("limited@two-step.test");
  const at = seconds(900);
  for (let i = 0; i < 5; i++) expect(await checkTwoStepCode(member.id, "000000", "10.7.0.1", at)).toEqual({ ok: false, reason: "wrong" });
  expect(await checkTwoStepCode(member.id, codeAt(secret, at), "10.7.0.1", at)).toEqual({ ok: false, reason: "locked-out" });
  expect(await checkTwoStepCode(member.id, codeAt(secret, at), "10.7.0.2", at)).toEqual({ ok: true });
});

test("10 wrong codes for one member from anywhere stop the code step for that member", async () => {
  const { member, secret } = await withTwoStep("spread@two-step.test");
  const at = seconds(1_200);
  for (let i = 0; i < 10; i++) await checkTwoStepCode(member.id, "000000", `10.8.0.${i}`, at);
  expect(await checkTwoStepCode(member.id, codeAt(secret, at), "10.8.0.99", at)).toEqual({ ok: false, reason: "locked-out" });
});

test("turning it off forgets the secret and the recovery codes", async () => {
  const { member, secret, recoveryCodes } = await withTwoStep("off@two-step.test");
  await turnOffTwoStep(member.id);
  expect(await twoStepState(member.id, "off@two-step.test", "Duka")).toEqual({ on: false, recoveryCodesLeft: 0 });
  expect(await spendTwoStepCode(member.id, codeAt(secret, seconds(60)), seconds(60))).toBe(false);
  expect(await spendTwoStepCode(member.id, recoveryCodes[0]!, NOW)).toBe(false);
});
