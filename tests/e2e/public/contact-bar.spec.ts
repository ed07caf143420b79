import type { Page } from "@playwright/test";
import { property, propertyPath, type FixtureProperty } from "../fixtures/data";
import { PUBLIC_SITE_ENV } from "../fixtures/site-config";
import { currentPath, expect, isPhone, LANGS, localize, open, test, type Lang } from "../fixtures/test";

/**
 * Issue 22's remaining buyer tools on the public pages: the phones' contact
 * bar on property pages (no JavaScript), the agent card as a public server
 * without a card shows it (name from SITE_CONTACT_NAME, no photo, no empty
 * boxes; the admin spec tests/e2e/admin/agent-and-erasure.spec.ts fills it),
 * and «Сравнить» on cards and property pages.
 */
const S = {
  ru: {
    bar: "Быстрая связь",
    call: "Позвонить",
    chat: (name: string) => `Написать в ${name}`,
    agent: "Ваш агент",
    languages: "Языки",
    contactTitle: "Интересует этот объект?",
    compare: "Сравнить",
    compareNav: "Сравнение",
    compareTitle: "Сравнение объектов",
    compareFull: "В сравнении уже 4 объекта: уберите один, чтобы добавить другой.",
  },
  bg: {
    bar: "Бърза връзка",
    call: "Обадете се",
    chat: (name: string) => `Пишете в ${name}`,
    agent: "Вашият агент",
    languages: "Езици",
    contactTitle: "Интересувате се от този имот?",
    compare: "Сравни",
    compareNav: "Сравнение",
    compareTitle: "Сравнение на имоти",
    compareFull: "В сравнението вече има 4 имота: премахнете един, за да добавите друг.",
  },
} as const;

const CHATS = [
  ["WhatsApp", "https://wa.me/359881112233"],
  ["Viber", "viber://chat?number=%2B359881112244"],
  ["Telegram", "https://t.me/more_i_dom"],
] as const;

const titleIn = (p: FixtureProperty, lang: Lang) => (lang === "bg" && p.title_bg ? p.title_bg : p.title);
const compareToggle = (page: Page, p: FixtureProperty, lang: Lang) =>
  page.getByRole("button", { name: `${S[lang].compare}: ${titleIn(p, lang)}`, exact: true }).first();
const storedCompare = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("compare") ?? "[]") as string[]);

for (const lang of LANGS) {
  const s = S[lang];

  test.describe(`phones' contact bar (${lang})`, () => {
    test("on a phone: fixed at the bottom with the call and the configured messengers, covering nothing; not on a desktop", async ({ page }) => {
      await open(page, propertyPath(property("alpha"), lang));
      const bar = page.getByRole("navigation", { name: s.bar });
      if (!isPhone()) {
        await expect(bar).toBeHidden();
        return;
      }
      await expect(bar).toBeVisible();
      await expect(bar.getByRole("link", { name: s.call, exact: true })).toHaveAttribute("href", "tel:+359880000000");
      for (const [name, href] of CHATS) await expect(bar.getByRole("link", { name: s.chat(name), exact: true })).toHaveAttribute("href", href);
      await expect(bar.getByRole("link")).toHaveCount(4);
      const viewport = page.viewportSize()!;
      const box = (await bar.boundingBox())!;
      expect(Math.round(box.y + box.height)).toBe(viewport.height);
      // At the end of the page the footer's last line is above the bar, not under it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const rights = page.getByRole("contentinfo").getByText(/©/);
      await expect
        .poll(async () => {
          const line = (await rights.boundingBox())!;
          return line.y + line.height <= (await bar.boundingBox())!.y;
        })
        .toBe(true);
      // Only property pages have it.
      await open(page, localize(lang, "/"));
      await expect(page.getByRole("navigation", { name: s.bar })).toHaveCount(0);
    });
  });

  test.describe(`phones' contact bar without JavaScript (${lang})`, () => {
    test.use({ javaScriptEnabled: false });

    test("is plain links", async ({ page }) => {
      await page.goto(propertyPath(property("alpha"), lang));
      const bar = page.getByRole("navigation", { name: s.bar, includeHidden: true });
      await expect(bar.getByRole("link", { name: s.call, exact: true, includeHidden: true })).toHaveAttribute("href", "tel:+359880000000");
      if (isPhone()) await expect(bar).toBeVisible();
      else await expect(bar).toBeHidden();
    });
  });

  test.describe(`agent card (${lang})`, () => {
    test("without a card set in the admin: the configured name and contacts, no photo, no languages line", async ({ page }) => {
      await open(page, localize(lang, "/"));
      const card = page.getByRole("region", { name: PUBLIC_SITE_ENV.SITE_CONTACT_NAME, exact: true });
      await expect(card).toContainText(s.agent);
      await expect(card.getByRole("link", { name: "+359 88 000 0000" })).toHaveAttribute("href", "tel:+359880000000");
      await expect(card.getByRole("link", { name: "info@example.com" })).toHaveAttribute("href", "mailto:info@example.com");
      for (const [name, href] of CHATS) await expect(card.getByRole("link", { name: s.chat(name), exact: true })).toHaveAttribute("href", href);
      await expect(card.locator("img")).toHaveCount(0);
      await expect(card).not.toContainText(s.languages);

      await open(page, propertyPath(property("alpha"), lang));
      const contact = page.getByRole("region", { name: s.contactTitle });
      await expect(contact.getByRole("heading", { level: 3, name: PUBLIC_SITE_ENV.SITE_CONTACT_NAME })).toBeVisible();
      await expect(contact.getByText(s.agent, { exact: true })).toBeVisible();
    });
  });

  test.describe(`compare toggle (${lang})`, () => {
    test("«compare» on a card and on a property page keeps the list in the browser; «Сравнение» shows it; the fifth is refused", async ({ page }) => {
      const seaside = property("seaside");
      const alpha = property("alpha");
      await open(page, localize(lang, "/"));
      const onCard = compareToggle(page, seaside, lang);
      await expect(onCard).toHaveAttribute("aria-pressed", "false");
      await onCard.click();
      await expect(onCard).toHaveAttribute("aria-pressed", "true");

      await open(page, propertyPath(alpha, lang));
      const onPage = compareToggle(page, alpha, lang);
      await onPage.click();
      await expect(onPage).toHaveAttribute("aria-pressed", "true");
      expect(await storedCompare(page)).toEqual([alpha.id, seaside.id]);
      // The favourites are another list.
      expect(await page.evaluate(() => localStorage.getItem("favorites"))).toBeNull();

      if (isPhone()) await page.getByRole("banner").locator("details > summary").click();
      await page.getByRole("banner").getByRole("link", { name: s.compareNav, exact: true }).click();
      await expect.poll(() => currentPath(page)).toBe(`${localize(lang, "/compare")}?ids=${alpha.id},${seaside.id}`);
      await expect(page.getByRole("heading", { level: 1, name: s.compareTitle })).toBeVisible();
      await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(3);

      // Four is the most: the fifth says so in the page's language and changes nothing.
      const others = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"];
      await page.evaluate((list) => localStorage.setItem("compare", JSON.stringify(list)), [...others, alpha.id, seaside.id]);
      await open(page, propertyPath(property("soldHouse"), lang));
      const message = new Promise<string>((resolve) => page.once("dialog", (dialog) => void dialog.accept().then(() => resolve(dialog.message()))));
      await compareToggle(page, property("soldHouse"), lang).click();
      expect(await message).toBe(s.compareFull);
      await expect(compareToggle(page, property("soldHouse"), lang)).toHaveAttribute("aria-pressed", "false");
      expect(await storedCompare(page)).toEqual([...others, alpha.id, seaside.id]);
    });
  });
}
