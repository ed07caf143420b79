import { and, count, desc, eq, lte, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";

/**
 * A sliding-window limit per key (an IP address, an account) counted in the
 * database, so that every server process — the supervisor's several, or
 * copies on other machines — counts the same attempts (decision 0015).
 * `bucket` names the limit; it must be the same in every process.
 *
 * Each attempt is one short transaction holding an advisory lock on its
 * bucket and key: two processes answering the same address at once cannot
 * both take the last place. Old attempts of a key go when it is next tried;
 * those of keys never tried again, with forgetOldAttempts() (maintenance).
 */
export class RateLimiter {
  constructor(
    readonly bucket: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Records an attempt; false when the key is over its limit (the attempt is not counted). */
  attempt(key: string, now = Date.now()): Promise<boolean> {
    const { bucket } = this;
    return db().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rate limit\n${bucket}\n${key}`}, 0))`);
      const ofKey = and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key));
      await tx.delete(rateLimitHits).where(and(ofKey, lte(rateLimitHits.at_ms, now - this.windowMs)));
      const [row] = await tx.select({ recent: count() }).from(rateLimitHits).where(ofKey);
      if ((row?.recent ?? 0) >= this.limit) return false;
      await tx.insert(rateLimitHits).values({ bucket, key, at_ms: now });
      return true;
    });
  }

  /** Gives back the key's latest attempt (it turned out not to count, e.g. a refused form). */
  async release(key: string): Promise<void> {
    const ofKey = and(eq(rateLimitHits.bucket, this.bucket), eq(rateLimitHits.key, key));
    const latest = db()
      .select({ id: rateLimitHits.id })
      .from(rateLimitHits)
      .where(ofKey)
      .orderBy(desc(rateLimitHits.at_ms), desc(rateLimitHits.id))
      .limit(1);
    await db().delete(rateLimitHits).where(eq(rateLimitHits.id, sql`(${latest})`));
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
