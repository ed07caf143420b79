import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { VARIANT_WIDTHS } from "~/lib/images";
import { setLogLevel } from "~/platform/log.server";
import { variantFile } from "./image-variants.server";
import {
  IMAGE_UPLOAD_MESSAGES,
  ImageUploadError,
  MAX_UPLOAD_BYTES,
  processImageUpload,
  sniffImageFormat,
  STORAGE_MAX_UPLOAD_BYTES,
  type ImageUploadErrorKind,
  type ImageUploadInput,
} from "./images.server";
import { setStorage } from "./index.server";
import { LocalStorage } from "./local.server";
import { OBJECT_NAME_PATTERN } from "./object-names";
import type { ObjectStorage } from "./storage.server";

/**
 * The upload pipeline against hostile and ordinary inputs: every hostile one
 * is refused with its Russian message, or neutralised by re-encoding — never
 * stored as sent.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-upload-"));
const uploadDir = path.join(root, "upload");
const cacheDir = path.join(root, "cache", "img");
const store = new LocalStorage(uploadDir);

beforeAll(() => {
  // The pipeline finds the variant cache through DATA_DIR, like the server.
  vi.stubEnv("DATA_DIR", root);
  setStorage(store);
  setLogLevel("silent");
});
afterAll(() => {
  setStorage(undefined);
  vi.unstubAllEnvs();
  fs.rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  fs.rmSync(uploadDir, { recursive: true, force: true });
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

async function storedKeys(): Promise<string[]> {
  return (await store.list("")).map((o) => o.key);
}

async function expectRefused(bytes: Uint8Array, kind: ImageUploadErrorKind) {
  const error = await processImageUpload({ bytes, type: "properties" }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageUploadError);
  expect((error as ImageUploadError).kind).toBe(kind);
  expect((error as ImageUploadError).message).toBe(IMAGE_UPLOAD_MESSAGES[kind]);
  // Nothing stored, nothing cached.
  expect(await storedKeys()).toEqual([]);
  expect(fs.existsSync(cacheDir)).toBe(false);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1-bit greyscale PNG of width × height, built by hand: 20000 × 20000
 * is ~50 KB of file and 50 MB of deflate input, where sharp's `create` would
 * push 400 million pixels through libvips (measured: 18 s, 2 GB RSS).
 */
function hugePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = 1 + Math.ceil(width / 8);
  const idat = zlib.deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", idat),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

const HTML = '<html><body><script>alert(document.cookie)</script><img src=x onerror="alert(1)"></body></html>';

function smallImage(width = 300, height = 200) {
  return sharp({ create: { width, height, channels: 3, background: "#3399cc" } });
}

describe("type sniffing", () => {
  it("knows JPEG, PNG, WebP and GIF by their magic numbers only", async () => {
    expect(sniffImageFormat(await smallImage().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageFormat(await smallImage().png().toBuffer())).toBe("png");
    expect(sniffImageFormat(await smallImage().webp().toBuffer())).toBe("webp");
    expect(sniffImageFormat(await smallImage().gif().toBuffer())).toBe("gif");
    expect(sniffImageFormat(await smallImage().avif().toBuffer())).toBeNull();
    expect(sniffImageFormat(await smallImage().tiff().toBuffer())).toBeNull();
    expect(sniffImageFormat(new Uint8Array())).toBeNull();
    expect(sniffImageFormat(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
  });
});

describe("hostile uploads are refused", () => {
  it("SVG with a script", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`;
    await expectRefused(Buffer.from(svg), "type");
    await expectRefused(Buffer.from(`<?xml version="1.0"?>\n${svg}`), "type");
  });

  it("HTML (whatever it is called), text, PDF, empty", async () => {
    await expectRefused(Buffer.from(`<!DOCTYPE html>${HTML}`), "type");
    await expectRefused(Buffer.from("just some text"), "type");
    await expectRefused(Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n"), "type");
    await expectRefused(new Uint8Array(), "type");
  });

  it("a JPEG signature in front of HTML", async () => {
    await expectRefused(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML)]), "corrupt");
  });

  it("a GIF/JavaScript polyglot (GIF89a header, script body)", async () => {
    await expectRefused(Buffer.from("GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=alert(document.domain);//", "latin1"), "corrupt");
  });

  it("formats sharp reads but we do not take (TIFF, AVIF)", async () => {
    await expectRefused(await smallImage().tiff().toBuffer(), "type");
    await expectRefused(await smallImage().avif().toBuffer(), "type");
  });

  it("a truncated JPEG", async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
      .jpeg()
      .toBuffer();
    await expectRefused(jpeg.subarray(0, Math.floor(jpeg.length / 2)), "corrupt");
  });

  it("a 20000 × 20000 image (decompression bomb: 50 KB of file, 400 megapixels)", async () => {
    const bomb = hugePng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });
    await expectRefused(bomb, "pixels");
    expect(IMAGE_UPLOAD_MESSAGES.pixels).toMatch(/слишком большое/);
  });

  it("50 MB, and one byte over 5 MB", async () => {
    const big = new Uint8Array(50 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await expectRefused(big, "size");
    const justOver = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    justOver.set([0xff, 0xd8, 0xff, 0xe0]);
    await expectRefused(justOver, "size");
    expect(MAX_UPLOAD_BYTES).toBe(5_242_880);
    expect(STORAGE_MAX_UPLOAD_BYTES).toBe(10_485_760);
  });
});

describe("hostile uploads are neutralised by re-encoding", () => {
  it("a PNG/HTML polyglot (HTML after IEND and in a tEXt chunk) is stored without any of it", async () => {
    const png = await smallImage(64, 48).png().toBuffer();
    const iend = png.length - 12;
    const polyglot = Buffer.concat([png.subarray(0, iend), pngChunk("tEXt", Buffer.from(`Comment\0${HTML}`, "latin1")), png.subarray(iend), Buffer.from(HTML)]);
    expect(polyglot.includes("<script>")).toBe(true);
    const result = await processImageUpload({ bytes: polyglot, type: "properties" });
    const stored = fs.readFileSync(path.join(uploadDir, ...result.key.split("/")));
    expect(result).toMatchObject({ width: 64, height: 48, contentType: "image/png" });
    expect(result.key).toMatch(/\.png$/);
    for (const needle of ["<script", "<html", "onerror", "Comment"]) expect(stored.includes(needle)).toBe(false);
    expect(stored.subarray(-8).toString("latin1")).toBe("IEND\xae\x42\x60\x82");
    expect(stored.equals(polyglot)).toBe(false);
  });

  it("a JPEG/HTML polyglot (HTML in a comment segment and after the end marker) is stored without it", async () => {
    const jpeg = await smallImage(64, 48).jpeg().toBuffer();
    const comment = Buffer.from(HTML, "latin1");
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]), comment]);
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2), comment]);
    expect((await sharp(polyglot).metadata()).format).toBe("jpeg");
    expect(polyglot.includes("<script>")).toBe(true);
    const result = await processImageUpload({ bytes: polyglot, type: "properties" });
    const stored = fs.readFileSync(path.join(uploadDir, ...result.key.split("/")));
    expect(result.contentType).toBe("image/jpeg");
    for (const needle of ["<script", "<html", "onerror"]) expect(stored.includes(needle)).toBe(false);
    // No comment segment (FF FE) at all: in entropy-coded data FF is always followed by 00.
    expect(stored.includes(Buffer.from([0xff, 0xfe]))).toBe(false);
  });

  it("a JPEG with EXIF (GPS, camera, a script in a text tag) and orientation: turned upright, all metadata gone", async () => {
    const jpeg = await smallImage(300, 200)
      .jpeg()
      .withExif({
        IFD0: { Make: "SecretCamera", ImageDescription: "<script>alert(1)</script>" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "42/1 25/1 3096/100", GPSLongitudeRef: "E", GPSLongitude: "27/1 41/1 0/1" },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    // The GPS IFD pointer (tag 0x8825) is there, little- or big-endian.
    expect(before.exif!.includes(Buffer.from([0x25, 0x88])) || before.exif!.includes(Buffer.from([0x88, 0x25]))).toBe(true);

    const result = await processImageUpload({ bytes: jpeg, type: "locations" });
    expect(result.key).toMatch(/^locations\/locations-\d{13}-[a-z0-9]+\.jpg$/);
    const stored = fs.readFileSync(path.join(uploadDir, ...result.key.split("/")));
    const after = await sharp(stored).metadata();
    expect([after.width, after.height]).toEqual([200, 300]);
    expect([result.width, result.height]).toEqual([200, 300]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    for (const needle of ["SecretCamera", "<script", "Exif"]) expect(stored.includes(needle)).toBe(false);
  });

  it("the client's file name is never used: the key is always a fresh SPEC name", async () => {
    const bytes = await smallImage().jpeg().toBuffer();
    const hostile = { bytes, type: "properties", name: "../../../etc/passwd\u0000.svg" } as ImageUploadInput;
    const result = await processImageUpload(hostile);
    expect(result.key).toMatch(OBJECT_NAME_PATTERN);
    expect(result.key).not.toMatch(/passwd|\.\.|svg|\0/);
    expect(await storedKeys()).toEqual([result.key]);
  });

  it("refuses an unknown upload type (a programming error, not a user one)", async () => {
    const bytes = await smallImage().jpeg().toBuffer();
    await expect(processImageUpload({ bytes, type: "../etc" as "locations" })).rejects.toThrow(TypeError);
    expect(await storedKeys()).toEqual([]);
  });
});

describe("ordinary uploads", () => {
  it("a 12 MP photo: stored at 2560 px as JPEG, every WebP variant cached", async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } } })
      .blur(0.8)
      .jpeg({ quality: 85 })
      .toBuffer();
    expect(photo.length).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
    const result = await processImageUpload({ bytes: photo, type: "properties" });
    expect(result.key).toMatch(OBJECT_NAME_PATTERN);
    expect(result.key).toMatch(/^properties\/properties-\d{13}-[a-z0-9]+\.jpg$/);
    expect(result.url).toBe(`/upload/${result.key}`);
    expect(result).toMatchObject({ width: 2560, height: 1920, contentType: "image/jpeg" });
    const stored = fs.readFileSync(path.join(uploadDir, ...result.key.split("/")));
    expect(result.size).toBe(stored.length);
    expect(await sharp(stored).metadata()).toMatchObject({ format: "jpeg", width: 2560, height: 1920 });
    for (const width of VARIANT_WIDTHS) {
      const file = variantFile(cacheDir, width, result.key);
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, Math.round((width * 3) / 4)]);
    }
    // No temporary files are left behind.
    const leftovers = fs.readdirSync(root, { recursive: true }).filter((f) => String(f).endsWith(".tmp"));
    expect(leftovers).toEqual([]);
  });

  it("PNG with transparency stays PNG with alpha; small images are not enlarged", async () => {
    const png = await sharp({ create: { width: 120, height: 80, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const result = await processImageUpload({ bytes: png, type: "locations" });
    expect(result).toMatchObject({ width: 120, height: 80, contentType: "image/png" });
    const meta = await sharp(fs.readFileSync(path.join(uploadDir, ...result.key.split("/")))).metadata();
    expect([meta.format, meta.hasAlpha]).toEqual(["png", true]);
    const largest = await sharp(fs.readFileSync(variantFile(cacheDir, 1600, result.key))).metadata();
    expect([largest.width, largest.hasAlpha]).toEqual([120, true]);
  });

  it("WebP stays WebP", async () => {
    const result = await processImageUpload({ bytes: await smallImage().webp().toBuffer(), type: "properties" });
    expect(result.key).toMatch(/\.webp$/);
    expect(result.contentType).toBe("image/webp");
  });

  it("an animated GIF keeps its first frame, as GIF", async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
        .raw()
        .toBuffer();
    const animated = await sharp(Buffer.concat([await frame("#ff0000"), await frame("#00ff00")]), {
      raw: { width: 40, height: 60, channels: 3, pageHeight: 30 },
    })
      .gif({ loop: 0 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const result = await processImageUpload({ bytes: animated, type: "properties" });
    expect(result).toMatchObject({ width: 40, height: 30, contentType: "image/gif" });
    const stored = fs.readFileSync(path.join(uploadDir, ...result.key.split("/")));
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.pages ?? 1, meta.height]).toEqual(["gif", 1, 30]);
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red, the first frame
    expect(data[1]).toBeLessThan(50);
  });
});

describe("storage failures", () => {
  it("become a 'storage' error with the Russian message; no variants are left", async () => {
    const broken: ObjectStorage = {
      bucket: "images",
      put: () => Promise.reject(new Error("disk full")),
      get: () => Promise.resolve(null),
      head: () => Promise.resolve(null),
      remove: () => Promise.resolve([]),
      list: () => Promise.resolve([]),
      publicUrl: (key) => `/upload/${key}`,
    };
    setStorage(broken);
    try {
      const error = await processImageUpload({ bytes: await smallImage().jpeg().toBuffer(), type: "properties" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImageUploadError);
      expect(error).toMatchObject({ kind: "storage", message: "Ошибка хранилища. Попробуйте еще раз или обратитесь к администратору." });
      expect(fs.existsSync(cacheDir)).toBe(false);
    } finally {
      setStorage(store);
    }
  });
});
