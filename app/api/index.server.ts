import express from "express";
import { authRouter, type AuthLimits } from "./auth/router.server";
import { restRouter, type RestLimits } from "./rest/router.server";

/**
 * The HTTP API compatible with @supabase/supabase-js (DESIGN §8): /rest/v1
 * (tables and RPC) and /auth/v1. Mounted in server/app.ts before the pages;
 * /storage/v1 joins here. Cross-site writes are already refused in front of
 * it (server/same-origin.ts).
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
