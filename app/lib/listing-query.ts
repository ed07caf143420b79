import { formatBBox, parseBBox, type BBox } from "./geo/bbox";
import { CONSTRUCTION_STAGES, type ConstructionStage } from "./property-facts";
import { isUuid } from "./uuid";

/**
 * The state of a property listing (SPEC §2 /properties and the location page),
 * read from and written to the URL so every view is shareable and the back
 * button works. Unknown or malformed values are dropped, never an error.
 */
export const SORTS = ["default", "price-asc", "price-desc", "newest", "price-m2-asc", "price-m2-desc", "reduced"] as const;
export type Sort = (typeof SORTS)[number];
export const TYPES = ["apartment", "house"] as const;
export type ListingType = (typeof TYPES)[number];
/** `available` (the default) shows everything not sold: available and reserved (decision 0023). */
export const STATUS_FILTERS = ["available", "reserved", "sold", "all"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
/** «Список | Карта» (issue 21): the list is the default, `view=map` opens the map above it. */
export const VIEWS = ["list", "map"] as const;
export type ViewMode = (typeof VIEWS)[number];

export const PUBLIC_PAGE_SIZE = 10;
export const MAX_SEARCH_LENGTH = 200;

/** The numeric filters: URL name, and the largest value taken (a bigger one is ignored). */
export const RANGE_FILTERS = {
  priceMin: { param: "price_min", max: 1_000_000_000 },
  priceMax: { param: "price_max", max: 1_000_000_000 },
  areaMin: { param: "area_min", max: 1_000_000 },
  areaMax: { param: "area_max", max: 1_000_000 },
  bedroomsMin: { param: "bedrooms_min", max: 100 },
  seaDistanceMax: { param: "sea_distance_max", max: 100_000 },
} as const;
export type RangeFilter = keyof typeof RANGE_FILTERS;

export interface ListingQuery {
  locationId: string | null;
  /** Only the units of one new-build complex (issue 33); no field of the form sets it, a link does (the complex page, a search's complex row). */
  complexId: string | null;
  type: ListingType | null;
  search: string;
  priceMin: number | null;
  priceMax: number | null;
  areaMin: number | null;
  areaMax: number | null;
  bedroomsMin: number | null;
  /** Metres to the beach at most. */
  seaDistanceMax: number | null;
  /** Only properties with a sea view. */
  seaView: boolean;
  /** Only first-line properties. */
  seaLine: boolean;
  stage: ConstructionStage | null;
  status: StatusFilter;
  /** The visible map area (issue 21): only properties whose public point is inside. */
  bbox: BBox | null;
  /** Whether the map is open (it shows the same result; not part of what is counted). */
  view: ViewMode;
  sort: Sort;
  page: number;
}

export const EMPTY_QUERY: ListingQuery = {
  locationId: null,
  complexId: null,
  type: null,
  search: "",
  priceMin: null,
  priceMax: null,
  areaMin: null,
  areaMax: null,
  bedroomsMin: null,
  seaDistanceMax: null,
  seaView: false,
  seaLine: false,
  stage: null,
  status: "available",
  bbox: null,
  view: "list",
  sort: "default",
  page: 1,
};

/** A whole number ≥ 0 up to `max` ("150 000" and "150000" alike), else null. */
function wholeNumber(raw: string | null, max: number): number | null {
  const text = (raw ?? "").replace(/[\s\u00a0]/g, "");
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  const text = raw?.trim().toLowerCase() ?? "";
  return (values as readonly string[]).includes(text) ? (text as T) : null;
}

/** A min above its max: the visitor swapped them, read them the right way round. */
function ordered(min: number | null, max: number | null): [number | null, number | null] {
  return min !== null && max !== null && min > max ? [max, min] : [min, max];
}

export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const location = params.get("location")?.trim() ?? "";
  const complex = params.get("complex")?.trim() ?? "";
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const range = (name: RangeFilter) => wholeNumber(params.get(RANGE_FILTERS[name].param), RANGE_FILTERS[name].max);
  const [priceMin, priceMax] = ordered(range("priceMin"), range("priceMax"));
  const [areaMin, areaMax] = ordered(range("areaMin"), range("areaMax"));
  const bedroomsMin = range("bedroomsMin");
  return {
    locationId: isUuid(location) ? location.toLowerCase() : null,
    complexId: isUuid(complex) ? complex.toLowerCase() : null,
    type: oneOf(TYPES, params.get("type")),
    search: (params.get("search") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH),
    priceMin: priceMin === 0 ? null : priceMin,
    priceMax,
    areaMin: areaMin === 0 ? null : areaMin,
    areaMax,
    bedroomsMin: bedroomsMin === 0 ? null : bedroomsMin,
    seaDistanceMax: range("seaDistanceMax"),
    seaView: params.get("sea_view") === "1",
    seaLine: params.get("sea_line") === "1",
    stage: oneOf(CONSTRUCTION_STAGES, params.get("stage")),
    status: oneOf(STATUS_FILTERS, params.get("status")) ?? "available",
    bbox: parseBBox(params.get("bbox")),
    view: oneOf(VIEWS, params.get("view")) ?? "list",
    sort: oneOf(SORTS, params.get("sort")) ?? "default",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** How many of the filters panel's fields are set (the phone's «Фильтры (n)»): not location, type, search nor complex, which it has no field for. */
export function activeFilterCount(query: ListingQuery): number {
  const ranges = (Object.keys(RANGE_FILTERS) as RangeFilter[]).filter((name) => query[name] !== null).length;
  return ranges + Number(query.seaView) + Number(query.seaLine) + Number(query.stage !== null) + Number(query.status !== "available");
}

/** Only the parameters that differ from the defaults, in a stable order. */
export function listingSearchParams(query: Partial<ListingQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.locationId) params.set("location", query.locationId);
  if (query.complexId) params.set("complex", query.complexId);
  if (query.type) params.set("type", query.type);
  if (query.search) params.set("search", query.search);
  for (const name of Object.keys(RANGE_FILTERS) as RangeFilter[]) {
    const value = query[name];
    if (value !== null && value !== undefined) params.set(RANGE_FILTERS[name].param, String(value));
  }
  if (query.seaView) params.set("sea_view", "1");
  if (query.seaLine) params.set("sea_line", "1");
  if (query.stage) params.set("stage", query.stage);
  if (query.status && query.status !== "available") params.set("status", query.status);
  if (query.bbox) params.set("bbox", formatBBox(query.bbox));
  if (query.view === "map") params.set("view", "map");
  if (query.sort && query.sort !== "default") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}

/** The URL of a listing state, e.g. `/properties?type=house`. */
export function listingHref(basePath: string, query: Partial<ListingQuery>): string {
  const params = listingSearchParams(query).toString();
  return params ? `${basePath}?${params}` : basePath;
}

/** How far around a property «Показать на карте» opens the listing's map: about 1.5 km each way. */
const AROUND_DEGREES = 0.015;

/** The listing's map around a point (the property page's «Показать на карте», issue 21), e.g. `/properties?bbox=…&view=map`. */
export function mapAroundHref(basePath: string, point: { lat: number; lng: number }): string {
  const bbox = { west: point.lng - AROUND_DEGREES, south: point.lat - AROUND_DEGREES, east: point.lng + AROUND_DEGREES, north: point.lat + AROUND_DEGREES };
  return listingHref(basePath, { bbox, view: "map" });
}

const QUERY_PARAMS = [
  "location",
  "complex",
  "type",
  "search",
  "sort",
  "page",
  "sea_view",
  "sea_line",
  "stage",
  "status",
  "view",
  ...Object.values(RANGE_FILTERS).map((f) => f.param),
];

/**
 * Where a listing request should be redirected to, or null when its URL is
 * already clean: a form sent without JavaScript carries empty fields and the
 * defaults (`?search=&price_min=&sort=default&status=available`), which are
 * not part of the state. A malformed value is not redirected: it is ignored
 * and the page answers 200. Shared by /properties and the location page
 * (whose location is the page itself: pass `locationId: null`).
 */
export function listingRedirect(url: URL, query: Partial<ListingQuery>): string | null {
  const params = url.searchParams;
  const needless =
    QUERY_PARAMS.some((k) => params.get(k) === "") ||
    params.get("sort") === "default" ||
    params.get("page") === "1" ||
    params.get("status") === "available" ||
    params.get("view") === "list";
  return needless ? listingHref(url.pathname, query) : null;
}
