import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { complexes, locations, propertyColumns, realEstates, type Property } from "~/db/schema";
import type { ComplexFacility } from "~/lib/property-facts";
import { unitsForSale } from "./complex-page.server";
import { DEFAULT_LANG, languageOf, textColumn, type Lang } from "~/i18n/lang";

/**
 * What the portals' feeds, the CSV export and the RSS channels read
 * (issue 23, decision 0026). The feeds and the export walk the catalogue in
 * `feed_id` order, one bounded batch at a time (keyset: `feed_id > last`),
 * so 100 000 properties never sit in memory at once and a deep batch costs
 * what the first one does.
 */

/** A property with what the feeds need of its location. */
export interface FeedProperty extends Property {
  location_name: string;
  location_name_bg: string;
  location_name_en: string;
  location_slug: string;
  location_slug_en: string;
  homesoverseas_region: number | null;
  /** The complex it is a unit of (issue 33; null: none): its other names, facilities, fee and floors, for the feeds' words. */
  complex_name_bg: string | null;
  complex_name_en: string | null;
  complex_facilities: ComplexFacility[] | null;
  complex_maintenance_fee_eur_m2: number | null;
  complex_floors: number | null;
  /** updated_at as `YYYY-MM-DD HH:MM:SS` in UTC (Kyero's `date`), formatted by the database so both drivers agree. */
  changed_at: string;
}

/** Rows per database round trip: 100 keeps what survives a batch small (500 doubled the JS heap growth, bench:feeds) and round trips cheap. */
export const FEED_BATCH = 100;

const feedSelection = {
  ...propertyColumns,
  location_name: locations.name,
  location_name_bg: locations.name_bg,
  location_name_en: locations.name_en,
  location_slug: locations.slug,
  location_slug_en: locations.slug_en,
  homesoverseas_region: locations.homesoverseas_region,
  complex_name_bg: complexes.name_bg,
  complex_name_en: complexes.name_en,
  complex_facilities: complexes.facilities,
  complex_maintenance_fee_eur_m2: complexes.maintenance_fee_eur_m2,
  complex_floors: complexes.floors,
  // A change to the complex (its facilities, fee) is a change to each unit's entry: the later of the two dates.
  changed_at: sql<string>`to_char(greatest(${realEstates.updated_at}, ${complexes.updated_at}) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`,
};

/** Which properties go to the portals: for sale or reserved, and not switched off (issue 23 item 3). Sold and deleted ones drop out. */
const published = and(inArray(realEstates.status, ["available", "reserved"]), eq(realEstates.publish_to_feeds, true));

/**
 * Every property the feeds publish (`scope: "feeds"`) or every property
 * there is (`"all"`, the CSV export), batch after batch in feed_id order.
 */
export async function* feedBatches(scope: "feeds" | "all", batchSize = FEED_BATCH): AsyncGenerator<FeedProperty[]> {
  let last = 0;
  for (;;) {
    const after = gt(realEstates.feed_id, last);
    const rows = (await db()
      .select(feedSelection)
      .from(realEstates)
      .innerJoin(locations, eq(locations.id, realEstates.location_id))
      .leftJoin(complexes, eq(complexes.id, realEstates.complex_id))
      .where(scope === "feeds" ? and(published, after) : after)
      .orderBy(asc(realEstates.feed_id))
      .limit(batchSize)) as FeedProperty[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    last = rows[rows.length - 1]!.feed_id;
  }
}

/** The newest properties for sale with at least one photo, newest first (the RSS channels). */
export async function newestForRss(limit: number, lang: Lang = DEFAULT_LANG): Promise<FeedProperty[]> {
  // A language that does not index pages without their own texts (English) lists only properties that have them (issue 31).
  const translated = languageOf(lang).untranslated === "noindex" ? sql`btrim(${realEstates}.${sql.identifier(textColumn("title", lang))}) <> ''` : undefined;
  return (await db()
    .select(feedSelection)
    .from(realEstates)
    .innerJoin(locations, eq(locations.id, realEstates.location_id))
    .leftJoin(complexes, eq(complexes.id, realEstates.complex_id))
    .where(and(eq(realEstates.status, "available"), sql`cardinality(${realEstates.images}) > 0`, translated))
    .orderBy(desc(realEstates.created_at), desc(realEstates.id))
    .limit(limit)) as FeedProperty[];
}

/** A complex as the RSS channels announce it (issue 33): its texts, address, photos and what it has for sale. */
export interface FeedComplex {
  id: string;
  name: string;
  name_bg: string;
  name_en: string;
  description: string;
  description_bg: string;
  description_en: string;
  slug: string;
  slug_en: string;
  images: string[];
  created_at: string;
  location_name: string;
  location_name_bg: string;
  location_name_en: string;
  location_slug: string;
  location_slug_en: string;
  for_sale: number;
  price_from: number | null;
}

/**
 * The newest complexes with units for sale, for the RSS channels beside the
 * newest properties; a language that does not index untranslated pages
 * (English) lists only complexes whose page it indexes (isComplexIndexedIn).
 */
export async function newestComplexesForRss(limit: number, lang: Lang = DEFAULT_LANG): Promise<FeedComplex[]> {
  const translated =
    languageOf(lang).untranslated === "noindex"
      ? sql`(btrim(${complexes}.${sql.identifier(textColumn("description", lang))}) <> '' or btrim(${complexes.description}) = '')`
      : undefined;
  const units = unitsForSale();
  const rows = await db()
    .select({
      id: complexes.id,
      name: complexes.name,
      name_bg: complexes.name_bg,
      name_en: complexes.name_en,
      description: complexes.description,
      description_bg: complexes.description_bg,
      description_en: complexes.description_en,
      slug: complexes.slug,
      slug_en: complexes.slug_en,
      images: complexes.images,
      created_at: complexes.created_at,
      location_name: locations.name,
      location_name_bg: locations.name_bg,
      location_name_en: locations.name_en,
      location_slug: locations.slug,
      location_slug_en: locations.slug_en,
      for_sale: units.for_sale,
      price_from: units.price_from,
    })
    .from(complexes)
    .innerJoin(units, eq(units.complex_id, complexes.id))
    .innerJoin(locations, eq(locations.id, complexes.location_id))
    .where(translated)
    .orderBy(desc(complexes.created_at), desc(complexes.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, for_sale: Number(r.for_sale), price_from: r.price_from === null ? null : Number(r.price_from) }));
}

/** How many properties the feeds publish, and how many of those stay out of homesoverseas.ru's for want of a region id (the admin's note). */
/** A location whose published properties homesoverseas.ru's feed leaves out: it has no region id. */
export interface LocationWithoutRegion {
  id: string;
  name: string;
  /** Its properties the other feeds publish. */
  properties: number;
}

/** Every location without a homesoverseas.ru region id that has published properties, by name (the dashboard names them). */
export async function locationsWithoutRegion(): Promise<LocationWithoutRegion[]> {
  const rows = await db()
    .select({ id: locations.id, name: locations.name, properties: sql<number>`count(*)::int` })
    .from(realEstates)
    .innerJoin(locations, eq(locations.id, realEstates.location_id))
    .where(and(published, isNull(locations.homesoverseas_region)))
    .groupBy(locations.id, locations.name)
    .orderBy(asc(locations.name), asc(locations.id));
  return rows.map((row) => ({ id: row.id, name: row.name, properties: Number(row.properties) }));
}

export async function feedCounts(): Promise<{ published: number; withoutRegion: number }> {
  const [row] = await db()
    .select({
      published: sql<number>`count(*)::int`,
      withoutRegion: sql<number>`(count(*) filter (where ${locations.homesoverseas_region} is null))::int`,
    })
    .from(realEstates)
    .innerJoin(locations, eq(locations.id, realEstates.location_id))
    .where(published);
  return { published: Number(row?.published ?? 0), withoutRegion: Number(row?.withoutRegion ?? 0) };
}
