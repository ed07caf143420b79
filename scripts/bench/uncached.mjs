/**
 * Uncached renders (issue 32): requests/s and latency of pages the page
 * cache cannot answer, as visitors meet them.
 *
 *   node scripts/bench/uncached.mjs [options]
 *
 * Seeds one temporary PGlite data folder with demo listings, starts the
 * production build (scripts/harness/server.mjs, default settings: the access
 * log on, written to a file) behind a proxy as the deploy files run it
 * (TRUST_PROXY=true: each request names one of 62 500 visitors in
 * X-Forwarded-For, so the render queue's per-address limit, decision 0033,
 * does not turn the load generator into one abusive client), and loads it
 * with `wrk -t1 -c<connections> --latency` and a Lua script, three kinds:
 *
 * - listing: `/properties`, `/bg/properties`, `/en/properties` in turn, each
 *   request with a `price_max` value nobody asked before (a new count, a new
 *   page, a render never kept: decision 0004 keeps a query string from its
 *   second render);
 * - location: the location pages of the sitemap in every language in turn,
 *   each with a new `price_max`;
 * - property: every property page of the sitemap in every language, in
 *   turn, right after an edit (a PATCH through the HTTP API that changes
 *   nothing but bumps the content version, so the page cache is emptied):
 *   each page is rendered, frozen and kept on its first request. With more
 *   pages than the cache keeps (500) the cycle misses every time; the
 *   report gives the share of answers that were not cache hits.
 *
 * Every request says `Accept-Encoding: gzip, deflate, br`, like a browser.
 * Besides requests/s and latency, each run gives the server's CPU time per
 * request (user + system of its process, threads included, from /proc): on
 * a machine shared with other work it moves less than requests/s.
 *
 * With --vs DIR, a second checkout (its own build, `node_modules` may be a
 * symbolic link to this one's) runs on a copy of the same data folder, on
 * port + 1, and every round loads both servers kind by kind, back to back,
 * the order alternating between rounds, so both meet the same machine load;
 * the last lines give each kind's requests/s per round and the median
 * ratio. With --cpu-prof DIR the server(s) run under `node --cpu-prof` and
 * write their profiles to DIR (per server) when stopped.
 *
 * Options:
 *   --port N            port of this checkout's server (default 9700; --vs: port + 1)
 *   --properties N      demo listings (default 200)
 *   --connections N     concurrent connections (default 32)
 *   --duration S        seconds per kind and round (default 10)
 *   --rounds N          rounds (default 1; 3 with --vs)
 *   --kinds a,b         listing, location, property (default all three)
 *   --vs DIR            a second checkout to compare with, in alternating rounds
 *   --cpu-prof DIR      run the servers under node --cpu-prof, profiles into DIR/<label>
 *   --json FILE         write every figure as JSON
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { projectRoot, seedDemoData, serverSettings, startSeededServer, stopServersOnSignal } from "../harness/server.mjs";
import { runWrk } from "../harness/wrk.mjs";
import { readOptions } from "./options.mjs";

const KINDS = ["listing", "location", "property"];

function parseOptions(/** @type {string[]} */ argv) {
  const o = {
    port: 9700,
    properties: 200,
    connections: 32,
    duration: 10,
    /** @type {number | undefined} */ rounds: undefined,
    kinds: KINDS,
    /** @type {string | undefined} */ vs: undefined,
    /** @type {string | undefined} */ cpuProf: undefined,
    /** @type {string | undefined} */ json: undefined,
  };
  readOptions(argv, import.meta.url, ({ value, whole, list }) => ({
    "--port": () => (o.port = whole(1, 65534)),
    "--properties": () => (o.properties = whole(1, 1_000_000)),
    "--connections": () => (o.connections = whole(1, 256)),
    "--duration": () => (o.duration = whole(1, 120)),
    "--rounds": () => (o.rounds = whole(1, 20)),
    "--kinds": () => {
      o.kinds = list();
      for (const kind of o.kinds) if (!KINDS.includes(kind)) throw new Error(`--kinds: unknown kind ${kind}`);
    },
    "--vs": () => (o.vs = path.resolve(value())),
    "--cpu-prof": () => (o.cpuProf = path.resolve(value())),
    "--json": () => (o.json = path.resolve(value())),
  }));
  return { ...o, rounds: o.rounds ?? (o.vs ? 3 : 1) };
}

const note = (/** @type {string} */ s) => process.stderr.write(`${s}\n`);
const pad = (/** @type {string} */ s, /** @type {number} */ n) => (s.length >= n ? s : s + " ".repeat(n - s.length));
const padL = (/** @type {string} */ s, /** @type {number} */ n) => (s.length >= n ? s : " ".repeat(n - s.length) + s);

/** The paths of the sitemap's pages (the index, then its files). */
async function sitemapPaths(/** @type {string} */ base) {
  const locs = (/** @type {string} */ xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
  const files = locs(await (await fetch(`${base}/sitemap.xml`)).text());
  /** @type {string[]} */
  const paths = [];
  for (const file of files) paths.push(...locs(await (await fetch(base + file)).text()));
  return paths;
}

/**
 * The pages each kind cycles through: locations are the sitemap's paths
 * with one segment after the language, properties those with two.
 */
async function pagesOf(/** @type {string} */ base) {
  const all = await sitemapPaths(base);
  const bare = (/** @type {string} */ p) => decodeURIComponent(p).replace(/^\/(bg|en)(?=\/|$)/, "");
  const segments = (/** @type {string} */ p) => bare(p).split("/").filter(Boolean);
  const reserved = /^(properties|favorites|compare|privacy|alerts)$/;
  const locations = all.filter((p) => segments(p).length === 1 && !reserved.test(segments(p)[0] ?? ""));
  const properties = all.filter((p) => segments(p).length === 2 && !reserved.test(segments(p)[0] ?? ""));
  if (locations.length === 0 || properties.length === 0) throw new Error(`the sitemap names ${locations.length} locations and ${properties.length} properties`);
  return { listing: ["/properties", "/bg/properties", "/en/properties"], location: locations, property: properties };
}

/** The Lua script wrk runs: paths in turn, a new price_max per request with `query`, a visitor per request, cache states counted. */
function luaScript(/** @type {string[]} */ paths, /** @type {boolean} */ query, /** @type {number} */ seed) {
  return `
local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }
local query = ${query ? "true" : "false"}
local n = 0
hit, miss, other, bad = 0, 0, 0, 0
function request()
  n = n + 1
  local p = paths[(n % #paths) + 1]
  if query then p = p .. "?price_max=" .. tostring(${seed} + n) end
  local visitor = "10.50." .. tostring(math.floor(n / 250) % 250) .. "." .. tostring(n % 250)
  return wrk.format("GET", p, { ["Accept-Encoding"] = "gzip, deflate, br", ["X-Forwarded-For"] = visitor })
end
function response(status, headers, body)
  if status ~= 200 then bad = bad + 1 end
  local state = headers["X-Page-Cache"] or headers["x-page-cache"]
  if state == "HIT" then hit = hit + 1 elseif state == "MISS" then miss = miss + 1 else other = other + 1 end
end
local threads = {}
function setup(thread) table.insert(threads, thread) end
function done(summary, latency, requests)
  local h, m, o, b = 0, 0, 0, 0
  for _, t in ipairs(threads) do h = h + t:get("hit"); m = m + t:get("miss"); o = o + t:get("other"); b = b + t:get("bad") end
  io.write(string.format("CACHE hit=%d miss=%d other=%d non200=%d\\n", h, m, o, b))
end
`;
}

/** wrk's duration strings (e.g. 512.34us, 3.21ms, 1.02s) in ms. */
function wrkMs(/** @type {string} */ s) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(s.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === "us" ? n / 1000 : m[2] === "ms" ? n : m[2] === "s" ? n * 1000 : n * 60_000;
}

/**
 * @typedef {{ rps: number; p50: number; p99: number; requests: number; errors: number; hit: number; miss: number; other: number; non200: number; load: number; cpuMsPerRequest: number }} Result
 */

/** CPU time (user + system, ms) the process `pid` has used so far, its threads included (the zlib and file-system pool too). */
function cpuMsOf(/** @type {number} */ pid) {
  const fields = fs
    .readFileSync(`/proc/${pid}/stat`, "utf8")
    .replace(/^.*\) /, "")
    .split(" ");
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (USER_HZ: 100 on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** @returns {Promise<Result>} */
async function loadWithWrk(
  /** @type {string} */ base,
  /** @type {string} */ script,
  /** @type {number} */ connections,
  /** @type {number} */ duration,
  /** @type {number} */ pid,
) {
  const cpuBefore = cpuMsOf(pid);
  const file = path.join(os.tmpdir(), `seaside-bench-uncached-${process.pid}.lua`);
  fs.writeFileSync(file, script);
  const { out, num, socketErrors } = await runWrk(["-t1", `-c${connections}`, `-d${duration}s`, "--latency", "--timeout", "10s", "-s", file, base], duration);
  const cpuMs = cpuMsOf(pid) - cpuBefore;
  const cache = /CACHE hit=(\d+) miss=(\d+) other=(\d+) non200=(\d+)/.exec(out);
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    p50: wrkMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? ""),
    p99: wrkMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ""),
    requests: num(/(\d+) requests in/),
    errors: socketErrors,
    hit: Number(cache?.[1] ?? NaN),
    miss: Number(cache?.[2] ?? NaN),
    other: Number(cache?.[3] ?? NaN),
    non200: Number(cache?.[4] ?? NaN),
    load: os.loadavg()[0] ?? NaN,
    cpuMsPerRequest: cpuMs / Math.max(1, num(/(\d+) requests in/)),
  };
}

/**
 * An edit that changes nothing a page shows but bumps the content version
 * (the database's triggers): every server process drops its kept pages
 * within half a second (page-cache.server.ts).
 */
async function touchCatalogue(/** @type {string} */ base) {
  const headers = { apikey: "bench", "content-type": "application/json", "x-forwarded-for": "10.60.0.1" };
  const signIn = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: "bench@example.test", password: "bench-password-not-used" }),
  });
  if (!signIn.ok) throw new Error(`sign-in for the edit failed: ${signIn.status} ${await signIn.text()}`);
  const { access_token: token } = /** @type {{ access_token: string }} */ (await signIn.json());
  const auth = { ...headers, authorization: `Bearer ${token}` };
  const [row] = /** @type {{ id: string; price: number | null }[]} */ (
    await (await fetch(`${base}/rest/v1/real_estates?select=id,price&limit=1`, { headers: auth })).json()
  );
  if (!row) throw new Error("no property to edit");
  const patched = await fetch(`${base}/rest/v1/real_estates?id=eq.${row.id}`, { method: "PATCH", headers: auth, body: JSON.stringify({ price: row.price }) });
  if (!patched.ok) throw new Error(`the edit failed: ${patched.status} ${await patched.text()}`);
  await fetch(`${base}/auth/v1/logout?scope=local`, { method: "POST", headers: auth });
  // The page cache reads the version at most every 500 ms.
  await new Promise((r) => setTimeout(r, 600));
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  if (spawnSync("wrk", ["--version"], { encoding: "utf8" }).error) throw new Error("wrk is not installed (apt-get install wrk)");
  const forgetSignals = stopServersOnSignal();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-bench-uncached-"));
  const env = { TRUST_PROXY: "true" };
  seedDemoData({ properties: o.properties, dataDir, env });
  /** @type {{ label: string; root: string }[]} */
  const sides = [{ label: "this", root: projectRoot }, ...(o.vs ? [{ label: "vs", root: o.vs }] : [])];
  /** @type {{ label: string; root: string; server: Awaited<ReturnType<typeof startSeededServer>>; dataDir: string }[]} */
  const servers = [];
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    settings: serverSettings(),
    connections: o.connections,
    duration: o.duration,
    sides: sides.map((s) => ({
      label: s.label,
      root: s.root,
      commit: spawnSync("git", ["-C", s.root, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim(),
    })),
    /** @type {{ round: number; kind: string; side: string; result: Result }[]} */ runs: [],
  };
  /** @type {string[]} */
  let dirs = [];
  try {
    // Each server its own copy of the one seeded folder (the same catalogue), made before any server holds its lock.
    dirs = sides.map((_, i) => {
      if (i === 0) return dataDir;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-bench-uncached-"));
      fs.cpSync(dataDir, dir, { recursive: true });
      return dir;
    });
    for (const [i, side] of sides.entries()) {
      const dir = /** @type {string} */ (dirs[i]);
      const profDir = o.cpuProf ? path.join(o.cpuProf, side.label) : undefined;
      if (profDir) fs.mkdirSync(profDir, { recursive: true });
      const server = await startSeededServer({
        port: o.port + i,
        properties: o.properties,
        dataDir: dir,
        seeded: true,
        env,
        tmpPrefix: "seaside-bench-uncached-",
        root: side.root,
        nodeArgs: profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : undefined,
      });
      servers.push({ ...side, server, dataDir: dir });
    }
    const pages = await pagesOf(servers[0]?.server.baseUrl ?? "");
    note(`${pages.location.length} location pages, ${pages.property.length} property pages`);
    // Warm-up: code paths, database pages, JIT (a few seconds of each kind on each server).
    let seed = 1_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
    for (const s of servers) {
      for (const kind of o.kinds) {
        await loadWithWrk(
          s.server.baseUrl,
          luaScript(pages[/** @type {"listing"} */ (kind)], kind !== "property", (seed += 1_000_000)),
          o.connections,
          3,
          s.server.pid,
        );
      }
    }
    for (let round = 1; round <= o.rounds; round++) {
      for (const kind of o.kinds) {
        const order = round % 2 === 1 ? servers : [...servers].reverse();
        for (const s of order) {
          if (kind === "property") await touchCatalogue(s.server.baseUrl);
          note(`Round ${round}/${o.rounds}: ${kind} on ${s.label} (${s.server.baseUrl}), ${o.duration} s…`);
          const result = await loadWithWrk(
            s.server.baseUrl,
            luaScript(pages[/** @type {"listing"} */ (kind)], kind !== "property", (seed += 1_000_000)),
            o.connections,
            o.duration,
            s.server.pid,
          );
          report.runs.push({ round, kind, side: s.label, result });
        }
      }
    }
  } finally {
    for (const s of servers) await s.server.close();
    for (const dir of new Set([dataDir, ...dirs])) fs.rmSync(dir, { recursive: true, force: true });
    forgetSignals();
  }

  const out = (/** @type {string} */ s = "") => process.stdout.write(`${s}\n`);
  out(
    `Uncached renders — ${report.date}, ${report.machine.cpus} CPUs, wrk -t1 -c${o.connections}, ${o.duration} s per kind and round, ${o.properties} listings, PGlite`,
  );
  out(`Server: ${report.settings}; TRUST_PROXY=true, a visitor address per request.`);
  for (const side of report.sides) out(`${side.label}: ${side.root} (${side.commit})`);
  const head = `${pad("round", 6)} ${pad("kind", 9)} ${pad("side", 5)} ${padL("req/s", 8)} ${padL("p50 ms", 8)} ${padL("p99 ms", 8)} ${padL("uncached", 9)} ${padL("non-200", 8)} ${padL("errors", 7)} ${padL("load", 5)} ${padL("CPU ms/req", 11)}`;
  out(head);
  out("-".repeat(head.length));
  for (const run of report.runs) {
    const r = run.result;
    const answered = r.hit + r.miss + r.other;
    out(
      `${pad(String(run.round), 6)} ${pad(run.kind, 9)} ${pad(run.side, 5)} ${padL(r.rps.toFixed(1), 8)} ${padL(r.p50.toFixed(1), 8)} ${padL(r.p99.toFixed(1), 8)} ${padL(`${((100 * (answered - r.hit)) / Math.max(1, answered)).toFixed(0)} %`, 9)} ${padL(String(r.non200), 8)} ${padL(String(r.errors), 7)} ${padL(r.load.toFixed(1), 5)} ${padL(r.cpuMsPerRequest.toFixed(2), 11)}`,
    );
  }
  if (servers.length > 1) {
    out();
    out("this/vs per round (same kind, back to back): requests/s, and the server's CPU time per request (vs/this: above 1 is less CPU)");
    for (const kind of o.kinds) {
      for (const [label, of] of /** @type {[string, (r: Result) => number][]} */ ([
        ["req/s", (r) => r.rps],
        ["CPU/req", (r) => 1 / r.cpuMsPerRequest],
      ])) {
        const ratios = [];
        for (let round = 1; round <= o.rounds; round++) {
          const a = report.runs.find((r) => r.round === round && r.kind === kind && r.side === "this")?.result;
          const b = report.runs.find((r) => r.round === round && r.kind === kind && r.side === "vs")?.result;
          ratios.push(a && b ? of(a) / of(b) : NaN);
        }
        const sorted = [...ratios].sort((x, y) => x - y);
        out(
          `${pad(kind, 9)} ${pad(label, 8)} ${ratios.map((r) => r.toFixed(2)).join("  ")} → median ${(sorted[Math.floor(sorted.length / 2)] ?? NaN).toFixed(2)}×`,
        );
      }
    }
  }
  if (o.json) {
    fs.mkdirSync(path.dirname(o.json), { recursive: true });
    fs.writeFileSync(o.json, `${JSON.stringify(report, null, 2)}\n`);
    note(`Wrote ${o.json}`);
  }
}

await main();
