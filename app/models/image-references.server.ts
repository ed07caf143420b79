import { or, sql } from "drizzle-orm";
import { db, queryRows } from "~/db/client.server";
import { agentCard, locations, realEstates } from "~/db/schema";
import { removeVariants, variantCacheDir } from "~/storage/image-variants.server";
import { hasStorage, storage } from "~/storage/index.server";
import { safeObjectKey, UPLOAD_TYPES } from "~/storage/object-names";
import { log } from "~/platform/log.server";

/**
 * Clean-up of uploaded images nobody shows any more (DESIGN §5): after a
 * location or property is updated or deleted, the images it no longer uses
 * are removed from storage, with their cached variants — unless another
 * location (`locations.image`), property (`real_estates.images`) or the
 * agent card (`agent_card.photo`) still refers to them.
 *
 * A reference counts when it is the image's path (`/upload/{key}`, or its
 * URL-encoded spelling) or any URL ending in it (an absolute link to our own
 * `/upload/…`), so in doubt a file is kept. Absolute http(s) URLs and data:
 * URLs passed in are not ours to delete and are ignored.
 *
 * Best effort: it runs after the database change is committed, never throws
 * (failures are logged; an orphaned file only costs disk space), and a record
 * saved between the check and the removal with one of these exact paths is not
 * seen — only possible by pasting the path of an image being removed.
 */

/** The storage key of an image reference into our store (`/upload/{key}`), else null. */
export function uploadKeyOf(ref: unknown): string | null {
  if (typeof ref !== "string") return null;
  let value = ref.trim();
  if (!value.startsWith("/upload/") && value.startsWith("upload/")) value = `/${value}`;
  if (!value.startsWith("/upload/")) return null;
  value = value.slice("/upload/".length).replace(/[?#].*$/s, "");
  let decoded: string;
  try {
    decoded = value.split("/").map(decodeURIComponent).join("/");
  } catch {
    return null;
  }
  const key = safeObjectKey(decoded);
  if (!key) return null;
  const type = key.split("/")[0];
  return (UPLOAD_TYPES as readonly string[]).includes(type ?? "") && key.includes("/") ? key : null;
}

/** How a stored reference to `key` may end: the plain path and the public URL's spelling. */
function spellingsOf(key: string): string[] {
  const spellings = new Set([`/upload/${key}`]);
  try {
    spellings.add(storage().publicUrl(key));
  } catch {
    // An unusual key the driver refuses: the plain path is enough.
  }
  return [...spellings];
}

/** Of these keys, the ones some location or property still refers to. */
export async function referencedKeys(keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const endings = keys.flatMap((key) => spellingsOf(key).map((ending) => ({ key, ending })));
  // The agent card's photo (issue 22) counts too: it is uploaded like a property's.
  const refs = sql`(select ${locations.image} as ref from ${locations} union all select unnest(${realEstates.images}) as ref from ${realEstates} union all select ${agentCard.photo} as ref from ${agentCard} where ${agentCard.photo} is not null) as refs`;
  const matches = or(...endings.map(({ ending }) => sql`right(refs.ref, ${ending.length}::int) = ${ending}::text`));
  const rows = await queryRows<{ ref: string }>(db(), sql`select distinct refs.ref from ${refs} where refs.ref like '%/upload/%' and (${matches})`);
  const used = new Set<string>();
  for (const { ref } of rows) {
    for (const { key, ending } of endings) if (ref.endsWith(ending)) used.add(key);
  }
  return used;
}

/**
 * Removes the stored images among `urls` (and their variants) that no
 * location or property uses any more. Returns the keys removed from storage.
 */
export async function removeImagesIfUnused(urls: readonly unknown[], options: { cacheDir?: string } = {}): Promise<string[]> {
  const keys = [...new Set(urls.map(uploadKeyOf).filter((k): k is string => k !== null))];
  // No store in this process (a script or test that uses the models alone): nothing to remove here; the sweep does it later.
  if (keys.length === 0 || !hasStorage()) return [];
  try {
    const used = await referencedKeys(keys);
    const unused = keys.filter((key) => !used.has(key));
    if (unused.length === 0) return [];
    const removed = await storage().remove(unused);
    const cacheDir = options.cacheDir ?? variantCacheDir();
    await Promise.all(unused.map((key) => removeVariants(cacheDir, key)));
    if (removed.length > 0) log.info(`Removed ${removed.length} unused image(s): ${removed.join(", ")}`);
    return removed;
  } catch (error) {
    log.error("Removing unused images failed:", error instanceof Error ? error.message : error);
    return [];
  }
}
