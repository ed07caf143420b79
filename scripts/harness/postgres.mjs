/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: C locale (so
 * Cyrillic case-folding cannot lean on the locale), 127.0.0.1 only, fsync
 * off (it is thrown away), run as the postgres user when we are root
 * (initdb refuses root).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, portFree } from "./server.mjs";
import { isRoot, requirePostgresBinDir } from "./system.mjs";

/** Runs a PostgreSQL program, as the postgres user when we are root. */
function run(/** @type {string} */ binDir, /** @type {string} */ program, /** @type {string[]} */ args) {
  const command = isRoot() ? "runuser" : path.join(binDir, program);
  const argv = isRoot() ? ["-u", "postgres", "--", path.join(binDir, program), ...args] : args;
  const result = spawnSync(command, argv, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${program} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

/**
 * @typedef {object} PostgresCluster
 * @property {string} adminUrl postgres://postgres@127.0.0.1:PORT/postgres
 * @property {number} port
 * @property {string} binDir
 * @property {() => void} stop Stops it (and removes its folder when it was a temporary one).
 */

/**
 * Starts a cluster in `dir` (initdb'd there the first time; a temporary
 * folder, removed by stop(), when none is given) on `port` (refused when it
 * is busy; a free one when none is given).
 * @param {{ dir?: string; port?: number; binDir?: string; maxConnections?: number }} [o]
 * @returns {Promise<PostgresCluster>}
 */
export async function startPostgres(o = {}) {
  const binDir = o.binDir ?? requirePostgresBinDir();
  const temporary = !o.dir;
  const dir = o.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "seaside-pg-"));
  fs.mkdirSync(dir, { recursive: true });
  if (isRoot()) spawnSync("chown", ["-R", "postgres:postgres", dir]);
  const dataDir = path.join(dir, "data");
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    run(binDir, "initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "-N"]);
  }
  if (o.port !== undefined && !(await portFree(o.port))) throw new Error(`Port ${o.port} is busy`);
  const port = o.port ?? (await freePort());
  const settings = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c fsync=off`;
  const extra = o.maxConnections ? ` -c max_connections=${o.maxConnections}` : "";
  run(binDir, "pg_ctl", ["-D", dataDir, "-l", path.join(dir, "server.log"), "-w", "-o", settings + extra, "start"]);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    binDir,
    stop() {
      if (!temporary) return run(binDir, "pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
      try {
        run(binDir, "pg_ctl", ["-D", dataDir, "-m", "immediate", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrlOf(/** @type {string} */ adminUrl, /** @type {string} */ name) {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}
