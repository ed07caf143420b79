import { and, asc, eq, inArray, like, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { locations, realEstates } from "~/db/schema";
import type { ListingQuery } from "~/lib/listing-query";
import { escapeLike, foldForSearch } from "~/lib/search";
import { readContentVersion } from "~/utils/content-version.server";
import { CountCache, countKey } from "./listing-counts.server";

/** What a property card shows (SPEC §2): a lean projection, not whole rows. */
export interface ListingItem {
  id: string;
  slug: string;
  title: string;
  title_bg: string;
  /** The first 400 characters: the card clamps it anyway. */
  description: string;
  description_bg: string;
  price: number | null;
  area: number | null;
  property_type: "apartment" | "house";
  bedrooms: number | null;
  bathrooms: number | null;
  cover: string | null;
  image_count: number;
  location_id: string;
  location_name: string;
  location_name_bg: string;
  location_slug: string;
  created_at: string;
}

export interface ListingPage {
  items: ListingItem[];
  total: number;
  page: number;
  pageCount: number;
}

const columns = {
  id: realEstates.id,
  slug: realEstates.slug,
  title: realEstates.title,
  title_bg: realEstates.title_bg,
  description: sql<string>`left(${realEstates.description}, 400)`.as("description"),
  description_bg: sql<string>`left(${realEstates.description_bg}, 400)`.as("description_bg"),
  price: realEstates.price,
  area: realEstates.area,
  property_type: realEstates.property_type,
  bedrooms: realEstates.bedrooms,
  bathrooms: realEstates.bathrooms,
  cover: sql<string | null>`${realEstates.images}[1]`.as("cover"),
  image_count: sql<number>`cardinality(${realEstates.images})`.mapWith(Number).as("image_count"),
  location_id: realEstates.location_id,
  location_name: locations.name,
  location_name_bg: locations.name_bg,
  location_slug: locations.slug,
  created_at: realEstates.created_at,
};

/** A listing filter as the database applies it: the search folded into at most 8 distinct words. */
interface Filter {
  locationId: string | null;
  type: ListingQuery["type"];
  words: string[];
}

function filterOf(query: Pick<ListingQuery, "locationId" | "type" | "search">): Filter {
  const words = [...new Set(foldForSearch(query.search).split(/\s+/).filter(Boolean))].slice(0, 8);
  return { locationId: query.locationId || null, type: query.type || null, words };
}

function conditions(filter: Filter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.locationId) parts.push(eq(realEstates.location_id, filter.locationId));
  if (filter.type) parts.push(eq(realEstates.property_type, filter.type));
  // Every word must appear (in any of the four texts), case-insensitively.
  for (const word of filter.words) parts.push(like(realEstates.search_text, `%${escapeLike(word)}%`));
  return parts.length ? and(...parts) : undefined;
}

const counts = new CountCache(500);

/**
 * How many properties match: exact, and counted once per filter while the
 * catalogue does not change (the content version is read on every call, see
 * listing-counts.server.ts).
 */
async function countListings(filter: Filter, where: SQL | undefined): Promise<number> {
  const version = await readContentVersion();
  const key = countKey(filter);
  const known = counts.get(key, version);
  if (known !== undefined) return known;
  const [counted] = await db()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(realEstates)
    .where(where);
  const n = counted?.n ?? 0;
  counts.set(key, version, n);
  return n;
}

/** Forgets every remembered count (benchmarks measure the uncached cost with it). */
export function clearListingCounts() {
  counts.clear();
}

type Key = { column: SQL; dir: "asc" | "desc"; nullsLast?: boolean };

/** Each sort's keys; every list matches an index in app/db/schema.ts exactly. */
function sortKeys(sort: ListingQuery["sort"]): Key[] {
  const order: Key = { column: sql`${realEstates.order}`, dir: "asc" };
  const id: Key = { column: sql`${realEstates.id}`, dir: "asc" };
  switch (sort) {
    case "price-asc":
      return [{ column: sql`${realEstates.price}`, dir: "asc", nullsLast: true }, order, id];
    case "price-desc":
      return [{ column: sql`${realEstates.price}`, dir: "desc", nullsLast: true }, order, id];
    case "newest":
      return [{ column: sql`${realEstates.created_at}`, dir: "desc", nullsLast: false }, id];
    default:
      // SPEC §9: by the order field ascending (positions are per location).
      return [order, { column: sql`${realEstates.created_at}`, dir: "asc" }, id];
  }
}

function orderBy(keys: Key[], reverse: boolean): SQL {
  const parts = keys.map((k) => {
    const dir = sql.raw((k.dir === "asc") !== reverse ? "asc" : "desc");
    const nulls = k.nullsLast === undefined ? sql`` : sql.raw(k.nullsLast !== reverse ? " nulls last" : " nulls first");
    return sql`${k.column} ${dir}${nulls}`;
  });
  return sql.join(parts, sql`, `);
}

/**
 * One page of properties matching the filters, filtered, sorted and paged by
 * the database (never the whole catalogue in memory). A page past the end
 * gives the last page. The total is counted once per filter while the
 * catalogue does not change (countListings). The page's ids are found first,
 * on the table alone along the sort's index, then its ≤ pageSize rows are
 * read; pages in the back half are read backwards from the end, so the last
 * page costs what the first does.
 */
export async function searchListings(query: ListingQuery, pageSize: number): Promise<ListingPage> {
  const filter = filterOf(query);
  const where = conditions(filter);
  const total = await countListings(filter, where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const ids = await pageIds(query, where, total, page, pageSize);
  if (ids.length === 0) return { items: [], total, page, pageCount };
  const rows = (await db()
    .select(columns)
    .from(realEstates)
    .innerJoin(locations, eq(locations.id, realEstates.location_id))
    .where(inArray(realEstates.id, ids))) as ListingItem[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = ids.map((id) => byId.get(id)).filter((r): r is ListingItem => r !== undefined);
  return { items, total, page, pageCount };
}

/** The ids of one page, in the sort's order: on the table alone, along the sort's index. */
async function pageIds(query: ListingQuery, where: SQL | undefined, total: number, page: number, pageSize: number): Promise<string[]> {
  const plan = pagePlan(total, page, pageSize);
  if (plan.limit === 0) return [];
  const ids = (await idsQuery(query.sort, where, plan)).map((r) => r.id);
  return plan.fromEnd ? ids.reverse() : ids;
}

type PagePlan = { limit: number; offset: number; fromEnd: boolean };

/**
 * Where a page is read from: rows [start, start + size) of the order are rows
 * [total − start − size, total − start) of the reversed one, so a page in the
 * back half is read backwards from the end and the last page costs what the
 * first does.
 */
function pagePlan(total: number, page: number, pageSize: number): PagePlan {
  const start = (page - 1) * pageSize;
  const limit = Math.max(0, Math.min(pageSize, total - start));
  const fromEnd = start > total / 2;
  return { limit, fromEnd, offset: fromEnd ? total - start - limit : start };
}

function idsQuery(sort: ListingQuery["sort"], where: SQL | undefined, plan: PagePlan) {
  return db()
    .select({ id: realEstates.id })
    .from(realEstates)
    .where(where)
    .orderBy(orderBy(sortKeys(sort), plan.fromEnd))
    .limit(plan.limit)
    .offset(plan.offset);
}

/** The SQL of a listing page's count and page-ids queries, for benchmarks to EXPLAIN. */
export function listingQueriesSql(query: ListingQuery, total: number, pageSize: number) {
  const where = conditions(filterOf(query));
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const plan = pagePlan(total, Math.min(query.page, pageCount), pageSize);
  return {
    count: db().select({ n: sql<number>`count(*)` }).from(realEstates).where(where).toSQL(),
    ids: idsQuery(query.sort, where, { ...plan, limit: Math.max(1, plan.limit) }).toSQL(),
  };
}

/** Up to `limit` other properties of the same location (SPEC §2 property page). */
export async function relatedListings(propertyId: string, locationId: string, limit = 3): Promise<ListingItem[]> {
  return (await db()
    .select(columns)
    .from(realEstates)
    .innerJoin(locations, eq(locations.id, realEstates.location_id))
    .where(and(eq(realEstates.location_id, locationId), sql`${realEstates.id} <> ${propertyId}`))
    .orderBy(asc(realEstates.order), asc(realEstates.id))
    .limit(limit)) as ListingItem[];
}
