/** The picture shown where an image is missing or broken (SPEC §2, 'Нет изображения'). */
export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

function swapToPlaceholder(img: HTMLImageElement) {
  if (img.getAttribute("src") === PLACEHOLDER_IMAGE) return;
  // srcset wins over src, so it must go too or the broken candidate stays.
  img.removeAttribute("srcset");
  img.src = PLACEHOLDER_IMAGE;
}

/** onError of a picture: show the placeholder instead of a broken image. */
export function showPlaceholder(event: React.SyntheticEvent<HTMLImageElement>) {
  swapToPlaceholder(event.currentTarget);
}

/**
 * ref of the same picture: an image that failed before hydration fired its
 * error event before React listened, so it is caught when React attaches.
 */
export function placeholderIfBroken(img: HTMLImageElement | null) {
  if (img?.complete && img.naturalWidth === 0 && img.getAttribute("src")) swapToPlaceholder(img);
}
