import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VARIANT_WIDTHS } from "~/lib/images";
import { createLocation } from "~/models/locations.server";
import { createProperty } from "~/models/real-estates.server";
import { variantFile } from "~/storage/image-variants.server";
import { adminFormPoster } from "../../../tests/support/admin-handler";
import { useTempImageStore } from "../../../tests/support/temp-image-store";
import { useTestDatabase } from "../../../tests/support/test-db";

/**
 * Issue 19: the admin pages release photos nothing shows any more exactly as
 * the REST API does (tests/api/storage-suite.ts) — the models do it, whoever
 * calls. Here through the admin pages' own actions, with a live session.
 */
const test = useTestDatabase();
const { store, cacheDir } = useTempImageStore(test, "admin-release", { asDataDir: true });

const ROUTE_MODULES = import.meta.glob(["./*.ts", "./*.tsx", "!./*.test.ts"]);

let counter = 0;
async function upload(type: "locations" | "properties") {
  const key = `${type}/${type}-1700000000000-adm${String(++counter).padStart(5, "0")}.jpg`;
  await store.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, counter]), { contentType: "image/jpeg" });
  const variant = variantFile(cacheDir, VARIANT_WIDTHS[0]!, key);
  fs.mkdirSync(path.dirname(variant), { recursive: true });
  fs.writeFileSync(variant, "webp");
  return { key, url: `/upload/${key}`, variant };
}
const stored = async (key: string) => (await store.head(key)) !== null;

const signedIn = () => adminFormPoster(ROUTE_MODULES, "release@example.com");

describe("the admin pages release unused photos at once, as the API does", () => {
  it("saving a property without a photo removes it; deleting the property from the list removes the rest", async () => {
    const post = await signedIn();
    const [a, b] = [await upload("properties"), await upload("properties")];
    const location = await createLocation({ name: "Лозенец", image: (await upload("locations")).url });
    const property = await createProperty({ title: "Студио", description: "До морето", price: 50_000, location_id: location.id, images: [a.url, b.url] });

    const saved = await post(`/admin/real-estates/edit/${property.id}`, {
      title: "Студио",
      description: "До морето",
      price: "50000",
      location_id: location.id,
      property_type: "apartment",
      images: [b.url],
    });
    expect(saved.status).toBe(302);
    expect(await stored(a.key)).toBe(false);
    expect(fs.existsSync(a.variant)).toBe(false);
    expect(await stored(b.key)).toBe(true);

    expect((await post("/admin/real-estates", { intent: "delete", id: property.id })).status).toBe(200);
    expect(await stored(b.key)).toBe(false);
    expect(fs.existsSync(b.variant)).toBe(false);
  });

  it("changing a location's picture removes the old one; deleting the location removes its picture and its properties' photos", async () => {
    const post = await signedIn();
    const [first, second, photo] = [await upload("locations"), await upload("locations"), await upload("properties")];
    const location = await createLocation({ name: "Черноморец", image: first.url });
    await createProperty({ title: "Къща", description: "С двор", price: 1, location_id: location.id, images: [photo.url] });

    expect((await post(`/admin/locations/edit/${location.id}`, { name: "Черноморец", name_bg: "", image: second.url })).status).toBe(302);
    expect(await stored(first.key)).toBe(false);
    expect(await stored(second.key)).toBe(true);

    expect((await post("/admin/locations", { intent: "delete", id: location.id })).status).toBe(200);
    expect(await stored(second.key)).toBe(false);
    expect(await stored(photo.key)).toBe(false);
    expect(fs.existsSync(photo.variant)).toBe(false);
  });
});
