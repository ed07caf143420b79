import { and, asc, between, desc, eq, gte, inArray, lte, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { db, queryRows } from "~/db/client.server";
import { complexes, locations, realEstates } from "~/db/schema";
import type { ListingItem, ListingPage } from "~/lib/listing";
import type { ListingQuery } from "~/lib/listing-query";
import { shownImage } from "~/lib/image-keys";
import { nameTokens, searchWords, tokensMatchWords } from "~/lib/search";
import { readContentVersion } from "~/db/content-version.server";
import { TRANSLATED_LANGS, textColumn, type PerLanguage } from "~/i18n/lang";
import { CountCache, countKey, VersionedCache } from "./listing-counts.server";
import { MARK_STEP, markRowsSql, walkFromMarkSql } from "./listing-marks.server";
import { keyColumns, orderBy, sortKeys, type KeyValues } from "./listing-sort.server";
import { textSearchCondition } from "./text-search.server";
import { listLocations, type Location } from "./locations.server";

/** The same in raw SQL: `title_bg as title_bg, title_en as title_en`. */
function perLanguageSql(field: string, column: (name: "title_bg") => SQL.Aliased | AnyColumn): SQL {
  return sql.join(
    TRANSLATED_LANGS.map((lang) => sql`${column(textColumn(field, lang) as "title_bg")} as ${sql.identifier(textColumn(field, lang))}`),
    sql`, `,
  );
}

/** A card's columns (ListingItem), also read by the shortlist (shortlist.server.ts). */
export const listingColumns = {
  id: realEstates.id,
  slug: realEstates.slug,
  slug_en: realEstates.slug_en,
  title: realEstates.title,
  // Each translated language's texts (a language added to app/i18n/lang.ts adds its columns here: docs/languages.md).
  title_bg: realEstates.title_bg,
  title_en: realEstates.title_en,
  description: sql<string>`left(${realEstates.description}, 400)`.as("description"),
  description_bg: sql<string>`left(${realEstates.description_bg}, 400)`.as("description_bg"),
  description_en: sql<string>`left(${realEstates.description_en}, 400)`.as("description_en"),
  price: realEstates.price,
  area: realEstates.area,
  property_type: realEstates.property_type,
  bedrooms: realEstates.bedrooms,
  bathrooms: realEstates.bathrooms,
  // Any spelling of an upload is shown from its /upload/ path (decision 0031).
  cover: sql<string | null>`${realEstates.images}[1]`.mapWith(shownImage).as("cover"),
  image_count: sql<number>`cardinality(${realEstates.images})`.mapWith(Number).as("image_count"),
  location_id: realEstates.location_id,
  location_name: locations.name,
  location_name_bg: locations.name_bg,
  location_name_en: locations.name_en,
  location_slug: locations.slug,
  location_slug_en: locations.slug_en,
  created_at: realEstates.created_at,
  status: realEstates.status,
  price_per_m2: realEstates.price_per_m2,
  price_reduced_from: realEstates.price_reduced_from,
  price_reduced_at: realEstates.price_reduced_at,
  sea_distance_m: realEstates.sea_distance_m,
  sea_line: realEstates.sea_line,
  sea_view: realEstates.sea_view,
  floor: realEstates.floor,
  floors_total: realEstates.floors_total,
  construction_stage: realEstates.construction_stage,
  completion_quarter: realEstates.completion_quarter,
  featured: realEstates.featured,
};
const columns = listingColumns;

/** A property on the map (issue 21): where visitors may see it, and what its marker's popup shows. */
export interface MapPoint extends PerLanguage<"title", string> {
  id: string;
  slug: string;
  slug_en: string;
  title: string;
  price: number | null;
  status: string;
  precision: "exact" | "approximate";
  lat: number;
  lng: number;
  location_slug: string;
  location_slug_en: string;
  /** The first photo, for the marker's card (null: none). */
  image: string | null;
}

/** A complex whose name a listing search names (issue 33), shown above the results with its units for sale. */
export interface MatchingComplex {
  id: string;
  name: string;
  name_bg: string;
  name_en: string;
  slug: string;
  slug_en: string;
  location_name: string;
  location_name_bg: string;
  location_name_en: string;
  location_slug: string;
  location_slug_en: string;
  /** Units not sold. */
  for_sale: number;
}

/** What the engine keeps of every complex to match searches against their names (`tokens`: their folded words, lib/search nameTokens). */
type ComplexName = Omit<MatchingComplex, "for_sale"> & { location_id: string; tokens: string[] };

/** A complex on the listing's map (issue 33): its public point and how many of its units match the listing. */
export interface ComplexMapPoint {
  id: string;
  name: string;
  name_bg: string;
  name_en: string;
  slug: string;
  slug_en: string;
  location_slug: string;
  location_slug_en: string;
  lat: number;
  lng: number;
  precision: "exact" | "approximate";
  /** Its units matching the listing's filters. */
  units: number;
  /** The lowest price among them (null: all on request). */
  price_from: number | null;
}

/**
 * A listing filter as the database applies it: the search as its distinct
 * folded words (lib/search searchWords), and the other filters of the query
 * (issue 20) as they are.
 */
type Filter = Omit<ListingQuery, "search" | "sort" | "page"> & { words: string[] };

function filterOf(query: Omit<ListingQuery, "sort" | "page">): Filter {
  const { search, ...rest } = query;
  return { ...rest, locationId: query.locationId || null, complexId: query.complexId || null, type: query.type || null, words: searchWords(search) };
}

/** The filters beyond location, type and search (issue 20; decision 0024): ranges inclusive, an unknown value never matches a bound. */
function factConditions(filter: Filter): SQL[] {
  const parts: SQL[] = [];
  const t = realEstates;
  // The default (also when absent) hides only sold properties: reserved ones stay on show.
  if (filter.status === "available" || filter.status === undefined) parts.push(ne(t.status, "sold"));
  else if (filter.status === "reserved" || filter.status === "sold") parts.push(eq(t.status, filter.status));
  if (typeof filter.priceMin === "number") parts.push(gte(t.price, filter.priceMin));
  if (typeof filter.priceMax === "number") parts.push(lte(t.price, filter.priceMax));
  if (typeof filter.areaMin === "number") parts.push(gte(t.area, filter.areaMin));
  if (typeof filter.areaMax === "number") parts.push(lte(t.area, filter.areaMax));
  if (typeof filter.bedroomsMin === "number") parts.push(gte(t.bedrooms, filter.bedroomsMin));
  if (typeof filter.seaDistanceMax === "number") parts.push(lte(t.sea_distance_m, filter.seaDistanceMax));
  if (filter.seaView === true) parts.push(eq(t.sea_view, true));
  if (filter.seaLine === true) parts.push(eq(t.sea_line, 1));
  if (filter.stage) parts.push(eq(t.construction_stage, filter.stage));
  // The map's visible area (issue 21): on the public point, never the real one of an approximate property.
  if (filter.bbox) {
    const { west, south, east, north } = filter.bbox;
    parts.push(and(between(t.public_lat, south, north), between(t.public_lng, west, east))!);
  }
  return parts;
}

/**
 * The WHERE of a filter. With a text search the other tests are written so
 * no index can answer them (`(…) is true`): the planner does not count the
 * cost of fetching each row's search words from TOAST (~15 µs a row), and
 * given a usable location index it read every property of the location and
 * checked its words (550 ms at 100 000) instead of asking the search index
 * first (20 ms). A walk along a sort index (walkPageSql) keeps them usable
 * instead.
 */
function conditions(filter: Filter, filtersIndexable = filter.words.length === 0): SQL | undefined {
  const parts: SQL[] = [];
  const test = (condition: SQL) => (filtersIndexable ? condition : sql`(${condition}) is true`);
  // A complex (issue 33) has ~100 units: always answered by its index (real_estates_complex_idx), even with a text search.
  if (filter.complexId) parts.push(eq(realEstates.complex_id, filter.complexId));
  if (filter.locationId) parts.push(test(eq(realEstates.location_id, filter.locationId)));
  if (filter.type) parts.push(test(eq(realEstates.property_type, filter.type)));
  for (const condition of factConditions(filter)) parts.push(test(condition));
  const search = textSearchCondition(filter.words);
  if (search) parts.push(search);
  return parts.length ? and(...parts) : undefined;
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

/**
 * Settings for a count without a text search. Every filtered column is in
 * the sort indexes (schema.ts coveringSortIndexes), so a count can read the
 * narrowest one (12 MB at 100 000) instead of the table (34 MB): the planner
 * prices a whole index at random reads and chose the table, which a
 * sequential scan reads through a small ring of buffers, from the OS cache,
 * every time (default listing at 100 000, loaded machine: 35–190 ms against
 * 30–85 ms; decision 0024).
 */
const COUNT_SETTINGS = ["set local enable_seqscan = off"];

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

function marksKey(filter: Filter, sort: ListingQuery["sort"], step: number): string {
  return `${countKey(filter)}|${sort}|${step}`;
}

/** How a page with a text search is read (pageSql); tests force each way to compare them. */
export type TextSearchPlan = "auto" | "walk" | "matches-first" | "marks";

/** What a listing engine is constructed with; the app takes the defaults. */
export interface ListingSettings {
  /** How a page with a text search is read ("auto": chosen from the counts). */
  textSearchPlan: TextSearchPlan;
  /** How many rows a walk may pass before it gives up (undefined: from the counts). */
  walkRows: number | undefined;
  /** Every how many matches a page mark is kept. */
  markStep: number;
  /** From how many rows before it (from its nearer end) a page without a text search is read from a page mark, once one such page of its filter and sort was read. */
  markFromRows: number;
  /** Whether pages read by sorting all matches are remembered (off: benchmarks measure another page of a known filter, not a repeat). */
  rememberPages: boolean;
  /** Told of every query the engine runs (benchmarks EXPLAIN them). */
  onQuery: ((query: { sql: string; params: unknown[]; settings: readonly string[] }) => void) | undefined;
}

const DEFAULT_SETTINGS: ListingSettings = {
  textSearchPlan: "auto",
  walkRows: undefined,
  markStep: MARK_STEP,
  markFromRows: DEEP_PAGE_ROWS,
  rememberPages: true,
  onQuery: undefined,
};

const dialect = new PgDialect();

/**
 * The listing engine (DESIGN §11): one page of properties matching a filter,
 * filtered, sorted and paged by the database (never the whole catalogue in
 * memory), and what it remembers to make the next page cheap — the counts,
 * page marks, pages read by sorting all matches, walks given up — all for
 * the current content version. The app makes one (app/services.server.ts);
 * tests and benchmarks make their own, with their settings.
 */
/** The caches below hold at most 44 MB together (issue 32: bounded by bytes, within SERVER_MEMORY_MB's heap). */
const MB = 1024 * 1024;

export class ListingEngine {
  readonly settings: ListingSettings;
  /** Matches per filter. */
  private readonly counts = new CountCache(500, 4 * MB);
  /** Page marks per filter, sort and step (listing-marks.server.ts): ≤ 100 × (matches / MARK_STEP) key rows (2 000 for 100 000). */
  private readonly marks = new VersionedCache<KeyValues[]>(100, 16 * MB);
  /**
   * Pages of a text search read by sorting all its matches (pageIds): the
   * costly plan (40–80 ms for 14 000 matches at 100 000), so its result is
   * kept like the counts, until the catalogue changes. Client-side navigations
   * (`.data`) do not go through the HTML cache and profit from it too.
   */
  private readonly sortedPages = new VersionedCache<string[]>(200, 16 * MB);
  /** The fewest matches (offset + limit) a bounded walk along a sort failed to find, per search, sort and direction. */
  private readonly walksGivenUp = new VersionedCache<number>(200, 2 * MB);
  /** Filters and sorts (without a text search) of which a deep page was read by stepping over the rows before it: the next deep page makes page marks. */
  private readonly deepPagesStepped = new VersionedCache<true>(200, 2 * MB);
  /** Every complex's names and addresses, for matching searches (one entry; ~1 000 rows). */
  private readonly complexNames = new VersionedCache<readonly ComplexName[]>(1, 4 * MB);
  /** The locations the listing's filter offers (one entry). */
  private readonly locationList = new VersionedCache<readonly Location[]>(1, 4 * MB);
  /** Pages and walks are remembered only with the plan the engine chooses: settings that force one compare plans. */
  private readonly remembers: boolean;

  constructor(settings: Partial<ListingSettings> = {}) {
    this.settings = { ...DEFAULT_SETTINGS, ...settings };
    const forced = this.settings.textSearchPlan !== "auto" || this.settings.walkRows !== undefined || this.settings.markStep !== MARK_STEP;
    this.remembers = !forced;
  }

  /**
   * One page of properties matching the filters. A page past the end gives
   * the last page. The total is counted once per filter while the catalogue
   * does not change. The page's ids are found first, on the table alone along
   * the sort's index, then its ≤ pageSize rows are read; pages in the back
   * half are read backwards from the end, so the last page costs what the
   * first does.
   */
  async search(query: ListingQuery, { pageSize }: { pageSize: number }): Promise<ListingPage> {
    const filter = filterOf(query);
    const where = conditions(filter);
    // One read for everything remembered below (counts, page marks, sorted pages).
    const version = await readContentVersion();
    const total = await this.count({ filter, where, version });
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const page = Math.min(query.page, pageCount);
    const ids = await this.pageIds({ query, filter, where, total, plan: pagePlan(total, page, pageSize), version });
    if (ids.length === 0) return { items: [], total, page, pageCount };
    const rowsQuery = db()
      .select(columns)
      .from(realEstates)
      .innerJoin(locations, eq(locations.id, realEstates.location_id))
      .where(inArray(realEstates.id, ids));
    this.settings.onQuery?.({ ...rowsQuery.toSQL(), settings: [] });
    // Drizzle maps the joined columns by position (both tables have a slug): its own query, not a raw read.
    const rows = (await rowsQuery) as ListingItem[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const items = ids.map((id) => byId.get(id)).filter((r): r is ListingItem => r !== undefined);
    return { items, total, page, pageCount };
  }

  /**
   * How many properties match, as `search` reports it (the same remembered
   * count), without reading a page: the location page's «N объектов» over
   * the whole location (issue 32: it read a page of one for it).
   */
  async total(query: Omit<ListingQuery, "sort" | "page">): Promise<number> {
    const filter = filterOf(query);
    return this.count({ filter, where: conditions(filter), version: await readContentVersion() });
  }

  /**
   * Every location by position (listLocations), as the listing's location
   * filter offers them: read once per content version, which any change to
   * a location bumps too (issue 32: the listing read them on every render).
   */
  async locations(): Promise<readonly Location[]> {
    const version = await readContentVersion();
    const known = this.locationList.get("all", version);
    if (known) return known;
    const list = await listLocations();
    this.locationList.set("all", version, list);
    return list;
  }

  /** Up to `limit` other properties of the same location still for sale (SPEC §2 property page; sold ones leave it, issue 20). */
  async related({ propertyId, locationId, limit = 3 }: { propertyId: string; locationId: string; limit?: number }): Promise<ListingItem[]> {
    return (await db()
      .select(columns)
      .from(realEstates)
      .innerJoin(locations, eq(locations.id, realEstates.location_id))
      .where(and(eq(realEstates.location_id, locationId), sql`${realEstates.id} <> ${propertyId}`, ne(realEstates.status, "sold")))
      .orderBy(asc(realEstates.order), asc(realEstates.id))
      .limit(limit)) as ListingItem[];
  }

  /**
   * The home page's two rows (issue 20): «Рекомендуемые объекты» — the featured
   * ones for sale, by position, else the newest for sale — and «Новые
   * объекты», the newest for sale not already in the first row.
   */
  async highlights({ limit }: { limit: number }): Promise<{ featured: ListingItem[]; newest: ListingItem[] }> {
    const forSale = ne(realEstates.status, "sold");
    const select = () => db().select(columns).from(realEstates).innerJoin(locations, eq(locations.id, realEstates.location_id));
    const newestFirst = [desc(realEstates.created_at), asc(realEstates.id)];
    const [featured, newest] = (await Promise.all([
      select()
        .where(and(forSale, eq(realEstates.featured, true)))
        .orderBy(asc(realEstates.order), ...newestFirst)
        .limit(limit),
      select()
        .where(forSale)
        .orderBy(...newestFirst)
        .limit(2 * limit),
    ])) as [ListingItem[], ListingItem[]];
    const first = featured.length > 0 ? featured : newest.slice(0, limit);
    const shown = new Set(first.map((item) => item.id));
    return { featured: first, newest: newest.filter((item) => !shown.has(item.id)).slice(0, limit) };
  }

  /**
   * The map's points of a listing (issue 21): every property matching the
   * query that has a point, at its public point (an approximate one's moved
   * point, never its real one), at most `limit` (`truncated` when more match).
   */
  async points(query: Omit<ListingQuery, "sort" | "page">, { limit }: { limit: number }): Promise<{ points: MapPoint[]; truncated: boolean }> {
    const filter = filterOf(query);
    const where = and(conditions(filter), sql`${realEstates.public_lat} is not null`);
    const t = realEstates;
    const rows = await this.read<MapPoint>(
      filter,
      sql`select ${t.id} as id, ${t.slug} as slug, ${t.slug_en} as slug_en, ${t.title} as title, ${perLanguageSql("title", (c) => t[c])}, ${t.price}::float8 as price,
        ${t.status} as status, ${t.location_precision} as precision, ${t.public_lat} as lat, ${t.public_lng} as lng, ${locations.slug} as location_slug,
        ${locations.slug_en} as location_slug_en,
        ${t.images}[1] as image
        from ${t} join ${locations} on ${locations.id} = ${t.location_id} where ${where} order by ${t.id} limit ${limit + 1}`,
    );
    return { points: rows.slice(0, limit).map((p) => ({ ...p, image: shownImage(p.image) })), truncated: rows.length > limit };
  }

  /**
   * The complexes a search names (issue 33): those whose name in some language
   * has every search word at the start of one of its words (the property
   * search's rule, lib/search namesMatchWords), of one location with
   * `locationId`, at most `limit` by name, each with its units for sale, those with some first. The
   * names are read once per content version and matched here: a thousand
   * short rows, where folding Cyrillic in SQL would need the database's locale.
   */
  async complexesMatching(search: string, { locationId = null, limit = 6 }: { locationId?: string | null; limit?: number } = {}): Promise<MatchingComplex[]> {
    const words = searchWords(search);
    if (words.length === 0) return [];
    const version = await readContentVersion();
    let all = this.complexNames.get("all", version);
    if (!all) {
      const rows = await queryRows<Omit<ComplexName, "tokens">>(
        db(),
        sql`select c.id, c.name, c.name_bg, c.name_en, c.slug, c.slug_en, c.location_id, l.name as location_name, l.name_bg as location_name_bg,
          l.name_en as location_name_en, l.slug as location_slug, l.slug_en as location_slug_en
          from ${complexes} c join ${locations} l on l.id = c.location_id order by c.name, c.id`,
      );
      all = rows.map((c) => ({ ...c, tokens: nameTokens([c.name, c.name_bg, c.name_en]) }));
      this.complexNames.set("all", version, all);
    }
    const found = all.filter((c) => (locationId === null || c.location_id === locationId) && tokensMatchWords(c.tokens, words)).slice(0, limit);
    if (found.length === 0) return [];
    const counts = await queryRows<{ id: string; n: number | string }>(
      db(),
      sql`select complex_id as id, count(*) as n from ${realEstates} where complex_id in (${sql.join(
        found.map((c) => sql`${c.id}::uuid`),
        sql`, `,
      )}) and status <> 'sold' group by complex_id`,
    );
    const forSale = new Map(counts.map((c) => [c.id, Number(c.n)]));
    // Those with units for sale first (a buyer's next click), each group by name.
    return found
      .map(({ location_id: _location, tokens: _tokens, ...c }) => ({ ...c, for_sale: forSale.get(c.id) ?? 0 }))
      .sort((a, b) => Number(b.for_sale > 0) - Number(a.for_sale > 0));
  }

  /**
   * The complexes on the listing's map (issue 33): those with units matching
   * the query, at the complex's public point (never its real one), with how
   * many units match and the lowest price, at most `limit`.
   */
  async complexPoints(query: Omit<ListingQuery, "sort" | "page">, { limit }: { limit: number }): Promise<ComplexMapPoint[]> {
    const filter = filterOf(query);
    const where = and(conditions(filter), sql`${realEstates.complex_id} is not null`);
    const c = complexes;
    const rows = await this.read<ComplexMapPoint & { units: number | string; price_from: number | string | null }>(
      filter,
      sql`select ${c.id} as id, ${c.name} as name, ${c.name_bg} as name_bg, ${c.name_en} as name_en, ${c.slug} as slug, ${c.slug_en} as slug_en,
        ${locations.slug} as location_slug, ${locations.slug_en} as location_slug_en, ${c.public_lat} as lat, ${c.public_lng} as lng,
        ${c.location_precision} as precision, m.units, m.price_from
        from (select ${realEstates.complex_id} as complex_id, count(*) as units, min(${realEstates.price})::float8 as price_from
          from ${realEstates} where ${where} group by ${realEstates.complex_id}) m
        join ${c} on ${c.id} = m.complex_id join ${locations} on ${locations.id} = ${c.location_id}
        where ${c.public_lat} is not null order by ${c.name}, ${c.id} limit ${limit}`,
    );
    return rows.map((r) => ({ ...r, units: Number(r.units), price_from: r.price_from === null ? null : Number(r.price_from) }));
  }

  /** Runs a listing query, with TEXT_SEARCH_SETTINGS in a transaction when it searches text. */
  private async read<T>(filter: Filter, query: SQL, plainSettings: readonly string[] = []): Promise<T[]> {
    const settings = filter.words.length === 0 ? plainSettings : TEXT_SEARCH_SETTINGS;
    this.settings.onQuery?.({ ...dialect.sqlToQuery(query), settings });
    if (settings.length === 0) return queryRows<T>(db(), query);
    return db().transaction(async (tx) => {
      for (const setting of settings) await tx.execute(sql.raw(setting));
      return queryRows<T>(tx, query);
    });
  }

  /**
   * How many properties match: exact, and counted once per filter while the
   * catalogue does not change (`version` is read once per listing request, see
   * listing-counts.server.ts).
   */
  private async count({ filter, where, version }: { filter: Filter; where: SQL | undefined; version: string }): Promise<number> {
    const key = countKey(filter);
    const known = this.counts.get(key, version);
    if (known !== undefined) return known;
    const [counted] = await this.read<{ n: number | string }>(
      filter,
      sql`select count(*) as n from ${realEstates}${where ? sql` where ${where}` : sql``}`,
      COUNT_SETTINGS,
    );
    const n = Number(counted?.n ?? 0);
    this.counts.set(key, version, n);
    return n;
  }

  /** The ids of one page, in the sort's order, read on the table alone. */
  private async pageIds(p: { query: ListingQuery; filter: Filter; where: SQL | undefined; total: number; plan: PagePlan; version: string }): Promise<string[]> {
    const { query, filter, where, plan, version } = p;
    if (plan.limit === 0) return [];
    const remember = filter.words.length > 0 && this.remembers;
    const direction = `${countKey(filter)}|${query.sort}|${plan.fromEnd}`;
    const pageKey = `${direction}|${plan.offset}|${plan.limit}`;
    const rememberPage = remember && this.settings.rememberPages;
    if (rememberPage) {
      const known = this.sortedPages.get(pageKey, version);
      if (known) return known;
    }
    const read = async (ids: SQL) => (await this.read<{ id: string }>(filter, ids)).map((r) => r.id);
    const gaveUp = remember ? this.walksGivenUp.get(direction, version) : undefined;
    const chosen = await this.pageSql({ sort: query.sort, filter, where, plan, matches: p.total, version, noWalkFrom: gaveUp ?? Infinity });
    let ids = await read(chosen.sql);
    let reversed = chosen.reversed;
    let sorted = chosen.kind === "sorted";
    // A bounded walk that found too few: the matches are sparser in this part
    // of the order than on average (say, the expensive listings rarely have a
    // pool). Read the matches first, and do not walk from this end this far again.
    // Without a text search only a change since the marks were made does that:
    // the plain query reads the page.
    if ((chosen.kind === "walk" || chosen.kind === "mark") && ids.length < plan.limit) {
      if (remember && chosen.kind === "walk") this.walksGivenUp.set(direction, version, Math.min(gaveUp ?? Infinity, plan.offset + plan.limit));
      ids = await read(filter.words.length > 0 ? matchesFirstSql(query.sort, where, plan) : plainPageSql(query.sort, where, plan));
      reversed = plan.fromEnd;
      sorted = true;
    }
    const result = reversed ? ids.reverse() : ids;
    if (rememberPage && sorted) this.sortedPages.set(pageKey, version, result);
    return result;
  }

  /**
   * The page-ids query. Without a text search the planner's own choice is
   * good (column statistics, the sort indexes). With one it cannot know how
   * many rows match, but we do (the exact, remembered counts), so we choose:
   * a bounded walk along the sort's index near either end of a common word's
   * results; deeper, a bounded walk from the page mark before the page
   * (listing-marks.server.ts); for sparse matches, the matches first.
   */
  private async pageSql(p: {
    sort: ListingQuery["sort"];
    filter: Filter;
    where: SQL | undefined;
    plan: PagePlan;
    matches: number;
    version: string;
    noWalkFrom: number;
  }): Promise<PageSql> {
    const { sort, filter, where, plan, matches, version } = p;
    const { textSearchPlan, walkRows, markStep: step } = this.settings;
    const order = orderBy(sortKeys(sort), plan.fromEnd);
    // A complex's units (issue 33: ~100, rarely a few thousand) are read from its index and sorted, like a rare
    // stage (decision 0024): a walk along a sort index would pass ~1 000 other rows per unit, the complex not
    // being among the covering indexes' columns.
    if (filter.complexId) return { sql: matchesFirstSql(sort, where, plan), kind: "sorted", reversed: plan.fromEnd };
    if (filter.words.length === 0) {
      const plain: PageSql = { sql: plainPageSql(sort, where, plan), kind: "plain", reversed: plan.fromEnd };
      if (plan.offset < this.settings.markFromRows || matches < 2 * step) return plain;
      const key = marksKey(filter, sort, step);
      if (!this.marks.get(key, version) && !this.deepPagesStepped.get(key, version)) {
        this.deepPagesStepped.set(key, version, true);
        return plain;
      }
      return (await this.fromMarkSql({ sort, filter, where, plan, matches, rowsPerMatch: 1, version })) ?? plain;
    }
    const matchesFirst: PageSql = { sql: matchesFirstSql(sort, where, plan), kind: "sorted", reversed: plan.fromEnd };
    if (textSearchPlan === "matches-first") return matchesFirst;
    // A walk goes along the sort's index after the location and type filters
    // (schema.ts sortIndexes), testing the other filters on its entries
    // (coveringSortIndexes): the rows it passes per match are those
    // filters' count over the matches.
    const base = await this.count({ filter: { ...filter, words: [] }, where: conditions({ ...filter, words: [] }), version });
    const rowsPerMatch = base / Math.max(1, matches);
    const rowsNeeded = (plan.offset + plan.limit) * rowsPerMatch;
    const walkFromStart =
      textSearchPlan === "walk" || (textSearchPlan === "auto" && rowsNeeded * WALK_COST_IN_MATCHES <= matches && plan.offset + plan.limit < p.noWalkFrom);
    if (!walkFromStart) {
      const worthMarks = textSearchPlan === "marks" || (matches >= 2 * step && 1 / rowsPerMatch >= MIN_MARK_DENSITY);
      return worthMarks ? ((await this.fromMarkSql({ sort, filter, where, plan, matches, rowsPerMatch, version })) ?? matchesFirst) : matchesFirst;
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
  private async fromMarkSql(p: {
    sort: ListingQuery["sort"];
    filter: Filter;
    where: SQL | undefined;
    plan: PagePlan;
    matches: number;
    rowsPerMatch: number;
    version: string;
  }): Promise<PageSql | null> {
    const { sort, filter, where, plan, matches, rowsPerMatch, version } = p;
    const step = this.settings.markStep;
    const list = await this.pageMarks({ sort, filter, where, version });
    const start = plan.fromEnd ? matches - plan.offset - plan.limit : plan.offset;
    const index = Math.min(Math.floor(start / step), list.length - 1);
    const mark = list[index];
    if (!mark) return null;
    const skip = start - index * step;
    const bound = this.settings.walkRows ?? Math.ceil((skip + plan.limit) * rowsPerMatch * WALK_SLACK) + 20;
    return {
      sql: walkFromMarkSql({
        keys: sortKeys(sort),
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

  /** The page marks of a search and sort, made by one sort of the matches and remembered until the catalogue changes. */
  private async pageMarks(p: { sort: ListingQuery["sort"]; filter: Filter; where: SQL | undefined; version: string }): Promise<KeyValues[]> {
    const { sort, filter, where, version } = p;
    const step = this.settings.markStep;
    const key = marksKey(filter, sort, step);
    const known = this.marks.get(key, version);
    if (known) return known;
    const keys = sortKeys(sort);
    const rows = await this.read<Record<string, string | null>>(filter, markRowsSql(keys, where, step, filter.words.length > 0));
    const list = rows.map((row) => keys.map((_, i) => row[`k${i}`] ?? null));
    this.marks.set(key, version, list);
    return list;
  }
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
