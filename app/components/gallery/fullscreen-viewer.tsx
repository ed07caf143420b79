import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from "react";
import { keepFocusInside } from "../keep-focus-inside";
import { GALLERY_REFRESH_DELAY_MS, withCacheBust } from "./cache-bust";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, RefreshIcon, Spinner, ZoomInIcon, ZoomOutIcon } from "./icons";
import { galleryCounter, type GalleryLabels } from "./labels";

export type FullscreenViewerProps = {
  images: string[];
  startIndex: number;
  title: string;
  labels: GalleryLabels;
  onClose: () => void;
  /** Told about every navigation, so an inline gallery can follow the viewer. */
  onIndexChange?: (index: number) => void;
};

/** Horizontal travel that counts as a swipe. */
const SWIPE_THRESHOLD_PX = 50;
/** Travel after which a press is a drag, not a click. */
const DRAG_SLOP_PX = 6;
const ZOOM_FACTOR = 2;

type Status = "loading" | "loaded" | "error";
/** The zoomed image size and the point (fractions of the image) to bring into view. */
type Zoom = { width: number; height: number; fx: number; fy: number };
type Press = { id: number; x: number; y: number; left: number; top: number; moved: boolean; pan: boolean };

const wrap = (i: number, n: number) => (n > 0 ? ((i % n) + n) % n : 0);
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * The shortcut a key press stands for. Letters are matched by the character typed,
 * falling back to the physical key on non-Latin layouts (Russian, Bulgarian).
 */
function shortcutOf(event: KeyboardEvent): string {
  if (/^[a-z]$/i.test(event.key)) return event.key.toLowerCase();
  if (event.key.length === 1) {
    if (event.code === "KeyZ") return "z";
    if (event.code === "KeyR") return "r";
  }
  return event.key;
}

const controlButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/15 transition hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white aria-pressed:bg-white aria-pressed:text-slate-900 sm:size-12";
const navButton =
  "absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/45 text-white ring-1 ring-white/20 transition hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:size-14";

/**
 * Full-screen image viewer (SPEC §2 "Full-screen gallery") on a modal `<dialog>`:
 * Escape closes, ←/→ navigate with wrap-around, Z toggles a 2× zoom (pan by
 * scrolling or dragging), R re-requests the images after 500 ms; page scroll is
 * locked while open and focus goes back to the opener on close. Swipes navigate
 * on touch screens. Render it only while open; unmounting closes it.
 */
export function FullscreenViewer({ images, startIndex, title, labels, onClose, onIndexChange }: FullscreenViewerProps) {
  const count = images.length;
  const [rawIndex, setRawIndex] = useState(() => wrap(startIndex, count));
  const index = wrap(rawIndex, count);
  const [bust, setBust] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  /** How the last image to finish came out; anything else on screen is still loading. */
  const [result, setResult] = useState<{ src: string; ok: boolean } | null>(null);
  const [zoom, setZoom] = useState<Zoom | null>(null);

  const original = images[index];
  const src = original ? withCacheBust(original, bust) : "";
  const status: Status = refreshing ? "loading" : !src ? "error" : result?.src !== src ? "loading" : result.ok ? "loaded" : "error";

  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const refreshTimer = useRef<number | undefined>(undefined);
  const press = useRef<Press | null>(null);
  const suppressClick = useRef(false);

  const go = useCallback(
    (delta: number) => {
      if (count < 2) return;
      setZoom(null);
      setRawIndex((i) => wrap(i + delta, count));
    },
    [count],
  );

  const refresh = useCallback(() => {
    window.clearTimeout(refreshTimer.current);
    setZoom(null);
    setRefreshing(true);
    refreshTimer.current = window.setTimeout(() => {
      setBust((b) => b + 1);
      setRefreshing(false);
    }, GALLERY_REFRESH_DELAY_MS);
  }, []);

  const toggleZoom = (point?: { x: number; y: number }) => {
    if (zoom) {
      setZoom(null);
      return;
    }
    const img = imgRef.current;
    if (!img || status !== "loaded") return;
    const rect = img.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    setZoom({
      width: rect.width * ZOOM_FACTOR,
      height: rect.height * ZOOM_FACTOR,
      fx: point ? clamp01((point.x - rect.left) / rect.width) : 0.5,
      fy: point ? clamp01((point.y - rect.top) / rect.height) : 0.5,
    });
  };

  // Open as a modal (top layer, inert page; Tab wraps inside, keepFocusInside); lock page scroll;
  // on unmount close it, unlock and give focus back to whatever opened it.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    const previousGutter = root.style.scrollbarGutter;
    const hasScrollbar = window.innerWidth > root.clientWidth;
    root.style.overflow = "hidden";
    if (hasScrollbar) root.style.scrollbarGutter = "stable";
    if (!dialog.open) dialog.showModal();
    closeButtonRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      root.style.overflow = previousOverflow;
      root.style.scrollbarGutter = previousGutter;
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  useEffect(() => () => window.clearTimeout(refreshTimer.current), []);

  const onIndexChangeRef = useRef(onIndexChange);
  useEffect(() => {
    onIndexChangeRef.current = onIndexChange;
  });
  useEffect(() => {
    if (count > 0) onIndexChangeRef.current?.(index);
  }, [index, count]);

  // Keyboard shortcuts, listened to on the document so they work wherever focus is.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => {});
  useEffect(() => {
    keyHandler.current = (event) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      switch (shortcutOf(event)) {
        case "Escape":
          event.preventDefault();
          onClose();
          break;
        case "ArrowLeft":
          event.preventDefault();
          go(-1);
          break;
        case "ArrowRight":
          event.preventDefault();
          go(1);
          break;
        case "z":
          event.preventDefault();
          if (!event.repeat) toggleZoom();
          break;
        case "r":
          event.preventDefault();
          if (!event.repeat) refresh();
          break;
      }
    };
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);

  // Bring the zoom point into view once the enlarged image is laid out.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const img = imgRef.current;
    if (!zoom || !scroller || !img) return;
    scroller.scrollLeft = img.offsetLeft + zoom.fx * zoom.width - scroller.clientWidth / 2;
    scroller.scrollTop = img.offsetTop + zoom.fy * zoom.height - scroller.clientHeight / 2;
  }, [zoom]);

  // Warm the cache for the neighbours once the current image is in.
  useEffect(() => {
    if (status !== "loaded" || count < 2) return;
    for (const delta of [1, -1]) {
      const neighbour = images[wrap(index + delta, count)];
      if (!neighbour) continue;
      const preload = new Image();
      preload.decoding = "async";
      preload.src = withCacheBust(neighbour, bust);
    }
  }, [status, index, count, images, bust]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || !event.isPrimary) return;
    const scroller = event.currentTarget;
    const pan = zoom !== null && event.pointerType === "mouse";
    press.current = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      left: scroller.scrollLeft,
      top: scroller.scrollTop,
      moved: false,
      pan,
    };
    if (pan) {
      event.preventDefault();
      scroller.setPointerCapture(event.pointerId);
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const p = press.current;
    if (!p || p.id !== event.pointerId) return;
    const dx = event.clientX - p.x;
    const dy = event.clientY - p.y;
    if (Math.abs(dx) > DRAG_SLOP_PX || Math.abs(dy) > DRAG_SLOP_PX) p.moved = true;
    if (p.pan) {
      event.currentTarget.scrollLeft = p.left - dx;
      event.currentTarget.scrollTop = p.top - dy;
    }
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const p = press.current;
    if (!p || p.id !== event.pointerId) return;
    press.current = null;
    suppressClick.current = p.moved;
    if (p.pan || zoom) return;
    const dx = event.clientX - p.x;
    const dy = event.clientY - p.y;
    if (Math.abs(dx) >= SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy) * 1.2) go(dx < 0 ? 1 : -1);
  };

  const onPointerCancel = () => {
    press.current = null;
  };

  const onImageClick = (event: ReactMouseEvent<HTMLImageElement>) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    toggleZoom({ x: event.clientX, y: event.clientY });
  };

  const many = count > 1;

  return (
    <dialog
      ref={dialogRef}
      aria-label={title}
      tabIndex={-1}
      onKeyDown={keepFocusInside}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // Closed by the browser itself (e.g. a forced close request): keep the owner in step.
        if (!dialogRef.current?.open) onClose();
      }}
      className="m-0 h-full max-h-none w-full max-w-none overflow-hidden border-0 bg-transparent p-0 text-white outline-none backdrop:bg-slate-950/95 open:flex open:flex-col"
    >
      <div className="flex items-center gap-2 bg-linear-to-b from-black/60 to-transparent p-2 sm:gap-3 sm:p-4">
        <p aria-live="polite" className="min-w-14 rounded-full bg-black/40 px-3 py-1.5 text-center text-sm font-medium tabular-nums">
          {count > 0 ? galleryCounter(index + 1, count) : null}
        </p>
        <p className="hidden min-w-0 flex-1 truncate text-sm text-white/80 sm:block">{title}</p>
        <div className="ml-auto flex items-center gap-2">
          <button
            type="button"
            className={controlButton}
            aria-label={labels.zoom}
            aria-pressed={zoom !== null}
            aria-keyshortcuts="Z"
            title={`${labels.zoom} (Z)`}
            onClick={() => toggleZoom()}
          >
            {zoom ? <ZoomOutIcon /> : <ZoomInIcon />}
          </button>
          <button type="button" className={controlButton} aria-label={labels.refresh} aria-keyshortcuts="R" title={`${labels.refresh} (R)`} onClick={refresh}>
            <RefreshIcon />
          </button>
          <button
            ref={closeButtonRef}
            type="button"
            className={controlButton}
            aria-label={labels.close}
            aria-keyshortcuts="Escape"
            title={`${labels.close} (Esc)`}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
      </div>

      <div className="relative min-h-0 flex-1" aria-busy={status === "loading"}>
        <div
          ref={scrollerRef}
          className={`absolute inset-0 flex p-2 sm:p-4 ${zoom ? "cursor-zoom-out overflow-auto overscroll-contain" : "touch-pan-y touch-pinch-zoom overflow-hidden"}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
        >
          {src ? (
            <img
              key={src}
              ref={imgRef}
              src={src}
              alt={`${title} — ${index + 1}`}
              decoding="async"
              draggable={false}
              onLoad={() => setResult({ src, ok: true })}
              onError={() => setResult({ src, ok: false })}
              onClick={onImageClick}
              style={zoom ? { width: zoom.width, height: zoom.height } : undefined}
              className={`m-auto block select-none object-contain transition-opacity duration-200 ${
                zoom ? "max-h-none max-w-none cursor-zoom-out" : "max-h-full max-w-full cursor-zoom-in"
              } ${status === "loaded" ? "opacity-100" : "opacity-0"}`}
            />
          ) : null}
        </div>

        {status === "loading" ? (
          <div role="status" className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-3">
            <Spinner className="size-10 text-white/90" />
            <span className="text-sm text-white/80">{labels.loading}</span>
          </div>
        ) : null}

        {status === "error" ? (
          <div className="absolute inset-0 flex items-center justify-center p-6">
            <div className="flex max-w-sm flex-col items-center gap-4 rounded-2xl bg-white/10 px-6 py-5 text-center ring-1 ring-white/15">
              <p role="alert" className="font-medium">
                {count > 0 ? labels.error : labels.noImage}
              </p>
              {count > 0 ? (
                <button
                  type="button"
                  onClick={refresh}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-5 font-medium text-slate-900 transition hover:bg-sea-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                >
                  <RefreshIcon className="size-5" />
                  {labels.tryAgain}
                </button>
              ) : null}
            </div>
          </div>
        ) : null}

        {many ? (
          <>
            <button
              type="button"
              className={`${navButton} left-2 sm:left-4`}
              aria-label={labels.previous}
              aria-keyshortcuts="ArrowLeft"
              title={`${labels.previous} (←)`}
              onClick={() => go(-1)}
            >
              <ChevronLeftIcon className="size-7" />
            </button>
            <button
              type="button"
              className={`${navButton} right-2 sm:right-4`}
              aria-label={labels.next}
              aria-keyshortcuts="ArrowRight"
              title={`${labels.next} (→)`}
              onClick={() => go(1)}
            >
              <ChevronRightIcon className="size-7" />
            </button>
          </>
        ) : null}
      </div>
    </dialog>
  );
}
