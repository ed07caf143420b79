import { ADMIN } from "~/i18n/admin";
import { log } from "~/platform/log.server";
import { hasStorage, storage } from "~/storage/index.server";
import { isTrashKey, safeObjectKey } from "~/storage/object-names";
import { listTrash, parseTrashKey, RestoreConflictError, restoreFromTrash, type TrashEntry } from "~/storage/trash.server";
import { ModelError } from "./errors.server";
import { sweepHalted } from "./image-references.server";

/**
 * The trash of removed photos (decision 0031), for the admin page
 * /admin/trash and `npm run trash`: what is in it, its bytes (for the
 * thumbnails, never public), and restoring a file at its old key.
 */
export type { TrashEntry };

export function listTrashedImages(): Promise<TrashEntry[]> {
  return listTrash(storage());
}

/** A trashed file's bytes and type (admin thumbnails), or null. */
export async function readTrashedImage(trashKey: unknown): Promise<{ body: Buffer; contentType: string } | null> {
  const key = typeof trashKey === "string" ? safeObjectKey(trashKey) : null;
  if (!key || !isTrashKey(key) || !parseTrashKey(key)) return null;
  const object = await storage().get(key);
  return object ? { body: object.body, contentType: object.contentType } : null;
}

/**
 * Puts a trashed file back at its key. Refused (ModelError, Russian) when the
 * entry is gone or its key holds a file again.
 */
export async function restoreTrashedImage(trashKey: unknown): Promise<string> {
  const key = typeof trashKey === "string" ? safeObjectKey(trashKey) : null;
  if (!key || !isTrashKey(key) || !parseTrashKey(key)) throw new ModelError(ADMIN.trash.notFound, "not_found");
  try {
    const restored = await restoreFromTrash(storage(), key);
    if (!restored) throw new ModelError(ADMIN.trash.notFound, "not_found");
    log.info(`Restored ${restored} from the trash.`);
    return restored;
  } catch (error) {
    if (error instanceof RestoreConflictError) throw new ModelError(ADMIN.trash.conflict(error.key), "conflict");
    throw error;
  }
}

/** The entry of the trash removed last for a store key (`npm run trash -- restore KEY`), or null. */
export async function trashEntryOf(key: string): Promise<TrashEntry | null> {
  return (await listTrashedImages()).find((entry) => entry.key === key || entry.trashKey === key) ?? null;
}

/** What the dashboard says about the trash: how many files wait in it, and whether the last sweep was halted by its valve. */
export async function photoTrashStatus(): Promise<{ count: number; halted: { wouldRemove: number; total: number } | null }> {
  let halt: Awaited<ReturnType<typeof sweepHalted>> = null;
  let count = 0;
  try {
    halt = await sweepHalted();
    count = hasStorage() ? (await listTrashedImages()).length : 0;
  } catch (error) {
    log.error("Listing the trash failed:", error instanceof Error ? error.message : error);
  }
  return { count, halted: halt ? { wouldRemove: halt.wouldRemove, total: halt.total } : null };
}
