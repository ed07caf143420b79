import type { Locator, Page } from "@playwright/test";
import { location, locationPath, property } from "../fixtures/data";
import { expect, localize, open, test } from "../fixtures/test";
import { T } from "../fixtures/texts";

/**
 * Pictures of the home, listing and location pages (DESIGN: fast first
 * paint, no layout shift): every picture has width and height (its box is
 * kept while it loads) matching its shape on screen, a srcset (a phone gets
 * a small file), those below the first screen load lazily, and the page's
 * main picture loads at once at high priority, the only one that does.
 * Runs at desktop and phone size: the first screen differs.
 */

interface Picture {
  alt: string;
  src: string;
  width: string | null;
  height: string | null;
  srcset: string | null;
  loading: string | null;
  fetchpriority: string | null;
  /** Top edge relative to the first screen's height, as first laid out (1 = just below it). */
  top: number;
}

const PLACEHOLDER = /\/images\/placeholder\.svg$/;

function pictures(scope: Locator): Promise<Picture[]> {
  return scope.locator("img").evaluateAll((imgs: HTMLImageElement[]) =>
    imgs.map((img) => ({
      alt: img.alt,
      src: img.getAttribute("src") ?? "",
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      srcset: img.getAttribute("srcset"),
      loading: img.getAttribute("loading"),
      fetchpriority: img.getAttribute("fetchpriority"),
      top: (img.getBoundingClientRect().top + window.scrollY) / window.innerHeight,
    })),
  );
}

/** Width and height attributes, a srcset of several widths (for real photos), lazy below the first screen. */
function expectCardPicture(p: Picture, what: string) {
  const label = `${what}: ${p.alt || p.src}`;
  expect(Number(p.width), `${label} width`).toBeGreaterThan(0);
  expect(Number(p.height), `${label} height`).toBeGreaterThan(0);
  if (!PLACEHOLDER.test(p.src)) expect(p.srcset?.match(/ \d+w(,|$)/g)?.length ?? 0, `${label} srcset widths`).toBeGreaterThanOrEqual(2);
  if (p.top >= 1) expect(p.loading, `${label} is below the first screen`).toBe("lazy");
}

/** The main picture: at once (not lazy), high priority, sized, with a srcset. */
function expectMainPicture(p: Picture | undefined, what: string) {
  expect(p, what).toBeDefined();
  expect(p!.loading, `${what} loading`).not.toBe("lazy");
  expect(p!.fetchpriority, `${what} fetchpriority`).toBe("high");
  expect(Number(p!.width), `${what} width`).toBeGreaterThan(0);
  expect(Number(p!.height), `${what} height`).toBeGreaterThan(0);
  expect(p!.srcset?.match(/ \d+w(,|$)/g)?.length ?? 0, `${what} srcset widths`).toBeGreaterThanOrEqual(2);
}

/**
 * Scrolled into view, each picture shows (a lazy one that never loads would
 * be a blank card), in a box of the shape its width and height announce.
 */
async function expectShownInTheirBoxes(page: Page, images: Locator) {
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), `${await img.getAttribute("src")} shows`).toBe(true);
    const { ratio, box } = await img.evaluate((el: HTMLImageElement) => {
      const r = el.getBoundingClientRect();
      return { ratio: Number(el.getAttribute("width")) / Number(el.getAttribute("height")), box: r.width / r.height };
    });
    expect(box, `${await img.getAttribute("src")}: shape on screen vs width/height`).toBeCloseTo(ratio, 1);
  }
}

function onlyMainIsHighPriority(all: Picture[], main: Picture) {
  // The site logo asks for low priority; nothing but the main picture asks for high.
  expect(all.filter((p) => p.fetchpriority === "high").map((p) => p.src)).toEqual([main.src]);
}

test("home: the hero loads at once at high priority; location cards are sized, with srcset, lazy below the first screen", async ({ page }) => {
  await open(page, "/");
  const main = page.getByRole("main");
  const all = await pictures(page.locator("body"));
  const hero = (await pictures(main)).find((p) => p.alt === T.ru.home.heroAlt);
  expectMainPicture(hero, "hero");
  onlyMainIsHighPriority(all, hero!);
  await expect.poll(() => main.getByRole("img", { name: T.ru.home.heroAlt }).evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

  const section = main.getByRole("region", { name: T.ru.home.locations });
  const cards = await pictures(section);
  expect(cards.length).toBe(7);
  for (const p of cards) {
    expectCardPicture(p, "location card");
    // Even the first row is lazy: the hero is the picture that counts.
    expect(p.loading, `location card ${p.src}`).toBe("lazy");
  }
  expect(
    cards.some((p) => p.top >= 1),
    "some location cards start below the first screen",
  ).toBe(true);
  await expectShownInTheirBoxes(page, section.locator("img"));
});

test("listing (bg): the first card's picture loads at once at high priority; the rest are sized, with srcset, lazy", async ({ page }) => {
  await open(page, localize("bg", "/properties"));
  const main = page.getByRole("main");
  const cards = main.getByRole("article");
  await expect(cards).toHaveCount(10);
  const all = await pictures(page.locator("body"));
  const inCards = await pictures(cards);
  const first = inCards[0]!;
  expect(first.alt).toBe(property("alpha").title_bg);
  expectMainPicture(first, "first card");
  onlyMainIsHighPriority(all, first);
  for (const p of inCards.slice(1)) {
    expectCardPicture(p, "card");
    expect(p.loading, `card ${p.alt}`).toBe("lazy");
  }
  expect(
    inCards.some((p) => p.top >= 1),
    "some cards start below the first screen",
  ).toBe(true);
  await expectShownInTheirBoxes(page, cards.locator("img"));
});

test("location page: its picture loads at once at high priority; the cards' pictures are sized, with srcset, lazy", async ({ page }) => {
  const testograd = location("testograd");
  await open(page, locationPath(testograd));
  const main = page.getByRole("main");
  const hero = main.getByRole("button", { name: T.ru.location.openImage }).locator("img");
  const [heroPicture] = await pictures(main.getByRole("button", { name: T.ru.location.openImage }));
  expectMainPicture(heroPicture, "location picture");
  await expect.poll(() => hero.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  onlyMainIsHighPriority(await pictures(page.locator("body")), heroPicture!);

  const cards = main.getByRole("article");
  const inCards = await pictures(cards);
  expect(inCards.length).toBeGreaterThan(3);
  for (const p of inCards) {
    expectCardPicture(p, "card");
    expect(p.loading, `card ${p.alt}`).toBe("lazy");
  }
  // Broken and missing photos among them show the placeholder, in the same box.
  expect(inCards.some((p) => PLACEHOLDER.test(p.src))).toBe(true);
  await expectShownInTheirBoxes(page, cards.locator("img"));
});
