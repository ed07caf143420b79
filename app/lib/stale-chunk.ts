/**
 * A stale script chunk after a new deployment (SPEC §7, §9: 'Loading chunk
 * failed'): a page loaded before the deployment asks for a hashed file the
 * new build no longer has. Reloading once fetches the new page and its new
 * files. Route modules are already covered by React Router (it reloads when
 * one fails to import); this covers Vite's preloads and dynamic imports in
 * our own code, which announce a failure with `vite:preloadError` on window.
 *
 * "Once": the time of the reload is kept in sessionStorage, and a second
 * failure within RELOAD_GUARD_MS of it is left to surface as an error, so a
 * chunk that is really missing never makes the page reload in a loop.
 */
export const STALE_CHUNK_RELOAD_KEY = "staleChunkReloadAt";
export const RELOAD_GUARD_MS = 60_000;

type GuardStorage = Pick<Storage, "getItem" | "setItem">;

/**
 * Whether to reload now; when it says yes, the reload is recorded. Without a
 * usable storage it says no (it could not stop a loop).
 */
export function claimStaleChunkReload(storage: GuardStorage | null, now: number): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(STALE_CHUNK_RELOAD_KEY));
    if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
    storage.setItem(STALE_CHUNK_RELOAD_KEY, String(now));
    // Read back: a storage that silently drops writes could not stop a loop.
    return storage.getItem(STALE_CHUNK_RELOAD_KEY) === String(now);
  } catch {
    return false;
  }
}

interface ReloadWindow {
  addEventListener(type: "vite:preloadError", listener: (event: Event) => void): void;
  readonly document?: Pick<Document, "querySelector">;
  readonly sessionStorage: GuardStorage;
  readonly location: { reload(): void };
}

function sessionStorageOf(win: ReloadWindow): GuardStorage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null; // access refused (storage disabled)
  }
}

/**
 * Marks a frame waiting for a chunk the page can do without (a map's code,
 * issue 30): while one is on the page, a failed chunk is left to that frame
 * to show — which says so itself — rather than reloading the page, which
 * would throw away where the visitor is.
 */
export const OPTIONAL_CHUNK_ATTRIBUTE = "data-optional-chunk";

/** Reloads the page once when a script or style chunk fails to load (browser only). */
export function installStaleChunkReload(win: ReloadWindow, now: () => number = Date.now): void {
  win.addEventListener("vite:preloadError", (event) => {
    if (win.document?.querySelector(`[${OPTIONAL_CHUNK_ATTRIBUTE}]`)) return; // the waiting frame shows the failure
    if (!claimStaleChunkReload(sessionStorageOf(win), now())) return; // the error surfaces as usual
    event.preventDefault();
    win.location.reload();
  });
}
