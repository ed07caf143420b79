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
  ru: {
    title: "Сообщать о новых объектах",
    email: "Email",
    daily: "Раз в день",
    submit: "Подписаться",
    answer: "Проверьте почту",
    back: "Вернуться к поиску",
    invalid: "Пожалуйста, введите действительный email",
  },
  bg: {
    title: "Известявайте ме за нови имоти",
    email: "Имейл",
    daily: "Веднъж на ден",
    submit: "Абонирайте ме",
    answer: "Проверете пощата си",
    back: "Обратно към търсенето",
    invalid: "Моля, въведете валиден имейл",
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

  test(`${lang}: a refused address comes back in the form with the message by the field, the choice kept; corrected, it subscribes`, async ({ page }) => {
    await open(page, localize(lang, "/properties?type=house"));
    const form = page.getByTestId("alert-form");
    // The browser's own check lets it through; the server refuses a local part over 64 octets (RFC 5321).
    const typed = `${"a".repeat(65)}@example.com`;
    await form.getByLabel(s.email).fill(typed);
    await form.getByLabel(s.daily).check();
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: s.submit }).click();
    const again = page.getByTestId("alert-form");
    const email = again.getByLabel(s.email);
    await expect(email).toHaveValue(typed);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(again.getByTestId("alert-error")).toHaveText(s.invalid);
    await expect(again.getByTestId("alert-error")).toBeInViewport();
    await expect(again.getByLabel(s.daily)).toBeChecked();
    await expect(again.getByRole("checkbox")).toBeChecked();
    await expect(again.locator('input[name="query"]')).toHaveValue("type=house");
    await email.fill(`e2e-fixed-${lang}@example.com`);
    await again.getByRole("button", { name: s.submit }).click();
    await expect(page.getByTestId("alert-answer")).toContainText(s.answer);
  });
}
