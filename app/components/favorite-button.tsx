import { startTransition, useEffect, useState } from "react";
import { readFavorites, subscribeFavorites, toggleFavorite } from "~/lib/favorites-store";

export interface FavoriteLabels {
  /** «В избранное» — the button's name (with the property's title); aria-pressed says whether it is on. */
  add: string;
  /** Said when the list is full (FAVORITES_MAX). */
  full: string;
}

/**
 * The heart of a property card or page (issue 22): a toggle button
 * (aria-pressed) over the browser's favourites. The server renders an empty
 * box of the same size: the list lives in the browser, and without
 * JavaScript a button that does nothing would mislead.
 */
export function FavoriteButton({ id, title, labels, className = "" }: { id: string; title: string; labels: FavoriteLabels; className?: string }) {
  // Read after hydration, as a transition: useSyncExternalStore's server value (none) differs from the browser's,
  // and React then finishes hydrating the whole page in one blocking task (~100 ms of Lighthouse's TBT).
  const [ids, setIds] = useState<readonly string[] | null>(null);
  useEffect(() => {
    const read = () => startTransition(() => setIds(readFavorites()));
    read();
    return subscribeFavorites(read);
  }, []);
  const box = `inline-flex size-11 items-center justify-center rounded-full ${className}`;
  if (ids === null) return <span className={box} aria-hidden="true" />;
  const on = ids.includes(id);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={`${labels.add}: ${title}`}
      title={labels.add}
      onClick={() => {
        if (!toggleFavorite(id)) alert(labels.full);
      }}
      className={`${box} bg-white/95 text-red-600 shadow ring-1 ring-slate-200 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600`}
    >
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill={on ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2">
        <path d="M12 21s-7.5-4.6-9.5-9.1C1 8.4 3.2 4.5 7 4.5c2.1 0 3.6 1.1 5 3 1.4-1.9 2.9-3 5-3 3.8 0 6 3.9 4.5 7.4C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
