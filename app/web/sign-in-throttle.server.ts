import { RateLimiter } from "~/web/rate-limit.server";

/**
 * The one sign-in throttle (docs/decisions/0018-one-sign-in-throttle.md),
 * shared by /admin/login, /auth/v1/token?grant_type=password and any later
 * sign-in path, counted in the database (RateLimiter) so every endpoint and
 * every server process counts together:
 * - per account and address: after `perAccountAndAddress.limit` attempts
 *   without success, that pair is refused until the oldest leaves the window
 *   (a success clears the pair);
 * - per address, all accounts: `perAddress.limit` attempts (a success gives
 *   its place back);
 * - per account, all addresses: never a refusal (else anyone anywhere could
 *   lock the administrator out), a delay instead — after
 *   `accountSlowDown.afterFailures` failures, firstDelayMs, doubling, at most
 *   maxDelayMs.
 */
export interface SignInLimits {
  perAddress?: { limit: number; windowMs: number };
  perAccountAndAddress?: { limit: number; windowMs: number };
  accountSlowDown?: { afterFailures: number; windowMs: number; firstDelayMs: number; maxDelayMs: number };
}

const WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_DEFAULTS: Required<SignInLimits> = {
  perAddress: { limit: 30, windowMs: WINDOW_MS },
  perAccountAndAddress: { limit: 10, windowMs: WINDOW_MS },
  accountSlowDown: { afterFailures: 20, windowMs: WINDOW_MS, firstDelayMs: 1000, maxDelayMs: 8000 },
};

/** Failures counted per account at most (rows kept per account): far past the longest delay. */
const ACCOUNT_COUNT_CAP = 1000;

/** The delay before checking a password, given the account's failures in the window before this attempt. */
export function slowDownMs(failures: number, slowDown: Required<SignInLimits>["accountSlowDown"]): number {
  const over = failures - slowDown.afterFailures;
  if (over < 0) return 0;
  // 2^over grows past maxDelayMs long before it could overflow: cap the exponent too.
  return Math.min(slowDown.maxDelayMs, slowDown.firstDelayMs * 2 ** Math.min(over, 30));
}

export type SignInGate =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true;
      /** Time this attempt waited (the account's slow-down), in ms. */
      delayedMs: number;
      /** The password was right: clears the pair's failures and gives back the address's and account's places. */
      succeeded(): Promise<void>;
    };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class SignInThrottle {
  private readonly perAddress: RateLimiter;
  private readonly perPair: RateLimiter;
  private readonly perAccount: RateLimiter;
  private readonly slowDown: Required<SignInLimits>["accountSlowDown"];

  constructor(
    limits: SignInLimits = {},
    private readonly wait: (ms: number) => Promise<void> = sleep,
  ) {
    const l = { ...SIGN_IN_DEFAULTS, ...limits };
    this.perAddress = new RateLimiter("sign-in per address", l.perAddress.limit, l.perAddress.windowMs);
    this.perPair = new RateLimiter("sign-in per account and address", l.perAccountAndAddress.limit, l.perAccountAndAddress.windowMs);
    this.perAccount = new RateLimiter("sign-in failures per account", ACCOUNT_COUNT_CAP, l.accountSlowDown.windowMs);
    this.slowDown = l.accountSlowDown;
  }

  /**
   * Call before checking the password. Every attempt counts as a failure
   * until succeeded() says otherwise (so simultaneous attempts cannot slip
   * past a limit); refused attempts wait for nothing.
   */
  async begin(account: string, address: string, now = Date.now()): Promise<SignInGate> {
    const email = account.trim().toLowerCase();
    const ip = address || "unknown";
    const pair = `${email}\n${ip}`;
    const byAddress = await this.perAddress.hit(ip, now);
    if (!byAddress.allowed) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(byAddress.retryAfterMs / 1000)) };
    const byPair = await this.perPair.hit(pair, now);
    if (!byPair.allowed) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(byPair.retryAfterMs / 1000)) };
    const byAccount = await this.perAccount.hit(email, now);
    const delayedMs = slowDownMs(byAccount.before, this.slowDown);
    if (delayedMs > 0) await this.wait(delayedMs);
    return {
      allowed: true,
      delayedMs,
      succeeded: async () => {
        await this.perPair.forget(pair);
        await this.perAddress.release(ip);
        if (byAccount.allowed) await this.perAccount.release(email);
      },
    };
  }
}

/** The site's throttle: every sign-in path uses this one (tests may build their own with other limits). */
export const signInThrottle = new SignInThrottle();
