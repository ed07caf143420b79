import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FullscreenViewer } from "./fullscreen-viewer";
import { GALLERY_LABELS, galleryCounter } from "./labels";
import { PropertyGallery } from "./property-gallery";

const labels = GALLERY_LABELS.ru;
const images = ["/upload/properties/a.webp", "/upload/properties/b.webp", "/upload/properties/c.webp"];

describe("PropertyGallery server rendering", () => {
  it("renders the first image eagerly, at high priority, with a fixed size, plus counter and thumbnails", () => {
    const html = renderToString(<PropertyGallery images={images} title="Вилла у моря" labels={labels} placeholder="/images/placeholder.svg" />);
    expect(html).toMatch(/<img[^>]*src="\/upload\/properties\/a\.webp"[^>]*>/);
    const main = /<img[^>]*src="\/upload\/properties\/a\.webp"[^>]*>/.exec(html)?.[0] ?? "";
    expect(main).toContain('loading="eager"');
    expect(main).toContain('fetchPriority="high"');
    expect(main).toContain('width="1200"');
    expect(main).toContain('height="800"');
    expect(html).toContain("1 / 3");
    expect(html).toContain('aria-label="Фото 3"');
    expect(html).toContain('aria-current="true"');
    expect(html).toContain(`aria-label="${labels.openFullscreen}"`);
    expect(html).not.toContain("<dialog");
  });

  it("shows the placeholder with 'Нет изображения' when there are no images", () => {
    const html = renderToString(<PropertyGallery images={["", "  "]} title="Дом" labels={labels} placeholder="/images/placeholder.svg" />);
    expect(html).toContain('src="/images/placeholder.svg"');
    expect(html).toContain('alt="Нет изображения"');
    expect(html).not.toContain("<button");
  });

  it("has one image and no arrows, counter or thumbnails for a single photo", () => {
    const html = renderToString(<PropertyGallery images={["/a.webp"]} title="Дом" labels={GALLERY_LABELS.bg} placeholder="/p.svg" />);
    expect(html).not.toContain(GALLERY_LABELS.bg.next);
    expect(html).not.toContain("1 / 1");
    expect(html).not.toContain("<ul");
  });
});

describe("FullscreenViewer server rendering", () => {
  it("renders a closed dialog without touching the DOM", () => {
    const html = renderToString(<FullscreenViewer images={images} startIndex={4} title="Вилла" labels={labels} onClose={() => {}} />);
    expect(html).toContain("<dialog");
    expect(html).not.toMatch(/<dialog[^>]*\sopen[=\s>]/);
    expect(html).toContain("2 / 3");
    expect(html).toContain(labels.loading);
  });
});

describe("labels", () => {
  it("use SPEC's wording", () => {
    for (const lang of ["ru", "bg"] as const) {
      expect(GALLERY_LABELS[lang].error).toBe("Error loading images");
      expect(GALLERY_LABELS[lang].tryAgain).toBe("Try Again");
    }
    expect(GALLERY_LABELS.ru.noImage).toBe("Нет изображения");
    expect(GALLERY_LABELS.bg.noImage).toBe("Няма изображение");
    expect(galleryCounter(3, 7)).toBe("3 / 7");
  });
});
