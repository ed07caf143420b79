import fs from "node:fs";
import type http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import ws from "ws";
import { apiRouter } from "~/api/index.server";
import { storageApiRouter, uploadFilesRouter } from "~/api/storage/index.server";
import { createAdmin } from "~/models/admins.server";
import { createSession } from "~/models/sessions.server";
import { VARIANT_WIDTHS } from "~/lib/images";
import { variantFile, variantCacheDir } from "~/storage/image-variants.server";
import { setStorage, storage } from "~/storage/index.server";
import { LocalStorage } from "~/storage/local.server";
import { S3Storage } from "~/storage/s3.server";
import type { ObjectStorage } from "~/storage/storage.server";
import { getEnv, resetEnvForTests } from "~/platform/env.server";
import { sameOriginWrites } from "../../server/same-origin";
import { testDbKind, useTestDatabase } from "../support/test-db";
import { freePort } from "../support/built-server";

/**
 * The Storage API (/storage/v1) over HTTP, driven by @supabase/supabase-js
 * as the site's client drives it (SPEC §7) and by raw fetch for the edges,
 * on either storage driver: the local folder, or S3 (s3rver started here on
 * 127.0.0.1 with a temporary folder). The server is the same routers and
 * cross-site guard as server/app.ts, on this file's own database, listening
 * on 127.0.0.1 in 9850–9899.
 */
const ADMIN_EMAIL = "storage-admin@example.com";
const ADMIN_PASSWORD = "storage test password 1";

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
/** A JPEG as a phone makes it: GPS position, camera make, orientation. */
function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: "#3399cc" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "SecretCamera", Model: "Pocket 9" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "42/1 25/1 3096/100", GPSLongitudeRef: "E", GPSLongitude: "27/1 41/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A pixel bomb: ~50 KB of valid PNG declaring 20000 × 20000 pixels (as app/storage/images.server.test.ts builds it). */
function pixelBomb(): Buffer {
  const [width, height] = [20_000, 20_000];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1;
  ihdr[9] = 0;
  const idat = zlib.deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", idat),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

const HTML = "<html><body><script>alert(document.cookie)</script></body></html>";

const S3rver = createRequire(import.meta.url)("s3rver") as new (options: Record<string, unknown>) => S3rverInstance;

export function describeStorageApi(driver: "local" | "s3") {
  useTestDatabase();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `seaside-storage-api-${driver}-`));
  let server: http.Server | undefined;
  let s3rver: S3rverInstance | undefined;
  let baseUrl = "";
  let token = "";
  const savedDataDir = process.env.DATA_DIR;

  beforeAll(async () => {
    process.env.DATA_DIR = path.join(tmp, "data");
    resetEnvForTests();
    if (driver === "s3") {
      s3rver = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: path.join(tmp, "s3"), configureBuckets: [{ name: "site" }] });
      const { port } = await s3rver.run();
      setStorage(
        new S3Storage({
          endpoint: `http://127.0.0.1:${port}`,
          region: "us-east-1",
          bucket: "site",
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
          forcePathStyle: true,
        }),
      );
    } else {
      setStorage(new LocalStorage(path.join(getEnv().dataDir, "upload")));
    }
    const admin = await createAdmin(ADMIN_EMAIL, ADMIN_PASSWORD);
    token = (await createSession(admin.id, 1)).token;
    const port = await freePort(9850, 9899);
    baseUrl = `http://127.0.0.1:${port}`;
    const app = express();
    app.use(sameOriginWrites(baseUrl));
    app.use("/upload", driver === "s3" ? uploadFilesRouter() : express.static(path.join(getEnv().dataDir, "upload")));
    app.use(apiRouter());
    app.use(storageApiRouter());
    await new Promise<void>((resolve, reject) => {
      server = app.listen(port, "127.0.0.1", (error?: Error) => (error ? reject(error) : resolve()));
    });
  }, 60_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    const current = (() => {
      try {
        return storage();
      } catch {
        return undefined;
      }
    })();
    if (current instanceof S3Storage) current.client.destroy();
    setStorage(undefined);
    await s3rver?.close();
    process.env.DATA_DIR = savedDataDir;
    resetEnvForTests();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const anonKey = () => getEnv().API_ANON_KEY;
  const client = (): SupabaseClient =>
    createClient(baseUrl, anonKey(), { realtime: { transport: ws as never }, auth: { persistSession: false, autoRefreshToken: false } });
  async function signedIn(): Promise<SupabaseClient> {
    const c = client();
    const { error } = await c.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(error).toBeNull();
    return c;
  }
  const asAdmin = (headers: Record<string, string> = {}) => ({ apikey: anonKey(), Authorization: `Bearer ${token}`, ...headers });
  const asAnon = (headers: Record<string, string> = {}) => ({ apikey: anonKey(), Authorization: `Bearer ${anonKey()}`, ...headers });
  const png = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: "#3399cc" } })
      .png()
      .toBuffer();

  describe(`Storage API (supabase-js) on the ${driver} driver, ${testDbKind()}`, () => {
    it("lists buckets and gets the public images bucket, also anonymously", async () => {
      for (const c of [client(), await signedIn()]) {
        const { data, error } = await c.storage.listBuckets();
        expect(error).toBeNull();
        expect(data).toEqual([expect.objectContaining({ id: "images", name: "images", public: true })]);
        const one = await c.storage.getBucket("images");
        expect(one.error).toBeNull();
        expect(one.data).toMatchObject({ id: "images", public: true, file_size_limit: null, allowed_mime_types: null });
        const missing = await c.storage.getBucket("nope");
        expect(missing.data).toBeNull();
        expect(missing.error?.message).toBe("Bucket not found");
      }
    });

    it("create bucket: images already exists, others cannot be made; update makes it public (administrator only)", async () => {
      const admin = await signedIn();
      const dup = await admin.storage.createBucket("images", { public: true });
      expect(dup.error).toMatchObject({ message: "The resource already exists", status: 409 });
      const other = await admin.storage.createBucket("avatars", { public: true });
      expect(other.error?.status).toBe(400);
      expect(other.error?.message).toContain('Only the "images" bucket');
      expect((await admin.storage.listBuckets()).data).toHaveLength(1);

      const updated = await admin.storage.updateBucket("images", { public: true });
      expect(updated.error).toBeNull();
      expect(updated.data).toEqual({ message: "Successfully updated" });

      const anon = await client().storage.updateBucket("images", { public: false });
      expect(anon.error?.status).toBe(403);
      expect((await client().storage.getBucket("images")).data?.public).toBe(true);
    });

    it("uploads (cacheControl, upsert), gives a public URL that serves the bytes, lists and removes", async () => {
      const admin = await signedIn();
      const bytes = await png();
      const name = `properties/properties-${Date.now()}-apitest1.png`;
      const up = await admin.storage
        .from("images")
        .upload(name, new Blob([new Uint8Array(bytes)], { type: "image/png" }), { cacheControl: "3600", upsert: true });
      expect(up.error).toBeNull();
      expect(up.data).toMatchObject({ path: name, fullPath: `images/${name}` });

      const { data: url } = admin.storage.from("images").getPublicUrl(name);
      expect(url.publicUrl).toBe(`${baseUrl}/storage/v1/object/public/images/${name}`);
      const served = await fetch(url.publicUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("cache-control")).toBe("max-age=3600");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      // What is stored is the pipeline's re-encoding: the same picture, as PNG.
      const storedBytes = (await storage().get(name))!.body;
      const servedBytes = Buffer.from(await served.arrayBuffer());
      expect(servedBytes).toEqual(storedBytes);
      expect(await sharp(servedBytes).metadata()).toMatchObject({ format: "png", width: 8, height: 8 });
      // The site's own path for the same object.
      const site = await fetch(`${baseUrl}/upload/${name}`);
      expect(site.status).toBe(200);
      expect(Buffer.from(await site.arrayBuffer())).toEqual(storedBytes);

      // Again without upsert: refused; with upsert and cacheControl 0: replaced.
      const again = await admin.storage.from("images").upload(name, new Blob([new Uint8Array(bytes)]), { upsert: false });
      expect(again.error).toMatchObject({ status: 409, message: "The resource already exists" });
      const other = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#cc3333" } })
        .png()
        .toBuffer();
      const replaced = await admin.storage.from("images").upload(name, new Blob([new Uint8Array(other)]), { cacheControl: "0", upsert: true });
      expect(replaced.error).toBeNull();
      const second = await fetch(url.publicUrl);
      expect(second.headers.get("cache-control")).toBe("max-age=0");
      expect(second.headers.get("content-type")).toBe("image/png");
      expect(await sharp(Buffer.from(await second.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 4, height: 4 });
      // Text under an image's name is refused.
      const text = await admin.storage.from("images").upload(name, new Blob(["just text"], { type: "image/png" }), { upsert: true });
      expect(text.error?.status).toBe(415);

      const listed = await admin.storage.from("images").list("properties", { limit: 100, search: "properties-" });
      expect(listed.error).toBeNull();
      const entry = listed.data!.find((f) => `properties/${f.name}` === name);
      expect(entry).toMatchObject({ metadata: { size: (await storage().head(name))!.size, mimetype: "image/png", cacheControl: "max-age=0" } });
      const top = await client().storage.from("images").list();
      expect(top.error).toBeNull();
      expect(top.data!.map((f) => f.name)).toContain("properties");

      const removed = await admin.storage.from("images").remove([name]);
      expect(removed.error).toBeNull();
      expect(removed.data!.map((f) => f.name)).toEqual([name]);
      expect((await fetch(url.publicUrl)).status).toBe(404);
      expect((await admin.storage.from("images").remove([name])).data).toEqual([]);
    });

    it("the diagnostics' text file is refused now that the bucket takes images only (415, nothing stored)", async () => {
      const admin = await signedIn();
      const name = `test-${Date.now()}.txt`;
      const up = await admin.storage.from("images").upload(name, "Storage test", { contentType: "text/plain", cacheControl: "0", upsert: true });
      expect(up.error).toMatchObject({
        status: 415,
        message: "Only images (JPEG, PNG, WebP or GIF) can be stored in the images bucket (file name " + name + ")",
      });
      const unnamed = await admin.storage.from("images").upload(`test-${Date.now()}`, "Storage test", { contentType: "text/plain", upsert: true });
      expect(unnamed.error?.status).toBe(415);
      expect((await storage().list("")).filter((o) => o.key.startsWith("test-"))).toEqual([]);
    });

    it("anonymous uploads, updates and removals are refused; anonymous reads work", async () => {
      const admin = await signedIn();
      const kept = await admin.storage.from("images").upload("anon/keep.png", new Blob([new Uint8Array(await png())]), { upsert: true });
      expect(kept.error).toBeNull();
      const anon = client();
      const up = await anon.storage.from("images").upload(`anon/${Date.now()}.txt`, "hello", { upsert: true });
      expect(up.error?.status).toBe(403);
      expect(up.error?.message).toContain("row-level security");
      const update = await anon.storage.from("images").update("anon/keep.png", "changed");
      expect(update.error?.status).toBe(403);
      const removed = await anon.storage.from("images").remove(["anon/keep.png"]);
      expect(removed.error?.status).toBe(403);
      const read = await fetch(`${baseUrl}/storage/v1/object/public/images/anon/keep.png`);
      expect(read.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await read.arrayBuffer())).toEqual((await storage().get("anon/keep.png"))!.body);
      // An unknown or expired bearer token is no administrator either.
      const forged = await fetch(`${baseUrl}/storage/v1/object/images/anon/x.txt`, {
        method: "POST",
        headers: { Authorization: `Bearer ${"A".repeat(43)}`, "Content-Type": "text/plain" },
        body: "x",
      });
      expect(forged.status).toBe(403);
      expect(await forged.json()).toMatchObject({ statusCode: "403", error: "Unauthorized" });
      await admin.storage.from("images").remove(["anon/keep.png"]);
    });
  });

  describe(`Storage API edge cases (raw HTTP) on the ${driver} driver, ${testDbKind()}`, () => {
    const upload = (key: string, body: BodyInit, headers: Record<string, string> = {}, method = "POST") =>
      fetch(`${baseUrl}/storage/v1/object/images/${key}`, { method, headers: asAdmin({ "Content-Type": "application/octet-stream", ...headers }), body });

    it("path rules: a leading slash is removed; empty, '..', absolute and odd paths are refused", async () => {
      const ok = await fetch(`${baseUrl}/storage/v1/object/images//lead/slash.png`, {
        method: "POST",
        headers: asAdmin({ "Content-Type": "image/png", "x-upsert": "true" }),
        body: new Uint8Array(await png()),
      });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ Key: "images/lead/slash.png" });
      expect(await storage().head("lead/slash.png")).not.toBeNull();

      for (const bad of [
        "%2e%2e/escape.txt",
        "a/%2e%2e/%2e%2e/escape.txt",
        "..",
        "a/../../escape.txt",
        "//etc/passwd",
        "a//b.txt",
        "a%5Cb.txt",
        "C:%5Cx.txt",
        "file:%2F%2F%2Fetc%2Fpasswd",
        "a/%00.txt",
      ]) {
        const response = await upload(bad, "x", { "x-upsert": "true" });
        expect([400, 404], bad).toContain(response.status);
        const body = (await response.json()) as { statusCode: string; error: string };
        expect(body.statusCode, bad).toBe(String(response.status));
      }
      const empty = await upload("", "x");
      expect([400, 404]).toContain(empty.status);
      expect(fs.existsSync(path.join(tmp, "escape.txt"))).toBe(false);
      expect(fs.existsSync(path.join(getEnv().dataDir, "escape.txt"))).toBe(false);
      expect((await storage().list("")).map((o) => o.key).filter((k) => k.includes("escape"))).toEqual([]);
      const read = await fetch(`${baseUrl}/storage/v1/object/public/images/%2e%2e/%2e%2e/etc/passwd`);
      expect([400, 404]).toContain(read.status);
      await storage().remove(["lead/slash.png"]);
    });

    it("the trash of removed photos (decision 0031) is never read, listed, written or removed through the API", async () => {
      const trashed = ".trash/1700000000000-sweep/properties/kept.png";
      await storage().put(trashed, new Uint8Array(await png()), { contentType: "image/png" });
      for (const url of [
        `/storage/v1/object/public/images/${trashed}`,
        `/storage/v1/object/authenticated/images/${trashed}`,
        `/storage/v1/object/images/${trashed}`,
        `/storage/v1/object/public/images/%2Etrash/1700000000000-sweep/properties/kept.png`,
      ]) {
        for (const headers of [asAnon(), asAdmin()]) {
          const response = await fetch(`${baseUrl}${url}`, { headers });
          expect(response.status, url).toBe(400);
          expect(response.headers.get("content-type")).toContain("application/json");
        }
      }
      const root = await client().storage.from("images").list("");
      expect(root.error).toBeNull();
      expect(root.data!.map((e) => e.name)).not.toContain(".trash");
      expect((await client().storage.from("images").list(".trash")).error).not.toBeNull();
      const admin = await signedIn();
      expect(
        (await admin.storage.from("images").upload(trashed, new Uint8Array(await png()), { contentType: "image/png", upsert: true })).error,
      ).not.toBeNull();
      expect((await admin.storage.from("images").remove([trashed])).error).not.toBeNull();
      expect(await storage().head(trashed)).not.toBeNull();
      await storage().remove([trashed]);
    });

    it("hostile content is refused: HTML, SVG, scripts, markup in text, PDF, binary, and dangerous names", async () => {
      const cases: [string, BodyInit][] = [
        ["evil.txt", "<!DOCTYPE html><html><body>hi</body></html>"],
        ["evil.png", '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
        ["evil2.txt", "  <script>alert(1)</script>"],
        ["evil3.txt", "hello <img src=x onerror=alert(1)>"],
        ["evil4.txt", "click javascript:alert(1)"],
        ["evil.jpg", "%PDF-1.4\n%âãÏÓ\n"],
        ["evil.bin", new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0])],
        ["evil.txt.gz", new Uint8Array([0x1f, 0x8b, 8, 0])],
        ["page.html", "just text"],
        ["icon.svg", "just text"],
        ["app.js", "alert(1)"],
      ];
      for (const [name, body] of cases) {
        const response = await upload(`hostile/${name}`, body, { "x-upsert": "true" });
        expect(response.status, name).toBe(415);
        expect(await response.json(), name).toMatchObject({ statusCode: "415", error: "invalid_mime_type" });
      }
      expect(await storage().list("hostile/")).toEqual([]);
      // Through supabase-js with a lying type too.
      const admin = await signedIn();
      const lying = await admin.storage.from("images").upload("hostile/x.png", new Blob(["<svg/>"], { type: "image/png" }), { upsert: true });
      expect(lying.error?.status).toBe(415);
    });

    it("size: an image of 5 242 880 bytes (SPEC §9's picker limit) passes, one byte more is refused with 413, nothing stored", async () => {
      // A small JPEG padded after its end marker: decoders stop there, so the pipeline stores the picture alone.
      const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#336699" } })
        .jpeg()
        .toBuffer();
      const padded = (size: number) => {
        const bytes = new Uint8Array(size);
        bytes.set(jpeg);
        return bytes;
      };
      const ok = await upload("big/exact.jpg", padded(5_242_880), { "x-upsert": "true", "Content-Type": "image/jpeg" });
      expect(ok.status).toBe(200);
      expect((await storage().head("big/exact.jpg"))!.size).toBeLessThan(10_000);
      for (const size of [5_242_881, 10_485_761]) {
        const over = await upload("big/over.jpg", padded(size), { "x-upsert": "true", "Content-Type": "image/jpeg" });
        expect(over.status, String(size)).toBe(413);
        expect(await over.json()).toMatchObject({ statusCode: "413", error: "Payload too large" });
      }
      expect(await storage().head("big/over.jpg")).toBeNull();
      await storage().remove(["big/exact.jpg"]);
    }, 60_000);

    it("cache-control header on raw uploads; PUT replaces; missing objects and buckets answer 404 in Storage's shape", async () => {
      const one = new Uint8Array(await png());
      const two = new Uint8Array(
        await sharp({ create: { width: 5, height: 3, channels: 3, background: "#aa0000" } })
          .png()
          .toBuffer(),
      );
      const up = await upload("raw/c.png", one, { "Content-Type": "image/png", "cache-control": "max-age=120" });
      expect(up.status).toBe(200);
      const read = await fetch(`${baseUrl}/storage/v1/object/public/images/raw/c.png`);
      expect(read.headers.get("cache-control")).toBe("max-age=120");
      const etag = read.headers.get("etag")!;
      expect((await fetch(`${baseUrl}/storage/v1/object/public/images/raw/c.png`, { headers: { "If-None-Match": etag } })).status).toBe(304);
      const put = await upload("raw/c.png", two, { "Content-Type": "image/png" }, "PUT");
      expect(put.status).toBe(200);
      const replaced = Buffer.from(await (await fetch(`${baseUrl}/storage/v1/object/public/images/raw/c.png`)).arrayBuffer());
      expect(await sharp(replaced).metadata()).toMatchObject({ width: 5, height: 3 });
      const auth = await fetch(`${baseUrl}/storage/v1/object/authenticated/images/raw/c.png`, { headers: asAdmin() });
      expect(Buffer.from(await auth.arrayBuffer())).toEqual(replaced);

      const missing = await fetch(`${baseUrl}/storage/v1/object/public/images/raw/none.png`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ statusCode: "404", error: "not_found", message: "Object not found" });
      const noBucket = await fetch(`${baseUrl}/storage/v1/object/other/raw/c.png`, { method: "POST", headers: asAdmin(), body: one });
      expect(noBucket.status).toBe(404);
      expect(await noBucket.json()).toMatchObject({ statusCode: "404", message: "Bucket not found" });

      const del = await fetch(`${baseUrl}/storage/v1/object/images`, {
        method: "DELETE",
        headers: asAdmin({ "Content-Type": "application/json" }),
        body: JSON.stringify({ prefixes: ["raw/c.png", "../x"] }),
      });
      expect(del.status).toBe(400);
      const del2 = await fetch(`${baseUrl}/storage/v1/object/images`, {
        method: "DELETE",
        headers: asAdmin({ "Content-Type": "application/json" }),
        body: JSON.stringify({ prefixes: ["/raw/c.png"] }),
      });
      expect((await del2.json()) as unknown[]).toHaveLength(1);
    });

    it("lists with prefix, limit, offset, search and sort", async () => {
      const bytes = new Uint8Array(await png());
      for (const n of ["a", "b", "c", "d"]) await upload(`paged/${n}.png`, bytes, { "Content-Type": "image/png", "x-upsert": "true" });
      await upload("paged/sub/e.png", bytes, { "Content-Type": "image/png", "x-upsert": "true" });
      const list = async (body: object) =>
        (await (
          await fetch(`${baseUrl}/storage/v1/object/list/images`, {
            method: "POST",
            headers: asAnon({ "Content-Type": "application/json" }),
            body: JSON.stringify(body),
          })
        ).json()) as { name: string; id: string | null }[];
      expect((await list({ prefix: "paged" })).map((f) => f.name)).toEqual(["a.png", "b.png", "c.png", "d.png", "sub"]);
      expect((await list({ prefix: "paged/", limit: 2, offset: 1 })).map((f) => f.name)).toEqual(["b.png", "c.png"]);
      expect((await list({ prefix: "paged", search: "C" })).map((f) => f.name)).toEqual(["c.png"]);
      expect((await list({ prefix: "paged", sortBy: { column: "name", order: "desc" } })).map((f) => f.name)).toEqual([
        "sub",
        "d.png",
        "c.png",
        "b.png",
        "a.png",
      ]);
      expect((await list({ prefix: "paged/sub" })).map((f) => f.name)).toEqual(["e.png"]);
      await storage().remove(["paged/a.png", "paged/b.png", "paged/c.png", "paged/d.png", "paged/sub/e.png"]);
    });

    it("cross-site writes with the session cookie are refused; unknown routes answer in Storage's shape", async () => {
      const response = await fetch(`${baseUrl}/storage/v1/object/images/x.txt`, {
        method: "POST",
        headers: { Cookie: `seaside_session=${token}`, Origin: "https://evil.example", "Content-Type": "text/plain" },
        body: "x",
      });
      expect(response.status).toBe(403);
      expect(await storage().head("x.txt")).toBeNull();
      const unknown = await fetch(`${baseUrl}/storage/v1/nothing`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ statusCode: "404" });
    });
  });

  describe(`One image pipeline for Storage API uploads on the ${driver} driver, ${testDbKind()}`, () => {
    const keysUnder = async (prefix: string) => (await storage().list(prefix)).map((o) => o.key);
    const upload = (key: string, body: BodyInit, headers: Record<string, string> = {}, method = "POST") =>
      fetch(`${baseUrl}/storage/v1/object/images/${key}`, { method, headers: asAdmin({ "Content-Type": "application/octet-stream", ...headers }), body });

    it("the REST API releases photos as the admin pages do: a PATCH that drops one, a DELETE of a location, at once", async () => {
      const admin = await signedIn();
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2266aa" } })
        .jpeg()
        .toBuffer();
      const stamp = Date.now();
      const keys = { a: `properties/properties-${stamp}-apia.jpg`, b: `properties/properties-${stamp}-apib.jpg`, pic: `locations/locations-${stamp}-apil.jpg` };
      for (const key of Object.values(keys)) {
        expect((await admin.storage.from("images").upload(key, new Uint8Array(jpeg), { contentType: "image/jpeg" })).error).toBeNull();
      }
      const variant = (key: string) => fs.existsSync(variantFile(variantCacheDir(), 640, key));
      expect(variant(keys.a)).toBe(true);
      const location = await admin
        .from("locations")
        .insert({ name: `Лозенец ${stamp}`, image: `/upload/${keys.pic}` })
        .select()
        .single();
      expect(location.error).toBeNull();
      const property = await admin
        .from("real_estates")
        .insert({
          title: "Студио",
          description: "До морето",
          price: 50_000,
          location_id: location.data!.id,
          images: [`/upload/${keys.a}`, `/upload/${keys.b}`],
        })
        .select()
        .single();
      expect(property.error).toBeNull();

      // A PATCH without the photos keeps them; one that drops `a` removes it and its variants.
      expect((await admin.from("real_estates").update({ price: 49_000 }).eq("id", property.data!.id)).error).toBeNull();
      expect(await storage().head(keys.a)).not.toBeNull();
      expect(
        (
          await admin
            .from("real_estates")
            .update({ images: [`/upload/${keys.b}`] })
            .eq("id", property.data!.id)
        ).error,
      ).toBeNull();
      expect(await storage().head(keys.a)).toBeNull();
      expect(variant(keys.a)).toBe(false);
      expect(await storage().head(keys.b)).not.toBeNull();

      // Deleting the location takes its picture and its property's photo with it.
      expect((await admin.from("locations").delete().eq("id", location.data!.id)).error).toBeNull();
      expect(await storage().head(keys.pic)).toBeNull();
      expect(await storage().head(keys.b)).toBeNull();
      expect(variant(keys.b)).toBe(false);
    });

    it("a phone's JPEG with GPS uploaded by supabase-js is stored re-encoded: no EXIF or GPS, turned upright, variants written; download round-trip", async () => {
      const admin = await signedIn();
      const original = await jpegWithGps();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const name = `pipeline/photo-${Date.now()}.jpg`;
      const up = await admin.storage
        .from("images")
        .upload(name, new Blob([new Uint8Array(original)], { type: "image/jpeg" }), { cacheControl: "3600", upsert: true });
      expect(up.error).toBeNull();
      expect(up.data).toMatchObject({ path: name, fullPath: `images/${name}` });

      const stored = (await storage().get(name))!.body;
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: "jpeg", width: 200, height: 300 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      for (const needle of ["SecretCamera", "Exif"]) expect(stored.includes(needle), needle).toBe(false);
      await sharp(stored).raw().toBuffer(); // decodes completely

      const { data: url } = admin.storage.from("images").getPublicUrl(name);
      const served = await fetch(url.publicUrl);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      expect(Buffer.from(await served.arrayBuffer())).toEqual(stored);
      const download = await admin.storage.from("images").download(name);
      expect(download.error).toBeNull();
      expect(Buffer.from(await download.data!.arrayBuffer())).toEqual(stored);
      for (const width of VARIANT_WIDTHS) {
        const variant = await sharp(fs.readFileSync(variantFile(variantCacheDir(), width, name))).metadata();
        expect([variant.format, variant.exif], String(width)).toEqual(["webp", undefined]);
      }

      // upsert through the raw body (a Uint8Array): the picture and its variants are replaced.
      const wide = await sharp({ create: { width: 900, height: 300, channels: 3, background: "#cc3333" } })
        .jpeg()
        .toBuffer();
      const again = await admin.storage.from("images").upload(name, new Uint8Array(wide), { contentType: "image/jpeg", upsert: true });
      expect(again.error).toBeNull();
      expect(await sharp((await storage().get(name))!.body).metadata()).toMatchObject({ width: 900, height: 300 });
      expect((await sharp(fs.readFileSync(variantFile(variantCacheDir(), 640, name))).metadata()).height).toBe(213);

      expect((await admin.storage.from("images").remove([name])).data).toHaveLength(1);
      expect(fs.existsSync(variantFile(variantCacheDir(), 640, name))).toBe(false);
    });

    it("refused with 4xx in Storage's shape, multipart and raw alike, and nothing stored or replaced: truncated, HTML named .jpg, polyglots, a pixel bomb, zero bytes, a name that lies", async () => {
      const admin = await signedIn();
      const good = await png();
      const keep = await admin.storage.from("images").upload("refused/keep.jpg", new Blob([new Uint8Array(await jpegWithGps())]), { upsert: true });
      expect(keep.error).toBeNull();
      const kept = (await storage().get("refused/keep.jpg"))!.body;
      const noisy = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
        .jpeg()
        .toBuffer();
      const cases: [string, Uint8Array, number][] = [
        ["truncated.jpg", noisy.subarray(0, Math.floor(noisy.length / 2)), 422],
        ["page.jpg", Buffer.from(`<!DOCTYPE html>${HTML}`), 415],
        ["gif-polyglot.gif", Buffer.from(`GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;${HTML}`, "latin1"), 422],
        ["jpeg-polyglot.jpg", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML)]), 422],
        ["bomb.png", pixelBomb(), 422],
        ["empty.png", new Uint8Array(), 415],
        ["lying.png", noisy, 415],
        ["keep.jpg", Buffer.from(HTML), 415],
        ["keep.jpg", noisy.subarray(0, Math.floor(noisy.length / 2)), 422],
        ["page.html", good, 415],
      ];
      for (const [file, bytes, status] of cases) {
        for (const body of [new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), new Uint8Array(bytes)]) {
          const how = `${file} as ${body instanceof Blob ? "multipart" : "raw body"}`;
          const up = await admin.storage.from("images").upload(`refused/${file}`, body, { contentType: "image/jpeg", upsert: true });
          expect(up.error, how).not.toBeNull();
          expect((up.error as { status?: number }).status, how).toBe(status);
        }
        const raw = await upload(`refused/${file}`, new Uint8Array(bytes), { "x-upsert": "true", "Content-Type": "image/jpeg" });
        expect(raw.status, file).toBe(status);
        const body = (await raw.json()) as Record<string, string>;
        expect(body, file).toMatchObject({ statusCode: String(status) });
        expect(Object.keys(body).sort()).toEqual(["error", "message", "statusCode"]);
      }
      expect(await keysUnder("refused/")).toEqual(["refused/keep.jpg"]);
      expect((await storage().get("refused/keep.jpg"))!.body).toEqual(kept);
      expect(fs.existsSync(variantFile(variantCacheDir(), 640, "refused/bomb.png"))).toBe(false);
      await storage().remove(["refused/keep.jpg"]);
    }, 60_000);

    it("keys over 1024 bytes, or with a name over 200 bytes, are refused with 400 before the store is touched, on every verb", async () => {
      const long = `k/${"ж".repeat(150)}.png`; // a 304-byte file name
      const longer = Array.from({ length: 7 }, () => "d".repeat(160)).join("/") + "/x.png";
      const bytes = new Uint8Array(await png());
      for (const key of [long, longer, `${"x".repeat(296)}.png`]) {
        const encoded = key.split("/").map(encodeURIComponent).join("/");
        const answers = [
          await fetch(`${baseUrl}/storage/v1/object/images/${encoded}`, { method: "DELETE", headers: asAdmin() }),
          await fetch(`${baseUrl}/storage/v1/object/images`, {
            method: "DELETE",
            headers: asAdmin({ "Content-Type": "application/json" }),
            body: JSON.stringify({ prefixes: [key] }),
          }),
          await fetch(`${baseUrl}/storage/v1/object/public/images/${encoded}`),
          await fetch(`${baseUrl}/storage/v1/object/public/images/${encoded}`, { method: "HEAD" }),
          await fetch(`${baseUrl}/storage/v1/object/authenticated/images/${encoded}`, { headers: asAdmin() }),
          await fetch(`${baseUrl}/storage/v1/object/images/${encoded}`, { headers: asAdmin() }),
          await upload(encoded, bytes, { "Content-Type": "image/png" }),
          await upload(encoded, bytes, { "Content-Type": "image/png" }, "PUT"),
          await fetch(`${baseUrl}/storage/v1/object/list/images`, {
            method: "POST",
            headers: asAnon({ "Content-Type": "application/json" }),
            body: JSON.stringify({ prefix: key }),
          }),
        ];
        for (const [i, answer] of answers.entries()) {
          expect(answer.status, `${key.length} #${i}`).toBe(400);
          if (i !== 3) expect(await answer.json()).toMatchObject({ statusCode: "400", error: "InvalidKey" });
        }
      }
      // Bytes that are not UTF-8, and a lone surrogate in a JSON body.
      expect((await upload("k/%FF%FE.png", bytes, { "Content-Type": "image/png" })).status).toBe(400);
      expect((await fetch(`${baseUrl}/storage/v1/object/public/images/k/%C0%AF.png`)).status).toBe(400);
      const admin = await signedIn();
      const removed = await admin.storage.from("images").remove([long]);
      expect(removed.error).toMatchObject({ status: 400 });
      expect((await admin.storage.from("images").remove(["k/\ud800.png"])).error).toMatchObject({ status: 400 });
      // move and copy are not supported: a 4xx in Storage's shape, nothing moved.
      for (const answer of [await admin.storage.from("images").move("k/a.png", "k/b.png"), await admin.storage.from("images").copy("k/a.png", "k/b.png")]) {
        expect((answer.error as { status?: number } | null)?.status).toBeGreaterThanOrEqual(400);
        expect((answer.error as { status?: number } | null)?.status).toBeLessThan(500);
      }
      expect(await keysUnder("k/")).toEqual([]);
    });

    it("a key that names a folder: removing or reading it is 404, uploading over it 409 on the local folder (S3 has no folders)", async () => {
      const bytes = new Uint8Array(await png());
      expect((await upload("nest/a.png", bytes, { "Content-Type": "image/png", "x-upsert": "true" })).status).toBe(200);
      const removed = await fetch(`${baseUrl}/storage/v1/object/images/nest`, { method: "DELETE", headers: asAdmin() });
      expect(removed.status).toBe(404);
      expect(await removed.json()).toMatchObject({ statusCode: "404" });
      expect((await fetch(`${baseUrl}/storage/v1/object/public/images/nest`)).status).toBe(404);
      expect((await fetch(`${baseUrl}/storage/v1/object/public/images/nest/a.png/b.png`)).status).toBe(404);
      const over = await upload("nest", bytes, { "Content-Type": "image/png", "x-upsert": "true" });
      const through = await upload("nest/a.png/b.png", bytes, { "Content-Type": "image/png", "x-upsert": "true" });
      if (driver === "local") {
        for (const answer of [over, through]) {
          expect(answer.status).toBe(409);
          expect(await answer.json()).toMatchObject({ statusCode: "409", error: "Duplicate" });
        }
      } else {
        expect([over.status, through.status]).toEqual([200, 200]);
      }
      expect((await storage().get("nest/a.png"))!.size).toBeGreaterThan(0);
      await storage().remove(["nest/a.png", ...(driver === "s3" ? ["nest", "nest/a.png/b.png"] : [])]);
    });

    // s3rver ignores If-None-Match on PUT (S3 and MinIO honour it): the S3 driver's conditional write is checked in app/storage/s3.server.test.ts.
    it.skipIf(driver === "s3")("simultaneous uploads of one new key without upsert: exactly one is stored (200), the others get 409 Duplicate", async () => {
      const colours = ["#ff0000", "#00ff00", "#0000ff", "#ffff00", "#00ffff", "#ff00ff"];
      const bodies = await Promise.all(
        colours.map((background) =>
          sharp({ create: { width: 8, height: 8, channels: 3, background } })
            .png()
            .toBuffer(),
        ),
      );
      const answers = await Promise.all(bodies.map((body) => upload("race/new.png", new Uint8Array(body), { "Content-Type": "image/png" })));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      for (const answer of answers.filter((a) => a.status === 409)) expect(await answer.json()).toMatchObject({ statusCode: "409", error: "Duplicate" });
      // What stays is the winner's picture, not a later loser's.
      const winner = answers.findIndex((a) => a.status === 200);
      const stored = await sharp((await storage().get("race/new.png"))!.body)
        .raw()
        .toBuffer();
      expect([...stored.subarray(0, 3)]).toEqual([...(await sharp(bodies[winner]!).raw().toBuffer()).subarray(0, 3)]);
      await storage().remove(["race/new.png"]);
    });

    it("listing while an object is being deleted answers 200 without it", async () => {
      const bytes = new Uint8Array(await png());
      for (const n of ["a", "b", "c"]) expect((await upload(`racing/${n}.png`, bytes, { "Content-Type": "image/png", "x-upsert": "true" })).status).toBe(200);
      const inner = storage();
      const victim = "racing/b.png";
      // The deletion lands between finding the object and reading it: inside the local
      // driver's walk (between readdir and stat), or after S3's listing, before the heads.
      const restore: (() => void)[] = [];
      if (driver === "local") {
        const fsp = (await import("node:fs/promises")).default;
        const realStat = fsp.stat;
        const stat = vi.spyOn(fsp, "stat").mockImplementation(async (file, ...rest) => {
          if (String(file).endsWith(`${path.sep}b.png`)) await fsp.unlink(file as string).catch(() => undefined);
          return realStat(file, ...(rest as [])) as never;
        });
        restore.push(() => stat.mockRestore());
      } else {
        const racing: ObjectStorage = Object.assign(Object.create(inner) as ObjectStorage, {
          list: async (prefix: string) => {
            const listed = await inner.list(prefix);
            await inner.remove([victim]);
            return listed;
          },
        });
        setStorage(racing);
        restore.push(() => setStorage(inner));
      }
      try {
        const response = await fetch(`${baseUrl}/storage/v1/object/list/images`, {
          method: "POST",
          headers: asAnon({ "Content-Type": "application/json" }),
          body: JSON.stringify({ prefix: "racing" }),
        });
        expect(response.status).toBe(200);
        const names = ((await response.json()) as { name: string }[]).map((f) => f.name);
        expect(names).toEqual(expect.arrayContaining(["a.png", "c.png"]));
      } finally {
        for (const undo of restore) undo();
      }
      expect(await inner.head(victim)).toBeNull();
      await inner.remove(["racing/a.png", "racing/c.png"]);
    });
  });
}
