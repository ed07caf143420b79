/**
 * Favourites and compare (issue 22, decision 0027): the id lists in their
 * URLs (`?ids=a,b,c`) and their bounds. Client-safe: the pages' loaders
 * and the browser's favourites store read the same rules.
 */
import { isUuid } from "./uuid";

export { COMPARE_MAX, FAVORITES_MAX } from "./favorites-store";

export type IdListResult = { ok: true; ids: string[] } | { ok: false; reason: "malformed" | "tooMany"; ids: string[] };

/**
 * The ids of `?ids=a,b,c` (repeated `ids=` too, as a form of checkboxes
 * sends them), in order, without repeats. Any entry that is not a property
 * id, or more than `max` of them, makes the list unusable: the page answers
 * 400 and says why (the valid ones, at most `max`, are kept for it).
 */
export function parseIdList(params: URLSearchParams, max: number): IdListResult {
  const entries = params
    .getAll("ids")
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().toLowerCase())
    .filter((value) => value !== "");
  const ids = [...new Set(entries.filter(isUuid))];
  if (ids.length < new Set(entries).size) return { ok: false, reason: "malformed", ids: ids.slice(0, max) };
  if (ids.length > max) return { ok: false, reason: "tooMany", ids: ids.slice(0, max) };
  return { ok: true, ids };
}

/** `/favorites?ids=a,b` (commas kept readable: they are allowed in a query). */
export function idListHref(path: string, ids: readonly string[]): string {
  return ids.length === 0 ? path : `${path}?ids=${ids.join(",")}`;
}
