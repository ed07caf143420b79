/**
 * Starting the production build (`node server/main.js`) on 127.0.0.1 for
 * tests and benchmarks: free ports, the start and its wait, the stop, and the
 * server's memory read from /proc. Plain JavaScript so that benchmarks run
 * by `node` and tests run by vitest import the same file.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "../..");
const note = (/** @type {string} */ s) => process.stderr.write(`${s}\n`);

/** Whether nothing listens on 127.0.0.1:`port` right now. */
export function portFree(/** @type {number} */ port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * A port in [from, to] nothing listens on right now (127.0.0.1): each test
 * file has its own range, so parallel files and other servers do not collide.
 * Without a range, one the system picks.
 * @param {number} [from]
 * @param {number} [to]
 * @returns {Promise<number>}
 */
export async function freePort(from, to) {
  if (from === undefined || to === undefined) {
    return new Promise((resolve, reject) => {
      const probe = net.createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const { port } = /** @type {net.AddressInfo} */ (probe.address());
        probe.close(() => resolve(port));
      });
    });
  }
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    if (await portFree(port)) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/**
 * Polls until `predicate` holds; on timeout the error names `what` (a function, to include output gathered meanwhile).
 * @param {() => boolean} predicate
 * @param {number} ms
 * @param {string | (() => string)} what
 */
export async function waitFor(predicate, ms, what, pollMs = 25) {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${typeof what === "function" ? what() : what}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/**
 * SIGTERM, and SIGKILL if it has not exited after `killAfterMs`; resolves once it has exited.
 * @param {import("node:child_process").ChildProcess} child
 */
export async function stopProcess(child, killAfterMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
  await exited;
  clearTimeout(timer);
}

/** @type {Set<import("node:child_process").ChildProcess>} */
const running = new Set();

/**
 * Until the returned function is called, SIGINT and SIGTERM stop every server
 * started here, then exit with 130: a benchmark interrupted half-way leaves
 * no server behind.
 */
export function stopServersOnSignal() {
  const onSignal = () => {
    note("Interrupted: stopping the server…");
    Promise.all([...running].map((child) => stopProcess(child))).finally(() => process.exit(130));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  };
}

/**
 * @typedef {object} RunningServer
 * @property {string} baseUrl
 * @property {number} port
 * @property {import("node:child_process").ChildProcess} child
 * @property {number} pid
 * @property {() => string} output Everything the server printed so far (stderr too, unless it is passed through).
 * @property {() => Promise<void>} stop SIGTERM (SIGKILL after 15 s) if it still runs.
 */

const MAX_OUTPUT_CHARS = 16 * 1024 * 1024;

/**
 * Starts the build (`node server/main.js`) on 127.0.0.1:`port` with
 * NODE_ENV=production, `dataDir` and `databaseUrl` (none: PGlite in the data
 * folder), and waits until it prints "Listening on" (once every server
 * process listens) — and, with `healthz`, answers /healthz. Fails with its
 * output if it exits first or takes longer than `startTimeoutMs`, and is not
 * left running then.
 *
 * `logFile`: its stdout (the access log) is appended to that file, as
 * `npm run serve >> access.log` would, instead of being read by this process
 * (a benchmark's own CPU is then not spent reading it); it then counts as
 * listening once /healthz answers.
 *
 * `root`: the checkout whose build runs (default: this one; a benchmark
 * compares another commit's build in the same run); `nodeArgs`: options for
 * node before the script (`--cpu-prof` …).
 * @param {{ port: number; dataDir: string; databaseUrl?: string; env?: NodeJS.ProcessEnv; startTimeoutMs?: number; healthz?: boolean; stderr?: "capture" | "inherit"; logFile?: string; root?: string; nodeArgs?: string[] }} o
 * @returns {Promise<RunningServer>}
 */
export async function startServer(o) {
  const baseUrl = `http://127.0.0.1:${o.port}`;
  let output = "";
  const logFd = o.logFile ? fs.openSync(o.logFile, "a") : undefined;
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), "server/main.js"], {
    cwd: o.root ?? projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(o.port),
      HOST: "127.0.0.1",
      DATA_DIR: o.dataDir,
      DATABASE_URL: o.databaseUrl ?? "",
      LOG_LEVEL: process.env.LOG_LEVEL || "info",
      ...o.env,
    },
    stdio: ["ignore", logFd ?? "pipe", o.stderr === "inherit" ? "inherit" : "pipe"],
  });
  if (logFd !== undefined) fs.closeSync(logFd);
  running.add(child);
  child.once("exit", () => running.delete(child));
  // A benchmark's server writes an access line per request: keep the last few MB, not all of them.
  const collect = (/** @type {Buffer} */ d) => {
    output += d;
    if (output.length > MAX_OUTPUT_CHARS) output = output.slice(-MAX_OUTPUT_CHARS / 2);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  /** What it printed: read here, or the end of its log file. */
  const everything = () => (o.logFile ? tailOf(o.logFile) + output : output);
  const stop = () => stopProcess(child);
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const healthz = o.healthz || logFd !== undefined;
  let healthy = !healthz;
  if (healthz) {
    // Asked in the background while the wait below polls.
    void (async () => {
      while (!healthy && !ended()) {
        healthy = await fetch(`${baseUrl}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!healthy) await new Promise((r) => setTimeout(r, 250));
      }
    })();
  }
  try {
    await waitFor(
      () => ((logFd !== undefined || output.includes("Listening on")) && healthy) || ended(),
      o.startTimeoutMs ?? 60_000,
      () => `the server to listen; output:\n${everything()}`,
    );
  } catch (error) {
    // Not left running (holding its port and data folder) after a start that took too long.
    await stop();
    throw error;
  }
  if (ended()) {
    await stop();
    throw new Error(`server did not start (is port ${o.port} free?):\n${everything()}`);
  }
  return { baseUrl, port: o.port, child, pid: /** @type {number} */ (child.pid), output: everything, stop };
}

/** The last 64 KB of a file ("" if it cannot be read). */
function tailOf(/** @type {string} */ file) {
  try {
    const fd = fs.openSync(file, "r");
    try {
      const size = fs.fstatSync(fd).size;
      const buffer = Buffer.alloc(Math.min(size, 64 * 1024));
      fs.readSync(fd, buffer, 0, buffer.length, size - buffer.length);
      return buffer.toString("utf8");
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return "";
  }
}

/** Throws unless there is a build to start (`npm run build`) in `root` (default: this checkout). */
export function requireBuild(hint = 'run "npm run build" first', root = projectRoot) {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error(`No build in ${root}: ${hint}`);
}

/** glibc's allocator settings `npm run serve` and the deploy files set (decision 0022), unless this environment names them. */
/** @type {Record<string, string>} */
const MALLOC_DEFAULTS = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" };
const MALLOC_SETTINGS = Object.fromEntries(Object.entries(MALLOC_DEFAULTS).map(([name, value]) => [name, process.env[name] || value]));

/** Settings that change how fast or how big the server is: a run with any of them set is not the default configuration. */
const PERFORMANCE_SETTINGS = [
  "LOG_LEVEL",
  "LOG_FORMAT",
  "NODE_OPTIONS",
  "DATABASE_POOL_SIZE",
  "MALLOC_ARENA_MAX",
  "MALLOC_MMAP_THRESHOLD_",
  "MALLOC_TRIM_THRESHOLD_",
];

/**
 * How a benchmark's server runs, for its report (issue 32: a benchmark
 * measures what users run, and a run with other settings says so).
 * @param {NodeJS.ProcessEnv} [env]
 */
export function serverSettings(env = process.env) {
  const changed = PERFORMANCE_SETTINGS.filter((name) => env[name] !== undefined && env[name] !== "" && env[name] !== (MALLOC_DEFAULTS[name] ?? ""));
  return changed.length === 0
    ? "default settings, as `npm run serve` and the deploy files run it (access log on, written to a file)"
    : `NOT the default settings: ${changed.map((name) => `${name}=${env[name]}`).join(" ")}`;
}

/**
 * For the benchmarks: seeds `properties` demo listings (scripts/seed-demo.ts,
 * which runs and exits first: one process per PGlite data folder) into
 * `dataDir` (a temporary folder when none is given) or the PostgreSQL
 * database of `databaseUrl`, then starts the build there as `npm run serve`
 * and the deploy files run it (issue 32: default settings, the access log on
 * written to a file in its data folder as nginx writes its own, the allocator settings), with no backups and an
 * administrator nobody signs in as, and waits for /healthz. A setting from
 * the environment (LOG_LEVEL=error …) is passed on: `serverSettings()` names
 * it, so a run with other settings is labelled as such. The server's stderr
 * passes through. `seeded`: the data folder is seeded already (seedDemoData);
 * `root` and `nodeArgs` as for startServer.
 * @param {{ port: number; properties: number; dataDir?: string; databaseUrl?: string; serverProcesses?: number; env?: NodeJS.ProcessEnv; tmpPrefix: string; startTimeoutMs?: number; seeded?: boolean; root?: string; nodeArgs?: string[] }} o
 */
export async function startSeededServer(o) {
  requireBuild(undefined, o.root);
  const temporary = !o.dataDir;
  const dataDir = o.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), o.tmpPrefix));
  const env = benchEnv(o.env);
  if (!o.seeded) seedDemoData({ ...o, dataDir });
  const processes = o.serverProcesses ?? 1;
  const server = await startServer({
    port: o.port,
    dataDir,
    databaseUrl: o.databaseUrl,
    root: o.root,
    nodeArgs: o.nodeArgs,
    // As `npm run serve` and the deploy files run it: glibc's allocator settings (docs/decisions/0022-malloc-settings.md).
    env: { ...MALLOC_SETTINGS, ...env, SERVER_PROCESSES: String(processes) },
    healthz: true,
    stderr: "inherit",
    // The access log to a file, as nginx's in throughput.mjs: what the server writes, not what reading it costs here.
    logFile: path.join(dataDir, "server.log"),
    startTimeoutMs: o.startTimeoutMs,
  });
  note(`Server ${server.baseUrl} (pid ${server.pid}${processes > 1 ? `, ${processes} server processes` : ""})`);
  return {
    ...server,
    dataDir,
    temporary,
    /** Stops the server and removes the data folder if it was a temporary one. */
    async close() {
      await server.stop();
      if (temporary) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a benchmark's server and its seeding run with: no backups, an administrator nobody signs in as. */
function benchEnv(/** @type {NodeJS.ProcessEnv | undefined} */ extra) {
  return { BACKUP_INTERVAL_HOURS: "0", ADMIN_EMAIL: "bench@example.test", ADMIN_PASSWORD: "bench-password-not-used", ...extra };
}

/**
 * Seeds `properties` demo listings (scripts/seed-demo.ts, which runs and exits
 * first: one process per PGlite data folder) into `dataDir` or the PostgreSQL
 * database of `databaseUrl`.
 * @param {{ properties: number; dataDir: string; databaseUrl?: string; env?: NodeJS.ProcessEnv }} o
 */
export function seedDemoData(o) {
  note(`Seeding ${o.properties} demo listings in ${o.dataDir}…`);
  const seeded = spawnSync(path.join(projectRoot, "node_modules/.bin/tsx"), ["scripts/seed-demo.ts", "--properties", String(o.properties)], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: o.dataDir, DATABASE_URL: o.databaseUrl ?? "", LOG_LEVEL: "error", ...benchEnv(o.env) },
    stdio: ["ignore", "inherit", "inherit"],
    timeout: 10 * 60_000,
  });
  if (seeded.status !== 0) throw new Error("Seeding failed");
}

/** The ids of the processes whose parent is `pid` (a supervisor's web server processes). */
export function childrenOf(/** @type {number} */ pid) {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return new RegExp(`^PPid:\\s+${pid}$`, "m").test(fs.readFileSync(`/proc/${entry}/status`, "utf8"));
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** RSS and peak of the server: the process and, with several server processes, its children, summed. */
export function memoryOf(/** @type {number} */ pid) {
  let rssMb = 0;
  let peakMb = 0;
  for (const p of [pid, ...childrenOf(pid)]) {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, "utf8");
      const field = (/** @type {string} */ name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) / 1024;
      rssMb += field("VmRSS");
      peakMb += field("VmHWM");
    } catch {
      return { rssMb: NaN, peakMb: NaN };
    }
  }
  return { rssMb, peakMb };
}
