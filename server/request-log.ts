import crypto from "node:crypto";
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, type RequestListener } from "node:http";
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

type HeaderList = OutgoingHttpHeaders | OutgoingHttpHeader[];

/**
 * The server's responses (http.createServer's `ServerResponse` option,
 * server/main.js): each answers with its request's X-Request-Id however its
 * headers are written. Setting the id with `setHeader` up front would cost
 * every answer written with `writeHead(status, list)` — cached pages, build
 * files — Node's slow path, which removes and re-validates each of its ~18
 * headers: 15 % of a cached page's time (issue 32). The id joins such a list
 * instead; any other way of writing headers gets it with `setHeader` as before.
 */
export class LoggedResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  requestId = "";
  /** A header was set one at a time: Node merges a list given to writeHead into those anyway. */
  #setOneByOne = false;

  override setHeader(name: string, value: number | string | readonly string[]): this {
    this.#setOneByOne = true;
    return super.setHeader(name, value);
  }

  override appendHeader(name: string, value: string | readonly string[]): this {
    this.#setOneByOne = true;
    return super.appendHeader(name, value);
  }

  override writeHead(statusCode: number, reason?: string | HeaderList, headers?: HeaderList): this {
    // writeHead(status, headers) as well as writeHead(status, reason, headers), read as Node reads them.
    const message = typeof reason === "string" ? reason : undefined;
    let list = typeof reason === "string" ? headers : (headers ?? reason);
    if (this.requestId && !this.headersSent) {
      if (!this.#setOneByOne && Array.isArray(list) && !Array.isArray(list[0])) list = [...list, "x-request-id", this.requestId];
      else if (!this.hasHeader("x-request-id")) this.setHeader("X-Request-Id", this.requestId);
    }
    return super.writeHead(statusCode, message, list);
  }
}

/**
 * Express's first middleware: Express gives each response its own prototype
 * (its `res` methods), so a LoggedResponse's `writeHead` is not called any
 * more (its private field stays); the id is set on it here, the usual way.
 */
export function sendsRequestId(_req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const id = (res as { requestId?: string }).requestId;
  if (id && !res.headersSent && !res.hasHeader("x-request-id")) res.setHeader("X-Request-Id", id);
  next();
}

export function withRequestLog(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const reqId = requestIdOf(req.headers["x-request-id"]);
    if (res instanceof LoggedResponse) res.requestId = reqId;
    else res.setHeader("X-Request-Id", reqId);
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      // A connection closed before the answer was complete: logged as such, with what was set.
      const status = res.writableFinished || res.headersSent ? res.statusCode : 499;
      log.access({
        reqId,
        method: req.method ?? "",
        path: loggedPath(req.url),
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        aborted: !res.writableFinished,
      });
    };
    res.once("finish", done);
    res.once("close", done);
    requestContext.run({ reqId }, () => listener(req, res));
  };
}
