import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { MapView } from "~/components/map/listing-map";
import { ADMIN } from "~/i18n/admin";
import { pointFromText } from "~/lib/geo/coordinates";
import type { MapTiles } from "~/lib/geo/tiles";
import { LOCATION_PRECISIONS } from "~/lib/property-facts";
import { Field, inputClass } from "./ui";

const T = ADMIN.map;

// Leaflet arrives with the map, after the form: the fields work before (and without) it.
const PinMap = lazy(() => import("~/components/map/pin-map"));

/** The Burgas bay: where the map starts for a new point with no location view to start from. */
const COAST: MapView = { lat: 42.45, lng: 27.6, zoom: 10 };

/** A typed coordinate pair, or null while either is empty or not a number in range. */
function typedPoint(latText: string, lngText: string): { lat: number; lng: number } | null {
  const lat = Number(latText.trim().replace(",", "."));
  const lng = Number(lngText.trim().replace(",", "."));
  if (latText.trim() === "" || lngText.trim() === "" || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/**
 * Where a property is (issue 21): a pin on a map (click, drag, or arrow keys),
 * latitude and longitude typed or filled from a pasted OpenStreetMap /
 * Google Maps link, and how exactly visitors may see it. The coordinates
 * post as plain fields, so this works without JavaScript too (the map and
 * the link box then do nothing).
 */
export function PointFields({
  value,
  errorOf,
  clear,
  precision = true,
  tiles,
  home,
}: {
  value: (name: string) => string;
  errorOf: (name: string) => string | undefined;
  clear: (name: string) => void;
  /** Locations have a map centre, not a precision. */
  precision?: boolean;
  tiles: MapTiles;
  /** Where the map starts when there is no point yet (the property's location). */
  home?: MapView | null;
}) {
  const [lat, lng] = precision ? (["lat", "lng"] as const) : (["map_lat", "map_lng"] as const);
  const latRef = useRef<HTMLInputElement>(null);
  const lngRef = useRef<HTMLInputElement>(null);
  const zoomRef = useRef<HTMLInputElement>(null);
  const [linkNote, setLinkNote] = useState<string | null>(null);
  const [point, setPoint] = useState(() => typedPoint(value(lat), value(lng)));
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  function setFields(next: { lat: number; lng: number }) {
    if (!latRef.current || !lngRef.current) return;
    latRef.current.value = String(next.lat);
    lngRef.current.value = String(next.lng);
    clear(lat);
    setPoint(next);
  }

  function fromLink(text: string) {
    if (text.trim() === "") return setLinkNote(null);
    const found = pointFromText(text);
    if (!found) return setLinkNote(T.linkUnreadable);
    setFields(found);
    setLinkNote(T.linkRead(found.lat, found.lng));
  }

  const typed = () => {
    clear(lat);
    setPoint(typedPoint(latRef.current?.value ?? "", lngRef.current?.value ?? ""));
  };
  const zoom = Number(value("map_zoom"));
  // Where the map first looks: the point (a property close up, a location at its own zoom), else the location, else the coast.
  const start: MapView = point ? { ...point, zoom: precision ? 16 : zoom >= 1 && zoom <= 19 ? zoom : 13 } : (home ?? COAST);

  return (
    <fieldset className="grid gap-4 rounded-xl p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{precision ? T.legend : T.locationLegend}</legend>
      <div className="sm:col-span-2 lg:col-span-3">
        <label htmlFor={`${lat}-link`} className="text-sm font-medium text-slate-800">
          {T.link}
        </label>
        <input
          id={`${lat}-link`}
          type="url"
          inputMode="url"
          placeholder="https://www.openstreetmap.org/#map=17/42.4195/27.6960"
          aria-describedby={`${lat}-link-note`}
          className={inputClass}
          onChange={(e) => fromLink(e.currentTarget.value)}
        />
        <p id={`${lat}-link-note`} className="mt-1 text-xs text-slate-600" aria-live="polite">
          {linkNote ?? T.linkHint}
        </p>
      </div>
      <div className="sm:col-span-2 lg:col-span-3">
        <p id={`${lat}-map-hint`} className="mb-2 text-xs text-slate-600">
          {T.mapHint}
        </p>
        {mounted ? (
          <Suspense fallback={<div className="h-72 rounded-xl bg-slate-100 ring-1 ring-slate-200 sm:h-96" />}>
            <PinMap
              tiles={tiles}
              point={point}
              start={start}
              onPick={setFields}
              onZoom={
                precision
                  ? undefined
                  : (z) => {
                      if (zoomRef.current) zoomRef.current.value = String(z);
                      clear("map_zoom");
                    }
              }
            />
          </Suspense>
        ) : (
          <div className="h-72 rounded-xl bg-slate-100 ring-1 ring-slate-200 sm:h-96" />
        )}
      </div>
      <Field label={T.lat} name={lat} error={errorOf(lat)}>
        {(props) => <input {...props} ref={latRef} name={lat} inputMode="decimal" defaultValue={value(lat)} className={inputClass} onInput={typed} />}
      </Field>
      <Field label={T.lng} name={lng} error={errorOf(lng)}>
        {(props) => <input {...props} ref={lngRef} name={lng} inputMode="decimal" defaultValue={value(lng)} className={inputClass} onInput={typed} />}
      </Field>
      {precision ? (
        <Field label={T.precision} name="location_precision" error={errorOf("location_precision")}>
          {(props) => (
            <select {...props} name="location_precision" defaultValue={value("location_precision") || "exact"} className={inputClass}>
              {LOCATION_PRECISIONS.map((p) => (
                <option key={p} value={p}>
                  {T.precisions[p]}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <Field label={T.zoom} name="map_zoom" error={errorOf("map_zoom")}>
          {(props) => (
            <input
              {...props}
              ref={zoomRef}
              name="map_zoom"
              inputMode="numeric"
              defaultValue={value("map_zoom")}
              className={inputClass}
              onInput={() => clear("map_zoom")}
            />
          )}
        </Field>
      )}
    </fieldset>
  );
}
