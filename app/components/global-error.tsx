import { useEffect, useState } from "react";
import type { Dictionary } from "~/i18n";

/**
 * SPEC §2: on an unhandled window error the whole page shows the error screen
 * with a reload button. (Render errors go to the route error boundaries.)
 */
export function GlobalErrorScreen({ t }: { t: Dictionary["errors"] }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      // Failed image or script loads (no Error object) are not application errors.
      if (isAppError(event.error, event.filename)) setFailed(true);
    };
    // A rejected promise nobody handled is the same failure in async code, so it shows the screen too.
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isAppError(event.reason, "")) setFailed(true);
    };
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
  if (!failed) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="global-error-title"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-sand-50 p-6 text-center"
    >
      <div className="flex max-w-xl flex-col items-center gap-4">
        <h1 id="global-error-title" className="text-2xl font-semibold">
          {t.title}
        </h1>
        <p className="text-slate-600">{t.text}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="min-h-11 rounded-lg bg-sea-600 px-5 py-2 font-medium text-white hover:bg-sea-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600"
        >
          {t.reload}
        </button>
      </div>
    </div>
  );
}

/**
 * What counts as the application failing: an Error thrown or rejected by
 * code running in the page. Not: non-Error values (thrown strings, bare
 * rejections: never our code's way, typically third-party scripts), an
 * aborted request (AbortError: a navigation cancelled it on purpose), or
 * errors from browser extensions' scripts. Extensions' own content scripts
 * run in an isolated world and never reach this window at all.
 */
export function isAppError(error: unknown, filename: string): boolean {
  if (!(error instanceof Error) || error.name === "AbortError") return false;
  return !EXTENSION.test(`${filename}\n${error.stack ?? ""}`);
}
const EXTENSION = /(?:chrome|moz|safari(?:-web)?)-extension:\/\//;
