import type { Locator, Page } from "@playwright/test";
import { property, propertyPath } from "../fixtures/data";
import { expect, isPhone, LANGS, localize, open, test } from "../fixtures/test";
import { T } from "../fixtures/texts";

/**
 * Issue 30's smaller faults a buyer meets, checked as a person sees them:
 * the phone menu closes on Esc and on a tap outside, the filter panel closes
 * after «Применить», the phone gallery's photo swipes, no gap under the
 * desktop gallery, an opaque phone contact bar whose labels fit, and no
 * clipped select texts at 360–390 px. Both languages in both projects.
 */
const BAR = { ru: { bar: "Быстрая связь" }, bg: { bar: "Бърза връзка" } } as const;

/** A horizontal swipe on a touch screen (Chromium's touch events through CDP). */
async function swipe(page: Page, target: Locator, dx: number) {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2 + (dx < 0 ? 60 : -60);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: x0, y }] });
  for (let i = 1; i <= 5; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x0 + (dx * i) / 5, y: y + i }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** Options of the visible selects whose text is wider than the room the select gives it (the arrow takes ~1.5rem). */
async function clippedSelects(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas").getContext("2d")!;
    return [...document.querySelectorAll("select")]
      .filter((s) => s.getClientRects().length > 0)
      .flatMap((s) => {
        const style = getComputedStyle(s);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
        return [...s.options]
          .map((o) => ({ text: o.text, width: canvas.measureText(o.text).width }))
          .filter((o) => o.width > room)
          .map((o) => `${s.name}: «${o.text}» ${Math.round(o.width)} px in ${Math.round(room)} px`);
      });
  });
}

for (const lang of LANGS) {
  const t = T[lang];
  test.describe(`small faults of the public pages, ${lang === "ru" ? "Russian" : "Bulgarian"}`, () => {
    test("the phone menu closes on Esc (focus back on its button) and on a tap outside", async ({ page }) => {
      test.skip(!isPhone(), "the menu button is a phone's");
      await open(page, localize(lang, "/properties"));
      const button = page.getByRole("banner").locator("details > summary");
      const menu = page.getByRole("banner").getByRole("navigation", { name: t.nav.label });
      await button.click();
      await expect(menu).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
      await button.click();
      await expect(menu).toBeVisible();
      // A tap on the page outside the menu: on the found count (plain text, nothing to follow).
      const found = page.getByRole("main").getByRole("status").first();
      await found.scrollIntoViewIfNeeded();
      const spot = (await found.boundingBox())!;
      await page.touchscreen.tap(spot.x + 5, spot.y + spot.height / 2);
      await expect(menu).toBeHidden();
      // A tap inside keeps it open. Dispatched on the menu itself: a tap at a point could land on a link
      // and leave the page, which closes the menu for another reason.
      await button.click();
      await expect(menu).toBeVisible();
      await menu.dispatchEvent("pointerdown", { pointerType: "touch" });
      await expect(menu).toBeVisible();
    });

    test("«Apply» closes the filter panel and the list shows the result", async ({ page }) => {
      await open(page, localize(lang, "/properties"));
      const panel = page.locator("details").filter({ has: page.locator("summary", { hasText: t.catalogue.filters }) });
      await panel.locator("summary").click();
      await expect(panel).toHaveAttribute("open", "");
      await panel.getByRole("checkbox").first().check();
      await panel.getByRole("button", { name: t.catalogue.apply }).click();
      await expect(page).toHaveURL(/sea_view=1/);
      await expect(panel).not.toHaveAttribute("open");
      await expect(panel.locator("summary")).toContainText(`${t.catalogue.filters} (1)`);
      await expect(page.getByRole("main").getByRole("listitem").first()).toBeInViewport();
    });

    test("the phone gallery's main photo swipes; the arrows still work", async ({ page }) => {
      test.skip(!isPhone(), "touch");
      const alpha = property("alpha");
      await open(page, propertyPath(alpha, lang));
      const main = page.getByRole("main");
      const counter = main.getByText(/^\d \/ 3$/);
      await expect(counter).toHaveText("1 / 3");
      const photo = main.getByRole("button", { name: t.gallery.open });
      await swipe(page, photo, -150);
      await expect(counter).toHaveText("2 / 3");
      await swipe(page, photo, 150);
      await expect(counter).toHaveText("1 / 3");
      await swipe(page, photo, 150);
      await expect(counter).toHaveText("3 / 3");
      // A swipe is no tap: the viewer stays closed.
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await main.getByRole("button", { name: t.gallery.next }).click();
      await expect(counter).toHaveText("1 / 3");
    });

    test("no large gap under the desktop gallery: the description follows it", async ({ page }) => {
      test.skip(isPhone(), "two columns on desktops only");
      await page.setViewportSize({ width: 1366, height: 900 });
      await open(page, propertyPath(property("alpha"), lang));
      const main = page.getByRole("main");
      const gallery = (await main
        .locator("ul")
        .filter({ has: page.getByRole("button", { name: t.gallery.thumbnail(1) }) })
        .boundingBox())!;
      const heading = (await main.getByRole("heading", { name: t.property.description, exact: true }).boundingBox())!;
      expect(heading.y - (gallery.y + gallery.height)).toBeLessThanOrEqual(48);
    });

    for (const width of [360, 390]) {
      test(`at ${width} px: the contact bar is opaque with one-line labels; no select text is clipped`, async ({ page }) => {
        test.skip(!isPhone(), "phone widths");
        await page.setViewportSize({ width, height: 780 });
        await open(page, propertyPath(property("alpha"), lang));
        const bar = page.getByRole("navigation", { name: BAR[lang].bar });
        await expect(bar).toBeVisible();
        expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 255, 255)");
        for (const link of await bar.getByRole("link").all()) {
          const lines = await link.evaluate((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          });
          expect(lines, await link.innerText()).toBe(1);
          expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        }
        await open(page, localize(lang, "/properties"));
        await page
          .locator("details")
          .filter({ has: page.getByText(t.catalogue.filters, { exact: true }) })
          .locator("summary")
          .click();
        expect(await clippedSelects(page)).toEqual([]);
      });
    }
  });
}
