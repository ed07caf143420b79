import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { isRoot, requirePostgresBinDir } from "./system";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL program, as the postgres user when we are root (initdb refuses root). */
function run(binDir: string, program: string, args: string[]) {
  const command = isRoot() ? "runuser" : path.join(binDir, program);
  const argv = isRoot() ? ["-u", "postgres", "--", path.join(binDir, program), ...args] : args;
  const result = spawnSync(command, argv, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${program} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * A throwaway PostgreSQL cluster for the "postgres" test project: C locale
 * (so Cyrillic case-folding cannot lean on the locale), loopback only, fsync
 * off (it is thrown away). Each test file creates its own database in it.
 */
export default async function setup(project: TestProject) {
  const binDir = requirePostgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-pg-"));
  if (isRoot()) spawnSync("chown", ["-R", "postgres:postgres", dir]);
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  run(binDir, "initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "-N"]);
  run(binDir, "pg_ctl", [
    "-D",
    dataDir,
    "-l",
    path.join(dir, "server.log"),
    "-w",
    "-o",
    `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c fsync=off -c max_connections=300`,
    "start",
  ]);
  project.provide("pgAdminUrl", `postgres://postgres@127.0.0.1:${port}/postgres`);
  console.log(`PostgreSQL test cluster on 127.0.0.1:${port} (${binDir})`);

  return () => {
    try {
      run(binDir, "pg_ctl", ["-D", dataDir, "-m", "immediate", "stop"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
