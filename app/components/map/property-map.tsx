import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentProps, type ComponentType } from "react";
import { Link } from "react-router";
import type { Dictionary, Lang } from "~/i18n";
import type { MapTiles } from "~/lib/geo/tiles";
import type PointMapView from "./point-map";

/**
 * «На карте» on the property page (issue 21): a frame of fixed size whose map
 * (Leaflet and tiles) loads only when the visitor scrolls near it, and
 * «Показать на карте» — the listing's map around this place, with what else
 * is for sale there (`mapHref`, made by the loader: mapAroundHref in
 * app/lib/listing-query.ts, whose code this page then does not load).
 */
export function PropertyMap({
  lang,
  t,
  tiles,
  point,
  mapHref,
}: {
  lang: Lang;
  t: Dictionary;
  tiles: MapTiles;
  point: { lat: number; lng: number; precision: "exact" | "approximate" };
  mapHref: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  // The map's code failed to load this many times (issue 30): the frame says so and offers «Повторить» —
  // not the page's error screen. Not a shared helper (lazy-map.tsx): this page has no bytes to spare.
  const [failed, setFailed] = useState(0);
  const PointMap = useMemo(
    () =>
      lazy<ComponentType<ComponentProps<typeof PointMapView>>>(() =>
        import("./point-map").catch(() => {
          setFailed((n) => n + 1);
          setNear(false);
          return { default: () => null };
        }),
      ),
    [failed],
  );
  // The map (Leaflet and tiles) is fetched when the visitor scrolls it near, or asks for it: never with the page
  // itself, even on a screen tall enough to show the frame at once (the page's JavaScript budget, decision 0025).
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: "300px 0px" },
    );
    const start = () => observer.observe(element);
    // A visitor who scrolled before the page hydrated (a slow phone) has already asked: watch at once, or the map
    // would wait for a scroll that has happened.
    if (window.scrollY > 0) start();
    else window.addEventListener("scroll", start, { passive: true, once: true });
    return () => {
      window.removeEventListener("scroll", start);
      observer.disconnect();
    };
  }, []);
  return (
    <section className="mt-6" aria-labelledby="map-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="map-heading" className="text-xl font-semibold text-sea-900">
          {t.map.heading}
        </h2>
        <Link to={mapHref} className="inline-flex min-h-11 items-center font-semibold text-sea-700 underline">
          {t.map.showOnMap}
        </Link>
      </div>
      {point.precision === "approximate" ? <p className="mt-1 text-sm text-slate-700">{t.map.approximate}</p> : null}
      {/* isolate: Leaflet's panes (z-index 400+) stay under the page's fixed bars (the phones' contact bar). */}
      <div ref={frame} className="isolate mt-2 h-64 sm:h-80">
        {near ? (
          <Suspense fallback={<div data-optional-chunk="" className="h-full rounded-2xl bg-sea-50 ring-1 ring-slate-200" />}>
            <PointMap lang={lang} tiles={tiles} lat={point.lat} lng={point.lng} precision={point.precision} />
          </Suspense>
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-2 rounded-2xl bg-sea-50 p-4 text-center ring-1 ring-slate-200">
            {failed ? <p role="alert">{t.map.failed}</p> : null}
            {/* A second failure: maybe a new deployment without these files; a new page brings its own. */}
            <button
              type="button"
              onClick={() => (failed > 1 ? window.location.reload() : setNear(true))}
              className="min-h-11 rounded-lg bg-white px-4 font-semibold text-sea-800 shadow ring-1 ring-slate-300 hover:bg-sea-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600"
            >
              {failed ? t.map.retry : t.map.open}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
