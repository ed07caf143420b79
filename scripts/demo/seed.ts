/**
 * The demo seeder's core: tops the catalogue up to N listings.
 *
 * - Counts the properties already there; creates only the missing ones, so a
 *   second run with the same N adds nothing.
 * - Listing #i (0-based, counted over the whole catalogue) is generated from
 *   its index alone (texts.ts), goes to location i mod L (locations by
 *   position), and gets 3–8 pictures from a pool of demo images stored under
 *   fixed keys (images.ts).
 * - Rows are validated with propertyCreateSchema (the same rules as real
 *   data) and inserted in batches, each batch in one transaction that holds
 *   the order locks of its locations (the ones createProperty takes) and
 *   continues each location's positions after its current last one.
 * - Slugs: `${propertySlugBase(title)}-${i + 1}`, unique by construction and
 *   checked against the location's existing slugs (fetched once).
 *
 * Needs an open database and a storage (startServices(), or a test's own).
 */
import { eq, max, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { complexes, realEstates } from "~/db/schema";
import { complexNameKey, createComplex } from "~/models/complexes.server";
import type { Executor } from "~/db/client.server";
import { searchVectorOf } from "~/models/text-search.server";
import { nextFreeSlug, slugSource } from "~/lib/slug";
import { ensureDefaultLocations, listLocations, updateLocation, type Location } from "~/models/locations.server";
import { lockList } from "~/models/ordering.server";
import { countProperties, propertiesOf, propertySlugBase } from "~/models/real-estates.server";
import { propertyCreateSchema, type PropertyCreateInput } from "~/schemas/property";
import { ensurePool, LOCATION_POOL_SIZE, PROPERTY_POOL_SIZE, type PoolImage } from "./images";
import { int, rngFor, sample } from "./random";
import { demoListing } from "./texts";
import { demoComplexFacts } from "./complexes";

export const MAX_DEMO_PROPERTIES = 1_000_000;
export const DEFAULT_BATCH_SIZE = 500;

export interface SeedDemoOptions {
  /** The number of listings the catalogue should have in the end. */
  properties: number;
  /** Rows per INSERT (and per transaction). */
  batchSize?: number;
  /** Called before the first batch and after every batch. */
  onProgress?: (done: number, total: number) => void;
  /** Stops between batches (what is inserted stays; a later run tops up). */
  signal?: AbortSignal;
  /** Draw the pool pictures again even when they are already stored. */
  redrawImages?: boolean;
}

export interface SeedDemoSummary {
  target: number;
  /** Listings there before this run. */
  existing: number;
  /** Listings this run was to create (target − existing, at least 0). */
  planned: number;
  created: number;
  /** True when the catalogue already had at least `target` listings. */
  alreadyEnough: boolean;
  /** True when stopped by the signal before finishing. */
  interrupted: boolean;
  /** Pool pictures drawn and stored in this run (others were reused). */
  imagesWritten: number;
  /** Locations that had no image and got a demo one. */
  locationImagesSet: number;
  /** The whole run. */
  elapsedMs: number;
  /** Generating, checking and inserting the listings (without pictures and set-up). */
  listingsMs: number;
}

export class SeedDemoError extends Error {}

/** The pictures of listing #index: a cover showing its kind of building, then others. */
export function demoImagesFor(index: number, type: "apartment" | "house", pool: readonly PoolImage[]): string[] {
  const rng = rngFor("images", index);
  const count = int(rng, 3, 8);
  const matching = pool.filter((p) => p.kind === type);
  const cover = matching.length > 0 ? matching[int(rng, 0, matching.length - 1)]! : pool[0]!;
  const rest = sample(
    rng,
    pool.filter((p) => p !== cover),
    count - 1,
  );
  return [cover, ...rest].map((p) => p.url);
}

/** Gives every location without an image one of the demo location pictures. */
async function fillLocationImages(locations: Location[], redraw: boolean): Promise<{ set: number; written: number }> {
  const missing = locations.map((l, position) => ({ l, position })).filter(({ l }) => l.image.trim() === "");
  if (missing.length === 0) return { set: 0, written: 0 };
  const pool = await ensurePool("locations", Math.min(LOCATION_POOL_SIZE, locations.length), { redraw });
  for (const { l, position } of missing) {
    await updateLocation(l.id, { image: pool.images[position % pool.images.length]!.url });
  }
  return { set: missing.length, written: pool.written };
}

/** Slugs already used, per location, and references already used (read once; our own are added as we go). */
async function takenNames(): Promise<{ slugs: Map<string, Set<string>>; references: Set<string> }> {
  const rows = await db()
    .select({ location_id: realEstates.location_id, slug: realEstates.slug, slug_en: realEstates.slug_en, reference: realEstates.reference })
    .from(realEstates);
  const slugs = new Map<string, Set<string>>();
  const references = new Set<string>();
  for (const r of rows) {
    let set = slugs.get(r.location_id);
    if (!set) slugs.set(r.location_id, (set = new Set()));
    set.add(r.slug);
    // The English addresses in the same set, told apart by a prefix no slug has (a space).
    set.add(` en ${r.slug_en}`);
    if (r.reference) references.add(r.reference);
  }
  return { slugs, references };
}

/** A row to insert, and the price it is cut to afterwards when it was first listed higher. */
type PendingRow = PropertyCreateInput & { slug: string; slug_en: string; cutTo: number | null };

function buildRow(index: number, location: Location, pool: readonly PoolImage[], taken: Set<string>, references: Set<string>): PendingRow {
  const { listed_price: listedPrice, ...listing } = demoListing(index, location);
  // A number used before (a listing deleted and topped up again, or the agent's own) is left empty.
  if (references.has(listing.reference)) listing.reference = "";
  references.add(listing.reference);
  const parsed = propertyCreateSchema.safeParse({
    ...listing,
    price: listedPrice ?? listing.price,
    location_id: location.id,
    images: demoImagesFor(index, listing.property_type, pool),
  });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new SeedDemoError(`Demo listing #${index + 1} does not pass the property rules: ${issues}`);
  }
  const wanted = `${propertySlugBase(parsed.data.title)}-${index + 1}`;
  const slug = taken.has(wanted) ? nextFreeSlug(wanted, taken) : wanted;
  taken.add(slug);
  // The English address: from the English title, numbered like the Russian one (so unique among the demo's).
  const wantedEn = `${propertySlugBase(slugSource("en", parsed.data, "title"), "en")}-${index + 1}`;
  const slug_en = taken.has(` en ${wantedEn}`)
    ? nextFreeSlug(
        wantedEn,
        [...taken].filter((t) => t.startsWith(" en ")).map((t) => t.slice(4)),
      )
    : wantedEn;
  taken.add(` en ${slug_en}`);
  return { ...parsed.data, slug, slug_en, cutTo: listedPrice === null ? null : listing.price };
}

/**
 * The complex each row names, by location and name (case and spacing aside, as
 * complexForName matches): one already there, else a new one with demo facts.
 */
async function linkComplexes(tx: Executor, rows: PendingRow[], locationIndex: Map<string, number>): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const keyOf = (locationId: string, name: string) => `${locationId}\n${complexNameKey(name)}`;
  const named = rows.filter((r) => r.complex_name);
  if (named.length === 0) return ids;
  for (const c of await tx.select({ id: complexes.id, name: complexes.name, location_id: complexes.location_id }).from(complexes)) {
    ids.set(keyOf(c.location_id, c.name), c.id);
  }
  for (const r of named) {
    const key = keyOf(r.location_id, r.complex_name!);
    if (ids.has(key)) continue;
    const facts = demoComplexFacts(r.complex_name!, locationIndex.get(r.location_id) ?? 0);
    ids.set(key, (await createComplex({ name: r.complex_name, location_id: r.location_id, ...facts }, tx)).id);
  }
  return new Map(named.map((r) => [`${r.location_id}/${r.slug}`, ids.get(keyOf(r.location_id, r.complex_name!))!]));
}

/** Inserts one batch: order locks of its locations, positions after each location's last one. */
async function insertBatch(rows: PendingRow[], locationIndex: Map<string, number>): Promise<void> {
  const locationIds = [...new Set(rows.map((r) => r.location_id))].sort();
  await db().transaction(async (tx) => {
    const complexOf = await linkComplexes(tx, rows, locationIndex);
    const next = new Map<string, number>();
    for (const id of locationIds) {
      await lockList(tx, propertiesOf(id));
      const [row] = await tx
        .select({ last: max(realEstates.order) })
        .from(realEstates)
        .where(eq(realEstates.location_id, id));
      next.set(id, row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1);
    }
    const values = rows.map(({ cutTo: _cutTo, ...r }) => {
      const order = next.get(r.location_id)!;
      next.set(r.location_id, order + 1);
      // Its complex's name among its search words, as the model writes them (issue 33); a demo complex has only that name.
      const complex_names = r.complex_name ? [r.complex_name] : [];
      return { ...r, order, complex_id: complexOf.get(`${r.location_id}/${r.slug}`) ?? null, search_vector: searchVectorOf({ ...r, complex_names }) };
    });
    const inserted = await tx
      .insert(realEstates)
      .values(values)
      .returning({ id: realEstates.id, location_id: realEstates.location_id, slug: realEstates.slug });
    // Cuts after listing, so the database records them (price history, «Цена снижена») as it does the administrator's.
    const cuts = rows.filter((r) => r.cutTo !== null).map((r) => [`${r.location_id}/${r.slug}`, r.cutTo!] as const);
    if (cuts.length > 0) {
      const idOf = new Map(inserted.map((r) => [`${r.location_id}/${r.slug}`, r.id]));
      const list = sql.join(
        cuts.map(([key, price]) => sql`(${idOf.get(key)!}::uuid, ${price}::numeric)`),
        sql`, `,
      );
      await tx.execute(sql`update real_estates set price = v.price from (values ${list}) as v(id, price) where real_estates.id = v.id`);
    }
  });
}

export async function seedDemo(options: SeedDemoOptions): Promise<SeedDemoSummary> {
  const started = performance.now();
  const target = options.properties;
  if (!Number.isInteger(target) || target < 0 || target > MAX_DEMO_PROPERTIES) {
    throw new SeedDemoError(`The number of listings must be a whole number from 0 to ${MAX_DEMO_PROPERTIES}`);
  }
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 2000) {
    throw new SeedDemoError("The batch size must be a whole number from 1 to 2000");
  }
  const redraw = options.redrawImages ?? false;

  await ensureDefaultLocations();
  const locations = await listLocations();
  if (locations.length === 0) throw new SeedDemoError("There are no locations to put listings in");

  const locationImages = await fillLocationImages(locations, redraw);
  const existing = await countProperties();
  const planned = Math.max(0, target - existing);
  const summary: SeedDemoSummary = {
    target,
    existing,
    planned,
    created: 0,
    alreadyEnough: planned === 0,
    interrupted: false,
    imagesWritten: locationImages.written,
    locationImagesSet: locationImages.set,
    elapsedMs: 0,
    listingsMs: 0,
  };
  if (planned === 0) {
    summary.elapsedMs = performance.now() - started;
    return summary;
  }

  const pool = await ensurePool("properties", PROPERTY_POOL_SIZE, { redraw });
  summary.imagesWritten += pool.written;
  const taken = await takenNames();
  const takenIn = (locationId: string) => {
    let set = taken.slugs.get(locationId);
    if (!set) taken.slugs.set(locationId, (set = new Set()));
    return set;
  };

  const locationIndex = new Map(locations.map((l, i) => [l.id, i]));
  const listingsStarted = performance.now();
  options.onProgress?.(0, planned);
  for (let from = existing; from < target; from += batchSize) {
    if (options.signal?.aborted) {
      summary.interrupted = true;
      break;
    }
    const to = Math.min(target, from + batchSize);
    const rows: PendingRow[] = [];
    for (let index = from; index < to; index++) {
      const location = locations[index % locations.length]!;
      rows.push(buildRow(index, location, pool.images, takenIn(location.id), taken.references));
    }
    await insertBatch(rows, locationIndex);
    summary.created += rows.length;
    options.onProgress?.(summary.created, planned);
    // The embedded database answers without ever returning to the event loop;
    // let it turn once per batch, so signals (Ctrl+C) and output get through.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Fresh planner statistics after a bulk load (PGlite has no autovacuum).
  if (summary.created > 0) await db().execute(sql`analyze real_estates, complexes`);
  summary.listingsMs = performance.now() - listingsStarted;
  summary.elapsedMs = performance.now() - started;
  return summary;
}
