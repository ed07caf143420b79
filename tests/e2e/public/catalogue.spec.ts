import type { Locator, Page } from "@playwright/test";
import { location, locationPath, property, propertyPath, type FixtureProperty } from "../fixtures/data";
import { currentPath, decodedHref, expect, isPhone, LANGS, localize, open, test, type Lang } from "../fixtures/test";
import { area, price, T } from "../fixtures/texts";

/**
 * The seaside catalogue's public side (issue 20), in Russian and Bulgarian:
 * status badges, the key facts as chips, studios, €/m², the recent-cut badge,
 * the property page's facts grid and sold banner, the availability in
 * JSON-LD, the home page's rows, the folding «Фильтры» panel and its URL,
 * and Russian place names in their case.
 *
 * Fixtures (tests/e2e/fixtures/data.ts): «Морской бриз» (every fact,
 * featured, price cut from 160 000 to 152 000), the reserved studio «Студия
 * Старт» (Act 14, 2027-Q2, ground floor) and the sold house «Дом Закат».
 */

const NBSP = /[\s\u00a0]+/g;
const norm = (text: string) => text.replace(NBSP, " ").trim();
const titleIn = (p: FixtureProperty, lang: Lang) => (lang === "bg" && p.title_bg ? p.title_bg : p.title);
/** "2 000 €/м²" as the site writes it (Bulgarian groups only from five digits). */
const perM2 = (value: number, lang: Lang) => `${price(value, lang)}/м²`;

function main(page: Page) {
  return page.getByRole("main");
}
function card(scope: Locator, title: string): Locator {
  return scope.getByRole("article").filter({ has: scope.page().getByRole("heading", { name: title, exact: true }) });
}
/** The value of a fact in the property page's grid (its <dd>), by the fact's label. */
function fact(page: Page, label: string): Locator {
  return main(page)
    .locator("dl > div")
    .filter({ has: page.locator("dt").getByText(label, { exact: true }) })
    .locator("dd");
}
async function availability(page: Page): Promise<string | undefined> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const listing = blocks.map((b) => JSON.parse(b) as { "@type"?: string; offers?: { availability?: string } }).find((d) => d["@type"] === "RealEstateListing");
  return listing?.offers?.availability;
}

for (const lang of LANGS) {
  const t = T[lang];
  const seaside = () => property("seaside");
  const studio = () => property("studio");
  const sold = () => property("soldHouse");

  test.describe(`cards (${lang})`, () => {
    test("€/m², the key facts as chips and the recent cut with the old price struck through", async ({ page }) => {
      await open(page, localize(lang, `/properties?search=${encodeURIComponent(lang === "bg" ? "Морски бриз" : "Морской бриз")}`));
      const c = card(main(page), titleIn(seaside(), lang));
      await expect(c).toHaveCount(1);
      const testograd = location("testograd");
      await expect(c.getByText(`${lang === "bg" ? testograd.name_bg : testograd.name} · ${area(76, lang)} · ${perM2(2000, lang)}`)).toBeVisible();
      await expect(c.getByText(t.card.reduced, { exact: true })).toBeVisible();
      const old = c.locator("s");
      await expect(old).toBeVisible();
      // Read out as «Прежняя цена: …» (the words are for screen readers only).
      expect(norm(await old.innerText())).toBe(norm(`${t.card.oldPrice}: ${price(160000, lang)}`));
      expect(norm(await c.locator("p").first().locator("span").first().innerText())).toBe(norm(price(152000, lang)));
      const chips = (await c.getByRole("listitem").allInnerTexts()).map(norm);
      expect(chips).toEqual([
        t.card.bedrooms(2),
        t.card.bathrooms(1),
        T[lang].listing.types.apartment,
        t.card.seaDistance("150 м"),
        t.card.seaView,
        t.card.firstLine,
        t.card.act16,
      ]);
    });

    test("a reserved studio: its badge, «studio» for 0 bedrooms, the distance in km and the completion quarter", async ({ page }) => {
      await open(page, localize(lang, `/properties?search=${encodeURIComponent("Старт")}`));
      const c = card(main(page), titleIn(studio(), lang));
      await expect(c.getByText(t.card.reserved, { exact: true })).toBeVisible();
      await expect(c.getByText(t.card.reduced)).toHaveCount(0);
      await expect(c.getByText(`· ${area(30.5, lang)} · ${perM2(2000, lang)}`)).toBeVisible();
      const chips = (await c.getByRole("listitem").allInnerTexts()).map(norm);
      expect(chips).toEqual([t.card.studio, t.card.bathrooms(1), T[lang].listing.types.apartment, t.card.seaDistance("1,2 км"), t.card.completion("2027-Q2")]);
    });

    test("a sold property's card says so (with status=all, which shows sold ones too)", async ({ page }) => {
      await open(page, localize(lang, `/properties?search=${encodeURIComponent(lang === "bg" ? "Залез" : "Закат")}&status=all`));
      const c = card(main(page), titleIn(sold(), lang));
      await expect(c.getByText(t.card.sold, { exact: true })).toBeVisible();
      await expect(c.getByRole("listitem").filter({ hasText: t.card.secondLine })).toHaveCount(1);
    });
  });

  test.describe(`property page (${lang})`, () => {
    test("the facts grid: each known fact with its unit and words; unknown ones left out", async ({ page }) => {
      const f = T[lang].facts;
      await open(page, propertyPath(seaside(), lang));
      await expect(fact(page, f.reference)).toHaveText("TG-0001");
      expect(norm(await fact(page, f.pricePerM2).innerText())).toBe(norm(perM2(2000, lang)));
      expect(norm(await fact(page, f.seaDistance).innerText())).toBe("150 м");
      await expect(fact(page, f.seaLine)).toHaveText(t.card.firstLine);
      await expect(fact(page, f.seaView)).toHaveText(f.yes);
      await expect(fact(page, f.floor)).toHaveText(f.floorOf(3, 6));
      await expect(fact(page, f.stage)).toHaveText(f.act16);
      await expect(fact(page, f.maintenanceFee)).toHaveText(f.perM2Year("12"));
      await expect(fact(page, f.furnished)).toHaveText(f.fullyFurnished);
      await expect(fact(page, f.pool)).toHaveText(f.yes);
      await expect(fact(page, f.parking)).toHaveText(f.no);
      await expect(fact(page, f.complex)).toHaveText("Марина Вью");
      await expect(fact(page, T[lang].property.yearBuilt)).toHaveText("2019");
      // Act 16: no completion date; a flat: no plot.
      await expect(fact(page, f.completion)).toHaveCount(0);
      await expect(fact(page, f.plotArea)).toHaveCount(0);
      // The recent cut, and an offer on sale.
      await expect(main(page).getByText(t.card.reduced, { exact: true })).toBeVisible();
      expect(norm(await main(page).locator("s").innerText())).toBe(norm(`${t.card.oldPrice}: ${price(160000, lang)}`));
      expect(await availability(page)).toBe("https://schema.org/InStock");
      // Not reserved itself (the reserved studio is one of its complex's other units, below: issue 33).
      await expect(main(page).locator(":scope > :not([data-testid=unit-complex])").getByText(t.card.reserved, { exact: true })).toHaveCount(0);
    });

    test("a reserved studio under construction: badge, studio, ground floor, Act 14 explained, completion quarter, Reserved offer", async ({ page }) => {
      const f = T[lang].facts;
      const response = await open(page, propertyPath(studio(), lang));
      expect(response?.status()).toBe(200);
      await expect(main(page).getByText(t.card.reserved, { exact: true })).toBeVisible();
      await expect(fact(page, T[lang].property.bedrooms)).toHaveText(t.card.studio);
      await expect(fact(page, f.floor)).toHaveText(f.groundFloorOf(5));
      await expect(fact(page, f.stage)).toHaveText(f.act14);
      await expect(fact(page, f.completion)).toHaveText(f.quarter("II", "2027"));
      expect(norm(await fact(page, f.seaDistance).innerText())).toBe("1,2 км");
      // Unknown facts are not shown at all.
      for (const label of [f.reference, f.seaView, f.seaLine, f.pool, f.parking, f.maintenanceFee, f.furnished]) await expect(fact(page, label)).toHaveCount(0);
      // A unit of the complex «Марина Вью» (issue 33: the e2e fixture links it).
      await expect(fact(page, f.complex)).toHaveText("Марина Вью");
      expect(await availability(page)).toBe("https://schema.org/Reserved");
    });

    test("a sold property keeps its page (200) with a banner and a link to similar available ones", async ({ page }) => {
      const f = T[lang].facts;
      const house = sold();
      const response = await open(page, propertyPath(house, lang));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: titleIn(house, lang) })).toBeVisible();
      await expect(main(page).getByRole("note", { name: f.soldBanner })).toBeVisible();
      await expect(main(page).getByText(t.card.sold, { exact: true })).toBeVisible();
      expect(norm(await fact(page, f.plotArea).innerText())).toBe(norm(area(600, lang)));
      await expect(fact(page, f.seaLine)).toHaveText(t.card.secondLine);
      expect(await availability(page)).toBe("https://schema.org/SoldOut");
      const similar = main(page).getByRole("link", { name: f.soldLink });
      expect(decodedHref(await similar.getAttribute("href"))).toBe(`${locationPath(location("testograd"), lang)}?type=house`);
      await similar.click();
      await expect.poll(() => currentPath(page)).toBe(`${locationPath(location("testograd"), lang)}?type=house`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "bg" ? location("testograd").name_bg : location("testograd").name);
    });
  });

  test.describe(`home page rows (${lang})`, () => {
    test("featured and new properties as cards, each row with a link to the full listing; nothing sold", async ({ page }) => {
      const c = T[lang].catalogue;
      await open(page, localize(lang, "/"));
      const featured = main(page).getByRole("region", { name: c.featured });
      await expect(featured.getByRole("article").getByRole("heading")).toHaveText([titleIn(seaside(), lang)]);
      expect(decodedHref(await featured.getByRole("link", { name: c.allProperties, exact: true }).getAttribute("href"))).toBe(localize(lang, "/properties"));

      const newest = main(page).getByRole("region", { name: c.newest });
      // The newest for sale, the featured one left out: the studio (reserved is still for sale), then the last created before it.
      await expect(newest.getByRole("article").getByRole("heading")).toHaveText(
        [studio(), property("primorskoHouse"), property("chern3")].map((p) => titleIn(p, lang)),
      );
      await expect(newest.getByText(t.card.reserved, { exact: true })).toBeVisible();
      await expect(main(page).getByRole("heading", { name: titleIn(sold(), lang) })).toHaveCount(0);
      const all = newest.getByRole("link", { name: c.allNewest, exact: true });
      expect(decodedHref(await all.getAttribute("href"))).toBe(localize(lang, "/properties?sort=newest"));
      await all.click();
      await expect.poll(() => currentPath(page)).toBe(localize(lang, "/properties?sort=newest"));
    });
  });

  test.describe(`filters panel (${lang})`, () => {
    const panel = (page: Page) => main(page).locator("details");
    const summary = (page: Page) => panel(page).locator("summary");

    test("every filter in one panel; the count of active ones; the URL after «apply» holds them, without the page", async ({ page }) => {
      const c = T[lang].catalogue;
      await open(page, localize(lang, "/properties?page=2"));
      await expect(summary(page)).toHaveText(c.filters);
      // Closed: its fields are hidden until it is opened.
      await expect(panel(page).getByLabel(c.priceMin)).toBeHidden();
      await summary(page).click();
      const p = panel(page);
      await p.getByLabel(c.priceMin).fill("100000");
      await p.getByLabel(c.areaMax).fill("90");
      await p.getByLabel(c.bedroomsMin).selectOption("2");
      await expect(p.getByLabel(c.seaDistanceMax).getByRole("option")).toHaveText([c.any, ...["100 м", "300 м", "500 м", "1 км"].map(c.upTo)]);
      await p.getByLabel(c.seaDistanceMax).selectOption("500");
      await p.getByLabel(c.seaView).check();
      await p.getByLabel(c.seaLine).check();
      await p.getByLabel(c.stage).selectOption("act16");
      await p.getByLabel(c.status).selectOption({ label: c.statuses.all });
      await p.getByRole("button", { name: c.apply }).click();
      const query = "price_min=100000&area_max=90&bedrooms_min=2&sea_distance_max=500&sea_view=1&sea_line=1&stage=act16&status=all";
      await expect.poll(() => currentPath(page)).toBe(localize(lang, `/properties?${query}`));
      await expect(summary(page)).toHaveText(`${c.filters} (8)`);
      // The fields show the URL's state (also after a reload, without the panel's own memory).
      await page.reload();
      // Closed, the panel's filters are still named on the page, each with a link that removes it (issue 30).
      const chips = main(page).getByTestId("active-filters");
      await expect(chips).toBeVisible();
      await expect(chips).toContainText(T[lang].listing.activeFilters(8));
      await expect(chips.getByRole("link", { name: T[lang].listing.removeFilter(c.seaView) })).toBeVisible();
      await expect(chips.getByRole("link", { name: new RegExp(`^${T[lang].listing.removeFilter(c.priceMin)}.*100`) })).toBeVisible();
      await summary(page).click();
      await expect(p.getByLabel(c.priceMin)).toHaveValue("100000");
      await expect(p.getByLabel(c.areaMax)).toHaveValue("90");
      await expect(p.getByLabel(c.seaDistanceMax)).toHaveValue("500");
      await expect(p.getByLabel(c.seaView)).toBeChecked();
      await expect(p.getByLabel(c.status)).toHaveValue("all");
      // Clearing a field and applying again drops it (and keeps the rest).
      await p.getByLabel(c.areaMax).fill("");
      await p.getByLabel(c.status).selectOption({ label: c.statuses.available });
      await p.getByRole("button", { name: c.apply }).click();
      await expect
        .poll(() => currentPath(page))
        .toBe(localize(lang, "/properties?price_min=100000&bedrooms_min=2&sea_distance_max=500&sea_view=1&sea_line=1&stage=act16"));
      await expect(summary(page)).toHaveText(`${c.filters} (6)`);
    });

    test("a filtered listing is kept out of search engines (its canonical is the whole listing)", async ({ page }) => {
      for (const path of ["/properties?price_max=100000", `${locationPath(location("testograd"))}?sea_view=1`]) {
        await page.goto(localize(lang, path));
        await expect(page.locator('head meta[name="robots"]'), path).toHaveAttribute("content", /noindex/);
      }
      await page.goto(localize(lang, "/properties"));
      await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
    });

    test("the new sorts are offered; a sort keeps the filters and goes back to page 1", async ({ page }) => {
      const c = T[lang].catalogue;
      await open(page, localize(lang, "/properties?sea_view=1&page=2"));
      const sort = main(page).getByRole("combobox", { name: T[lang].listing.sort });
      for (const label of Object.values(c.sortsM2)) await expect(sort.getByRole("option", { name: label, exact: true })).toHaveCount(1);
      await sort.selectOption("price-m2-asc");
      await expect.poll(() => currentPath(page)).toBe(localize(lang, "/properties?sea_view=1&sort=price-m2-asc"));
    });
  });

  test(`without JavaScript the panel opens and its form lands on the clean URL (${lang})`, async ({ browser, clientIp }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": clientIp },
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    const c = T[lang].catalogue;
    await page.goto(localize(lang, `${locationPath(location("testograd"))}?page=2`));
    await page.getByRole("main").locator("summary").click();
    await page.getByRole("main").getByLabel(c.priceMax).fill("200 000");
    await page.getByRole("main").getByLabel(c.seaView).check();
    await page.getByRole("main").getByRole("button", { name: c.apply }).click();
    await expect.poll(() => currentPath(page)).toBe(`${locationPath(location("testograd"), lang)}?price_max=200000&sea_view=1`);
    await expect(page.getByRole("main").locator("summary")).toHaveText(`${c.filters} (2)`);
    // The map's area filters too: named on the page, and its link (no script) removes it and nothing else (issue 30).
    await page.goto(localize(lang, `${locationPath(location("testograd"))}?sea_view=1&bbox=27.6,42.3,27.8,42.5`));
    const chips = page.getByRole("main").getByTestId("active-filters");
    await expect(chips).toContainText(T[lang].listing.inMapArea);
    await chips.getByRole("link", { name: T[lang].listing.removeFilter(T[lang].listing.inMapArea) }).click();
    await expect.poll(() => currentPath(page)).toBe(`${locationPath(location("testograd"), lang)}?sea_view=1`);
    await expect(chips).not.toContainText(T[lang].listing.inMapArea);
    await context.close();
  });

  test(`Russian place names in their case; a wording without case where none is stored (${lang})`, async ({ page }) => {
    const sozopol = location("sozopol");
    const kableshkovo = location("kableshkovo");
    await open(page, locationPath(sozopol, lang));
    await expect(page).toHaveTitle(t.location.metaTitle(sozopol));
    await expect(main(page).getByRole("searchbox", { name: t.location.searchIn(sozopol) })).toBeVisible();
    if (lang === "ru") {
      await expect(page).toHaveTitle("Недвижимость в Созополе — квартиры и дома");
      await expect(main(page).getByRole("searchbox", { name: "Поиск в Созополе" })).toBeVisible();
    }
    await page.goto(locationPath(kableshkovo, lang));
    await expect(page).toHaveTitle(t.location.metaTitle(kableshkovo));
    await expect(main(page).getByRole("searchbox", { name: t.location.searchIn(kableshkovo) })).toBeVisible();
    if (lang === "ru") await expect(page).toHaveTitle("Недвижимость: Каблешково — квартиры и дома");
    // «Другие объекты в Тестограде» under a property.
    await page.goto(propertyPath(seaside(), lang));
    await expect(main(page).getByRole("heading", { level: 2, name: t.property.related(location("testograd")) })).toBeVisible();
  });
}

test("on a phone the filters stay folded and the first result starts on the first screen", async ({ page }) => {
  test.skip(!isPhone(), "phones");
  for (const path of ["/properties", "/bg/properties", `${locationPath(location("testograd"))}`]) {
    await open(page, path);
    await expect(main(page).locator("details")).not.toHaveAttribute("open");
    const top = await main(page)
      .getByRole("article")
      .first()
      .evaluate((el) => el.getBoundingClientRect().top);
    expect(top, path).toBeLessThan(page.viewportSize()!.height - 120);
  }
});

/**
 * What the listing shows once the engine applies the new filters and keeps
 * sold properties out of the default listing (the listing engine's part of
 * issue 20).
 */
test.describe("filtering results", () => {
  test("sea view and first line find the seaside flat; stage act14 the studio; status sold the sold house", async ({ page }) => {
    await open(page, "/properties?sea_view=1&sea_line=1");
    await expect(main(page).getByRole("article").getByRole("heading")).toHaveText([seasideTitle()]);
    await page.goto("/properties?stage=act14");
    await expect(main(page).getByRole("article").getByRole("heading")).toHaveText([property("studio").title]);
    await page.goto("/properties?status=sold");
    await expect(main(page).getByRole("article").getByRole("heading")).toHaveText([property("soldHouse").title]);
    await page.goto("/properties?status=reserved");
    await expect(main(page).getByRole("article").getByRole("heading")).toHaveText([property("studio").title]);
  });

  test("a sold property leaves the default listing and its location's", async ({ page }) => {
    await open(page, `/properties?search=${encodeURIComponent("Закат")}`);
    await expect(main(page).getByRole("article")).toHaveCount(0);
    await page.goto(`${locationPath(location("testograd"))}?search=${encodeURIComponent("Закат")}`);
    await expect(main(page).getByRole("article")).toHaveCount(0);
  });

  test("bedrooms, area and sea distance ranges", async ({ page }) => {
    await open(page, "/properties?sea_distance_max=1000");
    await expect(main(page).getByRole("article").getByRole("heading")).toHaveText([seasideTitle()]);
    await page.goto("/properties?sea_distance_max=1500&area_max=31");
    await expect(main(page).getByRole("article").getByRole("heading")).toHaveText([property("studio").title]);
  });
});

function seasideTitle(): string {
  return property("seaside").title;
}
