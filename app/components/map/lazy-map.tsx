import { lazy, useMemo, useState, type ComponentType } from "react";

/**
 * A map's code, fetched when the map opens (decision 0025). A failed fetch
 * (offline, a blocked or missing file) is the map's own trouble: the map's
 * frame says so in the page's language with «Повторить», and the page stays
 * (issue 30) — neither the error screen nor the stale-file reload, which
 * would throw away where the visitor is: the frames waiting for a map carry
 * `data-optional-chunk` (app/lib/stale-chunk.ts).
 * «Повторить» fetches it again; pressed after a second failure, it reloads
 * the page (a new deployment's files come with a new page).
 */
export function useLazyMap<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, texts: { failed: string; retry: string }): ComponentType<P> {
  const [attempt, setAttempt] = useState(0);
  return useMemo(
    () =>
      lazy(async () => {
        try {
          return await load();
        } catch {
          const Failed = () => (
            <div
              role="alert"
              className="flex h-full flex-col items-center justify-center gap-2 rounded-2xl bg-sea-50 p-4 text-center text-sm text-slate-700 ring-1 ring-slate-200"
            >
              {texts.failed}
              <button
                type="button"
                onClick={() => (attempt === 0 ? setAttempt(1) : window.location.reload())}
                className="min-h-11 rounded-lg bg-white px-4 font-semibold text-sea-800 shadow ring-1 ring-slate-300 focus-visible:outline-2 focus-visible:outline-sea-600"
              >
                {texts.retry}
              </button>
            </div>
          );
          return { default: Failed };
        }
      }),
    // a new attempt is a new lazy component (React keeps a loaded or failed one for good)
    [attempt],
  );
}
