import { startTransition, useEffect, useState, type ReactNode } from "react";
import { compareStore, favoritesStore, type IdListStore } from "~/lib/favorites-store";

export interface FavoriteLabels {
  /** «В избранное» — the button's name (with the property's title); aria-pressed says whether it is on. */
  add: string;
  /** Said when the list is full (FAVORITES_MAX). */
  full: string;
  /** «Сравнить» — the compare toggle's name (with the title). */
  compare: string;
  /** Said when the compare list is full (COMPARE_MAX). */
  compareFull: string;
}

/**
 * A toggle button (aria-pressed) over one of the browser's id lists. The
 * server renders an empty box of the same size: the list lives in the
 * browser, and without JavaScript a button that does nothing would mislead.
 */
function ListToggle({
  store,
  id,
  name,
  full,
  className,
  icon,
}: {
  store: IdListStore;
  id: string;
  name: string;
  full: string;
  className: string;
  icon: ReactNode;
}) {
  // Read after hydration, as a transition: useSyncExternalStore's server value (none) differs from the browser's,
  // and React then finishes hydrating the whole page in one blocking task (~100 ms of Lighthouse's TBT).
  const [ids, setIds] = useState<readonly string[] | null>(null);
  useEffect(() => {
    const read = () => startTransition(() => setIds(store.read()));
    read();
    return store.subscribe(read);
  }, [store]);
  const box = `inline-flex size-11 items-center justify-center rounded-full ${className}`;
  if (ids === null) return <span className={box} aria-hidden="true" />;
  const on = ids.includes(id);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={name}
      title={name}
      onClick={() => {
        if (!store.toggle(id)) alert(full);
      }}
      className={`${box} bg-white/95 shadow ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600`}
    >
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill={on ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2">
        {icon}
      </svg>
    </button>
  );
}

/** The heart of a property card or page (issue 22): the browser's favourites. */
export function FavoriteButton({ id, title, labels, className = "" }: { id: string; title: string; labels: FavoriteLabels; className?: string }) {
  return (
    <ListToggle
      store={favoritesStore}
      id={id}
      name={`${labels.add}: ${title}`}
      full={labels.full}
      className={`text-red-600 hover:bg-red-50 ${className}`}
      icon={<path d="M12 21s-7.5-4.6-9.5-9.1C1 8.4 3.2 4.5 7 4.5c2.1 0 3.6 1.1 5 3 1.4-1.9 2.9-3 5-3 3.8 0 6 3.9 4.5 7.4C19.5 16.4 12 21 12 21z" />}
    />
  );
}

/** «Сравнить» beside the heart (issue 22): the browser's compare list, at most COMPARE_MAX; /compare shows it. */
export function CompareButton({ id, title, labels, className = "" }: { id: string; title: string; labels: FavoriteLabels; className?: string }) {
  return (
    <ListToggle
      store={compareStore}
      id={id}
      name={`${labels.compare}: ${title}`}
      full={labels.compareFull}
      className={`text-sea-700 hover:bg-sea-50 ${className}`}
      // Two bars of a chart, filled when on.
      icon={<path d="M5 20V10h5v10zm9 0V4h5v16z" />}
    />
  );
}
