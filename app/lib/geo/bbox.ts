/**
 * The visible map area as a listing filter (issue 21): `bbox=west,south,east,north`
 * in degrees, as OpenStreetMap and GeoJSON write it. A malformed value is
 * ignored (the listing answers as without it); the GeoJSON endpoint refuses it.
 */
export interface BBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * Degrees as a map library writes a JavaScript number: a decimal with as
 * many digits as the float has (Leaflet's and MapLibre's raw bounds:
 * `27.712345678901234`), or, for a number this close to 0, `1.5e-7`.
 */
const DEGREES = /^-?(?:\d{1,3}(?:\.\d{1,20})?|\d(?:\.\d{1,20})?e-\d{1,3})$/;

/** Six decimals (~0.1 m): what the map needs, and what `formatBBox` writes. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6 + 0;

/**
 * A bbox parameter, rounded to six decimals, or null when it is not four
 * numbers in range with west < east and south < north (after rounding).
 */
export function parseBBox(raw: string | null | undefined): BBox | null {
  if (!raw || raw.length > 120) return null;
  const parts = raw.split(",").map((p) => p.trim());
  if (parts.length !== 4 || parts.some((p) => !DEGREES.test(p))) return null;
  const [west, south, east, north] = parts.map((p) => round6(Number(p))) as [number, number, number, number];
  if (west < -180 || east > 180 || south < -90 || north > 90) return null;
  if (!(west < east) || !(south < north)) return null;
  return { west, south, east, north };
}

/** The parameter's value, rounded to ~1 m (6 decimals) so a moved map gives short, stable URLs. */
export function formatBBox(box: BBox): string {
  return [box.west, box.south, box.east, box.north].map((n) => String(round6(n))).join(",");
}
