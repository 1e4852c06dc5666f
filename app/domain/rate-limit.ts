// A client's attempts in a fixed window, as one process sees them between writes to the shared count
// (decision 026): what every process had written when this one last wrote, plus its own hits since.

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** At most `limit` attempts for `key` in a fixed window of `windowMs`. */
export type RateLimit = { key: string; limit: number; windowMs: number };

/** The shared count as last read (undefined before the first write), and this process's unwritten hits. */
export type ClientCount = {
  shared?: { windowStart: number; hits: number };
  unwritten: number;
  /** When the first unwritten hit came: the window's start if the shared count has none running. */
  firstUnwrittenAt: number;
};

export const noHits = (): ClientCount => ({ unwritten: 0, firstUnwrittenAt: 0 });

/** The window running at `now`: the shared one while it lasts, otherwise one started by this process's hits. */
function runningWindow(count: ClientCount, now: number, windowMs: number) {
  const shared = count.shared && count.shared.windowStart > now - windowMs ? count.shared : undefined;
  return { start: shared?.windowStart ?? count.firstUnwrittenAt, hits: (shared?.hits ?? 0) + count.unwritten };
}

/** Counts one attempt at `now` and says whether it is within `limit` for the window. */
export function countHit(count: ClientCount, limit: number, windowMs: number, now: number): { count: ClientCount; verdict: RateLimitVerdict } {
  const sharedRunning = count.shared !== undefined && count.shared.windowStart > now - windowMs;
  // Unwritten hits from a window of their own that has ended count for nothing any more.
  const unwritten = !sharedRunning && count.firstUnwrittenAt <= now - windowMs ? 0 : count.unwritten;
  const next: ClientCount = {
    ...count,
    unwritten: unwritten + 1,
    firstUnwrittenAt: unwritten === 0 ? now : count.firstUnwrittenAt,
  };
  const window = runningWindow(next, now, windowMs);
  if (window.hits <= limit) return { count: next, verdict: { allowed: true } };
  const retryAfterMs = window.start + windowMs - now;
  return { count: next, verdict: { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) } };
}

/**
 * The count once `written` of its unwritten hits reached the shared count, which now stands at `shared`. Hits
 * that came while the write was on its way stay unwritten.
 */
export function afterWrite(count: ClientCount, written: number, shared: { windowStart: number; hits: number }): ClientCount {
  return { shared, unwritten: count.unwritten - written, firstUnwrittenAt: count.firstUnwrittenAt };
}

/** Whether a count says nothing any more: its window is over and nothing is left to write. */
export function isSpent(count: ClientCount, now: number, windowMs: number): boolean {
  return count.unwritten === 0 && (!count.shared || count.shared.windowStart <= now - windowMs);
}

/**
 * What a client's address counts as: an IPv4 address itself, an IPv6 address's /64 network. A subscriber's
 * line is given a whole /64, so counting single IPv6 addresses would let one client pass for billions.
 */
export function clientNetwork(address: string): string {
  const mappedIpv4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mappedIpv4) return mappedIpv4[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.toLowerCase().split("%")[0]!.split("::");
  const groups = head ? head.split(":") : [];
  if (tail !== undefined) {
    const after = tail ? tail.split(":") : [];
    groups.push(...Array<string>(Math.max(0, 8 - groups.length - after.length)).fill("0"), ...after);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
