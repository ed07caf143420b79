import { describe, expect, it } from "vitest";
import {
  APP_VERSION,
  backupToSession,
  CACHE_KEYS,
  type CachedFile,
  loadFiles,
  mergeFiles,
  parseFileRecord,
  parseManifest,
  parseStoredFiles,
  readLastSync,
  readStoredFiles,
  restoreFromSession,
  uploadedRecord,
  writeFiles,
} from "./file-cache";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map<string, string>(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
  };
}

function file(name: string, updatedAt: string, extra: Partial<CachedFile> = {}): CachedFile {
  const path = `/upload/properties/${name}`;
  return { path, url: path, name, type: "image/jpeg", size: 100, directory: "/upload/properties", updatedAt, ...extra };
}

describe("SPEC §3 key names", () => {
  it("are uploadedFiles, lastFileSync and appVersion = 1.0.0", () => {
    expect(CACHE_KEYS).toEqual({ files: "uploadedFiles", lastSync: "lastFileSync", version: "appVersion" });
    expect(APP_VERSION).toBe("1.0.0");
  });
});

describe("mergeFiles", () => {
  it("merges by path: the newer updatedAt wins, whichever side it is on", () => {
    const stored = [file("a.jpg", "2026-01-02T00:00:00.000Z", { size: 1 }), file("b.jpg", "2026-01-01T00:00:00.000Z", { size: 1 })];
    const fresh = [file("a.jpg", "2026-01-01T00:00:00.000Z", { size: 2 }), file("b.jpg", "2026-01-03T00:00:00.000Z", { size: 2 })];
    const merged = mergeFiles(stored, fresh);
    expect(merged.find((f) => f.name === "a.jpg")?.size).toBe(1);
    expect(merged.find((f) => f.name === "b.jpg")?.size).toBe(2);
    expect(merged).toHaveLength(2);
  });

  it("keeps files only one side has, newest first; the fresh entry wins a tie", () => {
    const merged = mergeFiles(
      [file("old.jpg", "2026-01-01T00:00:00.000Z"), file("same.jpg", "2026-01-05T00:00:00.000Z", { size: 1 })],
      [file("new.jpg", "2026-01-04T00:00:00.000Z"), file("same.jpg", "2026-01-05T00:00:00.000Z", { size: 9 })],
    );
    expect(merged.map((f) => f.name)).toEqual(["same.jpg", "new.jpg", "old.jpg"]);
    expect(merged[0]!.size).toBe(9);
  });

  it("with a complete manifest, drops what the server no longer lists but keeps this browser's later uploads", () => {
    const since = Date.parse("2026-01-10T00:00:00.000Z");
    const merged = mergeFiles(
      [
        file("deleted.jpg", "2026-01-01T00:00:00.000Z"),
        file("uploaded-before.jpg", "2026-01-09T00:00:00.000Z", { uploadedAt: "2026-01-09T00:00:00.000Z" }),
        file("uploaded-after.jpg", "2026-01-10T00:00:01.000Z", { uploadedAt: "2026-01-10T00:00:01.000Z" }),
        file("kept.jpg", "2026-01-01T00:00:00.000Z", { uploadedAt: "2026-01-01T00:00:00.000Z" }),
      ],
      [file("kept.jpg", "2026-01-01T00:00:00.000Z", { size: 5 })],
      { completeSince: since },
    );
    expect(merged.map((f) => f.name).sort()).toEqual(["kept.jpg", "uploaded-after.jpg"]);
    // The server's record, with the local upload time kept.
    expect(merged.find((f) => f.name === "kept.jpg")).toMatchObject({ size: 5, uploadedAt: "2026-01-01T00:00:00.000Z" });
  });
});

describe("parsing what storage and the server hold", () => {
  it("ignores invalid JSON, non-lists and unusable entries; never throws", () => {
    expect(parseStoredFiles(null)).toBeNull();
    expect(parseStoredFiles("{not json")).toBeNull();
    expect(parseStoredFiles('{"files":[]}')).toBeNull();
    expect(parseStoredFiles("null")).toBeNull();
    const list = parseStoredFiles(
      JSON.stringify([
        file("ok.jpg", "2026-01-01T00:00:00.000Z"),
        { path: "javascript:alert(1)", updatedAt: "2026-01-01T00:00:00.000Z" },
        { path: "/upload/properties/no-date.jpg" },
        { path: "/upload/properties/bad-date.jpg", updatedAt: "yesterday" },
        { path: "data:image/png;base64,AAAA", updatedAt: "2026-01-01T00:00:00.000Z" },
        null,
        42,
        "text",
      ]),
    );
    expect(list?.map((f) => f.name)).toEqual(["ok.jpg"]);
  });

  it("fills missing optional fields and never keeps an unsafe url", () => {
    expect(parseFileRecord({ path: "locations/x.jpg", updatedAt: "2026-01-01T00:00:00Z", url: "javascript:alert(1)", size: -3 })).toEqual({
      path: "/upload/locations/x.jpg",
      url: "/upload/locations/x.jpg",
      name: "x.jpg",
      type: "",
      size: 0,
      directory: "/upload/locations",
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
  });

  it("reads the manifest's { version, files } shape only", () => {
    expect(parseManifest({ version: "1.0.0", files: [file("a.jpg", "2026-01-01T00:00:00.000Z")] })).toHaveLength(1);
    expect(parseManifest({ files: [] })).toBeNull();
    expect(parseManifest({ version: "1.0.0", files: "x" })).toBeNull();
    expect(parseManifest("<html>")).toBeNull();
    expect(parseManifest(null)).toBeNull();
  });

  it("a list written by another app version is not used", () => {
    const local = memoryStorage({ [CACHE_KEYS.version]: "0.9.0", [CACHE_KEYS.files]: JSON.stringify([file("a.jpg", "2026-01-01T00:00:00.000Z")]) });
    expect(readStoredFiles(local)).toBeNull();
  });

  it("a throwing storage reads as empty", () => {
    const broken = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    expect(readStoredFiles(broken)).toBeNull();
    expect(writeFiles(broken, [])).toBe(false);
    expect(loadFiles(broken, broken)).toEqual([]);
    expect(backupToSession(broken, broken)).toBe(false);
  });
});

describe("localStorage and the sessionStorage backup", () => {
  const files = [file("a.jpg", "2026-01-01T00:00:00.000Z")];

  it("writeFiles stores the list, appVersion 1.0.0 and lastFileSync", () => {
    const local = memoryStorage();
    writeFiles(local, files, "2026-02-01T10:00:00.000Z");
    expect(local.data.get("appVersion")).toBe("1.0.0");
    expect(JSON.parse(local.data.get("uploadedFiles")!)).toEqual(files);
    expect(local.data.get("lastFileSync")).toBe("2026-02-01T10:00:00.000Z");
  });

  it("loadFiles writes appVersion even when nothing is stored yet", () => {
    const local = memoryStorage();
    expect(loadFiles(local, memoryStorage())).toEqual([]);
    expect(local.data.get("appVersion")).toBe("1.0.0");
  });

  it("backs up the local copy to sessionStorage under the same keys", () => {
    const local = memoryStorage();
    const session = memoryStorage();
    writeFiles(local, files, "2026-02-01T10:00:00.000Z");
    expect(backupToSession(local, session)).toBe(true);
    expect(JSON.parse(session.data.get("uploadedFiles")!)).toEqual(files);
    expect(session.data.get("lastFileSync")).toBe("2026-02-01T10:00:00.000Z");
  });

  it("a broken local copy never overwrites a good backup", () => {
    const session = memoryStorage({ uploadedFiles: JSON.stringify(files) });
    expect(backupToSession(memoryStorage({ uploadedFiles: "{broken" }), session)).toBe(false);
    expect(parseStoredFiles(session.data.get("uploadedFiles")!)).toEqual(files);
  });

  it("restores from sessionStorage when the local copy is missing", () => {
    const local = memoryStorage();
    const session = memoryStorage({ uploadedFiles: JSON.stringify(files), lastFileSync: "2026-02-01T10:00:00.000Z" });
    expect(restoreFromSession(local, session)).toBe(true);
    expect(readStoredFiles(local)).toEqual(files);
    expect(readLastSync(local)).toBe("2026-02-01T10:00:00.000Z");
    expect(local.data.get("appVersion")).toBe("1.0.0");
    // Nothing to do the second time.
    expect(restoreFromSession(local, session)).toBe(false);
  });

  it("restores when the local copy is invalid JSON, and loadFiles returns the restored list", () => {
    const local = memoryStorage({ uploadedFiles: "[{oops" });
    const session = memoryStorage({ uploadedFiles: JSON.stringify(files) });
    expect(loadFiles(local, session)).toEqual(files);
    expect(readStoredFiles(local)).toEqual(files);
  });

  it("keeps a good local copy rather than the backup, and ignores a bad backup", () => {
    const mine = [file("mine.jpg", "2026-03-01T00:00:00.000Z")];
    const local = memoryStorage({ uploadedFiles: JSON.stringify(mine) });
    expect(restoreFromSession(local, memoryStorage({ uploadedFiles: JSON.stringify(files) }))).toBe(false);
    expect(readStoredFiles(local)).toEqual(mine);
    const empty = memoryStorage();
    expect(restoreFromSession(empty, memoryStorage({ uploadedFiles: "not json" }))).toBe(false);
    expect(loadFiles(empty, memoryStorage({ uploadedFiles: "not json" }))).toEqual([]);
  });
});

describe("uploadedRecord", () => {
  it("describes a file this browser just uploaded, marked with its upload time", () => {
    const now = new Date("2026-04-01T12:00:00.000Z");
    expect(uploadedRecord({ key: "locations/locations-1-abc.jpg", url: "/upload/locations/locations-1-abc.jpg", size: 2048 }, now)).toEqual({
      path: "/upload/locations/locations-1-abc.jpg",
      url: "/upload/locations/locations-1-abc.jpg",
      name: "locations-1-abc.jpg",
      type: "image/jpeg",
      size: 2048,
      directory: "/upload/locations",
      updatedAt: now.toISOString(),
      uploadedAt: now.toISOString(),
    });
  });
});
