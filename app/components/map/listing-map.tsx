import L from "leaflet";
import { useEffect, useRef, useState } from "react";
import Supercluster from "supercluster";
import type { Lang } from "~/i18n";
import { formatBBox, type BBox } from "~/lib/geo/bbox";
import { boundsOf, createBaseMap, MAX_ZOOM, visibleBBox } from "./base-map";
import { MAP_LABELS } from "./labels";
import {
  clusterMarker,
  complexClusterMarker,
  complexMarker,
  complexPopup,
  priceMarker,
  propertyList,
  propertyPopup,
  type ComplexPointProperties,
  type PointProperties,
} from "./price-marker";
import type { MapTiles } from "~/lib/geo/tiles";

type PointFeature = GeoJSON.Feature<GeoJSON.Point, PointProperties>;
type ComplexFeature = GeoJSON.Feature<GeoJSON.Point, ComplexPointProperties>;
interface Collection {
  /** Properties, and the complexes of their units (issue 33: `kind: "complex"`). */
  features: (PointFeature | ComplexFeature)[];
  truncated?: boolean;
}

export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

export interface ListingMapProps {
  lang: Lang;
  tiles: MapTiles;
  /** /properties.geojson with the listing's filters, without bbox: the map holds the whole result and clusters it here. */
  dataUrl: string;
  /** The area in the URL: set, the map shows it and «search as the map moves» is on. */
  bbox: BBox | null;
  /** Where to look when there is no bbox and no point: the location's own view, else the coast. */
  home: MapView | null;
  /** A new area (null: stop filtering by area) — the page writes it to the URL. */
  onArea: (bbox: BBox | null) => void;
  /** A card's link was followed. */
  onOpen: (url: string) => void;
}

/** The Burgas bay, from Pomorie to Primorsko: where the catalogue is. */
const COAST: MapView = { lat: 42.45, lng: 27.6, zoom: 9 };
/**
 * Clusters as wide as a price pill: supercluster's radius is in 1/512 of a
 * tile and Leaflet's tiles are 256 px, so 120 is 60 px on screen. They hold
 * up to the deepest zoom: flats of one building share a point and are never
 * drawn on top of each other (that cluster opens a list instead).
 */
const CLUSTER_OPTIONS = { radius: 120, maxZoom: MAX_ZOOM } as const;
/** The most properties one point's list shows (a building's flats); the rest are in the list below the map. */
const LIST_LIMIT = 30;

/**
 * The listing's map (issue 21): every property of the filtered result as
 * clustered markers (supercluster: 10 000+ points stay smooth, decision
 * 0025), a card in each popup, and «search as the map moves» writing the
 * visible area to the URL. Loaded lazily by MapPanel; the cards below the
 * map are its list alternative.
 */
export default function ListingMap({ lang, tiles, dataUrl, bbox, home, onArea, onOpen }: ListingMapProps) {
  const labels = MAP_LABELS[lang];
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  /** The markers on the map, by cluster or property id. */
  const shown = useRef(new Map<string, L.Marker>());
  const index = useRef<Supercluster<PointProperties> | null>(null);
  /** The complexes (issue 33): their own markers and clusters, never merged with properties'. */
  const complexIndex = useRef<Supercluster<ComplexPointProperties> | null>(null);
  const dataBounds = useRef<L.LatLngBounds | null>(null);
  /** Whether the data has complexes: their labels (a name) are wider than a price. */
  const withComplexes = useRef(false);
  // Moves made by code (fitting the data or the URL's area) are not the visitor's: they write nothing to the URL.
  const quiet = useRef(false);
  const [result, setResult] = useState<{ state: "loading" | "failed" } | { state: "ready"; count: number; truncated: boolean }>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  // «Search as the map moves» is on while the URL has an area; ticked, it shows at once (the URL follows a moment later).
  const [searching, setSearching] = useState(bbox !== null);
  useEffect(() => setSearching(bbox !== null), [bbox !== null]);
  const bboxKey = bbox ? formatBBox(bbox) : "";
  // The handlers Leaflet calls read the latest props from here.
  const live = useRef({ bbox, home, onArea, onOpen, searching });
  live.current = { bbox, home, onArea, onOpen, searching };

  const moveQuietly = (move: (m: L.Map) => void) => {
    if (!map.current) return;
    quiet.current = true;
    try {
      move(map.current);
    } finally {
      quiet.current = false;
    }
  };

  /**
   * Draws the clusters and markers of the visible area (and a margin). Markers
   * already on the map stay (a marker's open card would close if its marker
   * were replaced); only those that left the area or merged are removed.
   */
  const draw = () => {
    const m = map.current;
    const points = index.current;
    if (!m || !points) return;
    const area = m.getBounds().pad(0.25);
    const box: [number, number, number, number] = [
      Math.max(-180, area.getWest()),
      Math.max(-90, area.getSouth()),
      Math.min(180, area.getEast()),
      Math.min(90, area.getNorth()),
    ];
    const wanted = new Map<string, () => L.Marker>();
    for (const feature of points.getClusters(box, Math.round(m.getZoom()))) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties as PointProperties | Supercluster.ClusterProperties;
      if ("cluster" in props && props.cluster) {
        wanted.set(`c${props.cluster_id}`, () => {
          const zoom = points.getClusterExpansionZoom(props.cluster_id);
          const marker = clusterMarker(
            lat,
            lng,
            props.point_count,
            zoom > MAX_ZOOM ? labels.clusterList(props.point_count) : labels.cluster(props.point_count),
          );
          // Properties that stay together at the deepest zoom (one building) open as a list of cards.
          if (zoom > MAX_ZOOM) {
            const leaves = points.getLeaves(props.cluster_id, LIST_LIMIT).map((leaf) => leaf.properties);
            return marker.bindPopup(() => propertyList(leaves, labels, lang, (url) => live.current.onOpen(url)), { maxWidth: 280, autoPanPadding: [16, 16] });
          }
          return marker.on("click", (event: L.LeafletMouseEvent) => {
            m.setView([lat, lng], zoom);
            // Pressed with a key: the cluster is gone after the zoom, so the focus goes to the map (Tab: its markers).
            if (event.originalEvent instanceof KeyboardEvent) m.getContainer().focus({ preventScroll: true });
          });
        });
      } else {
        const p = props as PointProperties;
        wanted.set(`p${p.id}`, () =>
          priceMarker(lat, lng, p, labels, lang).bindPopup(() => propertyPopup(p, labels, lang, (url) => live.current.onOpen(url)), {
            minWidth: 224,
            maxWidth: 240,
            autoPanPadding: [16, 16],
          }),
        );
      }
    }
    for (const feature of complexIndex.current?.getClusters(box, Math.round(m.getZoom())) ?? []) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties as ComplexPointProperties | Supercluster.ClusterProperties;
      if ("cluster" in props && props.cluster) {
        wanted.set(`kc${props.cluster_id}`, () => {
          const zoom = Math.min(MAX_ZOOM, complexIndex.current!.getClusterExpansionZoom(props.cluster_id));
          return complexClusterMarker(lat, lng, props.point_count, labels.complexCluster(props.point_count)).on("click", () => m.setView([lat, lng], zoom));
        });
      } else {
        const c = props as ComplexPointProperties;
        wanted.set(`k${c.id}`, () =>
          complexMarker(lat, lng, c, labels).bindPopup(() => complexPopup(c, labels, lang, (url) => live.current.onOpen(url)), {
            minWidth: 224,
            maxWidth: 240,
            autoPanPadding: [16, 16],
          }),
        );
      }
    }
    for (const [key, marker] of shown.current) {
      if (!wanted.has(key)) {
        marker.remove();
        shown.current.delete(key);
      }
    }
    for (const [key, make] of wanted) {
      if (!shown.current.has(key)) shown.current.set(key, make().addTo(m));
    }
  };

  /** Takes every marker off (the data changed: cluster ids mean other things now). */
  const clear = () => {
    for (const marker of shown.current.values()) marker.remove();
    shown.current.clear();
  };

  const fitToData = () => {
    const bounds = dataBounds.current;
    const fallback = live.current.home ?? COAST;
    moveQuietly((m) =>
      bounds
        ? // Labels are centred on their point: room for half of the widest at each side (a complex's name, issue 33; a price pill ~70 px).
          m.fitBounds(bounds, { padding: [withComplexes.current ? 72 : 40, 32], maxZoom: 16, animate: false })
        : m.setView([fallback.lat, fallback.lng], fallback.zoom, { animate: false }),
    );
  };

  // The map itself, once.
  useEffect(() => {
    const m = createBaseMap(element.current!, { tiles, labels, ariaLabel: labels.region });
    map.current = m;
    const start = live.current.bbox;
    const fallback = live.current.home ?? COAST;
    moveQuietly((m) => (start ? m.fitBounds(boundsOf(start), { animate: false }) : m.setView([fallback.lat, fallback.lng], fallback.zoom, { animate: false })));
    m.on("moveend", () => {
      draw();
      if (!quiet.current && live.current.searching) live.current.onArea(visibleBBox(m));
    });
    // A keyboard user who opens a card lands on its link.
    m.on("popupopen", (event) => (event.popup.getElement()?.querySelector("a[href]:not(.leaflet-popup-close-button)") as HTMLElement | null)?.focus());
    // Esc closes an open card wherever the focus is in the map (Leaflet's own Esc works only with the map itself
    // focused, not the card's link), and the focus goes back to its marker (issue 30).
    m.getContainer().addEventListener("keydown", (event) => {
      const popup = (m as unknown as { _popup?: L.Popup })._popup;
      if (event.key !== "Escape" || !popup || !m.hasLayer(popup)) return;
      event.preventDefault();
      const source = (popup as unknown as { _source?: L.Marker })._source;
      m.closePopup();
      (source?.getElement?.() ?? m.getContainer()).focus({ preventScroll: true });
    });
    return () => {
      m.remove();
      map.current = null;
    };
    // created once; later changes arrive through the effects below
  }, []);

  // The result: fetched again only when the filters change (moving the map re-clusters what is here).
  useEffect(() => {
    const controller = new AbortController();
    setResult({ state: "loading" });
    fetch(dataUrl, { signal: controller.signal, headers: { Accept: "application/geo+json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const collection = (await response.json()) as Collection;
        const isComplex = (f: PointFeature | ComplexFeature): f is ComplexFeature => (f.properties as { kind?: string }).kind === "complex";
        const properties = collection.features.filter((f): f is PointFeature => !isComplex(f));
        index.current = new Supercluster<PointProperties>(CLUSTER_OPTIONS).load(properties);
        complexIndex.current = new Supercluster<ComplexPointProperties>(CLUSTER_OPTIONS).load(collection.features.filter(isComplex));
        clear();
        withComplexes.current = collection.features.some(isComplex);
        dataBounds.current = collection.features.length
          ? L.latLngBounds(collection.features.map((f) => [f.geometry.coordinates[1]!, f.geometry.coordinates[0]!] as [number, number]))
          : null;
        if (!live.current.bbox) fitToData();
        draw();
        setResult({ state: "ready", count: properties.length, truncated: collection.truncated === true });
      })
      .catch(() => {
        if (!controller.signal.aborted) setResult({ state: "failed" });
      });
    return () => controller.abort();
    // draw and fitToData read refs
  }, [dataUrl, attempt]);

  // The URL's area changed (back/forward, a shared link): show it, unless the map is already there.
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (bbox && formatBBox(visibleBBox(m)) !== bboxKey) moveQuietly((m) => m.fitBounds(boundsOf(bbox), { animate: false }));
    else if (!bbox && index.current) fitToData();
    // keyed by the area's text
  }, [bboxKey]);

  return (
    <div className="flex h-full flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 has-[:checked]:bg-sea-50 has-[:checked]:ring-sea-600">
          <input
            type="checkbox"
            className="size-5 accent-sea-600"
            checked={searching}
            onChange={(event) => {
              const on = event.currentTarget.checked && map.current !== null;
              setSearching(on);
              onArea(on ? visibleBBox(map.current!) : null);
            }}
          />
          {labels.searchOnMove}
        </label>
        <p className="text-sm text-slate-700" aria-live="polite">
          {result.state === "failed" ? (
            <>
              {labels.failed}{" "}
              <button type="button" className="min-h-11 px-2 font-semibold text-sea-700 underline" onClick={() => setAttempt((n) => n + 1)}>
                {labels.retry}
              </button>
            </>
          ) : result.state === "ready" && result.truncated ? (
            labels.truncated(result.count)
          ) : result.state === "ready" && result.count === 0 ? (
            labels.noPoints
          ) : null}
        </p>
      </div>
      <div ref={element} data-testid="listing-map" className="min-h-0 flex-1 rounded-2xl ring-1 ring-slate-200" />
    </div>
  );
}
