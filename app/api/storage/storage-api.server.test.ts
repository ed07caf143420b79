import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setStorage } from "~/storage/index.server";
import { LocalStorage } from "~/storage/local.server";
import { parseSizeLimit } from "./buckets.server";
import { classifyContent, imageName, mimeAllowed, nameMatchesFormat } from "./content.server";
import { objectKeyOf } from "./index.server";
import { parseCacheControl } from "./object-meta.server";
import { uploadFilesRouter } from "./upload-files.server";

describe("Storage API rules (no database)", () => {
  it("classifies bytes: images by magic numbers, plain text, everything else refused", () => {
    expect(classifyContent(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toMatchObject({ ok: true, kind: "image", contentType: "image/jpeg" });
    expect(classifyContent(new TextEncoder().encode("Storage test 2026"))).toMatchObject({ ok: true, kind: "text", contentType: "text/plain; charset=utf-8" });
    expect(classifyContent(new Uint8Array())).toMatchObject({ ok: true, kind: "text" });
    expect(classifyContent(new TextEncoder().encode("x < y and y > z"))).toMatchObject({ ok: true });
    for (const hostile of ["<svg/>", "\uFEFF <html>", "a <script>b", "<?xml version='1.0'?>", "%PDF-1.7", "#!/bin/sh", "go javascript:alert(1)"]) {
      expect(classifyContent(new TextEncoder().encode(hostile)).ok, hostile).toBe(false);
    }
    expect(classifyContent(new Uint8Array([0x50, 0x4b, 3, 4, 0])).ok).toBe(false);
    expect(classifyContent(new Uint8Array([0xc3, 0x28])).ok).toBe(false);
  });

  it("names: an image extension or none; the extension must be the image's own format", () => {
    for (const ok of ["a.jpg", "x/y.PNG", "p.jpeg", "g.gif", "w.webp", "README"]) expect(imageName(ok), ok).toBe(true);
    for (const bad of ["a.html", "a.svg", "a.js", "a.php", "a.txt", "a.jpg.exe", "a.constructor"]) expect(imageName(bad), bad).toBe(false);
    expect(nameMatchesFormat("a.png", "jpeg")).toBe(false);
    expect(nameMatchesFormat("a.JPG", "jpeg")).toBe(true);
    expect(nameMatchesFormat("a.jpeg", "jpeg")).toBe(true);
    expect(nameMatchesFormat("photo", "webp")).toBe(true);
    expect(mimeAllowed("image/png", ["image/*"])).toBe(true);
    expect(mimeAllowed("text/plain; charset=utf-8", ["image/*"])).toBe(false);
    expect(mimeAllowed("text/plain", null)).toBe(true);
  });

  it("paths: one leading slash removed; empty, absolute, traversal refused", () => {
    expect(objectKeyOf("/a/b.txt")).toBe("a/b.txt");
    expect(objectKeyOf("a/b.txt")).toBe("a/b.txt");
    for (const bad of ["", "/", "//etc/passwd", "../a", "a/../b", "a//b", "C:\\x", "file:///etc/passwd", "a\\b", "a/\u0000"]) {
      expect(() => objectKeyOf(bad), bad).toThrow(/Invalid key/);
    }
    // Lengths in UTF-8 bytes: a name of 200 bytes, a key of 1024; one more is refused, as are lone surrogates and C1 controls.
    expect(objectKeyOf(`a/${"я".repeat(100)}`)).toBe(`a/${"я".repeat(100)}`);
    const longKey = Array.from({ length: 6 }, () => "b".repeat(169)).join("/");
    expect(Buffer.byteLength(longKey)).toBe(1019);
    expect(objectKeyOf(`${longKey}/abcd`)).toBe(`${longKey}/abcd`);
    for (const bad of [`a/${"я".repeat(100)}x`, `${"x".repeat(300)}.jpg`, `${longKey}/abcde`, "a/\ud800.jpg", "a/\udc00", "a/\u0085.jpg", "a/\u007f"]) {
      expect(() => objectKeyOf(bad), bad.slice(0, 20)).toThrow(/Invalid key/);
    }
  });

  it("cache-control and size limits as supabase-js sends them", () => {
    expect(parseCacheControl("max-age=3600")).toBe(3600);
    expect(parseCacheControl("3600")).toBe(3600);
    expect(parseCacheControl("0")).toBe(0);
    expect(parseCacheControl("public, max-age=60")).toBe(60);
    expect(parseCacheControl("no-cache")).toBe(3600);
    expect(parseCacheControl(undefined)).toBe(3600);
    expect(parseCacheControl("max-age=99999999999")).toBe(31_536_000);
    expect(parseSizeLimit(1024)).toBe(1024);
    expect(parseSizeLimit("5MB")).toBe(5 * 1024 * 1024);
    expect(parseSizeLimit(null)).toBeNull();
    expect(parseSizeLimit(undefined)).toBeUndefined();
    expect(parseSizeLimit("lots")).toBe("invalid");
    expect(parseSizeLimit(-1)).toBe("invalid");
  });
});

describe("/upload through the storage driver (STORAGE_DRIVER=s3's router)", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-upload-files-"));
  let server: http.Server | undefined;
  let base = "";
  beforeAll(async () => {
    const store = new LocalStorage(root);
    setStorage(store);
    await store.put("properties/p.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]), { contentType: "image/png" });
    await store.put("odd/page.txt", new TextEncoder().encode("<html><script>alert(1)</script>"), { contentType: "text/plain" });
    const app = express();
    app.use("/upload", uploadFilesRouter());
    app.use("/cdn", uploadFilesRouter({ publicUrl: "https://cdn.example.com/site/" }));
    await new Promise<void>((resolve) => {
      server = app.listen(0, "127.0.0.1", () => resolve());
    });
    base = `http://127.0.0.1:${(server!.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    setStorage(undefined);
    await new Promise((resolve) => server?.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("serves objects with their sniffed type, immutable; hostile bytes only as a download", async () => {
    const ok = await fetch(`${base}/upload/properties/p.png`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    expect(ok.headers.get("cache-control")).toContain("immutable");
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    const odd = await fetch(`${base}/upload/odd/page.txt`);
    expect(odd.headers.get("content-type")).toBe("application/octet-stream");
    expect(odd.headers.get("content-disposition")).toBe("attachment");
    for (const bad of ["/upload/missing.png", "/upload/%2e%2e/x", "/upload/.hidden/x", "/upload/"]) {
      expect((await fetch(`${base}${bad}`)).status, bad).toBe(404);
    }
    expect((await fetch(`${base}/upload/properties/p.png`, { method: "POST" })).status).toBe(405);
  });

  it("with S3_PUBLIC_URL, redirects to the bucket's public address", async () => {
    const response = await fetch(`${base}/cdn/properties/фото 1.png`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://cdn.example.com/site/properties/%D1%84%D0%BE%D1%82%D0%BE%201.png");
  });
});
