// Starts the web server: loads the built app (or, with --dev, the sources
// through Vite), opens the services, listens, and shuts down gracefully on
// SIGTERM/SIGINT (stop accepting, finish requests, close the database).
// With SERVER_PROCESSES > 1 (PostgreSQL) this process becomes the supervisor
// of that many web server processes (server/supervisor.js), each of which
// runs this file again as a node:cluster worker.
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import express from "express";
import { nodeFlagsFor } from "./memory-settings.js";
import { SUPERVISED, supervise } from "./supervisor.js";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";

// SERVER_MEMORY_MB (decision 0034): V8 takes its memory flags only on the
// command line, so the process restarts itself with them before loading
// anything — the same process (pid, signals, stdio), whoever started it.
const RESTARTED = "SEASIDE_MEMORY_FLAGS";
const memoryFlags = dev || process.env[RESTARTED] ? [] : nodeFlagsFor(process.env, process.execArgv);
if (memoryFlags.length > 0) {
  if (typeof process.execve === "function") {
    process.execve(process.execPath, [process.execPath, ...memoryFlags, ...process.execArgv, ...process.argv.slice(1)], {
      ...process.env,
      [RESTARTED]: "1",
    });
  }
  console.warn(`This Node has no process.execve: start it as "node ${memoryFlags.join(" ")} server/main.js" to keep to SERVER_MEMORY_MB.`);
}

/** @type {any} the bundled server/app.ts (typed loosely: it is loaded from the build) */
let mod;
/** @type {import("vite").ViteDevServer | undefined} */
let vite;
if (dev) {
  const { createServer } = await import("vite");
  vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  mod = await vite.ssrLoadModule("./server/app.ts");
} else {
  const buildFile = path.join(root, "build/server/index.js");
  if (!fs.existsSync(buildFile)) {
    console.error('No build found. Run "npm run build" first ("npm start" builds and serves).');
    process.exit(1);
  }
  mod = await import(buildFile);
}

/** @param {unknown} error */
function fail(error) {
  const known = error instanceof mod.EnvError || error instanceof mod.DataDirLockedError;
  if (known) mod.log.error(/** @type {Error} */ (error).message);
  else mod.log.error("Start-up failed:", error);
  process.exit(1);
}

/** @type {ReturnType<typeof mod.getEnv>} */
let env;
try {
  env = mod.getEnv();
} catch (error) {
  fail(error);
  throw error;
}

if (cluster.isPrimary && env.SERVER_PROCESSES > 1 && !dev) {
  await supervise(mod, env).catch(fail);
} else {
  if (dev && env.SERVER_PROCESSES > 1) mod.log.info("--dev runs one server process (SERVER_PROCESSES is ignored).");
  await serve();
}

/** Opens the services and serves HTTP: the whole site, or one of the supervisor's web server processes. */
async function serve() {
  // One of the supervisor's processes (not a worker of some other cluster manager: that one is a whole server).
  const worker = cluster.isWorker && process.env[SUPERVISED] === "1";
  const started = performance.now();
  // A worker's supervisor has migrated the database, created the first administrator and runs the maintenance tick.
  await mod.startServices(env, { firstAdmin: !worker, databasePrepared: worker, changeFeed: true, maintenance: !worker }).catch(fail);

  /** @type {import("node:http").RequestListener} */
  let listener;
  if (vite) {
    const app = express();
    app.use(mod.sendsRequestId);
    app.use(vite.middlewares);
    app.use(mod.createApp(env).app);
    // The edge guard in front of Vite too (production's listener has it built in).
    listener = mod.withRequestLog(
      mod.guardedRequests(app, (/** @type {unknown} */ error) => mod.log.error("Request failed:", error), { defaultHost: new URL(env.publicUrl).host }),
    );
  } else {
    // Cached public pages first, then the Express app (server/app.ts).
    listener = mod.createApp(env, { clientDir: path.join(root, "build/client") }).listener;
  }

  // Responses that carry their request id without slowing Node's fast header path (server/request-log.ts).
  const server = http.createServer({ ServerResponse: mod.LoggedResponse }, listener).listen(env.PORT, env.HOST, () => {
    const ms = Math.round(performance.now() - started);
    // The supervisor says it once for all its processes.
    if (!worker) mod.log.lifecycle(`Listening on ${env.publicUrl} (bound to ${env.HOST}:${env.PORT}, ready in ${ms} ms), Node ${process.version}`);
  });
  // An address too long for Node (a huge search) gets a page that says so, not a bare 431;
  // other malformed requests a 400. It never throws: no client error can end the process.
  server.on("clientError", mod.onClientError);
  // WebSocket upgrades: /realtime/v1/websocket (supabase-js channels); any other upgrade is refused.
  // The edge guard answers malformed ones first, and the listener cannot throw (app/web/edge-guard.server.ts).
  const realtime = mod.attachRealtime(server);
  server.on("error", (/** @type {NodeJS.ErrnoException} */ error) => {
    if (error.code === "EADDRINUSE") mod.log.error(`Port ${env.PORT} is already in use. Set PORT to a free port.`);
    else mod.log.error("Server error:", error);
    mod.stopServices().finally(() => process.exit(1));
  });

  let stopping = false;
  /** @param {string} signal */
  function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    // A server process of a supervisor stops quietly: the supervisor reports.
    if (!worker) mod.log.lifecycle(`${signal} received: finishing requests, then closing the database.`);
    // Requests still running after 10 s are cut off.
    realtime.close();
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    server.close(async () => {
      try {
        await vite?.close();
        await mod.stopServices();
        if (!worker) mod.log.lifecycle("Stopped.");
        process.exit(0);
      } catch (error) {
        mod.log.error("Error while stopping:", error);
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
