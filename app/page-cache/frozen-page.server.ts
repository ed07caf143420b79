import crypto from "node:crypto";
import zlib from "node:zlib";

/**
 * A rendered public page made ready to be sent many times, byte for byte
 * (DESIGN §11: cached pages near a static file's speed). Two things made
 * each response different before, and both are settled once here:
 *
 * - the CSP nonce: a per-response nonce would have to be written into the
 *   page and the page compressed again on every response. A cached page
 *   instead carries no nonce, and its policy allows exactly its own inline
 *   scripts by their SHA-256 hashes (CSP level 2, the form a strict policy
 *   takes for pages served from a cache), still no 'unsafe-inline';
 * - compression: a quick brotli copy (quality 2) is made with the page and
 *   sent by the render that keeps it; the page's first request from the
 *   cache replaces it once with the hard one (quality 6: 12 % smaller than
 *   quality 4, ~4× the time of quality 2; `brotliCopy`), so a page nobody
 *   asks for again (the pages rendered once after an edit) never pays for
 *   it. A gzip copy is made once too, on the first request that takes gzip
 *   but not brotli (`gzipCopy`: browsers take brotli, so most pages never
 *   need one). Issue 32, decision 0035.
 *
 * Decision: docs/decisions/0010-cached-pages-sent-as-bytes.md.
 */
export interface FrozenPage {
  status: number;
  /** The page's policy: the rendered one with the nonce replaced by the inline scripts' hashes. */
  csp: string;
  etag: string;
  identity: Buffer;
  /** Brotli at `brQuality`: the quick copy until the first request from the cache (brotliCopy). */
  br: Buffer;
  brQuality: number;
  /** Made on the first request for it (gzipCopy). */
  gzip: Buffer | null;
}

/** The quick brotli copy a page is kept with, and the one it is sent with from its first repeat on. */
export const KEPT_BROTLI_QUALITY = { first: 2, final: 6 } as const;

export type PageEncoding = "br" | "gzip" | "identity";

const brotli = (identity: Buffer, quality: number) =>
  zlib.brotliCompressSync(identity, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });

/** Inline scripts (no src) of a page; data blocks (JSON-LD) are not scripts to CSP and need no hash. */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript" && type !== "application/javascript") continue;
    scripts.push(match[2] ?? "");
  }
  return scripts;
}

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * Takes the page rendered with `nonce` under the policy `csp` (which names
 * that nonce). Returns null when the page cannot be frozen safely: the nonce
 * appears somewhere else than in nonce attributes, or the policy does not
 * name it — such a page is sent as rendered and not cached.
 */
export async function freezePage(page: { status: number; body: string; nonce: string; csp: string }): Promise<FrozenPage | null> {
  const { body, nonce, csp } = page;
  const nonceSource = ` 'nonce-${nonce}'`;
  if (!nonce || !csp.includes(nonceSource)) return null;
  const html = body.replaceAll(` nonce="${nonce}"`, "");
  if (html.includes(nonce)) return null;
  const hashes = [...new Set(inlineScripts(html).map(sha256))];
  const identity = Buffer.from(html, "utf8");
  return {
    status: page.status,
    csp: csp.replace(nonceSource, hashes.map((hash) => ` ${hash}`).join("")),
    etag: `W/"${crypto.createHash("sha1").update(identity).digest("base64url")}"`,
    identity,
    br: brotli(identity, KEPT_BROTLI_QUALITY.first),
    brQuality: KEPT_BROTLI_QUALITY.first,
    gzip: null,
  };
}

/**
 * The page's hard brotli copy (quality 6), made on its first request from the
 * cache in place of the quick one; `made` is told how many bytes that adds
 * (fewer: negative).
 */
export function brotliCopy(page: FrozenPage, made?: (bytes: number) => void): Buffer {
  if (page.brQuality !== KEPT_BROTLI_QUALITY.final) {
    const before = page.br.length;
    page.br = brotli(page.identity, KEPT_BROTLI_QUALITY.final);
    page.brQuality = KEPT_BROTLI_QUALITY.final;
    made?.(page.br.length - before);
  }
  return page.br;
}

/**
 * The page's gzip copy (level 6), made on the first request for it and kept
 * with the page; `made` is told its size then (the cache counts it).
 */
export function gzipCopy(page: FrozenPage, made?: (bytes: number) => void): Buffer {
  if (page.gzip === null) {
    page.gzip = zlib.gzipSync(page.identity, { level: 6 });
    made?.(page.gzip.length);
  }
  return page.gzip;
}

/** Bytes a frozen page keeps in memory. */
export const sizeOf = (page: FrozenPage) => page.identity.length + page.br.length + (page.gzip?.length ?? 0);
