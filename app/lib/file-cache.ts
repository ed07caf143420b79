import { resolveImageUrl } from "./image-keys";

/**
 * SPEC §3 / §7 / §9: the browser's record of uploaded files. localStorage
 * keeps `appVersion` ('1.0.0'), `uploadedFiles` (the list) and `lastFileSync`
 * (ISO time of the last manifest merge); the manifest (`/app-data.json`,
 * falling back to `/file-manifest.json`, then `/exported-files.json`) is
 * merged into it by path, the newer `updatedAt` winning. sessionStorage holds
 * a backup under the same names (every 5 minutes while the admin picker is
 * open), restored when the local copy is missing or unreadable.
 *
 * Pure functions over `Storage`-like objects (no window here), so the rules
 * are unit-tested; app/components/admin/file-cache-store.ts is the browser glue.
 * Nothing read from storage is trusted: bad JSON, a foreign version or
 * malformed entries are ignored, never thrown.
 */
export const APP_VERSION = "1.0.0";

/** SPEC §3's local cache keys, verbatim. */
export const CACHE_KEYS = { files: "uploadedFiles", lastSync: "lastFileSync", version: "appVersion" } as const;

/** SPEC §9: the sessionStorage backup interval. */
export const BACKUP_INTERVAL_MS = 300_000;

/** SPEC §7: where the file list comes from, in order of preference. */
export const MANIFEST_URLS = ["/app-data.json", "/file-manifest.json", "/exported-files.json"] as const;

/** The two tracked directories (SPEC §3). */
export const DIRECTORIES = { locations: "/upload/locations", properties: "/upload/properties" } as const;

/** A file of the manifest (SPEC §3: the subset this site uses), as /app-data.json lists it. */
export interface ManifestFile {
  /** Site path, `/upload/{type}/{name}`: the key of the merge. */
  path: string;
  /** What a form stores and a browser loads (the storage driver's public URL). */
  url: string;
  name: string;
  /** Content type. */
  type: string;
  size: number;
  /** `/upload/locations` or `/upload/properties`. */
  directory: string;
  /** ISO time of the last write (server time for manifest entries). */
  updatedAt: string;
}

/** A manifest file as this browser keeps it. */
export interface CachedFile extends ManifestFile {
  /** ISO time (browser clock) when this browser uploaded it, if it did. */
  uploadedAt?: string;
}

/** Minimal Storage: what localStorage / sessionStorage offer and tests fake. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const MAX_FILES = 5000;

function time(value: string | undefined): number {
  const t = value === undefined ? Number.NaN : Date.parse(value);
  return Number.isFinite(t) ? t : Number.NaN;
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** One record, checked field by field; null when it cannot be used. */
export function parseFileRecord(value: unknown): CachedFile | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.path !== "string") return null;
  const path = resolveImageUrl(v.path);
  // data: URLs are not stored files; paths must be site paths or absolute URLs.
  if (path === null || path.startsWith("data:")) return null;
  if (typeof v.updatedAt !== "string" || Number.isNaN(time(v.updatedAt))) return null;
  const url = (typeof v.url === "string" ? resolveImageUrl(v.url) : null) ?? path;
  const directory =
    typeof v.directory === "string" && v.directory !== ""
      ? v.directory
      : path.startsWith(`${DIRECTORIES.locations}/`)
        ? DIRECTORIES.locations
        : path.startsWith(`${DIRECTORIES.properties}/`)
          ? DIRECTORIES.properties
          : "";
  const record: CachedFile = {
    path,
    url: url.startsWith("data:") ? path : url,
    name: typeof v.name === "string" && v.name !== "" ? v.name : basename(path),
    type: typeof v.type === "string" ? v.type : "",
    size: typeof v.size === "number" && Number.isFinite(v.size) && v.size >= 0 ? v.size : 0,
    directory,
    updatedAt: new Date(time(v.updatedAt)).toISOString(),
  };
  if (typeof v.uploadedAt === "string" && !Number.isNaN(time(v.uploadedAt))) record.uploadedAt = new Date(time(v.uploadedAt)).toISOString();
  return record;
}

/** A list of records: anything but an array is null; bad entries are dropped. */
export function parseFileList(value: unknown): CachedFile[] | null {
  if (!Array.isArray(value)) return null;
  const files: CachedFile[] = [];
  for (const entry of value.slice(0, MAX_FILES)) {
    const record = parseFileRecord(entry);
    if (record) files.push(record);
  }
  return files;
}

/** Stored text of `uploadedFiles`: null when missing, not JSON or not a list. */
export function parseStoredFiles(text: string | null): CachedFile[] | null {
  if (text === null) return null;
  try {
    return parseFileList(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The manifest's body (`{version, files}`): its files, or null when it is not one. */
export function parseManifest(body: unknown): CachedFile[] | null {
  if (typeof body !== "object" || body === null) return null;
  const { version, files } = body as { version?: unknown; files?: unknown };
  if (typeof version !== "string") return null;
  return parseFileList(files);
}

/** Newest first, then by path: the order the library shows. */
function byNewest(a: CachedFile, b: CachedFile): number {
  return time(b.updatedAt) - time(a.updatedAt) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/**
 * Merges a fresh list into the stored one by path; for a path in both, the
 * entry with the newer `updatedAt` wins (the fresh one on a tie: the server
 * is the authority). With `completeSince` (browser time when a complete
 * manifest was requested), stored entries the manifest no longer lists are
 * dropped — the server deleted them — except files this browser uploaded
 * after that moment, which the manifest could not know yet.
 */
export function mergeFiles(stored: readonly CachedFile[], fresh: readonly CachedFile[], options: { completeSince?: number } = {}): CachedFile[] {
  const newestByPath = (list: readonly CachedFile[]) => {
    const byPath = new Map<string, CachedFile>();
    for (const file of list) {
      const seen = byPath.get(file.path);
      if (!seen || time(file.updatedAt) > time(seen.updatedAt)) byPath.set(file.path, file);
    }
    return byPath;
  };
  const old = newestByPath(stored);
  const merged = newestByPath(fresh);
  for (const [path, file] of merged) {
    const seen = old.get(path);
    if (!seen) continue;
    if (time(seen.updatedAt) > time(file.updatedAt)) merged.set(path, seen);
    // The server's record replaces ours but keeps when this browser uploaded it.
    else if (seen.uploadedAt && !file.uploadedAt) merged.set(path, { ...file, uploadedAt: seen.uploadedAt });
  }
  for (const [path, file] of old) {
    if (merged.has(path)) continue;
    if (options.completeSince !== undefined && !(time(file.uploadedAt) >= options.completeSince)) continue;
    merged.set(path, file);
  }
  return [...merged.values()].sort(byNewest).slice(0, MAX_FILES);
}

function get(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function set(storage: KeyValueStorage | null, key: string, value: string): boolean {
  try {
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    // Quota exceeded or storage disabled: the cache is an optimisation only.
    return false;
  }
}

/**
 * The list one storage holds, or null when it has none usable: missing,
 * unreadable, not a list, or written by another app version.
 */
export function readStoredFiles(storage: KeyValueStorage | null): CachedFile[] | null {
  const version = get(storage, CACHE_KEYS.version);
  if (version !== null && version !== APP_VERSION) return null;
  return parseStoredFiles(get(storage, CACHE_KEYS.files));
}

/** `lastFileSync` as an ISO string, or null. */
export function readLastSync(storage: KeyValueStorage | null): string | null {
  const value = get(storage, CACHE_KEYS.lastSync);
  return value !== null && !Number.isNaN(time(value)) ? value : null;
}

/** Writes the three keys; `lastSync` only when given (a merge of the manifest). */
export function writeFiles(storage: KeyValueStorage | null, files: readonly CachedFile[], lastSync?: string): boolean {
  const ok = set(storage, CACHE_KEYS.files, JSON.stringify(files));
  set(storage, CACHE_KEYS.version, APP_VERSION);
  if (lastSync !== undefined) set(storage, CACHE_KEYS.lastSync, lastSync);
  return ok;
}

/**
 * The sessionStorage backup: copies the local list (and its sync time) when
 * the local copy is usable. A broken local copy never overwrites a good backup.
 */
export function backupToSession(local: KeyValueStorage | null, session: KeyValueStorage | null): boolean {
  const files = readStoredFiles(local);
  if (files === null) return false;
  const ok = writeFiles(session, files);
  const lastSync = readLastSync(local);
  if (ok && lastSync !== null) set(session, CACHE_KEYS.lastSync, lastSync);
  return ok;
}

/** Restores the local copy from the backup when the local one is missing or unusable. */
export function restoreFromSession(local: KeyValueStorage | null, session: KeyValueStorage | null): boolean {
  if (readStoredFiles(local) !== null) return false;
  const files = readStoredFiles(session);
  if (files === null) return false;
  return writeFiles(local, files, readLastSync(session) ?? undefined);
}

/**
 * The cached list to start from: the local copy, else the restored backup,
 * else empty. Always leaves `appVersion` written.
 */
export function loadFiles(local: KeyValueStorage | null, session: KeyValueStorage | null): CachedFile[] {
  restoreFromSession(local, session);
  const files = readStoredFiles(local) ?? readStoredFiles(session) ?? [];
  if (get(local, CACHE_KEYS.version) !== APP_VERSION) writeFiles(local, files);
  return files;
}

/** The record of a file this browser has just uploaded (`key`: the storage key the server answered). */
export function uploadedRecord(upload: { key: string; url: string; size: number }, now: Date = new Date()): CachedFile | null {
  const path = `/upload/${upload.key.replace(/^\/+/, "")}`;
  const ext = basename(path).split(".").pop()?.toLowerCase() ?? "";
  const type = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" }[ext] ?? "";
  return parseFileRecord({
    path,
    url: upload.url,
    name: basename(path),
    type,
    size: upload.size,
    directory: path.slice(0, path.lastIndexOf("/")),
    updatedAt: now.toISOString(),
    uploadedAt: now.toISOString(),
  });
}
