import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LocalStorage } from "./local.server";
import { makeObjectName, OBJECT_NAME_PATTERN, safeObjectKey } from "./object-names";
import { UnsafeKeyError } from "./storage.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-storage-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const store = new LocalStorage(path.join(root, "upload"));

describe("object names (SPEC §3)", () => {
  it("follow {type}/{type}-{timestamp}-{random}.{ext}", () => {
    const name = makeObjectName("properties", ".WEBP", 1_700_000_000_000);
    expect(name).toMatch(/^properties\/properties-1700000000000-[a-z0-9]{8}\.webp$/);
    expect(name).toMatch(OBJECT_NAME_PATTERN);
    expect(makeObjectName("locations", "jpg")).toMatch(/^locations\/locations-\d{13}-[a-z0-9]{8}\.jpg$/);
    expect(makeObjectName("locations", "jpg")).not.toBe(makeObjectName("locations", "jpg"));
  });

  it("keys: a leading slash is removed; traversal, empty and control characters refused", () => {
    expect(safeObjectKey("/properties/a.jpg")).toBe("properties/a.jpg");
    for (const bad of ["", "/", "../a.jpg", "a/../../b", "a//b", "a/./b", "a\\b", "a\u0000.jpg", 5, null]) {
      expect(safeObjectKey(bad)).toBeNull();
    }
  });
});

describe("local storage driver", () => {
  it("puts, gets, heads, lists and removes objects under the upload folder", async () => {
    const key = makeObjectName("properties", "jpg");
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const stored = await store.put(`/${key}`, bytes, { contentType: "image/jpeg" });
    expect(stored).toMatchObject({ key, size: 7, contentType: "image/jpeg" });
    expect(fs.existsSync(path.join(root, "upload", ...key.split("/")))).toBe(true);
    expect((await store.get(key))!.body).toEqual(Buffer.from(bytes));
    expect((await store.head(key))!.contentType).toBe("image/jpeg");
    expect(store.publicUrl(key)).toBe(`/upload/${key}`);

    await store.put("locations/locations-1-a.png", new Uint8Array([1]), { contentType: "image/png" });
    expect((await store.list("properties/")).map((o) => o.key)).toEqual([key]);
    expect((await store.list("")).length).toBe(2);

    expect(await store.remove([key, "properties/missing.jpg"])).toEqual([key]);
    expect(await store.get(key)).toBeNull();
    // No temporary files are left behind.
    expect(fs.readdirSync(path.join(root, "upload", "properties"))).toEqual([]);
  });

  it("refuses keys that would leave the folder", async () => {
    await expect(store.put("../escape.jpg", new Uint8Array([1]), { contentType: "image/jpeg" })).rejects.toThrow(UnsafeKeyError);
    await expect(store.get("a/../../etc/passwd")).rejects.toThrow(UnsafeKeyError);
    expect(fs.existsSync(path.join(root, "escape.jpg"))).toBe(false);
  });

  it("encodes unusual characters in public URLs", () => {
    expect(store.publicUrl("properties/фото 1.jpg")).toBe("/upload/properties/%D1%84%D0%BE%D1%82%D0%BE%201.jpg");
  });
});
