/**
 * The embedded database across clean restarts (DESIGN §4): data written before
 * stopServices() is there after the next startServices(), the default
 * locations are created once only, and a start with migrations to apply first
 * takes a backup (a gzip'd tarball of the folder) that PGlite can load again;
 * only the newest N backups are kept.
 *
 * The tests of this file share one data folder and run in order (creating a
 * PGlite cluster is slow, so it is done once).
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupPglite, pruneBackups } from "~/db/backup.server";
import { sql } from "drizzle-orm";
import { getDatabaseHandle, queryRows } from "~/db/client.server";
import { MIGRATIONS_DIR } from "~/db/migrate.server";
import { createLocation, DEFAULT_LOCATIONS, listLocations } from "~/models/locations.server";
import { startServices, stopServices } from "~/services.server";
import { parseEnv } from "~/platform/env.server";
import { makeTempDir, removeTempDirs } from "./support";

const NEW_LOCATION = { name: "Поморие", image: "/upload/locations/x.jpg" };
const MIGRATION_BACKUP = /^pglite-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-before-migrations\.tar\.gz$/;

/** A copy of the committed migrations plus one more, so a start has something to migrate. */
function migrationsWithOneMore(): string {
  const folder = path.join(makeTempDir("migrations"), "drizzle");
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
  const tag = "9999_backup_probe";
  journal.entries.push({ idx: journal.entries.length, version: "7", when: Date.now(), tag, breakpoints: true });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  fs.writeFileSync(path.join(folder, `${tag}.sql`), "CREATE TABLE backup_probe (id integer);");
  return folder;
}

let dataDir = "";
let backupsDir = "";
const env = () => parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
const backupFiles = () =>
  fs.existsSync(backupsDir)
    ? fs
        .readdirSync(backupsDir)
        .filter((f) => f.endsWith(".tar.gz"))
        .sort()
    : [];

beforeAll(() => {
  dataDir = makeTempDir("restart");
  backupsDir = path.join(dataDir, "backups");
});

afterAll(async () => {
  await stopServices();
  removeTempDirs();
});

describe("clean restart on the same PGlite data folder", () => {
  it("keeps written data, and creates the default locations only once", { timeout: 180_000 }, async () => {
    // First start: a new cluster, migrated and seeded; nothing to back up yet.
    const first = await startServices(env(), {});
    expect(first.created).toBe(true);
    expect(backupFiles()).toEqual([]);
    const defaults = await listLocations();
    expect(defaults.map((l) => [l.name, l.name_bg, l.order])).toEqual(DEFAULT_LOCATIONS.map((l, i) => [l.name, l.name_bg, i]));
    const created = await createLocation(NEW_LOCATION);
    expect(created.order).toBe(6);
    await stopServices();
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

    // Second start on the same folder.
    const second = await startServices(env(), {});
    expect(second.created).toBe(false);
    const after = await listLocations();
    expect(after).toHaveLength(7);
    // The very same default rows (same ids), not a second set.
    expect(after.slice(0, 6).map((l) => l.id)).toEqual(defaults.map((l) => l.id));
    expect(after.filter((l) => DEFAULT_LOCATIONS.some((d) => d.name === l.name))).toHaveLength(6);
    const pomorie = after.find((l) => l.name === NEW_LOCATION.name);
    expect(pomorie).toMatchObject({ id: created.id, image: NEW_LOCATION.image, slug: "поморие", order: 6 });
    await stopServices();

    // A third start changes nothing either.
    await startServices(env(), {});
    expect((await listLocations()).map((l) => l.id)).toEqual(after.map((l) => l.id));
    await stopServices();
  });

  it("takes a backup before pending migrations only, which PGlite can load", { timeout: 180_000 }, async () => {
    // The restarts above had nothing to migrate: no backup (a dump is heavy).
    expect(backupFiles()).toEqual([]);
    const migrations = migrationsWithOneMore();
    await startServices(env(), { migrationsFolder: migrations });
    const probe = await queryRows(getDatabaseHandle().db, sql`select count(*) from backup_probe`);
    expect(probe).toHaveLength(1);
    await stopServices();
    await startServices(env(), { migrationsFolder: migrations }); // nothing pending again
    await stopServices();
    const files = backupFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(MIGRATION_BACKUP);
    expect(fs.readdirSync(backupsDir).filter((f) => f.endsWith(".partial"))).toEqual([]);

    const newest = path.join(backupsDir, files.at(-1)!);
    const bytes = fs.readFileSync(newest);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // gzip

    // Loaded into a fresh in-memory PGlite, the backup holds the data.
    const restored = await PGlite.create({ loadDataDir: new Blob([bytes]) });
    try {
      const { rows } = await restored.query<{ name: string; image: string }>(`select name, image from locations order by "order"`);
      expect(rows.map((r) => r.name)).toEqual([...DEFAULT_LOCATIONS.map((l) => l.name), NEW_LOCATION.name]);
      expect(rows.at(-1)?.image).toBe(NEW_LOCATION.image);
      // Taken before the migration: the probe table is not in it.
      const { rows: tables } = await restored.query(`select 1 from information_schema.tables where table_name = 'backup_probe'`);
      expect(tables).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  it("keeps only the newest backups", { timeout: 180_000 }, async () => {
    await startServices(env(), {});
    const handle = getDatabaseHandle();
    try {
      const made: string[] = [];
      for (const reason of ["a", "b", "c"]) {
        const file = await backupPglite(handle, dataDir, 100, reason);
        expect(file).not.toBeNull();
        made.push(path.basename(file!));
      }
      expect(backupFiles()).toHaveLength(4);
      fs.writeFileSync(path.join(backupsDir, "notes.txt"), "not a backup");

      pruneBackups(backupsDir, 2);
      expect(backupFiles()).toEqual(made.slice(-2)); // the two newest
      expect(fs.existsSync(path.join(backupsDir, "notes.txt"))).toBe(true);

      // backupPglite prunes by itself with its `keep`.
      const last = await backupPglite(handle, dataDir, 1, "scheduled");
      expect(backupFiles()).toEqual([path.basename(last!)]);
    } finally {
      await stopServices();
    }
  });
});
