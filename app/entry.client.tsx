import { startTransition, StrictMode } from "react";
import { HydratedRouter } from "react-router/dom";
import { addDictionaries } from "./i18n";
import { splitLangPath } from "./i18n/lang";
import { installStaleChunkReload } from "./lib/stale-chunk";

// A chunk of an older deployment that is gone: reload once (app/lib/stale-chunk.ts).
// Installed before hydration, so a failure while hydrating is covered too.
installStaleChunkReload(window);

// React Router's default client entry, in three tasks rather than one: this
// module, then React DOM's client (its own chunk, ~60 KB brotli, evaluated
// when it arrives), then hydration, which React splits further (it runs in
// a transition). On a slow phone each of these is tens of milliseconds; one
// task holding all of them would delay the first tap (docs/decisions/0011).
//
// Only this page's language's texts are fetched (app/i18n/index.ts), beside React DOM, before hydration.
const { lang } = splitLangPath(window.location.pathname);
// One loader per language, each its own import() (a single conditional expression let the bundler
// preload the Russian chunk's dependencies, the chunk itself among them, on every page).
const loaders: Record<typeof lang, () => Promise<Parameters<typeof addDictionaries>[0]>> = {
  ru: () => import("./i18n/ru").then((m) => ({ ru: m.ru })),
  bg: () => import("./i18n/bg").then((m) => ({ bg: m.bg })),
  en: () => import("./i18n/en").then((m) => ({ en: m.en })),
};
const texts = loaders[lang]();
void Promise.all([import("react-dom/client"), texts]).then(([{ hydrateRoot }, dictionaries]) => {
  addDictionaries(dictionaries);
  window.setTimeout(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  }, 0);
});
