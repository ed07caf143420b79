import crypto from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { log, loggedPath, requestContext } from "~/platform/log.server";

/**
 * One access line per request (decision 0019) and its request id: the
 * outermost layer of the request listener, so edge-guard refusals, build
 * files and cached pages are logged and carry the id too.
 *
 * The line holds method, path, status, duration and the id, and nothing a
 * visitor typed: no query string (searches, tokens), no body, no cookies,
 * no headers; a path segment that looks like an e-mail address is masked.
 */

/** An incoming X-Request-Id kept as it is (a proxy's id joins its logs to ours); anything else is replaced. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The X-Request-Id to answer with: the incoming one when short and safe, else a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
}

export function withRequestLog(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const reqId = requestIdOf(req.headers["x-request-id"]);
    res.setHeader("X-Request-Id", reqId);
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const fields = {
        reqId,
        method: req.method,
        path: loggedPath(req.url),
        // A connection closed before the answer was complete: logged as such, with what was set.
        status: res.writableFinished ? res.statusCode : res.headersSent ? res.statusCode : 499,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      log.fields(fields.status >= 500 ? "error" : "info", fields, "request");
    };
    res.once("finish", done);
    res.once("close", done);
    requestContext.run({ reqId }, () => listener(req, res));
  };
}
