import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMaintenance, removeOrphanedUploads } from "~/jobs/maintenance.server";
import { storeKeyOf } from "~/lib/image-keys";
import { resetEnvForTests } from "~/platform/env.server";
import { setLogLevel } from "~/platform/log.server";
import { setStorage } from "~/storage/index.server";
import { LocalStorage } from "~/storage/local.server";
import { S3Storage } from "~/storage/s3.server";
import type { ObjectStorage } from "~/storage/storage.server";
import { listTrash } from "~/storage/trash.server";
import { spellingsOf, storeKey } from "../../tests/support/image-spellings";
import { deleteTestImage } from "~/web/diagnostics.server";
import { SESSION_COOKIE } from "~/web/identity.server";
import { adminFormPoster, adminHandler } from "../../tests/support/admin-handler";
import { createAdmin } from "./admins.server";
import { createSession } from "./sessions.server";
import { resetDatabase, useTestDatabase } from "../../tests/support/test-db";
import { saveAgentCard } from "./agent-card.server";
import { sweepHalted } from "./image-references.server";
import { listTrashedImages, photoTrashStatus, restoreTrashedImage } from "./image-trash.server";
import { createLocation, updateLocation } from "./locations.server";
import { createProperty, deleteProperty, updateProperty } from "./real-estates.server";
import { ListingEngine } from "./listing.server";
import { searchAdminProperties } from "./admin-lists.server";
import { EMPTY_QUERY } from "~/lib/listing-query";

/**
 * Issue 30 §1, decision 0031: photos referenced in any spelling the site
 * accepts survive the orphan sweep; what the release or the sweep removes
 * goes to the trash, comes back at its key and is purged after the
 * retention; a sweep that would remove too much removes nothing. On the
 * local folder and on S3 (s3rver), on both databases.
 */
const test = useTestDatabase();
const SITE = "https://seaside.example";
const DAY = 24 * 60 * 60 * 1000;
const later = (days: number) => Date.now() + days * DAY;

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: Record<string, unknown>) => S3rverInstance;
const ROUTE_MODULES = import.meta.glob(["../routes/admin/*.ts", "../routes/admin/*.tsx", "!../routes/admin/*.test.ts"]);
const adminModules = Object.fromEntries(Object.entries(ROUTE_MODULES).map(([file, load]) => [file.replace("../routes/admin/", "./"), load]));

const envBefore = { PUBLIC_URL: process.env.PUBLIC_URL, DATA_DIR: process.env.DATA_DIR };

describe.each(["local", "s3"] as const)("photo references and the trash (%s store)", (driver) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `seaside-trash-${driver}-`));
  let store: ObjectStorage;
  let s3rver: S3rverInstance | undefined;
  let bucket = 0;
  let s3Endpoint = "";

  beforeAll(async () => {
    setLogLevel("silent");
    process.env.PUBLIC_URL = SITE;
    process.env.DATA_DIR = tmp;
    resetEnvForTests();
    if (driver === "s3") {
      s3rver = new S3rver({
        address: "127.0.0.1",
        port: 0,
        silent: true,
        directory: path.join(tmp, "s3"),
        configureBuckets: Array.from({ length: 12 }, (_, i) => ({ name: `b${i}` })),
      });
      s3Endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
    }
  });
  beforeEach(async () => {
    await resetDatabase(test.handle());
    store =
      driver === "local"
        ? new LocalStorage(fs.mkdtempSync(path.join(tmp, "upload-")))
        : new S3Storage({
            endpoint: s3Endpoint,
            region: "us-east-1",
            bucket: `b${bucket++}`,
            accessKeyId: "S3RVER",
            secretAccessKey: "S3RVER",
            forcePathStyle: true,
          });
    setStorage(store);
  });
  afterAll(async () => {
    setStorage(undefined);
    await s3rver?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
    for (const [name, value] of Object.entries(envBefore)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvForTests();
  });

  let counter = 0;
  async function put(key?: string): Promise<string> {
    const k = key ?? `properties/properties-1700000000000-t${String(++counter).padStart(6, "0")}.jpg`;
    await store.put(k, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, counter & 0xff]), { contentType: "image/jpeg" });
    return k;
  }
  const stored = async (key: string) => (await store.head(key)) !== null;

  /** Generated keys, each stored, with one spelling of it the site reads as that key. */
  async function storedSample(seed: number): Promise<{ key: string; ref: string }[]> {
    const pairs = fc.sample(fc.tuple(storeKey, fc.nat()), { numRuns: 24, seed }).map(([key, pick]) => {
      const spellings = spellingsOf(key).filter((s) => storeKeyOf(s, { siteOrigins: [SITE] }) === key);
      return { key, ref: spellings[pick % spellings.length]! };
    });
    // Distinct keys only (the sample may repeat one).
    const byKey = [...new Map(pairs.map((p) => [p.key, p])).values()];
    // The local folder cannot hold a file where another key needs a folder.
    const unique = byKey.filter((p) => !byKey.some((q) => q.key.startsWith(`${p.key}/`)));
    for (const { key } of unique) await put(key);
    return unique;
  }

  it("a photo referenced by its Storage API public URL survives the sweep (the orphan beside it goes to the trash)", async () => {
    const [photo, cover, agent] = [await put(), await put("locations/locations-1700000000000-sozopol.webp"), await put()];
    const location = await createLocation({ name: "Созопол", image: `${SITE}/storage/v1/object/public/images/${cover}` });
    await createProperty({
      title: "Вилла",
      description: "У моря",
      price: 1,
      location_id: location.id,
      images: [`${SITE}/storage/v1/object/public/images/${photo}`],
    });
    await saveAgentCard({ name: "Анна", photo: `/upload/${agent}` });
    const orphan = await put();

    // Three days later the hourly sweep runs: only the orphan goes (to the trash).
    expect(await removeOrphanedUploads({ now: later(3) })).toEqual([orphan]);
    for (const key of [photo, cover, agent]) expect(await stored(key), key).toBe(true);
    expect(await stored(orphan)).toBe(false);
    expect((await listTrashedImages()).map((e) => [e.key, e.reason])).toEqual([[orphan, "sweep"]]);
  });

  it("pages show a photo stored as its bare path or Storage API path from /upload/ (cards, map points, the admin list)", async () => {
    const [a, b] = [await put(), await put()];
    const location = await createLocation({ name: "Равда", image: `images/${b}` });
    const property = await createProperty({
      title: "Студио",
      description: "У моря",
      price: 1,
      location_id: location.id,
      images: [`/storage/v1/object/public/images/${a}`],
      lat: 42.6,
      lng: 27.6,
    });
    const engine = new ListingEngine();
    const { items } = await engine.search({ ...EMPTY_QUERY, locationId: location.id }, { pageSize: 10 });
    expect(items.map((i) => i.cover)).toEqual([`/upload/${a}`]);
    const { points } = await engine.points({ ...EMPTY_QUERY, locationId: location.id }, { limit: 10 });
    expect(points.map((p) => p.image)).toEqual([`/upload/${a}`]);
    expect((await searchAdminProperties({ locationId: location.id })).items.map((p) => [p.id, p.cover])).toEqual([[property.id, `/upload/${a}`]]);
  });

  it("the diagnostics' delete test reads any spelling: a photo in use by its Storage API URL is refused, an unused one by its bare path goes", async () => {
    const [used, unused] = [await put(), await put()];
    const location = await createLocation({ name: "Обзор", image: `${SITE}/storage/v1/object/public/images/${used}` });
    expect(location.id).toBeTruthy();
    expect(await deleteTestImage(`${SITE}/storage/v1/object/public/images/${used}`)).toMatchObject({
      status: "error",
      detail: "The image is used by a location or property.",
    });
    expect(await stored(used)).toBe(true);
    expect(await deleteTestImage(unused)).toMatchObject({ status: "success", removedPath: unused });
    expect(await stored(unused)).toBe(false);
  });

  it("for any key and any spelling, the sweep keeps the file (property images, a location's image, the agent card's photo)", async () => {
    const unique = await storedSample(30);
    const [first, ...rest] = unique;
    const location = await createLocation({ name: "Несебър", image: first!.ref });
    await createProperty({ title: "Квартира", description: "У моря", price: 1, location_id: location.id, images: rest.map((p) => p.ref) });
    const agent = await put();
    await saveAgentCard({ name: "Анна", photo: `/upload/${agent.split("/").map(encodeURIComponent).join("/")}` });

    expect(await removeOrphanedUploads({ now: later(3) })).toEqual([]);
    for (const { key, ref } of unique) expect(await stored(key), `${key} as ${ref}`).toBe(true);
    expect(await stored(agent)).toBe(true);
    expect(await sweepHalted()).toBeNull();
  });

  it("for any key and any spelling, the release after an edit keeps a file another property still shows", async () => {
    const unique = await storedSample(31);
    const location = await createLocation({ name: "Царево", image: "https://elsewhere.example/tsarevo.jpg" });
    const shows = (images: string[], title: string) => createProperty({ title, description: "У моря", price: 1, location_id: location.id, images });
    // One property shows each file in some spelling; another shows it as /upload/… and then drops it.
    await shows(
      unique.map((p) => p.ref),
      "Квартира",
    );
    const other = await shows(
      unique.map((p) => `/upload/${p.key.split("/").map(encodeURIComponent).join("/")}`),
      "Студио",
    );
    await updateProperty(other.id, { images: [] });
    for (const { key, ref } of unique) expect(await stored(key), `${key} as ${ref}`).toBe(true);
    expect(await listTrashedImages()).toEqual([]);
  });

  it("the release after an edit keeps a file shown in each spelling, one at a time (ASCII and Cyrillic names)", async () => {
    const location = await createLocation({ name: "Китен", image: "https://elsewhere.example/kiten.jpg" });
    for (const key of ["properties/photo-1.jpg", "properties/фото 1.jpg"]) {
      await put(key);
      for (const ref of spellingsOf(key).filter((s) => storeKeyOf(s, { siteOrigins: [SITE] }) === key)) {
        const keeper = await createProperty({ title: "Квартира", description: "У моря", price: 1, location_id: location.id, images: [ref] });
        const other = await createProperty({
          title: "Студио",
          description: "У моря",
          price: 1,
          location_id: location.id,
          images: [`/upload/${key.split("/").map(encodeURIComponent).join("/")}`],
        });
        await updateProperty(other.id, { images: [] });
        expect(await stored(key), `${key} as ${ref}`).toBe(true);
        await deleteProperty(other.id);
        await deleteProperty(keeper.id);
        // Its last reference went, so the file went to the trash: store it again for the next spelling.
        await put(key);
      }
    }
  });

  it("the release after an edit moves the photo to the trash; restoring brings it back at its key; the tick purges it after the retention", async () => {
    const [kept, dropped, oldCover] = [await put(), await put(), await put("locations/locations-1700000000000-old.jpg")];
    const location = await createLocation({ name: "Поморие", image: oldCover });
    const property = await createProperty({
      title: "Дом",
      description: "У моря",
      price: 1,
      location_id: location.id,
      images: [`${SITE}/storage/v1/object/public/images/${kept}`, `images/${dropped}`],
    });
    await updateProperty(property.id, { images: [`${SITE}/storage/v1/object/public/images/${kept}`] });
    await updateLocation(location.id, { image: null });
    expect(await stored(kept)).toBe(true);
    expect(await stored(dropped)).toBe(false);
    expect(await stored(oldCover)).toBe(false);
    const trash = await listTrashedImages();
    expect(trash.map((e) => e.key).sort()).toEqual([dropped, oldCover].sort());
    expect(trash.every((e) => e.reason === "edit" && e.size === 5)).toBe(true);

    // «Восстановить»: back at the same key, with the same bytes, gone from the trash.
    const entry = trash.find((e) => e.key === dropped)!;
    expect(await restoreTrashedImage(entry.trashKey)).toBe(dropped);
    expect((await store.get(dropped))!.body.byteLength).toBe(5);
    expect((await listTrashedImages()).map((e) => e.key)).toEqual([oldCover]);
    // A second restore of the same entry, or over a file stored again, is refused in Russian.
    await expect(restoreTrashedImage(entry.trashKey)).rejects.toThrow("Этого файла уже нет в корзине");
    // The restored photo is shown again (else the next sweep would take it back to the trash).
    await updateProperty(property.id, { images: [`${SITE}/storage/v1/object/public/images/${kept}`, `/upload/${dropped}`] });

    // The maintenance tick purges what is older than the retention, not before.
    const maintenance = createMaintenance({ trashRetentionMs: 30 * DAY });
    expect((await maintenance.tick(later(29))).purged).toEqual([]);
    const purged = await createMaintenance({ trashRetentionMs: 30 * DAY }).tick(later(31));
    expect(purged.purged).toHaveLength(1);
    expect(await listTrash(store)).toEqual([]);
    expect(await stored(oldCover)).toBe(false);
  });

  it("a restore over a file stored again at the key is refused and keeps both", async () => {
    const key = await put();
    const location = await createLocation({ name: "Бяла", image: `/upload/${key}` });
    await updateLocation(location.id, { image: null });
    const [entry] = await listTrashedImages();
    await put(key);
    await expect(restoreTrashedImage(entry!.trashKey)).rejects.toThrow(`По адресу ${key} уже есть другой файл`);
    expect(await stored(key)).toBe(true);
    expect(await listTrashedImages()).toHaveLength(1);
  });

  it("the valve: a sweep that would remove more than 10 % of the store removes nothing, and the dashboard says so", async () => {
    const keys: string[] = [];
    for (let i = 0; i < 12; i++) keys.push(await put());
    // Twelve photos none of which the catalogue names (as when references are in a spelling the site does not read): all look unused.
    const location = await createLocation({ name: "Балчик", image: "https://elsewhere.example/balchik.jpg" });
    const property = await createProperty({
      title: "Дом",
      description: "У моря",
      price: 1,
      location_id: location.id,
      images: keys.map((_, i) => `https://elsewhere.example/photo-${i}.jpg`),
    });

    expect(await removeOrphanedUploads({ now: later(3) })).toEqual([]);
    for (const key of keys) expect(await stored(key)).toBe(true);
    expect(await listTrashedImages()).toEqual([]);
    expect(await sweepHalted()).toMatchObject({ wouldRemove: 12, total: 12 });
    const { loader } = await import("~/routes/admin/dashboard");
    const dashboard = await loader();
    expect(dashboard.photoTrash.halted).toEqual({ wouldRemove: 12, total: 12 });
    // The dashboard's block, as rendered.
    const { PhotoTrashNotice } = await import("~/components/admin/photo-trash-notice");
    const html = renderToString(createElement(MemoryRouter, null, createElement(PhotoTrashNotice, dashboard.photoTrash)));
    expect(html).toContain(
      "Автоочистка фото остановлена: она удалила бы 12 из 12 файлов (больше 10 %). Ничего не удалено. Проверьте, как объекты ссылаются на фото, или восстановите нужное из корзины.",
    );
    expect(html).toContain('role="alert"');

    // Ten or fewer files may always go (a small site's abandoned uploads): the next sweep clears the halt.
    await updateProperty(property.id, { images: keys.slice(2).map((k) => `/upload/${k}`) });
    expect((await removeOrphanedUploads({ now: later(3) })).sort()).toEqual(keys.slice(0, 2).sort());
    expect(await sweepHalted()).toBeNull();
    expect((await photoTrashStatus()).count).toBe(2);
    expect(renderToString(createElement(MemoryRouter, null, createElement(PhotoTrashNotice, await photoTrashStatus())))).not.toContain("остановлена");
  });

  it("the admin trash page restores a file; its thumbnails are for administrators only", async () => {
    const key = await put();
    const location = await createLocation({ name: "Царево", image: `/upload/${key}` });
    await updateLocation(location.id, { image: null });
    const [entry] = await listTrashedImages();
    const post = await adminFormPoster(adminModules, "trash@example.com");
    const request = await adminHandler(adminModules);
    const thumbnail = `/admin/trash/file?key=${encodeURIComponent(entry!.trashKey)}`;
    // Signed out: to the sign-in page, not the file.
    const anonymous = await request(thumbnail);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login/);
    const admin = await createAdmin("thumbs@example.com", "admin test password 123");
    const { token } = await createSession(admin.id, 1);
    const shown = await request(thumbnail, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Content-Type")).toBe("image/jpeg");
    expect(shown.headers.get("Cache-Control")).toContain("no-store");
    expect((await shown.arrayBuffer()).byteLength).toBe(5);
    expect((await request(`/admin/trash/file?key=${encodeURIComponent(key)}`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } })).status).toBe(404);

    const answer = await post("/admin/trash", { trashKey: entry!.trashKey });
    expect(answer.status).toBe(200);
    expect(await stored(key)).toBe(true);
    expect(await listTrashedImages()).toEqual([]);
    // Hostile input: a clear 4xx in Russian, nothing changed.
    const bad = await post("/admin/trash", { trashKey: "../../etc/passwd" });
    expect(bad.status).toBe(404);
    expect(await stored(key)).toBe(true);
  });
});
