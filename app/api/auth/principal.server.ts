import type { Request } from "express";
import type { PublicAdmin } from "~/models/admins.server";
import { identify } from "~/web/identity.server";
import { ApiError } from "../errors";

/**
 * The REST API's view of who is calling (SPEC §6): the request identity
 * (app/web/identity.server.ts, decision 0021), where an invalid bearer — an
 * unknown, expired or signed-out token — is 401, not quietly anonymous, so
 * the client learns it must sign in again.
 */
export type Principal = { role: "anon" } | { role: "admin"; admin: PublicAdmin; token: string };

export async function resolvePrincipal(req: Request): Promise<Principal> {
  const identity = await identify(req);
  if (identity.kind === "invalid-token") {
    throw new ApiError(401, "PGRST301", "JWT expired", "The access token is unknown, expired or signed out.", "Sign in again.");
  }
  return identity.kind === "admin" ? { role: "admin", admin: identity.admin, token: identity.token } : { role: "anon" };
}
