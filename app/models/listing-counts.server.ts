/**
 * How many properties match a listing filter, remembered per filter for the
 * current content version (DESIGN §11: the exact count(*) of a search for a
 * common word reads most of the catalogue, on every page and sort).
 *
 * The caller reads the content version (app/db/content-version.server.ts)
 * before counting, on every request: the database bumps it in the same
 * transaction as any change to locations or properties, so a count made
 * under the version read now is the current one, a write (in this process
 * or another server copy) makes the very next count exact again, and a count
 * never lags behind a page the HTML cache keeps. One primary-key read per
 * request instead of a scan.
 */
export class VersionedCache<T> {
  private entries = new Map<string, T>();
  private version: string | null = null;

  constructor(private readonly maxEntries = 500) {}

  /** The count of this filter under `version`, if known. Another version drops every entry. */
  get(key: string, version: string): T | undefined {
    this.adopt(version);
    const n = this.entries.get(key);
    if (n !== undefined) {
      // Least recently used goes first: re-insert on every hit.
      this.entries.delete(key);
      this.entries.set(key, n);
    }
    return n;
  }

  /**
   * Remembers a count made after reading `version`. Refused when the version
   * has changed meanwhile (another request saw a newer one): the count may
   * predate that change.
   */
  set(key: string, version: string, n: T) {
    if (version !== this.version) return;
    this.entries.delete(key);
    this.entries.set(key, n);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }

  private adopt(version: string) {
    // Any difference, not only a higher number: a restored or recreated
    // database may count from 1 again.
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
  }
}

/** Counts per filter (the use this cache was made for; page marks use it too). */
export class CountCache extends VersionedCache<number> {}

/** The filters beyond location, type and search (ListingQuery's), absent meaning unset. */
export interface FactFilters {
  priceMin?: number | null;
  priceMax?: number | null;
  areaMin?: number | null;
  areaMax?: number | null;
  bedroomsMin?: number | null;
  seaDistanceMax?: number | null;
  seaView?: boolean;
  seaLine?: boolean;
  stage?: string | null;
  /** Absent: the default, `available` (nothing sold). */
  status?: string;
  /** The map's visible area (issue 21). */
  bbox?: { west: number; south: number; east: number; north: number } | null;
}

/**
 * The cache key of a filter: the same filter in any spelling (upper case, ё,
 * repeated or reordered words) is one entry, as it is one WHERE clause; every
 * other filter (issue 20) is part of it, unset ones as null.
 */
export function countKey(filter: { locationId: string | null; type: string | null; words: readonly string[] } & FactFilters): string {
  const facts = [
    filter.priceMin ?? null,
    filter.priceMax ?? null,
    filter.areaMin ?? null,
    filter.areaMax ?? null,
    filter.bedroomsMin ?? null,
    filter.seaDistanceMax ?? null,
    filter.seaView === true,
    filter.seaLine === true,
    filter.stage ?? null,
    filter.status ?? "available",
    filter.bbox ? [filter.bbox.west, filter.bbox.south, filter.bbox.east, filter.bbox.north] : null,
  ];
  return JSON.stringify([filter.locationId ?? "", filter.type ?? "", [...filter.words].sort(), facts]);
}
