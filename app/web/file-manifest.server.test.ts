import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/resources/file-manifest";
import { setStorage } from "~/storage/index.server";
import { LocalStorage } from "~/storage/local.server";
import { APP_VERSION, buildFileManifest } from "~/web/file-manifest.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-file-manifest-"));
const store = new LocalStorage(path.join(root, "upload"));
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

beforeAll(async () => {
  await store.put("properties/properties-1700000000001-bbbb.jpg", JPEG, { contentType: "image/jpeg" });
  await store.put("locations/locations-1700000000000-aaaa.webp", new Uint8Array(10), { contentType: "image/webp" });
  // Not listed: a text file (the storage API's start-up test), another folder, a dotfile.
  await store.put("properties/probe-1700000000000.txt", new Uint8Array(3), { contentType: "text/plain" });
  await store.put("other/x.jpg", JPEG, { contentType: "image/jpeg" });
  fs.writeFileSync(path.join(root, "upload", "locations", ".directory"), "");
  setStorage(store);
});
afterAll(() => {
  setStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

describe("the app data file (SPEC §3, §7)", () => {
  it("lists the stored images of /upload/locations and /upload/properties as uploaded-file records", async () => {
    const stat = fs.statSync(path.join(root, "upload", "properties", "properties-1700000000001-bbbb.jpg"));
    const data = await buildFileManifest(store);
    expect(data.version).toBe("1.0.0");
    expect(APP_VERSION).toBe("1.0.0");
    expect(data.files).toEqual([
      {
        path: "/upload/locations/locations-1700000000000-aaaa.webp",
        url: "/upload/locations/locations-1700000000000-aaaa.webp",
        name: "locations-1700000000000-aaaa.webp",
        type: "image/webp",
        size: 10,
        directory: "/upload/locations",
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
      {
        path: "/upload/properties/properties-1700000000001-bbbb.jpg",
        url: "/upload/properties/properties-1700000000001-bbbb.jpg",
        name: "properties-1700000000001-bbbb.jpg",
        type: "image/jpeg",
        size: JPEG.byteLength,
        directory: "/upload/properties",
        updatedAt: stat.mtime.toISOString(),
      },
    ]);
  });

  it("uses the storage driver's public URL", async () => {
    const cdn = new LocalStorage(path.join(root, "upload"), "https://cdn.example.com/images");
    const { files } = await buildFileManifest(cdn);
    expect(files.map((f) => f.url)).toEqual([
      "https://cdn.example.com/images/locations/locations-1700000000000-aaaa.webp",
      "https://cdn.example.com/images/properties/properties-1700000000001-bbbb.jpg",
    ]);
    expect(files.map((f) => f.path)).toEqual(["/upload/locations/locations-1700000000000-aaaa.webp", "/upload/properties/properties-1700000000001-bbbb.jpg"]);
  });

  it("an empty store gives an empty list", async () => {
    expect(await buildFileManifest(new LocalStorage(path.join(root, "nothing-here")))).toEqual({ version: "1.0.0", files: [] });
  });

  it("the route answers JSON that the browser revalidates every time (/app-data.json, /file-manifest.json, /exported-files.json)", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    const body = (await response.json()) as { version: string; files: { path: string }[] };
    expect(body.version).toBe("1.0.0");
    expect(body.files.map((f) => f.path)).toEqual([
      "/upload/locations/locations-1700000000000-aaaa.webp",
      "/upload/properties/properties-1700000000001-bbbb.jpg",
    ]);
  });
});
