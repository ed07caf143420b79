import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import { SIGN_IN_DEFAULTS, SignInThrottle, slowDownMs, type SignInGate, type SignInLimits } from "~/web/sign-in-throttle.server";

/** The one sign-in throttle (decision 0018), counted in the database like every rate limit. */
useTestDatabase();

let accounts = 0;
/** An account of its own per test (the database is the file's). */
const account = () => `owner-${++accounts}@example.com`;

/** A throttle whose waits are recorded, not slept. */
function throttle(limits: SignInLimits) {
  const waits: number[] = [];
  const t = new SignInThrottle(limits, async (ms) => void waits.push(ms));
  return { t, waits };
}

const small: SignInLimits = {
  perAddress: { limit: 100, windowMs: 60_000 },
  perAccountAndAddress: { limit: 3, windowMs: 60_000 },
  accountSlowDown: { afterFailures: 1000, windowMs: 60_000, firstDelayMs: 1000, maxDelayMs: 8000 },
};

/** Fails `n` times (the password was wrong: begin() and no succeeded()). */
async function fail(t: SignInThrottle, who: string, ip: string, n: number): Promise<SignInGate[]> {
  const gates: SignInGate[] = [];
  for (let i = 0; i < n; i++) gates.push(await t.begin(who, ip));
  return gates;
}

describe("the sign-in throttle", () => {
  it("refuses an account from an address after its failures there, with Retry-After; other addresses and other accounts go on", async () => {
    const { t } = throttle(small);
    const who = account();
    expect((await fail(t, who, "10.0.0.1", 3)).every((g) => g.allowed)).toBe(true);
    const refused = await t.begin(who, "10.0.0.1");
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // The account's spelling does not matter.
    expect((await t.begin(` ${who.toUpperCase()} `, "10.0.0.1")).allowed).toBe(false);
    expect((await t.begin(who, "10.0.0.2")).allowed).toBe(true);
    expect((await t.begin(account(), "10.0.0.1")).allowed).toBe(true);
  });

  it("a successful sign-in clears the pair's failures", async () => {
    const { t } = throttle(small);
    const who = account();
    await fail(t, who, "10.0.1.1", 2);
    const right = await t.begin(who, "10.0.1.1");
    expect(right.allowed).toBe(true);
    if (right.allowed) await right.succeeded();
    expect((await fail(t, who, "10.0.1.1", 3)).every((g) => g.allowed)).toBe(true);
    expect((await t.begin(who, "10.0.1.1")).allowed).toBe(false);
  });

  it("limits one address over all accounts", async () => {
    const { t } = throttle({ ...small, perAddress: { limit: 4, windowMs: 60_000 } });
    for (let i = 0; i < 4; i++) expect((await t.begin(account(), "10.0.2.1")).allowed).toBe(true);
    expect((await t.begin(account(), "10.0.2.1")).allowed).toBe(false);
    expect((await t.begin(account(), "10.0.2.2")).allowed).toBe(true);
  });

  it("failures from many addresses never refuse the account: they slow it down, doubling up to a bound", async () => {
    const { t, waits } = throttle({ ...small, accountSlowDown: { afterFailures: 2, windowMs: 60_000, firstDelayMs: 1000, maxDelayMs: 8000 } });
    const who = account();
    const gates: SignInGate[] = [];
    // An attacker with eight addresses, two tries each.
    for (let i = 0; i < 8; i++) gates.push(...(await fail(t, who, `192.0.2.${i}`, 2)));
    expect(gates.every((g) => g.allowed)).toBe(true);
    expect(gates.map((g) => (g.allowed ? g.delayedMs : -1))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000, 8000, 8000, 8000, 8000, 8000,
    ]);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000, 8000, 8000, 8000, 8000, 8000]);
    // The administrator's own address: slowed, not refused, and a success does not add to the count.
    const own = await t.begin(who, "198.51.100.7");
    expect(own).toMatchObject({ allowed: true, delayedMs: 8000 });
    if (own.allowed) await own.succeeded();
  });

  it("counts together across instances (server processes) and across sign-in paths", async () => {
    const page = throttle(small).t;
    const api = throttle(small).t;
    const who = account();
    await fail(page, who, "10.0.3.1", 2);
    await fail(api, who, "10.0.3.1", 1);
    expect((await page.begin(who, "10.0.3.1")).allowed).toBe(false);
    expect((await api.begin(who, "10.0.3.1")).allowed).toBe(false);
  });
});

describe("slowDownMs", () => {
  const s = SIGN_IN_DEFAULTS.accountSlowDown;
  it("is 0 below the threshold, then doubles from the first delay and stays at the bound", () => {
    expect([0, s.afterFailures - 1].map((n) => slowDownMs(n, s))).toEqual([0, 0]);
    expect([0, 1, 2, 3, 4, 50, 10_000, Number.MAX_SAFE_INTEGER].map((n) => slowDownMs(s.afterFailures + n, s))).toEqual([
      1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000,
    ]);
  });
});
