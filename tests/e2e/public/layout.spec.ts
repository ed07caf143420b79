import type { Page } from "@playwright/test";
import { location, property, propertyPath } from "../fixtures/data";
import { expect, hydrated, LANGS, localize, test } from "../fixtures/test";

/**
 * Every public page, both languages, on a 360 px wide screen: no sideways
 * scrolling, and (checked by the consoleErrors fixture) no console errors or
 * uncaught exceptions once hydrated and idle.
 */
test.use({ viewport: { width: 360, height: 740 } });

const PAGES: [string, () => string, number][] = [
  ["home", () => "/", 200],
  ["listing", () => "/properties", 200],
  ["listing, filtered page 2", () => "/properties?type=apartment&sort=price-desc&page=2", 200],
  ["listing, empty", () => "/properties?search=несуществующийобъект", 200],
  ["location", () => `/${location("testograd").slug}`, 200],
  ["location, empty, no picture", () => `/${location("kableshkovo").slug}`, 200],
  ["location, broken picture", () => `/${location("primorsko").slug}`, 200],
  ["property with gallery", () => `/${property("alpha").locationSlug}/${property("alpha").slug}`, 200],
  ["property, broken picture", () => `/${property("gamma").locationSlug}/${property("gamma").slug}`, 200],
  ["property, no picture or description", () => `/${property("zeta").locationSlug}/${property("zeta").slug}`, 200],
  ["property, no price", () => `/${property("delta").locationSlug}/${property("delta").slug}`, 200],
  ["unknown location", () => "/нет-такой-локации", 404],
  ["unknown property", () => `/${location("testograd").slug}/нет-такого-объекта`, 404],
  ["unknown path", () => "/нет/такой/страницы", 404],
];

async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1 && getComputedStyle(el).position !== "fixed")
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 3).join(".")}`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
  });
}

for (const lang of LANGS) {
  test.describe(`360 px wide (${lang})`, () => {
    for (const [name, path, status] of PAGES) {
      test(name, async ({ page }) => {
        const response = await page.goto(localize(lang, path()));
        expect(response?.status()).toBe(status);
        await hydrated(page);
        await page.waitForLoadState("load");
        const o = await overflow(page);
        expect(o.scrollWidth, `no horizontal overflow; widest: ${o.wide.join(", ")}`).toBeLessThanOrEqual(o.clientWidth);
      });
    }
  });
}

test("the property page with the viewer open fits too", async ({ page }) => {
  await page.goto(propertyPath(property("alpha")));
  await hydrated(page);
  await page.getByRole("main").getByRole("button", { name: "Открыть на весь экран" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  const o = await overflow(page);
  expect(o.scrollWidth).toBeLessThanOrEqual(o.clientWidth);
});
