import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { LocalStorage } from "./local.server";
import { makeObjectName, OBJECT_NAME_PATTERN, safeObjectKey } from "./object-names";
import { describeStorageContract } from "./storage-contract";
import { KeyConflictError, ObjectExistsError, UnsafeKeyError } from "./storage.server";

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

  it("lists while another request deletes: a file that vanishes between readdir and stat is left out", async () => {
    const keys = ["race/a.jpg", "race/b.jpg", "race/c.jpg"];
    for (const key of keys) await store.put(key, new Uint8Array([1]), { contentType: "image/jpeg" });
    const realStat = fsp.stat;
    // The deletion lands exactly between finding b.jpg and reading its size.
    const stat = vi.spyOn(fsp, "stat").mockImplementation(async (file, ...rest) => {
      if (String(file).endsWith(`${path.sep}b.jpg`)) await fsp.unlink(file as string);
      return realStat(file, ...(rest as [])) as never;
    });
    try {
      expect((await store.list("race/")).map((o) => o.key)).toEqual(["race/a.jpg", "race/c.jpg"]);
    } finally {
      stat.mockRestore();
    }
    expect(await store.remove(keys)).toEqual(["race/a.jpg", "race/c.jpg"]);
  });

  it("a key that names a folder, or goes through a file, is missing for reads and removal, and a conflict for writes", async () => {
    await store.put("nest/a.jpg", new Uint8Array([1]), { contentType: "image/jpeg" });
    expect(await store.get("nest")).toBeNull();
    expect(await store.get("nest/a.jpg/b.jpg")).toBeNull();
    expect(await store.remove(["nest", "nest/a.jpg/b.jpg"])).toEqual([]);
    await expect(store.put("nest", new Uint8Array([1]), { contentType: "image/jpeg" })).rejects.toThrow(KeyConflictError);
    await expect(store.put("nest/a.jpg/b.jpg", new Uint8Array([1]), { contentType: "image/jpeg" })).rejects.toThrow(KeyConflictError);
    expect((await store.list("nest")).map((o) => o.key)).toEqual(["nest/a.jpg"]);
    expect(fs.readdirSync(path.join(root, "upload")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(await store.remove(["nest/a.jpg"])).toEqual(["nest/a.jpg"]);
  });

  it("refuses keys longer than a file system can hold before touching it (200 bytes a name, 1024 a key)", async () => {
    const long = `${"ы".repeat(150)}.jpg`;
    await expect(store.remove([long])).rejects.toThrow(UnsafeKeyError);
    await expect(store.get(long)).rejects.toThrow(UnsafeKeyError);
    await expect(store.put(long, new Uint8Array([1]), { contentType: "image/jpeg" })).rejects.toThrow(UnsafeKeyError);
    const longest = `${"ы".repeat(98)}.jpg`;
    await store.put(longest, new Uint8Array([1]), { contentType: "image/jpeg" });
    expect(await store.remove([longest])).toEqual([longest]);
  });

  it("writes of one key at the same moment (an upsert race) each succeed, and one of them is what stays", async () => {
    const key = makeObjectName("properties", "png");
    // Same process, same millisecond: temporary names built from pid and time alone collided (ENOENT on rename, a 500).
    vi.spyOn(Date, "now").mockReturnValue(1_800_000_000_000);
    try {
      const bodies = Array.from({ length: 8 }, (_, i) => new Uint8Array(1000 + i).fill(i));
      const results = await Promise.allSettled(bodies.map((body) => store.put(key, body, { contentType: "image/png" })));
      expect(results.map((r) => r.status)).toEqual(Array(8).fill("fulfilled"));
      const stored = fs.readFileSync(path.join(root, "upload", ...key.split("/")));
      expect(bodies.some((body) => Buffer.from(body).equals(stored))).toBe(true);
      expect(fs.readdirSync(path.join(root, "upload", "properties")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    } finally {
      vi.restoreAllMocks();
      await store.remove([key]);
    }
  });

  it("exclusive writes of one new key at the same moment: exactly one is stored, the others get ObjectExistsError", async () => {
    const key = makeObjectName("properties", "png");
    try {
      const bodies = Array.from({ length: 8 }, (_, i) => new Uint8Array(1000 + i).fill(i));
      const results = await Promise.allSettled(bodies.map((body) => store.put(key, body, { contentType: "image/png", exclusive: true })));
      const won = results.flatMap((r, i) => (r.status === "fulfilled" ? [i] : []));
      expect(won).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ObjectExistsError);
      expect(Buffer.from(bodies[won[0]!]!).equals(fs.readFileSync(path.join(root, "upload", ...key.split("/"))))).toBe(true);
      expect(fs.readdirSync(path.join(root, "upload", "properties")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
      // A folder of that name is still a conflict of another kind.
      await expect(store.put("properties", new Uint8Array([1]), { contentType: "image/png", exclusive: true })).rejects.toThrow(KeyConflictError);
    } finally {
      await store.remove([key]);
    }
  });
});
