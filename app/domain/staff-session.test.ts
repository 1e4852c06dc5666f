import { describe, expect, test } from "vitest";
import { deviceName, isSessionLive, lastSeenIsStale, sessionExpiry, staffIdleMinutes, twoStepRequiredForDevelopers } from "./staff-session";

const at = (time: string) => new Date(`2026-11-20T${time}:00Z`);
const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

describe("how long a session lasts", () => {
  const start = at("08:00");
  const session = { createdAt: start, lastSeenAt: start, expiresAt: sessionExpiry(start, false) };

  test("settings saved before the setting existed sign staff out after an hour; Developers need no two-step unless said", () => {
    expect(staffIdleMinutes({})).toBe(60);
    expect(staffIdleMinutes({ staffIdleMinutes: 15 })).toBe(15);
    expect(twoStepRequiredForDevelopers({})).toBe(false);
    expect(twoStepRequiredForDevelopers({ requireTwoStepForDevelopers: true })).toBe(true);
  });

  test("a session used within the idle timeout lives; one idle for longer does not", () => {
    expect(isSessionLive(session, minutesAfter(start, 59), 60)).toBe(true);
    expect(isSessionLive(session, minutesAfter(start, 60), 60)).toBe(false);
    expect(isSessionLive({ ...session, lastSeenAt: minutesAfter(start, 50) }, minutesAfter(start, 100), 60)).toBe(true);
    expect(isSessionLive(session, minutesAfter(start, 16), 15)).toBe(false);
  });

  test("however busy, a session ends 12 hours after sign-in, sessions made before the limit included", () => {
    const busy = { ...session, lastSeenAt: minutesAfter(start, 12 * 60 - 1) };
    expect(isSessionLive(busy, minutesAfter(start, 12 * 60 - 1), 60)).toBe(true);
    expect(isSessionLive(busy, minutesAfter(start, 12 * 60), 60)).toBe(false);
    const older = { createdAt: start, lastSeenAt: minutesAfter(start, 13 * 60), expiresAt: minutesAfter(start, 14 * 24 * 60) };
    expect(isSessionLive(older, minutesAfter(start, 13 * 60 + 1), 60)).toBe(false);
  });

  test("a password step waits 5 minutes for its code", () => {
    expect(sessionExpiry(start, true)).toEqual(minutesAfter(start, 5));
    expect(sessionExpiry(start, false)).toEqual(minutesAfter(start, 12 * 60));
  });

  test("last seen is written again only once it is a minute old", () => {
    expect(lastSeenIsStale(start, new Date(start.getTime() + 59_999))).toBe(false);
    expect(lastSeenIsStale(start, new Date(start.getTime() + 60_000))).toBe(true);
  });
});

describe("deviceName", () => {
  test.each([
    ["Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome on Android"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari on iPhone"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1", "Chrome on iPhone"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.51", "Edge on Windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox on macOS"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15", "Safari on macOS"],
    ["Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36", "Samsung Internet on Android"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0", "Opera on Linux"],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome on ChromeOS"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36", "Chrome on Linux"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) SomeNewBrowser/1.0", "A browser on Windows"],
    ["curl/8.5.0", "Unknown device"],
    ["", "Unknown device"],
  ])("%s is %s", (userAgent, name) => {
    expect(deviceName(userAgent)).toBe(name);
  });
});
