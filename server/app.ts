import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { sql } from "drizzle-orm";
import express, { type ErrorRequestHandler } from "express";
import helmet from "helmet";
import { createRequestHandler as createWebRequestHandler, RouterContextProvider } from "react-router";
import { requestInfo } from "~/context";
import { apiRouter } from "~/api/index.server";
import { storageApiRouter, uploadFilesRouter } from "~/api/storage/index.server";
import { adminEventsRouter } from "~/realtime/sse.server";
import { getDatabaseHandle } from "~/db/client.server";
import { storage } from "~/storage/index.server";
import { imageVariantsRouter } from "./image-variants";
import { precompressed } from "./precompressed";
import type { Env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { sameOriginWrites } from "./same-origin";
import { isCacheable, PageCache, readContentVersion, type CachedPage } from "~/utils/page-cache.server";

/**
 * The web application: security headers, static files, uploads, health check
 * and the React Router pages, as one Express app. It is bundled with the
 * pages (vite.config.ts), so everything shares one set of services;
 * server/main.js loads it, listens and shuts down.
 */
export { getEnv, EnvError } from "~/utils/env.server";
export { startServices, stopServices } from "~/services.server";
export { DataDirLockedError } from "~/db/lock.server";
// supabase-js realtime channels: server/main.js attaches it to the http.Server (WebSocket upgrades).
export { attachRealtime } from "~/api/realtime/server.server";

function sendPage(req: express.Request, res: express.Response, page: CachedPage, state: string) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("X-Page-Cache", state);
  if (page.status === 200) {
    res.setHeader("ETag", page.etag);
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("Vary", "Cookie, Accept-Encoding");
    if (req.headers["if-none-match"] === page.etag) {
      // The browser reuses its copy, whose scripts carry the nonce of that
      // copy's policy: a 304 updates stored headers, so it must not send a new one.
      res.removeHeader("Content-Security-Policy");
      res.status(304).end();
      return;
    }
  }
  // The page carries the nonce it was rendered with; this response has its own.
  const nonce = String(res.locals.cspNonce);
  res.status(page.status).send(req.method === "HEAD" ? "" : page.body.replaceAll(page.nonce, nonce));
}

export interface AppOptions {
  /** Folder of the client build (production); absent in dev, where Vite serves assets. */
  clientDir?: string;
}

export function createApp(env: Env, options: AppOptions = {}) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  // Build assets come precompressed (server/precompressed.ts); the rest is compressed here.
  app.use(compression({ filter: (req, res) => !req.path.startsWith("/assets/") && compression.filter(req, res) }));

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

  app.use(sameOriginWrites(env.publicUrl));

  if (options.clientDir) {
    // Hashed file names never change content: cache for a year.
    app.use("/assets", precompressed(path.join(options.clientDir, "assets")));
    app.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }

  // SPEC §7: the browser checks the two tracked upload directories with
  // HEAD /upload/{locations,properties}/.directory. Exactly these two paths;
  // real dotfiles are never served (the static handler below ignores them).
  app.get(["/upload/locations/.directory", "/upload/properties/.directory"], (_req, res) => {
    res.set("Cache-Control", "no-cache").status(200).end();
  });

  // Uploaded images: names are unique per upload (timestamp + random), so immutable.
  // With STORAGE_DRIVER=s3 they are read through the driver (or redirected to S3_PUBLIC_URL).
  app.use(
    "/upload",
    env.STORAGE_DRIVER === "s3"
      ? uploadFilesRouter({ publicUrl: env.S3_PUBLIC_URL })
      : express.static(path.join(env.dataDir, "upload"), {
          immutable: true,
          maxAge: "1y",
          index: false,
          dotfiles: "ignore",
          fallthrough: false,
        }),
  );

  app.use(imageVariantsRouter({ storage, cacheDir: path.join(env.dataDir, "cache", "img") }));

  // Browsers and crawlers ask for /favicon.ico whatever the page declares.
  app.get("/favicon.ico", (_req, res) => {
    res.set("Cache-Control", "public, max-age=86400").redirect(301, "/favicon.svg");
  });

  app.get("/healthz", async (_req, res) => {
    try {
      const handle = getDatabaseHandle();
      await handle.db.execute(sql`select 1`);
      res.set("Cache-Control", "no-store").json({ status: "ok", database: handle.kind });
    } catch {
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });

  app.use(adminEventsRouter());
  app.use(apiRouter());
  app.use(storageApiRouter());

  const build = () => import("virtual:react-router/server-build");
  const mode = dev ? "development" : "production";
  const loadContext = (req: express.Request, res: express.Response) => {
    const context = new RouterContextProvider();
    context.set(requestInfo, { nonce: String(res.locals.cspNonce ?? ""), ip: req.ip ?? "" });
    return context;
  };
  const pages = createRequestHandler({ build, mode, getLoadContext: loadContext });

  // Public pages for anonymous visitors come from the in-process cache when
  // the content has not changed since they were rendered (DESIGN §11).
  const cache = new PageCache(readContentVersion);
  const renderToString = createWebRequestHandler(build, mode);
  app.all("/{*splat}", async (req, res, next) => {
    if (dev || !isCacheable(req.method, req.path, req.headers.cookie)) return pages(req, res, next);
    try {
      await cache.sync();
      const lang = /(^|;\s*)language=bg/.test(req.headers.cookie ?? "") ? "bg" : "ru";
      const key = `${lang} ${req.originalUrl}`;
      let page = cache.get(key);
      let state = "HIT";
      if (!page) {
        state = "MISS";
        const version = cache.currentVersion();
        const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (typeof value === "string") headers.set(name, value);
        }
        const response = await renderToString(new Request(url, { method: "GET", headers }), loadContext(req, res));
        const body = await response.text();
        page = {
          status: response.status,
          headers: [...response.headers].filter(([name]) => !/^(content-length|content-encoding|transfer-encoding)$/i.test(name)),
          body,
          nonce: String(res.locals.cspNonce),
          etag: `W/"${crypto.createHash("sha1").update(body.replaceAll(String(res.locals.cspNonce), "")).digest("base64url")}"`,
        } satisfies CachedPage;
        if (response.status === 200 && /text\/html/.test(response.headers.get("content-type") ?? "")) cache.set(key, page, version);
      }
      sendPage(req, res, page, state);
    } catch (error) {
      next(error);
    }
  });

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
