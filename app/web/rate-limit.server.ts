import { createHash } from "node:crypto";
import { lte, sql } from "drizzle-orm";
import { db, queryRows } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";
import { log } from "~/platform/log.server";

/**
 * A sliding-window limit per key (an IP address, an account) counted in the
 * database, so that every server process — the supervisor's several, or
 * copies on other machines — counts the same attempts (decision 0015).
 * `bucket` names the limit; it must be the same in every process.
 *
 * - Each attempt is one short transaction holding an advisory lock on its
 *   bucket and key, so two processes answering the same address at once
 *   cannot both take the last place.
 * - Keys are stored as a SHA-256 of bucket, limit, window and key: fixed
 *   length whatever a client sends, no addresses or e-mails kept in the
 *   table, and two limits with one name but other windows stay apart.
 * - A refused key is remembered in this process until its oldest counted
 *   attempt leaves the window: a flood from one address is turned away
 *   without a database round trip (another process freeing a place early
 *   is noticed only then, which errs on the safe side).
 * - Old attempts of a key go when it is next tried; those of keys never
 *   tried again, with forgetOldAttempts() (the maintenance tick).
 */
export class RateLimiter {
  /** key digest → time until which this process refuses it without asking the database */
  private refusedUntil = new Map<string, number>();

  constructor(
    readonly bucket: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private digest(key: string): string {
    return createHash("sha256").update(`${this.bucket}\n${this.limit}\n${this.windowMs}\n${key}`).digest("hex");
  }

  /** Records an attempt; false when the key is over its limit (the attempt is not counted). */
  async attempt(key: string, now = Date.now()): Promise<boolean> {
    return (await this.hit(key, now)).allowed;
  }

  /**
   * attempt(), also telling how many attempts of the key the window held
   * before this one (`limit` when refused) and, when refused, how long until
   * a place frees up.
   */
  async hit(key: string, now = Date.now()): Promise<{ allowed: boolean; before: number; retryAfterMs: number }> {
    const digest = this.digest(key);
    const until = this.refusedUntil.get(digest);
    if (until !== undefined) {
      if (now < until) return { allowed: false, before: this.limit, retryAfterMs: until - now };
      this.refusedUntil.delete(digest);
    }
    const cutoff = now - this.windowMs;
    const result = await db().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${digest}, 0))`);
      // One statement: every part sees the same snapshot, taken after the lock.
      const [row] = await queryRows<{ inserted: number; before: number; oldest: string | number | null }>(
        tx,
        sql`with gone as (
              delete from rate_limit_hits where key = ${digest} and at_ms <= ${cutoff}
            ), recent as (
              select count(*) as n, min(at_ms) as oldest from rate_limit_hits where key = ${digest} and at_ms > ${cutoff}
            ), added as (
              insert into rate_limit_hits (bucket, key, at_ms)
              select ${this.bucket}, ${digest}, ${now} from recent where n < ${this.limit}
              returning 1
            )
            select (select count(*) from added)::int as inserted, (select n from recent)::int as before, (select oldest from recent) as oldest`,
      );
      return {
        allowed: (row?.inserted ?? 0) > 0,
        before: Number(row?.before ?? 0),
        oldest: row?.oldest == null ? now : Number(row.oldest),
      };
    });
    if (!result.allowed) {
      const freeAt = result.oldest + this.windowMs;
      this.refusedUntil.set(digest, freeAt);
      if (this.refusedUntil.size > 10_000) this.prune(now);
      return { allowed: false, before: result.before, retryAfterMs: Math.max(0, freeAt - now) };
    }
    return { allowed: true, before: result.before, retryAfterMs: 0 };
  }

  /**
   * Forgets every counted attempt of the key (e.g. a successful sign-in
   * clears its failures). Best effort like release().
   */
  async forget(key: string): Promise<void> {
    const digest = this.digest(key);
    this.refusedUntil.delete(digest);
    try {
      await db().execute(sql`delete from rate_limit_hits where key = ${digest}`);
    } catch (error) {
      log.error(`Rate limit "${this.bucket}": forgetting attempts failed:`, error);
    }
  }

  /**
   * Gives back the key's latest attempt (it turned out not to count, e.g. a
   * refused form). Best effort: a failure is logged, never thrown, since the
   * caller is already answering.
   */
  async release(key: string): Promise<void> {
    const digest = this.digest(key);
    try {
      await db().execute(
        sql`delete from rate_limit_hits where id = (select id from rate_limit_hits where key = ${digest} order by at_ms desc, id desc limit 1)`,
      );
    } catch (error) {
      log.error(`Rate limit "${this.bucket}": giving back an attempt failed:`, error);
    }
  }

  private prune(now: number) {
    for (const [digest, until] of this.refusedUntil) if (until <= now) this.refusedUntil.delete(digest);
  }
}

/** Attempts older than any window (the longest is 15 minutes); removed by the maintenance tick. */
export const RATE_LIMIT_KEEP_MS = 24 * 60 * 60 * 1000;

/** Removes attempts older than `keepMs`; returns how many. */
export async function forgetOldAttempts(now = Date.now(), keepMs = RATE_LIMIT_KEEP_MS): Promise<number> {
  const removed = await db()
    .delete(rateLimitHits)
    .where(lte(rateLimitHits.at_ms, now - keepMs))
    .returning({ id: rateLimitHits.id });
  return removed.length;
}
