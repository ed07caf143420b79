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

test("after hydration: a broken picture or an error without an Error object is not an application error; an unhandled rejection is", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/pageerror: (a string|boom in a promise|The operation was aborted\.)/);
  await open(page, propertyPath(property("gamma")));
  const screen = page.getByRole("alertdialog", { name: T.ru.errors.title });
  const settled = () => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  await page.evaluate(async () => {
    // A picture that fails to load, added now that the page's listeners exist.
    const img = document.createElement("img");
    img.src = "/upload/properties/missing.jpg";
    await new Promise((resolve) => {
      img.onerror = resolve;
      document.body.append(img);
    });
    // What a cross-origin script's error looks like ("Script error.", no Error object), and benign rejections.
    window.dispatchEvent(new ErrorEvent("error", { message: "Script error." }));
    void Promise.reject("a string");
    void Promise.reject(new DOMException("The operation was aborted.", "AbortError"));
  });
  await settled();
  await expect(screen).toHaveCount(0);
  // A promise of the page's code rejected with an Error and handled by nobody: the error screen.
  await page.evaluate(() => void Promise.reject(new Error("boom in a promise")));
  await expect(screen).toBeVisible();
  await expect(screen.getByText(T.ru.errors.text)).toBeVisible();
});

for (const lang of LANGS) {
  const t = T[lang];

  test(`a server error (500) while moving to another page shows the error screen (${lang})`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 500/);
    await open(page, localize(lang, "/properties"));
    // The next page's data comes back as a bare 500 (a failing server or proxy).
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }),
    );
    await page.getByRole("main").getByRole("navigation", { name: t.listing.typeNav }).getByRole("link", { name: t.listing.types.house, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: t.errors.title })).toBeVisible();
    await expect(page.getByText(t.errors.text)).toBeVisible();
    await expect(page).toHaveTitle(t.errors.title);
    // Reloading (the server answers again) brings the page back.
    await page.unrouteAll();
    await page.getByRole("link", { name: t.errors.reload }).click();
    await expect(page.getByRole("heading", { level: 1, name: t.listing.title })).toBeVisible();
  });

  test(`malformed ids in /properties/{id} and /locations/{id} are the not-found pages (${lang})`, async ({ page }) => {
    for (const [path, title] of [
      ["/properties/abc", t.property.notFound],
      ["/locations/abc", t.location.notFound],
      ["/properties/1%27%20or%201=1", t.property.notFound],
    ] as const) {
      const response = await page.goto(localize(lang, path));
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: title }), path).toBeVisible();
    }
  });
}

for (const lang of LANGS) {
  const t = T[lang];

  test(`an address with a NUL byte or invalid UTF-8 is a 400 page in the visitor's language with a way to the listing (${lang})`, async ({
    page,
    consoleErrors,
  }) => {
    // Refused at the edge, before the app (app/web/edge-guard.server.ts).
    consoleErrors.allow(/status of 400/);
    for (const path of ["/properties?search=%FF", "/%D0%B1%D1%83%D1%80%D0%B3%D0%B0%D1%81%00/x"]) {
      const response = await page.goto(localize(lang, path));
      expect(response?.status(), path).toBe(400);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1, name: t.errors.badRequest }), path).toBeVisible();
    }
    await page.getByRole("link", { name: t.errors.tooLongLink }).click();
    await expect(page).toHaveURL(localize(lang, "/properties"));
    await expect(page.getByRole("heading", { level: 1, name: t.listing.title })).toBeVisible();
  });
}

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
