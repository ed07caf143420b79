import type http from "node:http";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import express from "express";
import { afterAll, beforeAll } from "vitest";
import ws from "ws";
import { apiRouter, type ApiOptions } from "~/api/index.server";
import { createAdmin } from "~/models/admins.server";
import { ensureDefaultLocations } from "~/models/locations.server";
import { getEnv } from "~/platform/env.server";
import { sameOriginWrites } from "../../server/same-origin";
import { useTestDatabase } from "../support/test-db";
import { freePort } from "../support/built-server";

/**
 * The API as a real HTTP server for the test file: the same routers and
 * cross-site guard as server/app.ts, on this file's own database (PGlite in
 * memory or a fresh PostgreSQL database), listening on 127.0.0.1 in 9800–9849.
 */
export const ADMIN_EMAIL = "api-admin@example.com";
export const ADMIN_PASSWORD = "api test password 1";

export function useApiServer(options: ApiOptions = {}) {
  const database = useTestDatabase();
  let server: http.Server | undefined;
  let baseUrl = "";
  beforeAll(async () => {
    await ensureDefaultLocations();
    await createAdmin(ADMIN_EMAIL, ADMIN_PASSWORD);
    const port = await freePort(9800, 9849);
    baseUrl = `http://127.0.0.1:${port}`;
    const app = express();
    app.use(sameOriginWrites(baseUrl));
    app.use(
      apiRouter({
        rest: { anonymousWrites: { limit: 1000, windowMs: 60_000 }, ...options.rest },
        auth: {
          signIn: {
            perAddress: { limit: 1000, windowMs: 60_000 },
            perAccountAndAddress: { limit: 1000, windowMs: 60_000 },
            accountSlowDown: { afterFailures: 1000, windowMs: 60_000, firstDelayMs: 1000, maxDelayMs: 8000 },
          },
          tokenPerAddress: { limit: 1000, windowMs: 60_000 },
          ...options.auth,
        },
      }),
    );
    await new Promise<void>((resolve, reject) => {
      server = app.listen(port, "127.0.0.1", (error?: Error) => (error ? reject(error) : resolve()));
    });
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  });
  return {
    database,
    url: () => baseUrl,
    anonKey: () => getEnv().API_ANON_KEY,
    /** A supabase-js client as a site would create it (Node 20: ws passed in). */
    client(): SupabaseClient {
      return createClient(baseUrl, getEnv().API_ANON_KEY, {
        realtime: { transport: ws as never },
        auth: { persistSession: false, autoRefreshToken: false },
      });
    },
  };
}
