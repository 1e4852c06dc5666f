// Which network addresses the shop may fetch from when it fetches on a staff member's behalf (the catalogue
// import's images). A URL in a file must never make the server reach into its own network: its loopback, the
// private ranges a cloud's metadata service and databases live in, link-local, carrier-grade NAT, multicast
// and the reserved ranges. Pure: the server resolves the names and asks these rules about every address.

type Range = { bytes: number[]; bits: number };

const range = (text: string, bits: number): Range => ({ bytes: ipv4Bytes(text)!, bits });

// IPv4 ranges that are not the public internet (IANA special-purpose registry, the ones a fetch could reach).
const NOT_PUBLIC_V4: readonly Range[] = [
  range("0.0.0.0", 8), // "this network"
  range("10.0.0.0", 8), // private
  range("100.64.0.0", 10), // carrier-grade NAT
  range("127.0.0.0", 8), // loopback
  range("169.254.0.0", 16), // link-local (cloud metadata services)
  range("172.16.0.0", 12), // private
  range("192.0.0.0", 24), // IETF protocol assignments
  range("192.0.2.0", 24), // documentation
  range("192.88.99.0", 24), // 6to4 relay anycast
  range("192.168.0.0", 16), // private
  range("198.18.0.0", 15), // benchmarking
  range("198.51.100.0", 24), // documentation
  range("203.0.113.0", 24), // documentation
  range("224.0.0.0", 4), // multicast
  range("240.0.0.0", 4), // reserved, and the broadcast address
];

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

/** The 16 bytes of an IPv6 address ("::1", "fe80::1%eth0", "::ffff:10.0.0.1"), or null. */
function ipv6Bytes(text: string): number[] | null {
  let address = text.replace(/%.*$/, "");
  // A dotted IPv4 tail is the last two groups written another way.
  const lastColon = address.lastIndexOf(":");
  if (address.slice(lastColon + 1).includes(".")) {
    const v4 = ipv4Bytes(address.slice(lastColon + 1));
    if (!v4) return null;
    address = `${address.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 && missing < 1) return null;
  const groups = halves.length === 2 ? [...head, ...Array<string>(missing).fill("0"), ...tail] : head;
  if (groups.length !== 8 || !groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]);
}

function inRange(bytes: readonly number[], { bytes: start, bits }: Range): boolean {
  for (let i = 0; i < start.length && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((bytes[i]! & mask) !== (start[i]! & mask)) return false;
  }
  return true;
}

const isPublicV4 = (bytes: readonly number[]) => !NOT_PUBLIC_V4.some((r) => inRange(bytes, r));

const startsWith = (bytes: readonly number[], prefix: readonly number[]) => prefix.every((byte, i) => bytes[i] === byte);

function isPublicV6(bytes: readonly number[]): boolean {
  const zeros = (n: number) => Array<number>(n).fill(0);
  // IPv4 carried in IPv6 is judged as the IPv4 address it reaches: mapped (::ffff:a.b.c.d), NAT64
  // (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::). The deprecated IPv4-compatible ::a.b.c.d, which includes
  // the unspecified :: and loopback ::1, is never public.
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff]) || startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...zeros(8)])) return isPublicV4(bytes.slice(12));
  if (startsWith(bytes, zeros(12))) return false;
  if (startsWith(bytes, [0x20, 0x02])) return isPublicV4(bytes.slice(2, 6));
  const [first = 0, second = 0] = bytes;
  if ((first & 0xfe) === 0xfc) return false; // unique local fc00::/7
  if (first === 0xfe && (second & 0x80) === 0x80) return false; // link-local fe80::/10 and the old site-local fec0::/10
  if (first === 0xff) return false; // multicast
  if (startsWith(bytes, [0x20, 0x01, 0x0d, 0xb8])) return false; // documentation 2001:db8::/32
  if (startsWith(bytes, [0x01, 0x00, ...zeros(6)])) return false; // discard 100::/64
  return true;
}

/**
 * Whether an IP address (v4 or v6, as a resolver gives it) is on the public internet. Anything that is not a
 * well-formed address counts as not public.
 */
export function isPublicAddress(address: string): boolean {
  const v4 = ipv4Bytes(address);
  if (v4) return isPublicV4(v4);
  const v6 = ipv6Bytes(address.replace(/^\[|\]$/g, ""));
  return v6 !== null && isPublicV6(v6);
}

/** Names that mean this machine whatever a resolver says ("localhost", "shop.localhost", RFC 6761). */
export function isLocalHostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

/**
 * Whether an address is inside a network written in CIDR notation ("196.201.214.0/24", "2001:db8::/32"). An
 * IPv4 address as a dual-stack server reports it ("::ffff:196.201.214.200") counts as that IPv4 address. False
 * for anything that is not a well-formed address or network.
 */
export function isInNetwork(address: string, cidr: string): boolean {
  const [base = "", bitsText = "", ...rest] = cidr.trim().split("/");
  if (rest.length > 0 || !/^\d{1,3}$/.test(bitsText)) return false;
  const bits = Number(bitsText);
  const plain = address.trim().replace(/^\[|\]$/g, "");
  const v4Network = ipv4Bytes(base);
  if (v4Network) {
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(plain)?.[1];
    const v4 = ipv4Bytes(mapped ?? plain);
    return bits <= 32 && v4 !== null && inRange(v4, { bytes: v4Network, bits });
  }
  const v6Network = ipv6Bytes(base);
  const v6 = ipv6Bytes(plain);
  return v6Network !== null && bits <= 128 && v6 !== null && inRange(v6, { bytes: v6Network, bits });
}
