import sharp, { type Metadata } from "sharp";
import { ADMIN } from "~/i18n/admin";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from "~/schemas/image";
import { log } from "~/platform/log.server";
import { MAX_INPUT_PIXELS, removeVariants, renderAllVariants, variantCacheDir, writeRenderedVariants, type RawImage } from "./image-variants.server";
import { storage } from "./index.server";
import { makeObjectName, UPLOAD_TYPES, type UploadType } from "./object-names";
import { KeyConflictError, ObjectExistsError, UnsafeKeyError, type StoredObject } from "./storage.server";

/**
 * The image upload pipeline (DESIGN §5, SPEC §5 §9). Every uploaded image is
 *  1. checked for size (at most MAX_UPLOAD_BYTES, the picker's 5 MB);
 *  2. sniffed from its first bytes — JPEG, PNG, WebP or GIF only; the file's
 *     name and the browser's type are never looked at (SVG, HTML, PDF… refused);
 *  3. decoded by sharp: truncated or broken pixel data is refused
 *     (failOn "error"), and so is anything over MAX_INPUT_PIXELS, before its
 *     pixels are decoded;
 *  4. oriented by its EXIF tag, brought down to MAX_STORED_SIDE on its longest
 *     side, and re-encoded in its own format (JPEG q82 progressive, PNG, WebP
 *     q82; GIF keeps its first frame only, as still GIF — an animated upload
 *     becomes a still picture). Nothing of the sent file survives but pixels:
 *     EXIF (GPS), XMP, ICC (converted to sRGB), comments and anything appended
 *     after the image data are gone;
 *  5. stored under a fresh SPEC §3 name `{type}/{type}-{timestamp}-{random}.{ext}`
 *     (the admin picker, /admin/upload), or under the key a Storage API client
 *     chose (app/api/storage: `storage.from('images').upload(key, …)`; the
 *     format is kept, so the key's extension stays true);
 *  6. rendered into every WebP variant (VARIANT_WIDTHS) in the variant cache,
 *     from the same decoded pixels, so the first page view needs no resizing
 *     (a replaced key's old variants are overwritten, or removed).
 * This is the one way an image is stored: /admin/upload, the diagnostics
 * pages and the Storage API all call processImageUpload.
 * Failures are ImageUploadError, whose message is the Russian text to show
 * (the Storage API answers in English, by `kind`).
 */

/** SPEC §9: the picker's limit, enforced by the server too. */
export const MAX_UPLOAD_BYTES = IMAGE_MAX_BYTES;
/** SPEC §9: the storage layer's limit (the HTTP storage API). */
export const STORAGE_MAX_UPLOAD_BYTES = 10_485_760;
/** Longest side of the stored original. */
export const MAX_STORED_SIDE = 2560;
export { MAX_INPUT_PIXELS };

export type ImageUploadErrorKind = "type" | "size" | "pixels" | "corrupt" | "storage";

export const IMAGE_UPLOAD_MESSAGES: Record<ImageUploadErrorKind, string> = {
  type: IMAGE_MESSAGES.notImage,
  size: IMAGE_MESSAGES.tooLarge,
  pixels: "Изображение слишком большое: не более 50 мегапикселей (например, 8000 × 6000). Уменьшите его и загрузите снова.",
  corrupt: "Не удалось прочитать изображение: файл повреждён или загружен не полностью. Выберите другой файл.",
  // The picker shows the same words for a failed upload (SPEC §8): one text.
  storage: ADMIN.images.storage,
};

/** The HTTP status of each failure, the same for /admin/upload and the Storage API. */
export const IMAGE_UPLOAD_STATUS: Record<ImageUploadErrorKind, number> = {
  size: 413,
  type: 415,
  pixels: 422,
  corrupt: 422,
  storage: 500,
};

export class ImageUploadError extends Error {
  constructor(
    readonly kind: ImageUploadErrorKind,
    options?: { cause?: unknown },
  ) {
    super(IMAGE_UPLOAD_MESSAGES[kind], options);
    this.name = "ImageUploadError";
  }
}

export type ImageFormat = "jpeg" | "png" | "webp" | "gif";

const FORMATS: Record<ImageFormat, { ext: string; contentType: string }> = {
  jpeg: { ext: "jpg", contentType: "image/jpeg" },
  png: { ext: "png", contentType: "image/png" },
  webp: { ext: "webp", contentType: "image/webp" },
  gif: { ext: "gif", contentType: "image/gif" },
};

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((b, i) => bytes[at + i] === b);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image format from the file's magic numbers, or null for anything else. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (
    startsWith(bytes, ascii("RIFF")) &&
    startsWith(bytes, ascii("WEBP"), 8) &&
    (startsWith(bytes, ascii("VP8 "), 12) || startsWith(bytes, ascii("VP8L"), 12) || startsWith(bytes, ascii("VP8X"), 12))
  ) {
    return "webp";
  }
  return null;
}

function encode(image: RawImage, format: ImageFormat): Promise<Buffer> {
  const pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  switch (format) {
    case "jpeg":
      // mozjpeg would save ~25 % more but costs ~4× the time (1 s for 2560 px
      // on our hardware); visitors mostly load the WebP variants anyway.
      return pipeline.jpeg({ quality: 82, progressive: true, optimiseCoding: true }).toBuffer();
    case "png":
      return pipeline.png({ adaptiveFiltering: true }).toBuffer();
    case "webp":
      return pipeline.webp({ quality: 82 }).toBuffer();
    case "gif":
      return pipeline.gif().toBuffer();
  }
}

function classifySharpError(error: unknown): ImageUploadError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageUploadError("pixels", { cause: error });
  if (/unsupported image format/i.test(message)) return new ImageUploadError("type", { cause: error });
  return new ImageUploadError("corrupt", { cause: error });
}

/** Decoded, oriented, capped pixels of the upload (first frame of an animation). */
async function decode(bytes: Uint8Array, format: ImageFormat): Promise<RawImage> {
  const options = { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, pages: 1 } as const;
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (error) {
    throw classifySharpError(error);
  }
  // libvips sniffs too; both must agree (a JPEG header in front of something else is not a JPEG).
  if (meta.format !== format) throw new ImageUploadError("type");
  if (!meta.width || !meta.height) throw new ImageUploadError("corrupt");
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageUploadError("pixels");
  try {
    const { data, info } = await sharp(bytes, options)
      .autoOrient()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: "inside", withoutEnlargement: true })
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    throw classifySharpError(error);
  }
}

export interface UploadedImage {
  /** Storage key, e.g. `properties/properties-1700000000000-ab12cd34.jpg`. */
  key: string;
  /** Public URL, e.g. `/upload/properties/properties-1700000000000-ab12cd34.jpg`. */
  url: string;
  width: number;
  height: number;
  /** Bytes stored. */
  size: number;
  contentType: string;
  /** What the driver returned (the Storage API keeps Cache-Control beside it). */
  stored: StoredObject;
}

export type ImageUploadInput =
  /** The admin picker: a fresh SPEC §3 name in this folder. */
  | { bytes: Uint8Array; type: UploadType; key?: undefined; cacheControlSeconds?: undefined; exclusive?: undefined }
  /**
   * A Storage API upload: the client's key, kept as sent (the caller has
   * checked that its extension, if any, names the sniffed format), and the
   * Cache-Control max-age the client asked for; `exclusive` when the upload
   * must not replace an object (PutOptions.exclusive).
   */
  | { bytes: Uint8Array; key: string; type?: undefined; cacheControlSeconds: number; exclusive?: boolean };

/**
 * Checks, cleans and stores one uploaded image, and renders its variants.
 * The client's declared type is deliberately not a parameter, nor its file
 * name (except a Storage API key, which is the object's name itself).
 */
export async function processImageUpload(input: ImageUploadInput, options: { cacheDir?: string; now?: number } = {}): Promise<UploadedImage> {
  const { bytes, type } = input;
  if (input.key === undefined && !(UPLOAD_TYPES as readonly string[]).includes(type as string)) {
    throw new TypeError(`Unknown upload type: ${String(type)}`);
  }
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new ImageUploadError("size");
  const format = sniffImageFormat(bytes);
  if (!format) throw new ImageUploadError("type");

  const pixels = await decode(bytes, format);
  const [encoded, variants] = await Promise.all([
    encode(pixels, format).catch((error: unknown) => {
      throw new ImageUploadError("corrupt", { cause: error });
    }),
    // Variants are a cache: the router makes any missing one on request.
    renderAllVariants(pixels).catch((error: unknown) => {
      log.error("Image variants could not be rendered:", error instanceof Error ? error.message : error);
      return null;
    }),
  ]);
  // Re-encoding can grow an image that was sent very compressed.
  if (encoded.byteLength > STORAGE_MAX_UPLOAD_BYTES) throw new ImageUploadError("size");

  const { ext, contentType } = FORMATS[format];
  const key = input.key ?? makeObjectName(input.type, ext, options.now);
  let url: string;
  let stored: StoredObject;
  try {
    stored = await storage().put(key, encoded, { contentType, cacheControlSeconds: input.cacheControlSeconds ?? 3600, exclusive: input.exclusive });
    url = storage().publicUrl(stored.key);
  } catch (error) {
    // A key the store cannot take (app/storage/storage.server.ts) is the caller's to answer.
    if (error instanceof UnsafeKeyError || error instanceof KeyConflictError || error instanceof ObjectExistsError) throw error;
    log.error(`Storing upload ${key} failed:`, error instanceof Error ? error.message : error);
    throw new ImageUploadError("storage", { cause: error });
  }

  const cacheDir = options.cacheDir ?? variantCacheDir();
  try {
    // A replaced key must not keep the old picture's variants: all are written anew, or all removed (the /img router remakes them).
    if (variants) await writeRenderedVariants(cacheDir, stored.key, variants);
    else await removeVariants(cacheDir, stored.key);
  } catch (error) {
    log.error(`Image variants of ${stored.key} could not be written:`, error instanceof Error ? error.message : error);
    await removeVariants(cacheDir, stored.key).catch(() => undefined);
  }
  return { key: stored.key, url, width: pixels.width, height: pixels.height, size: encoded.byteLength, contentType, stored };
}
