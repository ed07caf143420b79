import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Raw, type Sharp } from "sharp";
import { VARIANT_WIDTHS } from "~/lib/images";
import { getEnv } from "~/platform/env.server";
import { safeObjectKey } from "./object-names";
import { UnsafeKeyError } from "./storage.server";

/**
 * The resized WebP copies of uploaded images (DESIGN §5): one per width of
 * VARIANT_WIDTHS, served at /img/{width}/upload/{key} (server/image-variants.ts)
 * and kept as files under the variant cache, `{cacheDir}/{width}/{key}.webp`.
 * The upload pipeline writes all of them at once (writeVariants); the router
 * makes a missing one on first request (renderVariant). Object names are
 * unique per upload, so a copy never goes stale.
 */

/** WebP quality of the variants. */
export const VARIANT_QUALITY = 72;
/**
 * Largest source image (width × height) read for variants. The upload
 * pipeline refuses larger uploads with the same figure, so whatever it
 * accepts can be rendered here.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Decoded pixels (8 bits per channel, sRGB, already oriented), described as sharp reads raw input. */
export interface RawImage extends Raw {
  data: Buffer;
}

/** The variant cache of this process: DATA_DIR/cache/img (as server/app.ts mounts it). */
export function variantCacheDir(): string {
  return path.join(getEnv().dataDir, "cache", "img");
}

/** Where the cached copy of `key` at `width` lives. */
export function variantFile(cacheDir: string, width: number, key: string): string {
  const safe = safeObjectKey(key);
  if (!safe) throw new UnsafeKeyError(key);
  return path.join(cacheDir, String(width), ...safe.split("/")) + ".webp";
}

/** The stored bytes read (up to MAX_INPUT_PIXELS), auto-rotated and at most `width` wide (never enlarged). */
function orientedAtMost(sourceBytes: Uint8Array, width: number): Sharp {
  return sharp(sourceBytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
}

/** One variant from the stored bytes: auto-rotated, at most `width` wide (never enlarged), WebP. */
export async function renderVariant(sourceBytes: Uint8Array, width: number): Promise<Buffer> {
  return orientedAtMost(sourceBytes, width).webp({ quality: VARIANT_QUALITY }).toBuffer();
}

/** Width of the JPEG copy the portals' feeds link for a PNG, WebP or GIF upload (decision 0026): well over their 560 px minimum. */
export const FEED_JPEG_WIDTH = 1600;

/** Where the cached JPEG copy of `key` lives: `{cacheDir}/jpeg/{key}.jpg`. */
export function jpegCopyFile(cacheDir: string, key: string): string {
  const safe = safeObjectKey(key);
  if (!safe) throw new UnsafeKeyError(key);
  return path.join(cacheDir, "jpeg", ...safe.split("/")) + ".jpg";
}

/** The JPEG copy: auto-rotated, at most FEED_JPEG_WIDTH wide (never enlarged), transparency on white. */
export async function renderJpegCopy(sourceBytes: Uint8Array): Promise<Buffer> {
  return orientedAtMost(sourceBytes, FEED_JPEG_WIDTH).flatten({ background: "#ffffff" }).jpeg({ quality: 82, progressive: true }).toBuffer();
}

function fromRaw(image: RawImage) {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
}

/** Decodes once, oriented and no wider than the largest variant. */
export async function decodeForVariants(sourceBytes: Uint8Array): Promise<RawImage> {
  const largest = Math.max(...VARIANT_WIDTHS);
  const { data, info } = await orientedAtMost(sourceBytes, largest).raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * Every variant, in memory, from decoded pixels: the image is first brought
 * down to the largest variant width (when wider), and each variant is resized
 * from that, so the big source is read once. Encodes run in parallel on
 * sharp's thread pool.
 */
export async function renderAllVariants(image: RawImage): Promise<Map<number, Buffer>> {
  const largest = Math.max(...VARIANT_WIDTHS);
  let base = image;
  if (image.width > largest) {
    const { data, info } = await fromRaw(image).resize({ width: largest }).raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true });
    base = { data, width: info.width, height: info.height, channels: info.channels };
  }
  const rendered = await Promise.all(
    VARIANT_WIDTHS.map(async (width) => {
      const pipeline = fromRaw(base);
      if (width < base.width) pipeline.resize({ width });
      return [width, await pipeline.webp({ quality: VARIANT_QUALITY }).toBuffer()] as const;
    }),
  );
  return new Map(rendered);
}

/** Writes a file atomically: a reader sees the old state or the whole new file. */
export async function writeFileAtomic(file: string, bytes: Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}.tmp`;
  try {
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

/** Writes variants made with renderAllVariants into the cache; returns the files. */
export async function writeRenderedVariants(cacheDir: string, key: string, variants: Map<number, Buffer>): Promise<string[]> {
  const files: string[] = [];
  for (const [width, bytes] of variants) {
    const file = variantFile(cacheDir, width, key);
    await writeFileAtomic(file, bytes);
    files.push(file);
  }
  return files;
}

/**
 * Renders and caches every variant of `key` (all VARIANT_WIDTHS), each file
 * written atomically. `source` is the stored image's bytes (decoded once) or
 * pixels already decoded by the caller. Returns the files written.
 */
export async function writeVariants(cacheDir: string, key: string, source: Uint8Array | RawImage): Promise<string[]> {
  const image = source instanceof Uint8Array ? await decodeForVariants(source) : source;
  return writeRenderedVariants(cacheDir, key, await renderAllVariants(image));
}

/** Removes the cached variants of `key` (missing ones are fine). */
export async function removeVariants(cacheDir: string, key: string): Promise<void> {
  await Promise.all(VARIANT_WIDTHS.map((width) => fs.rm(variantFile(cacheDir, width, key), { force: true })));
}
