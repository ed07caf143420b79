import { fixtures, listedProperties, location, type LocationKey } from "../fixtures/data";
import { currentPath, decodedHref, expect, LANGS, localize, open, test } from "../fixtures/test";
import { ADMIN_SITE_ENV, ADMIN_SITE_TEL, PUBLIC_SITE_ENV } from "../fixtures/site-config";
import { T } from "../fixtures/texts";

/**
 * The home page (SPEC §2 Home): hero, search form, locations grid with counts
 * and pictures, About, and the contact block. The contact form has its own
 * spec (contact-form.spec.ts).
 */

/** Locations in their home-page order: the six defaults (positions 0–5), then Тестоград. */
const ORDER: LocationKey[] = ["sozopol", "chernomorets", "ravda", "burgas", "kableshkovo", "primorsko", "testograd"];

for (const lang of LANGS) {
  const t = T[lang];
  const nameOf = (key: LocationKey) => (lang === "bg" ? location(key).name_bg : location(key).name);

  test.describe(`home (${lang})`, () => {
    test("locations grid: links by slug and counts with the right plural forms", async ({ page }) => {
      await open(page, localize(lang, "/"));
      const section = page.getByRole("region", { name: t.home.locations });
      const items = section.getByRole("listitem");
      await expect(items).toHaveCount(ORDER.length);
      await expect(items.getByRole("heading")).toHaveText(ORDER.map(nameOf));
      for (const key of ORDER) {
        const l = location(key);
        const card = section.getByRole("link", { name: new RegExp(`^${nameOf(key)} `) });
        await expect(card).toHaveCount(1);
        expect(decodedHref(await card.getAttribute("href"))).toBe(localize(lang, `/${l.slug}`));
        await expect(card).toContainText(t.count(l.count));
      }
      // The forms of SPEC's example (1 объект / 2 объекта / 5 объектов) all appear.
      if (lang === "ru") {
        for (const text of ["1 объект", "2 объекта", "3 объекта", "5 объектов", "15 объектов", "0 объектов"]) {
          await expect(section.getByText(text, { exact: true }).first()).toBeVisible();
        }
      } else {
        for (const text of ["1 имот", "2 имота", "15 имота"]) await expect(section.getByText(text, { exact: true }).first()).toBeVisible();
      }
    });

    test("location pictures: the location's own; the placeholder when missing or broken", async ({ page }) => {
      await open(page, localize(lang, "/"));
      const section = page.getByRole("region", { name: t.home.locations });
      // Приморско's picture is broken (fixtures), so it comes last.
      for (const key of [...ORDER.filter((k) => k !== "primorsko"), "primorsko" as const]) {
        const img = section.getByRole("link", { name: new RegExp(`^${nameOf(key)} `) }).locator("img");
        await img.scrollIntoViewIfNeeded();
        const shown = () => img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc || el.src : "broken"));
        if (key === "testograd") await expect.poll(shown, { message: `${key} picture` }).toContain("locations-1700000000000-e2eloc01");
        else await expect.poll(shown, { message: `${key} shows the placeholder` }).toMatch(/\/images\/placeholder\.svg$/);
      }
    });

    test("a location card opens the location page", async ({ page }) => {
      await open(page, localize(lang, "/"));
      const testograd = location("testograd");
      await page
        .getByRole("region", { name: t.home.locations })
        .getByRole("link", { name: new RegExp(`^${nameOf("testograd")} `) })
        .click();
      await expect.poll(() => currentPath(page)).toBe(localize(lang, `/${testograd.slug}`));
      await expect(page.getByRole("heading", { level: 1, name: nameOf("testograd") })).toBeVisible();
    });

    test("hero, About (company, stats, contact person) and the contact block", async ({ page }) => {
      const response = await open(page, localize(lang, "/"));
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1, name: t.home.heroTitle })).toBeVisible();
      const hero = page.getByRole("img", { name: t.home.heroAlt });
      await expect(hero).toBeVisible();
      await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      const about = page.getByRole("region", { name: t.about.title });
      await expect(about.getByText(t.about.lead)).toBeVisible();
      await expect(about).toContainText("2010");
      // The configured name (SITE_CONTACT_NAME), not the default one.
      await expect(about.getByText(t.about.person(PUBLIC_SITE_ENV.SITE_CONTACT_NAME))).toBeVisible();
      for (const [value, label] of t.about.stats) {
        const term = about.getByRole("term").filter({ hasText: label });
        await expect(term).toHaveText(label);
        await expect(term.locator("xpath=following-sibling::dd[1]")).toHaveText(value);
      }

      const contact = page.getByRole("region", { name: t.contact.title });
      await expect(contact.getByRole("link", { name: "+359 88 000 0000" })).toHaveAttribute("href", "tel:+359880000000");
      await expect(contact.getByRole("link", { name: "info@example.com" })).toHaveAttribute("href", "mailto:info@example.com");
      // Configured ones come from SITE_PHONE / SITE_EMAIL: the administrator's server runs with others (site-config.ts).
      await page.goto(new URL(localize(lang, "/"), process.env.E2E_ADMIN_BASE_URL).href);
      const configured = page.getByRole("region", { name: t.contact.title });
      await expect(configured.getByRole("link", { name: ADMIN_SITE_ENV.SITE_PHONE })).toHaveAttribute("href", ADMIN_SITE_TEL);
      await expect(configured.getByRole("link", { name: ADMIN_SITE_ENV.SITE_EMAIL })).toHaveAttribute("href", `mailto:${ADMIN_SITE_ENV.SITE_EMAIL}`);
    });

    test("search with only a type sends only type", async ({ page }) => {
      const houses = listedProperties().filter((p) => p.property_type === "house").length;
      await open(page, localize(lang, "/"));
      const form = page.getByRole("form", { name: t.home.searchForm });
      await form.getByRole("combobox", { name: t.home.searchType }).selectOption("house");
      await form.getByRole("button", { name: t.home.searchSubmit }).click();
      await expect(page).toHaveURL(localize(lang, "/properties?type=house"));
      await expect(page.getByRole("heading", { level: 1, name: t.listing.title })).toBeVisible();
      await expect(page.getByRole("main").getByRole("status")).toHaveText(t.listing.found(houses));
    });

    test("search with only a location sends only location", async ({ page }) => {
      const testograd = location("testograd");
      await open(page, localize(lang, "/"));
      const form = page.getByRole("form", { name: t.home.searchForm });
      await form.getByRole("combobox", { name: t.home.searchLocation }).selectOption({ label: nameOf("testograd") });
      await form.getByRole("button", { name: t.home.searchSubmit }).click();
      await expect(page).toHaveURL(localize(lang, `/properties?location=${testograd.id}`));
      await expect(page.getByRole("main").getByRole("status")).toHaveText(t.listing.found(testograd.count));
    });

    test("search with nothing chosen opens the whole listing", async ({ page }) => {
      await open(page, localize(lang, "/"));
      const form = page.getByRole("form", { name: t.home.searchForm });
      await form.getByRole("button", { name: t.home.searchSubmit }).click();
      await expect(page).toHaveURL(localize(lang, "/properties"));
      await expect(page.getByRole("main").getByRole("status")).toHaveText(t.listing.found(fixtures().total));
    });
  });
}

test.describe("home without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form still lands on a clean URL with only the chosen parameter", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("form", { name: T.ru.home.searchForm });
    await form.getByRole("combobox", { name: T.ru.home.searchType }).selectOption("apartment");
    await form.getByRole("button", { name: T.ru.home.searchSubmit }).click();
    await expect(page).toHaveURL("/properties?type=apartment");
    await expect(page.getByRole("navigation", { name: T.ru.listing.typeNav }).getByRole("link", { name: T.ru.listing.types.apartment })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});
