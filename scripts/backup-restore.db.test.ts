import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocation, deleteLocation, listLocations } from "~/models/locations.server";
import { startServices, stopServices } from "~/services.server";
import { parseEnv } from "~/platform/env.server";
import { openTestDatabase, testDbKind } from "../tests/support/test-db";

/**
 * `npm run backup` / `npm run restore -- FILE` round trip on this run's
 * database (app/db/backup-now.server.ts): data written, backed up while the
 * site runs, changed, a restore refused while the site runs, then restored
 * with the site stopped — the data (and, on PGlite, the uploaded images)
 * are as they were at backup time. Slow-ish: on PGlite it creates a cluster
 * on disk and runs the two scripts through tsx.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-backup-cli-"));
let databaseUrl = "";
let dispose: (() => Promise<void>) | undefined;

afterAll(async () => {
  await stopServices();
  await dispose?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs an npm script's program as `npm run` does (tsx), without blocking this process (it may have to answer SIGUSR2). */
function cli(script: "backup" | "restore", ...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.resolve("node_modules/.bin/tsx"), [`scripts/${script}.ts`, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "error" },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => resolve({ code, out }));
  });
}

const start = () =>
  startServices(parseEnv({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", BACKUP_INTERVAL_HOURS: "0" }), {
    maintenance: true,
    changeFeed: true,
  });
const names = async () => (await listLocations()).map((l) => l.name).sort();
const image = path.join(dataDir, "upload", "locations", "locations-1700000000000-abc.jpg");

describe(`npm run backup / restore on ${testDbKind()}`, () => {
  it("round trip: the data is as it was at backup time; a restore is refused while the site runs", { timeout: 480_000 }, async () => {
    if (testDbKind() === "postgres") {
      const opened = await openTestDatabase();
      await opened.handle.close();
      databaseUrl = opened.url!;
      dispose = opened.dispose;
    }
    await start();
    const kept = await createLocation({ name: "Поморие", image: "/upload/locations/locations-1700000000000-abc.jpg" });
    fs.mkdirSync(path.dirname(image), { recursive: true });
    fs.writeFileSync(image, "image at backup time");
    const atBackup = await names();

    // While the site runs (PGlite: the running process makes the dump).
    const backup = await cli("backup", "--out", path.join(dataDir, "out", "site-backup"));
    expect(backup.out).toContain("Backup written:");
    expect(backup.code, backup.out).toBe(0);
    const file = path.join(dataDir, "out", "site-backup");
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    await deleteLocation(kept.id);
    await createLocation({ name: "Несебр", image: "/upload/locations/x.jpg" });
    fs.writeFileSync(image, "changed later");
    const changed = await names();
    expect(changed).not.toEqual(atBackup);

    const refused = await cli("restore", file);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain("Nothing was changed.");
    expect(await names()).toEqual(changed);

    await stopServices();
    const restored = await cli("restore", file);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain("Restored");

    await start();
    expect(await names()).toEqual(atBackup);
    if (testDbKind() === "pglite") {
      expect(fs.readFileSync(image, "utf8")).toBe("image at backup time");
      // The replaced folders are kept aside, not deleted.
      expect(fs.readdirSync(dataDir).some((f) => f.startsWith("pglite.before-restore-"))).toBe(true);
    }
    await stopServices();

    if (testDbKind() === "pglite") {
      // With the site stopped the command dumps the folder itself.
      const stopped = await cli("backup");
      expect(stopped.code, stopped.out).toBe(0);
      expect(stopped.out).toMatch(/Backup written: .*site-.*\.tar\.gz/);

      // The dump the running server wrote is a scheduled-style backup (the database folder only): it restores too.
      const own = fs.readdirSync(path.join(dataDir, "backups")).find((f) => /^pglite-.*-on-demand\.tar\.gz$/.test(f));
      expect(own).toBeDefined();
      const fromScheduled = await cli("restore", path.join(dataDir, "backups", own!));
      expect(fromScheduled.code, fromScheduled.out).toBe(0);
      await start();
      expect(await names()).toEqual(atBackup);
      await stopServices();
    }
  });

  it("a file that is not a backup is refused and nothing changes", { timeout: 120_000 }, async () => {
    const bogus = path.join(dataDir, "bogus.tar.gz");
    fs.writeFileSync(bogus, "not a backup");
    const result = await cli("restore", bogus);
    expect(result.code).toBe(1);
    expect(result.out).toContain("Restore failed:");
  });
});
