import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { sql } from "drizzle-orm";
import express, { type ErrorRequestHandler } from "express";
import helmet from "helmet";
import { RouterContextProvider } from "react-router";
import { requestInfo } from "~/context";
import { getDatabaseHandle } from "~/db/client.server";
import type { Env } from "~/utils/env.server";
import { log } from "~/utils/log.server";

/**
 * The web application: security headers, static files, uploads, health check
 * and the React Router pages, as one Express app. It is bundled with the
 * pages (vite.config.ts), so everything shares one set of services;
 * server/main.js loads it, listens and shuts down.
 */
export { getEnv, EnvError } from "~/utils/env.server";
export { startServices, stopServices } from "~/services.server";
export { DataDirLockedError } from "~/db/lock.server";

export interface AppOptions {
  /** Folder of the client build (production); absent in dev, where Vite serves assets. */
  clientDir?: string;
}

export function createApp(env: Env, options: AppOptions = {}) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.use(compression());

  // A fresh nonce per response: React Router's inline scripts carry it, nothing else may run.
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  const dev = env.NODE_ENV === "development";
  app.use(
    helmet({
      contentSecurityPolicy: dev
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:", "blob:", "https:"],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
              ...(env.publicUrl.startsWith("https:") ? { upgradeInsecureRequests: [] } : {}),
            },
          },
      // HSTS only makes sense when the site is served over HTTPS.
      strictTransportSecurity: env.publicUrl.startsWith("https:"),
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    }),
  );

  if (options.clientDir) {
    // Hashed file names never change content: cache for a year.
    app.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }

  // Uploaded images: names are unique per upload (timestamp + random), so immutable.
  app.use(
    "/upload",
    express.static(path.join(env.dataDir, "upload"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      dotfiles: "ignore",
      fallthrough: false,
    }),
  );

  app.get("/healthz", async (_req, res) => {
    try {
      const handle = getDatabaseHandle();
      await handle.db.execute(sql`select 1`);
      res.set("Cache-Control", "no-store").json({ status: "ok", database: handle.kind });
    } catch {
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      mode: dev ? "development" : "production",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(requestInfo, { nonce: String(res.locals.cspNonce ?? ""), ip: req.ip ?? "" });
        return context;
      },
    }),
  );

  // Last resort: never a stack trace or SQL in a response.
  const onError: ErrorRequestHandler = (error, req, res, next) => {
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) log.error(`${req.method} ${req.originalUrl} failed:`, error);
    if (res.headersSent) return next(error);
    res.status(status).type("text/plain").send(status === 404 ? "Not Found" : status < 500 ? "Bad Request" : "Internal Server Error");
  };
  app.use(onError);
  return app;
}
