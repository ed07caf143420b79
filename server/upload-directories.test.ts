import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import sharp from "sharp";
import { parseEnv } from "~/platform/env.server";
import { LocalStorage } from "~/storage/local.server";
import { createApp } from "./app";
import { imageVariantsRouter } from "./image-variants";

/**
 * SPEC §7: HEAD /upload/locations/.directory and /upload/properties/.directory
 * answer 200 (the browser checks the tracked directories with them), while
 * real dotfiles in the upload folder are never served.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-upload-dirs-"));
let server: http.Server | undefined;
let baseUrl = "";

beforeAll(async () => {
  const locations = path.join(dataDir, "upload", "locations");
  fs.mkdirSync(locations, { recursive: true });
  fs.writeFileSync(path.join(locations, ".directory"), "not served");
  fs.writeFileSync(path.join(locations, ".secret"), "not served");
  // The trash of removed photos (decision 0031) lives in the upload folder too.
  const trashed = path.join(dataDir, "upload", ".trash", "1700000000000-sweep", "properties");
  fs.mkdirSync(trashed, { recursive: true });
  fs.writeFileSync(
    path.join(trashed, "a.png"),
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
      .png()
      .toBuffer(),
  );
  const app = createApp(parseEnv({ DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "silent" })).app;
  server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("tracked upload directories", () => {
  it("HEAD and GET of the two .directory paths answer 200 with an empty body", async () => {
    for (const type of ["locations", "properties"]) {
      for (const method of ["HEAD", "GET"]) {
        const response = await fetch(`${baseUrl}/upload/${type}/.directory`, { method });
        expect(response.status, `${method} ${type}`).toBe(200);
        expect(await response.text()).toBe("");
        expect(response.headers.get("cache-control")).toBe("no-cache");
      }
    }
  });

  it("never serves real dotfiles or other .directory paths", async () => {
    for (const url of ["/upload/locations/.secret", "/upload/other/.directory", "/upload/.directory", "/upload/locations/.directory/x"]) {
      const response = await fetch(`${baseUrl}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.text()).not.toContain("not served");
    }
  });

  it("never serves the trash of removed photos, nor variants or JPEG copies of it", async () => {
    for (const url of ["/upload/.trash/1700000000000-sweep/properties/a.png", "/upload/%2Etrash/1700000000000-sweep/properties/a.png"]) {
      expect((await fetch(`${baseUrl}${url}`)).status, url).toBe(404);
    }
    // The variants' router alone (the whole app's page cache wants a database here).
    const app = express().use(
      imageVariantsRouter({ storage: () => new LocalStorage(path.join(dataDir, "upload")), cacheDir: path.join(dataDir, "cache", "img") }),
    );
    const variants = await new Promise<http.Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const base = `http://127.0.0.1:${(variants.address() as { port: number }).port}`;
      for (const url of [
        "/img/640/upload/.trash/1700000000000-sweep/properties/a.png",
        "/img/640/upload/%2Etrash/1700000000000-sweep/properties/a.png",
        "/img/jpeg/upload/.trash/1700000000000-sweep/properties/a.png.jpg",
      ]) {
        expect((await fetch(`${base}${url}`)).status, url).toBe(404);
      }
    } finally {
      variants.closeAllConnections();
      await new Promise((resolve) => variants.close(resolve));
    }
  });
});
