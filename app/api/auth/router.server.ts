import express, { type NextFunction, type Request, type Response } from "express";
import type { PublicAdmin } from "~/models/admins.server";
import { verifyAdminCredentials } from "~/models/admins.server";
import { createSession, deleteSession, deleteSessionsOf, getSessionAdmin } from "~/models/sessions.server";
import { clientAddress } from "~/web/client-address.server";
import { getEnv } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { RateLimiter } from "~/web/rate-limit.server";
import { signInThrottle, SignInThrottle, type SignInLimits } from "~/web/sign-in-throttle.server";
import { answeredAlready, requireUtf8 } from "../errors";
import { identify } from "~/web/identity.server";

/**
 * /auth/v1 in GoTrue's shapes (DESIGN §8), on the administrator accounts and
 * sessions of the admin pages:
 * - POST /auth/v1/token?grant_type=password {email, password} → a session
 *   ({access_token, token_type, expires_in, expires_at, refresh_token, user});
 * - POST /auth/v1/token?grant_type=refresh_token {refresh_token} → a new
 *   session, the old one ends. The access token is an opaque session token
 *   (not a JWT) valid for SESSION_TTL_DAYS, and the refresh token is that same
 *   token: refreshing needs a session that is still live (no separate,
 *   longer-lived refresh token — the sessions table has no place for one);
 * - POST /auth/v1/logout?scope=global|local: global (supabase-js's default)
 *   ends every session of the administrator, as GoTrue does; local only this one;
 * - GET /auth/v1/user → the user.
 * Errors: `{code, error_code, msg}` (supabase-js reads error_code).
 */
export interface AuthLimits {
  /**
   * Sign-in (grant_type=password): by default the site's one throttle, shared
   * with /admin/login (decision 0018); limits given here make one of this
   * router's own (tests).
   */
  signIn?: SignInLimits;
  /** Other token requests (refresh) per address: default 30 per 15 minutes. */
  tokenPerAddress?: { limit: number; windowMs: number };
}

function authError(res: Response, status: number, errorCode: string, msg: string) {
  res.status(status).set("Cache-Control", "no-store").json({ code: status, error_code: errorCode, msg, error: errorCode, error_description: msg });
}

export function gotrueUser(admin: PublicAdmin, lastSignIn?: string) {
  const created = new Date(admin.created_at).toISOString();
  return {
    id: admin.id,
    aud: "authenticated",
    role: "authenticated",
    email: admin.email,
    email_confirmed_at: created,
    confirmed_at: created,
    phone: "",
    last_sign_in_at: lastSignIn ?? null,
    app_metadata: { provider: "email", providers: ["email"], role: "admin" },
    user_metadata: {},
    identities: [],
    created_at: created,
    updated_at: created,
    is_anonymous: false,
  };
}

async function sessionResponse(admin: PublicAdmin) {
  const { token, expiresAt } = await createSession(admin.id, getEnv().SESSION_TTL_DAYS);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
    expires_at: Math.floor(expiresAt.getTime() / 1000),
    refresh_token: token,
    user: gotrueUser(admin, new Date().toISOString()),
  };
}

function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function authRouter(limits: AuthLimits = {}) {
  const router = express.Router();
  const throttle = limits.signIn ? new SignInThrottle(limits.signIn) : signInThrottle;
  const tokenPerAddress = new RateLimiter("api token per address", limits.tokenPerAddress?.limit ?? 30, limits.tokenPerAddress?.windowMs ?? 15 * 60 * 1000);
  const tooMany = (res: Response, retryAfterSeconds: number) => {
    res.set("Retry-After", String(retryAfterSeconds));
    authError(res, 429, "over_request_rate_limit", "Too many requests, please try again later");
  };

  const wrap = (fn: (req: Request, res: Response) => Promise<void>) => async (req: Request, res: Response) => {
    try {
      await fn(req, res);
    } catch (error) {
      log.error(`${req.method} ${req.originalUrl.split("?")[0]} failed:`, error);
      authError(res, 500, "unexpected_failure", "Unexpected failure, please try again");
    }
  };

  router.use("/auth/v1", express.json({ limit: "64kb", type: ["application/json", "application/*+json"], verify: requireUtf8 }));
  router.use("/auth/v1", express.urlencoded({ limit: "64kb", extended: false }));

  router.post(
    "/auth/v1/token",
    wrap(async (req, res) => {
      const grant = String(req.query.grant_type ?? "");
      const body = bodyOf(req);
      if (grant === "password") {
        const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
        if (!email || typeof body.password !== "string" || body.password === "") {
          return authError(res, 400, "validation_failed", "Enter an e-mail address and a password");
        }
        const gate = await throttle.begin(email, clientAddress(req));
        if (!gate.allowed) return tooMany(res, gate.retryAfterSeconds);
        const admin = await verifyAdminCredentials(email, body.password);
        // The same answer whether or not the e-mail exists (DESIGN §7).
        if (!admin) return authError(res, 400, "invalid_credentials", "Invalid login credentials");
        await gate.succeeded();
        res.set("Cache-Control", "no-store").json(await sessionResponse(admin));
        return;
      }
      if (!(await tokenPerAddress.attempt(`ip:${clientAddress(req)}`))) return tooMany(res, Math.ceil(tokenPerAddress.windowMs / 1000));
      if (grant === "refresh_token") {
        const token = body.refresh_token;
        const admin = typeof token === "string" ? await getSessionAdmin(token) : null;
        if (!admin) return authError(res, 400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
        const session = await sessionResponse(admin);
        await deleteSession(token);
        res.set("Cache-Control", "no-store").json(session);
        return;
      }
      authError(res, 400, "unsupported_grant_type", "Unsupported grant type: use password or refresh_token");
    }),
  );

  /** The administrator of the request's bearer token (not the anonymous key, not the cookie), or an error already sent. */
  async function requireUser(req: Request, res: Response): Promise<{ admin: PublicAdmin; token: string } | null> {
    const identity = await identify(req);
    if (identity.kind === "admin" && identity.via === "bearer") return identity;
    if (identity.kind === "invalid-token") authError(res, 403, "session_not_found", "Session from session_id claim in JWT does not exist");
    else authError(res, 401, "no_authorization", "This endpoint requires a Bearer token of a signed-in user");
    return null;
  }

  router.get(
    "/auth/v1/user",
    wrap(async (req, res) => {
      const user = await requireUser(req, res);
      if (user) res.set("Cache-Control", "no-store").json(gotrueUser(user.admin));
    }),
  );

  router.post(
    "/auth/v1/logout",
    wrap(async (req, res) => {
      const scope = String(req.query.scope ?? "global");
      if (scope !== "global" && scope !== "local") {
        return authError(res, 400, "validation_failed", "Supported scopes: global, local");
      }
      const user = await requireUser(req, res);
      if (!user) return;
      if (scope === "global") await deleteSessionsOf(user.admin.id);
      else await deleteSession(user.token);
      res.status(204).set("Cache-Control", "no-store").end();
    }),
  );

  router.get(
    "/auth/v1/settings",
    wrap(async (_req, res) => {
      res.json({ external: { email: true }, disable_signup: true, mailer_autoconfirm: false, phone_autoconfirm: false, sms_provider: "" });
    }),
  );

  router.all("/auth/v1/{*rest}", (_req, res) => authError(res, 404, "not_found", "Not found"));

  router.use("/auth/v1", (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (answeredAlready(error, res)) return;
    const e = error as { type?: string; status?: number };
    // The same answer as server/body-limits.ts gives a declared over-long body: a chunked one is only found too long here.
    if (e?.type === "entity.too.large") return authError(res, 413, "request_too_large", "Request body larger than 64 KB");
    if (e?.type === "entity.parse.failed" || e?.status === 400) {
      return authError(res, 400, "bad_json", "Could not parse request body as JSON");
    }
    next(error);
  });

  return router;
}
