/**
 * The portals' feeds at scale (issue 23 item 5: 100 000 properties streamed,
 * RSS growth < 50 MB).
 *
 *   npm run bench:feeds -- [--sizes 10000,100000] [--feeds kyero.xml,…] [--cache-dir DIR]
 *
 * For each catalogue size (demo listings from the demo seeder, PGlite in
 * --cache-dir, seeded once and topped up from the next smaller set) and each
 * feed (homesoverseas.xml, kyero.xml, listings.csv) it times a cold request
 * (generation from the database in keyset batches through gzip and brotli
 * into the feed cache, app/web/feeds/feed-http.server.ts), then a request of
 * the same content version (served from the cached file) and a 304; it
 * prints the process's RSS growth during generation (peak, sampled every
 * 20 ms, over the RSS before — PGlite runs in this process, so its memory is
 * counted too; the JS heap's part in brackets) and the bytes: uncompressed,
 * gzip, brotli. The npm script sets glibc's allocator as `npm run serve` does
 * (MALLOC_ARENA_MAX=2 …): without it, zlib's and PGlite's freed buffers stay
 * in per-thread arenas and the growth reads ~20 MB higher.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { parseEnv, type Env } from "~/platform/env.server";
import { startServices, stopServices } from "~/services.server";
import { FEED_FILES, feedResponse } from "~/web/feeds/feed-http.server";
import { seedDemo } from "../demo/seed";
import { catalogueSize, pgliteDataSet } from "./pglite-data-sets";
import { readOptions } from "./options.mjs";

const TOKEN = "bench-feeds-token-0123456789";
/** The CSV export answers an administrator only (the portals' feeds ignore this and read the token). */
const ADMIN = { administrator: true };

interface Options {
  feeds: string[];
  sizes: number[];
  cacheDir: string;
}

function options(): Options {
  const o: Options = { feeds: [...FEED_FILES], sizes: [10_000, 100_000], cacheDir: path.join(os.tmpdir(), "seaside-bench-feeds") };
  readOptions(process.argv.slice(2), import.meta.url, (read) => ({
    "--sizes": () => (o.sizes = read.list().map(Number)),
    "--feeds": () => (o.feeds = read.list()),
    "--cache-dir": () => (o.cacheDir = path.resolve(read.value())),
  }));
  return o;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const count = (n: number) => n.toLocaleString("en-US");

async function open(o: Options, size: number): Promise<Env> {
  const { dir } = pgliteDataSet(o.cacheDir, size);
  const env = parseEnv({ DATA_DIR: dir, LOG_LEVEL: "error", BACKUP_INTERVAL_HOURS: "0", FEEDS_TOKEN: TOKEN, PUBLIC_URL: "https://seaside.example" });
  await startServices(env, {});
  const have = await catalogueSize();
  if (have < size) {
    const t0 = performance.now();
    console.error(`Seeding ${count(size - have)} demo listings into ${dir} …`);
    await seedDemo({ properties: size });
    console.error(`  seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  // The demo locations have no homesoverseas.ru region id: give each one, or that feed would be empty.
  await db().execute(sql`update locations set homesoverseas_region = 1000 + "order" where homesoverseas_region is null`);
  fs.rmSync(path.join(dir, "cache", "feeds"), { recursive: true, force: true });
  return env;
}

async function drain(response: Response): Promise<number> {
  let bytes = 0;
  const reader = response.body?.getReader();
  if (!reader) return 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.length;
  }
}

async function uncompressedSize(file: string): Promise<number> {
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file).pipe(zlib.createGunzip())) bytes += (chunk as Buffer).length;
  return bytes;
}

async function main() {
  const o = options();
  fs.mkdirSync(o.cacheDir, { recursive: true });
  const rows: string[][] = [["size", "feed", "cold ms", "RSS growth", "cached ms", "304 ms", "bytes", "gzip", "brotli"]];
  for (const size of o.sizes) {
    const env = await open(o, size);
    const published = await catalogueSize();
    for (const file of FEED_FILES.filter((f) => o.feeds.includes(f))) {
      const url = `https://seaside.example/feeds/${file}?token=${TOKEN}`;
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const heapBefore = process.memoryUsage().heapTotal;
      let heapPeak = heapBefore;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peak = Math.max(peak, m.rss);
        heapPeak = Math.max(heapPeak, m.heapTotal);
      }, 20);
      const t0 = performance.now();
      const cold = await feedResponse(new Request(url, { headers: { "accept-encoding": "br" } }), file, env, ADMIN);
      await drain(cold);
      const coldMs = performance.now() - t0;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const t1 = performance.now();
      await drain(await feedResponse(new Request(url, { headers: { "accept-encoding": "gzip" } }), file, env, ADMIN));
      const cachedMs = performance.now() - t1;
      const t2 = performance.now();
      const notModified = await feedResponse(new Request(url, { headers: { "if-none-match": cold.headers.get("etag")! } }), file, env, ADMIN);
      const notModifiedMs = performance.now() - t2;
      if (notModified.status !== 304) throw new Error(`expected 304, got ${notModified.status}`);
      const dir = path.join(env.dataDir, "cache", "feeds");
      const base = fs.readdirSync(dir).find((n) => n.startsWith(`${file}.`) && n.endsWith(".gz"))!;
      const gz = path.join(dir, base);
      const br = gz.replace(/\.gz$/, ".br");
      rows.push([
        count(size),
        file,
        coldMs.toFixed(0),
        `${mb(peak - before)} (JS heap ${mb(heapPeak - heapBefore)})`,
        cachedMs.toFixed(0),
        notModifiedMs.toFixed(1),
        mb(await uncompressedSize(gz)),
        mb(fs.statSync(gz).size),
        mb(fs.statSync(br).size),
      ]);
      console.error(`  ${count(published)} properties, ${file}: ${rows[rows.length - 1]!.slice(2).join(" · ")}`);
    }
    await stopServices();
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
  console.log(`Node ${process.version}, ${os.cpus().length} CPUs, PGlite in-process`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
