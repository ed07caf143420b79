import type { Page } from "@playwright/test";
import { listedProperties, location, property, type LocationKey } from "../fixtures/data";
import { clickWhenSettled, currentPath, decodedHref, expect, hydrated, LANGS, localize, open, test, type Lang } from "../fixtures/test";
import { T } from "../fixtures/texts";

/**
 * The location page /{slug} (SPEC §2 Location page, §4): hero picture with
 * the full-screen viewer, property count, search box, type filter, cards and
 * pager; /locations/{id} redirects to it; an unknown location is a 404 with
 * a back link.
 */

const nameIn = (key: LocationKey, lang: Lang) => (lang === "bg" ? location(key).name_bg : location(key).name);
/** Тестоград's properties its page lists by default (sold ones left out). */
const inTestograd = () => listedProperties().filter((p) => p.location === "testograd");

function found(page: Page) {
  return page.getByRole("main").getByRole("status").last();
}
function cardTitles(page: Page) {
  return page.getByRole("main").getByRole("article").getByRole("heading");
}

for (const lang of LANGS) {
  const t = T[lang];

  test.describe(`location page (${lang})`, () => {
    test("hero: name, picture, count of properties; the picture opens full screen", async ({ page }) => {
      const testograd = location("testograd");
      const response = await open(page, localize(lang, `/${testograd.slug}`));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: nameIn("testograd", lang) })).toBeVisible();
      await expect(page.getByRole("main").getByText(t.count(testograd.count), { exact: true })).toBeVisible();

      const opener = page.getByRole("button", { name: t.location.openImage });
      const hero = opener.locator("img");
      await expect.poll(() => hero.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      expect(await hero.evaluate((el: HTMLImageElement) => el.currentSrc || el.src)).toContain("locations-1700000000000-e2eloc01");

      await opener.click();
      const viewer = page.getByRole("dialog", { name: nameIn("testograd", lang) });
      await expect(viewer).toBeVisible();
      const picture = viewer.getByRole("img");
      await expect.poll(() => picture.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      await expect(viewer.getByRole("alert")).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(viewer).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test("the search box searches within the location; the count of all stays", async ({ page }) => {
      const testograd = location("testograd");
      await open(page, localize(lang, `/${testograd.slug}`));
      await expect(found(page)).toHaveText(t.listing.found(testograd.count));
      const box = page.getByRole("main").getByRole("searchbox", { name: t.location.searchIn(location("testograd")) });
      await box.fill("маяка");
      await box.press("Enter");
      await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe("маяка");
      await expect(found(page)).toHaveText(t.listing.found(1));
      await expect(cardTitles(page)).toHaveText([property("lighthouse").title]);
      expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(localize(lang, `/${testograd.slug}`));
      // The hero still counts all of the location's properties.
      await expect(page.getByRole("main").getByText(t.count(testograd.count), { exact: true })).toBeVisible();
      // A property of another location is not found here.
      await box.fill("Бургас");
      await box.press("Enter");
      await expect(found(page)).toHaveText(t.listing.found(0));
    });

    test("the type filter: all, apartment, house", async ({ page }) => {
      const testograd = location("testograd");
      await open(page, localize(lang, `/${testograd.slug}`));
      const types = page.getByRole("main").getByRole("navigation", { name: t.listing.typeNav });
      await expect(types.getByRole("link", { name: t.listing.types.all, exact: true })).toHaveAttribute("aria-current", "page");
      await types.getByRole("link", { name: t.listing.types.house, exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("type")).toBe("house");
      expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(localize(lang, `/${testograd.slug}`));
      const houses = inTestograd().filter((p) => p.property_type === "house");
      await expect(found(page)).toHaveText(t.listing.found(houses.length));
      await expect(types.getByRole("link", { name: t.listing.types.house, exact: true })).toHaveAttribute("aria-current", "page");
      await types.getByRole("link", { name: t.listing.types.apartment, exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("type")).toBe("apartment");
      await expect(found(page)).toHaveText(t.listing.found(testograd.count - houses.length));
      await types.getByRole("link", { name: t.listing.types.all, exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("type")).toBeNull();
      await expect(found(page)).toHaveText(t.listing.found(testograd.count));
    });
  });
}

test.describe("location page", () => {
  test("pages through more than 10 properties", async ({ page }) => {
    const testograd = location("testograd");
    await open(page, `/${testograd.slug}`);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(10);
    const pager = page.getByRole("main").getByRole("navigation", { name: T.ru.listing.pagination });
    await clickWhenSettled(pager.getByRole("link", { name: T.ru.listing.page(2) }));
    await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(testograd.count - 10);
    // Only this location's properties.
    const titles = [...(await cardTitles(page).allTextContents())];
    for (const title of titles) expect(inTestograd().map((p) => p.title)).toContain(title);
  });

  test("filter links are the location's own URL without a redundant location parameter", async ({ page }) => {
    const testograd = location("testograd");
    await open(page, `/${testograd.slug}`);
    const types = page.getByRole("main").getByRole("navigation", { name: T.ru.listing.typeNav });
    expect(decodedHref(await types.getByRole("link", { name: T.ru.listing.types.house, exact: true }).getAttribute("href"))).toBe(
      `/${testograd.slug}?type=house`,
    );
    const pager = page.getByRole("main").getByRole("navigation", { name: T.ru.listing.pagination });
    expect(decodedHref(await pager.getByRole("link", { name: T.ru.listing.page(2) }).getAttribute("href"))).toBe(`/${testograd.slug}?page=2`);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the search form lands on the clean URL (no empty or default parameters), like /properties", async ({ page, request }) => {
      const testograd = location("testograd");
      const path = `/${testograd.slug}`;
      const raw = await request.get(`${encodeURI(path)}?search=&sort=default&location=&type=house&page=1`, { maxRedirects: 0 });
      expect(raw.status()).toBe(302);
      expect(decodedHref(raw.headers().location!)).toBe(`${path}?type=house`);

      await page.goto(path);
      const box = page.getByRole("main").getByRole("searchbox");
      await box.fill("маяка");
      await box.press("Enter");
      await expect.poll(() => decodeURIComponent(new URL(page.url()).search)).toBe("?search=маяка");
      await expect(found(page)).toHaveText(T.ru.listing.found(1));
      await page.getByRole("main").getByRole("searchbox").fill("");
      await page.getByRole("main").getByRole("button", { name: T.ru.listing.searchSubmit }).click();
      await expect.poll(() => currentPath(page)).toBe(path);
      await expect(found(page)).toHaveText(T.ru.listing.found(testograd.count));
    });
  });

  test("the back button restores the results and the filter controls", async ({ page }) => {
    const testograd = location("testograd");
    await open(page, `/${testograd.slug}`);
    const main = page.getByRole("main");
    const sort = main.getByRole("combobox", { name: T.ru.listing.sort });
    const box = main.getByRole("searchbox");
    await sort.selectOption("price-desc");
    await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("price-desc");
    await expect(cardTitles(page).first()).toHaveText(property("green").title);
    await box.fill("зелёный");
    await box.press("Enter");
    await expect(found(page)).toHaveText(T.ru.listing.found(1));

    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get("search") ?? "").toBe("");
    await expect(found(page)).toHaveText(T.ru.listing.found(testograd.count));
    await expect(box).toHaveValue("");
    await expect(sort).toHaveValue("price-desc");

    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBeNull();
    await expect(sort).toHaveValue("default");
    await expect(cardTitles(page).first()).toHaveText(property("alpha").title);
  });

  test("a location without properties or picture: 0, the placeholder, the empty state", async ({ page }) => {
    const kableshkovo = location("kableshkovo");
    await open(page, `/${kableshkovo.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: kableshkovo.name })).toBeVisible();
    await expect(page.getByRole("main").getByText(T.ru.count(0), { exact: true })).toBeVisible();
    const opener = page.getByRole("button", { name: T.ru.location.openImage });
    await expect(opener).toBeDisabled();
    await expect(opener.locator("img")).toHaveAttribute("src", /\/images\/placeholder\.svg$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 2, name: T.ru.listing.empty })).toBeVisible();
  });

  test("a broken location picture falls back to the placeholder", async ({ page }) => {
    const primorsko = location("primorsko");
    await open(page, `/${primorsko.slug}`);
    const hero = page.getByRole("button", { name: T.ru.location.openImage }).locator("img");
    await expect
      .poll(() => hero.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc || el.src : "not shown")))
      .toMatch(/\/images\/placeholder\.svg$/);
  });

  test("/locations/{id} redirects permanently to the slug URL, in both languages", async ({ page, request }) => {
    const testograd = location("testograd");
    for (const lang of LANGS) {
      const raw = await request.get(localize(lang, `/locations/${testograd.id}`), { maxRedirects: 0 });
      expect(raw.status()).toBe(301);
      expect(decodeURIComponent(raw.headers().location!)).toBe(localize(lang, `/${testograd.slug}`));
      await page.goto(localize(lang, `/locations/${testograd.id}`));
      await expect.poll(() => currentPath(page)).toBe(localize(lang, `/${testograd.slug}`));
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: nameIn("testograd", lang) })).toBeVisible();
    }
  });
});

for (const lang of LANGS) {
  const t = T[lang];
  test(`an unknown location is a 404 with a back link (${lang})`, async ({ page }) => {
    const response = await page.goto(localize(lang, "/нет-такой-локации"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: t.location.notFound })).toBeVisible();
    await expect(page.getByText(t.location.notFoundText)).toBeVisible();
    const back = page.getByRole("main").getByRole("link", { name: t.location.back });
    await expect(back).toHaveAttribute("href", localize(lang, "/"));
    await hydrated(page);
    await back.click();
    await expect(page).toHaveURL(localize(lang, "/"));
    await expect(page.getByRole("heading", { level: 1, name: t.home.heroTitle })).toBeVisible();
  });

  test(`an unknown location id is the same 404 (${lang})`, async ({ page }) => {
    const response = await page.goto(localize(lang, "/locations/6f1c1c1e-0000-4000-8000-000000000000"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: t.location.notFound })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: t.location.back })).toHaveAttribute("href", localize(lang, "/"));
  });
}
