/**
 * The browser's favourites (issue 22, decision 0027): property ids, newest
 * first, in localStorage under `favorites` — no account, works offline.
 * Every heart on the page, and other tabs (the storage event), follow one
 * change. Stored data is never trusted: anything but a list of ids reads as
 * an empty list. Kept tiny: it loads with every property card.
 */
import { isUuid } from "./uuid";

export const FAVORITES_KEY = "favorites";
/** Favourites one browser keeps and one link may carry (here, not in ./shortlist, so a card's heart loads nothing more). */
export const FAVORITES_MAX = 30;
const EVENT = "favorites-change";

let cached: { raw: string | null; ids: readonly string[] } = { raw: null, ids: [] };

/** The stored ids (the same array until they change, as useSyncExternalStore needs). */
export function readFavorites(): readonly string[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(FAVORITES_KEY);
  } catch {
    // Storage blocked (privacy settings): an empty list.
  }
  if (raw === cached.raw) return cached.ids;
  let ids: string[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) ids = [...new Set(parsed.filter(isUuid).map((id) => id.toLowerCase()))].slice(0, FAVORITES_MAX);
  } catch {
    // Not JSON: an empty list.
  }
  cached = { raw, ids };
  return ids;
}

/** Adds or removes one id; false when the list is full (nothing changes) or storage refuses. */
export function toggleFavorite(id: string): boolean {
  const ids = readFavorites();
  const next = ids.includes(id) ? ids.filter((x) => x !== id) : [id, ...ids];
  if (next.length > FAVORITES_MAX) return false;
  try {
    localStorage.setItem(FAVORITES_KEY, JSON.stringify(next));
  } catch {
    return false;
  }
  window.dispatchEvent(new Event(EVENT));
  return true;
}

/** Calls `onChange` after every change, here or in another tab; returns the unsubscribe. */
export function subscribeFavorites(onChange: () => void): () => void {
  window.addEventListener(EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}
