/**
 * One process per PGlite data folder (DESIGN §4): while a server holds the
 * folder, a second process that opens it is refused with a clear message; a
 * lock left by a dead process is taken over; a lock held by a live process is
 * respected; a lock of another host (a container sharing the volume) is
 * respected while its heartbeat is fresh and taken over once it is stale.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { acquireLock, bootId, DataDirLockedError, HEARTBEAT_MS, readLockOwner, STALE_MS } from "~/db/lock.server";
import { countLocations } from "~/models/locations.server";
import { startServices, stopServices } from "~/services.server";
import { parseEnv } from "~/platform/env.server";
import { killAllChildren, makeTempDir, removeTempDirs, spawnTsx } from "./support";

const others: ChildProcess[] = [];

afterAll(async () => {
  for (const p of others) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
  await killAllChildren();
  await stopServices();
  removeTempDirs();
});

const IN_USE = "The data folder is already in use by another running server";

/** The refusal acquireLock throws for `lockFile` (the test fails unless it throws one). */
function refusal(lockFile: string): DataDirLockedError {
  let caught: unknown;
  try {
    acquireLock(lockFile);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(DataDirLockedError);
  return caught as DataDirLockedError;
}

describe("data folder lock", () => {
  it("refuses a second process while the server holds the folder", { timeout: 180_000 }, async () => {
    const dataDir = makeTempDir("lock");
    const lockFile = path.join(dataDir, "pglite.lock");
    await startServices(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), {});
    try {
      expect(readLockOwner(lockFile)?.pid).toBe(process.pid);

      const second = spawnTsx("open-folder.ts", [dataDir]);
      const status = await second.closed;
      expect(status.code, second.stderr()).toBe(1);
      expect(second.lines).not.toContain("opened");
      expect(second.stderr()).toContain(`${IN_USE} (process ${process.pid})`);
      expect(second.stderr()).toContain("DataDirLockedError");

      // The refused process left the folder and the lock alone.
      expect(readLockOwner(lockFile)?.pid).toBe(process.pid);
      expect(await countLocations()).toBe(6);
    } finally {
      await stopServices();
    }

    // Once the server has stopped, another process may open it.
    expect(fs.existsSync(lockFile)).toBe(false);
    const third = spawnTsx("open-folder.ts", [dataDir]);
    const status = await third.closed;
    expect(status.code, third.stderr()).toBe(0);
    expect(third.lines).toContain("opened");
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const dir = makeTempDir("lock-unit");
    const lockFile = path.join(dir, "pglite.lock");
    const dead = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    others.push(dead);
    await new Promise((resolve) => dead.once("exit", resolve));
    expect(dead.pid).toBeGreaterThan(0);
    fs.writeFileSync(lockFile, String(dead.pid));

    const release = acquireLock(lockFile);
    expect(readLockOwner(lockFile)).toMatchObject({ pid: process.pid, host: os.hostname() });
    release();
    expect(fs.existsSync(lockFile)).toBe(false);

    // An unreadable lock (no PID) is stale too.
    fs.writeFileSync(lockFile, "");
    acquireLock(lockFile)();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it("refuses a lock held by another live process", async () => {
    const dir = makeTempDir("lock-unit");
    const lockFile = path.join(dir, "pglite.lock");
    const sleeper = spawn("sleep", ["30"], { stdio: "ignore" });
    others.push(sleeper);
    await new Promise<void>((resolve, reject) => {
      sleeper.once("spawn", resolve);
      sleeper.once("error", reject);
    });
    const pid = sleeper.pid!;
    fs.writeFileSync(lockFile, String(pid));
    try {
      const locked = refusal(lockFile);
      expect(locked.pid).toBe(pid);
      expect(locked.lockFile).toBe(lockFile);
      expect(locked.message).toContain(`${IN_USE} (process ${pid})`);
      // The owner's lock is left in place.
      expect(fs.readFileSync(lockFile, "utf8")).toBe(String(pid));
    } finally {
      sleeper.kill("SIGKILL");
    }
  });

  /** A lock as a server in another container writes it: its PID (1, like ours may be), its host, its heartbeat `ageMs` ago. */
  function otherHostLock(lockFile: string, ageMs: number) {
    const owner = {
      pid: 1,
      host: "other-container-7f3a",
      bootId: bootId(),
      instance: "their-instance",
      started: new Date(Date.now() - 3_600_000).toISOString(),
    };
    fs.writeFileSync(lockFile, JSON.stringify(owner));
    const at = new Date(Date.now() - ageMs);
    fs.utimesSync(lockFile, at, at);
  }

  it("refuses a lock of another host (container) whose heartbeat is fresh, with a clear message", () => {
    const lockFile = path.join(makeTempDir("lock-host"), "pglite.lock");
    otherHostLock(lockFile, HEARTBEAT_MS);
    const { message } = refusal(lockFile);
    expect(message).toContain(`${IN_USE} (process 1 on host other-container-7f3a)`);
    expect(message).toContain(`taken over ${STALE_MS / 1000} s after its last refresh`);
    expect(readLockOwner(lockFile)).toMatchObject({ host: "other-container-7f3a", instance: "their-instance" });
  });

  it("takes over a lock of another host whose heartbeat is older than the stale limit", () => {
    const lockFile = path.join(makeTempDir("lock-host"), "pglite.lock");
    otherHostLock(lockFile, STALE_MS + 5_000);
    const release = acquireLock(lockFile);
    expect(readLockOwner(lockFile)).toMatchObject({ pid: process.pid, host: os.hostname() });
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it("the holder refreshes the lock's heartbeat, and a server that took the lock over keeps it", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const lockFile = path.join(makeTempDir("lock-beat"), "pglite.lock");
      const release = acquireLock(lockFile);
      const old = new Date(Date.now() - STALE_MS - 5_000);
      fs.utimesSync(lockFile, old, old);
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(Date.now() - fs.statSync(lockFile).mtimeMs).toBeLessThan(STALE_MS);

      // Another host took it over (this process was frozen too long): its lock is not refreshed or removed by us.
      otherHostLock(lockFile, 0);
      const theirs = fs.statSync(lockFile).mtimeMs;
      vi.advanceTimersByTime(HEARTBEAT_MS);
      release();
      expect(readLockOwner(lockFile)?.host).toBe("other-container-7f3a");
      expect(fs.statSync(lockFile).mtimeMs).toBe(theirs);
    } finally {
      vi.useRealTimers();
    }
  });
});
