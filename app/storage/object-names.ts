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
 * Normalises a storage key: a leading slash is removed (SPEC §5); empty keys,
 * `.`/`..` segments, backslashes, control characters and empty segments are
 * refused (null), so no key can leave the storage folder.
 */
export function safeObjectKey(key: unknown): string | null {
  if (typeof key !== "string") return null;
  const trimmed = key.replace(/^\/+/, "");
  if (trimmed === "" || trimmed.length > 512) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(trimmed)) return null;
  const segments = trimmed.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) return null;
  return trimmed;
}
