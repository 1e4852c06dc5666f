import { expect, test } from "vitest";
import { afterWrite, type ClientCount, clientNetwork, countHit, isSpent, noHits } from "./rate-limit";

const LIMIT = 3;
const WINDOW = 60_000;

/** `times` hits from a count, each at the given time; the verdicts and the count after them. */
function hits(count: ClientCount, ...times: number[]) {
  const verdicts = [];
  for (const at of times) {
    const result = countHit(count, LIMIT, WINDOW, at);
    count = result.count;
    verdicts.push(result.verdict);
  }
  return { count, verdicts };
}

test("hits within the limit are allowed; the next is refused until the window that began with the first ends", () => {
  const { verdicts } = hits(noHits(), 1_000, 2_000, 3_000, 31_000);
  expect(verdicts).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }, { allowed: false, retryAfterSeconds: 30 }]);
});

test("what other processes wrote counts with this one's own hits", () => {
  const written: ClientCount = { shared: { windowStart: 0, hits: 2 }, unwritten: 0, firstUnwrittenAt: 0 };
  expect(hits(written, 10_000, 20_000).verdicts).toEqual([{ allowed: true }, { allowed: false, retryAfterSeconds: 40 }]);
});

test("a shared window that has ended no longer counts", () => {
  const written: ClientCount = { shared: { windowStart: 0, hits: 50 }, unwritten: 0, firstUnwrittenAt: 0 };
  expect(hits(written, 59_999).verdicts).toEqual([{ allowed: false, retryAfterSeconds: 1 }]);
  expect(hits(written, 60_000, 60_001, 60_002).verdicts).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }]);
});

test("after a write the shared count holds the written hits, and hits made meanwhile stay unwritten", () => {
  const { count } = hits(noHits(), 1_000, 2_000, 3_000);
  const after = afterWrite(count, 2, { windowStart: 1_000, hits: 7 });
  expect(after).toEqual({ shared: { windowStart: 1_000, hits: 7 }, unwritten: 1, firstUnwrittenAt: 1_000 });
  expect(hits(after, 4_000).verdicts).toEqual([{ allowed: false, retryAfterSeconds: 57 }]);
});

test("a count is spent once its window is over and it has nothing left to write", () => {
  const written: ClientCount = { shared: { windowStart: 0, hits: 3 }, unwritten: 0, firstUnwrittenAt: 0 };
  expect(isSpent(written, 59_999, WINDOW)).toBe(false);
  expect(isSpent(written, 60_000, WINDOW)).toBe(true);
  expect(isSpent({ ...written, unwritten: 1 }, 60_000, WINDOW)).toBe(false);
  expect(isSpent(noHits(), 0, WINDOW)).toBe(true);
});

test.each([
  ["203.0.113.7", "203.0.113.7"],
  ["::ffff:203.0.113.7", "203.0.113.7"],
  ["2001:db8:85a3:1234:abcd:ef01:2345:6789", "2001:db8:85a3:1234::/64"],
  ["2001:db8:85a3:1234::1", "2001:db8:85a3:1234::/64"],
  ["2001:DB8:0085:A3::fe", "2001:db8:85:a3::/64"],
  ["2001:db8::1", "2001:db8:0:0::/64"],
  ["fe80::1%eth0", "fe80:0:0:0::/64"],
  ["::1", "0:0:0:0::/64"],
  ["unknown", "unknown"],
])("the address %s counts as %s", (address, network) => {
  expect(clientNetwork(address)).toBe(network);
});

test("every address in one IPv6 /64 counts as one client; the next /64 is another", () => {
  expect(clientNetwork("2c0f:fe38:2001:7f::1")).toBe(clientNetwork("2c0f:fe38:2001:7f:ffff:ffff:ffff:ffff"));
  expect(clientNetwork("2c0f:fe38:2001:7f::1")).not.toBe(clientNetwork("2c0f:fe38:2001:80::1"));
});
