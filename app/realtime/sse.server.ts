import express, { type RequestHandler } from "express";
import { sessionId } from "~/models/sessions.server";
import { clientAddress } from "~/web/client-address.server";
import { log } from "~/platform/log.server";
import { subscribe } from "./change-feed.server";
import { CHANGE_TABLES } from "./changes";
import { ChangeCoalescer, type CoalescerOptions } from "./coalescer";
import { startSessionWatch, watchSession } from "./session-watch.server";
import { identify } from "~/web/identity.server";

/**
 * GET /admin/events: the change feed as Server-Sent Events for the admin
 * pages (DESIGN §9), for a signed-in administrator only (session cookie or
 * `Authorization: Bearer`; anyone else gets 401 and nothing is streamed).
 *
 *   retry: 3000
 *   event: ready      data: {"tables":[…]}             on every (re)connection: reload
 *   event: change     data: {"table","type","id"}       one row changed
 *   event: changes    data: [{"table","type","id"},…]   held back by the rate limit, merged
 *   : ping                                              every 25 s, keeps proxies from closing it
 *
 * At most 10 events a second per client (SPEC §9), nothing lost
 * (ChangeCoalescer). The response is never compressed (`no-transform`), so
 * each event leaves at once. A session that ends — signed out or reset through
 * any server process, or expired — ends its streams within moments
 * (session-watch.server.ts). At most MAX_PER_ADDRESS streams per client
 * address (clientAddress: X-Forwarded-For only with TRUST_PROXY, IPv6 by its /64) and per session
 * (429), MAX_STREAMS per process (503). A client too slow to read
 * (1 MB waiting) is cut off; its browser reconnects and reloads on `ready`.
 * On SIGTERM/SIGINT the streams end at once, so graceful shutdown is not held
 * up by them.
 */
export interface EventsOptions {
  heartbeatMs?: number;
  coalescer?: CoalescerOptions;
}

const MAX_BUFFERED_BYTES = 1024 * 1024;
// An administrator keeps one stream per open admin tab: ten is plenty, and a
// leaked or scripted session cannot hold the process's sockets.
const MAX_PER_ADDRESS = 10;
const MAX_PER_SESSION = 10;
const MAX_STREAMS = 200;

// Open streams of this process, ended on shutdown (on globalThis: the dev server may re-evaluate this module).
const holder = globalThis as typeof globalThis & { __seasideEventStreams?: Set<() => void> };
const streams = (holder.__seasideEventStreams ??= new Set());
const perAddress = new Map<string, number>();
const perSession = new Map<string, number>();

const bump = (counts: Map<string, number>, key: string, by: 1 | -1) => {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
};

/** Ends every open event stream (shutdown). */
export function endAllEventStreams() {
  for (const end of [...streams]) end();
}

let signalsHooked = false;
function endStreamsOnShutdown() {
  if (signalsHooked) return;
  signalsHooked = true;
  // server/main.js stops accepting and waits for open requests: these never finish by themselves.
  process.on("SIGTERM", endAllEventStreams);
  process.on("SIGINT", endAllEventStreams);
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export function eventsHandler(options: EventsOptions = {}): RequestHandler {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  startSessionWatch();
  return async (req, res, next) => {
    let identity;
    try {
      identity = await identify(req);
    } catch (error) {
      next(error);
      return;
    }
    if (identity.kind !== "admin") {
      res.status(401).set("Cache-Control", "no-store").json({ error: "unauthorized", message: "Требуется вход администратора." });
      return;
    }
    // The client left while its session was read: nothing to stream (and nothing to count).
    if (req.socket.destroyed) return;
    const { admin, token } = identity;
    const address = clientAddress(req);
    const sessionKey = sessionId(token);
    if ((perAddress.get(address) ?? 0) >= MAX_PER_ADDRESS || (perSession.get(sessionKey) ?? 0) >= MAX_PER_SESSION) {
      res
        .status(429)
        .set({ "Cache-Control": "no-store", "Retry-After": "30" })
        .json({ error: "too_many_streams", message: "Открыто слишком много окон администратора: закройте лишние." });
      return;
    }
    if (streams.size >= MAX_STREAMS) {
      res
        .status(503)
        .set({ "Cache-Control": "no-store", "Retry-After": "30" })
        .json({ error: "too_many_streams", message: "Сервер перегружен, попробуйте позже." });
      return;
    }

    res.status(200).set({
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware (and proxies) leave the stream alone.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
      // A connection that carried a stream is not kept for reuse: when the
      // stream ends (shutdown, sign-out) the socket goes with it at once.
      Connection: "close",
    });
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    res.flushHeaders();
    req.socket.setNoDelay(true);

    let closed = false;
    const write = (chunk: string) => {
      if (closed) return;
      res.write(chunk);
      (res as { flush?: () => void }).flush?.();
      if (res.writableLength > MAX_BUFFERED_BYTES) {
        log.error(`Event stream of ${admin.email} cut off: the client does not read`);
        end();
      }
    };
    const coalescer = new ChangeCoalescer((d) => write(frame(d.event, d.data)), options.coalescer);
    const unsubscribe = subscribe((change) => coalescer.push(change));
    const heartbeat = setInterval(() => write(": ping\n\n"), heartbeatMs);
    let stopWatching = () => {};
    const end = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      stopWatching();
      coalescer.close();
      streams.delete(end);
      bump(perAddress, address, -1);
      bump(perSession, sessionKey, -1);
      res.end();
    };
    streams.add(end);
    bump(perAddress, address, 1);
    bump(perSession, sessionKey, 1);
    stopWatching = watchSession(token, identity.expiresAt, () => {
      log.info(`Event stream of ${admin.email} ended: the session ended`);
      end();
    });
    res.on("close", end);
    endStreamsOnShutdown();

    write(`retry: 3000\n${frame("ready", { tables: CHANGE_TABLES })}`);
  };
}

/** The router server/app.ts mounts (before the React Router handler). */
export function adminEventsRouter(options: EventsOptions = {}): express.Router {
  const router = express.Router();
  router.get("/admin/events", eventsHandler(options));
  return router;
}
