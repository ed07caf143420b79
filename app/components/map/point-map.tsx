import L from "leaflet";
import { useEffect, useRef } from "react";
import type { Lang } from "~/i18n";
import { createBaseMap } from "./base-map";
import { MAP_LABELS } from "./labels";
import type { MapTiles } from "~/lib/geo/tiles";

/** The area an approximate property is shown as: it always holds the real point (the public point is 100–250 m from it, decision 0025). */
export const APPROXIMATE_RADIUS_M = 300;

/**
 * The property page's small map (issue 21): a marker at the property, or —
 * when its place is approximate — a 300 m circle around its public point and
 * no marker. Loaded lazily by PropertyMap when the visitor scrolls near it.
 */
export default function PointMap({
  lang,
  tiles,
  lat,
  lng,
  precision,
}: {
  lang: Lang;
  tiles: MapTiles;
  lat: number;
  lng: number;
  precision: "exact" | "approximate";
}) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const labels = MAP_LABELS[lang];
    // One-finger drags scroll the page past a small map; two fingers move it (Leaflet's touch zoom still works).
    // Not a Tab stop of its own: keyboards go to «Показать на карте», the listing's map, instead.
    const map = createBaseMap(element.current!, { tiles, labels, ariaLabel: labels.propertyRegion, keyboard: false });
    map.scrollWheelZoom.disable();
    if (L.Browser.mobile) map.dragging.disable();
    if (precision === "approximate") {
      L.circle([lat, lng], { radius: APPROXIMATE_RADIUS_M, color: "#0e7490", weight: 2, fillOpacity: 0.15 }).addTo(map);
      map.fitBounds(L.latLng(lat, lng).toBounds(APPROXIMATE_RADIUS_M * 2), { padding: [16, 16], animate: false });
    } else {
      // The view first: Leaflet adds layers to a map without one only later (whenReady), so the marker's
      // element would not exist yet to be filled; and the pin is filled on "add", whenever that comes (issue 30).
      map.setView([lat, lng], 16, { animate: false });
      const icon = L.divIcon({ className: "", html: "", iconSize: [28, 28], iconAnchor: [14, 28] });
      const marker = L.marker([lat, lng], { icon, keyboard: false, interactive: false });
      marker.on("add", () => {
        const pin = document.createElement("span");
        pin.className = "block size-7 rounded-full rounded-br-none bg-sea-700 ring-4 ring-white shadow-md rotate-45";
        marker.getElement()?.replaceChildren(pin);
      });
      marker.addTo(map);
    }
    return () => {
      map.remove();
    };
  }, [lang, tiles, lat, lng, precision]);
  return <div ref={element} data-testid="property-map" className="h-full w-full rounded-2xl ring-1 ring-slate-200" />;
}
