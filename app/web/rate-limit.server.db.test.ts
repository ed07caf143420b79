import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { useTestDatabase } from "../../tests/support/test-db";
import { forgetOldAttempts, RATE_LIMIT_KEEP_MS, RateLimiter } from "~/web/rate-limit.server";

const test = useTestDatabase();
let buckets = 0;
/** A limit of its own per test (the database is the file's). */
const limiter = (limit: number, windowMs: number) => new RateLimiter(`test ${++buckets}`, limit, windowMs);
/** The attempts stored under `bucket`: their times. */
const storedTimes = async (bucket: string) =>
  (await queryRows<{ at_ms: string | number }>(test.handle().db, sql`select at_ms from rate_limit_hits where bucket = ${bucket} order by at_ms`)).map((r) =>
    Number(r.at_ms),
  );
/** Makes these attempts on `l` in order: each [key, at ms, whether it is allowed]. */
async function expectAttempts(l: RateLimiter, attempts: [key: string, atMs: number, allowed: boolean][]): Promise<void> {
  for (const [key, atMs, allowed] of attempts) expect(await l.attempt(key, atMs), `${key} at ${atMs}`).toBe(allowed);
}

describe("rate limits counted in the database", () => {
  it("allows `limit` attempts per window and key, then refuses until the window passes", async () => {
    await expectAttempts(limiter(2, 1000), [
      ["a", 0, true],
      ["a", 10, true],
      ["a", 20, false],
      ["b", 20, true],
      ["a", 1005, true],
      ["a", 1011, true],
      ["a", 1012, false],
    ]);
  });

  it("release gives back the latest attempt of that key only", async () => {
    const l = limiter(1, 1000);
    await expectAttempts(l, [["a", 0, true]]);
    await l.release("a");
    await expectAttempts(l, [
      ["a", 1, true],
      ["a", 2, false],
    ]);
    await l.release("b");
    await expectAttempts(l, [["b", 3, true]]);
  });

  it("keeps limits with different names apart, and shares one name between instances (server processes)", async () => {
    const first = new RateLimiter("shared", 3, 60_000);
    const second = new RateLimiter("shared", 3, 60_000);
    const other = new RateLimiter("other", 3, 60_000);
    expect(await first.attempt("10.0.0.1")).toBe(true);
    expect(await second.attempt("10.0.0.1")).toBe(true);
    expect(await first.attempt("10.0.0.1")).toBe(true);
    expect(await second.attempt("10.0.0.1")).toBe(false);
    expect(await other.attempt("10.0.0.1")).toBe(true);
  });

  it("stores a fixed-length digest, never the key itself, whatever its length", async () => {
    const l = limiter(2, 60_000);
    const long = `${"x".repeat(10_000)}@example.com`;
    expect(await l.attempt(long)).toBe(true);
    expect(await l.attempt("visitor@example.com")).toBe(true);
    const keys = await queryRows<{ key: string }>(test.handle().db, sql`select key from rate_limit_hits where bucket = ${l.bucket}`);
    expect(keys.map((k) => k.key)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), expect.stringMatching(/^[0-9a-f]{64}$/)]);
  });

  it("keeps two limits of one name but other windows apart", async () => {
    const short = new RateLimiter("same name", 1, 1000);
    const long = new RateLimiter("same name", 1, 60_000);
    expect(await short.attempt("k", 0)).toBe(true);
    expect(await long.attempt("k", 500)).toBe(true);
    expect(await short.attempt("k", 1500)).toBe(true);
    expect(await long.attempt("k", 1600)).toBe(false);
  });

  it("turns a refused key away without the database until its oldest attempt leaves the window", async () => {
    const l = limiter(1, 1000);
    await expectAttempts(l, [
      ["flood", 0, true],
      ["flood", 10, false],
    ]);
    // Another process gives the place back: this one keeps refusing until 1000, then asks again.
    await queryRows(test.handle().db, sql`delete from rate_limit_hits where bucket = ${l.bucket}`);
    await expectAttempts(l, [
      ["flood", 500, false],
      ["flood", 1000, true],
    ]);
  });

  it("hit tells how many attempts came before and, when refused, when a place frees up; forget clears a key", async () => {
    const l = limiter(2, 1000);
    expect(await l.hit("k", 100)).toEqual({ allowed: true, before: 0, retryAfterMs: 0 });
    expect(await l.hit("k", 300)).toEqual({ allowed: true, before: 1, retryAfterMs: 0 });
    expect(await l.hit("k", 400)).toEqual({ allowed: false, before: 2, retryAfterMs: 700 });
    expect(await l.hit("k", 500)).toEqual({ allowed: false, before: 2, retryAfterMs: 600 });
    await l.forget("k");
    expect(await l.hit("k", 600)).toEqual({ allowed: true, before: 0, retryAfterMs: 0 });
    expect(await storedTimes(l.bucket)).toEqual([600]);
  });

  it("lets exactly `limit` of many simultaneous attempts through", async () => {
    const l = limiter(5, 60_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => l.attempt("burst")));
    expect(results.filter(Boolean)).toHaveLength(5);
  });

  it("forgets attempts older than a day, keeps newer ones", async () => {
    const l = limiter(10, 1000);
    const now = 10 * RATE_LIMIT_KEEP_MS;
    await l.attempt("old", now - RATE_LIMIT_KEEP_MS - 1);
    await l.attempt("new", now - 1000);
    expect(await storedTimes(l.bucket)).toEqual([now - RATE_LIMIT_KEEP_MS - 1, now - 1000]);
    expect(await forgetOldAttempts(now)).toBeGreaterThanOrEqual(1);
    expect(await storedTimes(l.bucket)).toEqual([now - 1000]);
  });
});
