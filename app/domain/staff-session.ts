// How long a staff session lasts (issue 21, decision 045; OWASP ASVS Level 2, V3.3): it ends after a while
// without use (Site Settings) and, however busy, 12 hours after sign-in.

/** An hour without a request, what a shop without the setting signs staff out after. */
const DEFAULT_IDLE_MINUTES = 60;
export const MIN_IDLE_MINUTES = 5;
/** The absolute limit: a longer idle timeout would never be reached. */
export const ABSOLUTE_SESSION_HOURS = 12;
export const MAX_IDLE_MINUTES = ABSOLUTE_SESSION_HOURS * 60;
/** How long the password step waits for its two-step code. */
const SECOND_STEP_MINUTES = 5;
/** Last seen is written at most this often per session, so a busy page does not write on every request. */
export const LAST_SEEN_EVERY_MS = 60_000;

export const IDLE_MINUTES_MESSAGE = `Enter a whole number of minutes, from ${MIN_IDLE_MINUTES} to ${MAX_IDLE_MINUTES}.`;

/** The settings' idle timeout; settings saved before it existed sign staff out after an hour. */
export function staffIdleMinutes(settings: { staffIdleMinutes?: number | undefined }): number {
  return settings.staffIdleMinutes ?? DEFAULT_IDLE_MINUTES;
}

/** Whether Developers must use two-step sign-in before anything else; off unless the settings say so. */
export function twoStepRequiredForDevelopers(settings: { requireTwoStepForDevelopers?: boolean | undefined }): boolean {
  return settings.requireTwoStepForDevelopers ?? false;
}

export type SessionTimes = { createdAt: Date; lastSeenAt: Date; expiresAt: Date };

/** When a session started at `now` stops giving access by itself: 12 hours on, or 5 minutes while it waits for a code. */
export function sessionExpiry(now: Date, awaitingSecondStep: boolean): Date {
  const minutes = awaitingSecondStep ? SECOND_STEP_MINUTES : ABSOLUTE_SESSION_HOURS * 60;
  return new Date(now.getTime() + minutes * 60_000);
}

/**
 * Whether a session still gives access at `now`: before its expiry, within 12 hours of sign-in (sessions made
 * before the limit existed included), and used within the idle timeout.
 */
export function isSessionLive(session: SessionTimes, now: Date, idleMinutes: number): boolean {
  const at = now.getTime();
  return (
    at < session.expiresAt.getTime() &&
    at < session.createdAt.getTime() + ABSOLUTE_SESSION_HOURS * 3_600_000 &&
    at < session.lastSeenAt.getTime() + idleMinutes * 60_000
  );
}

/** Whether this request should write the session's last-seen time: only when the stored one is a minute old. */
export const lastSeenIsStale = (lastSeenAt: Date, now: Date): boolean => now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS;

/** Sessions last seen before this moment have been idle too long. */
export const idleCutoff = (now: Date, idleMinutes: number): Date => new Date(now.getTime() - idleMinutes * 60_000);

// Checked in order: several browsers name others in their User-Agent (Edge says Chrome and Safari, Chrome says
// Safari), so the most particular comes first.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|CriOS|HeadlessChrome|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** A device in words from its User-Agent, e.g. "Chrome on Android"; "Unknown device" when it says nothing we know. */
export function deviceName(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : "Unknown device");
}
