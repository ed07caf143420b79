import L from "leaflet";
import { useEffect, useRef } from "react";
import { createBaseMap } from "./base-map";
import { MAP_LABELS } from "./labels";
import type { MapView } from "./listing-map";
import type { MapTiles } from "~/lib/geo/tiles";

export interface Point {
  lat: number;
  lng: number;
}

/** Coordinates as the form keeps them: 6 decimals (~10 cm), enough for a house and short to read. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;
/** Arrow keys move the pin this many screen pixels (with Shift: five times as far). */
const STEP_PX = 10;

/**
 * The administrator's pin (issue 21): a click on the map or a drag of the
 * pin sets the point; with the pin focused, the arrow keys move it (Shift:
 * faster), so the keyboard alone can place it. Typed coordinates move the
 * pin the other way (the `point` prop). `onZoom` reports the map's zoom
 * (a location's map view).
 */
export default function PinMap({
  tiles,
  point,
  start,
  onPick,
  onZoom,
}: {
  tiles: MapTiles;
  point: Point | null;
  /** Where the map first looks. */
  start: MapView;
  onPick: (point: Point) => void;
  onZoom?: (zoom: number) => void;
}) {
  const labels = MAP_LABELS.ru;
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const live = useRef({ onPick, onZoom });
  live.current = { onPick, onZoom };

  useEffect(() => {
    const m = createBaseMap(element.current!, { tiles, labels, ariaLabel: labels.pinMap });
    map.current = m;
    m.setView([start.lat, start.lng], start.zoom, { animate: false });
    const icon = L.divIcon({ className: "", html: "", iconSize: [32, 32], iconAnchor: [16, 32] });
    const marker = L.marker(point ?? m.getCenter(), { icon, draggable: true, keyboard: true, autoPan: true });
    pin.current = marker;
    const pick = (at: L.LatLng) => {
      marker.setLatLng(at);
      if (!m.hasLayer(marker)) marker.addTo(m);
      live.current.onPick({ lat: round(at.lat), lng: round(at.lng) });
    };
    marker.on("add", () => {
      const el = marker.getElement();
      if (!el) return;
      const shape = document.createElement("span");
      shape.className = "block size-8 rotate-45 rounded-full rounded-br-none bg-red-600 ring-4 ring-white shadow-md";
      el.replaceChildren(shape);
      el.setAttribute("aria-label", labels.pin);
      el.addEventListener("keydown", (event) => {
        const step = event.shiftKey ? STEP_PX * 5 : STEP_PX;
        const move = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
        if (!move) return;
        // The map's own arrow-key panning stays for when the map, not the pin, has focus.
        event.preventDefault();
        event.stopPropagation();
        const at = m.containerPointToLatLng(m.latLngToContainerPoint(marker.getLatLng()).add(L.point(move[0]!, move[1]!)));
        pick(at);
        if (!m.getBounds().pad(-0.1).contains(at)) m.panTo(at);
      });
    });
    if (point) marker.addTo(m);
    marker.on("dragend", () => pick(marker.getLatLng()));
    m.on("click", (event: L.LeafletMouseEvent) => pick(event.latlng));
    m.on("zoomend", () => live.current.onZoom?.(m.getZoom()));
    return () => {
      m.remove();
      map.current = null;
    };
    // created once; typed coordinates arrive through the effect below
  }, []);

  // Coordinates typed or pasted into the form move the pin (and the map, when the pin would be out of sight).
  useEffect(() => {
    const m = map.current;
    const marker = pin.current;
    if (!m || !marker || !point) return;
    const current = marker.getLatLng();
    if (m.hasLayer(marker) && round(current.lat) === point.lat && round(current.lng) === point.lng) return;
    marker.setLatLng([point.lat, point.lng]);
    if (!m.hasLayer(marker)) marker.addTo(m);
    if (!m.getBounds().contains([point.lat, point.lng])) m.setView([point.lat, point.lng], Math.max(m.getZoom(), 15), { animate: false });
  }, [point?.lat, point?.lng]); // keyed by the numbers

  return <div ref={element} data-testid="pin-map" className="h-72 w-full rounded-xl ring-1 ring-slate-200 sm:h-96" />;
}
