import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import { isLang, LANGUAGE_KEY, LANGS, localizePath, splitLangPath, type Lang, type LocalizedPaths } from "~/i18n/lang";
import { readCookie } from "~/web/cookies";

/** The page in `lang`: its own address there when the page has one (a location's or property's Latin address, issue 31). */
function switchHref(lang: Lang, pathname: string, search: string, paths: LocalizedPaths | undefined) {
  const path = paths?.[lang] ?? splitLangPath(pathname).path;
  return `/set-language?lang=${lang}&to=${encodeURIComponent(localizePath(lang, path) + search)}`;
}

/** The page's paths in every language, when its loader names them (`switchPaths`). */
function useSwitchPaths(): LocalizedPaths | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const data = match.loaderData as { switchPaths?: LocalizedPaths } | undefined;
    if (data && typeof data === "object" && data.switchPaths) return data.switchPaths;
  }
  return undefined;
}

/**
 * RU|BG|EN (SPEC §1, issue 31): links to the same page in the other
 * languages. The choice is kept in localStorage under `language` and in a
 * cookie (so the server renders it); a stored choice is restored on load only
 * if it is one of the site's languages.
 */
export function LanguageSwitch({ lang, label }: { lang: Lang; label: string }) {
  const location = useLocation();
  const paths = useSwitchPaths();

  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(LANGUAGE_KEY);
    } catch {
      return; // storage blocked: nothing to restore
    }
    const hasCookie = readCookie(document.cookie, LANGUAGE_KEY) !== null;
    if (isLang(stored) && stored !== lang && !hasCookie) {
      window.location.replace(switchHref(stored, location.pathname, location.search, paths));
    }
    // Only on the first load: later switches go through the links below.
  }, []);

  return (
    <div role="group" aria-label={label} className="flex overflow-hidden rounded-lg border border-slate-300 text-sm font-semibold">
      {LANGS.map((l) => (
        <a
          key={l}
          href={switchHref(l, location.pathname, location.search, paths)}
          hrefLang={l}
          lang={l}
          aria-current={l === lang ? "true" : undefined}
          onClick={() => {
            try {
              window.localStorage.setItem(LANGUAGE_KEY, l);
            } catch {
              // storage blocked: the cookie still carries the choice
            }
          }}
          // The ring sits inside (the group clips overflow), so on the current language's sea background it is white.
          className={`min-h-9 min-w-10 px-2 py-1.5 text-center uppercase sm:min-w-11 sm:px-3 focus-visible:outline-2 focus-visible:-outline-offset-2 ${
            l === lang ? "bg-sea-600 text-white focus-visible:outline-white" : "bg-white text-slate-700 hover:bg-sea-50 focus-visible:outline-sea-600"
          }`}
        >
          {l}
        </a>
      ))}
    </div>
  );
}
