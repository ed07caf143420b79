import { and, asc, eq, ne, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { complexes, locations, realEstates } from "~/db/schema";
import type { ListingItem } from "~/lib/listing";
import type { PropertyStatus, PropertyType } from "~/lib/property-facts";
import { isUuid } from "~/lib/uuid";
import { shownImage } from "~/lib/image-keys";
import { listingColumns } from "./listing.server";

/**
 * What the public pages show of a new-build complex (issue 33): its units for
 * the complex page's table, its other units for sale as cards on a unit's
 * page, and a location's complexes with what they have for sale. Live: read
 * per render, and the page cache drops a page when any property or complex
 * changes (the content version, migration 0018's trigger).
 */

/** A row of the complex page's units table: every unit, sold ones too, with its own address (its location's). */
export interface ComplexUnit {
  id: string;
  slug: string;
  slug_en: string;
  title: string;
  title_bg: string;
  title_en: string;
  property_type: PropertyType;
  bedrooms: number | null;
  area: number | null;
  floor: number | null;
  floors_total: number | null;
  price: number | null;
  price_per_m2: number | null;
  status: PropertyStatus;
  location_slug: string;
  location_slug_en: string;
}

/** Every unit of the complex (any status), by position; the page sorts them. */
export async function complexUnits(complexId: string): Promise<ComplexUnit[]> {
  if (!isUuid(complexId)) return [];
  return db()
    .select({
      id: realEstates.id,
      slug: realEstates.slug,
      slug_en: realEstates.slug_en,
      title: realEstates.title,
      title_bg: realEstates.title_bg,
      title_en: realEstates.title_en,
      property_type: realEstates.property_type,
      bedrooms: realEstates.bedrooms,
      area: realEstates.area,
      floor: realEstates.floor,
      floors_total: realEstates.floors_total,
      price: realEstates.price,
      price_per_m2: realEstates.price_per_m2,
      status: realEstates.status,
      location_slug: locations.slug,
      location_slug_en: locations.slug_en,
    })
    .from(realEstates)
    .innerJoin(locations, eq(locations.id, realEstates.location_id))
    .where(eq(realEstates.complex_id, complexId))
    .orderBy(asc(realEstates.order), asc(realEstates.id));
}

/** Up to `limit` other units of the complex still for sale (a unit's page), as listing cards, by position. */
export async function otherComplexUnits(complexId: string, exceptId: string, limit = 6): Promise<ListingItem[]> {
  if (!isUuid(complexId) || !isUuid(exceptId)) return [];
  return (await db()
    .select(listingColumns)
    .from(realEstates)
    .innerJoin(locations, eq(locations.id, realEstates.location_id))
    .where(and(eq(realEstates.complex_id, complexId), ne(realEstates.id, exceptId), ne(realEstates.status, "sold")))
    .orderBy(asc(realEstates.order), asc(realEstates.id))
    .limit(limit)) as ListingItem[];
}

/** A complex as a location page lists it: names, addresses, its first picture, units for sale and the lowest asking price among them. */
export interface ComplexSummary {
  id: string;
  name: string;
  name_bg: string;
  name_en: string;
  slug: string;
  slug_en: string;
  cover: string | null;
  for_sale: number;
  price_from: number | null;
}

/** Per complex, its units for sale (not sold) and the lowest price among them: a subquery to join complexes to (as `units`). */
export function unitsForSale() {
  return db()
    .select({
      complex_id: realEstates.complex_id,
      for_sale: sql<number>`count(*)::int`.as("for_sale"),
      price_from: sql<number | null>`min(${realEstates.price})`.as("price_from"),
    })
    .from(realEstates)
    .where(and(sql`${realEstates.complex_id} is not null`, ne(realEstates.status, "sold")))
    .groupBy(realEstates.complex_id)
    .as("units");
}

/** The location's complexes by name, each with its units for sale (not sold) and the lowest price among them. */
export async function locationComplexes(locationId: string): Promise<ComplexSummary[]> {
  if (!isUuid(locationId)) return [];
  const units = unitsForSale();
  const rows = await db()
    .select({
      id: complexes.id,
      name: complexes.name,
      name_bg: complexes.name_bg,
      name_en: complexes.name_en,
      slug: complexes.slug,
      slug_en: complexes.slug_en,
      cover: sql<string | null>`${complexes.images}[1]`.mapWith(shownImage).as("cover"),
      for_sale: units.for_sale,
      price_from: units.price_from,
    })
    .from(complexes)
    .leftJoin(units, eq(units.complex_id, complexes.id))
    .where(eq(complexes.location_id, locationId))
    .orderBy(asc(complexes.name), asc(complexes.id));
  return rows.map((r) => ({ ...r, for_sale: Number(r.for_sale ?? 0), price_from: r.price_from === null ? null : Number(r.price_from) }));
}

/** What a unit's page shows of its complex: the complex row and its location's addresses. */
export async function complexOfUnit(complexId: string | null) {
  if (complexId === null || !isUuid(complexId)) return null;
  const [row] = await db()
    .select({ complex: complexes, location: { slug: locations.slug, slug_en: locations.slug_en } })
    .from(complexes)
    .innerJoin(locations, eq(locations.id, complexes.location_id))
    .where(eq(complexes.id, complexId))
    .limit(1);
  return row ?? null;
}
