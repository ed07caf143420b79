import { describe, expect, it } from "vitest";
import { approximateBytes, CountCache, countKey, VersionedCache } from "./listing-counts.server";

describe("CountCache", () => {
  it("keeps counts of the current version and drops them all when it changes", () => {
    const cache = new CountCache();
    cache.set("a", "1", 7); // no version read yet: not kept
    expect(cache.get("a", "1")).toBeUndefined();
    cache.set("a", "1", 7);
    expect(cache.get("a", "1")).toBe(7);
    expect(cache.get("a", "2")).toBeUndefined();
    expect(cache.size).toBe(0);
    // A database restored under the running process may count from 1 again.
    cache.set("a", "2", 5);
    expect(cache.get("a", "2")).toBe(5);
    expect(cache.get("a", "1")).toBeUndefined();
  });

  it("refuses a count made under a version that has changed meanwhile", () => {
    const cache = new CountCache();
    expect(cache.get("a", "1")).toBeUndefined(); // request A reads version 1, starts counting
    expect(cache.get("b", "2")).toBeUndefined(); // request B sees version 2
    cache.set("a", "1", 7); // A's count may predate the change
    expect(cache.get("a", "2")).toBeUndefined();
  });

  it("evicts the least recently used counts beyond its size", () => {
    const cache = new CountCache(3);
    cache.get("x", "1"); // adopts version 1
    for (const key of ["a", "b", "c"]) cache.set(key, "1", 1);
    expect(cache.get("a", "1")).toBe(1); // a is now the most recent
    cache.set("d", "1", 1);
    expect(cache.size).toBe(3);
    expect(cache.get("b", "1")).toBeUndefined();
    expect(cache.get("a", "1")).toBe(1);
    expect(cache.get("d", "1")).toBe(1);
  });
});

describe("VersionedCache bounded by bytes (issue 32)", () => {
  // A text search's page list at 100 000 listings: ~14 000 ids, ~1 MB.
  const ids = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}-${String(i).padStart(32, "0")}`);

  it("evicts the least recently used entries once their bytes pass the bound, however few they are", () => {
    const cache = new VersionedCache<string[]>(200, 3 * 1024 * 1024);
    cache.get("x", "1");
    for (const key of ["a", "b", "c", "d"]) cache.set(key, "1", ids(14_000, key));
    expect(cache.byteSize).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect(cache.get("a", "1")).toBeUndefined();
    expect(cache.get("d", "1")).toHaveLength(14_000);
    expect(cache.size).toBeLessThan(4);
  });

  it("does not keep a value larger than the whole cache, nor lose what it holds for it", () => {
    const cache = new VersionedCache<string[]>(200, 64 * 1024);
    cache.get("x", "1");
    cache.set("small", "1", ids(10, "s"));
    cache.set("huge", "1", ids(5_000, "h"));
    expect(cache.get("huge", "1")).toBeUndefined();
    expect(cache.get("small", "1")).toHaveLength(10);
  });

  it("counts a replaced entry once and nothing after a new version", () => {
    const cache = new VersionedCache<string[]>(200, 1024 * 1024);
    cache.get("x", "1");
    cache.set("a", "1", ids(100, "a"));
    const once = cache.byteSize;
    cache.set("a", "1", ids(100, "a"));
    expect(cache.byteSize).toBe(once);
    cache.get("a", "2");
    expect(cache.byteSize).toBe(0);
  });

  it("estimates Cyrillic text at two bytes a character, numbers and arrays with their headers", () => {
    expect(approximateBytes("море")).toBe(16 + 8);
    expect(approximateBytes(42)).toBe(8);
    expect(approximateBytes(["a", null])).toBe(16 + 8 + 18 + 8 + 8);
  });
});

describe("countKey", () => {
  it("is one key per filter whatever the order of the words", () => {
    expect(countKey({ locationId: null, type: null, words: ["b", "a"] })).toBe(countKey({ locationId: null, type: null, words: ["a", "b"] }));
    expect(countKey({ locationId: "x", type: null, words: [] })).not.toBe(countKey({ locationId: null, type: null, words: [] }));
    expect(countKey({ locationId: null, type: "house", words: [] })).not.toBe(countKey({ locationId: null, type: null, words: ["house"] }));
  });

  it("tells every other filter apart, and the default status from no status", () => {
    const base = { locationId: null, type: null, words: [] };
    const keys = [
      countKey(base),
      countKey({ ...base, priceMin: 100 }),
      countKey({ ...base, priceMax: 100 }),
      countKey({ ...base, areaMin: 100 }),
      countKey({ ...base, areaMax: 100 }),
      countKey({ ...base, bedroomsMin: 2 }),
      countKey({ ...base, seaDistanceMax: 100 }),
      countKey({ ...base, seaView: true }),
      countKey({ ...base, seaLine: true }),
      countKey({ ...base, stage: "act16" }),
      countKey({ ...base, status: "sold" }),
      countKey({ ...base, status: "all" }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(countKey({ ...base, status: "available", seaView: false, priceMin: null })).toBe(countKey(base));
  });
});
