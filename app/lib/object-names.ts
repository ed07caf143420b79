/** Kinds of uploaded image (SPEC §3): they name the folder and the file prefix. */
export const UPLOAD_TYPES = ["locations", "properties"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** SPEC §3: {type}/{type}-{timestamp}-{random}.{ext} */
export function makeObjectName(type: UploadType, ext: string, now = Date.now()): string {
  const random = Math.random().toString(36).slice(2, 10).padEnd(8, "0");
  return `${type}/${type}-${now}-${random}.${ext.replace(/^\./, "").toLowerCase()}`;
}

export const OBJECT_NAME_PATTERN = /^(locations|properties)\/\1-\d{10,}-[a-z0-9]+\.[a-z0-9]+$/;

/**
 * Storage keys are at most 1024 bytes of UTF-8 (S3's limit, which Supabase
 * Storage inherits) and each of their segments (a folder or file name) at
 * most 200 bytes: the local driver keeps every segment as a file name, which
 * a file system allows up to 255 bytes, and adds up to ~40 bytes of its own
 * (temporary files, `.json` side files, `.webp` variants).
 */
export const MAX_KEY_BYTES = 1024;
export const MAX_KEY_SEGMENT_BYTES = 200;

const encoder = new TextEncoder();
const utf8Length = (text: string) => encoder.encode(text).byteLength;
/** A surrogate without its pair: such text has no UTF-8 form. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Normalises a storage key: a leading slash is removed (SPEC §5); empty keys,
 * `.`/`..` segments, backslashes, control characters (C0, DEL, C1), text that
 * is not valid Unicode (a lone surrogate has no UTF-8 form), empty segments
 * and keys over the byte limits above are refused (null), so no key can
 * leave the storage folder or make a driver fail on its length.
 */
export function safeObjectKey(key: unknown): string | null {
  if (typeof key !== "string") return null;
  const trimmed = key.replace(/^\/+/, "");
  if (trimmed === "" || LONE_SURROGATE.test(trimmed) || utf8Length(trimmed) > MAX_KEY_BYTES) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(trimmed)) return null;
  const segments = trimmed.split("/");
  if (segments.some((s) => s === "" || s === "." || s === ".." || utf8Length(s) > MAX_KEY_SEGMENT_BYTES)) return null;
  return trimmed;
}

/**
 * The store's trash (decision 0031): what the release after an edit or the
 * orphan sweep removes is moved under this folder, named
 * `.trash/{removed at, ms}-{reason}/{key}`, and kept TRASH_RETENTION_DAYS.
 * A name starting with "." is never served (/upload, /img, the Storage API).
 */
export const TRASH_FOLDER = ".trash";

/** Whether a key lies in the trash. */
export function isTrashKey(key: string): boolean {
  return key === TRASH_FOLDER || key.startsWith(`${TRASH_FOLDER}/`);
}
