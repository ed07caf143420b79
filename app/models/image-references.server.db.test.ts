import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VARIANT_WIDTHS } from "~/lib/images";
import { variantFile } from "~/storage/image-variants.server";
import { setStorage } from "~/storage/index.server";
import { type LocalStorage } from "~/storage/local.server";
import type { ObjectStorage } from "~/storage/storage.server";
import { allGive, expectMaps } from "../../tests/support/table-test";
import { useTempImageStore } from "../../tests/support/temp-image-store";
import { useTestDatabase } from "../../tests/support/test-db";
import { removeImagesIfUnused, uploadKeyOf } from "./image-references.server";
import { createLocation, deleteLocation, listLocations, updateLocation } from "./locations.server";
import { createProperty, deleteProperty, updateProperty } from "./real-estates.server";

const test = useTestDatabase();

const { root, store, cacheDir } = useTempImageStore(test, "image-refs", { asDataDir: true });

let counter = 0;
/** An uploaded image (any bytes will do here) with all its cached variants. */
async function upload(type: "locations" | "properties"): Promise<{ key: string; url: string }> {
  const key = `${type}/${type}-1700000000000-ref${String(++counter).padStart(5, "0")}.jpg`;
  await store.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, counter & 0xff]), { contentType: "image/jpeg" });
  for (const width of VARIANT_WIDTHS) {
    const file = variantFile(cacheDir, width, key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "webp");
  }
  return { key, url: store.publicUrl(key) };
}

async function exists(key: string): Promise<boolean> {
  return (await store.head(key)) !== null;
}
function variantsLeft(key: string): number {
  return VARIANT_WIDTHS.filter((w) => fs.existsSync(variantFile(cacheDir, w, key))).length;
}

const remove = (urls: unknown[]) => removeImagesIfUnused(urls, { cacheDir });

describe("uploadKeyOf", () => {
  it("reads our /upload/ paths only", () => {
    const others: unknown[] = [
      "https://cdn.example.com/upload/properties/properties-1-a.jpg",
      "http://example.com/x.jpg",
      "data:image/png;base64,iVBORw0KGgo=",
      "//evil.example/upload/properties/a.jpg",
      "/upload/../db/pglite/PG_VERSION",
      "/upload/properties/%2e%2e/%2e%2e/secret",
      "/upload/properties/a%00.jpg",
      "/upload/backups/dump.tar",
      "/upload/properties",
      "/upload/properties/%E0%A4%A",
      "/assets/logo.png",
      "",
      42,
      null,
    ];
    expectMaps(uploadKeyOf, [
      ["/upload/properties/properties-1-a.jpg", "properties/properties-1-a.jpg"],
      ["upload/locations/locations-1-a.jpg", "locations/locations-1-a.jpg"],
      ["/upload/properties/%D1%84%D0%BE%D1%82%D0%BE.jpg?v=1", "properties/фото.jpg"],
      ...allGive(others, null),
    ]);
  });
});

describe("removeImagesIfUnused", () => {
  it("saving a property without a photo, or deleting it, removes the photos nothing else shows, with their variants, at once", async () => {
    const a = await upload("properties");
    const b = await upload("properties");
    const loc = await createLocation({ name: "Несебър", image: (await upload("locations")).url });
    const property = await createProperty({ title: "Квартира", description: "У моря", price: 1, location_id: loc.id, images: [a.url, b.url] });

    // Still used: nothing happens.
    expect(await remove([a.url, b.url])).toEqual([]);
    expect(await exists(a.key)).toBe(true);
    expect(variantsLeft(a.key)).toBe(VARIANT_WIDTHS.length);
    // Saved without touching the photos: they stay.
    await updateProperty(property.id, { price: 2 });
    expect(await exists(a.key)).toBe(true);

    // The property drops `a`: only `a` goes, with its variants.
    await updateProperty(property.id, { images: [b.url] });
    expect(await exists(a.key)).toBe(false);
    expect(variantsLeft(a.key)).toBe(0);
    expect(await exists(b.key)).toBe(true);
    expect(variantsLeft(b.key)).toBe(VARIANT_WIDTHS.length);

    // The property is deleted: `b` goes too. A later call is harmless.
    expect(await deleteProperty(property.id)).toBe(true);
    expect(await exists(b.key)).toBe(false);
    expect(variantsLeft(b.key)).toBe(0);
    expect(await remove([b.url])).toEqual([]);
  });

  it("keeps an image another property or a location still shows", async () => {
    const shared = await upload("properties");
    const loc = await createLocation({ name: "Поморие", image: shared.url });
    const p1 = await createProperty({ title: "Дом 1", description: "Д", price: 1, location_id: loc.id, images: [shared.url] });
    const p2 = await createProperty({ title: "Дом 2", description: "Д", price: 1, location_id: loc.id, images: ["/upload/x.jpg", shared.url] });

    await deleteProperty(p1.id);
    expect(await exists(shared.key)).toBe(true);
    await deleteProperty(p2.id);
    // The location still uses it as its picture.
    expect(await exists(shared.key)).toBe(true);

    await updateLocation(loc.id, { image: "/upload/locations/other.jpg" });
    expect(await exists(shared.key)).toBe(false);
  });

  it("location pictures: removed at once after an update or a delete, with its properties' photos", async () => {
    const first = await upload("locations");
    const second = await upload("locations");
    const photo = await upload("properties");
    const loc = await createLocation({ name: "Обзор", image: first.url });
    await createProperty({ title: "Студио", description: "С", price: 1, location_id: loc.id, images: [photo.url] });
    await updateLocation(loc.id, { name: "Обзор 2" });
    expect(await exists(first.key)).toBe(true);
    await updateLocation(loc.id, { image: second.url });
    expect(await exists(first.key)).toBe(false);
    expect(variantsLeft(first.key)).toBe(0);
    expect(await deleteLocation(loc.id)).toBe(true);
    expect(await exists(second.key)).toBe(false);
    expect(await exists(photo.key)).toBe(false);
    expect(variantsLeft(photo.key)).toBe(0);
  });

  it("counts a reference in any spelling: relative, URL-encoded, or an absolute link to our /upload/", async () => {
    const relative = await upload("properties");
    const absolute = await upload("properties");
    const loc = await createLocation({ name: "Созопол", image: `https://seaside.example/upload/${absolute.key}` });
    await createProperty({ title: "Студия", description: "С", price: 1, location_id: loc.id, images: [relative.url.slice(1)] });
    expect(await remove([relative.url, absolute.url, `/upload/${absolute.key.replaceAll("-", "%2D")}`])).toEqual([]);
    expect(await exists(relative.key)).toBe(true);
    expect(await exists(absolute.key)).toBe(true);
  });

  it("ignores absolute, data: and foreign URLs, duplicates and garbage; never leaves the upload folder", async () => {
    const a = await upload("properties");
    fs.writeFileSync(path.join(root, "secret.txt"), "keep me");
    const removed = await remove([
      a.url,
      a.url,
      `https://cdn.example.com${a.url}`,
      "data:image/png;base64,iVBORw0KGgo=",
      "/upload/../secret.txt",
      "/upload/properties/%2e%2e/%2e%2e/secret.txt",
      "/upload/properties/missing.jpg",
      "",
      null,
      17,
    ]);
    expect(removed).toEqual([a.key]);
    expect(fs.readFileSync(path.join(root, "secret.txt"), "utf8")).toBe("keep me");
    expect(await remove([])).toEqual([]);
  });

  it("treats SQL-looking and LIKE-pattern paths as plain text (parameterised)", async () => {
    const odd = "properties/properties-1700000000000-%_x.jpg";
    await store.put(odd, new Uint8Array([1]), { contentType: "image/jpeg" });
    // As a LIKE pattern, the odd key would match this location's picture: it must not count.
    await createLocation({ name: "Равда", image: "/upload/properties/properties-1700000000000-abcx.jpg" });
    expect(await remove([`/upload/${odd.replaceAll("%", "%25")}`])).toEqual([odd]);
    expect(await remove(["/upload/properties/x'); drop table locations; --.jpg"])).toEqual([]);
    expect(await listLocations()).toHaveLength(1);
  });

  it("is best effort: a failing store is logged, not thrown", async () => {
    const a = await upload("properties");
    const failing: ObjectStorage = Object.assign(Object.create(store) as LocalStorage, {
      remove: () => Promise.reject(new Error("disk gone")),
    });
    setStorage(failing);
    try {
      expect(await remove([a.url])).toEqual([]);
    } finally {
      setStorage(store);
    }
    expect(await exists(a.key)).toBe(true);
  });
});
