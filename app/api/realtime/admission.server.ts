import type http from "node:http";
import { getEnv } from "~/utils/env.server";

/**
 * Who may open a realtime socket (issue 17: limits count the unit of work).
 *
 * - At most MAX_PER_ADDRESS sockets per client address and class (429), so
 *   one visitor cannot take the room of others.
 * - At most MAX_CONNECTIONS in all (503), of which ADMIN_RESERVE only
 *   administrators' sockets may use: anonymous ones stop at
 *   MAX_CONNECTIONS - ADMIN_RESERVE, so sockets from many addresses cannot
 *   starve the administrators either.
 *
 * The class is decided at the upgrade, from the credential it carries
 * (`Authorization: Bearer …` or the URL's `apikey`): a live administrator
 * session → "admin", anything else → "anonymous". It is decided there because
 * only there can the server still refuse with an HTTP status, and because a
 * socket admitted as anonymous must not be able to claim reserved room later
 * (an attacker's sockets, all anonymous, would otherwise sit in the reserve
 * until some join named an administrator). supabase-js opens its socket with
 * the anonymous key and names the session only at the join, so its sockets
 * are anonymous here; a client that needs the reserved room passes the
 * session token as the apikey (docs/api.md). A channel's rights still come
 * from its join's access_token, whatever the socket's class. An
 * administrator socket whose session ends (session-watch.server.ts) counts as
 * anonymous from then on.
 */
export type ConnectionClass = "anon" | "admin";

export const MAX_CONNECTIONS = 2000;
export const ADMIN_RESERVE = 100;
export const MAX_PER_ADDRESS = 10;
// Upgrades whose token is being looked up (one database read each): bounded
// too, so a burst of made-up tokens cannot queue reads without end.
export const MAX_PENDING = 100;

/**
 * The client's address as Express computes req.ip (server/app.ts trusts one
 * proxy with TRUST_PROXY): the last X-Forwarded-For entry, the one that proxy
 * added (entries before it are the client's own words); otherwise the
 * socket's peer. Every limit then counts the same visitor the same way.
 */
export function clientAddress(req: http.IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? "unknown";
  if (!getEnv().TRUST_PROXY) return peer;
  const header = req.headers["x-forwarded-for"];
  const last = typeof header === "string" ? header.split(",").map((part) => part.trim()).findLast((part) => part !== "") : undefined;
  // Bounded: the address is a key of the counts below.
  return last ? last.slice(0, 64) : peer;
}

/** The credential an upgrade carries: a bearer token, else the URL's apikey. */
export function upgradeCredential(req: http.IncomingMessage, apikey: string): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return match ? match[1]! : apikey;
}

export interface Refusal {
  status: 429 | 503;
  text: string;
}

/** Open sockets by class, per address and in total. */
export class Admission {
  private readonly byAddress = new Map<string, Record<ConnectionClass, number>>();
  private readonly totals: Record<ConnectionClass, number> = { anon: 0, admin: 0 };
  private readonly pendingByAddress = new Map<string, number>();
  private pending = 0;

  /** Starts looking up an upgrade's token, or says why not (too many lookups from this address, or in all). */
  beginLookup(address: string): Refusal | null {
    const here = this.pendingByAddress.get(address) ?? 0;
    if (here >= MAX_PER_ADDRESS) return { status: 429, text: "Too many realtime connections from this address" };
    if (this.pending >= MAX_PENDING) return { status: 503, text: "Too many realtime connections" };
    this.pendingByAddress.set(address, here + 1);
    this.pending++;
    return null;
  }

  endLookup(address: string) {
    const here = (this.pendingByAddress.get(address) ?? 0) - 1;
    if (here > 0) this.pendingByAddress.set(address, here);
    else this.pendingByAddress.delete(address);
    this.pending--;
  }

  /** Why one more socket of this class from this address is refused, or null when it may open. */
  refusal(klass: ConnectionClass, address: string): Refusal | null {
    if ((this.byAddress.get(address)?.[klass] ?? 0) >= MAX_PER_ADDRESS) {
      return { status: 429, text: "Too many realtime connections from this address" };
    }
    const total = this.totals.anon + this.totals.admin;
    if (total >= MAX_CONNECTIONS || (klass === "anon" && this.totals.anon >= MAX_CONNECTIONS - ADMIN_RESERVE)) {
      return { status: 503, text: "Too many realtime connections" };
    }
    return null;
  }

  add(klass: ConnectionClass, address: string) {
    const counts = this.byAddress.get(address) ?? { anon: 0, admin: 0 };
    counts[klass]++;
    this.byAddress.set(address, counts);
    this.totals[klass]++;
  }

  remove(klass: ConnectionClass, address: string) {
    const counts = this.byAddress.get(address);
    if (!counts || counts[klass] === 0) return;
    counts[klass]--;
    this.totals[klass]--;
    if (counts.anon === 0 && counts.admin === 0) this.byAddress.delete(address);
  }
}
