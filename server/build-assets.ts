import crypto from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { encodingFor } from "~/page-cache/http.server";

/** The types of what the client build puts under /assets (anything else is left to express.static). */
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".woff2": "font/woff2",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

interface Asset {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Every header but the length and the encoding, as a flat list (Node sends it without re-reading an object). */
  headers: string[];
  etag: string;
}

/**
 * The client build's hashed files (/assets/*), read into memory when the
 * server starts and sent from there before Express: a first visit fetches a
 * dozen and a half of them, and through Express (security middleware,
 * compression check, a stat and a file stream per request) each cost more
 * than a cached page. They never change while the server runs (a new build
 * means a restart), so a year's `immutable` caching and a fixed ETag per file.
 * The brotli and gzip twins written by scripts/precompress.mjs are sent to
 * browsers that take them.
 *
 * Headers: those that govern a subresource — its type with `nosniff`
 * (a script is only run as a script), `Cross-Origin-Resource-Policy` (no
 * other site may load it). The page-level ones (CSP, frame and opener
 * policies, referrer policy) only apply to documents and stay on the pages.
 *
 * Returns the handler: true when it answered, false to let Express go on
 * (another path or method, a Range request, a file not in the build).
 */
export function buildAssets(assetsDir: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const assets = new Map<string, Asset>();
  for (const name of fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : []) {
    const type = TYPES[path.extname(name)];
    const file = path.join(assetsDir, name);
    if (!type || !fs.statSync(file).isFile()) continue;
    const identity = fs.readFileSync(file);
    const twin = (ext: string) => (fs.existsSync(file + ext) ? fs.readFileSync(file + ext) : undefined);
    const etag = `W/"${crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
    assets.set(`/assets/${name}`, {
      identity,
      br: twin(".br"),
      gzip: twin(".gz"),
      etag,
      headers: [
        "content-type",
        type,
        "cache-control",
        "public, max-age=31536000, immutable",
        "vary",
        "Accept-Encoding",
        "etag",
        etag,
        "x-content-type-options",
        "nosniff",
        "cross-origin-resource-policy",
        "same-origin",
      ],
    });
  }

  return (req, res) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.range !== undefined) return false;
    const asset = assets.get(req.url ?? "");
    if (!asset) return false;
    if (req.headers["if-none-match"] === asset.etag) {
      res.writeHead(304, asset.headers);
      res.end();
      return true;
    }
    const wanted = encodingFor(req.headers["accept-encoding"]);
    const encoding = wanted === "identity" || !asset[wanted] ? "identity" : wanted;
    const body = asset[encoding]!;
    const headers = [...asset.headers, "content-length", String(body.length)];
    if (encoding !== "identity") headers.push("content-encoding", encoding);
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
