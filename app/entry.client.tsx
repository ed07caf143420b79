import { startTransition, StrictMode } from "react";
import { HydratedRouter } from "react-router/dom";
import { installStaleChunkReload } from "./lib/stale-chunk";

// A chunk of an older deployment that is gone: reload once (app/lib/stale-chunk.ts).
// Installed before hydration, so a failure while hydrating is covered too.
installStaleChunkReload(window);

// React Router's default client entry, in three tasks rather than one: this
// module, then React DOM's client (its own chunk, ~60 KB brotli, evaluated
// when it arrives), then hydration, which React splits further (it runs in
// a transition). On a slow phone each of these is tens of milliseconds; one
// task holding all of them would delay the first tap (docs/decisions/0011).
void import("react-dom/client").then(({ hydrateRoot }) => {
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
