import fs from "node:fs";
import path from "node:path";
import type { DatabaseHandle } from "./client.server";

/**
 * Backups of the embedded database (PGlite mode): a gzip'd tarball of the data
 * folder, written atomically into DATA_DIR/backups, newest `keep` kept.
 * (With PostgreSQL, backups are the database server's job: pg_dump, PITR.)
 */
export async function backupPglite(handle: DatabaseHandle, dataDir: string, keep: number, reason: string) {
  if (!handle.pglite) return null;
  const dir = path.join(dataDir, "backups");
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(dir, `pglite-${stamp}-${reason}.tar.gz`);
  const dump = await handle.pglite.dumpDataDir("gzip");
  const tmp = `${file}.partial`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  pruneBackups(dir, keep);
  return file;
}

export function pruneBackups(dir: string, keep: number) {
  // A backup cut short (process killed mid-write) leaves a .partial file: never useful.
  for (const partial of fs.readdirSync(dir).filter((f) => f.endsWith(".tar.gz.partial"))) {
    fs.rmSync(path.join(dir, partial), { force: true });
  }
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith("pglite-") && f.endsWith(".tar.gz"))
    .sort(); // ISO timestamps sort chronologically
  for (const old of files.slice(0, Math.max(0, files.length - keep))) {
    fs.rmSync(path.join(dir, old), { force: true });
  }
}
