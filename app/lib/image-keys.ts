import { safeObjectKey, UPLOAD_TYPES } from "./object-names";

/**
 * Which stored object (store key, e.g. `properties/properties-1700000000000-ab12cd34.jpg`)
 * an image reference names, whatever way it is spelled (issue 30, decision 0031).
 * The one answer the page renderer, the release after an edit, the orphan
 * sweep, the media library, the feeds and the diagnostics share, so a photo
 * shown on a page is never a photo the sweep thinks unused.
 *
 * Spellings read (each path also as an absolute URL of this site):
 * - `/upload/{key}` (and its URL-encoded forms), the site's own path;
 * - `/img/{width}/upload/{key}` (WebP variant), `/img/jpeg/upload/{key}.jpg` (JPEG copy);
 * - the Storage API's `/storage/v1/object/public/images/{key}`,
 *   `/storage/v1/object/authenticated/images/{key}`, `/storage/v1/object/images/{key}`
 *   (what supabase-js's `getPublicUrl` returns);
 * - the bucket path `images/{key}` and the bare key `properties/…`, `locations/…`
 *   (SPEC §7's upload "path"), with or without a leading slash;
 * - S3_PUBLIC_URL followed by the key.
 * Only keys under the store's folders (UPLOAD_TYPES) are the site's uploads.
 * Anything else is null: foreign URLs, other site paths, data: URLs.
 */
export interface ImageKeyOptions {
  /** Origins of this site (PUBLIC_URL's): their absolute URLs are read as site paths. */
  siteOrigins?: readonly string[];
  /** S3_PUBLIC_URL: the public base of the bucket; URLs under it name the key that follows. */
  s3PublicUrl?: string;
  /**
   * Read an absolute URL of any origin by its path too. For keeping files
   * (the sweep, the release): a site reached under another name (www, a
   * tunnel, before PUBLIC_URL was set) still keeps its photos — in doubt a
   * file is kept. Never for display.
   */
  anyOrigin?: boolean;
}

const STORAGE_API_PATH = /^\/storage\/v1\/object\/(?:public\/|authenticated\/)?images\/(.+)$/;

/** The store key a site path (without query or fragment, still URL-encoded) names, or null. */
function keyOfPath(path: string, lenient: boolean): string | null {
  let rest: string | null = null;
  let match: RegExpExecArray | null;
  if ((match = /^\/img\/jpeg\/upload\/(.+)\.jpg$/i.exec(path))) rest = match[1]!;
  else if ((match = /^\/img\/\d+\/upload\/(.+)$/.exec(path))) rest = match[1]!;
  else if ((match = /^\/upload\/(.+)$/.exec(path))) rest = match[1]!;
  else if ((match = STORAGE_API_PATH.exec(path))) rest = match[1]!;
  else if ((match = /^\/images\/(.+)$/.exec(path))) rest = match[1]!;
  else rest = path.slice(1);
  return keyOfEncoded(rest, lenient);
}

/** An encoded key (segments may be percent-encoded) as a store key of ours, or null. */
function keyOfEncoded(encoded: string, lenient: boolean): string | null {
  let broken = false;
  const decoded = encoded
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        // Keeping: a stray "%" may be a character of the name itself. Reading: no address.
        broken = true;
        return segment;
      }
    })
    .join("/");
  if (broken && !lenient) return null;
  const key = safeObjectKey(decoded);
  if (!key) return null;
  const slash = key.indexOf("/");
  return slash > 0 && (UPLOAD_TYPES as readonly string[]).includes(key.slice(0, slash)) ? key : null;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function storeKeyOf(ref: unknown, options: ImageKeyOptions = {}): string | null {
  if (typeof ref !== "string") return null;
  const value = ref.trim();
  // eslint-disable-next-line no-control-regex
  if (value === "" || /[\u0000-\u001f\u007f]/.test(value)) return null;
  if (/^https?:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    const s3 = options.s3PublicUrl?.replace(/\/+$/, "");
    if (s3) {
      const base = (() => {
        try {
          return new URL(`${s3}/`);
        } catch {
          return null;
        }
      })();
      if (base && base.origin === url.origin && url.pathname.startsWith(base.pathname)) {
        const key = keyOfEncoded(url.pathname.slice(base.pathname.length), options.anyOrigin === true);
        if (key) return key;
      }
    }
    const ours = options.anyOrigin || (options.siteOrigins ?? []).some((origin) => originOf(origin) === url.origin);
    return ours ? keyOfPath(url.pathname, options.anyOrigin === true) : null;
  }
  // Protocol-relative and other schemes (data:, javascript:) are no store key.
  if (value.startsWith("//") || /^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  const path = value.replace(/[?#].*$/s, "");
  return keyOfPath(path.startsWith("/") ? path : `/${path}`, options.anyOrigin === true);
}

/** The site path an uploaded key is served at: `/upload/` and its URL-encoded segments. */
export function uploadPathOf(key: string): string {
  return `/upload/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * The address a page loads a reference from: a reference to our store
 * (any relative spelling above) becomes its `/upload/…` path, so the
 * variants and the fallback work the same for all; absolute URLs and other
 * references are unchanged.
 */
export function displayImageUrl(ref: string): string {
  if (/^https?:\/\//i.test(ref.trim())) return ref;
  const key = storeKeyOf(ref);
  return key ? uploadPathOf(key) : ref;
}

/** displayImageUrl for a value read from the database (null stays null). */
export function shownImage(ref: unknown): string | null {
  return typeof ref === "string" && ref !== "" ? displayImageUrl(ref) : null;
}

/**
 * SPEC §7's image URL resolution: whatever a record or the browser's file
 * cache holds, the URL to load. A storage path (`properties/x.jpg`,
 * `locations/x.jpg`) becomes `/upload/…`; `/upload/…` and other site paths,
 * absolute http(s) URLs and `data:image/…` URLs are unchanged; any other
 * relative path gets a leading `/`. Null for blank or unusable values
 * (script URLs, other data: URLs, protocol-relative `//host`, traversal):
 * the caller shows the placeholder picture. (Here, not in images.ts: the
 * public pages' image helpers stay small; the admin's file cache and media
 * library use this.)
 */
export function resolveImageUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const ref = value.trim();
  if (ref === "") return null;
  if (/^https?:\/\/[^\s/]+/i.test(ref)) return ref;
  if (/^data:image\//i.test(ref)) return ref;
  if (ref.startsWith("//") || /^[a-z][a-z0-9+.-]*:/i.test(ref)) return null;
  if (/[\s\\<>"']/.test(ref) || ref.split("/").includes("..")) return null;
  if (ref.startsWith("/upload/")) return ref;
  // Any other spelling of an upload (Storage API path, bucket path, bare key): its /upload/ path.
  const key = storeKeyOf(ref);
  if (key) return uploadPathOf(key);
  return ref.startsWith("/") ? ref : `/${ref}`;
}
