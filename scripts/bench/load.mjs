/**
 * Load and memory under abuse (issue 17, point 9). Prints figures beside
 * their targets; asserts nothing.
 *
 *   node scripts/bench/load.mjs [options]      (npm run bench:load -- …)
 *
 * Seeds a temporary data folder (PGlite; or the PostgreSQL database of
 * --database-url) with demo listings, starts the production build
 * (server/main.js) on 127.0.0.1 (scripts/harness/server.mjs, as
 * throughput.mjs does), then:
 *
 * (a) autocannon, --connections (100) for --duration seconds (60) on a mix
 *     of nine requests, taken in turn:
 *     - sent from the page cache: the listing, a property page (also with a
 *       cookie no page reads, as a proxy or analytics script sets), a
 *       Bulgarian location page, a sorted Bulgarian listing; and, from their
 *       second request on, a search for one of 12 words and any page of the
 *       catalogue (a page with a query string is kept from its second render);
 *     - answered by the database every time: the REST API's locations and a
 *       page of properties at a random offset.
 *     After --warmup seconds (10) of the same load (its RSS growth printed
 *     apart: the heap and the allocator growing to this load once):
 *     errors, non-2xx, p50/p99 latency, requests/s, the server's RSS before,
 *     half-way and after (the second half's growth tells a leak from the heap
 *     settling), and its growth. Meanwhile one more connection asks, one after
 *     the other, for searches nobody made before (a random word: rendered,
 *     never kept): how long a visitor with a new search waits under this load.
 * (b) --oversized (20) anonymous bodies of --oversized-mb (64) MB each, at
 *     once, to the contact forms (/?index, /bg?index, a property page) and the
 *     sign-in form: half chunked, half with Content-Length. Status and
 *     answer size of each, RSS before / peak / after (10 s after the burst:
 *     what stays once V8 has collected the dropped bodies), and whether /healthz
 *     kept answering meanwhile (probed every 500 ms). A body is given up
 *     once the server has answered; if the server's RSS passes --max-rss-mb
 *     (4096) the bodies are cut off, so a server without body limits cannot
 *     take the whole machine down (the figure then says so).
 *
 * (c) Fairness under abuse (issue 32): one address asks new filter values at
 *     full speed (--abuse-connections, default 20, for --abuse-duration s,
 *     default 20) while other visitors, each from its own address, ask new
 *     searches one after another: their p50/p99, and the abuser's statuses.
 *
 * The server runs behind a proxy as the deploy files run it (TRUST_PROXY=true):
 * every request of (a) names one of 1 000 visitors in X-Forwarded-For.
 *
 * Targets (issue 17): 0 errors, p99 < 500 ms, RSS growth < 50 MB in both;
 * (c) other visitors' p99 < 1 s (issue 32).
 * The load generator runs on the same machine as the server and takes CPU
 * from it: on two cores, the p99 is mostly the queue behind 100 connections.
 *
 * Options:
 *   --port N                  port of the server (default 9530)
 *   --properties N            demo listings (default 300)
 *   --database-url postgres://…  run the server on this PostgreSQL database (seeded first)
 *   --connections N           concurrent connections in (a) (default 100)
 *   --duration S              seconds of (a) (default 60)
 *   --warmup S                seconds of the same load before (a) is measured (default 10; 0: none)
 *   --oversized N             parallel bodies in (b) (default 20; 0 skips it)
 *   --oversized-mb N          size of each body in MB (default 64)
 *   --max-rss-mb N            cut (b) off when the server's RSS passes this (default 4096)
 *   --abuse-connections N     connections of the abusing address in (c) (default 20; 0 skips it)
 *   --abuse-duration S        seconds of (c) (default 20)
 *   --json FILE               write every figure as JSON
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { memoryOf, serverSettings, startSeededServer, stopServersOnSignal } from "../harness/server.mjs";
import { readOptions } from "./options.mjs";

function parseOptions(/** @type {string[]} */ argv) {
  const o = {
    port: 9530,
    properties: 300,
    /** @type {string | undefined} */ databaseUrl: undefined,
    connections: 100,
    duration: 60,
    warmup: 10,
    oversized: 20,
    oversizedMb: 64,
    maxRssMb: 4096,
    abuseConnections: 20,
    abuseDuration: 20,
    /** @type {string | undefined} */ json: undefined,
  };
  readOptions(argv, import.meta.url, ({ value, whole, postgresUrl }) => ({
    "--json": () => (o.json = path.resolve(value())),
    "--port": () => (o.port = whole(1, 65535)),
    "--properties": () => (o.properties = whole(1, 100_000)),
    "--database-url": () => (o.databaseUrl = postgresUrl()),
    "--connections": () => (o.connections = whole(1, 1000)),
    "--duration": () => (o.duration = whole(1, 3600)),
    "--warmup": () => (o.warmup = whole(0, 600)),
    "--oversized": () => (o.oversized = whole(0, 200)),
    "--oversized-mb": () => (o.oversizedMb = whole(1, 1024)),
    "--max-rss-mb": () => (o.maxRssMb = whole(256, 65536)),
    "--abuse-connections": () => (o.abuseConnections = whole(0, 1000)),
    "--abuse-duration": () => (o.abuseDuration = whole(1, 3600)),
  }));
  return o;
}

const note = (/** @type {string} */ s) => process.stderr.write(`${s}\n`);
const out = (/** @type {string} */ s = "") => process.stdout.write(`${s}\n`);
const mb = (/** @type {number} */ n) => `${n.toFixed(0)} MB`;
const verdict = (/** @type {boolean} */ ok) => (ok ? "ok" : "MISSED");
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
const WORDS = ["море", "дом", "вид", "балкон", "Созополь", "пляж", "парк", "sea", "тихо", "центр", "двор", "гараж"];
const pick = (/** @type {string[]} */ list) => list[Math.floor(Math.random() * list.length)] ?? "";
/** One of 1 000 visitors' addresses (10.20.x.y), as the proxy in front of the site would name them. */
const visitorAddress = () => {
  const n = Math.floor(Math.random() * 1000);
  return `10.20.${n >> 8}.${n & 255}`;
};

/** A property page's path and some REST facts, read from the running site. */
async function discover(/** @type {string} */ base) {
  const headers = { apikey: "seaside-anon-key" };
  const locations = /** @type {{ id: string; slug: string }[]} */ (await (await fetch(`${base}/rest/v1/locations?select=id,slug`, { headers })).json());
  const [property] = /** @type {{ slug: string; location_id: string }[]} */ (
    await (await fetch(`${base}/rest/v1/real_estates?select=slug,location_id&order=order&limit=1`, { headers })).json()
  );
  if (!property) throw new Error("No property was seeded");
  const location = locations.find((l) => l.id === property.location_id);
  // The catalogue's size (PostgREST's exact count in Content-Range: "0-0/300").
  const counted = await fetch(`${base}/rest/v1/real_estates?select=id&limit=1`, { headers: { ...headers, Prefer: "count=exact" } });
  const total = Number(/\/(\d+)$/.exec(counted.headers.get("content-range") ?? "")?.[1] ?? 10);
  return {
    total,
    propertyPath: `/${encodeURIComponent(location?.slug ?? "")}/${encodeURIComponent(property.slug)}`,
    locationPath: `/${encodeURIComponent(locations[0]?.slug ?? "")}`,
  };
}

/** (a) The request mix: each entry cached (the same URL every time) or uncached (a random query). */
function requestMix(/** @type {{ propertyPath: string; locationPath: string; total: number }} */ site) {
  const api = { apikey: "seaside-anon-key", "accept-encoding": "gzip, deflate, br" };
  const page = { "accept-encoding": "gzip, deflate, br", accept: "text/html" };
  /** @param {string} path @returns {(r: import("autocannon").Request) => import("autocannon").Request} */
  const at = (path) => (r) => ({ ...r, path, headers: { ...r.headers, "x-forwarded-for": visitorAddress() } });
  /** @type {import("autocannon").Request[]} */
  const mix = [
    { method: "GET", path: "/properties", headers: page },
    {
      method: "GET",
      path: "/properties",
      headers: page,
      // Page 1 of a search (a page past the last one redirects to it: not what is measured here).
      setupRequest: (r) => at(`/properties?search=${encodeURIComponent(pick(WORDS))}`)(r),
    },
    {
      method: "GET",
      path: "/properties",
      headers: page,
      // Any page of the whole catalogue but the first (10 a page; ?page=1 redirects to /properties).
      setupRequest: (r) => at(`/properties?page=${2 + Math.floor(Math.random() * Math.max(1, Math.floor(site.total / 10) - 1))}`)(r),
    },
    { method: "GET", path: site.propertyPath, headers: page },
    { method: "GET", path: site.propertyPath, headers: { ...page, cookie: "bench=1" } },
    { method: "GET", path: `/bg${site.locationPath}`, headers: page },
    { method: "GET", path: "/rest/v1/locations?select=*&order=order", headers: api },
    {
      method: "GET",
      path: "/rest/v1/real_estates",
      headers: api,
      setupRequest: (r) => at(`/rest/v1/real_estates?select=id,title,price,area&order=price.desc&limit=20&offset=${Math.floor(Math.random() * 280)}`)(r),
    },
    { method: "GET", path: "/bg/properties?sort=price-asc", headers: page },
  ];
  // Each request from one of many visitors, as the proxy in front of the site names them (TRUST_PROXY, deploy files).
  return mix.map((r) => ({ ...r, setupRequest: r.setupRequest ?? ((x) => ({ ...x, headers: { ...x.headers, "x-forwarded-for": visitorAddress() } })) }));
}

/** autocannon's answers by status, "200×123, 503×4" (it reports statusCodeStats; its type definitions do not name it). */
function statusesOf(/** @type {import("autocannon").Result} */ result) {
  return Object.entries(/** @type {{ statusCodeStats?: Record<string, { count: number }> }} */ (/** @type {unknown} */ (result)).statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(", ");
}

/**
 * Visitors, one after another until `stop()`, each asking a search nobody
 * made before (a random word), from the address `addressOf(n)` gives the
 * n-th (undefined: the benchmark's own). `done()` resolves to how many
 * asked, their statuses and p50/p99/max in ms.
 * @param {string} base
 * @param {(n: number) => string | undefined} addressOf
 */
function searchingVisitors(base, addressOf) {
  let running = true;
  /** @type {number[]} */
  const times = [];
  const statuses = new Map();
  const loop = (async () => {
    for (let n = 1; running; n++) {
      const address = addressOf(n);
      const started = performance.now();
      const status = await fetch(`${base}/properties?search=${Math.random().toString(36).slice(2, 8)}`, {
        headers: { "accept-encoding": "gzip, deflate, br", ...(address ? { "x-forwarded-for": address } : {}) },
        signal: AbortSignal.timeout(10_000),
      }).then(
        async (r) => (await r.arrayBuffer(), r.status),
        () => 0,
      );
      times.push(performance.now() - started);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  })();
  return {
    stop: () => (running = false),
    async done() {
      await loop;
      times.sort((a, b) => a - b);
      const at = (/** @type {number} */ q) => Math.round(times[Math.min(times.length - 1, Math.floor((q / 100) * times.length))] ?? 0);
      return {
        requests: times.length,
        statuses: [...statuses].map(([code, count]) => `${code}×${count}`).join(", "),
        p50: at(50),
        p99: at(99),
        max: Math.round(times.at(-1) ?? 0),
      };
    },
  };
}

async function runLoad(/** @type {string} */ base, /** @type {number} */ pid, /** @type {ReturnType<typeof parseOptions>} */ o) {
  const site = await discover(base);
  // Warm the caches once, as a site that has been up a while has them.
  for (const r of requestMix(site)) await fetch(base + (r.path ?? "/"), { headers: r.headers }).then((x) => x.arrayBuffer());
  await sleep(1000);
  const atStart = memoryOf(pid);
  // The same load for a while first: the heap and the allocator grow to what this load needs once (printed apart).
  if (o.warmup > 0) {
    note(`(a) warm-up: ${o.connections} connections for ${o.warmup} s…`);
    await autocannon({ url: base, connections: o.connections, duration: o.warmup, requests: requestMix(site), timeout: 10 });
    await sleep(2000);
  }
  const before = memoryOf(pid);
  note(`(a) ${o.connections} connections for ${o.duration} s on the listing, a property page (${site.propertyPath}) and the REST API…`);
  let halfway = before;
  const halfTime = setTimeout(() => (halfway = memoryOf(pid)), (o.duration * 1000) / 2);
  // One visitor after another with a search nobody made before.
  const oneOff = searchingVisitors(base, () => undefined);
  const result = await autocannon({ url: base, connections: o.connections, duration: o.duration, requests: requestMix(site), timeout: 10 });
  oneOff.stop();
  clearTimeout(halfTime);
  const oneOffFigures = await oneOff.done();
  await sleep(2000);
  const after = memoryOf(pid);
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses: statusesOf(result),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rssAtStartMb: atStart.rssMb,
    rssBeforeMb: before.rssMb,
    rssHalfwayMb: halfway.rssMb,
    rssAfterMb: after.rssMb,
    peakMb: after.peakMb,
    growthMb: after.rssMb - before.rssMb,
    secondHalfGrowthMb: after.rssMb - halfway.rssMb,
    oneOff: oneOffFigures,
  };
}

/**
 * (c) Fairness under abuse (issue 32): one address asks listings with filter
 * values nobody asked before (a new price range and word each time) over
 * --abuse-connections connections at full speed for --abuse-duration
 * seconds; meanwhile other visitors, each from its own address, ask new
 * searches one after another. Their latency is what the target is about
 * (p99 < 1 s); the abuser's answers are counted by status (503: told to
 * come back).
 */
async function runAbuse(/** @type {string} */ base, /** @type {ReturnType<typeof parseOptions>} */ o) {
  const page = { "accept-encoding": "gzip, deflate, br", accept: "text/html", "x-forwarded-for": "10.66.6.6" };
  // Each new visitor from its own address.
  const visitors = searchingVisitors(base, (n) => `10.30.${(n >> 8) & 255}.${n & 255}`);
  const result = await autocannon({
    url: base,
    connections: o.abuseConnections,
    duration: o.abuseDuration,
    timeout: 10,
    requests: [
      {
        method: "GET",
        path: "/properties",
        headers: page,
        setupRequest: (r) => ({
          ...r,
          path: `/properties?price_min=${Math.floor(Math.random() * 200_000)}&search=${Math.random().toString(36).slice(2, 7)}`,
        }),
      },
    ],
  });
  visitors.stop();
  return {
    abuser: { requests: result.requests.total, statuses: statusesOf(result) },
    visitors: await visitors.done(),
  };
}

/**
 * (b) One oversized anonymous form post: `mb` MB of `message=aaaa…`, chunked
 * or with Content-Length, written as the socket drains. Ends at the answer
 * (the rest is not sent), at an error, or when `stop()` says so.
 */
function oversizedPost(
  /** @type {string} */ base,
  /** @type {string} */ target,
  /** @type {number} */ mb,
  /** @type {boolean} */ chunked,
  /** @type {() => boolean} */ stop,
) {
  const url = new URL(base + target);
  const total = mb * 1024 * 1024;
  const chunk = Buffer.alloc(64 * 1024, "a");
  const prefix = Buffer.from("name=Bench&email=bench%40example.com&message=");
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    const result = { target, chunked, status: 0, sentMb: 0, answerBytes: 0, error: "" };
    const req = http.request({
      host: url.hostname,
      port: url.port,
      method: "POST",
      path: url.pathname + url.search,
      headers: { "content-type": "application/x-www-form-urlencoded", ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(total) }) },
    });
    const finish = () => resolve({ ...result, sentMb: sent / 1024 / 1024 });
    req.on("response", (res) => {
      answered = true;
      result.status = res.statusCode ?? 0;
      res.on("data", (d) => (result.answerBytes += d.length));
      res.on("end", finish);
      res.on("error", finish);
    });
    req.on("error", (error) => {
      result.error ||= error.message;
      if (!answered) finish();
    });
    const write = () => {
      while (!answered && !stop()) {
        if (sent >= total) return void req.end();
        const piece = sent === 0 ? prefix : chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", write);
      }
      if (stop() && !answered) {
        result.error = "cut off (server RSS over --max-rss-mb)";
        req.destroy();
      }
    };
    write();
  });
}

async function runOversized(/** @type {string} */ base, /** @type {number} */ pid, /** @type {ReturnType<typeof parseOptions>} */ o) {
  const site = await discover(base);
  // The contact forms post to the index route (`?index`) and to the property page; the sign-in form to /admin/login.
  const targets = ["/?index", "/bg?index", site.propertyPath, "/admin/login"];
  await sleep(1000);
  const before = memoryOf(pid);
  let peak = before.rssMb;
  let overLimit = false;
  const probes = { sent: 0, ok: 0, maxMs: 0 };
  let running = true;
  const sampler = (async () => {
    while (running) {
      const rss = memoryOf(pid).rssMb;
      peak = Math.max(peak, rss);
      if (rss > o.maxRssMb) overLimit = true;
      await sleep(100);
    }
  })();
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      probes.sent++;
      const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      const ms = performance.now() - started;
      if (ok) probes.ok++;
      probes.maxMs = Math.max(probes.maxMs, ms);
      await sleep(Math.max(0, 500 - ms));
    }
  })();
  note(`(b) ${o.oversized} anonymous ${o.oversizedMb} MB bodies at once (${targets.join(", ")}; half chunked)…`);
  const started = performance.now();
  const posts = await Promise.all(
    Array.from({ length: o.oversized }, (_, i) => oversizedPost(base, targets[i % targets.length] ?? "/", o.oversizedMb, i % 2 === 0, () => overLimit)),
  );
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all([sampler, prober]);
  // What stays: V8's memory reducer collects the dropped bodies' buffers some seconds after the burst.
  await sleep(10_000);
  const after = memoryOf(pid);
  const alive = await fetch(`${base}/healthz`).then(
    (r) => r.status === 200,
    () => false,
  );
  return {
    seconds,
    posts,
    rssBeforeMb: before.rssMb,
    peakMb: Math.max(peak, after.rssMb),
    rssAfterMb: after.rssMb,
    growthMb: after.rssMb - before.rssMb,
    cutOff: overLimit,
    probes,
    aliveAfter: alive,
  };
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  stopServersOnSignal();
  /** @type {Awaited<ReturnType<typeof startSeededServer>> | undefined} */
  let started;
  /** @type {Record<string, unknown>} */
  const report = { options: o };
  try {
    // Behind a proxy as the deploy files run it (TRUST_PROXY=true): each request names its visitor in X-Forwarded-For.
    started = await startSeededServer({
      port: o.port,
      properties: o.properties,
      databaseUrl: o.databaseUrl,
      tmpPrefix: "seaside-bench-load-",
      env: { TRUST_PROXY: "true" },
    });
    const load = await runLoad(started.baseUrl, started.pid, o);
    report.load = load;
    const database = o.databaseUrl ? "PostgreSQL" : "PGlite";
    out(
      `\n(a) Load: ${o.connections} connections × ${o.duration} s, listing + property page + REST API, cached and uncached mix (${database}, ${o.properties} listings)`,
    );
    out(`  server: ${serverSettings()}`);
    out(`  requests ${load.requests}, ${load.rps.toFixed(0)} req/s`);
    out(
      `  errors ${load.errors}, timeouts ${load.timeouts}, non-2xx ${load.non2xx} (${load.statuses})        target 0: ${verdict(load.errors + load.timeouts + load.non2xx === 0)}`,
    );
    out(`  latency p50 ${load.p50} ms, p99 ${load.p99} ms, max ${load.max} ms        target p99 < 500 ms: ${verdict(load.p99 < 500)}`);
    if (o.warmup > 0) out(`  RSS at start ${mb(load.rssAtStartMb)}, after the ${o.warmup} s warm-up at this load ${mb(load.rssBeforeMb)} (not counted below)`);
    out(
      `  RSS before ${mb(load.rssBeforeMb)}, half-way ${mb(load.rssHalfwayMb)}, after ${mb(load.rssAfterMb)}, growth ${mb(load.growthMb)}, of it in the second half ${mb(load.secondHalfGrowthMb)} (peak ${mb(load.peakMb)})        target growth < 50 MB: ${verdict(load.growthMb < 50)}`,
    );
    out(
      `  meanwhile, new searches one after another: ${load.oneOff.requests} (${load.oneOff.statuses}), p50 ${load.oneOff.p50} ms, p99 ${load.oneOff.p99} ms, max ${load.oneOff.max} ms`,
    );
    if (o.abuseConnections > 0) {
      const abuse = await runAbuse(started.baseUrl, o);
      report.abuse = abuse;
      out(`\n(c) Abuse: one address walks new filter values over ${o.abuseConnections} connections for ${o.abuseDuration} s`);
      out(`  its requests: ${abuse.abuser.requests} (${abuse.abuser.statuses})`);
      out(
        `  meanwhile other visitors' new searches, one after another: ${abuse.visitors.requests} (${abuse.visitors.statuses}), p50 ${abuse.visitors.p50} ms, p99 ${abuse.visitors.p99} ms, max ${abuse.visitors.max} ms        target p99 < 1 s: ${verdict(abuse.visitors.p99 < 1000)}`,
      );
    }
    if (o.oversized > 0) {
      const big = await runOversized(started.baseUrl, started.pid, o);
      report.oversized = big;
      out(`\n(b) Oversized bodies: ${o.oversized} × ${o.oversizedMb} MB anonymous form posts at once (${big.seconds.toFixed(1)} s)`);
      for (const p of big.posts) {
        out(
          `  ${p.chunked ? "chunked       " : "Content-Length"} ${p.target.length > 40 ? `${p.target.slice(0, 37)}…` : p.target.padEnd(40)} → ${p.status || "no answer"} after ${p.sentMb.toFixed(1)} MB sent, answer ${p.answerBytes} bytes${p.error ? ` (${p.error})` : ""}`,
        );
      }
      out(
        `  RSS before ${mb(big.rssBeforeMb)}, peak ${mb(big.peakMb)}, after ${mb(big.rssAfterMb)}, growth ${mb(big.growthMb)}        target growth < 50 MB: ${verdict(big.growthMb < 50)}${big.cutOff ? `  (bodies cut off: RSS passed ${o.maxRssMb} MB)` : ""}`,
      );
      out(
        `  /healthz meanwhile: ${big.probes.ok}/${big.probes.sent} answered 200, slowest ${big.probes.maxMs.toFixed(0)} ms; after: ${big.aliveAfter ? "200" : "NOT answering"}`,
      );
    }
    // Issue 32: a 1 GB server is enough — the peak over everything above, and the memory at rest after start.
    const whole = memoryOf(started.pid);
    const peakTarget = o.databaseUrl ? 300 : 512;
    report.peakMb = whole.peakMb;
    out(
      `\nMemory (${database}): idle after start ${mb(load.rssAtStartMb)}        target ≤ ${o.databaseUrl ? 300 : 350} MB: ${verdict(load.rssAtStartMb <= (o.databaseUrl ? 300 : 350))}`,
    );
    out(`  peak over the whole run (VmHWM) ${mb(whole.peakMb)}        target ≤ ${peakTarget} MB: ${verdict(whole.peakMb <= peakTarget)}`);
  } finally {
    await started?.close();
  }
  if (o.json) {
    fs.mkdirSync(path.dirname(o.json), { recursive: true });
    fs.writeFileSync(o.json, `${JSON.stringify(report, null, 2)}\n`);
    note(`Wrote ${o.json}`);
  }
}

await main();
