import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freePort, projectRoot, waitFor } from "../support/built-server";

/**
 * `npm run serve` as a process manager runs it: stopping npm (SIGTERM, or
 * SIGINT as Ctrl-C in a terminal's process group would not send it alone)
 * must stop the server too, gracefully, so that its port and the embedded
 * database's data folder lock are free again for the next start. npm runs a
 * script through `sh -c` and passes the signal only to that shell; the
 * scripts `exec` the server so that the signal reaches it.
 *
 * PGlite only: the signal path does not depend on the database, and the
 * embedded database is where a leftover server keeps the data folder locked.
 *
 * npm is started the way a shell starts it, with only the system's Node on
 * PATH: the server must still run on the project's pinned Node (the `node`
 * package, docs/decisions/0020-pinned-node-from-npm.md) and say so.
 */

/** The version of the project's own Node (the `node` devDependency). */
const pinnedNode = `v${JSON.parse(fs.readFileSync(path.join(projectRoot, "node_modules/node/package.json"), "utf8")).version}`;

/** PATH without the node_modules/.bin folders npm or npx put in front of it. */
const shellPath = (process.env.PATH ?? "")
  .split(path.delimiter)
  .filter((dir) => !dir.endsWith(`${path.sep}node_modules${path.sep}.bin`))
  .join(path.delimiter);

/** Whether the process still exists (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Process ids under `root` (children, grandchildren, …), read from /proc. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may contain spaces and parentheses.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // The process ended meanwhile.
    }
  }
  const found: number[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const next = [...parents].filter(([, ppid]) => frontier.includes(ppid)).map(([pid]) => pid);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/** The `node server/main.js` process among `pids`. */
function serverProcess(pids: number[]): number | undefined {
  return pids.find((pid) => {
    try {
      // Absolute once the server has restarted itself with its memory flags (server/memory-settings.js).
      return fs
        .readFileSync(`/proc/${pid}/cmdline`, "utf8")
        .split("\0")
        .some((arg) => arg.endsWith("server/main.js"));
    } catch {
      return false;
    }
  });
}

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const started: { npm: ChildProcess; server?: number; dataDir: string }[] = [];

beforeAll(async () => {
  await ensureBuild();
}, 300_000);

afterEach(() => {
  // Whatever a failing test left running (an orphaned server) is stopped here, not left holding its port.
  for (const run of started.splice(0)) {
    if (run.npm.exitCode === null && run.npm.signalCode === null) run.npm.kill("SIGKILL");
    if (run.server !== undefined && alive(run.server)) process.kill(run.server, "SIGKILL");
    fs.rmSync(run.dataDir, { recursive: true, force: true });
  }
});

describe("npm run serve", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`passes ${signal} on to the server, which stops gracefully and frees its port`, { timeout: 180_000 }, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-npm-serve-"));
      const port = await freePort(9800, 9899);
      let output = "";
      const npm = spawn("npm", ["run", "serve"], {
        cwd: projectRoot,
        env: {
          ...process.env,
          PATH: shellPath,
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          LOG_LEVEL: "info",
          ADMIN_EMAIL: "",
          ADMIN_PASSWORD: "",
          MALLOC_ARENA_MAX: "",
          MALLOC_MMAP_THRESHOLD_: "",
          MALLOC_TRIM_THRESHOLD_: "",
        },
      });
      const run: (typeof started)[number] = { npm, dataDir };
      started.push(run);
      npm.stdout!.on("data", (d) => (output += d));
      npm.stderr!.on("data", (d) => (output += d));
      const exited = new Promise<void>((resolve) => npm.once("exit", () => resolve()));

      await waitFor(
        () => output.includes("Listening on") || npm.exitCode !== null,
        120_000,
        () => `the server to listen; output:\n${output}`,
      );
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      // The start-up line (a JSON log line: the version ends the message).
      expect(output).toMatch(new RegExp(`Listening on [^\n]*, Node ${pinnedNode.replace(/\./g, "\\.")}(\n|")`));
      run.server = serverProcess(descendants(npm.pid!));
      expect(run.server, `the server process under npm; output:\n${output}`).toBeDefined();
      const server = run.server!;
      // SERVER_MEMORY_MB's flags (decision 0034), on the very process npm started.
      expect(fs.readFileSync(`/proc/${server}/cmdline`, "utf8").split("\0")).toEqual(
        expect.arrayContaining(["--max-old-space-size=128", "--max-semi-space-size=8", "--liftoff-only"]),
      );
      // glibc's allocator settings unless the environment says otherwise (decision 0022).
      expect(fs.readFileSync(`/proc/${server}/environ`, "utf8").split("\0")).toEqual(
        expect.arrayContaining(["MALLOC_ARENA_MAX=2", "MALLOC_MMAP_THRESHOLD_=131072", "MALLOC_TRIM_THRESHOLD_=131072"]),
      );

      npm.kill(signal);
      // The server is told too: it finishes, says so, and is gone with its port (a bound, not a timing: it takes ~1 s).
      await waitFor(() => !alive(server), 30_000, "").catch(() => {});
      expect(alive(server), `the server (pid ${server}) still runs after ${signal} to npm; output:\n${output}`).toBe(false);
      await exited;
      expect(output).toContain(`${signal} received`);
      expect(output).toContain("Stopped.");
      expect(await listening(port), `port ${port} is free again`).toBe(false);
    });
  }
});
