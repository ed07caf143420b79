import type { BrowserContext, Page } from "@playwright/test";
import { location, property, propertyPath } from "../fixtures/data";
import { clickWhenSettled, currentPath, expect, hydrated, isPhone, LANGS, localize, open, test } from "../fixtures/test";
import { ADMIN_SITE_ENV, ADMIN_SITE_TEL } from "../fixtures/site-config";
import { T } from "../fixtures/texts";

/**
 * The frame of every public page (SPEC §2 Header, §1 Languages, DESIGN §6):
 * logo and links, the mobile menu, the RU|BG switch with its memory
 * (localStorage `language` + cookie), and the footer.
 */

async function languageCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === "language")?.value;
}

async function storedLanguage(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem("language"));
}

/** The mobile menu's toggle: a <summary> named "Меню" (visually an icon). */
function menuToggle(page: Page, lang: "ru" | "bg") {
  return page.getByRole("banner").locator("details > summary").filter({ hasText: T[lang].nav.menu });
}

/** The header's page links: in the bar on wide screens, in the opened menu on phones. */
async function headerNav(page: Page, lang: "ru" | "bg") {
  const banner = page.getByRole("banner");
  if (isPhone()) {
    const menu = banner.locator("details");
    // Open it unless it is open already (whether it closes by itself is tested below).
    if ((await menu.getAttribute("open")) === null) await menuToggle(page, lang).click();
    await expect(menu).toHaveAttribute("open", "");
  }
  const nav = banner.getByRole("navigation", { name: T[lang].nav.label });
  await expect(nav).toBeVisible();
  return nav;
}

for (const lang of LANGS) {
  const t = T[lang];

  test.describe(`header (${lang})`, () => {
    test("logo goes home; the links lead to the home page and to /properties", async ({ page }) => {
      await open(page, localize(lang, "/properties"));
      const logo = page.getByRole("banner").getByRole("link", { name: t.siteName });
      await expect(logo).toHaveAttribute("href", localize(lang, "/"));

      let nav = await headerNav(page, lang);
      await expect(nav.getByRole("link", { name: t.nav.home })).toHaveAttribute("href", localize(lang, "/"));
      await expect(nav.getByRole("link", { name: t.nav.properties })).toHaveAttribute("href", localize(lang, "/properties"));

      await nav.getByRole("link", { name: t.nav.home }).click();
      await expect(page).toHaveURL(localize(lang, "/"));
      await expect(page.getByRole("heading", { level: 1, name: t.home.heroTitle })).toBeVisible();

      nav = await headerNav(page, lang);
      await nav.getByRole("link", { name: t.nav.properties }).click();
      await expect(page).toHaveURL(localize(lang, "/properties"));
      await expect(page.getByRole("heading", { level: 1, name: t.listing.title })).toBeVisible();

      await logo.click();
      await expect(page).toHaveURL(localize(lang, "/"));
      await expect(page.getByRole("heading", { level: 1, name: t.home.heroTitle })).toBeVisible();
    });
  });
}

test.describe("mobile menu", () => {
  test("is a disclosure on phones and a plain bar on wide screens", async ({ page }) => {
    await open(page, "/");
    const banner = page.getByRole("banner");
    const menu = banner.locator("details");
    const toggle = menuToggle(page, "ru");
    if (!isPhone()) {
      await expect(toggle).toBeHidden();
      await expect(banner.getByRole("navigation", { name: T.ru.nav.label })).toBeVisible();
      return;
    }
    // Closed: no page links visible.
    await expect(banner.getByRole("link", { name: T.ru.nav.properties })).toBeHidden();
    await toggle.click();
    const nav = menu.getByRole("navigation", { name: T.ru.nav.label });
    await expect(nav.getByRole("link", { name: T.ru.nav.properties })).toBeVisible();
    await expect(nav.getByRole("link", { name: T.ru.nav.home })).toBeVisible();
    // Toggles closed again.
    await toggle.click();
    await expect(nav).toBeHidden();
  });

  test("closes after a link in it was followed", async ({ page }) => {
    test.skip(!isPhone(), "the menu exists on phones only");
    await open(page, "/");
    const menu = page.getByRole("banner").locator("details");
    await menuToggle(page, "ru").click();
    await menu.getByRole("link", { name: T.ru.nav.properties }).click();
    await expect(page).toHaveURL("/properties");
    await expect(page.getByRole("heading", { level: 1, name: T.ru.listing.title })).toBeVisible();
    // The new page must not open under a menu still covering it.
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(menu.getByRole("navigation")).toBeHidden();
  });
});

test.describe("language switch", () => {
  test("RU|BG keeps the page and its query, and remembers the choice", async ({ page, context }) => {
    await open(page, "/properties?type=house");
    const switcher = page.getByRole("group", { name: T.ru.nav.language });
    await expect(switcher.getByRole("link", { name: "ru" })).toHaveAttribute("aria-current", "true");
    await expect(switcher.getByRole("link", { name: "bg" })).not.toHaveAttribute("aria-current", "true");

    await switcher.getByRole("link", { name: "bg" }).click();
    await expect(page).toHaveURL("/bg/properties?type=house");
    await expect(page.locator("html")).toHaveAttribute("lang", "bg");
    await expect(page.getByRole("heading", { level: 1, name: T.bg.listing.title })).toBeVisible();
    await expect(page.getByRole("navigation", { name: T.bg.listing.typeNav }).getByRole("link", { name: T.bg.listing.types.house })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(await storedLanguage(page)).toBe("bg");
    expect(await languageCookie(context)).toBe("bg");

    await hydrated(page);
    const bgSwitcher = page.getByRole("group", { name: T.bg.nav.language });
    await expect(bgSwitcher.getByRole("link", { name: "bg" })).toHaveAttribute("aria-current", "true");
    await bgSwitcher.getByRole("link", { name: "ru" }).click();
    await expect(page).toHaveURL("/properties?type=house");
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByRole("heading", { level: 1, name: T.ru.listing.title })).toBeVisible();
    expect(await storedLanguage(page)).toBe("ru");
    expect(await languageCookie(context)).toBe("ru");
  });

  test("switches a property page with Cyrillic slugs to its Bulgarian twin", async ({ page }) => {
    const alpha = property("alpha");
    await open(page, propertyPath(alpha));
    await page.getByRole("group", { name: T.ru.nav.language }).getByRole("link", { name: "bg" }).click();
    await expect.poll(() => currentPath(page)).toBe(propertyPath(alpha, "bg"));
    await expect(page.getByRole("heading", { level: 1, name: alpha.title_bg })).toBeVisible();
  });

  test("with the cookie language=bg an unprefixed URL redirects to its /bg twin", async ({ page, context, request, baseURL }) => {
    const raw = await request.get("/properties?type=house", { headers: { Cookie: "language=bg" }, maxRedirects: 0 });
    expect([302, 303, 307]).toContain(raw.status());
    expect(raw.headers().location).toBe("/bg/properties?type=house");

    await context.addCookies([{ name: "language", value: "bg", url: baseURL! }]);
    await page.goto("/properties?type=house");
    await expect(page).toHaveURL("/bg/properties?type=house");
    await expect(page.getByRole("heading", { level: 1, name: T.bg.listing.title })).toBeVisible();

    const testograd = location("testograd");
    await page.goto(`/${testograd.slug}`);
    await expect.poll(() => currentPath(page)).toBe(`/bg/${testograd.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: testograd.name_bg })).toBeVisible();

    await page.goto("/");
    await expect(page).toHaveURL("/bg");
    await expect(page.getByRole("heading", { level: 1, name: T.bg.home.heroTitle })).toBeVisible();
  });

  test("a choice in localStorage is restored on load when it is ru or bg", async ({ page, context }) => {
    // Stored from a page of the site that runs no script (an app page could
    // itself act on the value before the test moves on).
    await page.goto("/robots.txt");
    await page.evaluate(() => window.localStorage.setItem("language", "bg"));
    // The page itself moves on once its script has read the choice.
    await page.goto("/properties", { waitUntil: "commit" });
    await expect(page).toHaveURL("/bg/properties");
    await expect(page.getByRole("heading", { level: 1, name: T.bg.listing.title })).toBeVisible();
    expect(await languageCookie(context)).toBe("bg");
  });

  test("any other stored value is ignored", async ({ page, context }) => {
    await page.goto("/robots.txt");
    await page.evaluate(() => window.localStorage.setItem("language", "de"));
    const switches: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/set-language")) switches.push(r.url());
    });
    await page.goto("/properties");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveURL("/properties");
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    expect(switches).toEqual([]);
    expect(await languageCookie(context)).toBeUndefined();
    expect(await storedLanguage(page)).toBe("de");
  });
});

for (const lang of LANGS) {
  const t = T[lang];
  test(`footer anchors, contacts and working hours (${lang})`, async ({ page }) => {
    await open(page, localize(lang, "/properties"));
    const footer = page.getByRole("contentinfo");
    const nav = footer.getByRole("navigation", { name: t.footer.nav });
    const home = lang === "ru" ? "" : "/bg";
    await expect(nav.getByRole("link", { name: t.footer.top })).toHaveAttribute("href", "#top");
    await expect(nav.getByRole("link", { name: t.footer.locations })).toHaveAttribute("href", `${home}/#locations`);
    await expect(nav.getByRole("link", { name: t.footer.about })).toHaveAttribute("href", `${home}/#about`);
    await expect(nav.getByRole("link", { name: t.footer.contact })).toHaveAttribute("href", `${home}/#contact`);

    await expect(footer.getByRole("link", { name: "+359 88 000 0000" })).toHaveAttribute("href", "tel:+359880000000");
    await expect(footer.getByRole("link", { name: "info@example.com" })).toHaveAttribute("href", "mailto:info@example.com");
    // The configured hours (HOURS_*, not the defaults); the empty Sunday reads "by appointment".
    for (const [label, value] of t.hours) {
      const term = footer.getByRole("term").filter({ hasText: label });
      await expect(term).toHaveText(label);
      // The value is the definition right after its term.
      await expect(term.locator("xpath=following-sibling::dd[1]")).toHaveText(value);
    }

    // An anchor from another page lands on the home page's section.
    await clickWhenSettled(nav.getByRole("link", { name: t.footer.about }));
    await expect.poll(() => currentPath(page)).toMatch(new RegExp(`^${home || ""}/?$`));
    await expect(page).toHaveURL(/#about$/);
    await expect(page.getByRole("heading", { level: 2, name: t.about.title })).toBeInViewport();

    await nav.getByRole("link", { name: t.footer.top }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // A configured phone and e-mail (SITE_PHONE, SITE_EMAIL): the administrator's server runs with others (site-config.ts).
    await page.goto(new URL(localize(lang, "/properties"), process.env.E2E_ADMIN_BASE_URL).href);
    const configured = page.getByRole("contentinfo");
    await expect(configured.getByRole("link", { name: ADMIN_SITE_ENV.SITE_PHONE })).toHaveAttribute("href", ADMIN_SITE_TEL);
    await expect(configured.getByRole("link", { name: ADMIN_SITE_ENV.SITE_EMAIL })).toHaveAttribute("href", `mailto:${ADMIN_SITE_ENV.SITE_EMAIL}`);
  });
}
