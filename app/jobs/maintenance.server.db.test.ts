import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows, type DatabaseHandle } from "~/db/client.server";
import { VARIANT_WIDTHS } from "~/lib/images";
import { createAdmin } from "~/models/admins.server";
import { createLocation } from "~/models/locations.server";
import { createProperty, updateProperty } from "~/models/real-estates.server";
import { createSession, getSessionAdmin } from "~/models/sessions.server";
import { variantFile } from "~/storage/image-variants.server";
import { useTempImageStore } from "../../tests/support/temp-image-store";
import { useTestDatabase } from "../../tests/support/test-db";
import { createMaintenance, FIRST_BACKUP_AFTER_MS, removeOrphanedUploads } from "~/jobs/maintenance.server";

const test = useTestDatabase();

const { root, store, cacheDir } = useTempImageStore(test, "maintenance");
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

let counter = 0;
/** An uploaded image written `ageMs` ago, with its cached variants. */
async function upload(type: "locations" | "properties", ageMs: number): Promise<{ key: string; url: string }> {
  const key = `${type}/${type}-1700000000000-mnt${String(++counter).padStart(5, "0")}.jpg`;
  await store.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, counter & 0xff]), { contentType: "image/jpeg" });
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(path.join(root, "upload", ...key.split("/")), when, when);
  for (const width of VARIANT_WIDTHS) {
    const file = variantFile(cacheDir, width, key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "webp");
  }
  return { key, url: store.publicUrl(key) };
}
const exists = async (key: string) => (await store.head(key)) !== null;
const variantsLeft = (key: string) => VARIANT_WIDTHS.filter((w) => fs.existsSync(variantFile(cacheDir, w, key))).length;

describe("maintenance tick (SPEC §9)", () => {
  it("removes orphaned uploads older than a day, keeps referenced and fresh ones, and deletes expired sessions", async () => {
    const orphanOld = await upload("properties", 2 * DAY);
    const orphanLocationOld = await upload("locations", DAY + HOUR);
    const orphanFresh = await upload("properties", 23 * HOUR);
    const locationImage = await upload("locations", 3 * DAY);
    const propertyImage = await upload("properties", 3 * DAY);
    const propertyImageRelative = await upload("properties", 3 * DAY);
    const location = await createLocation({ name: "Созопол", image: locationImage.url });
    await createProperty({
      title: "Квартира",
      description: "У моря",
      price: 1,
      location_id: location.id,
      images: [propertyImage.url, propertyImageRelative.url.slice(1)],
    });

    const admin = await createAdmin("maintenance@example.com", "maintenance password 1");
    const live = await createSession(admin.id, 14);
    const expired = await createSession(admin.id, -1);
    expect(await getSessionAdmin(expired.token)).toBeNull();

    const report = await createMaintenance({ cacheDir }).tick();

    expect(report.sessions).toBe(1);
    const sessions = await queryRows<{ n: number }>(test.handle().db, sql`select count(*)::int as n from sessions`);
    expect(sessions[0]?.n).toBe(1);
    expect((await getSessionAdmin(live.token))?.id).toBe(admin.id);

    expect(report.orphans?.sort()).toEqual([orphanLocationOld.key, orphanOld.key].sort());
    expect(await exists(orphanOld.key)).toBe(false);
    expect(await exists(orphanLocationOld.key)).toBe(false);
    expect(variantsLeft(orphanOld.key)).toBe(0);
    for (const kept of [orphanFresh, locationImage, propertyImage, propertyImageRelative]) {
      expect(await exists(kept.key), kept.key).toBe(true);
      expect(variantsLeft(kept.key), kept.key).toBe(VARIANT_WIDTHS.length);
    }
    expect(report.backup).toBeNull();
  });

  it("leaves files outside locations/ and properties/ alone, and copes with an empty store", async () => {
    expect(await removeOrphanedUploads({ cacheDir })).toEqual([]);
    await store.put("other/old.jpg", new Uint8Array([1]), { contentType: "image/jpeg" });
    const file = path.join(root, "upload", "other", "old.jpg");
    fs.utimesSync(file, new Date(Date.now() - 5 * DAY), new Date(Date.now() - 5 * DAY));
    expect(await removeOrphanedUploads({ cacheDir })).toEqual([]);
    expect(fs.existsSync(file)).toBe(true);
  });

  it("looks for orphans at most once per sweep interval; a later tick catches a file that has aged meanwhile", async () => {
    const young = await upload("properties", 23 * HOUR);
    const maintenance = createMaintenance({ cacheDir, orphanSweepEveryMs: HOUR });
    const now = Date.now();
    expect((await maintenance.tick(now)).orphans).toEqual([]);
    expect((await maintenance.tick(now + 60_000)).orphans).toBeNull(); // not due
    expect((await maintenance.tick(now + 2 * HOUR)).orphans).toEqual([young.key]);
    expect(await exists(young.key)).toBe(false);
  });

  it("clears price-cut marks older than 60 days, at most once per expiry interval (decision 0024)", async () => {
    const location = await createLocation({ name: "Равда", image: "/upload/locations/r.jpg" });
    const cut = await createProperty({ title: "Скидка", description: "У моря", price: 100_000, location_id: location.id });
    await updateProperty(cut.id, { price: 90_000 });
    const reduction = async () =>
      (await queryRows<{ r: string | null }>(test.handle().db, sql`select price_reduction::text as r from real_estates where id = ${cut.id}`))[0]!.r;
    expect(await reduction()).toBe("0.1000");
    const maintenance = createMaintenance({ cacheDir, priceCutExpiryEveryMs: HOUR });
    const now = Date.now();
    expect((await maintenance.tick(now)).expiredPriceCuts).toBe(0); // a fresh mark stays
    await test.handle().db.execute(sql`alter table real_estates disable trigger real_estates_track_price`);
    await test.handle().db.execute(sql`update real_estates set price_reduced_at = now() - interval '61 days' where id = ${cut.id}`);
    await test.handle().db.execute(sql`alter table real_estates enable trigger real_estates_track_price`);
    expect((await maintenance.tick(now + 60_000)).expiredPriceCuts).toBeNull(); // not due
    expect(await reduction()).toBe("0.1000");
    expect((await maintenance.tick(now + 2 * HOUR)).expiredPriceCuts).toBe(1);
    expect(await reduction()).toBeNull();
  });

  it("a tick still running is not started twice", async () => {
    const maintenance = createMaintenance({ cacheDir });
    const [a, b] = [maintenance.tick(), maintenance.tick()];
    expect(a).toBe(b);
    await a;
    await maintenance.stop();
  });
});

describe("backups on the tick (PGlite)", () => {
  const dataDir = () => path.join(root, "data");
  const backupsDir = () => path.join(dataDir(), "backups");
  const files = () =>
    fs
      .readdirSync(backupsDir())
      .filter((f) => f.endsWith(".tar.gz"))
      .sort();
  // A stand-in for the embedded database: the dump itself is tested in tests/durability.
  const fakePglite = {
    kind: "pglite",
    pglite: { dumpDataDir: async () => new Blob([new Uint8Array([0x1f, 0x8b, 8, 0])]) },
  } as unknown as DatabaseHandle;

  it("rotates to BACKUP_KEEP on every tick and backs up on its own interval, counted from the newest backup", async () => {
    fs.mkdirSync(backupsDir(), { recursive: true });
    for (const day of ["01", "02", "03"]) fs.writeFileSync(path.join(backupsDir(), `pglite-2020-01-${day}T00-00-00-000Z-scheduled.tar.gz`), "old");
    fs.writeFileSync(path.join(backupsDir(), "pglite-2020-01-04T00-00-00-000Z-scheduled.tar.gz.partial"), "cut short");
    const maintenance = createMaintenance({
      cacheDir,
      backups: { handle: fakePglite, dataDir: dataDir(), keep: 2, intervalMs: 24 * HOUR },
    });
    const now = Date.now();

    // The newest backup was just written (its mtime): none due, old ones rotated away.
    const first = await maintenance.tick(now);
    expect(first.backup).toBeNull();
    expect(files()).toEqual(["pglite-2020-01-02T00-00-00-000Z-scheduled.tar.gz", "pglite-2020-01-03T00-00-00-000Z-scheduled.tar.gz"]);
    expect(fs.readdirSync(backupsDir()).some((f) => f.endsWith(".partial"))).toBe(false);

    expect((await maintenance.tick(now + HOUR)).backup).toBeNull();
    const due = await maintenance.tick(now + 25 * HOUR);
    expect(due.backup).toMatch(/pglite-.*-scheduled\.tar\.gz$/);
    expect(files()).toHaveLength(2);
    expect(files()).toContain(path.basename(due.backup!));
    // The interval restarts from that backup.
    expect((await maintenance.tick(now + 26 * HOUR)).backup).toBeNull();
  });

  it("with no backup yet, the first comes a few minutes after the start, then one per interval", async () => {
    const maintenance = createMaintenance({
      cacheDir,
      backups: { handle: fakePglite, dataDir: path.join(root, "new-site"), keep: 2, intervalMs: 24 * HOUR },
    });
    // After the start: a millisecond between the two (a loaded machine) must not make the first backup late.
    const now = Date.now();
    expect((await maintenance.tick(now)).backup).toBeNull();
    expect((await maintenance.tick(now + FIRST_BACKUP_AFTER_MS - 60_000)).backup).toBeNull();
    const first = await maintenance.tick(now + FIRST_BACKUP_AFTER_MS);
    expect(first.backup).toMatch(/pglite-.*-scheduled\.tar\.gz$/);
    expect((await maintenance.tick(now + FIRST_BACKUP_AFTER_MS + 23 * HOUR)).backup).toBeNull();
    expect((await maintenance.tick(now + FIRST_BACKUP_AFTER_MS + 24 * HOUR)).backup).toMatch(/scheduled\.tar\.gz$/);
    expect(FIRST_BACKUP_AFTER_MS).toBeLessThanOrEqual(10 * 60_000);
  });

  it("no backups with PostgreSQL or with BACKUP_INTERVAL_HOURS=0", async () => {
    const postgres = { kind: "postgres" } as unknown as DatabaseHandle;
    const later = Date.now() + 100 * DAY;
    expect((await createMaintenance({ cacheDir, backups: { handle: postgres, dataDir: dataDir(), keep: 2, intervalMs: HOUR } }).tick(later)).backup).toBeNull();
    expect((await createMaintenance({ cacheDir, backups: { handle: fakePglite, dataDir: dataDir(), keep: 2, intervalMs: 0 } }).tick(later)).backup).toBeNull();
    expect(fs.existsSync(backupsDir())).toBe(false);
  });
});
