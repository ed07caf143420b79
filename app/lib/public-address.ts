/**
 * Which IP addresses the CSV import may fetch photos from (issue 23 item 7,
 * decision 0028): public unicast only. Refused: this host, private,
 * shared (CGNAT), link-local, unique-local, documentation, benchmarking,
 * multicast and reserved ranges — also when written as IPv4-mapped,
 * IPv4-compatible, NAT64 or 6to4 IPv6. Anything that does not parse is
 * refused too. Pure, so it is tested case by case.
 */

/** IPv4 as a number, or null (only the dotted-quad form DNS answers use). */
export function parseIpv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

/** IPv6 as eight 16-bit groups, or null. Accepts `::`, an embedded IPv4 tail and a zone (`%eth0`, dropped). */
export function parseIpv6(text: string): number[] | null {
  let s = text.toLowerCase().replace(/^\[|\]$/g, "");
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  if (!/^[0-9a-f:.]+$/.test(s) || s.split("::").length > 2) return null;
  const lastColon = s.lastIndexOf(":");
  if (s.slice(lastColon + 1).includes(".")) {
    // An IPv4 tail becomes its two groups.
    const v4 = parseIpv4(s.slice(lastColon + 1));
    if (v4 === null || lastColon < 0) return null;
    s = `${s.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
  const double = s.indexOf("::");
  const left = groupsOf(double < 0 ? s : s.slice(0, double));
  const right = double < 0 ? [] : groupsOf(s.slice(double + 2));
  if ([...left, ...right].some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  if (double < 0 ? left.length !== 8 : left.length + right.length > 7) return null;
  const groups = double < 0 ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((g) => parseInt(g, 16));
}

const V4_BLOCKED: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (CGNAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255
];

function v4Public(value: number): boolean {
  return !V4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = parseIpv4(base)!;
    return value >= start && value < start + size;
  });
}

function v6Public(g: number[]): boolean {
  const v4At = (i: number) => g[i]! * 65536 + g[i + 1]!;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return v4Public(v4At(6)); // IPv4-mapped ::ffff:a.b.c.d
  if (zero(0, 6)) return false; // ::, ::1, and the deprecated IPv4-compatible ::a.b.c.d
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return false; // IPv4-translated ::ffff:0:a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4Public(v4At(6)); // NAT64 64:ff9b::/96
  if (g[0] === 0x2002) return v4Public(v4At(1)); // 6to4 2002:a.b.c.d::/48
  if ((g[0]! & 0xe000) !== 0x2000) return false; // only global unicast 2000::/3: not fc00::/7, fe80::/10, ff00::/8, 100::/64…
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (g[0] === 0x2001 && g[1]! < 0x0200) return false; // 2001::/23 IETF protocol assignments (Teredo, ORCHID…)
  if (g[0] === 0x3fff && g[1]! < 0x1000) return false; // documentation 3fff::/20
  return true;
}

/** True only for an IP address (v4 or v6 text) that is public unicast. */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIpv4(address);
  if (v4 !== null) return v4Public(v4);
  const v6 = parseIpv6(address);
  return v6 !== null && v6Public(v6);
}
