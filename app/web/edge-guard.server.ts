import type { IncomingHttpHeaders, IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { log } from "~/platform/log.server";
import { pageLang, rawResponse, SMALL_ANSWER_HEADERS, smallPage, type PageLang } from "./client-error.server";

/**
 * The edge guard: the first thing every request and every upgrade meets
 * (server/app.ts's request listener, app/api/realtime's upgrade listener),
 * before build files, cached pages, Express or any URL parsing. It refuses,
 * with 400 and nothing of the request echoed back, a head the app could not
 * handle safely:
 *
 * - a target that is not origin-form: absolute-form (`http://host/x`),
 *   asterisk-form (`*`), or one starting `//` (URL parsers read that as a
 *   host: `new URL("//[", base)` throws);
 * - a raw space, control character or invalid UTF-8 in the target, or a
 *   backslash in its path;
 * - a path whose percent-escapes are malformed, or a path or query whose
 *   percent-decoding is invalid UTF-8 or has a control character (C0, DEL;
 *   a query may hold a tab, which a search box keeps when text is pasted):
 *   %00, %FF, %C3%28, %0A — nothing like that is ever a page, and NUL or
 *   invalid UTF-8 must never reach a query (PostgreSQL refuses them: 22021);
 * - a Host (or X-Forwarded-Host) the URL parser rejects (`[`, `a b`), or an
 *   empty one; an X-Forwarded-Proto that is not a URL scheme (an HTTP/1.0
 *   request without any Host is served as one for PUBLIC_URL's host:
 *   `guardedRequests`);
 * - the methods the Fetch standard forbids (TRACE, TRACK, CONNECT): the Web
 *   Request the pages are rendered from cannot even be built for them (405).
 *
 * Pages get the small "bad request" page (app/web/client-error.server.ts) in their
 * language (Bulgarian under /bg); the API paths get their family's JSON
 * error shape; HEAD gets no body. 400 for all: the request is malformed,
 * whatever it asked for. What Node refuses itself (request lines it cannot
 * parse, header sizes and counts, a missing Host in HTTP/1.1) goes through
 * its 'clientError' (app/web/client-error.server.ts), not here.
 */

export type RefusalReason = "target" | "encoding" | "host" | "method" | "timeout";

export interface Refusal {
  reason: RefusalReason;
}

/** What the guard looks at: the parts of an http.IncomingMessage. */
export interface RequestHead {
  method?: string;
  url?: string;
  httpVersion?: string;
  headers: IncomingHttpHeaders;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** C0 controls and DEL: never in a path, a query value or a host. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const HEX = /^[0-9A-Fa-f]{2}$/;

/**
 * The bytes `part` percent-decodes to, or null when an escape is malformed
 * and `strict`. Not strict, a `%` without two hex digits stays itself (what
 * URLSearchParams does with a query).
 */
export function percentDecode(part: Buffer, strict: boolean): Buffer | null {
  const out = Buffer.allocUnsafe(part.length);
  let length = 0;
  for (let i = 0; i < part.length; i++) {
    const byte = part[i]!;
    if (byte === 0x25 /* % */) {
      const hex = part.subarray(i + 1, i + 3).toString("latin1");
      if (HEX.test(hex)) {
        out[length++] = parseInt(hex, 16);
        i += 2;
        continue;
      }
      if (strict) return null;
    }
    out[length++] = byte;
  }
  return out.subarray(0, length);
}

/** C0 controls but TAB, and DEL: a tab pasted into a search box is text, a line break or NUL never is. */
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_TAB = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** The text of `bytes` when it is valid UTF-8 with no control character (but TAB where `tab`), else null. */
function cleanText(bytes: Buffer, tab = false): string | null {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return null;
  }
  return (tab ? CONTROL_BUT_TAB : CONTROL).test(text) ? null : text;
}

/** host [":" port] as RFC 9110 has it (reg-name, IPv4, IP-literal), and as the URL parser accepts it. */
const HOST_SYNTAX = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=]+)(?::[0-9]{0,5})?$/;

export function isValidHost(host: string): boolean {
  if (!HOST_SYNTAX.test(host)) return false;
  try {
    new URL(`http://${host}/`);
    return true;
  } catch {
    return false;
  }
}

/** A URL scheme (RFC 3986): what X-Forwarded-Proto must start with, else `new URL(proto + "://…")` throws. */
const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;

/** The Host of the last request that had a valid one: nearly every request repeats it (no URL parse). */
let lastValidHost: string | undefined;

/** Methods `new Request()` throws on (Fetch's forbidden methods). */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/** Why this request head is refused, or null when the app may have it. */
export function checkRequestHead(req: RequestHead): Refusal | null {
  if (req.method !== undefined && FORBIDDEN_METHODS.has(req.method.toUpperCase())) return { reason: "method" };
  const target = req.url ?? "";
  // Origin-form only: "/" then anything but a second "/".
  if (!target.startsWith("/") || target.startsWith("//")) return { reason: "target" };
  // Node hands the target over byte for byte as latin1: back to the bytes.
  const bytes = Buffer.from(target, "latin1");
  let plain = true;
  const pathEnd = bytes.indexOf(0x3f /* ? */);
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte <= 0x20 || byte === 0x7f) return { reason: "target" };
    // A backslash in the path: no browser sends one (it reads it as "/"), and a redirect that kept it could lead off the site.
    if (byte === 0x5c && (pathEnd === -1 || i < pathEnd)) return { reason: "target" };
    if (byte === 0x25 /* % */ || byte >= 0x80) plain = false;
  }
  // Printable ASCII without escapes (most requests) decodes to itself.
  if (!plain) {
    const query = pathEnd;
    const path = percentDecode(query === -1 ? bytes : bytes.subarray(0, query), true);
    if (!path || cleanText(path) === null) return { reason: "encoding" };
    if (query !== -1) {
      const decoded = percentDecode(bytes.subarray(query + 1), false);
      if (!decoded || cleanText(decoded, true) === null) return { reason: "encoding" };
    }
  }

  const host = req.headers.host;
  if (host === undefined ? req.httpVersion === "1.1" : host !== lastValidHost && !isValidHost(host)) return { reason: "host" };
  if (host !== undefined) lastValidHost = host;
  // Read instead of Host behind a proxy (TRUST_PROXY): the first of a list.
  const forwarded = req.headers["x-forwarded-host"];
  if (forwarded !== undefined && !isValidHost(String(forwarded).split(",")[0]!.trim())) return { reason: "host" };
  // Read as req.protocol behind a proxy (the first of a list; an empty header is ignored): the scheme of the page's URL.
  const proto = req.headers["x-forwarded-proto"];
  if (proto !== undefined && proto !== "" && !URL_SCHEME.test(String(proto).split(",")[0]!.trim())) return { reason: "host" };
  return null;
}

type ApiFamily = "rest" | "auth" | "storage" | "realtime";

function apiFamily(target: string): ApiFamily | null {
  const match = /^\/(rest|auth|storage|realtime)(?:[/?]|$)/.exec(target);
  return match ? (match[1] as ApiFamily) : null;
}

const MESSAGES: Record<RefusalReason, string> = {
  target: "Malformed request target: only origin-form paths (/path?query) are served",
  encoding: "Malformed request: the path or query is not valid percent-encoded UTF-8 or contains control characters",
  host: "Malformed Host header",
  method: "Method not allowed",
  timeout: "Request body not received in time",
};

/** The status of each refusal: a malformed head is 400; a forbidden method 405; a body too slow 408. */
const STATUS: Record<RefusalReason, { code: number; line: string }> = {
  target: { code: 400, line: "400 Bad Request" },
  encoding: { code: 400, line: "400 Bad Request" },
  host: { code: 400, line: "400 Bad Request" },
  method: { code: 405, line: "405 Method Not Allowed" },
  timeout: { code: 408, line: "408 Request Timeout" },
};

/** Each API family's own error shape (docs/api.md). */
function apiBody(family: ApiFamily, reason: RefusalReason): { type: string; body: string } {
  const message = MESSAGES[reason];
  const status = STATUS[reason].code;
  const json = (value: unknown) => ({ type: "application/json; charset=utf-8", body: JSON.stringify(value) });
  switch (family) {
    case "rest":
      return json({ code: "PGRST100", details: null, hint: null, message });
    case "auth":
      return status === 408
        ? json({ code: 408, error_code: "request_timeout", msg: message, error: "request_timeout", error_description: message })
        : json({ code: 400, error_code: "validation_failed", msg: message, error: "validation_failed", error_description: message });
    case "storage":
      return json({ statusCode: String(status), error: status === 408 ? "RequestTimeout" : "InvalidRequest", message });
    case "realtime":
      return { type: "text/plain; charset=utf-8", body: message };
  }
}

/** The answer to a refused request: the page in its language, or the API family's error. */
export function refusalAnswer(req: RequestHead, refusal: Refusal): { type: string; body: string; lang: PageLang | null } {
  const target = req.url ?? "";
  const family = apiFamily(target);
  if (family) return { ...apiBody(family, refusal.reason), lang: null };
  const lang = pageLang(target);
  const page = refusal.reason === "method" ? "methodNotAllowed" : refusal.reason === "timeout" ? "requestTimeout" : "badRequest";
  return { type: "text/html; charset=utf-8", body: smallPage(page, lang), lang };
}

/** Answers a refused request on its response (the request listener); the connection closes after it. */
export function sendRefusal(req: IncomingMessage, res: ServerResponse, refusal: Refusal): void {
  const answer = refusalAnswer(req, refusal);
  const method = refusal.reason === "method";
  res.writeHead(STATUS[refusal.reason].code, {
    ...(method ? { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" } : {}),
    "Content-Type": answer.type,
    "Content-Length": Buffer.byteLength(answer.body),
    ...SMALL_ANSWER_HEADERS,
  });
  res.end(req.method === "HEAD" ? undefined : answer.body);
}

/** Answers a refused upgrade on its raw socket and closes it. */
export function refuseUpgrade(req: IncomingMessage, socket: Duplex, refusal: Refusal): void {
  const answer = refusalAnswer(req, refusal);
  endSocket(socket, rawResponse(STATUS[refusal.reason].line, answer.type, answer.body, req.method !== "HEAD"));
}

/** Writes a last answer on a raw socket if it can still take one, then closes it; never throws. */
export function endSocket(socket: Duplex, response: string): void {
  try {
    if (socket.writable) socket.end(response);
    const s = socket as Duplex & { destroySoon?: () => void };
    if (s.destroySoon) s.destroySoon();
    else socket.destroy();
  } catch {
    socket.destroy();
  }
}

/** How long any request body may take before it must show a steady pace (see `watchRequestBody`). */
export const BODY_GRACE_MS = 30_000;
/** The slowest average pace a body may arrive at after the grace: 32 KB/s (256 kbit/s, a poor mobile uplink). */
export const MIN_BODY_BYTES_PER_SECOND = 32 * 1024;

/**
 * A request body must arrive within BODY_GRACE_MS plus the time its bytes so
 * far take at MIN_BODY_BYTES_PER_SECOND: a form of a few KB has 30 s, a 6 MB
 * photo sent at 1 Mbit/s is never near the limit, and a client that trickles
 * a byte now and then (holding a connection and its request open, which
 * Node's own 5-minute requestTimeout allowed) is cut off after ~30 s. Cut
 * off: 408 in the route's language or API shape when nothing was answered
 * yet (the connection closes after it), else the connection is closed.
 */
export function watchRequestBody(req: IncomingMessage, res: ServerResponse, graceMs = BODY_GRACE_MS): void {
  const socket = req.socket as (Duplex & { bytesRead?: number }) | undefined;
  const hasBody = (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0") || req.headers["transfer-encoding"] !== undefined;
  if (!socket || !hasBody || req.complete) return;
  const started = Date.now();
  const bytesBefore = socket.bytesRead ?? 0;
  const check = () => {
    if (req.complete || socket.destroyed) return;
    const received = (socket.bytesRead ?? 0) - bytesBefore;
    const left = started + graceMs + (received / MIN_BODY_BYTES_PER_SECOND) * 1000 - Date.now();
    if (left > 0) return void setTimeout(check, left).unref();
    log.info("Edge guard: request body too slow, connection closed");
    try {
      if (res.headersSent) return void socket.destroy();
      // Connection: close — Node closes the socket once the answer is out; what the client still sends is not waited for.
      sendRefusal(req, res, { reason: "timeout" });
    } catch {
      // A timer must never throw (it would end the process): the connection goes without an answer.
      socket.destroy();
    }
  };
  setTimeout(check, graceMs).unref();
}

/**
 * A request listener with the edge guard in front that can never throw into
 * Node's HTTP parser (which would end the process): an exception thrown
 * before the app's own error handling is logged and answered 500, or the
 * connection cut when the answer had started. `defaultHost` (PUBLIC_URL's
 * host) is the Host of an HTTP/1.0 request that names none; every body is
 * watched (`watchRequestBody`).
 */
export function guardedRequests(
  listener: RequestListener,
  onError: (error: unknown, req: IncomingMessage) => void,
  options: { defaultHost?: string; bodyGraceMs?: number } = {},
): RequestListener {
  const { defaultHost, bodyGraceMs = BODY_GRACE_MS } = options;
  return (req, res) => {
    try {
      const refusal = checkRequestHead(req);
      if (refusal) {
        // The reason only: the refused target may be anything (server/request-log.ts logs the access line).
        log.info(`Edge guard: request refused (${refusal.reason})`);
        return sendRefusal(req, res, refusal);
      }
      // An HTTP/1.0 request may come without Host (a load balancer's health check, an old client): it is
      // for this site, so it gets PUBLIC_URL's host (the configured default of RFC 9112 §3.3) — Express, the React Router adapter
      // and every absolute URL then read a host, as for any other request.
      if (req.headers.host === undefined && defaultHost) req.headers.host = defaultHost;
      watchRequestBody(req, res, bodyGraceMs);
      listener(req, res);
    } catch (error) {
      try {
        onError(error, req);
        if (res.headersSent) res.destroy();
        else res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Internal Server Error");
      } catch {
        res.destroy();
      }
    }
  };
}

/**
 * An 'upgrade' listener that can never throw into Node's HTTP parser (which
 * would end the process): the edge guard first, then `listener`; an
 * exception is logged and the socket answered 500 (if nothing was written
 * on it yet) and closed.
 */
export function guardedUpgrade(
  listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void,
  onError: (error: unknown) => void,
): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (req, socket, head) => {
    // Node takes its own error listener off an upgraded socket: a reset must not become an uncaught 'error'.
    socket.on("error", () => socket.destroy());
    try {
      const refusal = checkRequestHead(req);
      if (refusal) {
        log.info(`Edge guard: upgrade refused (${refusal.reason})`);
        return refuseUpgrade(req, socket, refusal);
      }
      listener(req, socket, head);
    } catch (error) {
      try {
        onError(error);
      } catch {
        // Logging must not be what ends the process either.
      }
      const written = (socket as Duplex & { bytesWritten?: number }).bytesWritten ?? 0;
      if (written === 0) endSocket(socket, rawResponse("500 Internal Server Error", "text/plain; charset=utf-8", "Internal Server Error"));
      else socket.destroy();
    }
  };
}
