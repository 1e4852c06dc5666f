import { generateSync } from "otplib";
import { describe, expect, test } from "vitest";
import { checkAppCode, groupedSecret, isAppCode, newRecoveryCodes, normalRecoveryCode, twoStepUri } from "./two-step";

// RFC 6238's own test secret ("12345678901234567890"), in base32.
const SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const NOW = new Date("2026-11-20T08:00:10Z");
const seconds = (n: number) => new Date(NOW.getTime() + n * 1000);
const codeAt = (date: Date) => generateSync({ secret: SECRET, epoch: Math.floor(date.getTime() / 1000) });
const stepOf = (date: Date) => Math.floor(date.getTime() / 30_000);

describe("checkAppCode", () => {
  test("RFC 6238's published code for its test secret is accepted at its time", () => {
    // RFC 6238 Appendix B: T = 59 s gives 94287082, whose last 6 digits an app shows.
    expect(checkAppCode(SECRET, "287082", new Date(59_000), null)).toEqual({ ok: true, step: 1 });
  });

  test("a code is accepted in its own 30 seconds and one step either side, and refused further off", () => {
    const code = codeAt(NOW);
    expect(checkAppCode(SECRET, code, NOW, null)).toEqual({ ok: true, step: stepOf(NOW) });
    expect(checkAppCode(SECRET, code, seconds(30), null)).toEqual({ ok: true, step: stepOf(NOW) });
    expect(checkAppCode(SECRET, code, seconds(-30), null)).toEqual({ ok: true, step: stepOf(NOW) });
    expect(checkAppCode(SECRET, code, seconds(90), null)).toEqual({ ok: false });
    expect(checkAppCode(SECRET, code, seconds(-90), null)).toEqual({ ok: false });
  });

  test("a code from a step already used, or an earlier one, is refused; a later one is taken", () => {
    const step = stepOf(NOW);
    expect(checkAppCode(SECRET, codeAt(NOW), NOW, step)).toEqual({ ok: false });
    expect(checkAppCode(SECRET, codeAt(seconds(-30)), NOW, step)).toEqual({ ok: false });
    expect(checkAppCode(SECRET, codeAt(seconds(30)), NOW, step)).toEqual({ ok: true, step: step + 1 });
  });

  test("spaces typed in a code are ignored; anything but 6 digits is no app code", () => {
    const code = codeAt(NOW);
    expect(checkAppCode(SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, NOW, null)).toMatchObject({ ok: true });
    expect(checkAppCode(SECRET, "12345", NOW, null)).toEqual({ ok: false });
    expect(isAppCode("123 456")).toBe(true);
    expect(isAppCode("k7mqp-2xw9d")).toBe(false);
    expect(isAppCode("1234567")).toBe(false);
  });
});

describe("recovery codes", () => {
  test("ten codes of two groups of five from an alphabet without look-alikes, drawn from the randomness given", () => {
    let next = 0;
    const codes = newRecoveryCodes((max) => next++ % max);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
  });

  test("a code typed in capitals, with spaces or without its dash, is the same code", () => {
    expect(normalRecoveryCode(" K7MQP 2XW9D ")).toBe("k7mqp2xw9d");
    expect(normalRecoveryCode("k7mqp-2xw9d")).toBe("k7mqp2xw9d");
  });
});

test("the QR code's address names the shop and the member; the key is typed in groups of four", () => {
  const uri = twoStepUri("Duka Crafts", "owner@duka.test", SECRET);
  expect(uri).toMatch(/^otpauth:\/\/totp\/Duka%20Crafts:owner%40duka\.test\?/);
  expect(new URL(uri).searchParams.get("secret")).toBe(SECRET);
  expect(new URL(uri).searchParams.get("issuer")).toBe("Duka Crafts");
  expect(groupedSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
});
