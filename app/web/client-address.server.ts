import type http from "node:http";
import net from "node:net";
import { getEnv } from "~/platform/env.server";

/**
 * Who a request comes from, as every per-address limit counts it (issue 17):
 * sign-in throttle, contact allowance, realtime sockets, event streams.
 *
 * - The address is Express's req.ip (server/app.ts trusts one proxy with
 *   TRUST_PROXY): the last X-Forwarded-For entry, the one that proxy added
 *   (entries before it are the client's own words); otherwise the peer.
 * - Then the key: an IPv4 address as it is (also when it arrives mapped into
 *   IPv6, `::ffff:203.0.113.7`, as on a dual-stack socket), an IPv6 address
 *   by its /64 — one subscriber gets a whole /64 and can pick a fresh address
 *   in it for every request, so counting single addresses would count nothing.
 */
export function clientAddress(req: http.IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? "";
  if (!getEnv().TRUST_PROXY) return addressKey(peer);
  const header = req.headers["x-forwarded-for"];
  const joined = Array.isArray(header) ? header.join(",") : header;
  const last = joined
    ?.split(",")
    .map((part) => part.trim())
    .findLast((part) => part !== "");
  return addressKey(last || peer);
}

/** The key an address is counted under: IPv4 as is, IPv6 by its /64, anything else bounded. */
export function addressKey(address: string): string {
  // A zone (fe80::1%eth0) names the interface, not the client.
  const bare = address.trim().replace(/%.*$/, "");
  if (net.isIPv4(bare)) return bare;
  if (!net.isIPv6(bare)) return bare.slice(0, 64) || "unknown";
  const groups = ipv6Groups(bare);
  // ::ffff:a.b.c.d (IPv4-mapped): the IPv4 client itself.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  return tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}
