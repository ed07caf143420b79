import { describe, expect, it } from "vitest";
import { makeObjectName } from "./object-names";
import { UnsafeKeyError, type ObjectStorage } from "./storage.server";

/**
 * The behaviour every storage driver must have (app/storage/storage.server.ts),
 * run against each driver: local.server.test.ts (a temporary folder) and
 * s3.server.test.ts (s3rver, a local S3-compatible server on 127.0.0.1).
 * `store()` is read inside the tests, so a driver may be set up in beforeAll.
 */
export function describeStorageContract(name: string, store: () => ObjectStorage) {
  describe(`storage contract: ${name}`, () => {
    it("is the images bucket", () => {
      expect(store().bucket).toBe("images");
    });

    it("puts, gets, heads, lists and removes objects", async () => {
      const s = store();
      const key = makeObjectName("properties", "jpg");
      const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
      const stored = await s.put(`/${key}`, bytes, { contentType: "image/jpeg", cacheControlSeconds: 3600 });
      expect(stored).toMatchObject({ key, size: 7, contentType: "image/jpeg" });
      const got = (await s.get(key))!;
      expect(got.body).toEqual(Buffer.from(bytes));
      expect(got).toMatchObject({ key, size: 7, contentType: "image/jpeg" });
      expect(got.updatedAt).toBeInstanceOf(Date);
      expect(Math.abs(got.updatedAt.getTime() - Date.now())).toBeLessThan(60_000);
      expect(await s.head(key)).toMatchObject({ key, size: 7, contentType: "image/jpeg" });
      expect(s.publicUrl(key)).toBe(`/upload/${key}`);

      const other = makeObjectName("locations", "png");
      await s.put(other, new Uint8Array([1]), { contentType: "image/png" });
      expect((await s.list("properties/")).map((o) => o.key)).toEqual([key]);
      const all = await s.list("");
      expect(all.map((o) => o.key)).toEqual([other, key]);
      expect(all[1]).toMatchObject({ key, size: 7 });

      expect(await s.remove([key, "properties/missing.jpg"])).toEqual([key]);
      expect(await s.get(key)).toBeNull();
      expect(await s.head(key)).toBeNull();
      expect(await s.remove([other])).toEqual([other]);
      expect(await s.list("")).toEqual([]);
    });

    it("replaces an object on a second put", async () => {
      const s = store();
      await s.put("tests/replace.txt", new TextEncoder().encode("one"), { contentType: "text/plain; charset=utf-8" });
      await s.put("tests/replace.txt", new TextEncoder().encode("second"), { contentType: "text/plain; charset=utf-8" });
      expect((await s.get("tests/replace.txt"))!.body.toString()).toBe("second");
      expect((await s.head("tests/replace.txt"))!.size).toBe(6);
      expect(await s.remove(["tests/replace.txt"])).toEqual(["tests/replace.txt"]);
    });

    it("lists by prefix, sorted by key, across folders", async () => {
      const s = store();
      const keys = ["list/b/2.txt", "list/a.txt", "list/b/1.txt", "listing.txt"];
      for (const key of keys) await s.put(key, new Uint8Array([7]), { contentType: "text/plain; charset=utf-8" });
      expect((await s.list("list/")).map((o) => o.key)).toEqual(["list/a.txt", "list/b/1.txt", "list/b/2.txt"]);
      expect((await s.list("list")).map((o) => o.key)).toEqual(["list/a.txt", "list/b/1.txt", "list/b/2.txt", "listing.txt"]);
      expect(await s.list("nothing/")).toEqual([]);
      expect((await s.remove(keys)).sort()).toEqual([...keys].sort());
    });

    it("refuses keys that would leave the bucket", async () => {
      const s = store();
      await expect(s.put("../escape.jpg", new Uint8Array([1]), { contentType: "image/jpeg" })).rejects.toThrow(UnsafeKeyError);
      await expect(s.get("a/../../etc/passwd")).rejects.toThrow(UnsafeKeyError);
      await expect(s.head("")).rejects.toThrow(UnsafeKeyError);
      await expect(s.remove(["ok.txt", "a//b"])).rejects.toThrow(UnsafeKeyError);
      expect(() => s.publicUrl("../x")).toThrow(UnsafeKeyError);
    });

    it("encodes unusual characters in public URLs and keeps them in keys", async () => {
      const s = store();
      expect(s.publicUrl("properties/фото 1.jpg")).toBe("/upload/properties/%D1%84%D0%BE%D1%82%D0%BE%201.jpg");
      await s.put("properties/фото 1.jpg", new Uint8Array([1, 2]), { contentType: "image/jpeg" });
      expect((await s.get("properties/фото 1.jpg"))!.body).toEqual(Buffer.from([1, 2]));
      expect((await s.list("properties/")).map((o) => o.key)).toEqual(["properties/фото 1.jpg"]);
      expect(await s.remove(["properties/фото 1.jpg"])).toEqual(["properties/фото 1.jpg"]);
    });
  });
}
