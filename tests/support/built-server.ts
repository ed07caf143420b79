import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { openTestDatabase, testDbKind } from "./test-db";

/**
 * For tests that start the production build (`node server/main.js`) as a
 * child process: a free port in a file's own range (so parallel test files
 * and other engineers' servers do not collide), a build that has what the
 * file tests, and a wait that reports what it waited for.
 */

export const projectRoot = path.resolve(import.meta.dirname, "../..");

/** A port in [from, to] nothing listens on right now (127.0.0.1). */
export async function freePort(from: number, to: number): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/** Whether build/server exists and, if a marker is given, some server file contains it (a feature newer than the build is missing). */
function buildHas(marker?: string): boolean {
  const dir = path.join(projectRoot, "build/server");
  if (!fs.existsSync(path.join(dir, "index.js"))) return false;
  if (!marker) return true;
  const files = fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"));
  return files.some((f) => fs.readFileSync(path.join(dir, f), "utf8").includes(marker));
}

/**
 * Builds when the build is missing or lacks `marker`. Other server test
 * files may be building into the same folder at the same moment (a fresh
 * checkout run file by file): a build that fails then is retried once the
 * other has had time to finish, and one that someone else completed is used.
 * (`npm test` builds once before these layers.)
 */
export async function ensureBuild(marker?: string): Promise<void> {
  let failure = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    if (buildHas(marker)) return;
    const build = spawnSync("npm", ["run", "build"], { cwd: projectRoot, encoding: "utf8" });
    if (build.status === 0 && buildHas(marker)) return;
    failure = `${build.stdout}${build.stderr}`;
    await new Promise((r) => setTimeout(r, 10_000 + Math.random() * 5_000));
  }
  if (!buildHas(marker)) throw new Error(`build failed:\n${failure}`);
}

/** Polls until `predicate` holds; on timeout the error names `what` (a function, to include output gathered meanwhile). */
export async function waitFor(predicate: () => boolean, ms: number, what: string | (() => string), pollMs = 25): Promise<void> {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${typeof what === "function" ? what() : what}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

export interface BuiltServer {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /**
   * Stops it (SIGTERM, waits for the exit) if it still runs, and drops the
   * PostgreSQL database it opened (not one passed in as `databaseUrl`).
   */
  close(): Promise<void>;
}

/**
 * Starts `node server/main.js` (the build) on a free port in `ports`, on
 * this test run's database kind: PGlite in `dataDir`, or a fresh PostgreSQL
 * database (files still in `dataDir`). Waits until it listens; fails with
 * its output if it exits first.
 *
 * `databaseUrl` runs it on a database the caller opened instead (e.g. several
 * servers on one PostgreSQL database): the caller owns that database, and
 * `close()` leaves it in place.
 */
export async function startBuiltServer(options: {
  ports: [number, number];
  dataDir: string;
  env?: Record<string, string>;
  databaseUrl?: string;
  /** How long it may take to listen (default 60 s). */
  startTimeoutMs?: number;
}): Promise<BuiltServer> {
  let databaseUrl = options.databaseUrl ?? "";
  let dispose: (() => Promise<void>) | undefined;
  if (options.databaseUrl === undefined && testDbKind() === "postgres") {
    const opened = await openTestDatabase();
    await opened.handle.close();
    databaseUrl = opened.url!;
    dispose = opened.dispose;
  }
  const port = await freePort(...options.ports);
  let output = "";
  const child = spawn(process.execPath, ["server/main.js"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "info",
      ...options.env,
    },
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await dispose?.();
  };
  try {
    await waitFor(
      () => output.includes("Listening on") || child.exitCode !== null,
      options.startTimeoutMs ?? 60_000,
      () => `the server to listen; output:\n${output}`,
    );
  } catch (error) {
    // Not left running (holding its port and data folder) after a start that took too long.
    await close();
    throw error;
  }
  if (!output.includes("Listening on")) {
    await close();
    throw new Error(`server did not start:\n${output}`);
  }
  return { baseUrl: `http://127.0.0.1:${port}`, child, output: () => output, close };
}
