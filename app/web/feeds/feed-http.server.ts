import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { once } from "node:events";
import zlib from "node:zlib";
import { readContentVersion } from "~/db/content-version.server";
import { getAgentCard } from "~/models/agent-card.server";
import { feedBatches, type FeedProperty } from "~/models/feeds.server";
import type { Env } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { encodingFor } from "~/page-cache/http.server";
import { csvHeader, csvPropertyRow } from "./csv.server";
import { HOMESOVERSEAS_HEAD, HOMESOVERSEAS_TAIL, homesoverseasObject } from "./homesoverseas.server";
import { KYERO_TAIL, kyeroHead, kyeroProperty } from "./kyero.server";

/**
 * The token-guarded feeds (issue 23, decision 0026):
 *
 *   /feeds/homesoverseas.xml   homesoverseas.ru, requirements v2
 *   /feeds/kyero.xml           Kyero v3
 *   /feeds/listings.csv        the CSV export (every property)
 *
 * The portals' XML feeds are off without FEEDS_TOKEN; with it, only
 * `?token=<FEEDS_TOKEN>` gets an answer — anything else is the same 404 as
 * an unknown address, compared in constant time. The CSV export is the
 * agent's own copy, with exact coordinates of every property (approximate
 * ones included): it answers only a signed-in administrator's session
 * (cookie or bearer), never a portal's token, feeds on or off. A feed is generated once per content version: the
 * database's rows, batch after batch (app/models/feeds.server.ts), are
 * written through gzip and brotli into DATA_DIR/cache/feeds as they come, so
 * the catalogue never sits in memory, whatever its size; every request of
 * that version is then answered from those files (ETag, 304).
 */

export const FEED_FILES = ["homesoverseas.xml", "kyero.xml", "listings.csv"] as const;
export type FeedFile = (typeof FEED_FILES)[number];

/** Bumped when a feed's format changes, so files cached by the previous code are not served again. */
const FORMAT_REVISION = "1";

const CONTENT_TYPES: Record<FeedFile, string> = {
  "homesoverseas.xml": "application/xml; charset=utf-8",
  "kyero.xml": "application/xml; charset=utf-8",
  "listings.csv": "text/csv; charset=utf-8",
};

interface FeedWriter {
  head: () => string;
  row: (p: FeedProperty) => string;
  tail: string;
  scope: "feeds" | "all";
}

/** `agent`: the name on the agent card (/admin/agent), else SITE_CONTACT_NAME. */
function writerOf(file: FeedFile, env: Env, agent: string): FeedWriter {
  const origin = env.publicUrl;
  switch (file) {
    case "homesoverseas.xml":
      return { head: () => HOMESOVERSEAS_HEAD, row: (p) => homesoverseasObject(p, origin), tail: HOMESOVERSEAS_TAIL, scope: "feeds" };
    case "kyero.xml":
      return {
        head: () => kyeroHead(new Date(), { name: agent, email: env.SITE_EMAIL, tel: env.SITE_PHONE }),
        row: (p) => kyeroProperty(p, origin, env.FEEDS_PROVINCE),
        tail: KYERO_TAIL,
        scope: "feeds",
      };
    case "listings.csv":
      return { head: csvHeader, row: (p) => csvPropertyRow(p, origin), tail: "", scope: "all" };
  }
}

/**
 * Pieces are cut at about this many characters. V8 puts a string over
 * ~128 KB (64 K Cyrillic characters) straight into its old generation, where
 * only a full collection frees it: a piece per batch of rows (~280 KB of CSV)
 * made the heap of a 100 000-property export grow by ~110 MB before V8
 * collected. Pieces this small die young, in cheap scavenges.
 */
const PIECE_CHARS = 16_384;

/** The feed's text, piece by piece: the head, rows joined into pieces of about PIECE_CHARS, the tail. */
export async function* feedText(file: FeedFile, env: Env, batchSize?: number): AsyncGenerator<string> {
  const writer = writerOf(file, env, (await getAgentCard()).name || env.SITE_CONTACT_NAME);
  yield writer.head();
  for await (const batch of feedBatches(writer.scope, batchSize)) {
    let rows: string[] = [];
    let length = 0;
    for (const property of batch) {
      const row = writer.row(property);
      rows.push(row);
      length += row.length;
      if (length >= PIECE_CHARS) {
        yield rows.join("");
        rows = [];
        length = 0;
      }
    }
    if (rows.length > 0) yield rows.join("");
  }
  yield writer.tail;
}

const digest = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest();

/** Whether the query string carries exactly the configured token (constant time: both sides hashed to 32 bytes first). */
export function tokenMatches(search: URLSearchParams, token: string | undefined): boolean {
  if (!token) return false;
  const given = search.getAll("token");
  if (given.length !== 1) return false;
  return crypto.timingSafeEqual(digest(given[0]!), digest(token));
}

/** The address to paste into a portal (the admin shows it). */
export function feedUrl(env: Env, file: Exclude<FeedFile, typeof CSV_EXPORT>): string | null {
  return env.FEEDS_TOKEN ? `${env.publicUrl}/feeds/${file}?token=${encodeURIComponent(env.FEEDS_TOKEN)}` : null;
}

/** The agent's CSV export: for a signed-in administrator only (no token opens it). */
export const CSV_EXPORT = "listings.csv" satisfies FeedFile;
/** Its download on the dashboard: this site's address, whatever PUBLIC_URL says. */
export const CSV_EXPORT_PATH = `/feeds/${CSV_EXPORT}`;

/** Who asks: the CSV export needs an administrator. */
export interface FeedAccess {
  administrator: boolean;
}

/** Whether this request may have `file`: the portals' feeds by their token, the CSV export by an administrator's session. */
function allowed(file: FeedFile, search: URLSearchParams, env: Env, access: FeedAccess): boolean {
  return file === CSV_EXPORT ? access.administrator : tokenMatches(search, env.FEEDS_TOKEN);
}

function notFound(): Response {
  return new Response("Not Found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/** One generation per file and version in this process at a time; the others wait for it. */
const inFlight = new Map<string, Promise<void>>();

function cacheDirOf(env: Env): string {
  return path.join(env.dataDir, "cache", "feeds");
}

const BROTLI_OPTIONS = {
  params: {
    // Quality 5: a 100 000-property feed compresses in seconds, at most ~10 % larger than quality 11.
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

/** Writes the feed through gzip and brotli into `base`.gz / `base`.br (temporary names, renamed when complete). */
async function generate(file: FeedFile, env: Env, base: string): Promise<void> {
  const suffix = `.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  const targets = [
    { encoder: zlib.createGzip({ level: 6 }), file: `${base}.gz` },
    { encoder: zlib.createBrotliCompress(BROTLI_OPTIONS), file: `${base}.br` },
  ].map((t) => ({ ...t, tmp: t.file + suffix, out: fs.createWriteStream(t.file + suffix) }));
  try {
    const done = targets.map((t) => {
      t.encoder.pipe(t.out);
      return Promise.all([once(t.out, "finish"), once(t.encoder, "end")]);
    });
    for await (const piece of feedText(file, env)) {
      if (piece === "") continue;
      // Encoded once for both encoders. Backpressure: wait for a full encoder to drain before the next batch is read.
      const bytes = Buffer.from(piece, "utf8");
      const waits = targets.filter((t) => !t.encoder.write(bytes)).map((t) => once(t.encoder, "drain"));
      await Promise.all(waits);
    }
    for (const t of targets) t.encoder.end();
    await Promise.all(done);
    for (const t of targets) await fsp.rename(t.tmp, t.file);
  } catch (error) {
    for (const t of targets) {
      t.encoder.destroy();
      t.out.destroy();
      await fsp.rm(t.tmp, { force: true });
    }
    throw error;
  }
}

/** Removes this feed's files of other versions (best effort). */
async function removeOtherVersions(dir: string, file: FeedFile, keep: string) {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(`${file}.`) && !name.startsWith(keep) && !name.endsWith(".tmp"))
      .map((name) => fsp.rm(path.join(dir, name), { force: true })),
  );
}

async function exists(file: string): Promise<boolean> {
  return fsp.access(file).then(
    () => true,
    () => false,
  );
}

/** Makes sure this version's files exist, generating them once. */
async function ensureGenerated(file: FeedFile, env: Env, tag: string): Promise<string> {
  const dir = cacheDirOf(env);
  const prefix = `${file}.${tag}`;
  const base = path.join(dir, prefix);
  if ((await exists(`${base}.gz`)) && (await exists(`${base}.br`))) return base;
  let job = inFlight.get(base);
  if (!job) {
    job = (async () => {
      await fsp.mkdir(dir, { recursive: true });
      const started = Date.now();
      await generate(file, env, base);
      log.info(`Feed ${file} generated in ${Date.now() - started} ms`);
      await removeOtherVersions(dir, file, prefix);
    })().finally(() => inFlight.delete(base));
    inFlight.set(base, job);
  }
  await job;
  return base;
}

/**
 * The answer to GET/HEAD /feeds/{file}: 404 unless the file is one of ours
 * and the request may have it (`allowed`); 304 for the current ETag; else
 * the cached file of this content version in the client's encoding.
 */
export async function feedResponse(request: Request, file: string, env: Env, access: FeedAccess = { administrator: false }): Promise<Response> {
  const url = new URL(request.url);
  if (!(FEED_FILES as readonly string[]).includes(file) || !allowed(file as FeedFile, url.searchParams, env, access)) return notFound();
  const feed = file as FeedFile;
  const version = await readContentVersion();
  // What the bytes depend on: the content, the addresses and words from the configuration, the code's format.
  const tag = crypto
    .createHash("sha256")
    .update([FORMAT_REVISION, version, env.publicUrl, env.FEEDS_PROVINCE, env.SITE_CONTACT_NAME, env.SITE_EMAIL, env.SITE_PHONE].join("\n"))
    .digest("base64url")
    .slice(0, 22);
  const etag = `"${tag}"`;
  const headers: Record<string, string> = {
    "Content-Type": CONTENT_TYPES[feed],
    ETag: etag,
    // The token is in the address: no shared cache should keep a copy.
    "Cache-Control": "private, no-cache",
    Vary: "Accept-Encoding",
    "X-Robots-Tag": "noindex",
    "X-Content-Type-Options": "nosniff",
  };
  if (feed === CSV_EXPORT) headers["Content-Disposition"] = 'attachment; filename="listings.csv"';
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  const base = await ensureGenerated(feed, env, tag);
  const encoding = encodingFor(request.headers.get("accept-encoding") ?? undefined);
  const source = encoding === "br" ? `${base}.br` : `${base}.gz`;
  if (encoding !== "identity") {
    headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = String((await fsp.stat(source)).size);
  }
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  // A client that takes neither encoding gets the gzip file unpacked as it is sent.
  const stream = fs.createReadStream(source);
  const body = encoding === "identity" ? stream.pipe(zlib.createGunzip()) : stream;
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status: 200, headers });
}
