/**
 * Which hosts an outbound request may go to (lib/outbound-fetch.ts). A Worker cannot resolve DNS,
 * so only what the URL itself says is checked: IP literals (v4 and v6, including IPv4 embedded in
 * v6 forms) against the non-public ranges, and host names reserved for local use. A public name
 * whose DNS answer is a private address is not caught here (docs/decisions.md, "OpenAPI specs").
 */

/** IPv4 ranges that are not the public internet, as [first address, prefix length]. */
const BLOCKED_IPV4: Array<[string, number, string]> = [
  ["0.0.0.0", 8, "this network"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local (cloud metadata)"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "6to4 relay"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

/** IPv6 ranges that are not the public internet (those embedding IPv4 are checked by their IPv4). */
const BLOCKED_IPV6: Array<[string, number, string]> = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["100::", 64, "discard"],
  ["2001::", 32, "Teredo"],
  ["2001:db8::", 32, "documentation"],
  ["fc00::", 7, "unique local"],
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "site-local"],
  ["ff00::", 8, "multicast"],
];

/** Names that always mean this machine or a local network, whatever DNS says. */
const LOCAL_NAMES = ["localhost", "metadata.google.internal"];
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa"];

/** Why `hostname` (as `URL.hostname` gives it) is not a public target, or null when it may be. */
export function privateTargetReason(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[")) return ipv6Reason(host.slice(1, -1));
  const ipv4 = parseIPv4(host);
  if (ipv4 !== null) return ipv4Reason(ipv4);
  if (LOCAL_NAMES.includes(host) || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return "a local host name";
  if (!host.includes(".")) return "a single-label host name (resolved only on a local network)";
  return null;
}

function ipv4Reason(address: number): string | null {
  for (const [first, bits, label] of BLOCKED_IPV4) {
    if (inRange(address, parseIPv4(first)!, bits)) return `a ${label} address`;
  }
  if (address === 0xffffffff) return "the broadcast address";
  return null;
}

function ipv6Reason(literal: string): string | null {
  const pieces = parseIPv6(literal);
  if (!pieces) return "an IPv6 address that cannot be read";
  const embedded = embeddedIPv4(pieces);
  if (embedded !== null) return ipv4Reason(embedded);
  for (const [first, bits, label] of BLOCKED_IPV6) {
    if (inRange6(pieces, parseIPv6(first)!, bits)) return `a ${label} IPv6 address`;
  }
  return null;
}

/** The IPv4 address inside IPv4-mapped, IPv4-compatible, NAT64 (64:ff9b::/96) and 6to4 addresses. */
function embeddedIPv4(pieces: number[]): number | null {
  const low = ((pieces[6]! << 16) | pieces[7]!) >>> 0;
  const zeroPrefix = (count: number) => pieces.slice(0, count).every((piece) => piece === 0);
  if (zeroPrefix(5) && pieces[5] === 0xffff) return low;
  if (zeroPrefix(6) && low > 1) return low;
  if (pieces[0] === 0x64 && pieces[1] === 0xff9b && pieces.slice(2, 6).every((piece) => piece === 0)) return low;
  if (pieces[0] === 0x2002) return ((pieces[1]! << 16) | pieces[2]!) >>> 0;
  return null;
}

const inRange = (address: number, first: number, bits: number) => bits === 0 || address >>> (32 - bits) === first >>> (32 - bits);

function inRange6(address: number[], first: number[], bits: number): boolean {
  for (let index = 0; index < 8 && bits > 0; index++, bits -= 16) {
    const take = Math.min(16, bits);
    const mask = (0xffff << (16 - take)) & 0xffff;
    if ((address[index]! & mask) !== (first[index]! & mask)) return false;
  }
  return true;
}

/** Dotted-quad IPv4 (the URL parser has already normalized octal, hex and shortened forms). */
function parseIPv4(host: string): number | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
  return parts.reduce((address, part) => address * 256 + Number(part), 0);
}

/** Eight 16-bit pieces, or null. Accepts `::` compression and a dotted IPv4 tail. */
function parseIPv6(literal: string): number[] | null {
  let text = literal.split("%")[0]!;
  const tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const ipv4 = parseIPv4(tail[1]!);
    if (ipv4 === null) return null;
    text = `${text.slice(0, -tail[1]!.length)}${(ipv4 >>> 16).toString(16)}:${(ipv4 & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const read = (part: string) => (part === "" ? [] : part.split(":").map((piece) => (/^[0-9a-f]{1,4}$/i.test(piece) ? parseInt(piece, 16) : NaN)));
  const head = read(halves[0]!);
  const rest = halves.length === 2 ? read(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const pieces = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest];
  return pieces.some(Number.isNaN) ? null : pieces;
}
