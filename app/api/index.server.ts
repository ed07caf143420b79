import express from "express";
import { authRouter, type AuthLimits } from "./auth/router.server";
import { restRouter, type RestLimits } from "./rest/router.server";

/**
 * The HTTP API compatible with @supabase/supabase-js (DESIGN §8): /rest/v1
 * (tables and RPC) and /auth/v1, mounted before the pages, with /storage/v1
 * beside it and realtime on the WebSocket (server/main.js). What is supported
 * and what is not, call by call with its test: docs/api.md; tokens: decision 0008.
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
