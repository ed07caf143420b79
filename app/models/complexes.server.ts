import { and, asc, count, eq, sql } from "drizzle-orm";
import type { ZodError } from "zod";
import { db, type Executor } from "~/db/client.server";
import { complexes, locations, realEstates, type Complex } from "~/db/schema";
import { SLUG_COLUMNS, slugSource, type SlugColumn } from "~/lib/slug";
import { isUuid } from "~/schemas/fields";
import { COMPLEX_FIELDS, complexCreateSchema, COMPLEX_MESSAGES as M, complexUpdateSchema } from "~/schemas/complex";
import { log } from "~/platform/log.server";
import { describeDbError, findPgError, ModelError } from "./errors.server";
import { removeImagesIfUnused } from "./image-references.server";
import { freeLocationSlugs, type SlugTable } from "./location-slugs.server";
import { refreshComplexUnitsSearch } from "./text-search.server";

/**
 * New-build complexes (issue 33, decision 0036): a complex has its own page
 * under its location and its units are properties linked by
 * `real_estates.complex_id`. A unit's `complex_name` is written by the
 * database from the link (migration 0018); a writer that sends only a name
 * (the API, the CSV import) is linked by `complexForName`, by the rule the
 * migration used: the same name, case and spacing aside, in the same location
 * is the same complex.
 */

export type { Complex };
export type ComplexWithCounts = Complex & { unit_count: number; for_sale_count: number };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** How two spellings of one complex's name compare: case and spacing aside. */
export function complexNameKey(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
}

/** A complex's addresses: unique within its location, from its name in each address column's language (as a property's). */
const COMPLEX_SLUGS: SlugTable = {
  table: complexes,
  id: complexes.id,
  locationId: complexes.location_id,
  columns: { slug: complexes.slug, slug_en: complexes.slug_en },
  field: "name",
  fallback: "complex",
};

async function locationExists(tx: Executor, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, id)).limit(1);
  return Boolean(row);
}

const locationMissing = () => new ModelError(M.locationMissing, "validation", { location_id: M.locationMissing }, "23503");

export async function getComplex(id: unknown, executor: Executor = db()): Promise<Complex | null> {
  if (!isUuid(id)) return null;
  const [row] = await executor.select().from(complexes).where(eq(complexes.id, id)).limit(1);
  return row ?? null;
}

/** A complex by its address within a location, in one address column (slug: ru and bg, slug_en: en). */
export async function getComplexBySlug(locationId: string, slug: string, column: SlugColumn = "slug"): Promise<Complex | null> {
  if (!isUuid(locationId)) return null;
  const [row] = await db()
    .select()
    .from(complexes)
    .where(and(eq(complexes.location_id, locationId), eq(complexes[column], slug.normalize("NFC").toLowerCase())))
    .limit(1);
  return row ?? null;
}

/** Every complex with its number of units (all, and not sold), by name; of one location with `locationId`. */
export async function listComplexes({ locationId }: { locationId?: string } = {}): Promise<ComplexWithCounts[]> {
  if (locationId !== undefined && !isUuid(locationId)) return [];
  const counts = db()
    .select({
      complex_id: realEstates.complex_id,
      n: count().as("n"),
      for_sale: sql<number>`count(*) filter (where ${realEstates.status} <> 'sold')`.as("for_sale"),
    })
    .from(realEstates)
    .where(sql`${realEstates.complex_id} is not null`)
    .groupBy(realEstates.complex_id)
    .as("counts");
  const rows = await db()
    .select({ complex: complexes, n: counts.n, for_sale: counts.for_sale })
    .from(complexes)
    .leftJoin(counts, eq(counts.complex_id, complexes.id))
    .where(locationId ? eq(complexes.location_id, locationId) : undefined)
    .orderBy(asc(complexes.name), asc(complexes.id));
  return rows.map((r) => ({ ...r.complex, unit_count: Number(r.n ?? 0), for_sale_count: Number(r.for_sale ?? 0) }));
}

/** How many properties are units of the complex (all statuses): what deleting it unlinks. */
export async function countUnits(id: unknown, executor: Executor = db()): Promise<number> {
  if (!isUuid(id)) return 0;
  const [row] = await executor.select({ n: count() }).from(realEstates).where(eq(realEstates.complex_id, id));
  return Number(row?.n ?? 0);
}

function parseInput<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } }, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw ModelError.fromZod(parsed.error);
  return parsed.data;
}

/** Creates a complex; inside a caller's transaction (a property save linking a new name, the CSV import) a savepoint. */
export async function createComplex(input: unknown, executor: Executor = db()): Promise<Complex> {
  if (!isObject(input)) throw new ModelError(M.invalidCreate, "validation");
  const data = parseInput(complexCreateSchema, pickFields(input));
  try {
    const row = await executor.transaction(async (tx) => {
      if (!(await locationExists(tx, data.location_id))) throw locationMissing();
      // One writer at a time per location's addresses: two complexes of one name get -2, never a clash.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`complexes.slug:${data.location_id}`}))`);
      const slugs = (await freeLocationSlugs(tx, COMPLEX_SLUGS, data.location_id, data)) as Record<SlugColumn, string>;
      const [created] = await tx
        .insert(complexes)
        .values({ ...data, ...slugs })
        .returning();
      return created;
    });
    if (!row) throw new ModelError(M.createFailed("нет ответа от сервера"), "database");
    return row;
  } catch (error) {
    throw mapWriteError(error, "create");
  }
}

/** Partial update of the fields present; a new name or location gives new addresses (the old ones answer 301). */
export async function updateComplex(id: unknown, data: unknown): Promise<Complex> {
  if (!isUuid(id) || !isObject(data)) throw new ModelError(M.invalidUpdate, "validation");
  const present = pickFields(data);
  const changes = parseInput(complexUpdateSchema, present);
  let dropped: string[] = [];
  let row: Complex | undefined;
  try {
    row = await db().transaction(async (tx) => {
      const current = await getComplex(id, tx);
      if (!current) return undefined;
      const targetLocation = changes.location_id ?? current.location_id;
      const locationChanged = targetLocation !== current.location_id;
      if (locationChanged && !(await locationExists(tx, targetLocation))) throw locationMissing();
      const next = { ...current, ...changes };
      const renamed = (column: SlugColumn) => {
        const lang = SLUG_COLUMNS.find((c) => c.column === column)!.lang;
        return slugSource(lang, next, "name") !== slugSource(lang, current, "name");
      };
      const values: Partial<Complex> = { ...changes };
      if (locationChanged || SLUG_COLUMNS.some((c) => renamed(c.column))) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`complexes.slug:${targetLocation}`}))`);
        Object.assign(values, await freeLocationSlugs(tx, COMPLEX_SLUGS, targetLocation, next, current.id, (column) => locationChanged || renamed(column)));
      }
      // A write even with no changes, so updated_at says it was saved.
      if (Object.keys(values).length === 0) values.name = current.name;
      const [updated] = await tx.update(complexes).set(values).where(eq(complexes.id, id)).returning();
      // Its units are found by its names (issue 33): a new name in any language, new search words for them.
      if (updated && (["name", "name_bg", "name_en"] as const).some((k) => updated[k] !== current[k])) await refreshComplexUnitsSearch(tx, id);
      if (changes.images) dropped = current.images.filter((image) => !changes.images!.includes(image));
      return updated;
    });
  } catch (error) {
    throw mapWriteError(error, "update");
  }
  if (!row) throw new ModelError(M.updateNoData, "not_found");
  await removeImagesIfUnused(dropped);
  return row;
}

/**
 * Deletes a complex. Its units stay in the catalogue, unlinked (the foreign
 * key sets their complex_id to null; their complex_name follows); its photos
 * nothing else shows leave the store. Returns how many units it unlinked,
 * or null for an unknown id.
 */
export async function deleteComplex(id: unknown): Promise<{ unlinked: number } | null> {
  if (!isUuid(id)) return null;
  const result = await db().transaction(async (tx) => {
    const unlinked = await countUnits(id, tx);
    // Its names leave its units' search words (they stay in the catalogue, unlinked).
    if (unlinked > 0) await refreshComplexUnitsSearch(tx, id, []);
    const [deleted] = await tx.delete(complexes).where(eq(complexes.id, id)).returning({ images: complexes.images });
    return deleted ? { unlinked, images: deleted.images } : null;
  });
  if (!result) return null;
  await removeImagesIfUnused(result.images);
  return { unlinked: result.unlinked };
}

/** The REST API's remove: true when a complex was deleted. */
export async function removeComplex(id: string): Promise<boolean> {
  return (await deleteComplex(id)) !== null;
}

/**
 * The complex a unit names (`complex_name` without `complex_id`: the API, the
 * CSV import): the location's complex of that name, case and spacing aside,
 * else a new one of that name there. An empty name: no complex.
 */
export async function complexForName(tx: Executor, locationId: string, name: string | null): Promise<string | null> {
  const clean = (name ?? "").normalize("NFC").trim().replace(/\s+/g, " ");
  if (clean === "") return null;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`complexes.slug:${locationId}`}))`);
  const key = complexNameKey(clean);
  const rows = await tx.select({ id: complexes.id, name: complexes.name }).from(complexes).where(eq(complexes.location_id, locationId));
  const found = rows.find((r) => complexNameKey(r.name) === key);
  if (found) return found.id;
  return (await createComplex({ name: clean, location_id: locationId }, tx)).id;
}

/** Whether a complex exists (a property's link is checked before it is written, so the refusal names the field). */
export async function complexExists(tx: Executor, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await tx.select({ id: complexes.id }).from(complexes).where(eq(complexes.id, id)).limit(1);
  return Boolean(row);
}

function pickFields(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(COMPLEX_FIELDS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
}

function mapWriteError(error: unknown, op: "create" | "update"): ModelError {
  if (error instanceof ModelError) return error;
  const pgError = findPgError(error);
  if (pgError?.code === "23503") return locationMissing();
  log.error(`Complex ${op} failed:`, describeDbError(error));
  const detail = describeDbError(error);
  return new ModelError(op === "create" ? M.createFailed(detail) : M.updateFailed(detail), "database", {}, pgError?.code);
}
