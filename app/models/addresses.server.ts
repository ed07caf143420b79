import { and, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { complexSlugHistory, deletedProperties, locations, locationSlugHistory, propertySlugHistory } from "~/db/schema";
import { isUuid } from "~/lib/uuid";
import { DEFAULT_LANG, languageOf, type Lang } from "~/i18n/lang";
import { getComplex, getComplexBySlug, type Complex } from "./complexes.server";
import { getLocation, getLocationBySlug, type Location } from "./locations.server";
import { getProperty, getPropertyBySlug, type Property } from "./real-estates.server";

/**
 * What a public address names now (issue 20, decision 0023): links shared in
 * messengers must keep working after a rename, a move or a removal. The
 * database keeps the old addresses (migration 0008's triggers); this reads them.
 */

const normalized = (slug: string) => slug.normalize("NFC").toLowerCase();

/** A location by its slug in a language, or by a slug it had there (`moved`: answer with a 301 to the current one). */
export async function findLocationAddress(slug: string, lang: Lang = DEFAULT_LANG): Promise<{ location: Location; moved: boolean } | null> {
  const column = languageOf(lang).slug;
  const current = await getLocationBySlug(slug, column);
  if (current) return { location: current, moved: false };
  const [old] = await db()
    .select({ location_id: locationSlugHistory.location_id })
    .from(locationSlugHistory)
    .where(and(eq(locationSlugHistory.slug_column, column), eq(locationSlugHistory.slug, normalized(slug))))
    .limit(1);
  const location = old ? await getLocation(old.location_id) : null;
  if (location) return { location, moved: true };
  // A language with its own addresses also knows the Russian ones (a shared link, a switch by cookie): 301 to its own.
  if (column !== languageOf(DEFAULT_LANG).slug) {
    const base = await findLocationAddress(slug, DEFAULT_LANG);
    if (base) return { location: base.location, moved: true };
  }
  return null;
}

export type PropertyAddress =
  | { kind: "current"; location: Location; property: Property }
  | { kind: "moved"; location: Location; property: Property }
  | { kind: "gone"; location: Location };

/**
 * A property by /{location}/{property}: the current address, an old one of a
 * property that is still there (`moved`), or one of a deleted property
 * (`gone`: 410); null when the address never named a property.
 */
export async function findPropertyAddress(locationSlug: string, propertySlug: string, lang: Lang = DEFAULT_LANG): Promise<PropertyAddress | null> {
  const place = await findLocationAddress(locationSlug, lang);
  if (!place) return null;
  const { location } = place;
  const column = languageOf(lang).slug;
  const property = await getPropertyBySlug(location.id, propertySlug, column);
  if (property) return { kind: place.moved ? "moved" : "current", location, property };
  // As above: the Russian address of a property, opened in a language with its own, is sent on to its own.
  const base = column === languageOf(DEFAULT_LANG).slug ? null : await getPropertyBySlug(location.id, propertySlug, languageOf(DEFAULT_LANG).slug);
  if (base) return { kind: "moved", location, property: base };
  const [old] = await db()
    .select({ real_estate_id: propertySlugHistory.real_estate_id })
    .from(propertySlugHistory)
    .where(
      and(
        eq(propertySlugHistory.slug_column, column),
        eq(propertySlugHistory.location_id, location.id),
        eq(propertySlugHistory.slug, normalized(propertySlug)),
      ),
    )
    .limit(1);
  if (!old) return null;
  if (old.real_estate_id === null) return { kind: "gone", location };
  const moved = await getProperty(old.real_estate_id);
  const now = moved ? await getLocation(moved.location_id) : null;
  return moved && now ? { kind: "moved", location: now, property: moved } : null;
}

export type ComplexAddress =
  { kind: "current"; location: Location; complex: Complex } | { kind: "moved"; location: Location; complex: Complex } | { kind: "gone"; location: Location };

/**
 * A complex by /{location}/{complex word}/{complex} (issue 33), read like a
 * property's address: the current one, an old one of a complex still there
 * (`moved`: 301, also when only its location was renamed, and for the Russian
 * address opened in a language with its own), or one of a deleted complex
 * (`gone`: 410); null when the address never named a complex. The complex's
 * location is where it is now (a moved complex's old location may differ).
 */
export async function findComplexAddress(locationSlug: string, complexSlug: string, lang: Lang = DEFAULT_LANG): Promise<ComplexAddress | null> {
  const place = await findLocationAddress(locationSlug, lang);
  if (!place) return null;
  const { location } = place;
  const column = languageOf(lang).slug;
  const complex = await getComplexBySlug(location.id, complexSlug, column);
  if (complex) return { kind: place.moved ? "moved" : "current", location, complex };
  const base = column === languageOf(DEFAULT_LANG).slug ? null : await getComplexBySlug(location.id, complexSlug, languageOf(DEFAULT_LANG).slug);
  if (base) return { kind: "moved", location, complex: base };
  const [old] = await db()
    .select({ complex_id: complexSlugHistory.complex_id })
    .from(complexSlugHistory)
    .where(
      and(eq(complexSlugHistory.slug_column, column), eq(complexSlugHistory.location_id, location.id), eq(complexSlugHistory.slug, normalized(complexSlug))),
    )
    .limit(1);
  if (!old) return null;
  if (old.complex_id === null) return { kind: "gone", location };
  const moved = await getComplex(old.complex_id);
  const now = moved ? await getLocation(moved.location_id) : null;
  return moved && now ? { kind: "moved", location: now, complex: moved } : null;
}

/** What a deleted property was (issue 30): the snapshot the database kept when it went (migration 0016). */
export interface DeletedProperty {
  id: string;
  location_id: string;
  slug: string;
  title: string;
  title_bg: string;
  price: number | null;
  /** Every title_* and slug_* it had (title_en …: issue 31). */
  names: Record<string, string>;
  /** Its location's names now. */
  location_name: string;
  location_name_bg: string;
  location_name_en: string;
}

/** Snapshots of deleted properties among `ids` (none for an id that never named one, or one deleted before migration 0016). */
export async function findDeletedProperties(ids: readonly string[]): Promise<DeletedProperty[]> {
  const wanted = ids.filter(isUuid).map((id) => id.toLowerCase());
  if (wanted.length === 0) return [];
  return db()
    .select({
      id: deletedProperties.id,
      location_id: deletedProperties.location_id,
      slug: deletedProperties.slug,
      title: deletedProperties.title,
      title_bg: deletedProperties.title_bg,
      price: deletedProperties.price,
      names: deletedProperties.names,
      location_name: locations.name,
      location_name_bg: locations.name_bg,
      location_name_en: locations.name_en,
    })
    .from(deletedProperties)
    .innerJoin(locations, eq(locations.id, deletedProperties.location_id))
    .where(inArray(deletedProperties.id, wanted));
}

/** /properties/{id} of a deleted property (`gone`: 410 like its address) with its location; null when the id never named one. */
export async function findDeletedPropertyLocation(id: string): Promise<Location | null> {
  const [row] = await findDeletedProperties([id]);
  return row ? getLocation(row.location_id) : null;
}
