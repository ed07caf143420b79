import type { Socket } from "node:net";
import type { Duplex } from "node:stream";

/**
 * The http.Server's 'clientError' handler (server/main.js): requests Node
 * refuses before the app sees them. An address or headers over Node's limit
 * (16 KB, e.g. a 10 000-letter Cyrillic search: ~60 KB percent-encoded) get a
 * small page in the visitor's language with a link to the listing instead of
 * Node's bare, empty 431. Nothing of the request is echoed back. Every other
 * client error gets exactly Node's default answer.
 */
const PAGES = {
  ru: {
    title: "Адрес слишком длинный",
    text: "Адрес страницы слишком длинный (например, очень длинный текст поиска), и сервер не может его обработать. Сократите запрос и попробуйте ещё раз.",
    link: "Все объекты",
    href: "/properties",
  },
  bg: {
    title: "Адресът е твърде дълъг",
    text: "Адресът на страницата е твърде дълъг (например много дълъг текст за търсене) и сървърът не може да го обработи. Съкратете заявката и опитайте отново.",
    link: "Всички имоти",
    href: "/bg/properties",
  },
} as const;

/** Node's own answers (lib/_http_server.js), for the errors we do not explain. */
const NODE_DEFAULT: Record<string, string> = {
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n",
  ERR_HTTP_REQUEST_TIMEOUT: "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n",
};
const BAD_REQUEST = "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n";

/** A request line longer than this (in the packet Node failed on) is "the address", not the headers. */
const LONG_LINE = 8 * 1024;

type ClientError = Error & { code?: string; rawPacket?: Buffer };

/** The response for a request Node refused as too large, or null when it is not that. */
export function tooLongResponse(error: ClientError): string | null {
  if (error.code !== "HPE_HEADER_OVERFLOW") return null;
  const packet = error.rawPacket ?? Buffer.alloc(0);
  // Only the method and the start of the path are looked at: /bg pages get the Bulgarian text.
  const start = packet.subarray(0, 16).toString("latin1");
  const lang = /^[A-Z]{3,7} \/bg(?:[/?#\s]|$)/.test(start) ? "bg" : "ru";
  const lineEnd = packet.indexOf("\r\n");
  const longLine = (lineEnd === -1 ? packet.length : lineEnd) > LONG_LINE;
  const status = longLine ? "414 URI Too Long" : "431 Request Header Fields Too Large";
  const body = smallPage(lang, PAGES[lang]);
  const headers = [`HTTP/1.1 ${status}`, ...Object.entries(SMALL_PAGE_HEADERS).map(([name, value]) => `${name}: ${value}`), `Content-Length: ${Buffer.byteLength(body)}`, "Connection: close"];
  return `${headers.join("\r\n")}\r\n\r\n${body}`;
}

export interface SmallPageText {
  title: string;
  text: string;
  link: string;
  href: string;
}

/** The headers a small page goes with: nothing runs in it, nobody keeps it. */
export const SMALL_PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
} as const;

/**
 * A small self-contained page (no scripts, no assets) for requests refused
 * before the app renders anything: here, and for bodies refused by
 * server/body-limits.ts. The texts are fixed: nothing of the request is echoed.
 */
export function smallPage(lang: "ru" | "bg", p: SmallPageText): string {
  return (
    `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${p.title}</title>` +
    `<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1.5rem;text-align:center;color:#0f172a}a{color:#0e7490}</style></head>` +
    `<body><main><h1>${p.title}</h1><p>${p.text}</p><p><a href="${p.href}">${p.link}</a></p></main></body></html>`
  );
}

/** server.on("clientError", onClientError): like Node's default handler, with the page above for over-long requests. */
export function onClientError(error: ClientError, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  // Never write into a response that has started (it would corrupt it for the other side).
  if (socket.writable && !inFlight?.headersSent) {
    const response = tooLongResponse(error) ?? NODE_DEFAULT[error.code ?? ""] ?? BAD_REQUEST;
    socket.end(response);
  }
  // Closed once the answer is out (Node's default closes at once).
  (socket as Socket).destroySoon();
}
