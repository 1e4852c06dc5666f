import { isIP } from "node:net";

// TRUST_PROXY (decision 046): which proxies in front of the shop may say, in X-Forwarded-For, -Proto and -Host,
// who the client is and how it came. Express takes both forms: a number of proxies (hops) counted from the shop,
// or the proxies' own addresses and networks, with its names for the usual private ranges.

/** What Express's "trust proxy" setting is given: no proxy, a number of hops, or the proxies' addresses. */
export type TrustedProxies = false | number | string[];

// Express's (proxy-addr's) names for ranges a proxy on the same host or network lives in.
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const MAX_HOPS = 10;

function isAddressOrNetwork(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  // A zone (fe80::1%eth0) names an interface of this machine, which Express cannot match a proxy against.
  if (version === 0 || address.includes("%") || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: unset, empty or 0 trusts no proxy; a whole number is how many proxies stand in front of
 * the shop; otherwise a comma-separated list of proxy addresses, networks (CIDR) or range names. A wrong value
 * is refused with one sentence, rather than quietly trusting nobody, or everybody.
 */
export function parseTrustProxy(value: string | undefined): { ok: true; proxies: TrustedProxies } | { ok: false; message: string } {
  const text = (value ?? "").trim();
  if (text === "" || text === "0") return { ok: true, proxies: false };
  if (/^\d+$/.test(text) && Number(text) <= MAX_HOPS) return { ok: true, proxies: Number(text) };
  const entries = text.split(",").map((entry) => entry.trim());
  if (entries.every(isAddressOrNetwork)) return { ok: true, proxies: entries };
  return {
    ok: false,
    message: `TRUST_PROXY must be how many proxies stand in front of the shop (such as 1) or their addresses, comma-separated (such as 10.0.0.2, 172.16.0.0/12 or loopback), not "${text}".`,
  };
}
