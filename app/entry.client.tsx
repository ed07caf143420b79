import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installStaleChunkReload } from "./lib/stale-chunk";

// A chunk of an older deployment that is gone: reload once (app/lib/stale-chunk.ts).
// Installed before hydration, so a failure while hydrating is covered too.
installStaleChunkReload(window);

// React Router's default client entry.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
