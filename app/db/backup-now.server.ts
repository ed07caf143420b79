import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Env } from "~/platform/env.server";
import { openDatabase } from "./client.server";
import { acquireLock, DataDirLockedError, readLockOwner } from "./lock.server";

/**
 * `npm run backup` and `npm run restore -- FILE` (scripts/backup.ts,
 * scripts/restore.ts), on either database:
 *
 * - **PGlite**: a .tar.gz holding `database.tar.gz` (PGlite's dumpDataDir: a
 *   consistent copy made by the process that has the folder open), the
 *   uploaded images (`upload/`, when they live in DATA_DIR) and
 *   `backup.json`. With the server stopped the command opens the folder
 *   itself; with the server running on this machine (or in this container)
 *   it sends it SIGUSR2, and the server writes the dump into DATA_DIR/backups
 *   (app/services.server.ts) — nobody but the owner of the folder may read
 *   the database files while it runs.
 * - **PostgreSQL**: `pg_dump -Fc` (custom format), whatever runs.
 *
 * Restore refuses while a server uses the data (PGlite: the folder's lock;
 * PostgreSQL: other connections to the database), and moves what it replaces
 * aside (`*.before-restore-<time>`) instead of deleting it.
 */

export class OperationError extends Error {}

const ON_DEMAND_WAIT_MS = 10 * 60_000;

const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

/** pg_dump / pg_restore: on PATH, else in Debian's /usr/lib/postgresql/<version>/bin (newest first). */
export function findPgTool(name: "pg_dump" | "pg_restore"): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const file = path.join(base, version, "bin", name);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

function run(program: string, args: string[], what: string): void {
  const result = spawnSync(program, args, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new OperationError(`${what} failed (${result.error?.message ?? `exit code ${result.status}`}):\n${(result.stderr || result.stdout).trim()}`);
  }
}

/** Takes a backup now; returns the file written and what it holds. */
export async function backupNow(env: Env, out?: string): Promise<{ file: string; notes: string[] }> {
  const backupsDir = path.join(env.dataDir, "backups");
  if (env.DATABASE_URL) {
    const pgDump = findPgTool("pg_dump");
    if (!pgDump) {
      throw new OperationError(
        "pg_dump was not found (not on PATH, not in /usr/lib/postgresql/*/bin). Install PostgreSQL's client tools " +
          "(Debian: apt-get install postgresql-client) or back up with your PostgreSQL host's own tools.",
      );
    }
    const file = path.resolve(out ?? path.join(backupsDir, `site-${stamp()}.dump`));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    run(pgDump, ["--format=custom", "--no-owner", "--file", `${file}.partial`, "--dbname", env.DATABASE_URL], "pg_dump");
    fs.renameSync(`${file}.partial`, file);
    const notes = ["PostgreSQL database: pg_dump custom format (restore: npm run restore -- FILE)."];
    if (env.STORAGE_DRIVER === "local") notes.push(`Uploaded images are not in it: copy ${path.join(env.dataDir, "upload")} as well.`);
    return { file, notes };
  }

  if (!fs.existsSync(path.join(env.dataDir, "pglite", "PG_VERSION"))) {
    throw new OperationError(`No database in ${env.dataDir} (DATA_DIR): nothing to back up.`);
  }
  const file = path.resolve(out ?? path.join(backupsDir, `site-${stamp()}.tar.gz`));
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-backup-"));
  try {
    const how = await dumpPglite(env, path.join(staging, "database.tar.gz"));
    const withUploads = env.STORAGE_DRIVER === "local" && fs.existsSync(path.join(env.dataDir, "upload"));
    fs.writeFileSync(
      path.join(staging, "backup.json"),
      `${JSON.stringify({ kind: "pglite", created: new Date().toISOString(), uploads: withUploads }, null, 2)}\n`,
    );
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const args = ["-czf", `${file}.partial`, "-C", staging, "backup.json", "database.tar.gz"];
    if (withUploads) args.push("-C", env.dataDir, "upload");
    run("tar", args, "tar");
    fs.renameSync(`${file}.partial`, file);
    return { file, notes: [`PGlite database (${how})${withUploads ? " and the uploaded images" : ""}.`] };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** The database's dump into `target`: made here with the folder free, else by the running server. */
async function dumpPglite(env: Env, target: string): Promise<string> {
  let handle;
  try {
    handle = await openDatabase({ kind: "pglite", dataDir: env.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return askRunningServer(env, error, target);
  }
  try {
    const dump = await handle.pglite!.dumpDataDir("gzip");
    fs.writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
    return "the server was stopped: dumped by this command";
  } finally {
    await handle.close();
  }
}

async function askRunningServer(env: Env, locked: DataDirLockedError, target: string): Promise<string> {
  const owner = readLockOwner(locked.lockFile);
  if (!owner || owner.host !== os.hostname()) {
    throw new OperationError(
      `The server using ${env.dataDir} runs on another host (${locked.host}): run npm run backup there ` +
        "(in Docker: docker compose exec site npm run backup), or stop it first.",
    );
  }
  const dir = path.join(env.dataDir, "backups");
  const before = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  process.kill(owner.pid, "SIGUSR2");
  const until = Date.now() + ON_DEMAND_WAIT_MS;
  for (;;) {
    const made = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => f.endsWith("-on-demand.tar.gz") && !before.has(f)) : undefined;
    if (made) {
      fs.copyFileSync(path.join(dir, made), target);
      return `the server was running: dumped by it (process ${owner.pid}), also kept as backups/${made}`;
    }
    if (Date.now() > until)
      throw new OperationError(`The running server (process ${owner.pid}) wrote no backup within ${ON_DEMAND_WAIT_MS / 60_000} minutes; see its log.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Restores `file` over this site's data; returns what it did, line by line. */
export async function restoreFrom(env: Env, file: string): Promise<string[]> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new OperationError(`No such file: ${source}`);
  const head = Buffer.alloc(5);
  const fd = fs.openSync(source, "r");
  fs.readSync(fd, head, 0, 5, 0);
  fs.closeSync(fd);
  const isPgDump = head.toString("latin1") === "PGDMP";
  if (env.DATABASE_URL) {
    if (!isPgDump) throw new OperationError(`${source} is not a pg_dump custom-format file, and this site runs on PostgreSQL (DATABASE_URL).`);
    return restorePostgres(env.DATABASE_URL, source);
  }
  if (isPgDump) throw new OperationError(`${source} is a PostgreSQL dump, and this site runs on the embedded database (no DATABASE_URL).`);
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw new OperationError(`${source} is not a backup made by npm run backup (.tar.gz).`);
  return restorePglite(env, source);
}

async function restorePostgres(url: string, source: string): Promise<string[]> {
  const pgRestore = findPgTool("pg_restore");
  if (!pgRestore) throw new OperationError("pg_restore was not found (not on PATH, not in /usr/lib/postgresql/*/bin). Install PostgreSQL's client tools.");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    const others = rows[0]?.n ?? 0;
    if (others > 0) {
      throw new OperationError(`${others} other connection(s) to the database (a running server?): stop the site first. Nothing was changed.`);
    }
  } finally {
    await client.end();
  }
  run(pgRestore, ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--dbname", url, source], "pg_restore");
  return [`Restored the PostgreSQL database from ${source} (pg_restore --clean, one transaction).`];
}

async function restorePglite(env: Env, source: string): Promise<string[]> {
  fs.mkdirSync(env.dataDir, { recursive: true });
  let release: () => void;
  try {
    release = acquireLock(path.join(env.dataDir, "pglite.lock"));
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new OperationError(`${error.message}\nStop the server before restoring. Nothing was changed.`);
    }
    throw error;
  }
  // Inside DATA_DIR: the renames below stay on one file system.
  const staging = fs.mkdtempSync(path.join(env.dataDir, ".restore-"));
  const done: string[] = [];
  try {
    const unpacked = path.join(staging, "archive");
    fs.mkdirSync(unpacked);
    run("tar", ["-xzf", source, "-C", unpacked], "tar");
    const manifestFile = path.join(unpacked, "backup.json");
    const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, "utf8")) as { kind?: string; created?: string }) : {};
    // Loaded into a new folder first: a damaged dump fails here, before anything is replaced.
    const loaded = path.join(staging, "pglite");
    if (manifest.kind === "pglite" && fs.existsSync(path.join(unpacked, "database.tar.gz"))) {
      const db = await PGlite.create({ dataDir: loaded, loadDataDir: new Blob([fs.readFileSync(path.join(unpacked, "database.tar.gz"))]) });
      await db.query("select 1");
      await db.close();
    } else if (fs.existsSync(path.join(unpacked, "PG_VERSION"))) {
      // A scheduled backup (DATA_DIR/backups/pglite-*.tar.gz): the database folder itself, no images.
      fs.renameSync(unpacked, loaded);
      const db = await PGlite.create({ dataDir: loaded });
      await db.query("select 1");
      await db.close();
    } else {
      throw new OperationError(`${source} is not a backup made by npm run backup or a scheduled one. Nothing was changed.`);
    }

    const suffix = `before-restore-${stamp()}`;
    const current = path.join(env.dataDir, "pglite");
    if (fs.existsSync(current)) {
      fs.renameSync(current, `${current}.${suffix}`);
      done.push(`Moved the current database aside: ${current}.${suffix}`);
    }
    fs.renameSync(loaded, current);
    done.push(`Restored the database from the backup of ${manifest.created ?? `${fs.statSync(source).mtime.toISOString()} (the file's time)`}.`);
    const uploads = path.join(unpacked, "upload");
    if (fs.existsSync(uploads)) {
      const currentUploads = path.join(env.dataDir, "upload");
      if (fs.existsSync(currentUploads)) {
        fs.renameSync(currentUploads, `${currentUploads}.${suffix}`);
        done.push(`Moved the current uploaded images aside: ${currentUploads}.${suffix}`);
      }
      fs.renameSync(uploads, currentUploads);
      // Variants are made again from the restored images on first request.
      fs.rmSync(path.join(env.dataDir, "cache", "img"), { recursive: true, force: true });
      done.push("Restored the uploaded images.");
    }
    done.push("Start the server as usual; delete the *.before-restore-* folders once all is well.");
    return done;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}
