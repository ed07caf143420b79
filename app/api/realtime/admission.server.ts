import type http from "node:http";
import { bearerToken } from "~/web/identity.server";

/**
 * Who may open a realtime socket (issue 17: limits count the unit of work).
 *
 * - At most MAX_PER_ADDRESS sockets per client address (clientAddress: IPv6
 *   by its /64) and class (429), so one visitor cannot take others' room.
 * - At most MAX_CONNECTIONS in all (503), of which ADMIN_RESERVE only
 *   administrators' sockets may use: anonymous ones stop at
 *   MAX_CONNECTIONS - ADMIN_RESERVE, so sockets from many addresses cannot
 *   starve the administrators either.
 *
 * The class follows what the socket proves, decided at the upgrade and again
 * at every join:
 * - "admin": the upgrade carried a live session token (`Authorization:
 *   Bearer`), or a join on the socket named one (supabase-js opens its socket
 *   with the anonymous key and names the session only in the join's
 *   `access_token`). It counts as "anon" again when that session ends
 *   (session-watch.server.ts).
 * - "anon": anything else, while anonymous room is left.
 * - "probation": anonymous room is full, so the socket may take one of
 *   PROBATION_SEATS seats of the reserve for PROBATION_MS — the time a
 *   supabase-js administrator needs to join with its session — and is closed
 *   then unless a join made it "admin". Half the reserve stays for sockets
 *   that prove themselves at the upgrade, so flooding probation seats from
 *   many addresses cannot shut administrators out.
 * A channel's rights still come from its join's access_token, whatever the
 * socket's class.
 */
export type ConnectionClass = "anon" | "admin" | "probation";

export const MAX_CONNECTIONS = 2000;
export const ADMIN_RESERVE = 100;
export const PROBATION_SEATS = ADMIN_RESERVE / 2;
export const PROBATION_MS = 5_000;
export const MAX_PER_ADDRESS = 10;
// Upgrades whose token is being looked up (one database read each): bounded
// too, so a burst of made-up tokens cannot queue reads without end.
export const MAX_PENDING = 100;

/** The credential an upgrade carries: a bearer token, else the URL's apikey. */
export function upgradeCredential(req: http.IncomingMessage, apikey: string): string {
  return bearerToken(req.headers.authorization) ?? apikey;
}

export interface Refusal {
  status: 429 | 503;
  text: string;
}

/** Open sockets by class, per address and in total. */
export class Admission {
  private readonly byAddress = new Map<string, Record<ConnectionClass, number>>();
  private readonly totals: Record<ConnectionClass, number> = { anon: 0, admin: 0, probation: 0 };
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

  /**
   * The class one more socket from this address opens in — "admin" when its
   * upgrade proved a session, else "anon" or, with anonymous room full,
   * "probation" — or why it is refused.
   */
  admit(proven: "admin" | "anon", address: string): ConnectionClass | Refusal {
    const here = this.byAddress.get(address);
    const mine = proven === "admin" ? (here?.admin ?? 0) : (here?.anon ?? 0) + (here?.probation ?? 0);
    if (mine >= MAX_PER_ADDRESS) return { status: 429, text: "Too many realtime connections from this address" };
    const busy: Refusal = { status: 503, text: "Too many realtime connections" };
    if (this.totals.anon + this.totals.admin + this.totals.probation >= MAX_CONNECTIONS) return busy;
    if (proven === "admin") return "admin";
    if (this.totals.anon < MAX_CONNECTIONS - ADMIN_RESERVE) return "anon";
    return this.totals.probation < PROBATION_SEATS ? "probation" : busy;
  }

  add(klass: ConnectionClass, address: string) {
    const counts = this.byAddress.get(address) ?? { anon: 0, admin: 0, probation: 0 };
    counts[klass]++;
    this.byAddress.set(address, counts);
    this.totals[klass]++;
  }

  remove(klass: ConnectionClass, address: string) {
    const counts = this.byAddress.get(address);
    if (!counts || counts[klass] === 0) return;
    counts[klass]--;
    this.totals[klass]--;
    if (counts.anon === 0 && counts.admin === 0 && counts.probation === 0) this.byAddress.delete(address);
  }
}
