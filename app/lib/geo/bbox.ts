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

const DEGREES = /^-?\d{1,3}(\.\d{1,10})?$/;

/** A bbox parameter, or null when it is not four numbers in range with west < east and south < north. */
export function parseBBox(raw: string | null | undefined): BBox | null {
  if (!raw || raw.length > 100) return null;
  const parts = raw.split(",").map((p) => p.trim());
  if (parts.length !== 4 || parts.some((p) => !DEGREES.test(p))) return null;
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  if (west < -180 || east > 180 || south < -90 || north > 90) return null;
  if (!(west < east) || !(south < north)) return null;
  return { west, south, east, north };
}

/** The parameter's value, rounded to ~1 m (6 decimals) so a moved map gives short, stable URLs. */
export function formatBBox(box: BBox): string {
  const round = (n: number) => String(Math.round(n * 1e6) / 1e6);
  return [box.west, box.south, box.east, box.north].map(round).join(",");
}
