import type { Locator, Page } from "@playwright/test";
import { fixtures, listedProperties, location, property, propertyPath, type FixtureProperty } from "../fixtures/data";
import { clickWhenSettled, currentPath, decodedHref, expect, LANGS, localize, open, test, type Lang } from "../fixtures/test";
import { area, price, T } from "../fixtures/texts";

/**
 * The listing page /properties (SPEC §2 Listing page, §4 Listing page, §5
 * Listing filters, §9 page size 10): heading, found count, search, sort,
 * location and type filters, cards, pagination, URL state and the back
 * button, the empty state, and malformed query strings.
 */

/** What the listing shows by default (sold properties left out). */
const all = () => listedProperties();
const titleIn = (p: FixtureProperty, lang: Lang) => (lang === "bg" && p.title_bg ? p.title_bg : p.title);

function main(page: Page) {
  return page.getByRole("main");
}
function cards(page: Page): Locator {
  return main(page).getByRole("article");
}
function cardTitles(page: Page): Locator {
  return cards(page).getByRole("heading");
}
function card(page: Page, title: string): Locator {
  return cards(page).filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}
/**
 * A card as a visitor sees it: scrolled to. Cards further down (far down on a
 * phone's single column) draw their contents only near the viewport
 * (content-visibility: auto, decision 0012), so until then they read as hidden.
 */
async function seen(card: Locator): Promise<Locator> {
  await card.scrollIntoViewIfNeeded();
  return card;
}
function found(page: Page): Locator {
  return main(page).getByRole("status");
}
function pagination(page: Page, lang: Lang = "ru"): Locator {
  return main(page).getByRole("navigation", { name: T[lang].listing.pagination });
}
function typeNav(page: Page, lang: Lang = "ru"): Locator {
  return main(page).getByRole("navigation", { name: T[lang].listing.typeNav });
}
function sortSelect(page: Page, lang: Lang = "ru"): Locator {
  return main(page).getByRole("combobox", { name: T[lang].listing.sort });
}
/** Whitespace (also the no-break spaces of number formats) as plain spaces. */
const norm = (text: string) => text.replace(/\s+/g, " ").trim();

/** The price badges of the cards, in order. */
async function badges(page: Page): Promise<string[]> {
  const texts = await cards(page).evaluateAll((articles) => articles.map((a) => a.querySelector("span")?.textContent ?? ""));
  return texts.map(norm);
}

test.describe("listing page", () => {
  test("heading, found count, 10 cards a page and the pager", async ({ page }) => {
    const total = fixtures().total;
    const response = await open(page, "/properties");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: T.ru.listing.title })).toBeVisible();
    await expect(found(page)).toHaveText(T.ru.listing.found(total));
    await expect(cards(page)).toHaveCount(10);
    const pager = pagination(page);
    await expect(pager.getByRole("link", { name: T.ru.listing.page(1) })).toHaveAttribute("aria-current", "page");
    await expect(pager.getByRole("link", { name: T.ru.listing.page(3) })).toBeVisible();
    await expect(pager.getByRole("link", { name: T.ru.listing.previous })).toHaveCount(0);
    const seen = new Set(await cardTitles(page).allTextContents());

    await clickWhenSettled(pager.getByRole("link", { name: T.ru.listing.page(2) }));
    await expect(page).toHaveURL("/properties?page=2");
    await expect(pager.getByRole("link", { name: T.ru.listing.page(2) })).toHaveAttribute("aria-current", "page");
    await expect(cards(page)).toHaveCount(10);
    for (const title of await cardTitles(page).allTextContents()) seen.add(title);

    await clickWhenSettled(pager.getByRole("link", { name: T.ru.listing.next }));
    await expect(page).toHaveURL("/properties?page=3");
    await expect(cards(page)).toHaveCount(total - 20);
    await expect(pager.getByRole("link", { name: T.ru.listing.next })).toHaveCount(0);
    for (const title of await cardTitles(page).allTextContents()) seen.add(title);
    // Every property once over the three pages.
    expect([...seen].sort()).toEqual(
      all()
        .map((p) => p.title)
        .sort(),
    );

    await clickWhenSettled(pager.getByRole("link", { name: T.ru.listing.previous }));
    await expect(page).toHaveURL("/properties?page=2");
  });

  test("cards: price or 'По запросу', location, area, clamped description or its fallback, chips, 'Подробнее'", async ({ page }) => {
    const testograd = location("testograd");
    await open(page, `/properties?location=${testograd.id}`);
    await expect(found(page)).toHaveText(T.ru.listing.found(testograd.count));

    const alpha = property("alpha");
    const a = card(page, alpha.title);
    await expect(a).toContainText(price(85000, "ru"));
    await expect(a.getByText(`${testograd.name} · ${area(54.5, "ru")}`)).toBeVisible();
    await expect(a.getByText(alpha.description)).toBeVisible();
    await expect(a.getByRole("listitem")).toHaveText([T.ru.card.bedrooms(1), T.ru.card.bathrooms(1), T.ru.listing.types.apartment]);
    const description = a.getByText(alpha.description);
    expect(await description.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe("3");
    const img = a.getByRole("img", { name: alpha.title });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const more = a.getByRole("link", { name: `${T.ru.card.more}: ${alpha.title}` });
    await expect(more).toHaveText(T.ru.card.more);
    expect(decodedHref(await more.getAttribute("href"))).toBe(propertyPath(alpha));

    const beta = card(page, property("beta").title);
    await expect(beta.getByRole("listitem")).toHaveText([T.ru.card.bedrooms(4), T.ru.card.bathrooms(3), T.ru.listing.types.house]);
    await expect(beta).toContainText(price(320000, "ru"));

    const delta = card(page, property("delta").title);
    await expect(delta).toContainText(T.ru.card.priceOnRequest);
    await expect(delta.getByRole("listitem")).toHaveText([T.ru.card.bedrooms(2), T.ru.card.bathrooms(1), T.ru.listing.types.apartment]);

    await expect((await seen(card(page, property("epsilon").title))).getByText(T.ru.card.noDescription)).toBeVisible();

    // No picture: the placeholder, described as such; no area either.
    const zeta = await seen(card(page, property("zeta").title));
    const placeholder = zeta.getByRole("img", { name: T.ru.card.noImage });
    await expect(placeholder).toHaveAttribute("src", /\/images\/placeholder\.svg$/);
    await expect(zeta.getByText(testograd.name, { exact: true })).toBeVisible();
    await expect(zeta.getByRole("listitem")).toHaveText([T.ru.listing.types.apartment]);

    await more.click();
    await expect.poll(() => currentPath(page)).toBe(propertyPath(alpha));
    await expect(page.getByRole("heading", { level: 1, name: alpha.title })).toBeVisible();
  });

  test("a card whose first picture is broken shows the placeholder", async ({ page }) => {
    const gamma = property("gamma");
    await open(page, `/properties?search=${encodeURIComponent("Гамма")}`);
    const img = card(page, gamma.title).getByRole("img");
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc || el.src : "broken")))
      .toMatch(/\/images\/placeholder\.svg$/);
  });

  test("search from the box is case-insensitive for Cyrillic", async ({ page }) => {
    const lighthouse = property("lighthouse");
    await open(page, "/properties?page=2");
    const box = main(page).getByRole("searchbox", { name: T.ru.listing.search });
    await box.fill("МАЯКА");
    await box.press("Enter");
    await expect.poll(() => currentPath(page)).toBe("/properties?search=МАЯКА");
    await expect(found(page)).toHaveText(T.ru.listing.found(1));
    await expect(cardTitles(page)).toHaveText([lighthouse.title]);
    await expect(box).toHaveValue("МАЯКА");
  });

  test("search covers titles, descriptions and the Bulgarian texts; ё matches е", async ({ page }) => {
    const cases: [string, string[]][] = [
      ["ЗЕЛЕНЫЙ БЕРЕГ", [property("green").title]],
      ["гаражом", [property("beta").title]],
      ["алфа край", [property("alpha").title]],
      ["  бургас   квартира  ", ["Бургас квартира А", "Бургас квартира Б", "Бургас квартира Д"]],
      ["100%_", []],
    ];
    for (const [query, titles] of cases) {
      const response = await page.goto(`/properties?search=${encodeURIComponent(query)}`);
      expect(response?.status(), query).toBe(200);
      await expect(found(page), query).toHaveText(T.ru.listing.found(titles.length));
      expect((await cardTitles(page).allTextContents()).sort(), query).toEqual([...titles].sort());
    }
  });

  test("sorting by price puts the properties without a price last; newest first by date", async ({ page }) => {
    const burgas = location("burgas");
    const base = `/properties?location=${burgas.id}`;
    const expectations: [string, string[]][] = [
      ["", ["Бургас квартира А", "Бургас квартира Б", "Бургас дом В", "Бургас дом Г", "Бургас квартира Д"]],
      ["&sort=price-asc", ["Бургас квартира Б", "Бургас квартира Д", "Бургас квартира А", "Бургас дом Г", "Бургас дом В"]],
      ["&sort=price-desc", ["Бургас дом Г", "Бургас квартира А", "Бургас квартира Д", "Бургас квартира Б", "Бургас дом В"]],
      ["&sort=newest", ["Бургас квартира Д", "Бургас дом Г", "Бургас дом В", "Бургас квартира Б", "Бургас квартира А"]],
    ];
    for (const [sort, titles] of expectations) {
      await page.goto(base + sort);
      await expect(cardTitles(page), sort || "default").toHaveText(titles);
      if (sort === "&sort=price-asc") {
        expect(await badges(page)).toEqual([99000, 120000, 150000, 250000, null].map((v) => norm(price(v, "ru"))));
      }
    }

    // Over the whole catalogue: the three without a price close the last page, both ways.
    const unpriced = all().filter((p) => p.price === null).length;
    for (const sort of ["price-asc", "price-desc"]) {
      await page.goto(`/properties?sort=${sort}&page=3`);
      const last = await badges(page);
      expect(last.slice(-unpriced), sort).toEqual(Array(unpriced).fill(T.ru.card.priceOnRequest));
      expect(last.length, sort).toBe(fixtures().total - 20);
      expect(last.slice(0, -unpriced), sort).not.toContain(T.ru.card.priceOnRequest);
    }
  });

  test("choosing a sort option applies it at once and goes back to page 1", async ({ page }) => {
    await open(page, "/properties?type=apartment&page=2");
    await sortSelect(page).selectOption({ label: T.ru.listing.sorts["price-desc"] });
    await expect(page).toHaveURL("/properties?type=apartment&sort=price-desc");
    await expect(sortSelect(page)).toHaveValue("price-desc");
    await expect(pagination(page).getByRole("link", { name: T.ru.listing.page(1) })).toHaveAttribute("aria-current", "page");
    const apartments = all().filter((p) => p.property_type === "apartment" && p.price !== null);
    const top = apartments.sort((a, b) => b.price! - a.price!)[0]!;
    await expect(cardTitles(page).first()).toHaveText(top.title);
  });

  test("the location select filters by location", async ({ page }) => {
    const burgas = location("burgas");
    await open(page, "/properties?page=2");
    await main(page).getByRole("combobox", { name: T.ru.listing.location }).selectOption({ label: burgas.name });
    await expect(page).toHaveURL(`/properties?location=${burgas.id}`);
    await expect(found(page)).toHaveText(T.ru.listing.found(burgas.count));
    for (const c of await cards(page).all()) await expect((await seen(c)).getByText(new RegExp(`^${burgas.name} · `))).toBeVisible();
    await main(page).getByRole("combobox", { name: T.ru.listing.location }).selectOption({ label: T.ru.listing.allLocations });
    await expect(page).toHaveURL("/properties");
    await expect(found(page)).toHaveText(T.ru.listing.found(fixtures().total));
  });

  test("type buttons: all, apartment, house; a change goes back to page 1", async ({ page }) => {
    const houses = all().filter((p) => p.property_type === "house");
    const apartments = all().filter((p) => p.property_type === "apartment");
    await open(page, "/properties?page=2");
    const types = typeNav(page);
    await expect(types.getByRole("link", { name: T.ru.listing.types.all, exact: true })).toHaveAttribute("aria-current", "page");

    await types.getByRole("link", { name: T.ru.listing.types.house, exact: true }).click();
    await expect(page).toHaveURL("/properties?type=house");
    await expect(types.getByRole("link", { name: T.ru.listing.types.house, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(found(page)).toHaveText(T.ru.listing.found(houses.length));
    await expect(
      cards(page)
        .getByRole("listitem")
        .filter({ hasText: /^(Дом|Квартира)$/ }),
    ).toHaveText(Array(houses.length).fill("Дом"));

    await types.getByRole("link", { name: T.ru.listing.types.apartment, exact: true }).click();
    await expect(page).toHaveURL("/properties?type=apartment");
    await expect(found(page)).toHaveText(T.ru.listing.found(apartments.length));
    await expect(cards(page)).toHaveCount(10);

    await clickWhenSettled(pagination(page).getByRole("link", { name: T.ru.listing.page(2) }));
    await expect(page).toHaveURL("/properties?type=apartment&page=2");
    await types.getByRole("link", { name: T.ru.listing.types.all, exact: true }).click();
    await expect(page).toHaveURL("/properties");
    await expect(found(page)).toHaveText(T.ru.listing.found(fixtures().total));
  });

  test("a new search goes back to page 1 and keeps the other filters", async ({ page }) => {
    await open(page, "/properties?type=apartment&sort=price-asc&page=2");
    const box = main(page).getByRole("searchbox", { name: T.ru.listing.search });
    await box.fill("квартира");
    await main(page).getByRole("button", { name: T.ru.listing.searchSubmit }).click();
    await expect.poll(() => currentPath(page)).toBe("/properties?type=apartment&search=квартира&sort=price-asc");
    await expect(pagination(page).getByRole("link", { name: T.ru.listing.page(1) })).toHaveAttribute("aria-current", "page");
  });

  test("the URL holds the state and the back button restores the previous one", async ({ page }) => {
    await open(page, "/properties");
    await typeNav(page).getByRole("link", { name: T.ru.listing.types.apartment, exact: true }).click();
    await expect(page).toHaveURL("/properties?type=apartment");
    await clickWhenSettled(pagination(page).getByRole("link", { name: T.ru.listing.page(2) }));
    await expect(page).toHaveURL("/properties?type=apartment&page=2");
    await sortSelect(page).selectOption("price-asc");
    await expect(page).toHaveURL("/properties?type=apartment&sort=price-asc");
    const box = main(page).getByRole("searchbox", { name: T.ru.listing.search });
    await box.fill("Бургас");
    await box.press("Enter");
    await expect.poll(() => currentPath(page)).toBe("/properties?type=apartment&search=Бургас&sort=price-asc");
    await expect(found(page)).toHaveText(T.ru.listing.found(3));

    await page.goBack();
    await expect(page).toHaveURL("/properties?type=apartment&sort=price-asc");
    await expect(found(page)).toHaveText(T.ru.listing.found(all().filter((p) => p.property_type === "apartment").length));
    await expect(box).toHaveValue("");
    await expect(sortSelect(page)).toHaveValue("price-asc");

    await page.goBack();
    await expect(page).toHaveURL("/properties?type=apartment&page=2");
    await expect(sortSelect(page)).toHaveValue("default");
    await expect(pagination(page).getByRole("link", { name: T.ru.listing.page(2) })).toHaveAttribute("aria-current", "page");

    await page.goBack();
    await expect(page).toHaveURL("/properties?type=apartment");
    await page.goBack();
    await expect(page).toHaveURL("/properties");
    await expect(typeNav(page).getByRole("link", { name: T.ru.listing.types.all, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(found(page)).toHaveText(T.ru.listing.found(fixtures().total));
  });

  test("malformed query strings give a sensible page, never an error", async ({ page, request }) => {
    const total = fixtures().total;
    const long = "a".repeat(10_000);
    // Out-of-range pages show a page of results (the last one, or the first for absurd numbers).
    const cases: { query: string; found: number; current?: number }[] = [
      { query: `search=${long}`, found: 0 },
      { query: "page=50", found: total, current: 3 },
      { query: "page=999999", found: total, current: 0 },
      { query: "page=-1", found: total, current: 1 },
      { query: "page=abc", found: total, current: 1 },
      { query: "location=not-a-uuid", found: total },
      { query: "location=00000000-0000-4000-8000-000000000000", found: 0 },
      { query: "type=villa", found: total },
      { query: "sort=drop", found: total },
      { query: "search=%25%27%22%3Cscript%3E", found: 0 },
    ];
    for (const c of cases) {
      const response = await request.get(`/properties?${c.query}`);
      expect(response.status(), c.query.slice(0, 40)).toBe(200);
      await page.goto(`/properties?${c.query}`);
      await expect(page.getByRole("heading", { level: 1, name: T.ru.listing.title }), c.query.slice(0, 40)).toBeVisible();
      await expect(found(page), c.query.slice(0, 40)).toHaveText(T.ru.listing.found(c.found));
      if (c.current !== undefined) {
        await expect(cards(page), c.query).not.toHaveCount(0);
        const current = pagination(page).locator('[aria-current="page"]');
        await expect(current, c.query).toHaveCount(1);
        if (c.current > 0) await expect(current, c.query).toHaveText(String(c.current));
      }
    }
    await page.goto("/properties?sort=drop&type=villa");
    await expect(sortSelect(page)).toHaveValue("default");
    await expect(typeNav(page).getByRole("link", { name: T.ru.listing.types.all, exact: true })).toHaveAttribute("aria-current", "page");
  });
});

for (const lang of LANGS) {
  test(`a 10 000-letter Cyrillic search (60 KB of address) gets a page saying the address is too long (${lang})`, async ({ page, consoleErrors }) => {
    // Over Node's header limit: refused before the app, with a page of its own (app/web/client-error.server.ts).
    consoleErrors.allow(/status of 414/);
    const response = await page.goto(localize(lang, `/properties?search=${encodeURIComponent("а".repeat(10_000))}`));
    expect(response?.status()).toBe(414);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1, name: T[lang].errors.tooLong })).toBeVisible();
    await page.getByRole("link", { name: T[lang].errors.tooLongLink }).click();
    await expect(page).toHaveURL(localize(lang, "/properties"));
    await expect(found(page)).toHaveText(T[lang].listing.found(fixtures().total));
  });
}

for (const lang of LANGS) {
  const t = T[lang];
  test(`empty result: message, hint and a reset link (${lang})`, async ({ page }) => {
    await open(page, localize(lang, "/properties?type=house&search=несуществующийобъект"));
    await expect(found(page)).toHaveText(t.listing.found(0));
    await expect(main(page).getByRole("heading", { level: 2, name: t.listing.empty })).toBeVisible();
    await expect(main(page).getByText(t.listing.emptyHint)).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await main(page).getByRole("link", { name: t.listing.reset }).click();
    await expect(page).toHaveURL(localize(lang, "/properties"));
    await expect(found(page)).toHaveText(t.listing.found(fixtures().total));
  });
}

test("the Bulgarian listing shows Bulgarian texts, falling back to Russian ones", async ({ page }) => {
  const testograd = location("testograd");
  await open(page, `/bg/properties?location=${testograd.id}`);
  await expect(page.getByRole("heading", { level: 1, name: T.bg.listing.title })).toBeVisible();
  await expect(found(page)).toHaveText(T.bg.listing.found(testograd.count));
  await expect(main(page).getByRole("combobox", { name: T.bg.listing.location })).toHaveValue(testograd.id);

  const alpha = property("alpha");
  const a = card(page, titleIn(alpha, "bg"));
  await expect(a.getByText(alpha.description_bg!)).toBeVisible();
  await expect(a.getByText(`${testograd.name_bg} · ${area(54.5, "bg")}`)).toBeVisible();
  await expect(a.getByRole("listitem")).toHaveText([T.bg.card.bedrooms(1), T.bg.card.bathrooms(1), T.bg.listing.types.apartment]);
  const more = a.getByRole("link", { name: `${T.bg.card.more}: ${alpha.title_bg}` });
  expect(decodedHref(await more.getAttribute("href"))).toBe(propertyPath(alpha, "bg"));

  // No Bulgarian title or description: the Russian ones.
  const beta = property("beta");
  await expect((await seen(card(page, beta.title))).getByText(beta.description)).toBeVisible();
  await expect(card(page, beta.title).getByRole("listitem")).toHaveText([T.bg.card.bedrooms(4), T.bg.card.bathrooms(3), T.bg.listing.types.house]);
  await expect(card(page, property("delta").title)).toContainText(T.bg.card.priceOnRequest);
  await expect((await seen(card(page, property("epsilon").title))).getByText(T.bg.card.noDescription)).toBeVisible();
  await expect((await seen(card(page, property("zeta").title))).getByRole("img", { name: T.bg.card.noImage })).toBeVisible();

  // A search in Bulgarian finds the Bulgarian title.
  await page.goto(`/bg/properties?search=${encodeURIComponent("АПАРТАМЕНТ АЛФА")}`);
  await expect(cardTitles(page)).toHaveText([alpha.title_bg!]);
});
