import { describe, expect, it } from "vitest";
import { claimStaleChunkReload, installStaleChunkReload, OPTIONAL_CHUNK_ATTRIBUTE, RELOAD_GUARD_MS, STALE_CHUNK_RELOAD_KEY } from "./stale-chunk";

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
}

describe("claimStaleChunkReload", () => {
  it("reloads once, then not again within the guard time (no loop), and again after it", () => {
    const storage = memoryStorage();
    const t = 1_700_000_000_000;
    expect(claimStaleChunkReload(storage, t)).toBe(true);
    expect(storage.getItem(STALE_CHUNK_RELOAD_KEY)).toBe(String(t));
    expect(claimStaleChunkReload(storage, t + 500)).toBe(false);
    expect(claimStaleChunkReload(storage, t + RELOAD_GUARD_MS - 1)).toBe(false);
    // A later deployment in the same tab may reload once more.
    expect(claimStaleChunkReload(storage, t + RELOAD_GUARD_MS)).toBe(true);
    expect(claimStaleChunkReload(storage, t + RELOAD_GUARD_MS + 1)).toBe(false);
  });

  it("a garbled or future mark does not block the reload", () => {
    const storage = memoryStorage();
    storage.setItem(STALE_CHUNK_RELOAD_KEY, "garbage");
    expect(claimStaleChunkReload(storage, 1000)).toBe(true);
    storage.setItem(STALE_CHUNK_RELOAD_KEY, "999999999");
    expect(claimStaleChunkReload(storage, 1000)).toBe(true);
  });

  it("never reloads when the guard cannot be kept (no storage, throwing or forgetful storage)", () => {
    expect(claimStaleChunkReload(null, 1000)).toBe(false);
    const throwing = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(claimStaleChunkReload(throwing, 1000)).toBe(false);
    const forgetful = { getItem: () => null, setItem: () => undefined };
    expect(claimStaleChunkReload(forgetful, 1000)).toBe(false);
  });
});

describe("installStaleChunkReload", () => {
  function fakeWindow(storage: Storage | (() => never)) {
    const listeners: ((event: Event) => void)[] = [];
    let reloads = 0;
    const win = {
      addEventListener: (type: string, listener: (event: Event) => void) => {
        expect(type).toBe("vite:preloadError");
        listeners.push(listener);
      },
      get sessionStorage(): Storage {
        return typeof storage === "function" ? storage() : storage;
      },
      location: { reload: () => void reloads++ },
    };
    /** Fires the event as Vite does; true when the error was swallowed (reloading). */
    const fire = () => {
      const event = new Event("vite:preloadError", { cancelable: true });
      for (const listener of listeners) listener(event);
      return event.defaultPrevented;
    };
    return { win, fire, reloads: () => reloads };
  }

  it("a failed chunk reloads the page once; a second failure right after surfaces as an error", () => {
    const { win, fire, reloads } = fakeWindow(memoryStorage());
    let now = 1_700_000_000_000;
    installStaleChunkReload(win, () => now);
    expect(fire()).toBe(true);
    expect(reloads()).toBe(1);
    now += 2000; // the reloaded page fails again: not stale, really broken
    expect(fire()).toBe(false);
    expect(reloads()).toBe(1);
  });

  it("a chunk failing while a map's frame waits for its code is left to that frame: no reload (issue 30)", () => {
    const { win, fire, reloads } = fakeWindow(memoryStorage());
    let waiting = true;
    const page = {
      ...win,
      document: { querySelector: (selector: string) => (waiting && selector === `[${OPTIONAL_CHUNK_ATTRIBUTE}]` ? ({} as Element) : null) },
    };
    installStaleChunkReload(page, () => 1_700_000_000_000);
    expect(fire()).toBe(false);
    expect(reloads()).toBe(0);
    // No such frame: a failed chunk reloads the page as before.
    waiting = false;
    expect(fire()).toBe(true);
    expect(reloads()).toBe(1);
  });

  it("sessionStorage refused: no reload, the error surfaces", () => {
    const { win, fire, reloads } = fakeWindow(() => {
      throw new DOMException("denied", "SecurityError");
    });
    installStaleChunkReload(win);
    expect(fire()).toBe(false);
    expect(reloads()).toBe(0);
  });
});
