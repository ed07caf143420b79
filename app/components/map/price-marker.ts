import L from "leaflet";
import type { Lang } from "~/i18n";
import { formatPrice } from "~/i18n/format";
import type { MapLabels } from "./labels";

/** What /properties.geojson says of one property (app/routes/resources/properties-geojson.ts). */
export interface PointProperties {
  id: string;
  title: string;
  price: number | null;
  status: "available" | "reserved" | "sold";
  url: string;
  precision: "exact" | "approximate";
  image: string | null;
}

/** «85 тыс. €» / «85 хил. €»: short enough for a marker. */
export function shortPrice(price: number, lang: Lang): string {
  return `${new Intl.NumberFormat(lang, { notation: "compact", maximumFractionDigits: price >= 1_000_000 ? 1 : 0 }).format(price)}\u00a0€`;
}

const PILL = "inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-bold shadow ring-1 ring-white";
const PILL_COLOURS = { available: "bg-sea-700 text-white", reserved: "bg-amber-300 text-amber-950", sold: "bg-slate-700 text-white" } as const;

/**
 * Enter and Space on a focused marker (a button to screen readers) do what a
 * click does: Leaflet itself only opens a bound popup on Enter, and ignores
 * both keys on a cluster, whose click zooms in (issue 30). The keydown's
 * default is prevented, so Leaflet's own Enter (keypress) does not toggle the
 * popup shut again.
 */
function pressable(marker: L.Marker, element: HTMLElement): void {
  element.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    event.stopPropagation();
    marker.fire("click", { latlng: marker.getLatLng(), originalEvent: event });
  });
}

/** A property's marker: its price on a pill, coloured by status; a button for keyboards and screen readers. */
export function priceMarker(lat: number, lng: number, p: PointProperties, labels: MapLabels, lang: Lang): L.Marker {
  // «По запросу» in words, as on the cards: a bare «€» says nothing (issue 30).
  const text = p.price === null ? labels.priceOnRequest : shortPrice(p.price, lang);
  const icon = L.divIcon({ className: "", html: "", iconSize: undefined });
  const marker = L.marker([lat, lng], { icon, keyboard: true, riseOnHover: true });
  marker.on("add", () => {
    const element = marker.getElement();
    if (!element) return;
    const pill = document.createElement("span");
    pill.className = `${PILL} ${PILL_COLOURS[p.status]} -translate-x-1/2 -translate-y-1/2`;
    pill.textContent = text;
    element.replaceChildren(pill);
    const status = p.status === "available" ? "" : `, ${labels.status[p.status]}`;
    element.setAttribute("aria-label", `${p.title}, ${p.price === null ? labels.priceOnRequest : formatPrice(p.price, lang)}${status}`);
    pressable(marker, element);
  });
  return marker;
}

/** A cluster's marker: how many properties are there (`label` says what a press does). */
export function clusterMarker(lat: number, lng: number, count: number, label: string): L.Marker {
  const size = count < 10 ? 36 : count < 100 ? 42 : count < 1000 ? 50 : 58;
  const icon = L.divIcon({ className: "", html: "", iconSize: [size, size] });
  const marker = L.marker([lat, lng], { icon, keyboard: true });
  marker.on("add", () => {
    const element = marker.getElement();
    if (!element) return;
    const bubble = document.createElement("span");
    bubble.className = "flex size-full items-center justify-center rounded-full bg-sea-600/90 text-sm font-bold text-white shadow-md ring-4 ring-sea-200/80";
    bubble.textContent = count >= 10_000 ? `${Math.round(count / 1000)}k` : String(count);
    element.replaceChildren(bubble);
    element.setAttribute("aria-label", label);
    pressable(marker, element);
  });
  return marker;
}

/**
 * A marker's popup: the property's card — photo, title, price, status and a
 * link. Built from DOM nodes with textContent: titles come from the
 * catalogue and are never read as markup.
 */
export function propertyPopup(p: PointProperties, labels: MapLabels, lang: Lang, open: (url: string) => void): HTMLElement {
  const link = document.createElement("a");
  link.href = p.url;
  link.className = "block w-56 text-slate-900 no-underline focus-visible:outline-2 focus-visible:outline-sea-600";
  if (p.image) {
    const img = document.createElement("img");
    img.src = p.image;
    img.alt = "";
    img.width = 224;
    img.height = 150;
    img.decoding = "async";
    img.className = "mb-2 h-[150px] w-56 rounded-lg bg-slate-100 object-cover";
    img.addEventListener("error", () => img.remove(), { once: true });
    link.append(img);
  }
  const title = document.createElement("span");
  title.className = "line-clamp-2 block text-sm font-semibold";
  title.textContent = p.title;
  const price = document.createElement("span");
  price.className = "mt-1 block text-base font-bold text-sea-700";
  price.textContent = p.price === null ? labels.priceOnRequest : formatPrice(p.price, lang);
  link.append(title, price);
  if (p.status !== "available") {
    const badge = document.createElement("span");
    badge.className = `mt-1 inline-block rounded px-2 py-0.5 text-xs font-bold ${PILL_COLOURS[p.status]}`;
    badge.textContent = labels.status[p.status];
    link.append(badge);
  }
  const more = document.createElement("span");
  more.className = "mt-1 block text-sm font-semibold text-sea-700 underline";
  more.textContent = labels.more;
  link.append(more);
  // A plain click stays in the app (no full page load); new tabs and windows work as links do.
  link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(p.url);
  });
  return link;
}

/** The cards of properties that share one point (a building's flats): a scrolling list in one popup. */
export function propertyList(items: PointProperties[], labels: MapLabels, lang: Lang, open: (url: string) => void): HTMLElement {
  const list = document.createElement("ul");
  list.className = "grid max-h-80 gap-3 overflow-y-auto pr-1";
  for (const p of items) {
    const item = document.createElement("li");
    item.append(propertyPopup(p, labels, lang, open));
    list.append(item);
  }
  return list;
}

/** What /properties.geojson says of one complex (issue 33): `kind: "complex"` tells it from a property. */
export interface ComplexPointProperties {
  kind: "complex";
  id: string;
  name: string;
  /** Its page. */
  url: string;
  /** Its units matching the listing. */
  units: number;
  price_from: number | null;
  precision: "exact" | "approximate";
}

const COMPLEX_PILL =
  "inline-flex items-center gap-1 whitespace-nowrap rounded-md bg-amber-50 px-2 py-0.5 text-xs font-bold text-amber-950 shadow ring-2 ring-amber-500";

/** A complex's marker: a square amber label with a building sign, its name and units found — unlike a property's round price pill. */
export function complexMarker(lat: number, lng: number, c: ComplexPointProperties, labels: MapLabels): L.Marker {
  const icon = L.divIcon({ className: "", html: "", iconSize: undefined });
  // Above the properties' pills at the same point (a complex's flats share its building).
  const marker = L.marker([lat, lng], { icon, keyboard: true, riseOnHover: true, zIndexOffset: 1000 });
  marker.on("add", () => {
    const element = marker.getElement();
    if (!element) return;
    const pill = document.createElement("span");
    // Above the point, clear of a cluster of its own flats there (up to 58 px wide): both stay pressable.
    pill.className = `${COMPLEX_PILL} -translate-x-1/2 -translate-y-[calc(100%+1.875rem)]`;
    const sign = document.createElement("span");
    sign.setAttribute("aria-hidden", "true");
    sign.textContent = "▦";
    const name = document.createElement("span");
    name.className = "max-w-40 truncate";
    name.textContent = `${c.name} · ${c.units}`;
    pill.append(sign, name);
    element.replaceChildren(pill);
    element.setAttribute("aria-label", labels.complex(c.name, c.units));
    element.dataset.kind = "complex";
    pressable(marker, element);
  });
  return marker;
}

/** A cluster of complexes: the count on an amber square (a property cluster is a round sea-blue bubble). */
export function complexClusterMarker(lat: number, lng: number, count: number, label: string): L.Marker {
  const icon = L.divIcon({ className: "", html: "", iconSize: [36, 36] });
  const marker = L.marker([lat, lng], { icon, keyboard: true, zIndexOffset: 1000 });
  marker.on("add", () => {
    const element = marker.getElement();
    if (!element) return;
    const box = document.createElement("span");
    box.className = "flex size-full items-center justify-center rounded-md bg-amber-400 text-sm font-bold text-amber-950 shadow-md ring-4 ring-amber-200/80";
    box.textContent = String(count);
    element.replaceChildren(box);
    element.setAttribute("aria-label", label);
    element.dataset.kind = "complex-cluster";
    pressable(marker, element);
  });
  return marker;
}

/** A complex's popup: its name, units found, the lowest price, and a link to its page (DOM nodes, never markup). */
export function complexPopup(c: ComplexPointProperties, labels: MapLabels, lang: Lang, open: (url: string) => void): HTMLElement {
  const link = document.createElement("a");
  link.href = c.url;
  link.className = "block w-56 text-slate-900 no-underline focus-visible:outline-2 focus-visible:outline-sea-600";
  const title = document.createElement("span");
  title.className = "block text-sm font-semibold";
  title.textContent = labels.complex(c.name, c.units);
  link.append(title);
  if (c.price_from !== null) {
    const price = document.createElement("span");
    price.className = "mt-1 block text-base font-bold text-sea-700";
    price.textContent = labels.priceFrom(formatPrice(c.price_from, lang));
    link.append(price);
  }
  const more = document.createElement("span");
  more.className = "mt-1 block text-sm font-semibold text-sea-700 underline";
  more.textContent = labels.complexOpen;
  link.append(more);
  link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(c.url);
  });
  return link;
}
