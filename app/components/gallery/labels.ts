import type { Lang } from "~/i18n/lang";

/** Interface texts of the property gallery and the full-screen viewer. */
export type GalleryLabels = {
  previous: string;
  next: string;
  close: string;
  zoom: string;
  refresh: string;
  openFullscreen: string;
  /** "Фото {n}": plain data, so a page's loader sends only its language's labels (issue 31). */
  thumbnail: string;
  loading: string;
  /** SPEC §2 wording, verbatim in both languages. */
  error: string;
  /** SPEC §2 wording, verbatim in both languages. */
  tryAgain: string;
  noImage: string;
};

export const GALLERY_LABELS: Record<Lang, GalleryLabels> = {
  ru: {
    previous: "Предыдущее фото",
    next: "Следующее фото",
    close: "Закрыть",
    zoom: "Увеличить",
    refresh: "Обновить изображения",
    openFullscreen: "Открыть на весь экран",
    thumbnail: "Фото {n}",
    loading: "Загрузка…",
    error: "Error loading images",
    tryAgain: "Try Again",
    noImage: "Нет изображения",
  },
  bg: {
    previous: "Предишна снимка",
    next: "Следваща снимка",
    close: "Затвори",
    zoom: "Увеличи",
    refresh: "Обнови изображенията",
    openFullscreen: "Отвори на цял екран",
    thumbnail: "Снимка {n}",
    loading: "Зареждане…",
    error: "Error loading images",
    tryAgain: "Try Again",
    noImage: "Няма изображение",
  },
  en: {
    previous: "Previous photo",
    next: "Next photo",
    close: "Close",
    zoom: "Zoom in",
    refresh: "Reload the images",
    openFullscreen: "Open full screen",
    thumbnail: "Photo {n}",
    loading: "Loading…",
    error: "Error loading images",
    tryAgain: "Try Again",
    noImage: "No image",
  },
};

/** "3 / 7": the position in the photos, the same in every language. */
export const galleryCounter = (n: number, total: number) => `${n} / ${total}`;
