import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { LazyFullscreenViewer as FullscreenViewer } from "./lazy-viewer";
import { ChevronLeftIcon, ChevronRightIcon, ExpandIcon } from "./icons";
import { galleryCounter, type GalleryLabels } from "./labels";

export type PropertyGalleryProps = {
  images: string[];
  title: string;
  labels: GalleryLabels;
  /** Shown when there are no images and in place of a broken one. */
  placeholder: string;
  /** Address of a smaller rendition for the thumbnail row (e.g. a WebP variant); the image itself by default. */
  thumbnailSrc?: (src: string) => string;
  /** A srcset for the main image (resized variants); none by default. */
  srcSetOf?: (src: string) => string | undefined;
};

/** Intrinsic size given to the main image so the page does not shift while it loads (3:2, like the box). */
const MAIN_WIDTH = 1200;
const MAIN_HEIGHT = 800;

const wrap = (i: number, n: number) => (n > 0 ? ((i % n) + n) % n : 0);

const arrowButton =
  "absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-sea-900 shadow-md ring-1 ring-black/5 transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600 sm:size-12";

/**
 * Property page gallery (SPEC §2): main image with arrows (wrap-around), a
 * counter and a row of thumbnails; the main image opens the full-screen viewer.
 * Server-rendered it is the first image, eager and high priority, in a 3:2 box.
 */
export function PropertyGallery({ images: rawImages, title, labels, placeholder, thumbnailSrc, srcSetOf }: PropertyGalleryProps) {
  const images = useMemo(() => rawImages.filter((src) => src.trim() !== ""), [rawImages]);
  const count = images.length;
  const [rawIndex, setRawIndex] = useState(0);
  const index = wrap(rawIndex, count);
  const [open, setOpen] = useState(false);
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());
  const listRef = useRef<HTMLUListElement>(null);
  const touchStart = useRef<{ clientX: number; clientY: number } | undefined>(undefined);

  const markBroken = useCallback(
    (src: string | null) => {
      if (!src || src === placeholder) return;
      setBroken((previous) => (previous.has(src) ? previous : new Set(previous).add(src)));
    },
    [placeholder],
  );

  // An image that failed before hydration fired its error event before React listened.
  const mainImageRef = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0) markBroken(img.getAttribute("src"));
    },
    [markBroken],
  );

  const go = (delta: number) => setRawIndex((i) => wrap(wrap(i, count) + delta, count));

  // Keep the active thumbnail visible inside its row without scrolling the page.
  useEffect(() => {
    const list = listRef.current;
    const item = list?.children[index];
    if (!list || !(item instanceof HTMLElement)) return;
    const start = item.offsetLeft;
    const end = start + item.offsetWidth;
    if (start < list.scrollLeft) list.scrollTo({ left: start - 8, behavior: "smooth" });
    else if (end > list.scrollLeft + list.clientWidth) {
      list.scrollTo({ left: end - list.clientWidth + 8, behavior: "smooth" });
    }
  }, [index]);

  if (count === 0) {
    return (
      <div className="aspect-[3/2] overflow-hidden rounded-2xl bg-sea-100 ring-1 ring-slate-200">
        <img src={placeholder} alt={labels.noImage} width={MAIN_WIDTH} height={MAIN_HEIGHT} className="size-full object-cover" />
      </div>
    );
  }

  const many = count > 1;
  const current = images[index] ?? placeholder;
  const mainSrc = broken.has(current) ? placeholder : current;

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (open || !many || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      go(event.key === "ArrowLeft" ? -1 : 1);
    }
  };

  return (
    <>
      <div className="min-w-0" onKeyDown={onKeyDown}>
        {/* A sideways swipe turns the photo on touch screens (issue 30); pan-y leaves the page's scrolling to the browser. */}
        <div
          className="group relative aspect-[3/2] touch-pan-y overflow-hidden rounded-2xl bg-sea-100 shadow-sm ring-1 ring-slate-200"
          onTouchStart={(event) => (touchStart.current = event.touches[0])}
          onTouchEnd={(event) => {
            const from = touchStart.current;
            const to = event.changedTouches[0];
            const dx = from && to ? to.clientX - from.clientX : 0;
            if (many && Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(to!.clientY - from!.clientY)) go(dx < 0 ? 1 : -1);
          }}
        >
          <button
            type="button"
            aria-label={labels.openFullscreen}
            aria-haspopup="dialog"
            onClick={(event) => {
              // Safari does not focus a clicked button; the viewer gives focus back to it on close.
              event.currentTarget.focus();
              setOpen(true);
            }}
            className="absolute inset-0 block size-full cursor-zoom-in focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-sea-600"
          >
            <img
              ref={mainImageRef}
              src={mainSrc}
              srcSet={mainSrc === placeholder ? undefined : srcSetOf?.(mainSrc)}
              sizes="(min-width: 1024px) 680px, 100vw"
              alt={`${title} — ${index + 1}`}
              width={MAIN_WIDTH}
              height={MAIN_HEIGHT}
              loading="eager"
              fetchPriority={index === 0 ? "high" : "auto"}
              onError={(event) => markBroken(event.currentTarget.getAttribute("src"))}
              className="size-full object-cover"
            />
            <span
              aria-hidden="true"
              className="absolute right-3 top-3 inline-flex size-10 items-center justify-center rounded-full bg-black/45 text-white opacity-90 transition group-hover:bg-black/60 group-hover:opacity-100"
            >
              <ExpandIcon className="size-5" />
            </span>
          </button>

          {many ? (
            <>
              <button type="button" className={`${arrowButton} left-2 sm:left-3`} aria-label={labels.previous} onClick={() => go(-1)}>
                <ChevronLeftIcon />
              </button>
              <button type="button" className={`${arrowButton} right-2 sm:right-3`} aria-label={labels.next} onClick={() => go(1)}>
                <ChevronRightIcon />
              </button>
              <p
                aria-live="polite"
                className="pointer-events-none absolute bottom-3 right-3 rounded-full bg-black/60 px-3 py-1 text-sm font-medium text-white tabular-nums"
              >
                {galleryCounter(index + 1, count)}
              </p>
            </>
          ) : null}
        </div>

        {many ? (
          <ul ref={listRef} className="relative mt-3 flex snap-x gap-2 overflow-x-auto p-1 contain-inline-size [scrollbar-width:thin]">
            {images.map((src, i) => {
              const active = i === index;
              const thumb = thumbnailSrc ? thumbnailSrc(src) : src;
              return (
                <li key={`${i}:${src}`} className="shrink-0 snap-start">
                  <button
                    type="button"
                    aria-label={labels.thumbnail.replace("{n}", String(i + 1))}
                    aria-current={active ? "true" : undefined}
                    onClick={() => setRawIndex(i)}
                    className={`block h-16 w-24 overflow-hidden rounded-lg bg-sea-100 ring-2 ring-offset-2 ring-offset-sand-50 transition focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-sea-600 sm:h-20 sm:w-30 ${
                      active ? "ring-sea-600" : "ring-transparent opacity-75 hover:opacity-100"
                    }`}
                  >
                    <img
                      src={broken.has(src) ? placeholder : thumb}
                      alt=""
                      width={160}
                      height={107}
                      loading="lazy"
                      decoding="async"
                      fetchPriority="low"
                      draggable={false}
                      onError={(event) => {
                        const img = event.currentTarget;
                        if (thumb === src) markBroken(src);
                        else if (img.getAttribute("src") !== placeholder) img.src = placeholder;
                      }}
                      className="size-full object-cover"
                    />
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>

      {open ? (
        <FullscreenViewer images={images} startIndex={index} title={title} labels={labels} onClose={() => setOpen(false)} onIndexChange={setRawIndex} />
      ) : null}
    </>
  );
}
