/**
 * A sliding-window limit per key (an IP address, an account) kept in this
 * process's memory: enough for one server; with several copies each counts
 * on its own, which still bounds abuse.
 */
export class RateLimiter {
  private hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Records an attempt; false when the key is over its limit (the attempt is not counted). */
  attempt(key: string, now = Date.now()): boolean {
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(now);
    return true;
  }

  /** Gives back the key's latest attempt (it turned out not to count, e.g. a refused form). */
  release(key: string): void {
    const times = this.hits.get(key);
    if (!times?.length) return;
    times.pop();
    if (times.length === 0) this.hits.delete(key);
  }

  private prune(now: number) {
    for (const [key, times] of this.hits) {
      if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(key);
    }
  }
}
