import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { db, queryRows } from "~/db/client.server";
import { locations, realEstates } from "~/db/schema";
import type { ListingQuery } from "~/lib/listing-query";
import { searchWords } from "~/lib/search";
import { readContentVersion } from "~/utils/content-version.server";
import { CountCache, countKey, VersionedCache } from "./listing-counts.server";
import { MARK_STEP, markRowsSql, walkFromMarkSql } from "./listing-marks.server";
import { keyColumns, orderBy, sortKeys, type KeyValues } from "./listing-sort.server";
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
/** Page marks per filter, sort and step (listing-marks.server.ts): ≤ 100 × (matches / MARK_STEP) key rows (2 000 for 100 000). */
const marks = new VersionedCache<KeyValues[]>(100);
/**
 * Pages of a text search read by sorting all its matches (pageIds): the
 * costly plan (40–80 ms for 14 000 matches at 100 000), so its result is
 * kept like the counts, until the catalogue changes. Client-side navigations
 * (`.data`) do not go through the HTML cache and profit from it too.
 */
const sortedPages = new VersionedCache<string[]>(200);
/** The fewest matches (offset + limit) a bounded walk along a sort failed to find, per search, sort and direction. */
const walksGivenUp = new VersionedCache<number>(200);
/** Filters and sorts (without a text search) of which a deep page was read by stepping over the rows before it: the next deep page makes page marks. */
const deepPagesStepped = new VersionedCache<true>(200);

/**
 * How many properties match: exact, and counted once per filter while the
 * catalogue does not change (`version` is read once per listing request, see
 * listing-counts.server.ts).
 */
async function countListings(filter: Filter, where: SQL | undefined, version: string): Promise<number> {
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

/** Forgets everything remembered: counts, page marks, sorted pages, walks given up (benchmarks measure the uncached cost with it). */
export function clearListingCounts() {
  counts.clear();
  marks.clear();
  forgetSortedPages();
  walksGivenUp.clear();
  deepPagesStepped.clear();
}

/** Forgets the remembered sorted pages only (benchmarks: a page's cost when its filter is known, not a repeat of the same page). */
export function forgetSortedPages() {
  sortedPages.clear();
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
  // One read for everything remembered below (counts, page marks, sorted pages).
  const version = await readContentVersion();
  const total = await countListings(filter, where, version);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const ids = await pageIds(query, filter, where, total, page, pageSize, options, version);
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
export type TextSearchPlan = "auto" | "walk" | "matches-first" | "marks";

export interface ListingOptions {
  textSearchPlan?: TextSearchPlan;
  /** Tests: how many rows a walk may pass before it gives up (else from the counts). */
  walkRows?: number;
  /** Tests: every how many matches a page mark is kept (else MARK_STEP). */
  markStep?: number;
  /** Tests: from how many rows before it (from its nearer end) a page without a text search is read from a page mark, once one such page of its filter and sort was read (else DEEP_PAGE_ROWS). */
  markFromRows?: number;
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
  version: string,
): Promise<string[]> {
  const plan = pagePlan(total, page, pageSize);
  if (plan.limit === 0) return [];
  // Tests that force a plan compare plans: nothing remembered between their reads.
  const remember = filter.words.length > 0 && options.textSearchPlan === undefined && options.walkRows === undefined && options.markStep === undefined;
  const direction = `${countKey(filter)}|${query.sort}|${plan.fromEnd}`;
  const pageKey = `${direction}|${plan.offset}|${plan.limit}`;
  if (remember) {
    const known = sortedPages.get(pageKey, version);
    if (known) return known;
  }
  const read = async (query: SQL) => (await readRows<{ id: string }>(filter, query)).map((r) => r.id);
  const gaveUp = remember ? walksGivenUp.get(direction, version) : undefined;
  const chosen = await pageSql(query.sort, filter, where, plan, total, version, { ...options, noWalkFrom: gaveUp });
  let ids = await read(chosen.sql);
  let reversed = chosen.reversed;
  let sorted = chosen.kind === "sorted";
  // A bounded walk that found too few: the matches are sparser in this part
  // of the order than on average (say, the expensive listings rarely have a
  // pool). Read the matches first, and do not walk from this end this far again.
  // Without a text search only a change since the marks were made does that:
  // the plain query reads the page.
  if ((chosen.kind === "walk" || chosen.kind === "mark") && ids.length < plan.limit) {
    if (remember && chosen.kind === "walk") walksGivenUp.set(direction, version, Math.min(gaveUp ?? Infinity, plan.offset + plan.limit));
    ids = await read(filter.words.length > 0 ? matchesFirstSql(query.sort, where, plan) : plainPageSql(query.sort, where, plan));
    reversed = plan.fromEnd;
    sorted = true;
  }
  const result = reversed ? ids.reverse() : ids;
  if (remember && sorted) sortedPages.set(pageKey, version, result);
  return result;
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

/** Page marks need matches this dense among the rows a walk passes (else the walk from a mark is long). */
const MIN_MARK_DENSITY = 0.05;

/**
 * Without a text search, a page this many rows or more from both ends is
 * read from the page mark before it: stepping over the rows before a page
 * (OFFSET) costs ~0.3 µs a row (the middle page of 100 000: 15–20 ms on
 * PGlite, 3× the middle page of 10 000), a walk from a mark passes fewer
 * than MARK_STEP + 10 rows. Making the marks numbers every row of the filter
 * along the sort's index (~120 ms for 100 000 on PGlite), once per filter,
 * sort and catalogue version, and only for the second deep page asked for:
 * one visitor jumping to the middle once costs a step over, a crawler or a
 * visitor paging deep makes the marks.
 */
const DEEP_PAGE_ROWS = 10 * MARK_STEP;

/**
 * A page's query and how it reads: `plain` (no text search: the planner's
 * choice), `walk` along the sort's index from an end or `mark` from a page
 * mark (both bounded: they may give up), `sorted` (all matches, then sorted).
 */
type PageSql = { sql: SQL; kind: "plain" | "walk" | "mark" | "sorted"; reversed: boolean };

/**
 * The page-ids query. Without a text search the planner's own choice is
 * good (column statistics, the sort indexes). With one it cannot know how
 * many rows match, but we do (the exact, remembered counts), so we choose:
 * a bounded walk along the sort's index near either end of a common word's
 * results; deeper, a bounded walk from the page mark before the page
 * (listing-marks.server.ts); for sparse matches, the matches first.
 */
async function pageSql(
  sort: ListingQuery["sort"],
  filter: Filter,
  where: SQL | undefined,
  plan: PagePlan,
  matches: number,
  version: string,
  options: ListingOptions & { noWalkFrom?: number } = {},
): Promise<PageSql> {
  const { textSearchPlan = "auto", walkRows, noWalkFrom = Infinity } = options;
  const order = orderBy(sortKeys(sort), plan.fromEnd);
  const step = options.markStep ?? MARK_STEP;
  if (filter.words.length === 0) {
    const plain: PageSql = { sql: plainPageSql(sort, where, plan), kind: "plain", reversed: plan.fromEnd };
    if (plan.offset < (options.markFromRows ?? DEEP_PAGE_ROWS) || matches < 2 * step) return plain;
    const key = marksKey(filter, sort, step);
    if (!marks.get(key, version) && !deepPagesStepped.get(key, version)) {
      deepPagesStepped.set(key, version, true);
      return plain;
    }
    return (await fromMarkSql(sort, filter, where, plan, matches, 1, version, options)) ?? plain;
  }
  const matchesFirst: PageSql = { sql: matchesFirstSql(sort, where, plan), kind: "sorted", reversed: plan.fromEnd };
  if (textSearchPlan === "matches-first") return matchesFirst;
  // A walk goes along the index after the location and type filters
  // (schema.ts sortIndexes): the rows it passes per match are those
  // filters' count over the matches.
  const base = await countListings({ ...filter, words: [] }, conditions({ ...filter, words: [] }), version);
  const rowsPerMatch = base / Math.max(1, matches);
  const rowsNeeded = (plan.offset + plan.limit) * rowsPerMatch;
  const walkFromStart =
    textSearchPlan === "walk" || (textSearchPlan === "auto" && rowsNeeded * WALK_COST_IN_MATCHES <= matches && plan.offset + plan.limit < noWalkFrom);
  if (!walkFromStart) {
    const worthMarks = textSearchPlan === "marks" || (matches >= 2 * step && 1 / rowsPerMatch >= MIN_MARK_DENSITY);
    return worthMarks ? ((await fromMarkSql(sort, filter, where, plan, matches, rowsPerMatch, version, options)) ?? matchesFirst) : matchesFirst;
  }
  const bound = walkRows ?? Math.ceil(rowsNeeded * WALK_SLACK) + 20;
  const filters = conditions({ ...filter, words: [] }, true);
  // The walked rows are named like the table, so the search condition's
  // qualified column ("real_estates"."search_vector") reads them.
  const walked = sql`(select ${keyColumns(sortKeys(sort))}, ${realEstates.search_vector} from ${realEstates}${filters ? sql` where ${filters}` : sql``} order by ${order} limit ${bound}) as ${realEstates}`;
  return {
    sql: sql`select id from ${walked} where ${textSearchCondition(filter.words)} order by ${order} limit ${plan.limit} offset ${plan.offset}`,
    // A bound past the whole filtered catalogue cannot give up.
    kind: bound < base ? "walk" : "plain",
    reversed: plan.fromEnd,
  };
}

/**
 * The page read forwards from the page mark before it (`rowsPerMatch`: rows
 * the walk passes per match, 1 without a text search); null when there are
 * no marks (nothing matches now).
 */
async function fromMarkSql(
  sort: ListingQuery["sort"],
  filter: Filter,
  where: SQL | undefined,
  plan: PagePlan,
  matches: number,
  rowsPerMatch: number,
  version: string,
  options: ListingOptions,
): Promise<PageSql | null> {
  const step = options.markStep ?? MARK_STEP;
  const keys = sortKeys(sort);
  const list = await pageMarks(sort, filter, where, step, version);
  const start = plan.fromEnd ? matches - plan.offset - plan.limit : plan.offset;
  const index = Math.min(Math.floor(start / step), list.length - 1);
  const mark = list[index];
  if (!mark) return null;
  const skip = start - index * step;
  const bound = options.walkRows ?? Math.ceil((skip + plan.limit) * rowsPerMatch * WALK_SLACK) + 20;
  return {
    sql: walkFromMarkSql({
      keys,
      mark,
      filters: conditions({ ...filter, words: [] }, true),
      search: textSearchCondition(filter.words),
      bound,
      skip,
      limit: plan.limit,
    }),
    kind: "mark",
    reversed: false,
  };
}

function marksKey(filter: Filter, sort: ListingQuery["sort"], step: number): string {
  return `${countKey(filter)}|${sort}|${step}`;
}

/** The page marks of a search and sort, made by one sort of the matches and remembered until the catalogue changes. */
async function pageMarks(sort: ListingQuery["sort"], filter: Filter, where: SQL | undefined, step: number, version: string): Promise<KeyValues[]> {
  const key = marksKey(filter, sort, step);
  const known = marks.get(key, version);
  if (known) return known;
  const keys = sortKeys(sort);
  const rows = await readRows<Record<string, string | null>>(filter, markRowsSql(keys, where, step, filter.words.length > 0));
  const list = rows.map((row) => keys.map((_, i) => row[`k${i}`] ?? null));
  marks.set(key, version, list);
  return list;
}

/** The page without a text search: the planner walks the sort's index, stepping over the rows before the page (OFFSET). */
function plainPageSql(sort: ListingQuery["sort"], where: SQL | undefined, plan: PagePlan): SQL {
  return sql`select id from ${realEstates}${where ? sql` where ${where}` : sql``} order by ${orderBy(sortKeys(sort), plan.fromEnd)} limit ${plan.limit} offset ${plan.offset}`;
}

/**
 * The matches read first, then sorted: a materialized CTE, which the planner
 * cannot flatten back into a walk along the sort's index.
 */
function matchesFirstSql(sort: ListingQuery["sort"], where: SQL | undefined, plan: PagePlan): SQL {
  return sql`with matches as materialized (select ${keyColumns(sortKeys(sort))} from ${realEstates}${where ? sql` where ${where}` : sql``}) select id from matches order by ${orderBy(sortKeys(sort), plan.fromEnd)} limit ${plan.limit} offset ${plan.offset}`;
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
    count: db()
      .select({ n: sql<number>`count(*)` })
      .from(realEstates)
      .where(where)
      .toSQL(),
    ids: dialect.sqlToQuery((await pageSql(query.sort, filter, where, { ...plan, limit: Math.max(1, plan.limit) }, total, await readContentVersion())).sql),
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
