/**
 * The browser's favourites and compare list (issue 22, decision 0027):
 * property ids, newest first, in localStorage under `favorites` and
 * `compare` — no account, works offline. Every toggle on the page, and other
 * tabs (the storage event), follow one change. Stored data is never trusted:
 * anything but a list of ids reads as an empty list. Kept tiny: it loads
 * with every property card.
 */
import { isUuid } from "./uuid";

export const FAVORITES_KEY = "favorites";
/** Favourites one browser keeps and one link may carry (here, not in ./shortlist, so a card's heart loads nothing more). */
export const FAVORITES_MAX = 30;
export const COMPARE_KEY = "compare";
/** Properties side by side on /compare (and so in the browser's compare list). */
export const COMPARE_MAX = 4;

export interface IdListStore {
  /** The stored ids (the same array until they change, as React's state needs). */
  read(): readonly string[];
  /** Adds or removes one id; false when the list is full (nothing changes) or storage refuses. */
  toggle(id: string): boolean;
  /** Calls `onChange` after every change, here or in another tab; returns the unsubscribe. */
  subscribe(onChange: () => void): () => void;
}

function idListStore(key: string, max: number): IdListStore {
  const event = `${key}-change`;
  let cached: { raw: string | null; ids: readonly string[] } = { raw: null, ids: [] };
  const read = () => {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      // Storage blocked (privacy settings): an empty list.
    }
    if (raw === cached.raw) return cached.ids;
    let ids: string[] = [];
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      if (Array.isArray(parsed)) ids = [...new Set(parsed.filter(isUuid).map((id) => id.toLowerCase()))].slice(0, max);
    } catch {
      // Not JSON: an empty list.
    }
    cached = { raw, ids };
    return ids;
  };
  return {
    read,
    toggle(id) {
      const ids = read();
      const next = ids.includes(id) ? ids.filter((x) => x !== id) : [id, ...ids];
      if (next.length > max) return false;
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        return false;
      }
      window.dispatchEvent(new Event(event));
      return true;
    },
    subscribe(onChange) {
      // Another tab's change of any key fires "storage": reading again is cheap (the same array when unchanged).
      window.addEventListener(event, onChange);
      window.addEventListener("storage", onChange);
      return () => {
        window.removeEventListener(event, onChange);
        window.removeEventListener("storage", onChange);
      };
    },
  };
}

export const favoritesStore = idListStore(FAVORITES_KEY, FAVORITES_MAX);
/** The compare list (issue 22): toggled on cards and property pages, read by /compare without ids. */
export const compareStore = idListStore(COMPARE_KEY, COMPARE_MAX);

export const readFavorites = favoritesStore.read;
export const toggleFavorite = favoritesStore.toggle;
export const subscribeFavorites = favoritesStore.subscribe;
