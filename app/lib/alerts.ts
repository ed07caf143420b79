import { EMPTY_QUERY, listingSearchParams, parseListingQuery, type ListingQuery } from "./listing-query";

/**
 * Saved-search alerts (issue 22, decision 0029): what a subscription is,
 * client-safe (the listing's form builds its query here too).
 */
export const ALERT_FREQUENCIES = ["instant", "daily"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Longest accepted e-mail address (RFC 5321's path limit) and listing query string. */
export const ALERT_EMAIL_MAX = 254;
export const ALERT_QUERY_MAX = 2000;
/** Days an unconfirmed subscription is kept (then deleted). */
export const ALERT_CONFIRM_DAYS = 7;

/** The filters an alert matches on: a listing query without where and how it is looked at (map area, page, sort, view). */
export type AlertFilter = Omit<ListingQuery, "bbox" | "page" | "sort" | "view">;

/**
 * A listing's query string (with or without "?") as a subscription keeps it:
 * parsed by the listing's own parser (unknown or malformed values dropped),
 * the map area, page, sort and view removed — they change what is shown, not
 * which properties match — and written back in the listing's stable order,
 * so the same filters are one subscription however the URL was spelled.
 */
export function alertQuery(raw: string): { query: string; filter: AlertFilter } {
  const parsed = parseListingQuery(new URLSearchParams(raw.replace(/^\?/, "")));
  const { bbox: _bbox, page: _page, sort: _sort, view: _view, ...filter } = parsed;
  const query = listingSearchParams({ ...filter, bbox: null, page: 1, sort: EMPTY_QUERY.sort, view: EMPTY_QUERY.view }).toString();
  return { query, filter };
}

/** A link token's shape: 32 random bytes in base64url (only such a value is looked up). */
export function looksLikeAlertToken(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}
