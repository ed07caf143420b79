import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { complexes, contactSubmissions, locations, realEstates } from "~/db/schema";
import type { PropertyStatus } from "~/lib/property-facts";
import { shownImage } from "~/lib/image-keys";
import { searchWords } from "~/lib/search";
import { isUuid } from "~/schemas/fields";
import { textSearchCondition } from "./text-search.server";

/**
 * The administrator's lists (SPEC §2 Administrator): lean projections, paged
 * by the database, so a catalogue of 100 000 listings stays quick to run.
 */

export const ADMIN_PAGE_SIZE = 9;
export const INBOX_PAGE_SIZE = 20;

export interface AdminPropertyRow {
  id: string;
  title: string;
  slug: string;
  price: number | null;
  order: number;
  property_type: "apartment" | "house";
  status: PropertyStatus;
  reference: string | null;
  cover: string | null;
  location_id: string;
  location_name: string;
  location_slug: string;
  /** How many properties its location has: move down is refused at the last one. */
  location_count: number;
  created_at: string;
}

/** The featured properties as the home page shows them (ListingEngine.highlights): which fit its row, which do not. */
export interface FeaturedOnHome {
  /** Shown on the home page, in its order. */
  shown: { id: string; title: string }[];
  /** Featured but not shown (past the row's places, or sold): the first FEATURED_NAMED of them. */
  hidden: { id: string; title: string; sold: boolean }[];
  /** How many are featured but not shown. */
  hiddenCount: number;
}

/** At most this many hidden featured properties are named (the rest are counted). */
export const FEATURED_NAMED = 20;

/**
 * The featured properties and whether the home page shows each (issue 30:
 * only HOME_ROW_SIZE showed, and nothing said so): for sale ones by the home
 * row's order (position, then newest), then the sold ones.
 */
export async function featuredOnHome(places: number): Promise<FeaturedOnHome> {
  const featured = eq(realEstates.featured, true);
  const [rows, [counted]] = await Promise.all([
    db()
      .select({ id: realEstates.id, title: realEstates.title, status: realEstates.status })
      .from(realEstates)
      .where(featured)
      .orderBy(sql`${realEstates.status} = 'sold'`, asc(realEstates.order), desc(realEstates.created_at), asc(realEstates.id))
      .limit(places + FEATURED_NAMED),
    db().select({ n: count() }).from(realEstates).where(featured),
  ]);
  const shown = rows.filter((row) => row.status !== "sold").slice(0, places);
  const isShown = new Set(shown.map((row) => row.id));
  return {
    shown: shown.map(({ id, title }) => ({ id, title })),
    hidden: rows.filter((row) => !isShown.has(row.id)).map(({ id, title, status }) => ({ id, title, sold: status === "sold" })),
    hiddenCount: Number(counted?.n ?? 0) - shown.length,
  };
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
}

function searchCondition(search: string): SQL[] {
  const condition = textSearchCondition(searchWords(search));
  return condition ? [condition] : [];
}

/**
 * /admin/real-estates: search by name or description (both languages), an
 * optional location; by location position, then position within it, so each
 * location's properties sit together in their own order.
 */
export async function searchAdminProperties(options: {
  search?: string;
  locationId?: string | null;
  status?: PropertyStatus | null;
  page?: number;
  pageSize?: number;
}): Promise<Paged<AdminPropertyRow>> {
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  const parts = searchCondition(options.search ?? "");
  if (options.locationId) parts.push(eq(realEstates.location_id, options.locationId));
  if (options.status) parts.push(eq(realEstates.status, options.status));
  const where = parts.length ? and(...parts) : undefined;
  const [counted] = await db().select({ n: count() }).from(realEstates).where(where);
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
  if (total === 0) return { items: [], total, page, pageCount };
  const perLocation = db()
    .select({ location_id: realEstates.location_id, n: count().as("n") })
    .from(realEstates)
    .groupBy(realEstates.location_id)
    .as("per_location");
  const rows = await db()
    .select({
      id: realEstates.id,
      title: realEstates.title,
      slug: realEstates.slug,
      price: realEstates.price,
      order: realEstates.order,
      property_type: realEstates.property_type,
      status: realEstates.status,
      reference: realEstates.reference,
      cover: sql<string | null>`${realEstates.images}[1]`.mapWith(shownImage),
      location_id: realEstates.location_id,
      location_name: locations.name,
      location_slug: locations.slug,
      location_count: perLocation.n,
      created_at: realEstates.created_at,
    })
    .from(realEstates)
    .innerJoin(locations, eq(locations.id, realEstates.location_id))
    .innerJoin(perLocation, eq(perLocation.location_id, realEstates.location_id))
    .where(where)
    .orderBy(asc(locations.order), asc(locations.id), asc(realEstates.order), asc(realEstates.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items: rows.map((r) => ({ ...r, location_count: Number(r.location_count) })), total, page, pageCount };
}

/** Dashboard: the newest properties. */
export async function latestProperties(limit: number) {
  return db()
    .select({
      id: realEstates.id,
      title: realEstates.title,
      price: realEstates.price,
      status: realEstates.status,
      reference: realEstates.reference,
      location_name: locations.name,
    })
    .from(realEstates)
    .innerJoin(locations, eq(locations.id, realEstates.location_id))
    .orderBy(desc(realEstates.created_at), desc(realEstates.id))
    .limit(limit);
}

/** /admin/locations: the first `limit` properties of every location, in their order. */
export async function propertiesByLocation(limit: number): Promise<Map<string, { id: string; title: string; order: number }[]>> {
  const ranked = db()
    .select({
      id: realEstates.id,
      title: realEstates.title,
      order: realEstates.order,
      location_id: realEstates.location_id,
      rank: sql<number>`row_number() over (partition by ${realEstates.location_id} order by ${realEstates.order}, ${realEstates.id})`.as("rank"),
    })
    .from(realEstates)
    .as("ranked");
  const rows = await db()
    .select({ id: ranked.id, title: ranked.title, order: ranked.order, location_id: ranked.location_id })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${limit}`)
    .orderBy(ranked.location_id, ranked.order);
  const byLocation = new Map<string, { id: string; title: string; order: number }[]>();
  for (const row of rows) {
    const list = byLocation.get(row.location_id) ?? [];
    list.push({ id: row.id, title: row.title, order: row.order });
    byLocation.set(row.location_id, list);
  }
  return byLocation;
}

/** A complex's units on its edit form (issue 33): every property linked to it, each with its status and location, by location and order. */
export async function complexUnits(
  complexId: unknown,
): Promise<{ id: string; title: string; status: PropertyStatus; reference: string | null; location_name: string }[]> {
  if (!isUuid(complexId)) return [];
  return db()
    .select({
      id: realEstates.id,
      title: realEstates.title,
      status: realEstates.status,
      reference: realEstates.reference,
      location_name: locations.name,
    })
    .from(realEstates)
    .innerJoin(locations, eq(locations.id, realEstates.location_id))
    .where(eq(realEstates.complex_id, complexId))
    .orderBy(asc(locations.order), asc(realEstates.order), asc(realEstates.id));
}

export interface InboxRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: string;
  isread: boolean;
  property_id: string | null;
  property_title: string | null;
  property_slug: string | null;
  location_slug: string | null;
  /** Issue 33: the complex a request was sent about (its page's form), and its page's address parts. */
  complex_name: string | null;
  complex_slug: string | null;
  complex_location_slug: string | null;
  /** The privacy notice's version the visitor was shown and when they sent it (issue 22); null through the API. */
  consent_version: string | null;
  consent_at: string | null;
  /** A shortlist sent to the agent (issue 22), in its order: each property's title and address parts, null once it was deleted. */
  shortlist: ShortlistLink[];
}

export interface ShortlistLink {
  id: string;
  title: string | null;
  property_slug: string | null;
  location_slug: string | null;
}

const complexLocation = alias(locations, "complex_location");

const inboxColumns = {
  id: contactSubmissions.id,
  name: contactSubmissions.name,
  email: contactSubmissions.email,
  phone: contactSubmissions.phone,
  message: contactSubmissions.message,
  created_at: contactSubmissions.created_at,
  isread: contactSubmissions.isread,
  property_id: contactSubmissions.property_id,
  property_ids: contactSubmissions.property_ids,
  consent_version: contactSubmissions.consent_version,
  consent_at: contactSubmissions.consent_at,
  property_title: realEstates.title,
  property_slug: realEstates.slug,
  location_slug: locations.slug,
  complex_name: complexes.name,
  complex_slug: complexes.slug,
  complex_location_slug: complexLocation.slug,
};

/** /admin/contact-submissions: newest first (SPEC §4), all or unread, with the property each is about. */
export async function listInbox(options: { unreadOnly?: boolean; page?: number; pageSize?: number }): Promise<Paged<InboxRow>> {
  const pageSize = options.pageSize ?? INBOX_PAGE_SIZE;
  const where = options.unreadOnly ? eq(contactSubmissions.isread, false) : undefined;
  const [counted] = await db().select({ n: count() }).from(contactSubmissions).where(where);
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
  const items = await db()
    .select(inboxColumns)
    .from(contactSubmissions)
    .leftJoin(realEstates, eq(realEstates.id, contactSubmissions.property_id))
    .leftJoin(locations, eq(locations.id, realEstates.location_id))
    .leftJoin(complexes, eq(complexes.id, contactSubmissions.complex_id))
    .leftJoin(complexLocation, eq(complexLocation.id, complexes.location_id))
    .where(where)
    .orderBy(desc(contactSubmissions.created_at), desc(contactSubmissions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items: await withShortlists(items), total, page, pageCount };
}

/** Each row's shortlist as links: the titles and slugs of its properties, read in one query for the page. */
async function withShortlists(rows: (Omit<InboxRow, "shortlist"> & { property_ids: string[] })[]): Promise<InboxRow[]> {
  const ids = [...new Set(rows.flatMap((row) => row.property_ids))];
  const found =
    ids.length === 0
      ? []
      : await db()
          .select({ id: realEstates.id, title: realEstates.title, property_slug: realEstates.slug, location_slug: locations.slug })
          .from(realEstates)
          .innerJoin(locations, eq(locations.id, realEstates.location_id))
          .where(inArray(realEstates.id, ids));
  const byId = new Map(found.map((p) => [p.id, p]));
  return rows.map(({ property_ids, ...row }) => ({
    ...row,
    shortlist: property_ids.map((id) => byId.get(id) ?? { id, title: null, property_slug: null, location_slug: null }),
  }));
}

/** One submission with its property, for the detail dialog. */
export async function inboxItem(id: unknown): Promise<InboxRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select(inboxColumns)
    .from(contactSubmissions)
    .leftJoin(realEstates, eq(realEstates.id, contactSubmissions.property_id))
    .leftJoin(locations, eq(locations.id, realEstates.location_id))
    .leftJoin(complexes, eq(complexes.id, contactSubmissions.complex_id))
    .leftJoin(complexLocation, eq(complexLocation.id, complexes.location_id))
    .where(eq(contactSubmissions.id, id))
    .limit(1);
  return row ? ((await withShortlists([row]))[0] ?? null) : null;
}
