import type { Locator, Page } from "@playwright/test";
import { fixtures, location, locationPath, property, propertyPath, type FixtureProperty } from "../fixtures/data";
import { currentPath, decodedHref, expect, isPhone, open, test } from "../fixtures/test";
import { expectVisiblePin } from "../fixtures/walkthrough";

/**
 * A new-build complex's page (issue 33) as a buyer sees it, in every language
 * on desktop and phone: the fixture's «Марина Вью» in Тестоград and its five
 * units (three for sale, the reserved studio, the sold house). The texts are
 * written out here, so a changed or missing translation fails.
 */
type Lang = "ru" | "bg" | "en";
const ALL: Lang[] = ["ru", "bg", "en"];

const TEXT = {
  ru: {
    name: "Марина Вью",
    kind: "Жилой комплекс",
    developer: "Застройщик",
    current: "Акт 15",
    completion: "Сдача: II квартал 2027 г.",
    facilities: ["Открытый бассейн", "Охрана", "Парковка", "Выход к пляжу"],
    forSale: "4 объекта в продаже",
    prices: "Цены: 61 000 € – 152 000 €",
    units: "Объекты в комплексе",
    price: "Цена",
    sortedAsc: "Отсортировано: Цена, по возрастанию. Проданные — в конце.",
    sortedDesc: "Отсортировано: Цена, по убыванию. Проданные — в конце.",
    sort: "Сортировка",
    reserved: "Забронировано",
    sold: "Продано",
    alert: "Узнать о новых квартирах в этом комплексе",
    map: "На карте",
    onProperty: "Комплекс «Марина Вью»",
    others: "Ещё в продаже в этом комплексе",
    inLocation: "Комплексы и новостройки в Тестограде",
    priceFrom: "от 61 000 €",
  },
  bg: {
    name: "Марина Вю",
    kind: "Жилищен комплекс",
    developer: "Строител",
    current: "Акт 15",
    completion: "Завършване: II тримесечие на 2027 г.",
    facilities: ["Открит басейн", "Охрана", "Паркинг", "Достъп до плажа"],
    forSale: "4 имота в продажба",
    prices: "Цени: 61 000 € – 152 000 €",
    units: "Имоти в комплекса",
    price: "Цена",
    sortedAsc: "Подредено по: Цена, възходящо. Продадените са накрая.",
    sortedDesc: "Подредено по: Цена, низходящо. Продадените са накрая.",
    sort: "Подреждане",
    reserved: "Резервиран",
    sold: "Продаден",
    alert: "Научете за новите апартаменти в този комплекс",
    map: "На картата",
    onProperty: "Комплекс „Марина Вю“",
    others: "Още в продажба в този комплекс",
    inLocation: "Комплекси и ново строителство в Тестоград БГ",
    priceFrom: "от 61 000 €",
  },
  en: {
    name: "Marina View",
    kind: "Residential complex",
    developer: "Developer",
    current: "Act 15",
    completion: "Completion: Quarter II, 2027",
    facilities: ["Outdoor pool", "Security", "Parking", "Beach access"],
    forSale: "4 units for sale",
    prices: "Prices: €61,000 – €152,000",
    units: "Units in this complex",
    price: "Price",
    sortedAsc: "Sorted by Price, ascending. Sold units come last.",
    sortedDesc: "Sorted by Price, descending. Sold units come last.",
    sort: "Sorting",
    reserved: "Reserved",
    sold: "Sold",
    alert: "Hear about new flats in this complex",
    map: "On the map",
    onProperty: "The Marina View complex",
    others: "More for sale in this complex",
    inLocation: "Complexes and new builds in Testgrad",
    priceFrom: "from €61,000",
  },
} satisfies Record<Lang, unknown>;

interface JsonLd {
  "@type": string;
  mainEntity: { "@type": string; name: string; geo?: unknown };
  offers?: unknown;
}

/** Issue 33's link from the units table to the listing's complex filter, and the chip naming the filter there. */
const UNITS_LINK: Record<Lang, string> = { ru: "Показать объекты комплекса", bg: "Покажи имотите в комплекса", en: "Show the complex's properties" };
const CHIP: Record<Lang, string> = { ru: "Комплекс: Марина Вью", bg: "Комплекс: Марина Вю", en: "Complex: Marina View" };

const norm = (s: string) => s.replace(/\s+/g, " ").trim();
const prefix = (lang: Lang) => (lang === "ru" ? "" : `/${lang}`);

function complexPath(lang: Lang): string {
  const c = fixtures().complex;
  return lang === "en" ? `/en/${c.locationSlugEn}/complex/${c.slugEn}` : `${prefix(lang)}/${c.locationSlug}/комплекс/${c.slug}`;
}

function titleIn(p: FixtureProperty, lang: Lang): string {
  return (lang === "bg" ? p.title_bg : lang === "en" ? p.title_en : p.title) || p.title;
}

/** The units in the table's order: for sale by price (the reserved studio among them), the sold house last. */
const BY_PRICE = ["studio", "gamma", "zeta", "seaside", "soldHouse"];
const BY_PRICE_DESC = ["seaside", "zeta", "gamma", "studio", "soldHouse"];

function table(page: Page): Locator {
  return page.getByTestId("units-table");
}

async function rowTitles(page: Page): Promise<string[]> {
  return (await table(page).locator("tbody tr th").allInnerTexts()).map(norm);
}

for (const lang of ALL) {
  // Titled «— ru» (not «(ru)»): both projects run every language of this page.
  test(`the complex page: name, developer, stage, facilities, prices and the units table, sold last — ${lang}`, async ({ page }) => {
    const t = TEXT[lang];
    const response = await open(page, complexPath(lang));
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(t.name);
    await expect(main.getByText(t.kind, { exact: true })).toBeVisible();
    await expect(
      main
        .locator("dl > div")
        .filter({ has: page.locator("dt").getByText(t.developer, { exact: true }) })
        .locator("dd"),
    ).toHaveText("Морстрой ООД");
    // The stage timeline: three acts in order, Act 15 the current one, then the completion quarter.
    const steps = page.getByTestId("stage-timeline").getByRole("listitem");
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toHaveAttribute("data-state", "done");
    await expect(page.getByTestId("stage-timeline").locator("[aria-current=step]")).toContainText(t.current);
    await expect(steps.nth(2)).toHaveAttribute("data-state", "ahead");
    await expect(main.getByText(t.completion, { exact: true })).toBeVisible();
    for (const f of t.facilities) await expect(main.getByRole("listitem").filter({ hasText: new RegExp(`^${f}$`) })).toHaveCount(1);
    const prices = page.getByTestId("complex-prices");
    await expect(prices).toContainText(t.forSale);
    expect(norm(await prices.innerText())).toContain(t.prices);

    await expect(main.getByRole("heading", { level: 2, name: t.units })).toBeVisible();
    expect(await rowTitles(page)).toEqual(BY_PRICE.map((k) => titleIn(property(k), lang)));
    expect(norm(await page.getByTestId("units-sort").innerText())).toBe(t.sortedAsc);
    // Reserved and sold are marked; each row links to its unit's page.
    await expect(table(page).locator("tbody tr").nth(0).locator("td").last()).toHaveText(t.reserved);
    await expect(table(page).locator("tbody tr").last().locator("td").last()).toHaveText(t.sold);
    const first = table(page).getByRole("link", { name: titleIn(property("studio"), lang) });
    expect(decodedHref(await first.getAttribute("href"))).toBe(propertyPath(property("studio"), lang));

    // Search engines: the English complex has its own description, so every language is indexed, with alternates.
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(4);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(`^${t.name}`));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/upload\/properties\//);
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((s) => JSON.parse(s) as JsonLd);
    const listing = ld.find((x) => x["@type"] === "RealEstateListing")!;
    expect(listing.mainEntity["@type"]).toBe("ApartmentComplex");
    expect(listing.mainEntity.name).toBe(t.name);
    expect(listing.mainEntity.geo).toEqual({ "@type": "GeoCoordinates", latitude: 42.4201, longitude: 27.6972 });
    expect(listing.offers).toMatchObject({ "@type": "AggregateOffer", lowPrice: 61000, highPrice: 152000, priceCurrency: "EUR", offerCount: 4 });
  });

  // Needs the listing's `complex` key in /alerts's normalised query (branch c33-listing): until then the page offers no form.
  test(`«${TEXT[lang].alert}»: the saved-search form of this complex's units — ${lang}`, async ({ page }) => {
    await open(page, complexPath(lang));
    await expect(page.getByRole("main").getByRole("heading", { name: TEXT[lang].alert })).toBeVisible();
    await expect(page.getByTestId("alert-form").locator("input[name=query]")).toHaveValue(`complex=${fixtures().complex.id}`);
  });

  test(`«${UNITS_LINK[lang]}»: the listing of its units, the complex named above them — ${lang}`, async ({ page }) => {
    await open(page, complexPath(lang));
    await page.getByRole("main").getByRole("link", { name: UNITS_LINK[lang] }).click();
    await expect.poll(() => currentPath(page)).toBe(`${prefix(lang)}/properties?complex=${fixtures().complex.id}`);
    await expect(page.getByRole("main").getByText(CHIP[lang])).toBeVisible();
    // Its units for sale, not the sold one.
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(4);
  });

  test(`the complex's pin on its map — ${lang}`, async ({ page }) => {
    await open(page, complexPath(lang));
    await page.getByRole("heading", { name: TEXT[lang].map }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId("property-map").locator(".leaflet-marker-icon")).toHaveCount(1);
    await expectVisiblePin(page);
  });

  test(`sorting the units by price, highest first, and back — ${lang}`, async ({ page }) => {
    const t = TEXT[lang];
    await open(page, complexPath(lang));
    // A phone sorts with the links above the cards (the table's header row is hidden); a desktop with the column header.
    const sortLink = isPhone()
      ? page.getByRole("navigation", { name: t.sort }).getByRole("link", { name: t.price, exact: false })
      : table(page)
          .getByRole("columnheader", { name: new RegExp(t.price) })
          .getByRole("link");
    await sortLink.first().click();
    await expect.poll(() => currentPath(page)).toBe(`${decodeURIComponent(complexPath(lang))}?sort=price-desc`);
    await expect.poll(() => rowTitles(page)).toEqual(BY_PRICE_DESC.map((k) => titleIn(property(k), lang)));
    expect(norm(await page.getByTestId("units-sort").innerText())).toBe(t.sortedDesc);
    if (!isPhone()) await expect(table(page).locator("th[aria-sort]")).toHaveAttribute("aria-sort", "descending");
    await sortLink.first().click();
    await expect.poll(() => rowTitles(page)).toEqual(BY_PRICE.map((k) => titleIn(property(k), lang)));
  });
}

test("sorting works without JavaScript: the headers are links the server answers", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(complexPath("ru"));
  await page.getByRole("link", { name: TEXT.ru.price }).first().click();
  await expect.poll(() => rowTitles(page)).toEqual(BY_PRICE_DESC.map((k) => property(k).title));
  await context.close();
});

test("on a phone the units table stacks into cards of labelled values, with no sideways scrolling", async ({ page }) => {
  test.skip(!isPhone(), "phone layout");
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await open(page, complexPath("ru"));
    await table(page).scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    await expect(table(page).locator("thead")).toHaveCSS("position", "absolute");
    const card = table(page).locator("tbody tr").first();
    const box = (await card.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(width);
    // Each value is labelled: the cell's label (data-label) is shown before it.
    const price = card.locator("td[data-label='Цена']");
    expect(await price.evaluate((el) => getComputedStyle(el, "::before").content)).toBe('"Цена"');
    const priceBox = (await price.boundingBox())!;
    const statusBox = (await card.locator("td[data-label='Статус']").boundingBox())!;
    // Stacked: two values a line, so the seventh value sits below the first.
    const typeBox = (await card.locator("td[data-label='Тип']").boundingBox())!;
    expect(statusBox.y).toBeGreaterThan(typeBox.y);
    expect(priceBox.x + priceBox.width).toBeLessThanOrEqual(width);
  }
});

test("a wrong word for «complex» is the site's plain 404; an unknown complex says so", async ({ page }) => {
  const c = fixtures().complex;
  expect((await page.goto(`/${c.locationSlug}/complex/${c.slug}`))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Страница не найдена");
  expect((await page.goto(`/en/${c.locationSlugEn}/комплекс/${c.slugEn}`))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  expect((await page.goto(`/${c.locationSlug}/комплекс/нет-такого`))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Комплекс не найден");
  // The Russian address under /en goes on to the English one.
  const response = await page.goto(`/en/${c.locationSlugEn}/complex/${encodeURIComponent(c.slug)}`);
  expect(response?.status()).toBe(200);
  expect(currentPath(page)).toBe(complexPath("en"));
});

for (const lang of ALL) {
  test(`a unit's page shows its complex and its other units for sale; the location lists the complex — ${lang}`, async ({ page }) => {
    const t = TEXT[lang];
    const seaside = property("seaside");
    await open(page, lang === "en" ? `/en/${seaside.locationSlugEn}/${seaside.slugEn}` : propertyPath(seaside, lang));
    const block = page.getByTestId("unit-complex");
    const link = block.getByRole("link", { name: t.onProperty });
    expect(decodedHref(await link.getAttribute("href"))).toBe(complexPath(lang));
    await expect(block.getByText("Акт 15".replace("Акт", lang === "en" ? "Act" : "Акт"), { exact: true })).toBeVisible();
    await expect(block).toContainText(t.facilities[0]!);
    const others = block.getByRole("region", { name: t.others });
    // textContent: the block is below the fold (content-visibility), where innerText is empty until it is scrolled near.
    const titles = (await others.getByRole("article").getByRole("heading").allTextContents()).map(norm);
    expect(titles.sort()).toEqual(["gamma", "zeta", "studio"].map((k) => titleIn(property(k), lang)).sort());
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.name);

    const testograd = location("testograd");
    await open(page, lang === "en" ? `/en/${testograd.slugEn}` : `${prefix(lang)}${locationPath(testograd)}`);
    const list = page.getByRole("region", { name: t.inLocation });
    const card = list.getByRole("link", { name: new RegExp(t.name) });
    await card.scrollIntoViewIfNeeded();
    await expect(card).toContainText(t.forSale);
    await expect(card).toContainText(t.priceFrom);
    expect(decodedHref(await card.getAttribute("href"))).toBe(complexPath(lang));
  });
}
