import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { localizePath, splitLangPath, type Lang } from "~/i18n/lang";
import { SMALL_PAGE_TEXTS, type SmallPageTexts } from "~/i18n/small-pages";
import { log } from "~/platform/log.server";

/**
 * The http.Server's 'clientError' handler (server/main.js): requests Node
 * refuses before the app sees them. An address or headers over Node's limit
 * (16 KB, e.g. a 10 000-letter Cyrillic search: ~60 KB percent-encoded) get a
 * small page in the visitor's language with a link to the listing instead of
 * Node's bare, empty 431; a request Node cannot parse whose line still starts
 * like one for a page (`GET /…`) gets the "bad request" page. Nothing of the
 * request is echoed back. Every other client error gets exactly Node's
 * default answer.
 *
 * The small pages are also the edge guard's (app/web/edge-guard.server.ts).
 */
export type PageLang = Lang;

export type SmallPage = keyof SmallPageTexts["pages"];
export type SmallPageLink = keyof SmallPageTexts["links"];

const LINK_PATHS: Record<SmallPageLink, string> = { listing: "/properties", home: "/", admin: "/admin" };

/** The language of a request target's page, by its prefix (app/i18n/lang.ts). */
export function pageLang(target: string): PageLang {
  const path = target.split(/[?#.\s]/, 1)[0] ?? "";
  return splitLangPath(path).lang;
}

/** A small self-contained page (no scripts, inline style) with a link to the listing. */
export function smallPage(page: SmallPage, lang: PageLang, link: SmallPageLink = "listing"): string {
  const p = SMALL_PAGE_TEXTS[lang].pages[page];
  // The administrator's area is Russian only (SPEC §2).
  const l =
    link === "admin"
      ? { link: SMALL_PAGE_TEXTS.ru.links.admin, href: LINK_PATHS.admin }
      : { link: SMALL_PAGE_TEXTS[lang].links[link], href: localizePath(lang, LINK_PATHS[link]) };
  return (
    `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${p.title}</title>` +
    `<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1.5rem;text-align:center;color:#0f172a}a{color:#0e7490}</style></head>` +
    `<body><main><h1>${p.title}</h1><p>${p.text}</p><p><a href="${l.href}">${l.link}</a></p></main></body></html>`
  );
}

/** Headers of every small answer sent before the app: never cached, nothing may run, the connection ends. */
export const SMALL_ANSWER_HEADERS: Record<string, string> = {
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  Connection: "close",
};

/** A whole HTTP/1.1 response as written on a raw socket. */
export function rawResponse(status: string, contentType: string, body: string, withBody = true): string {
  const headers = [`HTTP/1.1 ${status}`, `Content-Type: ${contentType}`, `Content-Length: ${Buffer.byteLength(body)}`];
  for (const [name, value] of Object.entries(SMALL_ANSWER_HEADERS)) headers.push(`${name}: ${value}`);
  return `${headers.join("\r\n")}\r\n\r\n${withBody ? body : ""}`;
}

/** Node's own answers (lib/_http_server.js), for the errors we do not explain. */
const NODE_DEFAULT: Record<string, string> = {
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n",
  ERR_HTTP_REQUEST_TIMEOUT: "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n",
};
const BAD_REQUEST = "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n";

/** A request line longer than this (in the packet Node failed on) is "the address", not the headers. */
const LONG_LINE = 8 * 1024;

type ClientError = Error & { code?: string; rawPacket?: Buffer };

/** The start of a request for a page: a method, a space, a path (API paths get no page). */
const PAGE_REQUEST = /^[A-Z]{3,7} \/(?!(?:rest|auth|storage|realtime)(?:[/?\s]|$))/;

/** The response for a request Node refused as too large, or null when it is not that. */
export function tooLongResponse(error: ClientError): string | null {
  if (error.code !== "HPE_HEADER_OVERFLOW") return null;
  const packet = error.rawPacket ?? Buffer.alloc(0);
  // Only the method and the start of the path are looked at: /bg pages get the Bulgarian text.
  const lang = pageLang(
    packet
      .subarray(0, 16)
      .toString("latin1")
      .replace(/^[A-Z]{3,7} /, ""),
  );
  const lineEnd = packet.indexOf("\r\n");
  const longLine = (lineEnd === -1 ? packet.length : lineEnd) > LONG_LINE;
  const status = longLine ? "414 URI Too Long" : "431 Request Header Fields Too Large";
  // A HEAD answer has no body: one would be read as the start of the next answer.
  const head = packet.subarray(0, 5).toString("latin1") === "HEAD ";
  return rawResponse(status, "text/html; charset=utf-8", smallPage("tooLong", lang), !head);
}

/** The "bad request" page for a malformed request that starts like one for a page (a bad header, a bad character), or null. */
export function malformedPageResponse(error: ClientError): string | null {
  if (!error.code?.startsWith("HPE_INVALID_") && error.code !== "HPE_UNEXPECTED_CONTENT_LENGTH") return null;
  const start = (error.rawPacket ?? Buffer.alloc(0)).subarray(0, 16).toString("latin1");
  if (!PAGE_REQUEST.test(start)) return null;
  const method = start.slice(0, start.indexOf(" "));
  return rawResponse("400 Bad Request", "text/html; charset=utf-8", smallPage("badRequest", pageLang(start.slice(method.length + 1))), method !== "HEAD");
}

/**
 * server.on("clientError", onClientError): like Node's default handler, with
 * the pages above. It never throws: a socket that cannot be answered is
 * destroyed (a client error must never end the process).
 */
export function onClientError(error: ClientError, socket: Duplex): void {
  try {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    // Never write into a response that has started (it would corrupt it for the other side).
    if (socket.writable && !inFlight?.headersSent) {
      const response = tooLongResponse(error) ?? malformedPageResponse(error) ?? NODE_DEFAULT[error.code ?? ""] ?? BAD_REQUEST;
      // Never the packet itself (it may hold anything a client sent): its status and Node's error code.
      log.fields("info", { status: Number(response.slice(9, 12)), code: error.code ?? "unknown" }, "client error");
      socket.end(response);
    }
    // Closed once the answer is out (Node's default closes at once).
    (socket as Socket).destroySoon();
  } catch {
    socket.destroy();
  }
}
