import { useRef, useState } from "react";
import { ADMIN } from "~/i18n/admin";
import { pointFromText } from "~/lib/geo/coordinates";
import { LOCATION_PRECISIONS } from "~/lib/property-facts";
import { Field, inputClass } from "./ui";

const T = ADMIN.map;

/**
 * Where a property is (issue 21): latitude and longitude, typed or filled
 * from a pasted OpenStreetMap / Google Maps link, and how exactly visitors
 * may see it. The coordinates post as plain fields, so this works without
 * JavaScript too (the link box then does nothing).
 */
export function PointFields({
  value,
  errorOf,
  clear,
  precision = true,
}: {
  value: (name: string) => string;
  errorOf: (name: string) => string | undefined;
  clear: (name: string) => void;
  /** Locations have a map centre, not a precision. */
  precision?: boolean;
}) {
  const [lat, lng] = precision ? (["lat", "lng"] as const) : (["map_lat", "map_lng"] as const);
  const latRef = useRef<HTMLInputElement>(null);
  const lngRef = useRef<HTMLInputElement>(null);
  const [linkNote, setLinkNote] = useState<string | null>(null);

  function fromLink(text: string) {
    if (text.trim() === "") return setLinkNote(null);
    const point = pointFromText(text);
    if (!point || !latRef.current || !lngRef.current) return setLinkNote(T.linkUnreadable);
    latRef.current.value = String(point.lat);
    lngRef.current.value = String(point.lng);
    clear(lat);
    setLinkNote(T.linkRead(point.lat, point.lng));
  }

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
      <Field label={T.lat} name={lat} error={errorOf(lat)}>
        {(props) => (
          <input {...props} ref={latRef} name={lat} inputMode="decimal" defaultValue={value(lat)} className={inputClass} onInput={() => clear(lat)} />
        )}
      </Field>
      <Field label={T.lng} name={lng} error={errorOf(lng)}>
        {(props) => (
          <input {...props} ref={lngRef} name={lng} inputMode="decimal" defaultValue={value(lng)} className={inputClass} onInput={() => clear(lat)} />
        )}
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
            <input {...props} name="map_zoom" inputMode="numeric" defaultValue={value("map_zoom")} className={inputClass} onInput={() => clear("map_zoom")} />
          )}
        </Field>
      )}
    </fieldset>
  );
}
