import { asc, count, eq, sql, type SQL } from "drizzle-orm";
import { db, queryRows } from "~/db/client.server";
import { complexes, locations, realEstates } from "~/db/schema";

/**
 * What the XML sitemap needs (see app/routes/resources/sitemap.ts): slugs and
 * last-modified times only, never whole rows, and the properties one bounded
 * chunk at a time so a catalogue of 100 000 never sits in memory.
 *
 * Times come back as W3C datetimes in UTC ("2025-03-04T10:20:30Z"), formatted
 * by the database so PGlite and PostgreSQL answer alike; strings in this form
 * compare chronologically.
 */

export interface SitemapLocation {
  slug: string;
  slug_en: string;
  /** The later of the location's own change and its newest property change. */
  updated_at: string;
}

/** A property's addresses (slug, slug_en) and its English title (an English page without one is not listed: issue 31). */
export interface SitemapProperty {
  location: { slug: string; slug_en: string };
  slug: string;
  slug_en: string;
  title_en: string;
  updated_at: string;
}

const w3c = (timestamp: SQL) => sql<string>`to_char((${timestamp}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Every location by position, with the time its page last changed. */
export async function sitemapLocations(): Promise<SitemapLocation[]> {
  const newest = db()
    .select({ location_id: realEstates.location_id, at: sql`max(${realEstates.updated_at})`.as("at") })
    .from(realEstates)
    .groupBy(realEstates.location_id)
    .as("newest");
  return db()
    .select({ slug: locations.slug, slug_en: locations.slug_en, updated_at: w3c(sql`greatest(${locations.updated_at}, ${newest.at})`) })
    .from(locations)
    .leftJoin(newest, eq(newest.location_id, locations.id))
    .orderBy(asc(locations.order), asc(locations.created_at), asc(locations.id));
}

export async function countSitemapProperties(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(realEstates);
  return Number(row?.n ?? 0);
}

/**
 * The `chunk`-th (from 1) run of `size` properties in id order. The run is cut
 * from real_estates alone, walking its primary-key index, and only then
 * joined to the (small) locations table. A chunk past the end is empty.
 */
export async function sitemapProperties(chunk: number, size: number): Promise<SitemapProperty[]> {
  if (!Number.isSafeInteger(chunk) || chunk < 1 || !Number.isSafeInteger(size) || size < 1) return [];
  const run = db()
    .select({
      id: realEstates.id,
      slug: realEstates.slug,
      slug_en: realEstates.slug_en,
      title_en: realEstates.title_en,
      location_id: realEstates.location_id,
      updated_at: realEstates.updated_at,
    })
    .from(realEstates)
    .orderBy(asc(realEstates.id))
    .limit(size)
    .offset((chunk - 1) * size)
    .as("run");
  return db()
    .select({
      location: { slug: locations.slug, slug_en: locations.slug_en },
      slug: run.slug,
      slug_en: run.slug_en,
      title_en: run.title_en,
      updated_at: w3c(sql`${run.updated_at}`),
    })
    .from(run)
    .innerJoin(locations, eq(locations.id, run.location_id))
    .orderBy(asc(run.id));
}

/**
 * A complex's addresses (issue 33) and whether each language has its own
 * description (the first letter of each is enough: isComplexIndexedIn), with
 * the time its page last changed: the complex's own change or a unit's.
 */
export interface SitemapComplex {
  location: { slug: string; slug_en: string };
  slug: string;
  slug_en: string;
  description: string;
  description_bg: string;
  description_en: string;
  updated_at: string;
}

export async function countSitemapComplexes(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(complexes);
  return Number(row?.n ?? 0);
}

/** The `chunk`-th (from 1) run of `size` complexes in id order, like sitemapProperties (the run cut first, then joined). */
export async function sitemapComplexes(chunk: number, size: number): Promise<SitemapComplex[]> {
  if (!Number.isSafeInteger(chunk) || chunk < 1 || !Number.isSafeInteger(size) || size < 1) return [];
  const rows = await queryRows<Omit<SitemapComplex, "location"> & { location_slug: string; location_slug_en: string }>(
    db(),
    sql`select l.slug as location_slug, l.slug_en as location_slug_en, c.slug, c.slug_en,
          left(btrim(c.description), 1) as description, left(btrim(c.description_bg), 1) as description_bg,
          left(btrim(c.description_en), 1) as description_en,
          to_char(greatest(c.updated_at, (select max(r.updated_at) from real_estates r where r.complex_id = c.id)) at time zone 'UTC',
            'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at
        from (select * from complexes order by id limit ${size} offset ${(chunk - 1) * size}) c
        join locations l on l.id = c.location_id
        order by c.id`,
  );
  return rows.map(({ location_slug, location_slug_en, ...row }) => ({ ...row, location: { slug: location_slug, slug_en: location_slug_en } }));
}
