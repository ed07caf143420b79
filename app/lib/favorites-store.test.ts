import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COMPARE_KEY, COMPARE_MAX, compareStore, FAVORITES_KEY, FAVORITES_MAX, readFavorites, subscribeFavorites, toggleFavorite } from "./favorites-store";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** A browser's localStorage and window, enough for the store (Node has neither). */
function fakeBrowser() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
  const events = new EventTarget();
  vi.stubGlobal("localStorage", storage);
  vi.stubGlobal("window", events);
  return { items, events, storage };
}

describe("favorites store", () => {
  let browser: ReturnType<typeof fakeBrowser>;
  beforeEach(() => {
    browser = fakeBrowser();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("adds newest first, removes, and tells every subscriber", () => {
    const heard = vi.fn();
    const stop = subscribeFavorites(heard);
    expect(toggleFavorite(id(1))).toBe(true);
    expect(toggleFavorite(id(2))).toBe(true);
    expect(readFavorites()).toEqual([id(2), id(1)]);
    expect(JSON.parse(browser.items.get(FAVORITES_KEY)!)).toEqual([id(2), id(1)]);
    expect(toggleFavorite(id(2))).toBe(true);
    expect(readFavorites()).toEqual([id(1)]);
    expect(heard).toHaveBeenCalledTimes(3);
    // Another tab's change arrives as a storage event.
    browser.events.dispatchEvent(new Event("storage"));
    expect(heard).toHaveBeenCalledTimes(4);
    stop();
    toggleFavorite(id(3));
    expect(heard).toHaveBeenCalledTimes(4);
  });

  it("gives the same array until the stored list changes (what useSyncExternalStore needs)", () => {
    toggleFavorite(id(1));
    expect(readFavorites()).toBe(readFavorites());
  });

  it("trusts nothing it reads: not JSON, not a list, or entries that are not ids give an empty or cleaned list", () => {
    for (const raw of ["{", '"x"', '{"a":1}', "null", "42"]) {
      browser.items.set(FAVORITES_KEY, raw);
      expect(readFavorites(), raw).toEqual([]);
    }
    browser.items.set(FAVORITES_KEY, JSON.stringify([id(1), "<script>", 5, id(1), id(2).toUpperCase()]));
    expect(readFavorites()).toEqual([id(1), id(2)]);
  });

  it("refuses the one past FAVORITES_MAX and changes nothing", () => {
    for (let n = 0; n < FAVORITES_MAX; n++) expect(toggleFavorite(id(n))).toBe(true);
    const before = browser.items.get(FAVORITES_KEY);
    expect(toggleFavorite(id(999))).toBe(false);
    expect(browser.items.get(FAVORITES_KEY)).toBe(before);
    // Removing still works when full.
    expect(toggleFavorite(id(0))).toBe(true);
    expect(readFavorites()).toHaveLength(FAVORITES_MAX - 1);
  });

  it("reads an empty list and refuses changes when storage is blocked", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
    });
    expect(readFavorites()).toEqual([]);
    expect(toggleFavorite(id(1))).toBe(false);
  });

  it("keeps the compare list apart, at most COMPARE_MAX (4): the fifth is refused and nothing changes", () => {
    expect(COMPARE_MAX).toBe(4);
    const heard = vi.fn();
    const stop = compareStore.subscribe(heard);
    for (let n = 1; n <= COMPARE_MAX; n++) expect(compareStore.toggle(id(n))).toBe(true);
    const before = browser.items.get(COMPARE_KEY);
    expect(compareStore.toggle(id(5))).toBe(false);
    expect(browser.items.get(COMPARE_KEY)).toBe(before);
    expect(compareStore.read()).toEqual([id(4), id(3), id(2), id(1)]);
    expect(heard).toHaveBeenCalledTimes(COMPARE_MAX);
    // The favourites are another list.
    expect(readFavorites()).toEqual([]);
    expect(compareStore.toggle(id(4))).toBe(true);
    expect(compareStore.read()).toEqual([id(3), id(2), id(1)]);
    stop();
  });
});
