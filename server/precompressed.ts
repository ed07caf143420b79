import fs from "node:fs";
import path from "node:path";
import type express from "express";

/**
 * Serves the .br / .gz twin that scripts/precompress.mjs wrote beside a build
 * asset when the browser accepts it (brotli at quality 11 is ~15 % smaller than
 * what on-the-fly compression sends, and costs nothing per request).
 * Anything else falls through to express.static.
 */
export function precompressed(root: string): express.RequestHandler {
  const types: Record<string, string> = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = types[path.extname(req.path)];
    if (!type || req.path.includes("..")) return next();
    const accepts = String(req.headers["accept-encoding"] ?? "");
    for (const [encoding, ext] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (!new RegExp(`\\b${encoding}\\b`).test(accepts)) continue;
      const file = path.join(root, decodeURIComponent(req.path)) + ext;
      if (!file.startsWith(root + path.sep) || !fs.existsSync(file)) continue;
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Type", type);
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.sendFile(file, { headers: { "Content-Encoding": encoding, "Content-Type": type } });
      return;
    }
    next();
  };
}
