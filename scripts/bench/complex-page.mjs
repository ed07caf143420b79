/**
 * Complex pages at scale (issue 33): the server time of a complex's page and
 * of the listing's complex filter, on a catalogue of 1 000 complexes ×
 * 100 000 units, as visitors meet them — the first render of each (nothing
 * kept yet) and the next request (from the page cache).
 *
 *   node scripts/bench/complex-page.mjs [--data-dir DIR] [--complexes N] [--port N]
 *
 * Data: a copy of bench:listing's 100 000 PGlite data set (its complexes
 * are made there: 1 002 of them, 100 units each; run `npm run bench:listing
 * -- --sizes 100000 --db pglite` once first), or any data folder given with
 * --data-dir (copied, never changed). The production build runs on the copy
 * with the default settings (the access log on, written to a file:
 * scripts/harness/server.mjs), and the figures are the server's own time of
 * each answer, the `ms` of its access line — what the page costs the
 * server, without this script's waiting.
 *
 * For N complexes of the sitemap (default 200, in every language in turn):
 * GET the page twice (the first a render, `X-Page-Cache` not HIT; the
 * second HIT), then GET `/properties?complex=<id>` twice (the first a render;
 * an address with a query string is kept from its second render, decision
 * 0004, so the second is a render too and the third a hit). Prints
 * p50 / p95 / max per kind. Requests go one after another (server time, not
 * throughput: bench:throughput and bench:uncached measure that).
 *
 * Options:
 *   --data-dir DIR   the data folder to copy (default $TMPDIR/seaside-bench-listing/pglite-100000)
 *   --complexes N    complexes to visit (default 200)
 *   --port N         the server's port (default 9790)
 *   --json FILE      every figure as JSON
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverSettings, startSeededServer, stopServersOnSignal } from "../harness/server.mjs";
import { readOptions } from "./options.mjs";

const options = { dataDir: path.join(os.tmpdir(), "seaside-bench-listing", "pglite-100000"), complexes: 200, port: 9790, json: "" };
readOptions(process.argv.slice(2), import.meta.url, (read) => ({
  "--data-dir": () => (options.dataDir = path.resolve(read.value())),
  "--complexes": () => (options.complexes = read.whole(1, 100_000)),
  "--port": () => (options.port = read.whole(1024, 65_535)),
  "--json": () => (options.json = read.value()),
}));

const note = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);

if (!fs.existsSync(path.join(options.dataDir, "pglite"))) {
  note(`No PGlite data folder at ${options.dataDir}: run "npm run bench:listing -- --sizes 100000 --db pglite" first, or give --data-dir.`);
  process.exit(2);
}
stopServersOnSignal();
const copy = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-bench-complex-"));
note(`Copying ${options.dataDir} to ${copy}…`);
fs.cpSync(path.join(options.dataDir, "pglite"), path.join(copy, "pglite"), { recursive: true });
if (fs.existsSync(path.join(options.dataDir, "upload"))) fs.cpSync(path.join(options.dataDir, "upload"), path.join(copy, "upload"), { recursive: true });

const server = await startSeededServer({ port: options.port, properties: 0, dataDir: copy, seeded: true, tmpPrefix: "unused-", startTimeoutMs: 180_000 });
try {
  const base = server.baseUrl;
  const get = async (/** @type {string} */ p) => {
    const response = await fetch(`${base}${p}`, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    await response.arrayBuffer();
    return { status: response.status, cache: response.headers.get("x-page-cache") ?? "", id: response.headers.get("x-request-id") ?? "" };
  };
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]*\/sitemaps\/complexes-\d+\.xml)<\/loc>/g)].map((m) => new URL(String(m[1])).pathname);
  /** @type {string[]} */
  const pages = [];
  for (const file of files) {
    const xml = await (await fetch(`${base}${file}`)).text();
    pages.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(String(m[1])).pathname));
  }
  // Every language's page of a complex is a <loc> of its own: take them in turn.
  const chosen = pages.slice(0, options.complexes);
  if (chosen.length === 0) throw new Error("No complex pages in the sitemap: the data set has no complexes");
  note(`${pages.length} complex pages in the sitemaps; visiting ${chosen.length}. ${serverSettings()}.`);

  // Request ids by kind (each answer's server time is read from the access log at the end).
  /** @type {string[]} */ const pageFirst = [];
  /** @type {string[]} */ const pageKept = [];
  /** @type {string[]} */ const filterFirst = [];
  /** @type {string[]} */ const filterKept = [];
  const ids = {
    "complex page, first render": pageFirst,
    "complex page, from the page cache": pageKept,
    "complex filter, first render": filterFirst,
    "complex filter, from the page cache": filterKept,
  };
  let misses = 0;
  const filtered = new Set();
  for (const page of chosen) {
    const first = await get(page);
    const second = await get(page);
    if (first.status !== 200 || second.status !== 200) throw new Error(`${decodeURI(page)} answered ${first.status}, ${second.status}`);
    if (first.cache === "HIT" || second.cache !== "HIT") misses++;
    pageFirst.push(first.id);
    pageKept.push(second.id);
    // The complex's id, from its page's units link (/properties?complex=…).
    const html = await (await fetch(`${base}${page}`)).text();
    const complexId = /[?&]complex=([0-9a-f-]{36})/.exec(html)?.[1];
    // Once per complex (its pages in the other languages name the same filter), in the page's language.
    if (!complexId || filtered.has(complexId)) continue;
    filtered.add(complexId);
    const prefix = /^\/(bg|en)\//.exec(page)?.[0].slice(0, -1) ?? "";
    const listing = `${prefix}/properties?complex=${complexId}`;
    filterFirst.push((await get(listing)).id);
    await get(listing);
    const kept = await get(listing);
    if (kept.cache === "HIT") filterKept.push(kept.id);
  }
  // The server's time of each answer: the `ms` of its access line (written to DATA_DIR/server.log, whole once it has stopped).
  await server.close();
  /** @type {Map<string, number>} */
  const msById = new Map();
  for (const line of fs.readFileSync(path.join(copy, "server.log"), "utf8").split("\n")) {
    if (!line.includes('"msg":"request"')) continue;
    try {
      const entry = JSON.parse(line);
      msById.set(entry.reqId, entry.ms);
    } catch {
      // A line cut by the copy's end: not ours.
    }
  }
  const pct = (/** @type {number[]} */ sorted, /** @type {number} */ p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  /** @type {Record<string, { n: number; p50: number; p95: number; max: number }>} */
  const figures = {};
  console.log(`\nServer time per answer at ${pages.length} complex pages' catalogue (ms, from the access log), load ${(os.loadavg()[0] ?? 0).toFixed(1)}:`);
  console.log("| kind | n | p50 | p95 | max |\n|---|---|---|---|---|");
  for (const [kind, list] of Object.entries(ids)) {
    const times = list
      .map((id) => msById.get(id))
      .filter((ms) => typeof ms === "number")
      .sort((a, b) => a - b);
    figures[kind] = { n: times.length, p50: pct(times, 50), p95: pct(times, 95), max: times.at(-1) ?? NaN };
    const f = figures[kind];
    console.log(`| ${kind} | ${f.n} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.max.toFixed(1)} |`);
  }
  console.log(`Pages not answered from the page cache on their second request: ${misses} of ${chosen.length}.`);
  if (options.json)
    fs.writeFileSync(options.json, JSON.stringify({ pages: pages.length, visited: chosen.length, misses, figures, settings: serverSettings() }, null, 2));
} finally {
  await server.close();
  fs.rmSync(copy, { recursive: true, force: true });
}
