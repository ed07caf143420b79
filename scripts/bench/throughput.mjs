/**
 * Public page throughput and memory (DESIGN §11): requests/s and latency of
 * server-rendered pages against a static file, and the server's RSS idle and
 * after load.
 *
 *   node scripts/bench/throughput.mjs [options]
 *
 * Without --url it seeds a temporary data folder (PGlite) with demo listings,
 * starts the production build (server/main.js) on 127.0.0.1, loads it, and
 * stops it. Load: Debian's `wrk` when installed (apt-get install wrk), else a
 * bounded Node loop (fetch, same concurrency and duration). Every request
 * says `Accept-Encoding: gzip, deflate, br`, like a browser, so compression
 * is part of the cost. The load generator runs on the same machine as the
 * server: on few cores it takes CPU from it.
 *
 * Each page is loaded twice: as an anonymous visitor (answered from the
 * in-process HTML cache, X-Page-Cache: HIT) and with a cookie that the cache
 * does not serve (`Cookie: bench=1`: rendered on every request, as for a
 * signed-in administrator). The hashed script is loaded compressed (the
 * pre-compressed .br file) and with `Accept-Encoding: identity`.
 *
 * nginx (DESIGN §11: cached pages reach ≥ 50 % of nginx serving the same
 * bytes): when /usr/sbin/nginx is installed (apt-get install nginx-light
 * libnginx-mod-http-brotli-static), the bytes each cached page was sent with
 * (brotli, gzip and plain, fetched from the server) are written as static
 * files and served by nginx on 127.0.0.1 (port + 10; gzip_static and
 * brotli_static, sendfile, the access log on as in nginx's default
 * configuration (issue 32: both sides log), `worker_processes` 1 like the
 * single Node process, or --nginx-workers). Then, per path, the server and
 * nginx are loaded in turn, --rounds times (default 3): each pair runs
 * back to back, so both meet the same machine load, and the median of the
 * per-round ratios is printed.
 *
 * Options:
 *   --url http://127.0.0.1:PORT   a running server (only 127.0.0.1 / localhost; RSS is then not measured)
 *   --port N                      port of the server this script starts (default 9520)
 *   --properties N                demo listings (default 200)
 *   --data-dir DIR                seed/reuse this data folder (kept) instead of a temporary one
 *   --database-url postgres://…   run the server on this PostgreSQL database (seeded first) instead of PGlite
 *   --connections N               concurrent connections (default 32)
 *   --duration S                  seconds per target (default 10, at most 60)
 *   --paths a,b,…                 targets (default: /, /properties, /bg/properties, a property page, a hashed asset)
 *   --node                        use the Node loop even when wrk is installed
 *   --no-nginx                    skip the nginx comparison
 *   --server-processes N          SERVER_PROCESSES of the server this script starts (default 1; more needs --database-url)
 *   --nginx-workers N             nginx worker processes (default 1; compare like with like: as many as server processes)
 *   --threads N                   wrk threads (default 1)
 *   --rounds N                    server/nginx pairs per path (default 3)
 *   --json FILE                   write every figure as JSON
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { memoryOf, serverSettings, startSeededServer, stopServersOnSignal } from "../harness/server.mjs";
import { runWrk } from "../harness/wrk.mjs";
import { localUrl, readOptions } from "./options.mjs";

const ACCEPT_ENCODING = "gzip, deflate, br";
/** A cookie other than the language choice: the HTML cache does not answer such requests. */
const BYPASS_COOKIE = "bench=1";

function parseOptions(/** @type {string[]} */ argv) {
  const o = {
    /** @type {string | undefined} */ url: undefined,
    port: 9520,
    properties: 200,
    /** @type {string | undefined} */ dataDir: undefined,
    /** @type {string | undefined} */ databaseUrl: undefined,
    connections: 32,
    duration: 10,
    /** @type {string[] | undefined} */ paths: undefined,
    node: false,
    nginx: true,
    nginxWorkers: 1,
    serverProcesses: 1,
    threads: 1,
    rounds: 3,
    /** @type {string | undefined} */ json: undefined,
  };
  readOptions(argv, import.meta.url, ({ value, whole, postgresUrl, list }) => ({
    "--json": () => (o.json = path.resolve(value())),
    "--url": () => (o.url = localUrl(value())),
    "--port": () => (o.port = whole(1, 65535)),
    "--properties": () => (o.properties = whole(0, 1_000_000)),
    "--data-dir": () => (o.dataDir = path.resolve(value())),
    "--database-url": () => (o.databaseUrl = postgresUrl()),
    "--connections": () => (o.connections = whole(1, 256)),
    "--duration": () => (o.duration = whole(1, 60)),
    "--paths": () => (o.paths = list()),
    "--node": () => (o.node = true),
    "--no-nginx": () => (o.nginx = false),
    "--nginx-workers": () => (o.nginxWorkers = whole(1, 64)),
    "--server-processes": () => (o.serverProcesses = whole(1, 64)),
    "--threads": () => (o.threads = whole(1, 16)),
    "--rounds": () => (o.rounds = whole(1, 20)),
  }));
  if (o.serverProcesses > 1 && !o.databaseUrl) throw new Error("--server-processes above 1 needs --database-url (PGlite: one process)");
  return o;
}

const note = (/** @type {string} */ s) => process.stderr.write(`${s}\n`);
const pad = (/** @type {string} */ s, /** @type {number} */ n) => (s.length >= n ? s : s + " ".repeat(n - s.length));
const padL = (/** @type {string} */ s, /** @type {number} */ n) => (s.length >= n ? s : " ".repeat(n - s.length) + s);

/**
 * A GET that tries again once: a kept-alive socket the server closed while
 * the load ran (its keep-alive timeout) fails the first use.
 * @param {string} url
 * @param {string} [cookie]
 * @param {string} [acceptEncoding]
 */
async function fetchRetry(url, cookie = "", acceptEncoding = ACCEPT_ENCODING) {
  const headers = { "accept-encoding": acceptEncoding, ...(cookie ? { cookie } : {}) };
  try {
    return await fetch(url, { headers });
  } catch {
    return fetch(url, { headers });
  }
}

// ---------------------------------------------------------------------------
// nginx serving the same bytes

const NGINX = "/usr/sbin/nginx";
const BROTLI_STATIC = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

/** A GET whose body stays as sent (fetch would decode it). */
/** @returns {Promise<{ encoding: string; body: Buffer }>} */
function rawGet(/** @type {string} */ url, /** @type {string} */ acceptEncoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on("data", (/** @type {Buffer} */ chunk) => chunks.push(chunk));
        response.on("end", () => resolve({ encoding: response.headers["content-encoding"] ?? "identity", body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** @type {{ child: import("node:child_process").ChildProcess; dir: string } | undefined} */
let nginx;

/**
 * Writes what the server sends for each path (plain, and its own brotli and
 * gzip copies) as static files and starts nginx on them.
 * @param {string} base
 * @param {string[]} paths
 * @param {number} port
 * @param {number} workers
 * @returns {Promise<Map<string, string>>} path on the app → URL of the same bytes on nginx
 */
async function startNginx(base, paths, port, workers) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-bench-nginx-"));
  fs.chmodSync(dir, 0o755); // workers run as nobody
  const www = path.join(dir, "www");
  fs.mkdirSync(www, { mode: 0o755 });
  const urls = new Map();
  const brotli = fs.existsSync(BROTLI_STATIC);
  for (const [i, p] of paths.entries()) {
    const name = p.startsWith("/assets/") ? `asset-${i}${path.extname(p)}` : `page-${i}.html`;
    const plain = await rawGet(base + p, "identity");
    fs.writeFileSync(path.join(www, name), plain.body, { mode: 0o644 });
    /** @type {[string, string][]} */
    const copies = brotli
      ? [
          ["gzip", ".gz"],
          ["br", ".br"],
        ]
      : [["gzip", ".gz"]];
    for (const [encoding, ext] of copies) {
      const copy = await rawGet(base + p, encoding);
      if (copy.encoding !== encoding) throw new Error(`${p} was not sent with ${encoding}`);
      fs.writeFileSync(path.join(www, name + ext), copy.body, { mode: 0o644 });
    }
    urls.set(p, `http://127.0.0.1:${port}/${name}`);
  }
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `${brotli ? `load_module ${BROTLI_STATIC};\n` : ""}worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log error;
events { worker_connections 1024; }
http {
  types { text/html html; text/javascript js; text/css css; }
  access_log ${dir}/access.log combined;
  client_body_temp_path ${dir}/tmp-body; proxy_temp_path ${dir}/tmp-proxy; fastcgi_temp_path ${dir}/tmp-fastcgi;
  uwsgi_temp_path ${dir}/tmp-uwsgi; scgi_temp_path ${dir}/tmp-scgi;
  sendfile on; tcp_nopush on; tcp_nodelay on;
  keepalive_timeout 65; keepalive_requests 1000000;
  gzip_static on;${brotli ? " brotli_static on;" : ""}
  server {
    listen 127.0.0.1:${port};
    root ${www};
    location / { add_header Cache-Control no-cache; add_header Vary "Cookie, Accept-Encoding"; }
  }
}
`,
  );
  const child = spawn(NGINX, ["-p", dir, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "inherit"] });
  nginx = { child, dir };
  const deadline = Date.now() + 10_000;
  for (const url of urls.values()) {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}) — is port ${port} free?`);
      const ok = await fetch(url).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`nginx did not serve ${url} within 10 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  note(`nginx ${nginx.child.pid} on 127.0.0.1:${port}, ${workers} worker(s), brotli_static ${brotli ? "on" : "not installed"}`);
  return urls;
}

async function stopNginx() {
  const current = nginx;
  nginx = undefined;
  if (!current) return;
  if (current.child.exitCode === null) {
    const exited = new Promise((resolve) => current.child.once("exit", resolve));
    current.child.kill("SIGQUIT");
    await exited;
  }
  fs.rmSync(current.dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------
// Load

/**
 * @typedef {{ tool: string; requests: number; rps: number; p50: number; p99: number; errors: number; non2xx: number; bytesPerSec: number }} LoadResult
 */

/** wrk's duration strings (e.g. 512.34us, 3.21ms, 1.02s) in ms. */
function wrkMs(/** @type {string} */ s) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(s.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === "us" ? n / 1000 : m[2] === "ms" ? n : m[2] === "s" ? n * 1000 : n * 60_000;
}

/** wrk's threads (--threads). */
let wrkThreads = 1;

/**
 * @param {string} url
 * @param {number} connections
 * @param {number} duration
 * @param {string} [acceptEncoding]
 * @param {string} [cookie]
 * @returns {Promise<LoadResult>}
 */
async function loadWithWrk(url, connections, duration, acceptEncoding = ACCEPT_ENCODING, cookie = "") {
  const headers = ["-H", `Accept-Encoding: ${acceptEncoding}`, ...(cookie ? ["-H", `Cookie: ${cookie}`] : [])];
  // Not spawnSync: this process reads the server's stdout (its access log, as journald or docker would), and a
  // blocked event loop would leave that pipe full and the server waiting to write.
  const { out, num, socketErrors } = await runWrk(
    [`-t${wrkThreads}`, `-c${connections}`, `-d${duration}s`, "--latency", "--timeout", "10s", ...headers, url],
    duration,
  );
  const transfer = /Transfer\/sec:\s+([\d.]+)(B|KB|MB|GB)/.exec(out);
  const unit = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };
  return {
    tool: "wrk",
    requests: num(/(\d+) requests in/),
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    p50: wrkMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? ""),
    p99: wrkMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ""),
    errors: socketErrors,
    non2xx: num(/Non-2xx or 3xx responses: (\d+)/) || 0,
    bytesPerSec: transfer ? Number(transfer[1]) * unit[/** @type {keyof typeof unit} */ (transfer[2])] : NaN,
  };
}

/**
 * A bounded loop: `connections` workers, each fetching in turn until the time is up.
 * @param {string} url
 * @param {number} connections
 * @param {number} duration
 * @param {string} [acceptEncoding]
 * @param {string} [cookie]
 * @returns {Promise<LoadResult>}
 */
async function loadWithNode(url, connections, duration, acceptEncoding = ACCEPT_ENCODING, cookie = "") {
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  let bytes = 0;
  const started = performance.now();
  const end = started + duration * 1000;
  const maxRequests = 2_000_000;
  const worker = async () => {
    while (performance.now() < end && latencies.length + errors < maxRequests) {
      const t0 = performance.now();
      try {
        const headers = { "accept-encoding": acceptEncoding, ...(cookie ? { cookie } : {}) };
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
        const body = await res.arrayBuffer();
        bytes += body.byteLength;
        if (res.status >= 400) non2xx++;
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (/** @type {number} */ p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN;
  return {
    tool: "node fetch",
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: at(50),
    p99: at(99),
    errors,
    non2xx,
    bytesPerSec: bytes / seconds,
  };
}

// ---------------------------------------------------------------------------

async function main() {
  const o = parseOptions(process.argv.slice(2));
  wrkThreads = o.threads;
  const forgetSignals = stopServersOnSignal();
  const useWrk = !o.node && spawnSync("wrk", ["--version"], { encoding: "utf8" }).error === undefined;

  /** @type {Awaited<ReturnType<typeof startSeededServer>> | undefined} */
  let started;
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? "", node: process.version, loadAverage: os.loadavg() },
    database: o.databaseUrl ? "postgres" : "pglite",
    tool: useWrk ? "wrk -t1" : "node fetch loop",
    connections: o.connections,
    duration: o.duration,
    /** @type {{ idleMb: number; afterLoadMb: number; peakMb: number } | null} */ memory: null,
    /** @type {{ path: string; kind: string; cache: string; bytes: number; encoding: string; result: LoadResult }[]} */ targets: [],
    /** @type {{ path: string; rounds: { app: LoadResult; nginx: LoadResult }[]; ratios: number[]; median: number }[]} */ comparisons: [],
  };
  try {
    let base = o.url;
    if (!base) {
      started = await startSeededServer({ ...o, tmpPrefix: "seaside-bench-throughput-" });
      base = started.baseUrl;
    }
    let paths = o.paths;
    if (!paths) {
      const html = await (await fetch(`${base}/properties`)).text();
      const property = /href="(\/(?!assets|upload|images|img|fonts|bg\/|properties|locations)[^/"?#]+\/[^/"?#]+)"/.exec(html)?.[1];
      // The client entry is named in the module script (started after the first paint: root.tsx).
      const asset = /(\/assets\/entry\.client-[\w-]+\.js)/.exec(html)?.[1] ?? /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
      paths = ["/", "/properties", "/bg/properties", ...(property ? [property] : []), ...(asset ? [asset] : [])];
    }
    // Warm-up: code paths, database pages, JIT.
    for (const p of paths) for (let i = 0; i < 20; i++) await (await fetchRetry(base + p)).arrayBuffer();
    const idle = started ? memoryOf(started.pid) : null;

    const load = (/** @type {string} */ p, /** @type {string} */ acceptEncoding, /** @type {string} */ cookie) =>
      useWrk
        ? loadWithWrk(new URL(p, base).href, o.connections, o.duration, acceptEncoding, cookie)
        : loadWithNode(base + p, o.connections, o.duration, acceptEncoding, cookie);
    for (const p of paths) {
      const kind = p.startsWith("/assets/") ? "static" : "SSR";
      // SSR: from the HTML cache (anonymous), then rendered every time (a cookie the cache does not serve).
      /** @type {{ cookie: string; acceptEncoding: string }[]} */
      const variants =
        kind === "SSR"
          ? [
              { cookie: "", acceptEncoding: ACCEPT_ENCODING },
              { cookie: BYPASS_COOKIE, acceptEncoding: ACCEPT_ENCODING },
            ]
          : [
              { cookie: "", acceptEncoding: ACCEPT_ENCODING },
              { cookie: "", acceptEncoding: "identity" },
            ];
      for (const { cookie, acceptEncoding } of variants) {
        const probe = await fetchRetry(base + p, cookie, acceptEncoding);
        const body = await probe.arrayBuffer();
        const cache = kind === "SSR" ? (probe.headers.get("x-page-cache") ?? "none") : "–";
        note(`Loading ${p} (${kind}, cache ${cache}, Accept-Encoding: ${acceptEncoding}) for ${o.duration} s with ${o.connections} connections…`);
        const result = await load(p, acceptEncoding, cookie);
        report.targets.push({ path: p, kind, cache, bytes: body.byteLength, encoding: probe.headers.get("content-encoding") ?? "none", result });
      }
    }
    if (started && idle) {
      const after = memoryOf(started.pid);
      report.memory = { idleMb: idle.rssMb, afterLoadMb: after.rssMb, peakMb: after.peakMb };
    }
    if (o.nginx && fs.existsSync(NGINX)) {
      // The same bytes from nginx: each cached page (anonymous) and the script, compressed as the app sends them.
      const served = report.targets.filter((t) => (t.kind === "SSR" && t.cache === "HIT") || (t.kind === "static" && t.encoding !== "none")).map((t) => t.path);
      const urls = await startNginx(base, served, o.port + 10, o.nginxWorkers);
      for (const [p, url] of urls) {
        const probe = await fetchRetry(url);
        const body = await probe.arrayBuffer();
        /** @type {{ app: LoadResult; nginx: LoadResult }[]} */
        const rounds = [];
        for (let round = 1; round <= o.rounds; round++) {
          note(`Round ${round}/${o.rounds}: ${p} from the server, then from nginx (${url}), ${o.duration} s each…`);
          const app = await load(p, ACCEPT_ENCODING, "");
          const fromNginx = useWrk ? await loadWithWrk(url, o.connections, o.duration) : await loadWithNode(url, o.connections, o.duration);
          rounds.push({ app, nginx: fromNginx });
        }
        const ratios = rounds.map((r) => r.app.rps / r.nginx.rps).sort((a, b) => a - b);
        const median = ratios[Math.floor(ratios.length / 2)] ?? NaN;
        const middle = rounds.find((r) => r.app.rps / r.nginx.rps === median) ?? rounds[0];
        report.targets.push({
          path: p,
          kind: "nginx",
          cache: "–",
          bytes: body.byteLength,
          encoding: probe.headers.get("content-encoding") ?? "none",
          result: /** @type {LoadResult} */ (middle?.nginx),
        });
        report.comparisons.push({ path: p, rounds, ratios, median });
      }
    } else if (o.nginx) {
      note(`${NGINX} is not installed: no nginx comparison (apt-get install nginx-light libnginx-mod-http-brotli-static).`);
    }
  } finally {
    await stopNginx();
    await started?.close();
    forgetSignals();
  }

  const out = (/** @type {string} */ s = "") => process.stdout.write(`${s}\n`);
  out(
    `Throughput — ${report.date.slice(0, 10)}, ${report.machine.cpus} CPUs (${report.machine.cpuModel}), ${report.tool}, ${o.connections} connections, ${o.duration} s each, Accept-Encoding: ${ACCEPT_ENCODING}`,
  );
  out(
    `Server: ${o.url ? `the running server at ${o.url}` : serverSettings()}. nginx: access log on (combined format, one write per request, as its default configuration).`,
  );
  const head = `${pad("path", 44)} ${pad("kind", 6)} ${pad("cache", 6)} ${padL("decoded", 8)} ${pad(" enc", 5)} ${padL("req/s", 8)} ${padL("p50 ms", 8)} ${padL("p99 ms", 8)} ${padL("errors", 7)}`;
  out(head);
  out("-".repeat(head.length));
  for (const t of report.targets) {
    const r = t.result;
    out(
      `${pad(t.path.length > 44 ? `${t.path.slice(0, 41)}…` : t.path, 44)} ${pad(t.kind, 6)} ${pad(t.cache, 6)} ${padL(`${(t.bytes / 1024).toFixed(1)}K`, 8)} ${pad(` ${t.encoding}`, 5)} ${padL(r.rps.toFixed(0), 8)} ${padL(r.p50.toFixed(1), 8)} ${padL(r.p99.toFixed(1), 8)} ${padL(String(r.errors + r.non2xx), 7)}`,
    );
  }
  const staticRps = report.targets.find((t) => t.kind === "static" && t.encoding !== "none")?.result.rps;
  if (staticRps) {
    for (const cache of ["HIT", "BYPASS"]) {
      const rows = report.targets.filter((t) => t.kind === "SSR" && (cache === "HIT" ? t.cache === "HIT" : t.cache !== "HIT"));
      if (rows.length === 0) continue;
      out(
        `SSR pages ${cache === "HIT" ? "from the HTML cache" : "rendered"} reach ${rows
          .map((t) => `${t.path} ${((100 * t.result.rps) / staticRps).toFixed(1)} %`)
          .join(", ")} of the static file's requests/s (pre-compressed brotli, sent from memory: server/build-assets.ts).`,
      );
    }
  }
  if (report.comparisons.length > 0) {
    out();
    out(
      `Against nginx serving the same bytes (${o.nginxWorkers} worker${o.nginxWorkers > 1 ? "s" : ""}; ${o.rounds} rounds, each the server then nginx, back to back; DESIGN §11: cached pages ≥ 50 %)`,
    );
    for (const c of report.comparisons) {
      out(
        `${pad(c.path.length > 44 ? `${c.path.slice(0, 41)}…` : c.path, 44)} ${c.rounds.map((r) => `${r.app.rps.toFixed(0)}/${r.nginx.rps.toFixed(0)}`).join("  ")} req/s → median ${(100 * c.median).toFixed(0)} %`,
      );
    }
  }
  if (report.memory) {
    out(
      `Server RSS (${o.databaseUrl ? "PostgreSQL" : "PGlite"}): idle ${report.memory.idleMb.toFixed(0)} MB, after load ${report.memory.afterLoadMb.toFixed(0)} MB, peak ${report.memory.peakMb.toFixed(0)} MB.`,
    );
  }
  if (o.json) {
    fs.mkdirSync(path.dirname(o.json), { recursive: true });
    fs.writeFileSync(o.json, `${JSON.stringify(report, null, 2)}\n`);
    note(`Wrote ${o.json}`);
  }
}

await main();
