import { isTrashKey, safeObjectKey, TRASH_FOLDER } from "./object-names";
import { ObjectExistsError, type ObjectStorage } from "./storage.server";

/**
 * The store's trash (decision 0031): files the release after an edit or the
 * orphan sweep removes are moved, not deleted, to
 * `.trash/{removed at, ms}-{reason}/{key}` in the same store (the local
 * folder DATA_DIR/upload, so `npm run backup` takes it too; a prefix of the
 * S3 bucket). They can be restored at their key until the maintenance tick
 * purges them after TRASH_RETENTION_DAYS. Names starting with "." are never
 * served, so trashed files are not public on this site.
 */
export type TrashReason = "edit" | "sweep";

export interface TrashEntry {
  /** The trashed object's key in the store (`.trash/…`). */
  trashKey: string;
  /** The key it had and is restored at. */
  key: string;
  size: number;
  removedAt: Date;
  reason: TrashReason | "other";
}

const ENTRY = /^\.trash\/(\d{10,16})-([a-z]+)\/(.+)$/;

/** A trash key's parts, or null when it is none of ours. */
export function parseTrashKey(trashKey: string): { key: string; removedAt: Date; reason: TrashEntry["reason"] } | null {
  const match = ENTRY.exec(trashKey);
  if (!match) return null;
  const key = safeObjectKey(match[3]);
  if (!key || isTrashKey(key)) return null;
  const reason = match[2] === "edit" || match[2] === "sweep" ? match[2] : "other";
  return { key, removedAt: new Date(Number(match[1])), reason };
}

/**
 * Moves objects into the trash (copy, then remove the original). Returns the
 * keys moved; missing keys are skipped. A copy that fails leaves the
 * original where it was.
 */
export async function moveToTrash(store: ObjectStorage, keys: readonly string[], reason: TrashReason, now = Date.now()): Promise<string[]> {
  const moved: string[] = [];
  for (const key of keys) {
    if (isTrashKey(key)) continue;
    const object = await store.get(key);
    if (!object) continue;
    await store.put(`${TRASH_FOLDER}/${now}-${reason}/${key}`, object.body, { contentType: object.contentType });
    if ((await store.remove([key])).length > 0) moved.push(key);
  }
  return moved;
}

/** The trash, newest removal first. */
export async function listTrash(store: ObjectStorage): Promise<TrashEntry[]> {
  const entries: TrashEntry[] = [];
  for (const object of await store.list(`${TRASH_FOLDER}/`)) {
    const parsed = parseTrashKey(object.key);
    if (parsed) entries.push({ trashKey: object.key, size: object.size, ...parsed });
  }
  return entries.sort((a, b) => b.removedAt.getTime() - a.removedAt.getTime() || a.key.localeCompare(b.key));
}

export class RestoreConflictError extends Error {
  constructor(readonly key: string) {
    super(`A file is stored at ${key} already`);
    this.name = "RestoreConflictError";
  }
}

/**
 * Puts a trashed object back at its key and removes it from the trash.
 * Throws RestoreConflictError when the key holds a file again; returns null
 * when the trash entry is gone.
 */
export async function restoreFromTrash(store: ObjectStorage, trashKey: string): Promise<string | null> {
  const parsed = parseTrashKey(trashKey);
  if (!parsed) return null;
  const object = await store.get(trashKey);
  if (!object) return null;
  // Looked at first too: some S3-compatible servers ignore the exclusive put's condition.
  if (await store.head(parsed.key)) throw new RestoreConflictError(parsed.key);
  try {
    await store.put(parsed.key, object.body, { contentType: object.contentType, exclusive: true });
  } catch (error) {
    if (error instanceof ObjectExistsError) throw new RestoreConflictError(parsed.key);
    throw error;
  }
  await store.remove([trashKey]);
  return parsed.key;
}

/** Removes for good the trash entries removed more than `retentionMs` before `now`. Returns their trash keys. */
export async function purgeTrash(store: ObjectStorage, retentionMs: number, now = Date.now()): Promise<string[]> {
  const old = (await listTrash(store)).filter((entry) => now - entry.removedAt.getTime() > retentionMs).map((entry) => entry.trashKey);
  return old.length > 0 ? store.remove(old) : [];
}
