import type { Page, Request } from "@playwright/test";
import { fixtures, listedProperties, property, propertyPath, type FixtureProperty } from "../fixtures/data";
import { currentPath, expect, hydrated, LANGS, localize, open, test, type Lang } from "../fixtures/test";
import { price, T } from "../fixtures/texts";
import { expectVisiblePin } from "../fixtures/walkthrough";

/**
 * The map (issue 21): «Список | Карта» on the listing, clustered markers
 * whose popup is the card, «search as the map moves» in the URL with
 * back/forward, markers reachable by keyboard, and the property page's small
 * map that loads only when scrolled near — approximate places as an area,
 * never the real point. Tiles come from the local fixture
 * (tests/e2e/fixtures/tile-server.mjs).
 */

const TILE_ORIGIN = process.env.E2E_TILE_ORIGIN!;
const titleIn = (p: FixtureProperty, lang: Lang) => (lang === "bg" && p.title_bg ? p.title_bg : p.title);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Properties with a point that the default listing shows. */
const onMap = () => listedProperties().filter((p) => p.point);

function mapRegion(page: Page, lang: Lang) {
  return page.getByRole("region", { name: T[lang].map.region });
}

/** What the browser fetched of the map: tiles, and Leaflet's code or styles. */
function watchMapRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request: Request) => {
    const url = request.url();
    if (url.startsWith(TILE_ORIGIN) || /\/assets\/(listing-map|point-map|pin-map)-/.test(url) || /\.geojson/.test(url)) seen.push(url);
  });
  return seen;
}

/** Presses clusters (each zooms in) until the property's own marker shows, then opens its card. */
async function openMarker(page: Page, lang: Lang, title: string) {
  const region = mapRegion(page, lang);
  const marker = region.getByRole("button", { name: new RegExp(`^${escape(title)},`) });
  const cluster = region.getByRole("button", { name: T[lang].map.cluster });
  for (let i = 0; i < 10 && !(await marker.isVisible()); i++) {
    await expect(marker.or(cluster.first())).toBeVisible();
    if (await marker.isVisible()) break;
    await cluster.first().click();
    // Leaflet animates the zoom; the markers are drawn again when it ends.
    await page.waitForTimeout(400);
  }
  await marker.click();
}

for (const lang of LANGS) {
  test(`the listing loads nothing of the map until «Карта»; then every property with a point is a marker and its popup is the card (${lang})`, async ({
    page,
  }) => {
    const requests = watchMapRequests(page);
    await open(page, localize(lang, "/properties"));
    const main = page.getByRole("main");
    const views = main.getByRole("navigation", { name: T[lang].map.switch });
    await expect(views.getByRole("link", { name: T[lang].map.list })).toHaveAttribute("aria-current", "page");
    await page.waitForLoadState("networkidle");
    expect(requests, "no tile, map code or GeoJSON before the map is opened").toEqual([]);

    await views.getByRole("link", { name: T[lang].map.map }).click();
    await expect(page).toHaveURL(/[?&]view=map(&|$)/);
    await expect(views.getByRole("link", { name: T[lang].map.map })).toHaveAttribute("aria-current", "page");
    const region = mapRegion(page, lang);
    await expect(region).toBeVisible();
    // Every point of the result is on the map: single markers plus what the clusters hold.
    await expect
      .poll(async () => {
        // A complex's own label (issue 33, data-kind="complex") is not one of the properties' points.
        const singles = await region.locator(".leaflet-marker-icon[aria-label]:not([data-kind^='complex'])").evaluateAll((icons) =>
          icons.map((icon) => {
            const label = icon.getAttribute("aria-label") ?? "";
            const n = /^(\d+) /.exec(label);
            return n && !label.includes(",") ? Number(n[1]) : 1;
          }),
        );
        return singles.reduce((a, b) => a + b, 0);
      })
      .toBe(onMap().length);
    expect(
      requests.some((url) => url.startsWith(TILE_ORIGIN)),
      "tiles come from MAP_TILE_URL",
    ).toBe(true);
    // The cards stay under the map: the list alternative.
    await expect(main.getByRole("article").first()).toBeVisible();

    const alpha = property("alpha");
    await openMarker(page, lang, titleIn(alpha, lang));
    const popup = page.locator(".leaflet-popup");
    await expect(popup).toContainText(titleIn(alpha, lang));
    await expect(popup).toContainText(price(alpha.price, lang));
    const link = popup.getByRole("link", { name: new RegExp(escape(titleIn(alpha, lang))) });
    await expect(link).toBeFocused();
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: titleIn(alpha, lang) })).toBeVisible();
    expect(currentPath(page)).toBe(propertyPath(alpha, lang));
  });

  test(`«search as the map moves» writes the visible area to the URL; the list follows, back and forward restore it (${lang})`, async ({ page }) => {
    await open(page, localize(lang, "/properties?view=map"));
    const region = mapRegion(page, lang);
    await expect(region.locator(".leaflet-marker-icon").first()).toBeVisible();
    const found = page.getByRole("main").getByRole("status");
    const everything = await found.textContent();

    await page.getByRole("checkbox", { name: T[lang].map.searchOnMove }).click();
    await expect(page).toHaveURL(/[?&]bbox=/);
    const first = new URL(page.url()).searchParams.get("bbox")!;
    // Only what is inside the area is listed: the properties with a point.
    await expect(found).toHaveText(new RegExp(`\\b${onMap().length}\\b`));
    expect(await found.textContent()).not.toBe(everything);

    // Zooming in is a move: a smaller area in the URL.
    await region.getByRole("button", { name: lang === "ru" ? "Приблизить" : "Увеличи", exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("bbox")).not.toBe(first);
    const second = new URL(page.url()).searchParams.get("bbox")!;

    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get("bbox")).toBe(first);
    await expect(page.getByRole("checkbox", { name: T[lang].map.searchOnMove })).toBeChecked();
    await page.goForward();
    await expect.poll(() => new URL(page.url()).searchParams.get("bbox")).toBe(second);

    await page.getByRole("checkbox", { name: T[lang].map.searchOnMove }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has("bbox")).toBe(false);
    await expect(found).toHaveText(everything!);
  });

  test(`a malformed bbox is ignored by the page, which lists everything (${lang})`, async ({ page }) => {
    const response = await open(page, localize(lang, "/properties?view=map&bbox=1,2,x,4"));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("main").getByRole("status")).toHaveText(new RegExp(`\\b${listedProperties().length}\\b`));
  });
}

test("markers are reached with Tab and opened with Enter; the card's link takes the focus (ru)", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "phone", "keyboard walks run on desktop");
  await open(page, "/properties?view=map");
  const region = mapRegion(page, "ru");
  await expect(region.locator(".leaflet-marker-icon").first()).toBeVisible();
  await region.focus();
  // From the map to its first marker.
  let reached = false;
  for (let i = 0; i < 10 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => document.activeElement?.classList.contains("leaflet-marker-icon") ?? false);
  }
  expect(reached).toBe(true);
  const label = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
  await page.keyboard.press("Enter");
  if (/, /.test(label)) {
    await expect(page.locator(".leaflet-popup a[href]").first()).toBeFocused();
  } else {
    // A cluster: Enter zooms in to its properties.
    await expect(region.getByRole("button", { name: /, / }).first()).toBeVisible();
  }
});

for (const lang of LANGS) {
  test(`the property page's map loads when scrolled near; an approximate place is an area, never the real point (${lang})`, async ({ page }) => {
    const requests = watchMapRequests(page);
    const alpha = property("alpha");
    await open(page, propertyPath(alpha, lang));
    const heading = page.getByRole("heading", { name: T[lang].map.heading });
    await expect(heading).toBeAttached();
    await page.waitForLoadState("networkidle");
    expect(requests, "nothing of the map before the visitor scrolls near it").toEqual([]);
    await heading.scrollIntoViewIfNeeded();
    const map = page.getByTestId("property-map");
    await expect(map.locator(".leaflet-tile-loaded").first()).toBeVisible();
    await expect(map.locator(".leaflet-marker-icon")).toHaveCount(1);
    await expectVisiblePin(page);
    const show = page.getByRole("link", { name: T[lang].map.showOnMap });
    await expect(show).toHaveAttribute("href", new RegExp(`^${escape(localize(lang, "/properties"))}\\?bbox=[^&]+&view=map$`));

    const beta = property("beta");
    const response = await page.goto(propertyPath(beta, lang));
    const html = (await response!.text()) + JSON.stringify(await (await page.request.get(`/properties.geojson?lang=${lang}`)).json());
    // The real point (as typed) appears nowhere: not in the HTML, its data, JSON-LD or the GeoJSON.
    expect(html).not.toMatch(new RegExp(`${escape(String(beta.point!.lat))}(?!\\d)`));
    expect(html).not.toMatch(new RegExp(`${escape(String(beta.point!.lng))}(?!\\d)`));
    await expect(page.getByText(T[lang].map.approximate)).toBeVisible();
    await page.getByRole("heading", { name: T[lang].map.heading }).scrollIntoViewIfNeeded();
    const betaMap = page.getByTestId("property-map");
    await expect(betaMap.locator("path.leaflet-interactive")).toHaveCount(1);
    await expect(betaMap.locator(".leaflet-marker-icon")).toHaveCount(0);
  });

  test(`a visitor who scrolled to the map before the page hydrated (a slow phone) gets the map without scrolling again (${lang})`, async ({ page }) => {
    // The client entry is held back until the visitor has scrolled: the page hydrates after the scroll.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(propertyPath(property("alpha"), lang));
    await page.getByRole("heading", { name: T[lang].map.heading }).scrollIntoViewIfNeeded();
    release();
    await hydrated(page);
    const map = page.getByTestId("property-map");
    await expect(map.locator(".leaflet-marker-icon")).toHaveCount(1);
    await expectVisiblePin(page);
  });

  test(`on a screen tall enough to show it at once, the property page's map waits to be asked for (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 2600 });
    const requests = watchMapRequests(page);
    await open(page, propertyPath(property("gamma"), lang));
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
    await page.getByRole("button", { name: T[lang].map.open }).click();
    await expect(page.getByTestId("property-map").locator(".leaflet-marker-icon")).toHaveCount(1);
    await expectVisiblePin(page);
  });

  test(`a map whose code fails to load says so in its frame, in the page's language, and «Повторить» loads it; the page stays (${lang})`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/point-map|Failed to fetch dynamically imported module|net::ERR_FAILED/);
    await page.route(/\/assets\/point-map-[^/]+\.js$/, (route) => route.abort());
    const alpha = property("alpha");
    await open(page, propertyPath(alpha, lang));
    await page.getByRole("heading", { name: T[lang].map.heading }).scrollIntoViewIfNeeded();
    const frame = page.getByRole("alert").filter({ hasText: T[lang].map.failed });
    await expect(frame).toBeVisible();
    // The page is still there: its title, no error screen.
    await expect(page.getByRole("heading", { level: 1, name: titleIn(alpha, lang) })).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.unroute(/\/assets\/point-map-[^/]+\.js$/);
    await page.getByRole("button", { name: T[lang].map.retry }).click();
    await expectVisiblePin(page);
  });

  test(`a property with its price on request is «${T[lang].card.priceOnRequest}» on the map, not a bare «€» (${lang})`, async ({ page }) => {
    // The catalogue's one such property has no point: the map's data says there is one.
    await page.route(/\/properties\.geojson/, (route) =>
      route.fulfill({
        contentType: "application/geo+json",
        body: JSON.stringify({
          type: "FeatureCollection",
          features: [
            {
              type: "Feature",
              geometry: { type: "Point", coordinates: [27.69, 42.42] },
              properties: { id: "x", title: "Дом без цены", price: null, status: "available", url: "/x", precision: "exact", image: null },
            },
          ],
        }),
      }),
    );
    await open(page, localize(lang, "/properties?view=map"));
    const marker = mapRegion(page, lang).getByRole("button", { name: /^Дом без цены,/ });
    await expect(marker).toHaveText(T[lang].card.priceOnRequest);
  });
}

test("clusters open with Enter and Space; Esc closes a card and gives the focus back to its marker (ru)", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "phone", "keyboard walks run on desktop");
  const region = mapRegion(page, "ru");
  const cluster = region.getByRole("button", { name: T.ru.map.cluster }).first();
  // The map's zoom, from its tiles' URLs (/{z}/{x}/{y}.png): Leaflet puts the current zoom's tiles in the level on top.
  const zoomOf = () =>
    page.evaluate(() => {
      const levels = [...document.querySelectorAll<HTMLElement>(".leaflet-tile-container")];
      const top = levels.sort((a, b) => Number(b.style.zIndex) - Number(a.style.zIndex))[0];
      const src = top?.querySelector("img")?.getAttribute("src") ?? "";
      return Number(/\/(\d+)\/\d+\/\d+\.png/.exec(src)?.[1] ?? 0);
    });
  for (const key of ["Enter", "Space"]) {
    // Each key from the same fresh map: right after a zoom, the clusters of the level before are still drawn
    // until the move ends, and one of them (whose zoom-in is no deeper) can be the first one found.
    await open(page, "/properties?view=map");
    // The catalogue's points are clusters only from some way out.
    for (let i = 0; i < 8 && !(await cluster.isVisible()); i++) {
      await region.getByRole("button", { name: "Отдалить", exact: true }).click();
      await page.waitForTimeout(300);
      await expect(page.locator(".leaflet-zoom-anim")).toHaveCount(0);
    }
    await expect(cluster).toBeVisible();
    const before = await zoomOf();
    await cluster.focus();
    await page.keyboard.press(key);
    await expect.poll(zoomOf, `${key} zooms in`).toBeGreaterThan(before);
    // The cluster is gone with the zoom: the focus is on the map, whose next Tab stops are the markers.
    await expect(region).toBeFocused();
  }
  const marker = region.getByRole("button", { name: /, / }).first();
  await expect(marker).toBeVisible();
  await marker.focus();
  await page.keyboard.press("Enter");
  const link = page.locator(".leaflet-popup a[href]").first();
  await expect(link).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.locator(".leaflet-popup")).toHaveCount(0);
  await expect(marker).toBeFocused();
});

test("a complex is a label of its own on the listing's map, inside the map; its popup leads to its page (issue 33)", async ({ page }) => {
  const complex = fixtures().complex;
  await open(page, "/properties?view=map");
  const region = mapRegion(page, "ru");
  const label = region.locator(".leaflet-marker-icon[data-kind='complex']", { hasText: complex.name });
  await expect(label).toBeVisible();
  const frame = (await region.boundingBox())!;
  // The marker is a point; its pill is drawn centred above it.
  const box = (await label.locator("span").first().boundingBox())!;
  expect(
    box.x >= frame.x && box.y >= frame.y && box.x + box.width <= frame.x + frame.width,
    `the label ${JSON.stringify(box)} is inside the map ${JSON.stringify(frame)}`,
  ).toBe(true);
  await label.click();
  const popup = page.locator(".leaflet-popup");
  await expect(popup).toContainText(complex.name);
  await popup.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: complex.name })).toBeVisible();
  expect(decodeURIComponent(currentPath(page))).toBe(`/${complex.locationSlug}/комплекс/${complex.slug}`);
});
