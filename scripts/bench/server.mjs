/**
 * The benchmark scripts' server: seeds a data folder (or a PostgreSQL
 * database) with demo listings, starts the production build
 * (server/main.js) on 127.0.0.1, waits for /healthz, stops it, and reads
 * its memory from /proc. Shared by throughput.mjs and load.mjs.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const note = (/** @type {string} */ s) => process.stderr.write(`${s}\n`);

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

// ---------------------------------------------------------------------------

/** @type {import("node:child_process").ChildProcess | undefined} */
let server;

/** @param {{ port: number; properties: number; dataDir?: string; databaseUrl?: string; serverProcesses: number; env?: NodeJS.ProcessEnv; tmpPrefix?: string }} o */
export async function startServer(o) {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error('No build: run "npm run build" first');
  const temporary = !o.dataDir;
  const dataDir = o.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), o.tmpPrefix ?? "seaside-bench-throughput-"));
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(o.port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "error",
    BACKUP_INTERVAL_HOURS: "0",
    ADMIN_EMAIL: "bench@example.test",
    ADMIN_PASSWORD: "bench-password-not-used",
    ...o.env,
  };
  if (o.databaseUrl) env.DATABASE_URL = o.databaseUrl;
  else delete env.DATABASE_URL;
  note(`Seeding ${o.properties} demo listings in ${dataDir}…`);
  const seeded = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/seed-demo.ts", "--properties", String(o.properties)], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
    timeout: 10 * 60_000,
  });
  if (seeded.status !== 0) throw new Error("Seeding failed");
  const base = `http://127.0.0.1:${o.port}`;
  server = spawn(process.execPath, ["server/main.js"], {
    cwd: root,
    env: { ...env, SERVER_PROCESSES: String(o.serverProcesses) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // "Listening on …" is printed once every server process listens.
  let printed = "";
  server.stdout?.on("data", (/** @type {Buffer} */ chunk) => (printed += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}) — is port ${o.port} free?`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && printed.includes("Listening on")) break;
    if (Date.now() > deadline) throw new Error("The server did not answer /healthz within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  note(`Server ${base} (pid ${server.pid}${o.serverProcesses > 1 ? `, ${o.serverProcesses} server processes` : ""})`);
  return { base, dataDir, temporary, pid: /** @type {number} */ (server.pid) };
}

export async function stopServer() {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
