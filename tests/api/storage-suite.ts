import fs from "node:fs";
import type http from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ws from "ws";
import { apiRouter } from "~/api/index.server";
import { storageApiRouter, uploadFilesRouter } from "~/api/storage/index.server";
import { createAdmin } from "~/models/admins.server";
import { createSession } from "~/models/sessions.server";
import { setStorage, storage } from "~/storage/index.server";
import { LocalStorage } from "~/storage/local.server";
import { S3Storage } from "~/storage/s3.server";
import { getEnv, resetEnvForTests } from "~/utils/env.server";
import { sameOriginWrites } from "../../server/same-origin";
import { testDbKind, useTestDatabase } from "../support/test-db";

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

async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 9850 + Math.floor(Math.random() * 50);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port in 9850-9899");
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
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
    const port = await freePort();
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
  const png = () => sharp({ create: { width: 8, height: 8, channels: 3, background: "#3399cc" } }).png().toBuffer();

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
      const up = await admin.storage.from("images").upload(name, new Blob([new Uint8Array(bytes)], { type: "image/png" }), { cacheControl: "3600", upsert: true });
      expect(up.error).toBeNull();
      expect(up.data).toMatchObject({ path: name, fullPath: `images/${name}` });

      const { data: url } = admin.storage.from("images").getPublicUrl(name);
      expect(url.publicUrl).toBe(`${baseUrl}/storage/v1/object/public/images/${name}`);
      const served = await fetch(url.publicUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("cache-control")).toBe("max-age=3600");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
      // The site's own path for the same object.
      const site = await fetch(`${baseUrl}/upload/${name}`);
      expect(site.status).toBe(200);
      expect(Buffer.from(await site.arrayBuffer())).toEqual(bytes);

      // Again without upsert: refused; with upsert and cacheControl 0: replaced.
      const again = await admin.storage.from("images").upload(name, new Blob([new Uint8Array(bytes)]), { upsert: false });
      expect(again.error).toMatchObject({ status: 409, message: "The resource already exists" });
      const other = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#cc3333" } }).png().toBuffer();
      const replaced = await admin.storage.from("images").upload(name, new Blob([new Uint8Array(other)]), { cacheControl: "0", upsert: true });
      expect(replaced.error).toBeNull();
      const second = await fetch(url.publicUrl);
      expect(second.headers.get("cache-control")).toBe("max-age=0");
      expect(second.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await second.arrayBuffer())).toEqual(other);
      // Text under an image's name is refused.
      const text = await admin.storage.from("images").upload(name, new Blob(["just text"], { type: "image/png" }), { upsert: true });
      expect(text.error?.status).toBe(415);

      const listed = await admin.storage.from("images").list("properties", { limit: 100, search: "properties-" });
      expect(listed.error).toBeNull();
      const entry = listed.data!.find((f) => `properties/${f.name}` === name);
      expect(entry).toMatchObject({ metadata: { size: other.byteLength, mimetype: "image/png", cacheControl: "max-age=0" } });
      const top = await client().storage.from("images").list();
      expect(top.error).toBeNull();
      expect(top.data!.map((f) => f.name)).toContain("properties");

      const removed = await admin.storage.from("images").remove([name]);
      expect(removed.error).toBeNull();
      expect(removed.data!.map((f) => f.name)).toEqual([name]);
      expect((await fetch(url.publicUrl)).status).toBe(404);
      expect((await admin.storage.from("images").remove([name])).data).toEqual([]);
    });

    it("the diagnostics' flow: a small text file named with a timestamp, uploaded from a string, then removed", async () => {
      const admin = await signedIn();
      const name = `test-${Date.now()}.txt`;
      const up = await admin.storage.from("images").upload(name, "Storage test", { contentType: "text/plain", cacheControl: "0", upsert: true });
      expect(up.error).toBeNull();
      const read = await fetch(`${baseUrl}/storage/v1/object/public/images/${name}`);
      expect(await read.text()).toBe("Storage test");
      expect(read.headers.get("cache-control")).toBe("max-age=0");
      const download = await admin.storage.from("images").download(name);
      expect(download.error).toBeNull();
      expect(await download.data!.text()).toBe("Storage test");
      expect((await admin.storage.from("images").remove([name])).data).toHaveLength(1);
    });

    it("anonymous uploads, updates and removals are refused; anonymous reads work", async () => {
      const admin = await signedIn();
      await admin.storage.from("images").upload("anon/keep.txt", "kept", { upsert: true });
      const anon = client();
      const up = await anon.storage.from("images").upload(`anon/${Date.now()}.txt`, "hello", { upsert: true });
      expect(up.error?.status).toBe(403);
      expect(up.error?.message).toContain("row-level security");
      const update = await anon.storage.from("images").update("anon/keep.txt", "changed");
      expect(update.error?.status).toBe(403);
      const removed = await anon.storage.from("images").remove(["anon/keep.txt"]);
      expect(removed.error?.status).toBe(403);
      const read = await fetch(`${baseUrl}/storage/v1/object/public/images/anon/keep.txt`);
      expect(await read.text()).toBe("kept");
      // An unknown or expired bearer token is no administrator either.
      const forged = await fetch(`${baseUrl}/storage/v1/object/images/anon/x.txt`, {
        method: "POST",
        headers: { Authorization: `Bearer ${"A".repeat(43)}`, "Content-Type": "text/plain" },
        body: "x",
      });
      expect(forged.status).toBe(403);
      expect(await forged.json()).toMatchObject({ statusCode: "403", error: "Unauthorized" });
      await admin.storage.from("images").remove(["anon/keep.txt"]);
    });
  });

  describe(`Storage API edge cases (raw HTTP) on the ${driver} driver, ${testDbKind()}`, () => {
    const upload = (key: string, body: BodyInit, headers: Record<string, string> = {}, method = "POST") =>
      fetch(`${baseUrl}/storage/v1/object/images/${key}`, { method, headers: asAdmin({ "Content-Type": "application/octet-stream", ...headers }), body });

    it("path rules: a leading slash is removed; empty, '..', absolute and odd paths are refused", async () => {
      const ok = await fetch(`${baseUrl}/storage/v1/object/images//lead/slash.txt`, {
        method: "POST",
        headers: asAdmin({ "Content-Type": "text/plain", "x-upsert": "true" }),
        body: "lead",
      });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ Key: "images/lead/slash.txt" });
      expect(await storage().head("lead/slash.txt")).not.toBeNull();

      for (const bad of ["%2e%2e/escape.txt", "a/%2e%2e/%2e%2e/escape.txt", "..", "a/../../escape.txt", "//etc/passwd", "a//b.txt", "a%5Cb.txt", "C:%5Cx.txt", "file:%2F%2F%2Fetc%2Fpasswd", "a/%00.txt"]) {
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
      await storage().remove(["lead/slash.txt"]);
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

    it("the 10 MB storage limit: 10 485 760 bytes pass, one more is refused with 413", async () => {
      const exact = new Uint8Array(10_485_760).fill(0x61);
      const ok = await upload("big/exact.txt", exact, { "x-upsert": "true", "Content-Type": "text/plain" });
      expect(ok.status).toBe(200);
      const over = await upload("big/over.txt", new Uint8Array(10_485_761).fill(0x61), { "x-upsert": "true", "Content-Type": "text/plain" });
      expect(over.status).toBe(413);
      expect(await over.json()).toMatchObject({ statusCode: "413" });
      expect(await storage().head("big/over.txt")).toBeNull();
      await storage().remove(["big/exact.txt"]);
    }, 60_000);

    it("cache-control header on raw uploads; PUT replaces; missing objects and buckets answer 404 in Storage's shape", async () => {
      const up = await upload("raw/c.txt", "one", { "Content-Type": "text/plain", "cache-control": "max-age=120" });
      expect(up.status).toBe(200);
      const read = await fetch(`${baseUrl}/storage/v1/object/public/images/raw/c.txt`);
      expect(read.headers.get("cache-control")).toBe("max-age=120");
      const etag = read.headers.get("etag")!;
      expect((await fetch(`${baseUrl}/storage/v1/object/public/images/raw/c.txt`, { headers: { "If-None-Match": etag } })).status).toBe(304);
      const put = await upload("raw/c.txt", "two", { "Content-Type": "text/plain" }, "PUT");
      expect(put.status).toBe(200);
      expect(await (await fetch(`${baseUrl}/storage/v1/object/public/images/raw/c.txt`)).text()).toBe("two");
      const auth = await fetch(`${baseUrl}/storage/v1/object/authenticated/images/raw/c.txt`, { headers: asAdmin() });
      expect(await auth.text()).toBe("two");

      const missing = await fetch(`${baseUrl}/storage/v1/object/public/images/raw/none.txt`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ statusCode: "404", error: "not_found", message: "Object not found" });
      const noBucket = await fetch(`${baseUrl}/storage/v1/object/other/raw/c.txt`, { method: "POST", headers: asAdmin(), body: "x" });
      expect(noBucket.status).toBe(404);
      expect(await noBucket.json()).toMatchObject({ statusCode: "404", message: "Bucket not found" });

      const del = await fetch(`${baseUrl}/storage/v1/object/images`, {
        method: "DELETE",
        headers: asAdmin({ "Content-Type": "application/json" }),
        body: JSON.stringify({ prefixes: ["raw/c.txt", "../x"] }),
      });
      expect(del.status).toBe(400);
      const del2 = await fetch(`${baseUrl}/storage/v1/object/images`, {
        method: "DELETE",
        headers: asAdmin({ "Content-Type": "application/json" }),
        body: JSON.stringify({ prefixes: ["/raw/c.txt"] }),
      });
      expect((await del2.json()) as unknown[]).toHaveLength(1);
    });

    it("lists with prefix, limit, offset, search and sort", async () => {
      for (const n of ["a", "b", "c", "d"]) await upload(`paged/${n}.txt`, n, { "Content-Type": "text/plain", "x-upsert": "true" });
      await upload("paged/sub/e.txt", "e", { "Content-Type": "text/plain", "x-upsert": "true" });
      const list = async (body: object) =>
        (await (
          await fetch(`${baseUrl}/storage/v1/object/list/images`, { method: "POST", headers: asAnon({ "Content-Type": "application/json" }), body: JSON.stringify(body) })
        ).json()) as { name: string; id: string | null }[];
      expect((await list({ prefix: "paged" })).map((f) => f.name)).toEqual(["a.txt", "b.txt", "c.txt", "d.txt", "sub"]);
      expect((await list({ prefix: "paged/", limit: 2, offset: 1 })).map((f) => f.name)).toEqual(["b.txt", "c.txt"]);
      expect((await list({ prefix: "paged", search: "C" })).map((f) => f.name)).toEqual(["c.txt"]);
      expect((await list({ prefix: "paged", sortBy: { column: "name", order: "desc" } })).map((f) => f.name)).toEqual(["sub", "d.txt", "c.txt", "b.txt", "a.txt"]);
      expect((await list({ prefix: "paged/sub" })).map((f) => f.name)).toEqual(["e.txt"]);
      await storage().remove(["paged/a.txt", "paged/b.txt", "paged/c.txt", "paged/d.txt", "paged/sub/e.txt"]);
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
}
