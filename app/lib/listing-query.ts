import { isUuid } from "./uuid";

/**
 * The state of a property listing (SPEC §2 /properties and the location page),
 * read from and written to the URL so every view is shareable and the back
 * button works. Unknown or malformed values are dropped, never an error.
 */
export const SORTS = ["default", "price-asc", "price-desc", "newest"] as const;
export type Sort = (typeof SORTS)[number];
export const TYPES = ["apartment", "house"] as const;
export type ListingType = (typeof TYPES)[number];

export const PUBLIC_PAGE_SIZE = 10;
export const MAX_SEARCH_LENGTH = 200;

export interface ListingQuery {
  locationId: string | null;
  type: ListingType | null;
  search: string;
  sort: Sort;
  page: number;
}

export const EMPTY_QUERY: ListingQuery = { locationId: null, type: null, search: "", sort: "default", page: 1 };

export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const location = params.get("location")?.trim() ?? "";
  const type = params.get("type")?.trim().toLowerCase() ?? "";
  const sort = params.get("sort")?.trim() ?? "";
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    locationId: isUuid(location) ? location.toLowerCase() : null,
    type: (TYPES as readonly string[]).includes(type) ? (type as ListingType) : null,
    search: (params.get("search") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH),
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as Sort) : "default",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** Only the parameters that differ from the defaults, in a stable order. */
export function listingSearchParams(query: Partial<ListingQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.locationId) params.set("location", query.locationId);
  if (query.type) params.set("type", query.type);
  if (query.search) params.set("search", query.search);
  if (query.sort && query.sort !== "default") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}

/** The URL of a listing state, e.g. `/properties?type=house`. */
export function listingHref(basePath: string, query: Partial<ListingQuery>): string {
  const params = listingSearchParams(query).toString();
  return params ? `${basePath}?${params}` : basePath;
}

const QUERY_PARAMS = ["location", "type", "search", "sort", "page"];

/**
 * Where a listing request should be redirected to, or null when its URL is
 * already clean: a form sent without JavaScript carries empty fields and the
 * default sort (`?search=&sort=default`), which are not part of the state.
 * Shared by /properties and the location page (whose location is the page
 * itself: pass `locationId: null`).
 */
export function listingRedirect(url: URL, query: Partial<ListingQuery>): string | null {
  const params = url.searchParams;
  const needless = QUERY_PARAMS.some((k) => params.get(k) === "") || params.get("sort") === "default" || params.get("page") === "1";
  return needless ? listingHref(url.pathname, query) : null;
}
