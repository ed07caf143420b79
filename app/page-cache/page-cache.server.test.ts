import { describe, expect, it } from "vitest";
import { isCacheable, PageCache, type CachedPage } from "~/page-cache/page-cache.server";

const page = (body: string): CachedPage => {
  const bytes = Buffer.from(body);
  return { status: 200, headers: [], csp: "script-src 'self'", etag: 'W/"x"', identity: bytes, br: bytes, brQuality: 6, gzip: bytes };
};

describe("page cache", () => {
  it("keeps a page with a query string from its second render, a plain path at once", async () => {
    const cache = new PageCache(async () => "1");
    await cache.sync(10_000);
    expect(cache.admits("ru /properties")).toBe(true);
    expect(cache.admits("ru /properties?search=море")).toBe(false);
    expect(cache.admits("ru /properties?search=море")).toBe(true);
    // One-off addresses are remembered only up to a bound: the oldest is forgotten first.
    expect(cache.admits("ru /?x=0")).toBe(false);
    for (let i = 1; i <= 2000; i++) cache.admits(`ru /?x=${i}`);
    expect(cache.admits("ru /?x=0")).toBe(false);
    expect(cache.admits("ru /?x=2000")).toBe(true);
    // A change of the catalogue forgets them with the pages.
    cache.admits("bg /bg/properties?page=2");
    cache.clear();
    expect(cache.admits("bg /bg/properties?page=2")).toBe(false);
    // A very long address is never kept (nor remembered): no popular page has one (issue 32).
    const long = `ru /properties?search=${"м".repeat(1100)}`;
    expect(cache.admits(long)).toBe(false);
    expect(cache.admits(long)).toBe(false);
    expect(cache.admits(`ru /${"a".repeat(1100)}`)).toBe(false);
  });

  it("keeps pages of the current content version and drops them all when it changes", async () => {
    let version = "1";
    const cache = new PageCache(async () => version);
    await cache.sync(10_000);
    cache.set("ru /", page("home"), cache.currentVersion());
    expect(cache.get("ru /")?.identity.toString()).toBe("home");
    version = "2";
    await cache.sync(10_100); // within the check interval: not read yet
    expect(cache.get("ru /")).toBeDefined();
    await cache.sync(20_000);
    expect(cache.get("ru /")).toBeUndefined();
  });

  it("does not keep a page rendered under an older version", async () => {
    let version = "1";
    const cache = new PageCache(async () => version);
    await cache.sync(10_000);
    const renderedUnder = cache.currentVersion();
    version = "2";
    await cache.sync(20_000);
    cache.set("ru /", page("stale"), renderedUnder);
    expect(cache.get("ru /")).toBeUndefined();
  });

  it("evicts the least recently used pages beyond its size", async () => {
    const cache = new PageCache(async () => "1");
    await cache.sync(10_000);
    for (let i = 0; i < 600; i++) cache.set(`ru /p${i}`, page(`p${i}`), "1");
    expect(cache.size).toBe(500);
    expect(cache.get("ru /p0")).toBeUndefined();
    expect(cache.get("ru /p599")).toBeDefined();
  });
});

describe("what may be cached", () => {
  it("public GET pages for anonymous visitors only", () => {
    expect(isCacheable("GET", "/properties", undefined)).toBe(true);
    expect(isCacheable("HEAD", "/bg/созополь", "language=bg")).toBe(true);
    expect(isCacheable("POST", "/", undefined)).toBe(false);
    expect(isCacheable("GET", "/admin", undefined)).toBe(false);
    expect(isCacheable("GET", "/admin/locations", undefined)).toBe(false);
    // Alert links (issue 22): their answer depends on the token at that moment.
    expect(isCacheable("GET", "/alerts/confirm/abc", undefined)).toBe(false);
    expect(isCacheable("GET", "/bg/alerts/unsubscribe/abc", undefined)).toBe(false);
    expect(isCacheable("GET", "/alertsville", undefined)).toBe(true);
    expect(isCacheable("GET", "/set-language", undefined)).toBe(false);
    expect(isCacheable("GET", "/", "seaside_session=abc")).toBe(false);
    expect(isCacheable("GET", "/bg", "language=bg; seaside_session=abc")).toBe(false);
    // Cookies a public page does not read (a proxy's, analytics) do not send the visitor to a fresh render.
    expect(isCacheable("GET", "/properties", "_ga=GA1.1.1; language=bg")).toBe(true);
    expect(isCacheable("GET", "/", "session=abc")).toBe(true);
    expect(isCacheable("GET", "/properties.data", undefined)).toBe(false);
  });
});
