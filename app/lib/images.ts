/**
 * Image references as stored on locations and properties: a site path
 * (/upload/…), or an absolute http(s) URL. SPEC §5: a relative path gets a
 * leading slash. Anything else (javascript:, data:, protocol-relative //host)
 * is not an image reference we store.
 */
export function normalizeImageRef(value: string): string | null {
  const ref = value.trim();
  if (ref === "") return null;
  // No control character in any reference (NUL would make the write fail in the database, 22021).
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(ref)) return null;
  if (/^https?:\/\/[^\s/]+/i.test(ref)) return ref;
  if (ref.startsWith("//") || /^[a-z][a-z0-9+.-]*:/i.test(ref)) return null;
  if (/[\s\\<>"']/.test(ref) || ref.split("/").includes("..")) return null;
  return ref.startsWith("/") ? ref : `/${ref}`;
}

/**
 * SPEC §5 images normalisation: a single string becomes a one-item list, any
 * other non-list becomes an empty list, blank (and non-text) entries are dropped.
 * Returns the list and the entries that were not valid image references.
 */
export function normalizeImageList(value: unknown): { images: string[]; invalid: string[] } {
  const list: unknown[] = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
  const images: string[] = [];
  const invalid: string[] = [];
  for (const entry of list) {
    if (typeof entry !== "string" || entry.trim() === "") continue;
    const ref = normalizeImageRef(entry);
    if (ref === null) invalid.push(entry);
    else images.push(ref);
  }
  return { images, invalid };
}

/** Widths the server makes WebP variants of uploaded images in (see server/image-variants.ts). */
export const VARIANT_WIDTHS = [160, 320, 640, 960, 1280, 1600] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/**
 * The URL of a resized WebP copy of an uploaded image (`/upload/…`; the
 * server gives pages every other spelling of an upload in this form,
 * `displayImageUrl` in app/lib/image-keys.ts — kept out of the pages' JS), made by
 * the server on first request and cached. Other images (absolute URLs, the
 * placeholder) are returned unchanged.
 */
export function imageVariant(src: string, width: VariantWidth): string {
  return src.startsWith("/upload/") ? `/img/${width}${src}` : src;
}

/** A srcset of variants for an uploaded image, or undefined for any other image. */
export function imageSrcSet(src: string, widths: readonly VariantWidth[] = VARIANT_WIDTHS): string | undefined {
  if (!src.startsWith("/upload/")) return undefined;
  return widths.map((w) => `${imageVariant(src, w)} ${w}w`).join(", ");
}
