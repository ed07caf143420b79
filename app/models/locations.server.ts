import { and, asc, count, eq, like, ne, or } from "drizzle-orm";
import { db, type Executor } from "~/db/client.server";
import { locations, realEstates, type Location } from "~/db/schema";
import { nextFreeSlug, RESERVED_SLUGS, SLUG_COLUMNS, slugIn, slugify, type SlugColumn } from "~/lib/slug";
import { escapeLike } from "~/lib/search";
import { LANGS, placeName } from "~/i18n/lang";
import { isUuid } from "~/schemas/fields";
import { LOCATION_MESSAGES as M, locationCreateSchema, locationUpdateSchema } from "~/schemas/location";
import { describeDbError, findPgError, ModelError } from "./errors.server";
import { removeImagesIfUnused } from "./image-references.server";
import { countList, lockList, moveInList, moveToPosition, renumber, type OrderedList } from "./ordering.server";
import { propertiesOf } from "./real-estates.server";
import { log } from "~/platform/log.server";

export type { Location };
export type LocationWithCount = Location & { property_count: number };

const LOCATIONS_LIST: OrderedList = { table: "locations", lockKey: "locations.order" };

/** The six default locations of SPEC §3 / DESIGN §4: names, Russian «where» and map view (migrations 0008 and 0010 give existing ones theirs). */
export const DEFAULT_LOCATIONS: readonly { name: string; name_bg: string; name_ru_in: string; map_lat: number; map_lng: number; map_zoom: number }[] = [
  { name: "Созополь", name_bg: "Созопол", name_ru_in: "в Созополе", map_lat: 42.4175, map_lng: 27.696, map_zoom: 14 },
  { name: "Черноморец", name_bg: "Черноморец", name_ru_in: "в Черноморце", map_lat: 42.4445, map_lng: 27.6395, map_zoom: 15 },
  { name: "Равда", name_bg: "Равда", name_ru_in: "в Равде", map_lat: 42.6415, map_lng: 27.679, map_zoom: 15 },
  { name: "Бургас", name_bg: "Бургас", name_ru_in: "в Бургасе", map_lat: 42.5, map_lng: 27.47, map_zoom: 13 },
  { name: "Каблешково", name_bg: "Каблешково", name_ru_in: "в Каблешково", map_lat: 42.653, map_lng: 27.569, map_zoom: 15 },
  { name: "Приморско", name_bg: "Приморско", name_ru_in: "в Приморско", map_lat: 42.267, map_lng: 27.758, map_zoom: 14 },
];

/** Slug of a location name; refuses names that give no slug or a reserved one. */
export function locationSlug(name: string): string {
  const slug = slugify(name);
  if (slug === "") throw new ModelError(M.nameNoLetters, "validation", { name: M.nameNoLetters });
  if (RESERVED_SLUGS.has(slug)) throw new ModelError(M.nameReserved, "validation", { name: M.nameReserved });
  return slug;
}

/**
 * A location's addresses in the other address columns (slug_en …, issue 31):
 * from its name in that language (for English its own, else the Bulgarian
 * name transliterated), unique among locations and never a reserved path.
 */
async function otherSlugs(tx: Executor, row: Record<string, unknown> & { name: string }, exceptId?: string): Promise<Partial<Record<SlugColumn, string>>> {
  const slugs: Partial<Record<SlugColumn, string>> = {};
  for (const { column, lang } of SLUG_COLUMNS) {
    if (column === "slug") continue;
    const base = slugIn(lang, placeName(lang, row)) || "location";
    const col = locations[column];
    const taken = await tx
      .select({ slug: col })
      .from(locations)
      .where(and(or(eq(col, base), like(col, `${escapeLike(base)}-%`)), exceptId ? ne(locations.id, exceptId) : undefined));
    slugs[column] = nextFreeSlug(base, [...taken.map((t) => t.slug), ...RESERVED_SLUGS]);
  }
  return slugs;
}

/** All locations, by position (SPEC §7: "ordered by order"). */
export async function listLocations(executor: Executor = db()): Promise<Location[]> {
  return executor.select().from(locations).orderBy(asc(locations.order), asc(locations.created_at), asc(locations.id));
}

/**
 * All locations with the number of their properties, by position: those on
 * sale (not sold, as the public pages count them, issue 20), or every one
 * with `includeSold` (the administrator's view: deleting a location deletes them all).
 */
export async function listLocationsWithCounts({ includeSold = false }: { includeSold?: boolean } = {}): Promise<LocationWithCount[]> {
  const counts = db()
    .select({ location_id: realEstates.location_id, n: count().as("n") })
    .from(realEstates)
    .where(includeSold ? undefined : ne(realEstates.status, "sold"))
    .groupBy(realEstates.location_id)
    .as("counts");
  const rows = await db()
    .select({ location: locations, n: counts.n })
    .from(locations)
    .leftJoin(counts, eq(counts.location_id, locations.id))
    .orderBy(asc(locations.order), asc(locations.created_at), asc(locations.id));
  return rows.map((r) => ({ ...r.location, property_count: Number(r.n ?? 0) }));
}

export async function getLocation(id: unknown, executor: Executor = db()): Promise<Location | null> {
  if (!isUuid(id)) return null;
  const [row] = await executor.select().from(locations).where(eq(locations.id, id)).limit(1);
  return row ?? null;
}

/** A location by its address in one address column (slug: ru and bg, slug_en: en — issue 31). */
export async function getLocationBySlug(slug: string, column: SlugColumn = "slug"): Promise<Location | null> {
  const [row] = await db()
    .select()
    .from(locations)
    .where(eq(locations[column], slug.normalize("NFC").toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function countLocations(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(locations);
  return Number(row?.n ?? 0);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Creates a location at the end of the list (order = current count). */
export async function createLocation(input: unknown): Promise<Location> {
  if (!isObject(input) || typeof input.name !== "string") {
    throw new ModelError(M.invalidCreate, "validation");
  }
  const parsed = locationCreateSchema.safeParse(input);
  if (!parsed.success) throw ModelError.fromZod(parsed.error);
  const slug = locationSlug(parsed.data.name);
  let row: Location | undefined;
  try {
    row = await db().transaction(async (tx) => {
      await lockList(tx, LOCATIONS_LIST);
      const order = await countList(tx, LOCATIONS_LIST);
      const slugs = (await otherSlugs(tx, parsed.data)) as Record<SlugColumn, string>;
      const [created] = await tx
        .insert(locations)
        .values({ ...parsed.data, ...slugs, slug, order })
        .returning();
      return created;
    });
  } catch (error) {
    throw mapWriteError(error, "create");
  }
  if (!row) throw new ModelError(M.createNoData, "database");
  return row;
}

/** Updates the given fields of a location. */
export async function updateLocation(id: unknown, data: unknown): Promise<Location> {
  if (!isUuid(id) || !isObject(data)) throw new ModelError(M.invalidUpdate, "validation");
  const parsed = locationUpdateSchema.safeParse(data);
  if (!parsed.success) throw ModelError.fromZod(parsed.error);
  const changes: Partial<typeof locations.$inferInsert> = { ...parsed.data };
  if (parsed.data.name !== undefined) changes.slug = locationSlug(parsed.data.name);
  if (Object.keys(changes).length === 0) {
    const current = await getLocation(id);
    if (!current) throw new ModelError(M.updateNoData, "not_found");
    return current;
  }
  let row: Location | undefined;
  let previousImage: string | null = null;
  try {
    row = await db().transaction(async (tx) => {
      const [before] = await tx.select().from(locations).where(eq(locations.id, id)).for("update");
      // The other languages' addresses follow their names (issue 31).
      const next = before ? { ...before, ...changes } : null;
      if (before && next && placeNamesDiffer(before, next)) Object.assign(changes, await otherSlugs(tx, next, id));
      const [updated] = await tx.update(locations).set(changes).where(eq(locations.id, id)).returning();
      if (before && changes.image !== undefined && before.image !== changes.image) previousImage = before.image;
      return updated;
    });
  } catch (error) {
    throw mapWriteError(error, "update");
  }
  if (!row) throw new ModelError(M.updateNoData, "not_found");
  // After the commit, whoever saved (admin page or API): a picture nothing shows any more leaves the store.
  await removeImagesIfUnused([previousImage]);
  return row;
}

/** Whether any language's name of the place changed (then its addresses may). */
function placeNamesDiffer(before: Location, next: Location): boolean {
  return LANGS.some((lang) => placeName(lang, before) !== placeName(lang, next));
}

function mapWriteError(error: unknown, op: "create" | "update"): ModelError {
  if (error instanceof ModelError) return error;
  const pgError = findPgError(error);
  if (pgError?.code === "23505") {
    const message = op === "create" ? M.createDuplicate : M.updateDuplicate;
    return new ModelError(message, "conflict", { name: message }, "23505");
  }
  log.error(`Location ${op} failed:`, describeDbError(error));
  const message = op === "create" ? M.createFailed(describeDbError(error)) : M.updateFailed(describeDbError(error));
  return new ModelError(message, "database", {}, pgError?.code);
}

/**
 * Deletes a location (SPEC §4): first its properties, then the location, then
 * renumbers the remaining locations 0..n-1 — all in one transaction.
 * Returns false when there is no such location.
 */
export async function deleteLocation(id: unknown): Promise<boolean> {
  if (!isUuid(id)) return false;
  const images = await db().transaction(async (tx) => {
    // Locks in the same order as every other writer: the locations, then its properties.
    await lockList(tx, LOCATIONS_LIST);
    await lockList(tx, propertiesOf(id));
    const properties = await tx.delete(realEstates).where(eq(realEstates.location_id, id)).returning({ images: realEstates.images });
    const [deleted] = await tx.delete(locations).where(eq(locations.id, id)).returning({ image: locations.image });
    if (!deleted) return null;
    await renumber(tx, LOCATIONS_LIST);
    return [deleted.image, ...properties.flatMap((p) => p.images)];
  });
  if (!images) return false;
  // After the commit, whoever deleted (admin page or API): its pictures and its properties' photos nothing else shows leave the store.
  await removeImagesIfUnused(images);
  return true;
}

/** Swaps a location with its neighbour; false at the ends or for an unknown id. */
export async function moveLocation(id: unknown, direction: "up" | "down"): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db().transaction((tx) => moveInList(tx, LOCATIONS_LIST, id, direction));
}

/** Moves a location to a position (drag-and-drop); false for an unknown id. */
export async function moveLocationTo(id: unknown, position: number): Promise<boolean> {
  if (!isUuid(id) || !Number.isInteger(position) || position < 0) return false;
  return db().transaction((tx) => moveToPosition(tx, LOCATIONS_LIST, id, position));
}

/**
 * Creates the six default locations when none exists (SPEC §3), then checks
 * again that locations are there. Safe when several processes start at once.
 * Returns the number created.
 */
export async function ensureDefaultLocations(): Promise<number> {
  const exists = async () => (await db().select({ id: locations.id }).from(locations).limit(1)).length > 0;
  if (await exists()) return 0;
  const created = await db().transaction(async (tx) => {
    await lockList(tx, LOCATIONS_LIST);
    const [any] = await tx.select({ id: locations.id }).from(locations).limit(1);
    if (any) return 0;
    for (const [order, l] of DEFAULT_LOCATIONS.entries()) {
      await tx.insert(locations).values({ ...l, ...((await otherSlugs(tx, l)) as Record<SlugColumn, string>), slug: slugify(l.name), image: "", order });
    }
    return DEFAULT_LOCATIONS.length;
  });
  if (!(await exists())) throw new Error("Default locations were created but cannot be read back");
  return created;
}
