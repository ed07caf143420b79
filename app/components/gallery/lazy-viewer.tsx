import { lazy, Suspense, type ComponentProps } from "react";
import type { FullscreenViewer as Viewer } from "./fullscreen-viewer";

// The full-screen viewer (3.5 KB brotli) is fetched when a visitor first opens it, not with the page:
// the property and location pages stay within their JavaScript budget.
const FullscreenViewer = lazy(() => import("./fullscreen-viewer").then((module) => ({ default: module.FullscreenViewer })));

/** The full-screen viewer, loaded on first use. */
export function LazyFullscreenViewer(props: ComponentProps<typeof Viewer>) {
  return (
    <Suspense fallback={null}>
      <FullscreenViewer {...props} />
    </Suspense>
  );
}
