/**
 * The map at scale (issue 21): what /properties.geojson costs and how long a
 * phone-class browser takes to draw the listing's map, with 10 000 and
 * 100 000 demo listings (on 100 000 the endpoint caps at MAX_MAP_POINTS).
 *
 *   node scripts/bench/map.mjs [options]
 *
 * For each size it seeds demo listings (scripts/seed-demo.ts; every demo
 * listing has a point) into a data folder kept in --cache-dir, starts the
 * production build on 127.0.0.1, and prints
 *   GeoJSON    the whole catalogue's points (`lang=ru`): features, bytes as
 *              JSON and as sent with brotli, time of the first request (the
 *              database) and the median of 5 more (the page cache)
 *   browser    Chromium (/usr/bin/chromium) at 412×823, CPU slowed 4× (as
 *              Lighthouse's mobile), opening /properties?view=map: time from
 *              the GeoJSON's arrival to the first markers (parsing, clustering
 *              and drawing), and the time of a zoom-in until the markers are
 *              drawn again (Leaflet's zoom animation, 250 ms, included)
 *
 * Options:
 *   --sizes 10000,100000   catalogue sizes (default both)
 *   --cache-dir DIR        seeded data folders (default $TMPDIR/seaside-bench-map)
 *   --port N               server port (default 9530)
 *   --cpu-slowdown N       Chromium CPU throttling factor (default 4)
 *   --build                run `npm run build` first
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { projectRoot, requireBuild, startSeededServer, stopServersOnSignal } from "../harness/server.mjs";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../harness/system.mjs";
import { readOptions } from "./options.mjs";

const options = { sizes: [10_000, 100_000], cacheDir: path.join(os.tmpdir(), "seaside-bench-map"), port: 9530, cpu: 4, build: false };
readOptions(process.argv.slice(2), import.meta.url, (read) => ({
  "--sizes": () => (options.sizes = read.list().map(Number)),
  "--cache-dir": () => (options.cacheDir = read.value()),
  "--port": () => (options.port = read.whole(1024, 65535)),
  "--cpu-slowdown": () => (options.cpu = read.whole(1, 20)),
  "--build": () => (options.build = true),
}));
if (options.build) spawnSync("npm", ["run", "build"], { cwd: projectRoot, stdio: "inherit" });
requireBuild();
stopServersOnSignal();

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;

/** A GET whose body is counted as it travels (fetch would decompress it). @param {string} url */
function timedFetch(url, encoding = "br") {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": encoding } }, (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on("data", (c) => chunks.push(c));
        response.on("end", () =>
          resolve({
            ms: performance.now() - started,
            status: response.statusCode,
            body: Buffer.concat(chunks),
            encoding: response.headers["content-encoding"],
          }),
        );
      })
      .on("error", reject);
  });
}

/** @param {string} baseUrl */
async function geojson(baseUrl) {
  const url = `${baseUrl}/properties.geojson?lang=ru`;
  const first = /** @type {{ ms: number; body: Buffer }} */ (await timedFetch(url, "identity"));
  const json = JSON.parse(first.body.toString("utf8"));
  const warm = [];
  let sent = 0;
  for (let i = 0; i < 5; i++) {
    const r = /** @type {{ ms: number; body: Buffer; encoding?: string }} */ (await timedFetch(url, "br"));
    if (r.encoding !== "br") throw new Error(`GeoJSON sent as ${r.encoding ?? "identity"}, not brotli`);
    warm.push(r.ms);
    sent = r.body.length;
  }
  return {
    features: json.features.length,
    truncated: json.truncated === true,
    bytes: first.body.length,
    brotli: sent,
    firstMs: first.ms,
    warmMs: median(warm),
  };
}

/** @param {string} baseUrl */
async function browser(baseUrl) {
  const instance = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  try {
    const context = await instance.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: options.cpu });
    // The code and GeoJSON once, so the figures are the drawing, not the first download of Leaflet.
    await page.goto(`${baseUrl}/properties?view=map`, { waitUntil: "networkidle" });
    await page.locator(".leaflet-marker-icon").first().waitFor({ timeout: 120_000 });
    const runs = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(`${baseUrl}/properties?view=map`);
      const arrived = page.waitForResponse((r) => r.url().includes("/properties.geojson"), { timeout: 120_000 });
      await (await arrived).finished();
      const at = await page.evaluate(() => performance.now());
      await page.locator(".leaflet-marker-icon").first().waitFor({ timeout: 120_000 });
      const drawn = await page.evaluate(() => performance.now());
      const markers = await page.locator(".leaflet-marker-icon").count();
      // A zoom-in: from the press until the markers of the new zoom are on the map.
      const zoomMs = await page.evaluate(async () => {
        const map = document.querySelector(".leaflet-container");
        const button = /** @type {HTMLElement} */ (document.querySelector(".leaflet-control-zoom-in"));
        const started = performance.now();
        await new Promise((resolve) => {
          const observer = new MutationObserver(() => {
            observer.disconnect();
            resolve(null);
          });
          observer.observe(/** @type {Element} */ (/** @type {Element} */ (map).querySelector(".leaflet-marker-pane")), { childList: true });
          button.click();
        });
        return performance.now() - started;
      });
      runs.push({ drawMs: drawn - at, markers, zoomMs });
    }
    return {
      drawMs: median(runs.map((r) => r.drawMs)),
      markers: runs[0]?.markers ?? 0,
      zoomMs: median(runs.map((r) => r.zoomMs)),
    };
  } finally {
    await instance.close();
  }
}

console.log(`Map benchmark — Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(2)}, CPU slowdown ${options.cpu}×`);
for (const size of options.sizes) {
  // The seeder tops a catalogue up to `size`: a second run reuses the data.
  const dataDir = path.join(options.cacheDir, `pglite-${size}`);
  fs.mkdirSync(dataDir, { recursive: true });
  // A 100 000-listing PGlite opens (and migrates) in minutes on a busy machine.
  const server = await startSeededServer({ port: options.port, properties: size, dataDir, tmpPrefix: "seaside-bench-map-", startTimeoutMs: 600_000 });
  try {
    const g = await geojson(server.baseUrl);
    console.log(
      `\n${size.toLocaleString("en")} listings\n  GeoJSON  ${g.features} features${g.truncated ? " (capped)" : ""}, ${kb(g.bytes)} JSON, ${kb(g.brotli)} brotli; first ${g.firstMs.toFixed(0)} ms, cached ${g.warmMs.toFixed(1)} ms (median of 5)`,
    );
    const b = await browser(server.baseUrl);
    console.log(
      `  browser  first markers ${b.drawMs.toFixed(0)} ms after the GeoJSON arrived (${b.markers} markers/clusters drawn); zoom-in redrawn in ${b.zoomMs.toFixed(0)} ms (medians of 3)`,
    );
  } finally {
    await server.stop();
  }
}
