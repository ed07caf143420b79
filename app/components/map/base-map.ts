import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./map.css";
import type { BBox } from "~/lib/geo/bbox";
import type { MapLabels } from "./labels";
import { attributionHtml, type MapTiles } from "~/lib/geo/tiles";

// Client-only (Leaflet reads `window` when imported): every module that imports
// this one is loaded lazily, when a map opens (decision 0025).

/** Deepest zoom of OpenStreetMap's standard tiles. */
export const MAX_ZOOM = 19;

/** A Leaflet map with the configured tiles, the credit, and zoom buttons in the page's language. */
export function createBaseMap(
  element: HTMLElement,
  { tiles, labels, ariaLabel, keyboard = true }: { tiles: MapTiles; labels: MapLabels; ariaLabel: string; keyboard?: boolean },
): L.Map {
  // `keyboard`: the map itself is a Tab stop whose arrow keys pan it (off for a small map with a link to a bigger one).
  const map = L.map(element, { zoomControl: false, attributionControl: false, maxZoom: MAX_ZOOM, worldCopyJump: false, keyboard });
  L.control.zoom({ zoomInTitle: labels.zoomIn, zoomOutTitle: labels.zoomOut }).addTo(map);
  L.control.attribution({ prefix: '<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>' }).addTo(map);
  L.tileLayer(tiles.url, { maxZoom: MAX_ZOOM, attribution: attributionHtml(tiles.attribution), crossOrigin: false }).addTo(map);
  // The container is focusable (arrows pan, +/- zoom): give it a name screen readers announce.
  element.setAttribute("role", "region");
  element.setAttribute("aria-label", ariaLabel);
  return map;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** The visible area as a bbox filter (clamped to the world, so a zoomed-out view is still a valid bbox). */
export function visibleBBox(map: L.Map): BBox {
  const b = map.getBounds();
  return { west: clamp(b.getWest(), -180, 180), south: clamp(b.getSouth(), -90, 90), east: clamp(b.getEast(), -180, 180), north: clamp(b.getNorth(), -90, 90) };
}

export function boundsOf(box: BBox): L.LatLngBoundsExpression {
  return [
    [box.south, box.west],
    [box.north, box.east],
  ];
}
