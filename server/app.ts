import crypto from "node:crypto";
import type http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { sql } from "drizzle-orm";
import express, { type ErrorRequestHandler } from "express";
import helmet from "helmet";
import { createRequestHandler as createWebRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { listingEngine, requestInfo } from "~/context";
import { ListingEngine } from "~/models/listing.server";
import { identify, requestIdentity } from "~/web/identity.server";
import { apiRouter } from "~/api/index.server";
import { storageApiRouter, uploadFilesRouter } from "~/api/storage/index.server";
import { adminEventsRouter } from "~/realtime/sse.server";
import { getDatabaseHandle } from "~/db/client.server";
import { storage } from "~/storage/index.server";
import { imageVariantsRouter } from "./image-variants";
import { tileOrigin, type Env } from "~/platform/env.server";
import { clientAddress } from "~/web/client-address.server";
import { log } from "~/platform/log.server";
import { sameOriginWrites } from "./same-origin";
import { buildAssets } from "./build-assets";
import { cachedPages, RENDERED_BROTLI_QUALITY, RENDERED_GZIP_LEVEL } from "~/page-cache/http.server";
import { guardedRequests } from "~/web/edge-guard.server";
import { bodyLimits, pagesWithBoundedBodies } from "./body-limits";
import { sendsRequestId, withRequestLog } from "./request-log";
import { resourceDataRequests } from "./resource-data";
import { createRenderGate } from "~/web/render-gate.server";
import { pageLang, SMALL_ANSWER_HEADERS, smallPage } from "~/web/client-error.server";

/**
 * The web application: security headers, static files, uploads, health check
 * and the React Router pages, as one Express app. It is bundled with the
 * pages (vite.config.ts), so everything shares one set of services;
 * server/main.js loads it, listens and shuts down.
 */
export { getEnv, EnvError } from "~/platform/env.server";
export { startServices, stopServices } from "~/services.server";
export { DataDirLockedError } from "~/db/lock.server";
// supabase-js realtime channels: server/main.js attaches it to the http.Server (WebSocket upgrades).
export { attachRealtime } from "~/api/realtime/server.server";
// Requests Node refuses before the app (an address over its 16 KB limit): server/main.js listens with it.
export { onClientError } from "~/web/client-error.server";
// The edge guard around a request listener, and the access log around that: server/main.js's --dev server uses them too.
export { guardedRequests } from "~/web/edge-guard.server";
export { LoggedResponse, sendsRequestId, withRequestLog } from "./request-log";
// The one logger (decision 0019): server/main.js and server/supervisor.js log through it.
export { log } from "~/platform/log.server";

export interface AppOptions {
  /** Folder of the client build (production); absent in dev, where Vite serves assets. */
  clientDir?: string;
}

/** What a 503 of the render queue asks the client to wait (it is answered after at most 5 s of waiting). */
const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * The Express app, and the request listener the production server listens
 * with: cached public pages are answered before Express (app/page-cache/http.server.ts).
 */
export function createApp(env: Env, options: AppOptions = {}): { app: express.Express; listener: http.RequestListener } {
  const app = express();
  app.disable("x-powered-by");
  // Express replaces the response's prototype: the request id is set on it first (server/request-log.ts).
  app.use(sendsRequestId);
  // One proxy in front: the client is the X-Forwarded-For entry that proxy added (the last), never one the client wrote itself.
  app.set("trust proxy", env.TRUST_PROXY ? 1 : false);
  const dev = env.NODE_ENV === "development";

  const build = () => import("virtual:react-router/server-build");
  const mode = dev ? "development" : "production";
  /**
   * A React Router handler made from the build. Given a function, React
   * Router derives its routes, their ranking and its handler from the build
   * again on every request (so the dev server's reloads show); in production
   * the build never changes, so the handler is made once from the build
   * itself, loaded at the first request (issue 32: that derivation was ~5 %
   * of an uncached render).
   */
  const withBuild = <Args extends unknown[], Result>(
    make: (build: ServerBuild | (() => Promise<ServerBuild>)) => (...args: Args) => Result,
  ): ((...args: Args) => Promise<Awaited<Result>>) => {
    let made = dev ? make(build) : undefined;
    let making: Promise<(...args: Args) => Result> | undefined;
    return async (...args: Args): Promise<Awaited<Result>> => {
      made ??= await (making ??= build().then((loaded) => make(loaded)));
      return await made(...args);
    };
  };
  // One listing engine for the process: what it remembers (counts, page marks) serves every request.
  const listings = new ListingEngine();
  const loadContext = (req: express.Request, res: express.Response) => {
    const context = new RouterContextProvider();
    context.set(requestInfo, { nonce: String(res.locals.cspNonce ?? ""), ip: clientAddress(req) });
    context.set(listingEngine, listings);
    // Pages see the identity the Express side may already have looked up (body limits): once per request.
    context.set(requestIdentity, () => identify(req));
    return context;
  };
  // DESIGN §11: a public page already rendered for this content version is
  // sent first thing, as it was sent the first time (app/page-cache/http.server.ts).
  const cache = dev
    ? null
    : cachedPages(
        withBuild((loaded) => createWebRequestHandler(loaded, mode)),
        loadContext,
      );
  if (cache) app.use(cache.serveCached);

  // Build assets are sent before Express (server/build-assets.ts), precompressed; the rest is compressed here.
  // At the level for answers made once (decision 0035): the pages not kept, admin pages, the API.
  app.use(
    compression({
      filter: (req, res) => !req.path.startsWith("/assets/") && compression.filter(req, res),
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: RENDERED_BROTLI_QUALITY } },
      level: RENDERED_GZIP_LEVEL,
    }),
  );

  // A fresh nonce per response: React Router's inline scripts carry it, nothing else may run.
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
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
              // Exactly the map's tile host (issue 21) and the bucket's public address when photos are redirected there.
              imgSrc: ["'self'", "data:", "blob:", tileOrigin(env.MAP_TILE_URL)!, ...(env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : [])],
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
      // Headers only old browsers or plug-ins read (IE 8's download prompt,
      // the XSS auditor no browser has any more, Flash/Acrobat policies, DNS
      // prefetch of links to other sites, which the pages do not have): every
      // cached page would carry them on every response.
      xXssProtection: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xDnsPrefetchControl: false,
    }),
  );

  app.use(sameOriginWrites(env.publicUrl));
  // Request bodies: per-route limits before anything reads one (server/body-limits.ts, docs/limits.md).
  app.use(bodyLimits());

  if (options.clientDir) {
    // Hashed file names never change content: cache for a year. Sent from
    // memory before Express (below); this serves what that leaves (Range requests).
    app.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    // The build's other files (favicon, images) all end in an extension; a page's address never does, so it
    // does not cost a look at the file system on every render (issue 32).
    const clientFiles = express.static(options.clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? clientFiles(req, res, next) : next()));
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

  // Issue 32: pages are rendered a few at a time, the client addresses taking turns; a queue that is too long
  // is answered at once with 503 and Retry-After, in the page's language (app/web/render-gate.server.ts).
  const renders = createRenderGate(clientAddress, (req, res) => {
    const path = (req.url ?? "/").split("?", 1)[0] ?? "/";
    (res as express.Response)
      .status(503)
      .set({ ...SMALL_ANSWER_HEADERS, "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) })
      .type("html")
      .send(smallPage("busy", pageLang(path), /^\/admin(?:[/.]|$)/.test(path) ? "admin" : "home"));
  });
  app.use((req, res, next) => renders(req, res, next));
  // `/feeds/kyero.xml.data` and the like: never a resource route's loader behind its guards (server/resource-data.ts).
  app.use(resourceDataRequests(build));
  // Public pages for anonymous visitors: rendered once per content version, then kept (served above).
  if (cache) app.use(cache.renderCacheable);
  app.all(
    "/{*splat}",
    pagesWithBoundedBodies(
      withBuild((loaded) => createRequestHandler({ build: loaded, mode, getLoadContext: loadContext })),
      withBuild((loaded) => createWebRequestHandler(loaded, mode)),
      loadContext,
    ),
  );

  // Last resort: never a stack trace or SQL in a response.
  const onError: ErrorRequestHandler = (error, req, res, next) => {
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) log.error(`${req.method} ${req.path} failed:`, error);
    if (res.headersSent) return next(error);
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not Found" : status < 500 ? "Bad Request" : "Internal Server Error");
  };
  app.use(onError);
  const assets = options.clientDir ? buildAssets(path.join(options.clientDir, "assets")) : null;
  // The access line and request id around everything (server/request-log.ts), then the edge guard:
  // a malformed target, encoding or Host never gets further (app/web/edge-guard.server.ts).
  const listener = withRequestLog(
    guardedRequests(
      (req, res) => {
        if (!assets?.(req, res) && !cache?.serveFromMemory(req, res)) app(req, res);
      },
      (error, req) => log.error(`${req.method} request failed before the app:`, error),
      { defaultHost: new URL(env.publicUrl).host },
    ),
  );
  return { app, listener };
}
