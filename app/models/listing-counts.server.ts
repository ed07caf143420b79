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
  private entries = new Map<string, { value: T; bytes: number }>();
  private version: string | null = null;
  private bytes = 0;

  /**
   * At most `maxEntries` entries and `maxBytes` of them (keys and values as
   * `approximateBytes` counts them): a long text search's page list at
   * 100 000 listings is ~1 MB, so entries alone would not bound memory (issue 32).
   */
  constructor(
    private readonly maxEntries = 500,
    private readonly maxBytes = 4 * 1024 * 1024,
  ) {}

  /** The count of this filter under `version`, if known. Another version drops every entry. */
  get(key: string, version: string): T | undefined {
    this.adopt(version);
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Least recently used goes first: re-insert on every hit.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Remembers a count made after reading `version`. Refused when the version
   * has changed meanwhile (another request saw a newer one): the count may
   * predate that change. A value larger than the whole cache is not kept.
   */
  set(key: string, version: string, value: T) {
    if (version !== this.version) return;
    this.remove(key);
    const bytes = approximateBytes(key) + approximateBytes(value);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  get size() {
    return this.entries.size;
  }

  /** What the entries take, as approximateBytes counts it. */
  get byteSize() {
    return this.bytes;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private adopt(version: string) {
    // Any difference, not only a higher number: a restored or recreated
    // database may count from 1 again.
    if (version !== this.version) {
      this.clear();
      this.version = version;
    }
  }
}

/**
 * Roughly what a value takes in V8's heap: strings two bytes a character (the
 * most a Cyrillic text takes) and a header, 8 bytes a number, arrays and
 * objects a header and their members. An estimate to bound caches by, not an
 * exact measure.
 */
export function approximateBytes(value: unknown): number {
  if (typeof value === "string") return 16 + 2 * value.length;
  if (value === null || typeof value !== "object") return 8;
  let bytes = 16;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) bytes += 8 + approximateBytes(item);
    return bytes;
  }
  for (const [key, item] of Object.entries(value)) bytes += 8 + approximateBytes(key) + approximateBytes(item);
  return bytes;
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
  /** Only one complex's units (issue 33). */
  complexId?: string | null;
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
    filter.complexId ?? null,
  ];
  return JSON.stringify([filter.locationId ?? "", filter.type ?? "", [...filter.words].sort(), facts]);
}
