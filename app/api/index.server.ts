import express from "express";
import { authRouter, type AuthLimits } from "./auth/router.server";
import { restRouter, type RestLimits } from "./rest/router.server";

/**
 * The HTTP API compatible with @supabase/supabase-js (DESIGN §8): /rest/v1
 * (tables and RPC) and /auth/v1. Mounted in server/app.ts before the pages,
 * with /storage/v1 beside it (app/api/storage). Cross-site writes are already
 * refused in front of it (server/same-origin.ts). docs/api.md maps every call
 * of SPEC §7 to its request and its test.
 *
 * PostgREST features supported on locations, real_estates, contact_submissions:
 * - GET/HEAD with select= column lists (`*`, `alias:column`); filters eq neq gt
 *   gte lt lte like ilike (`*` = `%`) in is (null, not_null, true, false,
 *   unknown), each optionally `not.`; several filters are ANDed; a column that
 *   clashes with a reserved parameter is filtered quoted (`"order"=eq.2`);
 *   order= several columns .asc|.desc .nullsfirst|.nullslast; limit, offset,
 *   the Range header; Prefer: count=exact (also planned/estimated, counted
 *   exactly) with Content-Range (206 for a part, 416 PGRST103 for an offset past
 *   the end); at most 1000 rows a read (Supabase's default max rows).
 * - POST one object or an array (anonymously: one row, a contact request
 *   counted against the contact form's allowance); PATCH and DELETE with
 *   filters (refused without one: 21000, like Supabase's safeupdate); Prefer:
 *   return=representation | minimal; select= shapes the returned rows.
 * - Accept: application/vnd.pgrst.object+json → one object, else 406 PGRST116
 *   (for writes, checked before anything is written).
 * - Errors {code, details, hint, message}: 23505/23503 → 409, 23502/23514/22P02/
 *   22007/42703 → 400, 42501 → 401 (anonymous) / 403, PGRST116 → 406,
 *   PGRST205 (unknown table) / PGRST202 (unknown function) → 404, PGRST100
 *   (bad query) / PGRST102 (bad JSON) / PGRST204 (unknown column in a body) → 400,
 *   PGRST301 (unknown or expired token) → 401, 429 for rate limits.
 * - Values as PostgREST writes them: timestamps in ISO 8601 ("2026-11-21T16:01:43.719+00:00"),
 *   numbers as numbers, images as a JSON array.
 * - POST /rest/v1/rpc/direct_insert_real_estate with the p_* parameters (GET: 405
 *   25006, as PostgREST answers for a function that writes).
 * Not supported: resource embedding (related tables in select), casts and JSON
 * paths, or=/and= groups, array/range/full-text operators (cs, cd, ov, fts…),
 * upsert (Prefer: resolution=… / on_conflict), Prefer: missing=default (ignored:
 * the model's defaults apply), tx=rollback, CSV/GeoJSON/explain output (the Accept
 * is ignored: JSON is answered), nulls=stripped, schemas other than public
 * (Accept-Profile / Content-Profile are ignored), OpenAPI at /rest/v1/, other RPC
 * functions, CORS for pages on other origins (OPTIONS answers 405).
 * Writes run through the model layer row by row: an array POST or a PATCH/
 * DELETE of several rows is not one transaction. Ids and created_at sent by a
 * client are ignored (the database generates them). ilike folds case as the
 * database does (a C-locale PostgreSQL folds only ASCII).
 *
 * GoTrue: POST /auth/v1/token?grant_type=password|refresh_token, POST
 * /auth/v1/logout?scope=global|local, GET /auth/v1/user, GET /auth/v1/settings.
 * The access token is the admin pages' opaque session token (not a JWT, so
 * supabase-js's getClaims/setSession, which decode JWTs, do not apply); the
 * refresh token is the same token (see auth/router.server.ts and
 * docs/decisions/0008-api-tokens.md). No sign-up, OTP, OAuth, MFA, user updates
 * or logout scope=others (400).
 *
 * Realtime: supabase-js channels' `postgres_changes` on the WebSocket
 * /realtime/v1/websocket (Phoenix protocol, vsn 2.0.0 arrays or 1.0.0
 * objects; realtime/server.server.ts, attached to the http.Server by
 * server/main.js, not part of this router): join with the bindings echoed
 * back with ids, heartbeat, access_token, phx_leave/phx_close; the role as
 * above (anonymous: locations and real_estates; an administrator's token:
 * also contact_submissions); rows as GET /rest/v1 returns them, DELETE with
 * the id only; at most 10 events a second per connection, the rest queued.
 * Not supported: broadcast, presence, private channels, binary frames,
 * TRUNCATE. The admin pages get the same changes as Server-Sent Events at
 * /admin/events (app/realtime).
 */
export interface ApiOptions {
  rest?: RestLimits;
  auth?: AuthLimits;
}

export function apiRouter(options: ApiOptions = {}) {
  const router = express.Router();
  router.use(restRouter(options.rest));
  router.use(authRouter(options.auth));
  return router;
}
