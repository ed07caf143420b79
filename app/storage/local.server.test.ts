import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LocalStorage } from "./local.server";
import { makeObjectName, OBJECT_NAME_PATTERN, safeObjectKey } from "./object-names";
import { describeStorageContract } from "./storage-contract";

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

describeStorageContract("local folder", () => store);

describe("local storage driver", () => {
  it("keeps objects as files under the upload folder, leaving no temporary files", async () => {
    const key = makeObjectName("properties", "jpg");
    await store.put(key, new Uint8Array([0xff, 0xd8, 0xff]), { contentType: "image/jpeg" });
    expect(fs.existsSync(path.join(root, "upload", ...key.split("/")))).toBe(true);
    expect(await store.remove([key])).toEqual([key]);
    expect(fs.readdirSync(path.join(root, "upload", "properties"))).toEqual([]);
  });

  it("never writes outside its folder", async () => {
    await expect(store.put("../escape.jpg", new Uint8Array([1]), { contentType: "image/jpeg" })).rejects.toThrow();
    expect(fs.existsSync(path.join(root, "escape.jpg"))).toBe(false);
  });
});
