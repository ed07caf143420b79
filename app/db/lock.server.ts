import fs from "node:fs";

/**
 * One process per PGlite data folder (DESIGN §4): PGlite is an in-process
 * database, and two processes writing the same files would corrupt it.
 * The lock file holds the owner's PID; a lock left by a process that no longer
 * runs (killed, crashed) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The data folder is already in use by another running server (process ${pid}).\n` +
        `Stop that process first, or give this one its own DATA_DIR. Lock file: ${lockFile}`,
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

export function acquireLock(lockFile: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockFile, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockFile, "utf8").trim(), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DataDirLockedError(lockFile, owner);
      }
      // Stale lock (its process is gone) or our own: remove it and try again.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take the data folder lock ${lockFile}`);
}
