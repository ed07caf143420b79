/**
 * Coordinates as an administrator brings them (issue 21): typed ("42.4195,
 * 27.6960"), or a link copied from OpenStreetMap or Google Maps, or a geo: URI.
 * Short links (maps.app.goo.gl, osm.org/go) hide the point: they are not read.
 */
export interface Point {
  lat: number;
  lng: number;
}

const NUMBER = String.raw`-?\d{1,3}(?:\.\d+)?`;
const PAIR = new RegExp(String.raw`^\s*(${NUMBER})\s*[,;\s]\s*(${NUMBER})\s*$`);

/** A latitude and longitude in range, or null. */
export function validPoint(lat: number, lng: number): Point | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}

function pair(text: string | null | undefined): Point | null {
  const match = text ? PAIR.exec(decodeSafely(text)) : null;
  return match ? validPoint(Number(match[1]), Number(match[2])) : null;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** The point a pasted text names: "lat, lng", a geo: URI, or an OpenStreetMap / Google Maps link; null otherwise. */
export function pointFromText(input: string): Point | null {
  const text = input.trim();
  if (text === "" || text.length > 2000) return null;
  const plain = pair(text);
  if (plain) return plain;
  const geo = /^geo:(-?[\d.]+),(-?[\d.]+)/i.exec(text);
  if (geo) return validPoint(Number(geo[1]), Number(geo[2]));
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol)) return null;
  const host = url.hostname.toLowerCase();
  if (/(^|\.)(openstreetmap\.org|osm\.org)$/.test(host)) {
    const marker = validPoint(Number(url.searchParams.get("mlat")), Number(url.searchParams.get("mlon")));
    if (url.searchParams.has("mlat") && marker) return marker;
    const map = /map=\d{1,2}\/(-?[\d.]+)\/(-?[\d.]+)/.exec(url.hash);
    return map ? validPoint(Number(map[1]), Number(map[2])) : null;
  }
  if (/(^|\.)google\.[a-z.]+$/.test(host) && (host.startsWith("maps.") || url.pathname.startsWith("/maps"))) {
    // A place's own point (!3d lat !4d lng) is exact; @lat,lng is the view's centre.
    const place = /!3d(-?[\d.]+)!4d(-?[\d.]+)/.exec(url.pathname + url.search);
    if (place) return validPoint(Number(place[1]), Number(place[2]));
    for (const name of ["query", "q", "ll", "center", "destination"]) {
      const found = pair(url.searchParams.get(name));
      if (found) return found;
    }
    const view = /@(-?[\d.]+),(-?[\d.]+)/.exec(url.pathname);
    return view ? validPoint(Number(view[1]), Number(view[2])) : null;
  }
  return null;
}
