import { Suspense, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Dictionary, Lang } from "~/i18n";
import { listingHref, listingSearchParams, type ListingQuery } from "~/lib/listing-query";
import type { MapView } from "./listing-map";
import type { MapTiles } from "~/lib/geo/tiles";
import { useLazyMap } from "./lazy-map";

// Leaflet, supercluster and their styles (~45 KB brotli) load only when the map is opened (decision 0025).
const loadListingMap = () => import("./listing-map");

/** «Список | Карта»: two links, so the choice is in the URL (`view=map`) and works without JavaScript. */
export function ViewSwitch({ t, basePath, query }: { t: Dictionary; basePath: string; query: ListingQuery }) {
  const item = (view: ListingQuery["view"], label: string) => {
    const active = query.view === view;
    return (
      <Link
        to={listingHref(basePath, { ...query, view })}
        preventScrollReset
        aria-current={active ? "page" : undefined}
        className={`inline-flex min-h-11 items-center px-4 text-sm font-semibold first:rounded-l-lg last:rounded-r-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600 ${
          active ? "bg-sea-600 text-white" : "bg-white text-slate-800 hover:bg-sea-50"
        }`}
      >
        {label}
      </Link>
    );
  };
  return (
    <nav aria-label={t.map.switch} className="inline-flex rounded-lg ring-1 ring-slate-300">
      {item("list", t.map.list)}
      {item("map", t.map.map)}
    </nav>
  );
}

/**
 * The open map above the listing's cards. The server sends an empty frame of
 * the map's size (nothing moves when the map arrives); after hydration the
 * map's code is fetched. `locationId` is the page's own location (a
 * location page), which its URL does not carry.
 */
export function MapPanel({
  lang,
  t,
  tiles,
  basePath,
  query,
  locationId,
  home,
}: {
  lang: Lang;
  t: Dictionary;
  tiles: MapTiles;
  basePath: string;
  query: ListingQuery;
  locationId?: string;
  home: MapView | null;
}) {
  const navigate = useNavigate();
  const ListingMap = useLazyMap(loadListingMap, t.map);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // The whole filtered result, whatever the visible area: moving the map only re-clusters it.
  const params = listingSearchParams({ ...query, locationId: locationId ?? query.locationId, bbox: null, view: "list", sort: "default", page: 1 });
  params.set("lang", lang);
  const fallback = (
    <div
      data-optional-chunk=""
      className="flex h-full flex-col items-center justify-center gap-2 rounded-2xl bg-sea-50 p-4 text-center text-sm text-slate-700 ring-1 ring-slate-200"
    >
      {t.map.loading}
      <noscript>{t.map.noScript}</noscript>
    </div>
  );
  return (
    <section aria-label={t.map.map} className="mt-4 h-[65vh] max-h-[640px] min-h-80">
      {mounted ? (
        <Suspense fallback={fallback}>
          <ListingMap
            lang={lang}
            tiles={tiles}
            dataUrl={`/properties.geojson?${params}`}
            bbox={query.bbox}
            home={home}
            onArea={(bbox) => navigate(listingHref(basePath, { ...query, bbox, page: 1 }), { preventScrollReset: true })}
            onOpen={(url) => navigate(url)}
          />
        </Suspense>
      ) : (
        fallback
      )}
    </section>
  );
}
