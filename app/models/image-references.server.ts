import { sql } from "drizzle-orm";
import { z } from "zod";
import { db, queryRows } from "~/db/client.server";
import { agentCard, complexes, locations, realEstates } from "~/db/schema";
import { storeKeyOf, type ImageKeyOptions } from "~/lib/image-keys";
import { getEnv } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { removeVariants, variantCacheDir } from "~/storage/image-variants.server";
import { hasStorage, storage } from "~/storage/index.server";
import { TRASH_FOLDER } from "~/storage/object-names";
import { moveToTrash, type TrashReason } from "~/storage/trash.server";

/**
 * Clean-up of uploaded images nobody shows any more (DESIGN §5): after a
 * location or property is updated or deleted, the images it no longer uses
 * are moved from the store to its trash (decision 0031; restorable for
 * TRASH_RETENTION_DAYS), their cached variants dropped — unless another
 * location (`locations.image`), property (`real_estates.images`), complex
 * (`complexes.images`) or the agent card (`agent_card.photo`) still refers to them.
 *
 * Which file a reference names is app/lib/image-keys.ts's one answer, the
 * same the pages show: `/upload/…`, the Storage API's URLs and paths, the
 * bucket path, the bare key, the S3 public URL, variant and JPEG-copy URLs.
 * For keeping files an absolute URL of any origin counts by its path (in
 * doubt a file is kept).
 *
 * Best effort: it runs after the database change is committed, never throws
 * (failures are logged; an orphaned file only costs disk space), and a record
 * saved between the check and the move with one of these references is not
 * seen — the file is then in the trash, from which it can be restored.
 */

/**
 * How references are read: this site's origin (PUBLIC_URL) and S3_PUBLIC_URL;
 * when deciding what to keep (`keep`), any origin's paths too.
 */
export function keyOptions(keep = false): ImageKeyOptions {
  let env: ReturnType<typeof getEnv> | null = null;
  try {
    env = getEnv();
  } catch {
    // A test or script without a valid environment: the origin-free spellings still count.
  }
  return { siteOrigins: env ? [env.publicUrl] : [], s3PublicUrl: env?.S3_PUBLIC_URL, anyOrigin: keep };
}

/** The store key an image reference names (any spelling of this site, decision 0031), else null. */
export function uploadKeyOf(ref: unknown): string | null {
  return storeKeyOf(ref, keyOptions());
}

/**
 * Every store key some location, property or the agent card refers to; with
 * `names`, only references whose text holds one of these (lower-case) file
 * names, so that the release after an edit does not carry the whole
 * catalogue's references into the process.
 */
export async function allReferencedKeys(names?: readonly string[]): Promise<Set<string>> {
  const matching =
    names && names.length > 0
      ? sql` and (${sql.join(
          names.map((name) => sql`strpos(lower(refs.ref), ${name}) > 0`),
          sql` or `,
        )})`
      : sql``;
  // The agent card's photo (issue 22) and a complex's photos (issue 33) count too: they are uploaded like a property's.
  const rows = await queryRows<{ ref: string }>(
    db(),
    sql`select distinct refs.ref from (select ${locations.image} as ref from ${locations} union all select unnest(${realEstates.images}) as ref from ${realEstates} union all select ${agentCard.photo} as ref from ${agentCard} union all select unnest(${complexes.images}) as ref from ${complexes}) as refs where refs.ref is not null${matching}`,
  );
  const options = keyOptions(true);
  const used = new Set<string>();
  for (const { ref } of rows) {
    const key = storeKeyOf(ref, options);
    if (key) used.add(key);
  }
  return used;
}

/** Of these keys, the ones some location, property or the agent card still refers to. */
export async function referencedKeys(keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  // A spelling of a key holds its file name as it is, percent-encoded where needed, or every byte
  // encoded (decision 0031); a stranger mix is missed here and the file goes to the trash, restorable.
  const names = new Set<string>();
  for (const key of keys) {
    const name = key.slice(key.lastIndexOf("/") + 1);
    const everyByte = [...new TextEncoder().encode(name)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
    for (const spelling of [name, encodeURIComponent(name), encodeURI(name), everyByte]) names.add(spelling.toLowerCase());
  }
  const all = await allReferencedKeys([...names]);
  return new Set(keys.filter((key) => all.has(key)));
}

/** Moves these store keys to the trash and drops their cached variants. Returns the keys moved. */
export async function trashKeys(keys: readonly string[], reason: TrashReason, options: { cacheDir?: string; now?: number } = {}): Promise<string[]> {
  if (keys.length === 0) return [];
  const moved = await moveToTrash(storage(), keys, reason, options.now);
  const cacheDir = options.cacheDir ?? variantCacheDir();
  await Promise.all(moved.map((key) => removeVariants(cacheDir, key)));
  return moved;
}

/**
 * Moves the stored images among `refs` (and drops their variants) that no
 * location, property or the agent card uses any more into the trash.
 * Returns the keys moved.
 */
export async function removeImagesIfUnused(refs: readonly unknown[], options: { cacheDir?: string } = {}): Promise<string[]> {
  const keys = [...new Set(refs.map(uploadKeyOf).filter((k): k is string => k !== null))];
  // No store in this process (a script or test that uses the models alone): nothing to remove here; the sweep does it later.
  if (keys.length === 0 || !hasStorage()) return [];
  try {
    const used = await referencedKeys(keys);
    const unused = keys.filter((key) => !used.has(key));
    const moved = await trashKeys(unused, "edit", options);
    if (moved.length > 0) log.info(`Moved ${moved.length} unused image(s) to the trash: ${moved.join(", ")}`);
    return moved;
  } catch (error) {
    log.error("Removing unused images failed:", error instanceof Error ? error.message : error);
    return [];
  }
}

/**
 * The orphan sweep's safety valve (decision 0031): a sweep that would move
 * more than this share of the store's uploads — and more than
 * SWEEP_VALVE_MIN_FILES of them, so a small new site still gets its
 * abandoned uploads cleared — moves nothing: a reference spelling the site
 * does not read, or a catalogue that reads as empty, must not empty the store.
 */
export const SWEEP_VALVE_SHARE = 0.1;
export const SWEEP_VALVE_MIN_FILES = 10;

/** A halted sweep as it is kept in the store (JSON) and read back: the one definition of its type and of its check. */
const sweepHaltSchema = z.object({
  at: z.string().transform((at) => new Date(at)),
  /** Files the sweep would have moved to the trash. */
  wouldRemove: z.number(),
  /** Uploads in the store. */
  total: z.number(),
});

export type SweepHalt = z.output<typeof sweepHaltSchema>;

/**
 * The last sweep's halt is kept in the file store itself, beside the trash
 * (names under ".trash/" are never served): the sweep runs in the
 * supervisor or in one of several copies, and every process's dashboard must
 * see it. Removed by the next sweep that runs.
 */
const SWEEP_HALT_KEY = `${TRASH_FOLDER}/sweep-halt.json`;

/** The halt of the latest sweep, or null when it ran (or none has been halted). */
export async function sweepHalted(): Promise<SweepHalt | null> {
  if (!hasStorage()) return null;
  const object = await storage().get(SWEEP_HALT_KEY);
  if (!object) return null;
  try {
    const read = sweepHaltSchema.safeParse(JSON.parse(object.body.toString("utf8")));
    return read.success ? read.data : null;
  } catch {
    return null;
  }
}

async function recordSweepHalt(halt: SweepHalt | null): Promise<void> {
  if (halt) await storage().put(SWEEP_HALT_KEY, Buffer.from(JSON.stringify(halt)), { contentType: "application/json" });
  else await storage().remove([SWEEP_HALT_KEY]);
}

/**
 * Moves the uploads (under locations/ and properties/) older than `minAgeMs`
 * that nothing refers to into the trash, with their cached variants dropped —
 * unless that is more than the valve allows, then nothing moves and the
 * dashboard says so. Returns the keys moved.
 */
export async function sweepOrphanedUploads(options: { now: number; minAgeMs: number; folders: readonly string[]; cacheDir?: string }): Promise<string[]> {
  const files = (await Promise.all(options.folders.map((folder) => storage().list(`${folder}/`)))).flat();
  const old = files.filter((object) => options.now - object.updatedAt.getTime() > options.minAgeMs).map((object) => object.key);
  if (old.length === 0) {
    await recordSweepHalt(null);
    return [];
  }
  const used = await allReferencedKeys();
  const unused = old.filter((key) => !used.has(key));
  if (unused.length > SWEEP_VALVE_MIN_FILES && unused.length > files.length * SWEEP_VALVE_SHARE) {
    await recordSweepHalt({ at: new Date(options.now), wouldRemove: unused.length, total: files.length });
    log.error(
      `Orphan sweep halted: it would move ${unused.length} of ${files.length} uploads to the trash (more than ${SWEEP_VALVE_SHARE * 100} %); nothing removed. Check how photos are referenced (decision 0031).`,
    );
    return [];
  }
  await recordSweepHalt(null);
  const moved = await trashKeys(unused, "sweep", { cacheDir: options.cacheDir, now: options.now });
  if (moved.length > 0) log.info(`Moved ${moved.length} orphaned upload(s) to the trash: ${moved.join(", ")}`);
  return moved;
}
