import { isUtf8 } from "node:buffer";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import type { RouterContextProvider } from "react-router";
import { ApiError, sendApiError } from "~/api/errors";
import { identify } from "~/web/identity.server";
import { SMALL_ANSWER_HEADERS, pageLang, smallPage, type SmallPage } from "~/web/client-error.server";
import { percentDecode } from "~/web/edge-guard.server";

/**
 * Request bodies, per route (docs/limits.md is this table in prose): checked
 * before any route, loader, action or administrator check reads anything.
 *
 * - A `Content-Length` over the route's limit is refused at once (413), unread.
 * - Pages (React Router): the body is read here, counted while it streams and
 *   refused (413) the moment it passes the limit — nothing beyond the limit is
 *   kept; what arrives after is discarded until the connection closes. The
 *   route then gets a Web Request built from the bounded buffer
 *   (`pagesWithBoundedBodies`). Why a buffer and not a wrapped stream:
 *   @react-router/express reads `req` itself, and a page body is a form of a
 *   few KB (uploads: at most 6 MB, administrators only) that the action reads
 *   whole anyway — so reading it first costs nothing extra, keeps the refusal
 *   in one place, and no route can ever see more than its limit.
 * - Form routes take form encodings only: anything else (JSON, text, a
 *   compressed body) is 415, a multipart body that does not parse 400 —
 *   instead of the action failing on `request.formData()` (a 5xx).
 * - The API routers parse their own bodies (express.json / raw with the same
 *   limits): here `Content-Length` is checked, so an oversized declared body
 *   is refused before authentication, and a chunked one is counted as the
 *   router reads it and refused the moment it passes the limit
 *   (`refuseChunkedPastLimit`).
 * - Routes with `adminMax` take the larger limit only from a signed-in
 *   administrator: the session is looked up (headers only) before the body
 *   is read, so anonymous requests are held to `max`.
 *
 * Refusals are a small page in the page's language (ru; bg under /bg; admin
 * and diagnostics pages ru) or the API's JSON error; nothing of the body is echoed.
 */

const KB = 1024;
const MB = 1024 * KB;

type Family = "page" | "rest" | "auth" | "storage";
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

export interface BodyLimit {
  /** How docs/limits.md names the route. */
  name: string;
  /** Methods this rule is for (GET and HEAD bodies are never read by a page: not limited here). */
  methods: "*" | readonly string[];
  /** Tested on the path, `.data` (React Router's data requests) removed. */
  path: RegExp;
  /** Bytes allowed; with `adminMax`, for anyone but an administrator. */
  max: number;
  /** Bytes allowed when a signed-in administrator sends it. */
  adminMax?: number;
  /** Content types accepted (pages); null: the API router decides. */
  types: readonly string[] | null;
  family: Family;
}

/**
 * The table, first match wins. Sizes: a maximal valid contact form (SPEC §5:
 * name 100, e-mail 254, phone 40, message 5000 characters) is ~33 KB when
 * every character is Cyrillic and percent-encoded (2 bytes × 3), ~49 KB even
 * with 3-byte characters throughout; a property form (two 20 000-character
 * descriptions, 2 × 50 features) stays under 1 MB; uploads per SPEC §9 (a 5 MB
 * image in its multipart envelope: /admin/upload's own 6 MB; the Storage API
 * 10 MB + 256 KB, its router's limit).
 */
export const BODY_LIMITS: readonly BodyLimit[] = [
  { name: "REST API", methods: "*", path: /^\/rest\/v1(?:\/|$)/, max: 1 * MB, types: null, family: "rest" },
  { name: "Auth API", methods: "*", path: /^\/auth\/v1(?:\/|$)/, max: 64 * KB, types: null, family: "auth" },
  { name: "Storage API listing", methods: "*", path: /^\/storage\/v1\/object\/list\//, max: 1 * MB, types: null, family: "storage" },
  { name: "Storage API upload", methods: ["POST", "PUT"], path: /^\/storage\/v1\/object\/[^/]+\/./, max: 10 * MB + 256 * KB, types: null, family: "storage" },
  { name: "Storage API", methods: "*", path: /^\/storage\/v1(?:\/|$)/, max: 1 * MB, types: null, family: "storage" },
  { name: "sign-in form", methods: "*", path: /^\/admin\/login$/, max: 8 * KB, types: FORM_TYPES, family: "page" },
  { name: "admin image upload", methods: "*", path: /^\/admin\/upload$/, max: 8 * KB, adminMax: 6 * MB, types: FORM_TYPES, family: "page" },
  // The CSV import's file (issue 23): MAX_IMPORT_BYTES and its multipart envelope.
  { name: "admin CSV import", methods: "*", path: /^\/admin\/import$/, max: 8 * KB, adminMax: 10 * MB + 64 * KB, types: FORM_TYPES, family: "page" },
  // The complexes' CSV import (issue 33): MAX_COMPLEX_IMPORT_BYTES and its multipart envelope.
  {
    name: "admin complexes CSV import",
    methods: "*",
    path: /^\/admin\/complexes\/import$/,
    max: 8 * KB,
    adminMax: 5 * MB + 64 * KB,
    types: FORM_TYPES,
    family: "page",
  },
  { name: "admin pages", methods: "*", path: /^\/admin(?:\/.*)?$/, max: 8 * KB, adminMax: 1 * MB, types: FORM_TYPES, family: "page" },
  { name: "diagnostics pages", methods: "*", path: /^\/(?:testsupabase|test-storage)$/, max: 64 * KB, adminMax: 6 * MB, types: FORM_TYPES, family: "page" },
  { name: "contact form (home)", methods: "*", path: /^\/(?:bg)?$/, max: 64 * KB, types: FORM_TYPES, family: "page" },
  { name: "contact form (property page)", methods: "*", path: /^(?:\/bg)?\/[^/]+\/[^/]+$/, max: 64 * KB, types: FORM_TYPES, family: "page" },
  { name: "any other page", methods: "*", path: /^/, max: 8 * KB, types: FORM_TYPES, family: "page" },
];

/** The rule of a request (`pathname` without the query). */
export function limitFor(method: string, pathname: string, table: readonly BodyLimit[] = BODY_LIMITS): BodyLimit {
  // React Router's data requests (v8_trailingSlashAwareDataRequests): "/x.data" is /x, "/x/_.data" is /x/.
  let path = pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  if (path.length > 1) path = path.replace(/\/+$/, "");
  return table.find((rule) => (rule.methods === "*" || rule.methods.includes(method)) && rule.path.test(path))!;
}

type Refusal = 400 | 413 | 415;

const PAGES: Record<Refusal, SmallPage> = { 413: "tooLarge", 415: "unsupportedType", 400: "unreadableForm" };

/** A refused client that goes on sending is cut off after this long without a pause, or this long in all. */
const LINGER_IDLE_MS = 2000;
const LINGER_MAX_MS = 10_000;

/**
 * After refusing a body that is still arriving: the connection closes after
 * the answer, but gently — closing a socket with unread bytes resets it, and
 * a client still busy sending may then lose the answer before reading it.
 * So (like Apache's and nginx's "lingering close") only our side is closed,
 * what the client still sends is read and dropped, and the socket goes when
 * the client closes, after LINGER_IDLE_MS of silence, or after LINGER_MAX_MS.
 */
function closeAfterAnswer(req: express.Request, res: express.Response): void {
  res.set("Connection", "close");
  const socket = req.socket as Socket;
  // Node's http server calls destroySoon() once the answer is out (Connection: close).
  socket.destroySoon = () => {
    socket.end();
    const destroy = () => socket.destroy();
    const idle = setTimeout(destroy, LINGER_IDLE_MS).unref();
    const cap = setTimeout(destroy, LINGER_MAX_MS).unref();
    socket.on("data", () => idle.refresh());
    socket.once("close", () => {
      clearTimeout(idle);
      clearTimeout(cap);
    });
  };
  req.on("error", () => undefined).resume();
}

function refuse(req: express.Request, res: express.Response, rule: BodyLimit, status: Refusal, unread: boolean): void {
  if (res.headersSent) return;
  if (unread) closeAfterAnswer(req, res);
  res.status(status).set("Cache-Control", "no-store");
  const limit = rule.max % MB === 0 ? `${rule.max / MB} MB` : `${Math.round(rule.max / KB)} KB`;
  switch (rule.family) {
    case "rest":
      if (status === 413) return sendApiError(res, new ApiError(413, "PGRST102", "Payload too large", `At most ${limit} of JSON.`));
      return sendApiError(res, new ApiError(400, "PGRST102", "Empty or invalid json"));
    case "auth": {
      const [code, msg] = status === 413 ? ["request_too_large", `Request body larger than ${limit}`] : ["bad_json", "Could not parse request body as JSON"];
      res.json({ code: status, error_code: code, msg, error: code, error_description: msg });
      return;
    }
    case "storage":
      res
        .type("application/json; charset=utf-8")
        .send(JSON.stringify({ statusCode: String(status), error: "Payload too large", message: "The object exceeded the maximum allowed size" }));
      return;
    default: {
      const path = req.path;
      const admin = /^\/admin(?:[/.]|$)/.test(path);
      res
        .set(SMALL_ANSWER_HEADERS)
        .type("html")
        .send(smallPage(PAGES[status], pageLang(path), admin ? "admin" : "home"));
    }
  }
}

/** The declared length: a number, null when the body's length is not known in advance (chunked), 0 without a body. */
function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers["content-length"];
  if (header !== undefined && /^\s*\d+\s*$/.test(header)) return Number(header);
  return req.headers["transfer-encoding"] !== undefined ? null : 0;
}

async function isAdministrator(req: IncomingMessage): Promise<boolean> {
  return (await identify(req)).kind === "admin";
}

type BoundedRead = { body: Buffer } | { tooLarge: true } | { failed: true };

/** Reads the body, never keeping more than `limit` bytes: past it, the rest is discarded as it arrives. */
function readBounded(req: IncomingMessage, limit: number): Promise<BoundedRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: BoundedRead) => {
      req.off("data", onData).off("end", onEnd).off("error", onFailure).off("close", onFailure);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      chunks.length = 0;
      // From here on what still arrives is dropped (closeAfterAnswer), not kept.
      done({ tooLarge: true });
    };
    const onEnd = () => done({ body: Buffer.concat(chunks, size) });
    const onFailure = () => done({ failed: true });
    req.on("data", onData).once("end", onEnd).once("error", onFailure).once("close", onFailure);
  });
}

/**
 * The API routers' parsers (body-parser) count a chunked body too, but answer
 * their 413 only once the client has sent all of it — a client that never
 * stops holds the connection until the server's request timeout. So the bytes
 * are counted here as the parser reads them (from when the body starts
 * flowing, without reading anything itself), and past the limit the answer
 * goes at once with the same lingering close as the pages'.
 */
function refuseChunkedPastLimit(req: express.Request, res: express.Response, rule: BodyLimit, limit: number): void {
  req.once("resume", () => {
    let size = 0;
    const count = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return;
      req.off("data", count);
      refuse(req, res, rule, 413, true);
    };
    req.on("data", count);
  });
}

/** Bodies read by `bodyLimits`, for `pagesWithBoundedBodies`. */
const boundedBodies = new WeakMap<IncomingMessage, Buffer>();

function typeOf(req: IncomingMessage): string {
  return (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The middleware: first in the Express chain after the header-only checks. */
export function bodyLimits(table: readonly BodyLimit[] = BODY_LIMITS): express.RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const rule = limitFor(req.method, req.path, table);
    const declared = declaredLength(req);
    const page = rule.family === "page";
    // Every page action reads a form: without one (JSON, text, nothing) request.formData() would fail with a 5xx.
    if (page) {
      const encoding = (req.headers["content-encoding"] ?? "identity").trim().toLowerCase();
      // A POST with no body at all (`curl -X POST /admin/logout`) is an empty form (pagesWithBoundedBodies).
      const noBody = declared === 0 && typeOf(req) === "";
      if ((!noBody && !rule.types!.includes(typeOf(req))) || encoding !== "identity") return refuse(req, res, rule, 415, true);
    }
    const limitOf = async (): Promise<number> => {
      if (rule.adminMax === undefined || (declared !== null && declared <= rule.max)) return rule.max;
      return (await isAdministrator(req)) ? rule.adminMax : rule.max;
    };
    limitOf()
      .then(async (limit) => {
        if (declared !== null && declared > limit) return refuse(req, res, rule, 413, true);
        if (!page) {
          if (declared === null) refuseChunkedPastLimit(req, res, rule, limit);
          return next();
        }
        const read = await readBounded(req, limit);
        if ("tooLarge" in read) return refuse(req, res, rule, 413, true);
        if ("failed" in read) return; // The client went away: nobody to answer.
        if (typeOf(req) === "multipart/form-data") {
          // A multipart body that does not parse (an empty one, or no usable boundary) would fail the action's request.formData() (a 5xx).
          try {
            await new Response(new Uint8Array(read.body), { headers: { "Content-Type": req.headers["content-type"]! } }).formData();
          } catch {
            return refuse(req, res, rule, 400, false);
          }
        }
        // A form's values decode to UTF-8 (what a browser sends); other bytes would be stored as U+FFFD.
        if (typeOf(req) === "application/x-www-form-urlencoded" && !isUtf8(percentDecode(read.body, false)!)) return refuse(req, res, rule, 400, false);
        boundedBodies.set(req, read.body);
        next();
      })
      .catch(next);
  };
}

/**
 * React Router's pages, given the body `bodyLimits` read: GET and HEAD go to
 * @react-router/express as before; any other method gets a Web Request built
 * from the bounded buffer (so nothing reads `req` a second time), answered
 * as the adapter answers.
 */
export function pagesWithBoundedBodies(
  pages: express.RequestHandler,
  render: (request: Request, context: RouterContextProvider) => Promise<Response>,
  contextOf: (req: express.Request, res: express.Response) => RouterContextProvider,
): express.RequestHandler {
  return async (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return pages(req, res, next);
    try {
      const body = boundedBodies.get(req) ?? Buffer.alloc(0);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
      }
      headers.delete("transfer-encoding");
      headers.set("content-length", String(body.length));
      // No body and no type (bodyLimits let it through): an empty form, so request.formData() reads nothing instead of failing.
      if (!headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded");
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
      const request = new Request(url, { method: req.method, headers, body: new Uint8Array(body), signal: controller.signal });
      const response = await render(request, contextOf(req, res));
      if (res.destroyed || res.writableEnded) return void (await response.body?.cancel());
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers) res.append(name, value);
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      if (!res.destroyed && !res.writableEnded) next(error);
    }
  };
}
