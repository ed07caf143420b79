import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { log } from "~/platform/log.server";

/**
 * One process per PGlite data folder (DESIGN §4): PGlite is an in-process
 * database, and two processes writing the same files would corrupt it.
 *
 * The lock file names its owner: PID, host name, the kernel's boot id and a
 * random id of this opening. While the folder is open, the owner touches the
 * file every HEARTBEAT_MS (its mtime is the heartbeat). A PID alone says
 * nothing across containers sharing one volume (each has its own PID
 * namespace, and each server may well be PID 1), so:
 *
 * - a lock whose owner is provably gone — same host and boot, a PID other
 *   than ours that no longer runs — is taken over at once (a crash or kill -9
 *   on a bare server);
 * - any other lock (another host, i.e. another container or machine; a
 *   restarted container whose previous run had the same PID) is held while
 *   its heartbeat is fresh, and taken over once it is older than STALE_MS.
 *
 * Hosts sharing a folder must have distinct host names (Docker's default) and
 * clocks in step (the heartbeat is compared with this host's clock).
 */
export const HEARTBEAT_MS = 10_000;
/** A lock not touched for this long belongs to a server that is gone (frozen, killed, another host switched off). */
export const STALE_MS = 6 * HEARTBEAT_MS;

export interface LockOwner {
  pid: number;
  host: string;
  bootId: string;
  /** Random id of one opening of the folder. */
  instance: string;
  started: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
    readonly host: string = os.hostname(),
  ) {
    const where = host === os.hostname() ? "" : ` on host ${host}`;
    super(
      `The data folder is already in use by another running server (process ${pid}${where}).\n` +
        `Stop that process first, or give this one its own DATA_DIR. Lock file: ${lockFile}` +
        (where ? `\nA server that is gone stops refreshing the lock; it is taken over ${STALE_MS / 1000} s after its last refresh.` : ""),
    );
    this.name = "DataDirLockedError";
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

let bootIdCache: string | undefined;
/** The kernel's boot id (Linux; shared by the containers of one machine), or "" elsewhere. */
export function bootId(): string {
  if (bootIdCache === undefined) {
    try {
      bootIdCache = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    } catch {
      bootIdCache = "";
    }
  }
  return bootIdCache;
}

/** The owner a lock file names; an old lock holding only a PID is read as one of this host. Null: unreadable. */
export function readLockOwner(lockFile: string): LockOwner | null {
  let text: string;
  try {
    text = fs.readFileSync(lockFile, "utf8").trim();
  } catch {
    return null;
  }
  if (/^\d+$/.test(text)) return { pid: Number(text), host: os.hostname(), bootId: bootId(), instance: "", started: "" };
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    if (typeof owner.pid === "number" && typeof owner.host === "string") {
      return {
        pid: owner.pid,
        host: owner.host,
        bootId: String(owner.bootId ?? ""),
        instance: String(owner.instance ?? ""),
        started: String(owner.started ?? ""),
      };
    }
  } catch {
    // not a lock we wrote
  }
  return null;
}

/** Whether `owner` (with the file's last heartbeat) still holds the folder. */
function stillHeld(owner: LockOwner, heartbeatAt: number, now: number): boolean {
  const sameMachine = owner.host === os.hostname() && owner.bootId === bootId();
  // Provably gone: a process of this machine (not this one's PID, which a container reuses) that no longer runs.
  if (sameMachine && owner.pid !== process.pid && owner.pid > 0 && !isRunning(owner.pid)) return false;
  return now - heartbeatAt < STALE_MS;
}

/**
 * Takes the folder's lock or throws DataDirLockedError; returns its release.
 * While held, the lock file's mtime is refreshed every HEARTBEAT_MS.
 */
export function acquireLock(lockFile: string, options: { now?: () => number } = {}): () => void {
  const now = options.now ?? Date.now;
  const me: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    bootId: bootId(),
    instance: crypto.randomUUID(),
    started: new Date(now()).toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, `${JSON.stringify(me)}\n`, { flag: "wx" });
      return holdLock(lockFile, me);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readLockOwner(lockFile);
      let heartbeatAt = 0;
      try {
        heartbeatAt = fs.statSync(lockFile).mtimeMs;
      } catch {
        continue; // released meanwhile: try again
      }
      if (owner && stillHeld(owner, heartbeatAt, now())) throw new DataDirLockedError(lockFile, owner.pid, owner.host);
      // Stale (its owner is gone) or unreadable: remove it and try again.
      log.info(`Data folder lock ${lockFile}: taking over a stale lock${owner ? ` (process ${owner.pid} on ${owner.host})` : ""}`);
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take the data folder lock ${lockFile}`);
}

function holdLock(lockFile: string, me: LockOwner): () => void {
  const ours = () => readLockOwner(lockFile)?.instance === me.instance;
  let warned = false;
  const heartbeat = setInterval(() => {
    try {
      if (ours()) {
        const at = new Date();
        fs.utimesSync(lockFile, at, at);
      } else if (!warned) {
        warned = true;
        log.error(`Data folder lock ${lockFile} was taken over by another server: this process must stop (the folder is no longer its own).`);
      }
    } catch (error) {
      log.error(`Data folder lock ${lockFile}: heartbeat failed:`, error);
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    try {
      if (ours()) fs.unlinkSync(lockFile);
    } catch {
      // already gone
    }
  };
}
