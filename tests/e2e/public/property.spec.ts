import type { Locator, Page } from "@playwright/test";
import { location, property, propertyPath, type FixtureProperty } from "../fixtures/data";
import { currentPath, decodedHref, expect, hydrated, isPhone, LANGS, localize, open, test, type Lang } from "../fixtures/test";
import { area, price, T } from "../fixtures/texts";

/**
 * The property page /{location}/{property} (SPEC §2 Property page and
 * Full-screen gallery): facts, description, features, contact block,
 * related properties, the gallery and its full-screen viewer; /properties/{id}
 * redirects to it; an unknown property is a 404.
 */

const titleIn = (p: FixtureProperty, lang: Lang) => (lang === "bg" && p.title_bg ? p.title_bg : p.title);
const COUNTER = /^\d+ \/ \d+$/;

function main(page: Page) {
  return page.getByRole("main");
}

/** The value (dd) of a fact (dt) in the page's facts list. */
function fact(page: Page, label: string): Locator {
  return main(page)
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

/** Whether an image element has loaded a real picture. */
function loaded(img: Locator) {
  return img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
}

for (const lang of LANGS) {
  const t = T[lang];

  test.describe(`property page (${lang})`, () => {
    test("title, location, price, facts, description, features, contact links, breadcrumbs", async ({ page }) => {
      const alpha = property("alpha");
      const testograd = location("testograd");
      const locationName = lang === "bg" ? testograd.name_bg : testograd.name;
      const response = await open(page, propertyPath(alpha, lang));
      expect(response?.status()).toBe(200);

      const h1 = page.getByRole("heading", { level: 1, name: titleIn(alpha, lang) });
      await expect(h1).toBeVisible();
      await expect(h1.locator("xpath=following-sibling::p[1]")).toHaveText(locationName);
      await expect(h1.locator("xpath=following-sibling::p[2]")).toHaveText(`${t.property.price}: ${price(85000, lang)}`);
      await expect(fact(page, t.property.type)).toHaveText(t.listing.types.apartment);
      await expect(fact(page, t.property.area)).toHaveText(area(54.5, lang));
      await expect(fact(page, t.property.bedrooms)).toHaveText("1");
      await expect(fact(page, t.property.bathrooms)).toHaveText("1");
      await expect(fact(page, t.property.yearBuilt)).toHaveText("2015");

      const description = main(page).getByRole("region", { name: t.property.description });
      await expect(description).toContainText(lang === "bg" ? alpha.description_bg! : alpha.description);
      const features = main(page).getByRole("region", { name: t.property.features });
      await expect(features.getByRole("listitem")).toHaveText(lang === "bg" ? alpha.features_bg! : alpha.features!);

      const contact = main(page).getByRole("region", { name: t.property.contactTitle });
      await expect(contact.getByRole("link", { name: `${t.property.call}: +359 88 000 0000` })).toHaveAttribute("href", "tel:+359880000000");
      const mail = contact.getByRole("link", { name: `${t.property.write}: info@example.com` });
      await expect(mail).toHaveAttribute("href", `mailto:info@example.com?subject=${encodeURIComponent(titleIn(alpha, lang))}`);

      const crumbs = main(page).getByRole("navigation", { name: t.property.breadcrumbs });
      await expect(crumbs.getByRole("link", { name: t.nav.home })).toHaveAttribute("href", localize(lang, "/"));
      expect(decodedHref(await crumbs.getByRole("link", { name: locationName }).getAttribute("href"))).toBe(localize(lang, `/${testograd.slug}`));
      await expect(crumbs.getByRole("listitem").last()).toHaveText(titleIn(alpha, lang));
    });

    test("up to 3 other properties of the same location", async ({ page }) => {
      const alpha = property("alpha");
      const testograd = location("testograd");
      await open(page, propertyPath(alpha, lang));
      const related = main(page).getByRole("region", { name: t.property.related(testograd) });
      const cards = related.getByRole("article");
      await expect(cards).toHaveCount(3);
      await expect(cards.getByRole("heading", { name: titleIn(alpha, lang), exact: true })).toHaveCount(0);
      for (const card of await cards.all()) {
        // Below the first screen a card is drawn once it comes near (content-visibility): scroll as a visitor would.
        await card.scrollIntoViewIfNeeded();
        await expect(card.getByText(new RegExp(`^${lang === "bg" ? testograd.name_bg : testograd.name}( · |$)`))).toBeVisible();
      }
      const first = cards.first().getByRole("link", { name: new RegExp(`^${t.card.more}: `) });
      const href = decodedHref(await first.getAttribute("href"));
      expect(href.startsWith(localize(lang, `/${testograd.slug}/`))).toBe(true);
      await first.click();
      await expect.poll(() => currentPath(page)).toBe(href);
    });

    test("a property without Bulgarian texts or a price; one without a description or pictures", async ({ page }) => {
      const beta = property("beta");
      await open(page, propertyPath(beta, lang));
      // Bulgarian page, Russian texts (SPEC §1): the Russian title, description and features.
      await expect(page.getByRole("heading", { level: 1, name: beta.title })).toBeVisible();
      await expect(main(page).getByRole("region", { name: t.property.description })).toContainText(beta.description);
      await expect(main(page).getByRole("region", { name: t.property.features }).getByRole("listitem")).toHaveText(beta.features!);

      const delta = property("delta");
      await page.goto(propertyPath(delta, lang));
      const h1 = page.getByRole("heading", { level: 1, name: delta.title });
      await expect(h1.locator("xpath=following-sibling::p[2]")).toHaveText(`${t.property.price}: ${t.card.priceOnRequest}`);
      await expect(fact(page, t.property.yearBuilt)).toHaveCount(0);
      await expect(main(page).getByRole("region", { name: t.property.features })).toHaveCount(0);

      const epsilon = property("epsilon");
      await page.goto(propertyPath(epsilon, lang));
      await expect(main(page).getByRole("region", { name: t.property.description })).toContainText(t.card.noDescription);

      const zeta = property("zeta");
      await page.goto(propertyPath(zeta, lang));
      await expect(main(page).getByRole("img", { name: t.card.noImage })).toHaveAttribute("src", /\/images\/placeholder\.svg$/);
      await expect(main(page).getByRole("button", { name: t.gallery.open })).toHaveCount(0);
      await expect(fact(page, t.property.area)).toHaveCount(0);
    });
  });
}

test.describe("property page", () => {
  test("no related section when the location has no other property; one when it has one", async ({ page }) => {
    await open(page, propertyPath(property("sozopolVilla")));
    await expect(main(page).getByRole("region", { name: /^Другие объекты в / })).toHaveCount(0);
    await page.goto(propertyPath(property("ravda1")));
    const related = main(page).getByRole("region", { name: T.ru.property.related(location("ravda")) });
    await expect(related.getByRole("article").getByRole("heading")).toHaveText([property("ravda2").title]);
  });

  test("/properties/{id} redirects permanently to the slug URL, in both languages", async ({ page, request }) => {
    const alpha = property("alpha");
    for (const lang of LANGS) {
      const raw = await request.get(localize(lang, `/properties/${alpha.id}`), { maxRedirects: 0 });
      expect(raw.status()).toBe(301);
      expect(decodeURIComponent(raw.headers().location!)).toBe(propertyPath(alpha, lang));
      await page.goto(localize(lang, `/properties/${alpha.id}`));
      await expect.poll(() => currentPath(page)).toBe(propertyPath(alpha, lang));
      await expect(page.getByRole("heading", { level: 1, name: titleIn(alpha, lang) })).toBeVisible();
    }
  });
});

for (const lang of LANGS) {
  const t = T[lang];
  test(`an unknown property is a 404 with a link to all properties (${lang})`, async ({ page }) => {
    const testograd = location("testograd");
    for (const path of [`/${testograd.slug}/нет-такого-объекта`, "/нет-такой-локации/нет-такого-объекта"]) {
      const response = await page.goto(localize(lang, path));
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: t.property.notFound }), path).toBeVisible();
      await expect(main(page).getByRole("link", { name: t.property.back }), path).toHaveAttribute("href", localize(lang, "/properties"));
    }
    await hydrated(page);
    await main(page).getByRole("link", { name: t.property.back }).click();
    await expect(page).toHaveURL(localize(lang, "/properties"));
    await expect(page.getByRole("heading", { level: 1, name: t.listing.title })).toBeVisible();
  });

  test(`an unknown property id is the same 404 (${lang})`, async ({ page }) => {
    const response = await page.goto(localize(lang, "/properties/6f1c1c1e-0000-4000-8000-000000000000"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: t.property.notFound })).toBeVisible();
  });
}

test.describe("gallery", () => {
  test("arrows wrap around, the counter follows, thumbnails pick a picture", async ({ page }) => {
    const alpha = property("alpha");
    await open(page, propertyPath(alpha));
    const t = T.ru.gallery;
    const counter = main(page).getByText(COUNTER);
    const picture = main(page).getByRole("button", { name: t.open }).getByRole("img");
    const shows = async (n: number) => {
      await expect(counter).toHaveText(`${n} / 3`);
      await expect(picture).toHaveAttribute("alt", `${alpha.title} — ${n}`);
      await expect(main(page).getByRole("button", { name: t.thumbnail(n) })).toHaveAttribute("aria-current", "true");
      const file = alpha.images[n - 1]!.split("/")
        .pop()!
        .replace(/\.jpg$/, "");
      await expect.poll(() => picture.evaluate((el: HTMLImageElement) => el.currentSrc || el.src)).toContain(file);
      await expect.poll(() => loaded(picture)).toBe(true);
    };
    await shows(1);
    await expect(main(page).getByRole("button", { name: /^Фото \d+$/ })).toHaveCount(3);
    await main(page).getByRole("button", { name: t.previous }).click();
    await shows(3);
    await main(page).getByRole("button", { name: t.next }).click();
    await shows(1);
    await main(page).getByRole("button", { name: t.next }).click();
    await shows(2);
    await main(page)
      .getByRole("button", { name: t.thumbnail(3) })
      .click();
    await shows(3);
    await main(page)
      .getByRole("button", { name: t.thumbnail(1) })
      .click();
    await shows(1);
  });

  test("full-screen viewer: keys, zoom, reload, scroll lock, Escape returns focus", async ({ page }) => {
    const alpha = property("alpha");
    await open(page, propertyPath(alpha));
    const t = T.ru.gallery;
    const opener = main(page).getByRole("button", { name: t.open });
    const root = () => page.evaluate(() => ({ overflow: getComputedStyle(document.documentElement).overflow, y: window.scrollY }));
    await page.evaluate(() => window.scrollTo(0, 120));
    const before = await root();
    expect(before.overflow).not.toBe("hidden");

    await opener.click();
    const viewer = page.getByRole("dialog", { name: alpha.title });
    await expect(viewer).toBeVisible();
    const counter = viewer.getByText(COUNTER);
    const picture = viewer.getByRole("img");
    await expect(counter).toHaveText("1 / 3");
    await expect.poll(() => loaded(picture)).toBe(true);

    // Page scroll is locked while open.
    const locked = await root();
    expect(locked.overflow).toBe("hidden");
    if (!isPhone()) {
      await page.mouse.move(200, 300);
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(200);
      expect((await root()).y).toBe(locked.y);
    }

    // ← and → wrap around.
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText("3 / 3");
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("1 / 3");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("3 / 3");
    await expect(picture).toHaveAttribute("alt", `${alpha.title} — 3`);
    await expect.poll(() => loaded(picture)).toBe(true);

    // z toggles the zoom.
    const zoom = viewer.getByRole("button", { name: t.zoom });
    await expect(zoom).toHaveAttribute("aria-pressed", "false");
    const normal = await picture.boundingBox();
    await page.keyboard.press("z");
    await expect(zoom).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => (await picture.boundingBox())!.width).toBeGreaterThan(normal!.width * 1.5);
    await page.keyboard.press("z");
    await expect(zoom).toHaveAttribute("aria-pressed", "false");

    // r reloads the pictures: loading, then the same picture again, fetched anew.
    const srcBefore = await picture.getAttribute("src");
    // The reloaded picture is held back a moment, so the loading state can be seen
    // (a local server can answer before the check runs).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/[?&]r=\d+/, async (route) => {
      await held;
      await route.continue();
    });
    await page.keyboard.press("r");
    await expect(viewer.getByRole("status")).toHaveText(t.loading);
    // The route stays: unrouting while its handler waits lets Playwright
    // continue the request itself, and the handler's continue then throws.
    release();
    await expect.poll(() => viewer.getByRole("img").getAttribute("src")).not.toBe(srcBefore);
    await expect.poll(() => loaded(viewer.getByRole("img"))).toBe(true);
    await expect(viewer.getByRole("status")).toHaveCount(0);
    // The refresh button does the same.
    const srcAfterKey = await viewer.getByRole("img").getAttribute("src");
    await viewer.getByRole("button", { name: t.refresh }).click();
    await expect.poll(() => viewer.getByRole("img").getAttribute("src")).not.toBe(srcAfterKey);
    await expect.poll(() => loaded(viewer.getByRole("img"))).toBe(true);

    // Escape closes; focus goes back to what opened it; the page scrolls again; the gallery follows.
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
    expect((await root()).overflow).not.toBe("hidden");
    await expect(main(page).getByText(COUNTER)).toHaveText("3 / 3");

    // The close button closes too.
    await opener.click();
    await expect(viewer).toBeVisible();
    await viewer.getByRole("button", { name: t.close }).click();
    await expect(viewer).toBeHidden();
  });

  for (const lang of LANGS) {
    test(`a picture that cannot load: placeholder inline, 'Error loading images' with 'Try Again' full screen (${lang})`, async ({ page }) => {
      const gamma = property("gamma");
      const t = T[lang].gallery;
      await open(page, propertyPath(gamma, lang));
      const inline = main(page).getByRole("button", { name: t.open }).getByRole("img");
      await expect
        .poll(() => inline.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc || el.src : "")))
        .toMatch(/\/images\/placeholder\.svg$/);
      await expect(main(page).getByText(COUNTER)).toHaveText("1 / 2");

      await main(page).getByRole("button", { name: t.open }).click();
      const viewer = page.getByRole("dialog", { name: titleIn(gamma, lang) });
      await expect(viewer.getByRole("alert")).toHaveText(t.error);
      // A picture that is gone stays gone after Try Again (recovery: the test below).
      const retry = viewer.getByRole("button", { name: t.tryAgain });
      await retry.click();
      await expect(viewer.getByRole("alert")).toHaveText(t.error);

      // The next one is fine.
      await page.keyboard.press("ArrowRight");
      await expect(viewer.getByText(COUNTER)).toHaveText("2 / 2");
      await expect.poll(() => loaded(viewer.getByRole("img"))).toBe(true);
      await expect(viewer.getByRole("alert")).toHaveCount(0);
      await page.keyboard.press("ArrowRight");
      await expect(viewer.getByRole("alert")).toHaveText(t.error);
    });

    test(`'Try Again' shows the picture once it can be fetched again (${lang})`, async ({ page, consoleErrors }) => {
      const alpha = property("alpha");
      const t = T[lang].gallery;
      // The pictures fail (a dropped connection) until the route is removed.
      const files = alpha.images.map((image) =>
        image
          .split("/")
          .pop()!
          .replace(/\.\w+$/, ""),
      );
      const pictures = (url: URL) => files.some((file) => url.pathname.includes(file));
      await page.route(pictures, (route) => route.abort("failed"));
      consoleErrors.allow(/net::ERR_FAILED/);
      await open(page, propertyPath(alpha, lang));
      await main(page).getByRole("button", { name: t.open }).click();
      const viewer = page.getByRole("dialog", { name: titleIn(alpha, lang) });
      await expect(viewer.getByRole("alert")).toHaveText(t.error);
      await expect.poll(() => loaded(viewer.getByRole("img"))).toBe(false);

      await page.unroute(pictures);
      await viewer.getByRole("button", { name: t.tryAgain }).click();
      await expect(viewer.getByRole("alert")).toHaveCount(0);
      await expect.poll(() => loaded(viewer.getByRole("img"))).toBe(true);
      await expect(viewer.getByRole("img")).toBeVisible();
      await expect(viewer.getByRole("img")).toHaveAttribute("alt", `${titleIn(alpha, lang)} — 1`);
      await expect(viewer.getByText(COUNTER)).toHaveText("1 / 3");
    });
  }

  test("full-screen viewer: Tab and Shift+Tab stay inside it", async ({ page }) => {
    const alpha = property("alpha");
    await open(page, propertyPath(alpha));
    const t = T.ru.gallery;
    const opener = main(page).getByRole("button", { name: t.open });
    await opener.click();
    const viewer = page.getByRole("dialog", { name: alpha.title });
    const button = (name: string) => viewer.getByRole("button", { name });
    // Its controls in Tab order; focus starts on Close.
    const order = [t.zoom, t.refresh, t.close, t.previous, t.next];
    await expect(button(t.close)).toBeFocused();
    for (const name of [t.previous, t.next, t.zoom, t.refresh, t.close]) {
      await page.keyboard.press("Tab");
      await expect(button(name), `Tab to ${name}`).toBeFocused();
    }
    await button(t.zoom).focus();
    for (const name of [...order].reverse()) {
      await page.keyboard.press("Shift+Tab");
      await expect(button(name), `Shift+Tab to ${name}`).toBeFocused();
    }
    // After a click on the dialog's own surface (the counter), Shift+Tab goes to its last control.
    await viewer.getByText(COUNTER).click();
    await page.keyboard.press("Shift+Tab");
    await expect(button(t.next)).toBeFocused();
    // Enter and Space operate the focused control; focus stays put.
    await page.keyboard.press("Enter");
    await expect(viewer.getByText(COUNTER)).toHaveText("2 / 3");
    await page.keyboard.press("Space");
    await expect(viewer.getByText(COUNTER)).toHaveText("3 / 3");
    await expect(button(t.next)).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("full-screen viewer: swipes go to the next and previous picture, with wrap-around (touch)", async ({ page }) => {
    test.skip(!isPhone(), "touch screens: the phone project");
    const alpha = property("alpha");
    await open(page, propertyPath(alpha));
    const t = T.ru.gallery;
    await main(page).getByRole("button", { name: t.open }).click();
    const viewer = page.getByRole("dialog", { name: alpha.title });
    const counter = viewer.getByText(COUNTER);
    const picture = viewer.getByRole("img");
    const shows = async (n: number) => {
      await expect(counter).toHaveText(`${n} / 3`);
      await expect(picture).toHaveAttribute("alt", `${alpha.title} — ${n}`);
      await expect.poll(() => loaded(picture)).toBe(true);
    };
    await shows(1);

    // A real finger on the touch screen (CDP touch events, which the page sees as pointer events).
    const cdp = await page.context().newCDPSession(page);
    const viewport = page.viewportSize()!;
    const y = Math.round(viewport.height / 2);
    const swipe = async (fromX: number, toX: number, toY = y) => {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: fromX, y }] });
      for (let step = 1; step <= 6; step++) {
        const x = Math.round(fromX + ((toX - fromX) * step) / 6);
        const stepY = Math.round(y + ((toY - y) * step) / 6);
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: stepY }] });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    // Between the arrow buttons at the screen's edges.
    const right = viewport.width - 90;
    const left = 90;

    await swipe(right, left); // finger to the left: the next picture
    await shows(2);
    await swipe(left, right); // finger to the right: the previous one
    await shows(1);
    await swipe(left, right);
    await shows(3);
    await swipe(right, left);
    await shows(1);
    // A short or mostly vertical move is no swipe.
    await swipe(200, 170);
    await swipe(200, 140, y + 200);
    await shows(1);
    // A swipe is not a tap: the picture does not zoom.
    await expect(viewer.getByRole("button", { name: t.zoom })).toHaveAttribute("aria-pressed", "false");
  });
});
