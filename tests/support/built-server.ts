import { spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { freePort as anyFreePort, projectRoot, startServer, waitFor } from "../../scripts/harness/server.mjs";
import { openTestDatabase, testDbKind } from "./test-db";

/**
 * For tests that start the production build (`node server/main.js`) as a
 * child process (scripts/harness/server.mjs): on this test run's database,
 * on a free port in a file's own range, from a build that has what the file
 * tests.
 */
export { projectRoot, waitFor };

/**
 * A free port in `from`–`to`, moved up by TEST_PORT_OFFSET (vitest.config.ts
 * sets it for the PostgreSQL projects): `npm test` runs the suite on PGlite
 * and on PostgreSQL at the same time (scripts/test-all.mjs), and the same
 * file on both databases must never pick the same port in its range.
 */
export function freePort(from: number, to: number): Promise<number> {
  const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
  return anyFreePort(from + offset, to + offset);
}

/**
 * Asserts that the server's output holds `expected`, once it has had the time
 * to write it: the log is written in batches, up to a second after the line
 * (issue 32, decision 0019). Waits up to `timeoutMs`; the failure shows the output.
 */
export async function expectLogged(output: () => string, expected: string | RegExp, timeoutMs = 5000): Promise<void> {
  const found = () => (typeof expected === "string" ? output().includes(expected) : expected.test(output()));
  await waitFor(found, timeoutMs, `the log line ${String(expected)}`).catch(() => undefined);
  if (typeof expected === "string") expect(output()).toContain(expected);
  else expect(output()).toMatch(expected);
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
  if (testDbKind() === "pglite") startFromMigratedFolder(options.dataDir);
  const port = await freePort(...options.ports);
  try {
    const server = await startServer({ port, dataDir: options.dataDir, databaseUrl, env: options.env, startTimeoutMs: options.startTimeoutMs });
    return {
      baseUrl: server.baseUrl,
      child: server.child,
      output: server.output,
      async close() {
        await server.stop();
        await dispose?.();
      },
    };
  } catch (error) {
    await dispose?.();
    throw error;
  }
}

/**
 * An empty data folder gets a copy of the migrated PGlite folder of
 * tests/support/pglite-global-setup.ts, so the server skips initdb and the
 * migrations (seconds per start on a busy machine). The server then starts as
 * on the folder it would have made itself: nothing to migrate, so no backup,
 * and its default locations and first administrator are still created at
 * start. A folder that already holds a database is left as it is.
 */
function startFromMigratedFolder(dataDir: string): void {
  const template = inject("pgliteFolder");
  const folder = path.join(dataDir, "pglite");
  if (!template || fs.existsSync(folder)) return;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(template, folder, { recursive: true });
}

/**
 * For a test file that runs against one built server: before its tests,
 * builds if the build lacks `marker` and starts the server in a temporary
 * data folder (`dataDir`, named after `prefix`) on this run's database;
 * after them, stops it and removes the folder. The fields of the returned
 * server are read once it runs.
 */
export function useBuiltServer(options: {
  prefix: string;
  ports: [number, number];
  env?: Record<string, string>;
  marker?: string;
  /** For the build and the start together. */
  timeoutMs: number;
}): BuiltServer & { port: number; dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.prefix));
  let started: BuiltServer | undefined;
  beforeAll(async () => {
    await ensureBuild(options.marker);
    started = await startBuiltServer({ ports: options.ports, dataDir, env: options.env });
  }, options.timeoutMs);
  afterAll(async () => {
    await started?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const running = () => {
    if (!started) throw new Error("the server has not started (its beforeAll failed or has not run)");
    return started;
  };
  return {
    dataDir,
    get baseUrl() {
      return running().baseUrl;
    },
    get port() {
      return Number(new URL(running().baseUrl).port);
    },
    get child() {
      return running().child;
    },
    output: () => running().output(),
    close: () => running().close(),
  };
}
