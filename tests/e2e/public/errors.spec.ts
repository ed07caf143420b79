import { property, propertyPath } from "../fixtures/data";
import { expect, hydrated, LANGS, localize, open, test } from "../fixtures/test";
import { T } from "../fixtures/texts";

/**
 * Error screens (SPEC §2 Global error screen, §8): a real 404 for unknown
 * paths, the 'Что-то пошло не так' screen on an unhandled window error, and
 * pages that keep working when the browser revalidates them (reload, revisit).
 */

for (const lang of LANGS) {
  const t = T[lang];

  test(`an unknown path is a real 404 with a way home (${lang})`, async ({ page, request }) => {
    const path = localize(lang, "/нет/такой/страницы");
    const raw = await request.get(path);
    expect(raw.status()).toBe(404);
    expect(await raw.text()).toContain(t.errors.notFound);

    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page).toHaveTitle(t.errors.notFound);
    await expect(page.getByRole("heading", { level: 1, name: t.errors.notFound })).toBeVisible();
    const home = page.getByRole("link", { name: t.errors.home });
    await expect(home).toHaveAttribute("href", localize(lang, "/"));
    await hydrated(page);
    await home.click();
    await expect(page).toHaveURL(localize(lang, "/"));
    await expect(page.getByRole("heading", { level: 1, name: t.home.heroTitle })).toBeVisible();
  });

  test(`an unhandled window error shows the error screen with a reload button (${lang})`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(/pageerror: boom/);
    await open(page, localize(lang, "/properties"));
    const screen = page.getByRole("alertdialog", { name: t.errors.title });
    // The router can report itself ready a moment before React's effects (the
    // window listener) have run, so the error is thrown until the screen answers.
    await expect(async () => {
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error("boom");
        });
      });
      await expect(screen).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(screen.getByRole("heading", { name: t.errors.title })).toBeVisible();
    await expect(screen.getByText(t.errors.text)).toBeVisible();
    const reload = screen.getByRole("button", { name: t.errors.reload });
    const navigation = page.waitForEvent("framenavigated");
    await reload.click();
    await navigation;
    await expect(page.getByRole("heading", { level: 1, name: t.listing.title })).toBeVisible();
    await expect(screen).toHaveCount(0);
  });
}

test("an error in a resource that failed to load is not an application error", async ({ page }) => {
  // The broken picture of a property fires window "error" events (resource errors): no error screen.
  await open(page, propertyPath(property("gamma")));
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
});

test.describe("revalidated pages", () => {
  test("a reloaded page still runs its scripts (the cached copy and its policy agree)", async ({ page }) => {
    await open(page, "/properties");
    await page.reload();
    await hydrated(page);
    // And a later visit to the same address in the same tab.
    await page.goto("/");
    await page.goto("/properties");
    await hydrated(page);
  });
});
