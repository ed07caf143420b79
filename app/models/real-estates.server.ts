import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { db, type Executor } from "~/db/client.server";
import { locations, priceHistory, propertyColumns, realEstates, type Property } from "~/db/schema";
import { pick } from "~/lib/pick";
import { SLUG_COLUMNS, slugIn, slugSource, type SlugColumn } from "~/lib/slug";
import { DEFAULT_LANG, TRANSLATED_LANGS, textColumn, type Lang } from "~/i18n/lang";
import { isUuid } from "~/schemas/fields";
import {
  canonicalPropertyInput,
  PROPERTY_MESSAGES as M,
  PROPERTY_COPY_FIELDS,
  propertyCreateSchema,
  propertyUpdateSchema,
  UPDATABLE_PROPERTY_FIELDS,
  type PropertyCreateInput,
} from "~/schemas/property";
import { ADMIN } from "~/i18n/admin";
import { describeDbError, findPgError, ModelError } from "./errors.server";
import { removeImagesIfUnused } from "./image-references.server";
import { freeLocationSlugs, type SlugTable } from "./location-slugs.server";
import { complexExists, complexForName } from "./complexes.server";
import { complexSearchNames, searchVectorOf } from "./text-search.server";
import { countList, lockList, moveInList, moveToPosition, renumber, type OrderedList } from "./ordering.server";
import { log } from "~/platform/log.server";

export type { Property };

/** The properties of one location form one ordered list (SPEC §4). */
export function propertiesOf(locationId: string): OrderedList {
  return {
    table: "real_estates",
    where: sql`location_id = ${locationId}`,
    lockKey: `real_estates.order:${locationId}`,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Slug base for a title; a title of only symbols still gets a usable slug. */
export function propertySlugBase(title: string, lang: Lang = DEFAULT_LANG): string {
  return slugIn(lang, title) || "object";
}

/** A property's addresses (issue 31): unique within its location, from its title in each address column's language. */
const PROPERTY_SLUGS: SlugTable = {
  table: realEstates,
  id: realEstates.id,
  locationId: realEstates.location_id,
  columns: { slug: realEstates.slug, slug_en: realEstates.slug_en },
  field: "title",
  fallback: "object",
};

async function locationExists(tx: Executor, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, id)).limit(1);
  return Boolean(row);
}

const locationMissing = () => new ModelError(M.locationMissing, "validation", { location_id: M.locationMissing }, "23503");
const complexMissing = () => new ModelError(M.complexMissing, "validation", { complex_id: M.complexMissing }, "23503");

/**
 * The complex a write links the property to (issue 33): a `complex_id` sent
 * (checked), else the complex a sent `complex_name` names in its location
 * (found or made: complexForName; empty: none), else none when an empty
 * `complex_id` was sent, else undefined — the link stays.
 */
async function linkedComplex(
  tx: Executor,
  locationId: string,
  sent: Record<string, unknown>,
  parsed: { complex_id?: string | null; complex_name?: string | null },
): Promise<string | null | undefined> {
  if (parsed.complex_id) {
    if (!(await complexExists(tx, parsed.complex_id))) throw complexMissing();
    return parsed.complex_id;
  }
  if (sent.complex_name !== undefined) return complexForName(tx, locationId, parsed.complex_name ?? null);
  return sent.complex_id !== undefined ? null : undefined;
}

export async function getProperty(id: unknown, executor: Executor = db()): Promise<Property | null> {
  if (!isUuid(id)) return null;
  const [row] = await executor.select(propertyColumns).from(realEstates).where(eq(realEstates.id, id)).limit(1);
  return row ?? null;
}

/** A property by its address within a location, in one address column (slug or slug_en …: issue 31). */
export async function getPropertyBySlug(locationId: string, slug: string, column: SlugColumn = "slug"): Promise<Property | null> {
  if (!isUuid(locationId)) return null;
  const [row] = await db()
    .select(propertyColumns)
    .from(realEstates)
    .where(and(eq(realEstates.location_id, locationId), eq(realEstates[column], slug.normalize("NFC").toLowerCase())))
    .limit(1);
  return row ?? null;
}

/** The properties of one location, by position. */
export async function listPropertiesOfLocation(locationId: unknown): Promise<Property[]> {
  if (!isUuid(locationId)) return [];
  return db()
    .select(propertyColumns)
    .from(realEstates)
    .where(eq(realEstates.location_id, locationId))
    .orderBy(asc(realEstates.order), asc(realEstates.created_at), asc(realEstates.id));
}

/** Every price a property has had, newest first (kept by the database, migration 0008). */
export async function priceHistoryOf(id: unknown, limit = 50): Promise<{ price: number | null; changed_at: string }[]> {
  if (!isUuid(id)) return [];
  return db()
    .select({ price: priceHistory.price, changed_at: priceHistory.changed_at })
    .from(priceHistory)
    .where(eq(priceHistory.real_estate_id, id))
    .orderBy(desc(priceHistory.changed_at), desc(priceHistory.id))
    .limit(limit);
}

export async function countProperties(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(realEstates);
  return Number(row?.n ?? 0);
}

/**
 * Creates a property (SPEC §5): the data layer's checks and defaults (empty
 * Bulgarian texts, no price or area, apartment), images normalised, a slug
 * unique within its location, and — when no order is given — the end of its
 * location's list (SPEC §4: order = current count).
 */
export async function createProperty(input: unknown, executor: Executor = db()): Promise<Property> {
  if (!isObject(input)) throw new ModelError(M.invalidCreate, "validation");
  const canonical = canonicalPropertyInput(input);
  if (typeof canonical.title !== "string") throw new ModelError(M.invalidCreate, "validation");
  const parsed = propertyCreateSchema.safeParse(canonical);
  if (!parsed.success) throw ModelError.fromZod(parsed.error);
  const data: PropertyCreateInput = parsed.data;

  let row: Property | undefined;
  try {
    // Inside a caller's transaction (the CSV import's batch) this is a savepoint.
    row = await executor.transaction(async (tx) => {
      if (!(await locationExists(tx, data.location_id))) throw locationMissing();
      const list = propertiesOf(data.location_id);
      await lockList(tx, list);
      const order = data.order ?? (await countList(tx, list));
      const slugs = (await freeLocationSlugs(tx, PROPERTY_SLUGS, data.location_id, data)) as Record<SlugColumn, string>;
      const complex_id = (await linkedComplex(tx, data.location_id, canonical, data)) ?? null;
      const [created] = await tx
        .insert(realEstates)
        .values({ ...data, complex_id, order, ...slugs, search_vector: searchVectorOf({ ...data, complex_names: await complexSearchNames(tx, complex_id) }) })
        .returning(propertyColumns);
      return created;
    });
  } catch (error) {
    throw mapWriteError(error, "create");
  }
  if (!row) throw new ModelError(M.createNoData, "database");
  return row;
}

/**
 * Partial update (SPEC §5): only the updatable fields present in `data` are
 * checked and written; unknown keys are ignored. Moving a property to another
 * location puts it at the end there and closes the gap it leaves.
 */
export async function updateProperty(id: unknown, data: unknown, executor: Executor = db()): Promise<Property> {
  if (!isUuid(id) || !isObject(data)) throw new ModelError(M.invalidUpdate, "validation");
  const canonical = canonicalPropertyInput(data);
  const present = Object.fromEntries(UPDATABLE_PROPERTY_FIELDS.filter((k) => canonical[k] !== undefined).map((k) => [k, canonical[k]]));
  const parsed = propertyUpdateSchema.safeParse(present);
  if (!parsed.success) throw ModelError.fromZod(parsed.error);
  const changes = parsed.data;

  let row: Property | undefined;
  let dropped: string[] = [];
  try {
    row = await executor.transaction(async (tx) => {
      const before = await getProperty(id, tx);
      if (!before) return undefined;
      // Lock the lists involved first (its own and, when moving, the target),
      // then read it again: no one else can move it now.
      await lockList(tx, propertiesOf(before.location_id), propertiesOf(changes.location_id ?? before.location_id));
      const current = await getProperty(id, tx);
      if (!current) return undefined;
      const { order: requestedOrder, complex_id: _complexId, complex_name: _complexName, ...rest } = changes;
      const values: PgUpdateSetSource<typeof realEstates> = { ...rest };
      // complex_name is the linked complex's, written by the database (migration 0018).
      const complexId = await linkedComplex(tx, changes.location_id ?? current.location_id, present, changes);
      if (complexId !== undefined) values.complex_id = complexId;
      if (requestedOrder !== undefined && requestedOrder !== null) values.order = requestedOrder;
      const locationChanged = changes.location_id !== undefined && changes.location_id !== current.location_id;
      const targetLocation = changes.location_id ?? current.location_id;
      if (locationChanged) {
        if (!(await locationExists(tx, targetLocation))) throw locationMissing();
        if (values.order === undefined) values.order = await countList(tx, propertiesOf(targetLocation));
      }
      // An address changes with its texts: slug with the title, slug_en with title_en or the title (issue 31).
      const next = { ...current, ...rest };
      const renamed = (column: SlugColumn) => {
        const lang = SLUG_COLUMNS.find((c) => c.column === column)!.lang;
        return slugSource(lang, next, "title") !== slugSource(lang, current, "title");
      };
      if (locationChanged || SLUG_COLUMNS.some((c) => renamed(c.column))) {
        await lockList(tx, propertiesOf(current.location_id), propertiesOf(targetLocation));
        Object.assign(values, await freeLocationSlugs(tx, PROPERTY_SLUGS, targetLocation, next, current.id, (column) => locationChanged || renamed(column)));
      }
      // The search words: its texts, reference and complex's names (issue 33), when any of them changes.
      if (
        ["title", "description", "reference", "complex_id", ...TRANSLATED_LANGS.flatMap((l) => [textColumn("title", l), textColumn("description", l)])].some(
          (k) => k in values,
        )
      ) {
        const complexNames = await complexSearchNames(tx, values.complex_id !== undefined ? (values.complex_id as string | null) : current.complex_id);
        values.search_vector = searchVectorOf({ ...current, ...rest, complex_names: complexNames });
      }
      // A write even with no changes, so updated_at says the listing was saved.
      if (Object.keys(values).length === 0) values.order = current.order;
      const [updated] = await tx.update(realEstates).set(values).where(eq(realEstates.id, id)).returning(propertyColumns);
      if (locationChanged) await renumber(tx, propertiesOf(current.location_id));
      if (changes.images) dropped = current.images.filter((image) => !changes.images!.includes(image));
      return updated;
    });
  } catch (error) {
    throw mapWriteError(error, "update");
  }
  if (!row) throw new ModelError(M.updateNoData, "not_found");
  // After the commit, whoever saved (admin page or API): photos nothing shows any more leave the store.
  // Inside a caller's transaction nothing is committed yet: that caller releases them (the CSV import does).
  if (executor === db()) await removeImagesIfUnused(dropped);
  return row;
}

function mapWriteError(error: unknown, op: "create" | "update"): ModelError {
  if (error instanceof ModelError) return error;
  const pgError = findPgError(error);
  if (pgError?.code === "23503") return pgError.constraint === "real_estates_complex_id_complexes_id_fk" ? complexMissing() : locationMissing();
  if (pgError?.code === "23505" && pgError.constraint === "real_estates_reference_key") {
    return new ModelError(M.referenceTaken, "validation", { reference: M.referenceTaken }, "23505");
  }
  log.error(`Real estate ${op} failed:`, describeDbError(error));
  const detail = describeDbError(error);
  return new ModelError(op === "create" ? M.createFailed(detail) : M.updateFailed(detail), "database", {}, pgError?.code);
}

/** Deletes a property and renumbers the rest of its location 0..n-1 (SPEC §4); then its photos nothing else shows leave the store. */
export async function deleteProperty(id: unknown): Promise<boolean> {
  if (!isUuid(id)) return false;
  const images = await db().transaction(async (tx) => {
    const current = await getProperty(id, tx);
    if (!current) return null;
    await lockList(tx, propertiesOf(current.location_id));
    const [deleted] = await tx
      .delete(realEstates)
      .where(eq(realEstates.id, id))
      .returning({ location_id: realEstates.location_id, images: realEstates.images });
    if (!deleted) return null;
    await renumber(tx, propertiesOf(deleted.location_id));
    return deleted.images;
  });
  if (!images) return false;
  await removeImagesIfUnused(images);
  return true;
}

async function locationIdOf(id: string): Promise<string | null> {
  const [row] = await db().select({ location_id: realEstates.location_id }).from(realEstates).where(eq(realEstates.id, id)).limit(1);
  return row?.location_id ?? null;
}

/** Swaps a property with its neighbour within its location; false at the ends or for an unknown id. */
export async function moveProperty(id: unknown, direction: "up" | "down"): Promise<boolean> {
  if (!isUuid(id)) return false;
  const locationId = await locationIdOf(id);
  if (!locationId) return false;
  return db().transaction((tx) => moveInList(tx, propertiesOf(locationId), id, direction));
}

/** Moves a property to a position within its location (drag-and-drop). */
export async function movePropertyTo(id: unknown, position: number): Promise<boolean> {
  if (!isUuid(id) || !Number.isInteger(position) || position < 0) return false;
  const locationId = await locationIdOf(id);
  if (!locationId) return false;
  return db().transaction((tx) => moveToPosition(tx, propertiesOf(locationId), id, position));
}

/**
 * "Duplicate" (beyond SPEC): a copy of a listing at the end of its location,
 * titled "… (копия)", pictures shared (a picture is only removed from storage
 * when nothing uses it any more).
 */
export async function duplicateProperty(id: string): Promise<Property | null> {
  const source = await getProperty(id);
  if (!source) return null;
  const suffix = ADMIN.properties.copySuffix;
  return createProperty({
    ...pick(source, PROPERTY_COPY_FIELDS),
    title: `${source.title.slice(0, 200 - suffix.length)}${suffix}`,
    title_bg: source.title_bg ? `${source.title_bg.slice(0, 200 - suffix.length)}${suffix}` : "",
  });
}
