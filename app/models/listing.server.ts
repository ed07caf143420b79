import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { db, queryRows } from "~/db/client.server";
import { locations, realEstates } from "~/db/schema";
import type { ListingQuery } from "~/lib/listing-query";
import { searchWords } from "~/lib/search";
import { readContentVersion } from "~/utils/content-version.server";
import { CountCache, countKey } from "./listing-counts.server";
import { textSearchCondition } from "./text-search.server";

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

/** A listing filter as the database applies it: the search as its distinct folded words (lib/search searchWords). */
interface Filter {
  locationId: string | null;
  type: ListingQuery["type"];
  words: string[];
}

function filterOf(query: Pick<ListingQuery, "locationId" | "type" | "search">): Filter {
  return { locationId: query.locationId || null, type: query.type || null, words: searchWords(query.search) };
}

/**
 * The WHERE of a filter. With a text search the location and type tests are
 * written so no index can answer them (`(…) is true`): the planner does not
 * count the cost of fetching each row's search words from TOAST (~15 µs a
 * row), and given a usable location index it read every property of the
 * location and checked its words (550 ms at 100 000) instead of asking the
 * search index first (20 ms). A walk along a sort index (walkPageSql) keeps
 * them usable instead.
 */
function conditions(filter: Filter, filtersIndexable = filter.words.length === 0): SQL | undefined {
  const parts: SQL[] = [];
  const test = (condition: SQL) => (filtersIndexable ? condition : sql`(${condition}) is true`);
  if (filter.locationId) parts.push(test(eq(realEstates.location_id, filter.locationId)));
  if (filter.type) parts.push(test(eq(realEstates.property_type, filter.type)));
  const search = textSearchCondition(filter.words);
  if (search) parts.push(search);
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
  const [counted] = await readRows<{ n: number | string }>(filter, sql`select count(*) as n from ${realEstates}${where ? sql` where ${where}` : sql``}`);
  const n = Number(counted?.n ?? 0);
  counts.set(key, version, n);
  return n;
}

/**
 * Settings for a listing query with a text search. Sequential scans are
 * ruled out: the planner does not count the cost of fetching each row's
 * search words from TOAST, and for a common word it preferred a scan of the
 * whole table (1.3 s at 100 000) to the search index (80 ms). Sorting the
 * matches of a common word (57 000 at 100 000) takes ~6 MB: in memory, not
 * spilled to disk at the default 4 MB.
 */
const TEXT_SEARCH_SETTINGS = ["set local enable_seqscan = off", "set local work_mem = '16MB'"];

/** Runs a listing query, with TEXT_SEARCH_SETTINGS in a transaction when it searches text. */
async function readRows<T>(filter: Filter, query: SQL): Promise<T[]> {
  if (filter.words.length === 0) return queryRows<T>(db(), query);
  return db().transaction(async (tx) => {
    for (const setting of TEXT_SEARCH_SETTINGS) await tx.execute(sql.raw(setting));
    return queryRows<T>(tx, query);
  });
}

/** Forgets every remembered count (benchmarks measure the uncached cost with it). */
export function clearListingCounts() {
  counts.clear();
}

type Key = { name: "order" | "created_at" | "id" | "price"; dir: "asc" | "desc"; nullsLast?: boolean };

/** Each sort's keys; every list matches an index in app/db/schema.ts exactly. */
function sortKeys(sort: ListingQuery["sort"]): Key[] {
  const order: Key = { name: "order", dir: "asc" };
  const id: Key = { name: "id", dir: "asc" };
  switch (sort) {
    case "price-asc":
      return [{ name: "price", dir: "asc", nullsLast: true }, order, id];
    case "price-desc":
      return [{ name: "price", dir: "desc", nullsLast: true }, order, id];
    case "newest":
      return [{ name: "created_at", dir: "desc", nullsLast: false }, id];
    default:
      // SPEC §9: by the order field ascending (positions are per location).
      return [order, { name: "created_at", dir: "asc" }, id];
  }
}

/** ORDER BY the keys (reversed for pages read from the end), by bare column names. */
function orderBy(keys: Key[], reverse: boolean): SQL {
  const parts = keys.map((k) => {
    const dir = sql.raw((k.dir === "asc") !== reverse ? "asc" : "desc");
    const nulls = k.nullsLast === undefined ? sql`` : sql.raw(k.nullsLast !== reverse ? " nulls last" : " nulls first");
    return sql`${sql.identifier(k.name)} ${dir}${nulls}`;
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
export async function searchListings(query: ListingQuery, pageSize: number, options: ListingOptions = {}): Promise<ListingPage> {
  const filter = filterOf(query);
  const where = conditions(filter);
  const total = await countListings(filter, where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const ids = await pageIds(query, filter, where, total, page, pageSize, options);
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

/** How a page with a text search is read (pageQuery); tests force each way to compare them. */
export type TextSearchPlan = "auto" | "walk" | "matches-first";

export interface ListingOptions {
  textSearchPlan?: TextSearchPlan;
  /** Tests: how many rows a walk may pass before it gives up (else from the counts). */
  walkRows?: number;
}

/** The ids of one page, in the sort's order, read on the table alone. */
async function pageIds(
  query: ListingQuery,
  filter: Filter,
  where: SQL | undefined,
  total: number,
  page: number,
  pageSize: number,
  options: ListingOptions,
): Promise<string[]> {
  const plan = pagePlan(total, page, pageSize);
  if (plan.limit === 0) return [];
  const read = async (query: SQL) => (await readRows<{ id: string }>(filter, query)).map((r) => r.id);
  const chosen = await pageSql(query.sort, filter, where, plan, total, options);
  let ids = await read(chosen.sql);
  // A bounded walk that found too few: the matches are sparser in this part
  // of the order than on average (say, the cheapest listings rarely have a
  // pool). Read the matches first.
  if (chosen.bounded && ids.length < plan.limit) ids = await read(matchesFirstSql(query.sort, where, plan));
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

/**
 * Walking a sort index checks the text search on every row it passes (its
 * words fetched from TOAST: ~15 µs a row on PostgreSQL at 100 000), while
 * reading the matches from the search index first and sorting them costs
 * ~1 µs a match: a row walked costs about 15 matches read. A walk is
 * allowed 3 × the rows it should need before it gives up.
 */
const WALK_COST_IN_MATCHES = 15;
const WALK_SLACK = 3;

/**
 * The page-ids query. Without a text search the planner's own choice is
 * good (column statistics, the sort indexes). With one it cannot know how
 * many rows match, but we do (the exact, remembered counts), so we choose:
 * a bounded walk along the sort's index near either end of a common word's
 * results, else the matches first.
 */
async function pageSql(
  sort: ListingQuery["sort"],
  filter: Filter,
  where: SQL | undefined,
  plan: PagePlan,
  matches: number,
  { textSearchPlan = "auto", walkRows }: ListingOptions = {},
): Promise<{ sql: SQL; bounded: boolean }> {
  const order = orderBy(sortKeys(sort), plan.fromEnd);
  if (filter.words.length === 0) {
    return {
      sql: sql`select id from ${realEstates}${where ? sql` where ${where}` : sql``} order by ${order} limit ${plan.limit} offset ${plan.offset}`,
      bounded: false,
    };
  }
  if (textSearchPlan === "matches-first") return { sql: matchesFirstSql(sort, where, plan), bounded: false };
  // The walk goes along the index after the location and type filters
  // (schema.ts sortIndexes): the rows it passes per match are those
  // filters' count over the matches.
  const base = await countListings({ ...filter, words: [] }, conditions({ ...filter, words: [] }));
  const rowsNeeded = (plan.offset + plan.limit) * (base / Math.max(1, matches));
  if (textSearchPlan === "auto" && rowsNeeded * WALK_COST_IN_MATCHES > matches) {
    return { sql: matchesFirstSql(sort, where, plan), bounded: false };
  }
  const bound = walkRows ?? Math.ceil(rowsNeeded * WALK_SLACK) + 20;
  const filters = conditions({ ...filter, words: [] }, true);
  // The walked rows are named like the table, so the search condition's
  // qualified column ("real_estates"."search_vector") reads them.
  const walked = sql`(select ${columnList(sort)}, ${realEstates.search_vector} from ${realEstates}${filters ? sql` where ${filters}` : sql``} order by ${order} limit ${bound}) as ${realEstates}`;
  return {
    sql: sql`select id from ${walked} where ${textSearchCondition(filter.words)} order by ${order} limit ${plan.limit} offset ${plan.offset}`,
    bounded: bound < base,
  };
}

/** The columns a sort needs (its keys, id among them), unqualified. */
function columnList(sort: ListingQuery["sort"]): SQL {
  return sql.join(
    [...new Set(sortKeys(sort).map((k) => k.name))].map((name) => sql.identifier(name)),
    sql`, `,
  );
}

/**
 * The matches read first, then sorted: a materialized CTE, which the planner
 * cannot flatten back into a walk along the sort's index.
 */
function matchesFirstSql(sort: ListingQuery["sort"], where: SQL | undefined, plan: PagePlan): SQL {
  return sql`with matches as materialized (select ${columnList(sort)} from ${realEstates}${where ? sql` where ${where}` : sql``}) select id from matches order by ${orderBy(sortKeys(sort), plan.fromEnd)} limit ${plan.limit} offset ${plan.offset}`;
}

/** The SQL of a listing page's count and page-ids queries, for benchmarks to EXPLAIN. */
export async function listingQueriesSql(query: ListingQuery, total: number, pageSize: number) {
  const filter = filterOf(query);
  const where = conditions(filter);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const plan = pagePlan(total, Math.min(query.page, pageCount), pageSize);
  const dialect = new PgDialect();
  return {
    /** Settings readRows applies to these queries (run them in one transaction). */
    settings: filter.words.length > 0 ? TEXT_SEARCH_SETTINGS : [],
    count: db().select({ n: sql<number>`count(*)` }).from(realEstates).where(where).toSQL(),
    ids: dialect.sqlToQuery((await pageSql(query.sort, filter, where, { ...plan, limit: Math.max(1, plan.limit) }, total)).sql),
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
