import { location, locationPath } from "../fixtures/data";
import { currentPath, decodedHref, expect, LANGS, localize, open, test } from "../fixtures/test";

/**
 * Issue 22's «Сообщать о новых объектах» form under the listing and a
 * location's listing, in ru and bg, desktop and phone: a plain HTML form
 * (no JavaScript of its own) posted to /alerts, answered by a page in the
 * language that links back to the same search. What happens after (the
 * mails, links and matching): tests/server/alerts.db.test.ts.
 */
const S = {
  ru: { title: "Сообщать о новых объектах", email: "Email", daily: "Раз в день", submit: "Подписаться", answer: "Проверьте почту", back: "Вернуться к поиску" },
  bg: {
    title: "Известявайте ме за нови имоти",
    email: "Имейл",
    daily: "Веднъж на ден",
    submit: "Абонирайте ме",
    answer: "Проверете пощата си",
    back: "Обратно към търсенето",
  },
};

for (const lang of LANGS) {
  const s = S[lang];

  test(`${lang}: the listing's form subscribes to its filters and answers in the language`, async ({ page }) => {
    await open(page, localize(lang, "/properties?type=house&sort=newest"));
    const form = page.getByTestId("alert-form");
    await expect(form.getByRole("heading", { name: s.title })).toBeVisible();
    await expect(form.locator('input[name="query"]')).toHaveValue("type=house");
    await form.getByLabel(s.email).fill(`e2e-${lang}@example.com`);
    await form.getByLabel(s.daily).check();
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: s.submit }).click();
    await expect(page.getByTestId("alert-answer")).toContainText(s.answer);
    const back = page.getByRole("link", { name: s.back });
    expect(decodedHref(await back.getAttribute("href"))).toBe(localize(lang, "/properties?type=house"));
    await back.click();
    await expect.poll(() => currentPath(page)).toBe(localize(lang, "/properties?type=house"));
  });

  test(`${lang}: a location page's form names the location; the consent box is required`, async ({ page }) => {
    const place = location("testograd");
    await open(page, locationPath(place, lang));
    const form = page.getByTestId("alert-form");
    await expect(form.getByRole("heading", { name: s.title })).toBeVisible();
    await expect(form.locator('input[name="query"]')).toHaveValue(`location=${place.id}`);
    await form.getByLabel(s.email).fill(`e2e-place-${lang}@example.com`);
    await form.getByRole("button", { name: s.submit }).click();
    // Without the consent box the browser keeps the form on the page.
    await expect(page.getByTestId("alert-answer")).toHaveCount(0);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: s.submit }).click();
    await expect(page.getByTestId("alert-answer")).toContainText(s.answer);
  });
}
