import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type express from "express";
import type { RouterContextProvider } from "react-router";
import { DEFAULT_LANG, isLang, LANGUAGE_KEY } from "~/i18n/lang";
import { brotliCopy, freezePage, gzipCopy, type PageEncoding } from "~/page-cache/frozen-page.server";
import { isCacheable, PageCache, readContentVersion, type CachedPage } from "~/page-cache/page-cache.server";
import { readCookie } from "~/web/cookies";

/**
 * The HTTP side of the public page cache (DESIGN §11). Two handlers:
 *
 * - `serveFromMemory`, before Express (server/main.js's request listener):
 *   a page already in the cache, while the content version was checked
 *   within the last half second, is sent with the headers it was first sent
 *   with (the security headers included) — no middleware, no router, about
 *   what a static file costs (Express alone takes 3× the time of such a
 *   response);
 * - `serveCached`, first in the Express chain: the same after checking the
 *   content version (the first request after half a second);
 * - `renderCacheable`, where the pages are rendered: renders a cacheable
 *   request once, freezes it (no nonce, compressed once) and keeps it.
 *
 * Requests the cache does not serve (admin, signed-in, writes, resource
 * routes) pass through both untouched.
 */
export function cachedPages(
  render: (request: Request, context: RouterContextProvider) => Promise<Response>,
  contextOf: (req: express.Request, res: express.Response) => RouterContextProvider,
) {
  const cache = new PageCache(readContentVersion);

  const keyOf = (req: IncomingMessage) => {
    const chosen = readCookie(req.headers.cookie, LANGUAGE_KEY);
    const lang = isLang(chosen) ? chosen : DEFAULT_LANG;
    return `${lang} ${req.url}`;
  };
  const cacheable = (req: IncomingMessage) => isCacheable(req.method ?? "", (req.url ?? "/").split("?")[0]!, req.headers.cookie);

  /** Sends the kept page of this request, if there is one (the caller has checked the content version). */
  const sendKept = (req: IncomingMessage, res: ServerResponse): boolean => {
    const key = keyOf(req);
    const page = cache.get(key);
    if (page) send(req, res, page, "HIT", (bytes) => cache.grown(key, page, bytes));
    return page !== undefined;
  };

  const serveFromMemory = (req: IncomingMessage, res: ServerResponse): boolean => cache.isFresh() && cacheable(req) && sendKept(req, res);

  const serveCached: express.RequestHandler = async (req, res, next) => {
    if (!cacheable(req)) return next();
    try {
      await cache.sync();
    } catch (error) {
      return next(error);
    }
    if (!sendKept(req, res)) next();
  };

  const renderCacheable: express.RequestHandler = async (req, res, next) => {
    if (!cacheable(req)) return next();
    try {
      await cache.sync();
      const version = cache.currentVersion();
      const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const nonce = String(res.locals.cspNonce);
      const response = await render(new Request(url, { method: "GET", headers }), contextOf(req, res));
      const body = await response.text();
      const rendered = [...response.headers].filter(([name]) => !/^(content-length|content-encoding|transfer-encoding)$/i.test(name));
      // A response that sets a cookie belongs to one visitor: never replayed to others. A one-off address is not kept (PageCache.admits).
      const html =
        response.status === 200 &&
        /text\/html|application\/geo\+json|application\/rss\+xml/.test(response.headers.get("content-type") ?? "") &&
        !response.headers.has("set-cookie") &&
        !res.hasHeader("set-cookie") &&
        cache.admits(keyOf(req));
      const frozen = html ? await freezePage({ status: response.status, body, nonce, csp: String(res.getHeader("Content-Security-Policy") ?? "") }) : null;
      for (const [name, value] of rendered) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", "MISS");
      if (!frozen) {
        // Not kept (a new search's first render, an error page, a redirect, a page that cannot be frozen): sent as rendered,
        // with this response's nonce, compressed by the middleware at the level for answers made once (decision 0035).
        res.status(response.status).send(body);
        return;
      }
      res.setHeader("Content-Security-Policy", frozen.csp);
      res.setHeader("ETag", frozen.etag);
      res.setHeader("Cache-Control", "no-cache");
      res.setHeader("Vary", "Cookie, Accept-Encoding");
      // Every header of this response (security headers of the middleware before this one included) goes with the page.
      const page: CachedPage = { ...frozen, headers: headersToKeep(res.getHeaders()) };
      const key = keyOf(req);
      cache.set(key, page, version);
      send(req, res, page, "MISS", (bytes) => cache.grown(key, page, bytes));
    } catch (error) {
      next(error);
    }
  };

  return { serveFromMemory, serveCached, renderCacheable };
}

/**
 * Compression of an answer rendered for one request and not kept (issue 32,
 * decision 0035), by the compression middleware: brotli quality 2 / gzip
 * level 3 cost a third of brotli 4 / gzip 6 for ~8 % more bytes (~1 KB of a
 * 75 KB listing) — on a LAN or to a CDN, sending that kilobyte costs less than
 * making it. Pages kept in the cache are compressed harder once
 * (frozen-page.server.ts).
 */
export const RENDERED_BROTLI_QUALITY = 2;
export const RENDERED_GZIP_LEVEL = 3;
/** The headers that belong to the page (not to one response: its request id, its length), as a flat list: Node sends those without re-reading an object. */
function headersToKeep(all: OutgoingHttpHeaders): string[] {
  const kept: string[] = [];
  for (const [name, value] of Object.entries(all)) {
    if (value === undefined || /^(content-length|content-encoding|transfer-encoding|x-page-cache|x-request-id|date|connection|keep-alive)$/i.test(name))
      continue;
    for (const one of Array.isArray(value) ? value : [value]) kept.push(name, String(one));
  }
  return kept;
}

/** `grown`: told the bytes a copy made for this request and kept with the page adds (its gzip copy, its hard brotli copy). */
function send(req: IncomingMessage, res: ServerResponse, page: CachedPage, state: "HIT" | "MISS", grown?: (bytes: number) => void) {
  if (req.headers["if-none-match"] === page.etag) {
    res.writeHead(304, [...page.headers, "x-page-cache", state]);
    res.end();
    return;
  }
  const encoding = encodingFor(req.headers["accept-encoding"]);
  // The render that keeps a page sends its quick brotli copy; its first request from the cache makes the hard one.
  const body = encoding === "gzip" ? gzipCopy(page, grown) : encoding === "br" && state === "HIT" ? brotliCopy(page, grown) : page[encoding];
  const headers = [...page.headers, "x-page-cache", state, "content-length", String(body.length)];
  // Named before the compression middleware looks (on a miss through Express): it leaves encoded bodies alone.
  if (encoding !== "identity") headers.push("content-encoding", encoding);
  res.writeHead(page.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * The encoding the client weighs highest, brotli on a tie, none when it
 * takes neither — what the compression middleware picks for other
 * responses. Accept-Encoding per RFC 9110 §12.5.3: tokens with optional
 * q-values, `*` for anything not named, q=0 refuses.
 */
export function encodingFor(header: string | string[] | undefined): PageEncoding {
  const key = String(header ?? "");
  let encoding = encodings.get(key);
  if (encoding === undefined) {
    encoding = parseEncoding(key);
    // Browsers send a handful of distinct values: remember them (bounded).
    if (encodings.size >= 64) encodings.clear();
    encodings.set(key, encoding);
  }
  return encoding;
}

const encodings = new Map<string, PageEncoding>();

function parseEncoding(header: string): PageEncoding {
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(token.trim(), q === undefined ? 1 : Number(q) || 0);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const [br, gzip] = [weight("br"), weight("gzip")];
  if (br <= 0 && gzip <= 0) return "identity";
  return br >= gzip ? "br" : "gzip";
}
