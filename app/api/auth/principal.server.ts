import type { Request } from "express";
import type { PublicAdmin } from "~/models/admins.server";
import { getSessionAdmin } from "~/models/sessions.server";
import { SESSION_COOKIE } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";
import { ApiError } from "../errors";

/**
 * Who is calling the API (the roles of SPEC §6):
 * - `Authorization: Bearer <access token>` of a live administrator session
 *   (the token of POST /auth/v1/token, the same sessions as the admin pages)
 *   → administrator;
 * - no bearer, or the public anonymous key (API_ANON_KEY, or the value of the
 *   request's own `apikey` header, which supabase-js also sends as bearer)
 *   → anonymous, unless the admin pages' session cookie is present and live;
 * - any other bearer → 401 (an expired or signed-out token is not quietly
 *   downgraded to anonymous, so the client learns it must sign in again).
 */
export type Principal = { role: "anon" } | { role: "admin"; admin: PublicAdmin; token: string };

export function bearerToken(req: Request): string | null {
  const header = req.get("authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

export function isAnonKey(req: Request, token: string): boolean {
  const apikey = req.get("apikey");
  return token === getEnv().API_ANON_KEY || (apikey !== undefined && apikey !== "" && token === apikey);
}

function cookieToken(req: Request): string | null {
  for (const part of (req.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim();
  }
  return null;
}

export async function resolvePrincipal(req: Request): Promise<Principal> {
  const bearer = bearerToken(req);
  if (bearer && !isAnonKey(req, bearer)) {
    const admin = await getSessionAdmin(bearer);
    if (!admin) throw new ApiError(401, "PGRST301", "JWT expired", "The access token is unknown, expired or signed out.", "Sign in again.");
    return { role: "admin", admin, token: bearer };
  }
  const cookie = cookieToken(req);
  if (cookie) {
    const admin = await getSessionAdmin(cookie);
    if (admin) return { role: "admin", admin, token: cookie };
  }
  return { role: "anon" };
}
