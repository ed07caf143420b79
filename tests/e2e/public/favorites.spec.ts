import type { APIRequestContext, Page } from "@playwright/test";
import { fixtures, property, propertyPath, type FixtureProperty } from "../fixtures/data";
import { currentPath, decodedHref, expect, hydrated, isPhone, LANGS, localize, open, test, type Lang } from "../fixtures/test";
import { T } from "../fixtures/texts";

/**
 * Issue 22's buyer tools: the heart on cards and property pages (the
 * browser's favourites), /favorites and /compare rendered from `?ids=…`
 * (shareable, without JavaScript too), bad links answered 400 in the page's
 * language, and the shortlist sent to the agent as one contact request.
 */

/** The texts these pages show, written out (a changed string fails a test). */
const S = {
  ru: {
    heart: "В избранное",
    favorites: "Избранное",
    count: (n: number) => `Объектов в списке: ${n}`,
    empty: "В избранном пока ничего нет",
    share: "Ссылка на этот список",
    compareSelected: "Сравнить выбранные",
    compareThis: "Сравнить",
    compareTitle: "Сравнение объектов",
    sold: "Этот объект уже продан.",
    gone: "Объекта больше нет в каталоге",
    remove: "Убрать из списка",
    malformed: "В ссылке есть неверные номера объектов. Проверьте, что ссылка скопирована целиком.",
    tooMany: (max: number) => `В ссылке слишком много объектов: не больше ${max}.`,
    differs: "различается",
    rows: { price: "Цена", type: "Тип", year: "Год постройки", seaView: "Вид на море", plot: "Площадь участка", features: "Особенности" },
    sendTitle: "Отправить подборку агенту",
    shortlistInvalid: "Неверный список объектов: нужны номера объектов, не больше 30.",
    removed: (title: string) => `«${title}» убран из избранного.`,
    undo: "Вернуть",
    sharedTitle: "Подборка, которой с вами поделились",
    sharedText: "Это чужой список: ваше избранное он не меняет. Отметьте понравившиеся объекты сердечком или добавьте их все сразу.",
    addAll: "Добавить все в моё избранное",
    added: (n: number) => `Добавлено в ваше избранное: ${n}.`,
    toOwn: "Моё избранное",
    deleted: "Объект снят с продажи или удалён",
    goneTitle: "Объект снят с продажи",
  },
  bg: {
    heart: "В любими",
    favorites: "Любими",
    count: (n: number) => `Имоти в списъка: ${n}`,
    empty: "Все още нямате любими имоти",
    share: "Линк към този списък",
    compareSelected: "Сравни избраните",
    compareThis: "Сравни",
    compareTitle: "Сравнение на имоти",
    sold: "Този имот вече е продаден.",
    gone: "Имотът вече не е в каталога",
    remove: "Премахни от списъка",
    malformed: "В линка има невалидни номера на имоти. Проверете дали линкът е копиран изцяло.",
    tooMany: (max: number) => `В линка има твърде много имоти: не повече от ${max}.`,
    differs: "различава се",
    rows: { price: "Цена", type: "Вид", year: "Година на строителство", seaView: "Изглед към морето", plot: "Площ на парцела", features: "Особености" },
    sendTitle: "Изпратете подборката на агента",
    shortlistInvalid: "Невалиден списък с имоти: нужни са номера на имоти, не повече от 30.",
    removed: (title: string) => `„${title}“ е премахнат от любими.`,
    undo: "Върни",
    sharedTitle: "Подборка, споделена с вас",
    sharedText: "Това е чужд списък: той не променя вашите любими. Отбележете харесаните имоти със сърце или ги добавете всички наведнъж.",
    addAll: "Добави всички в моите любими",
    added: (n: number) => `Добавени в любимите ви: ${n}.`,
    toOwn: "Моите любими",
    deleted: "Имотът е свален от продажба или изтрит",
    goneTitle: "Имотът вече не се предлага",
  },
} as const;

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const titleIn = (p: FixtureProperty, lang: Lang) => (lang === "bg" && p.title_bg ? p.title_bg : p.title);
const heart = (page: Page, p: FixtureProperty, lang: Lang) => page.getByRole("button", { name: `${S[lang].heart}: ${titleIn(p, lang)}`, exact: true });
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("favorites") ?? "[]") as string[]);
const ids = (...list: FixtureProperty[]) => list.map((p) => p.id).join(",");

/** The property_ids of the requests with this name, read as the administrator through the HTTP API (docs/api.md). */
async function storedShortlists(request: APIRequestContext, name: string): Promise<string[][]> {
  const apikey = "seaside-anon-key";
  const auth = await request.post("/auth/v1/token?grant_type=password", {
    headers: { apikey },
    data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
  });
  expect(auth.status()).toBe(200);
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const rows = await request.get(`/rest/v1/contact_submissions?select=property_ids&name=eq.${encodeURIComponent(name)}`, {
    headers: { apikey, Authorization: `Bearer ${token}` },
  });
  expect(rows.status()).toBe(200);
  return ((await rows.json()) as { property_ids: string[] }[]).map((r) => r.property_ids);
}

const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

for (const lang of LANGS) {
  const s = S[lang];

  test.describe(`favourites (${lang})`, () => {
    test("the heart on a card and on the property page keeps the favourite in the browser; /favorites shows the list", async ({ page }) => {
      const seaside = property("seaside");
      const alpha = property("alpha");
      // Home's first row shows the featured «Морской бриз».
      await open(page, localize(lang, "/"));
      const onCard = heart(page, seaside, lang);
      await expect(onCard).toHaveAttribute("aria-pressed", "false");
      await onCard.click();
      await expect(onCard).toHaveAttribute("aria-pressed", "true");

      await open(page, propertyPath(alpha, lang));
      const onPage = heart(page, alpha, lang);
      await expect(onPage).toHaveAttribute("aria-pressed", "false");
      await onPage.click();
      await expect(onPage).toHaveAttribute("aria-pressed", "true");
      expect(await stored(page)).toEqual([alpha.id, seaside.id]);
      // Kept across a reload (and it works offline: nothing is sent anywhere).
      await page.reload();
      await hydrated(page);
      await expect(heart(page, alpha, lang)).toHaveAttribute("aria-pressed", "true");

      // The header's link opens the list: the browser's ids go into the address.
      if (isPhone()) await page.getByRole("banner").locator("details > summary").click();
      await page.getByRole("banner").getByRole("link", { name: s.favorites, exact: true }).click();
      await expect.poll(() => currentPath(page)).toBe(`${localize(lang, "/favorites")}?ids=${ids(alpha, seaside)}`);
      await expect(page.getByRole("heading", { level: 1, name: s.favorites })).toBeVisible();
      await expect(page.getByText(s.count(2))).toBeVisible();
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 2, name: titleIn(alpha, lang) })).toBeVisible();
      await expect(main.getByRole("heading", { level: 2, name: titleIn(seaside, lang) })).toBeVisible();
      await expect(page.getByRole("textbox", { name: s.share })).toHaveValue(`${fixtures().origin}${localize(lang, "/favorites")}?ids=${ids(alpha, seaside)}`);

      // Un-hearting here changes the browser's list, and on one's own list the card leaves and the address follows
      // (issue 30); «Вернуть» puts it back.
      await heart(page, alpha, lang).click();
      await expect(main.getByRole("heading", { level: 2, name: titleIn(alpha, lang) })).toHaveCount(0);
      expect(await stored(page)).toEqual([seaside.id]);
      await expect.poll(() => currentPath(page)).toBe(`${localize(lang, "/favorites")}?ids=${ids(seaside)}`);
      await expect(page.getByText(s.count(1))).toBeVisible();
      await expect(page.getByRole("textbox", { name: s.share })).toHaveValue(`${fixtures().origin}${localize(lang, "/favorites")}?ids=${ids(seaside)}`);
      await expect(page.getByText(s.removed(titleIn(alpha, lang)))).toBeVisible();
      await page.getByRole("button", { name: s.undo, exact: true }).click();
      await expect(main.getByRole("heading", { level: 2, name: titleIn(alpha, lang) })).toBeVisible();
      await expect.poll(() => currentPath(page)).toBe(`${localize(lang, "/favorites")}?ids=${ids(alpha, seaside)}`);
      expect((await stored(page)).sort()).toEqual([alpha.id, seaside.id].sort());
      await expect(page.getByText(s.sharedText)).toHaveCount(0);
    });

    test("someone else's list says it is shared and offers to add it to one's own favourites; its cards stay when hearted", async ({ page }) => {
      const alpha = property("alpha");
      const seaside = property("seaside");
      const beta = property("beta");
      await open(page, localize(lang, "/"));
      await page.evaluate((id) => localStorage.setItem("favorites", JSON.stringify([id])), beta.id);
      await open(page, localize(lang, `/favorites?ids=${ids(alpha, seaside)}`));
      await expect(page.getByRole("heading", { level: 1, name: s.sharedTitle })).toBeVisible();
      await expect(page.getByText(s.sharedText)).toBeVisible();
      const main = page.getByRole("main");
      await heart(page, alpha, lang).click();
      await expect(heart(page, alpha, lang)).toHaveAttribute("aria-pressed", "true");
      await heart(page, alpha, lang).click();
      await expect(heart(page, alpha, lang)).toHaveAttribute("aria-pressed", "false");
      // Not one's own list: the card stays, the address too.
      await expect(main.getByRole("heading", { level: 2, name: titleIn(alpha, lang) })).toBeVisible();
      expect(currentPath(page)).toBe(`${localize(lang, "/favorites")}?ids=${ids(alpha, seaside)}`);
      await page.getByRole("button", { name: s.addAll }).click();
      await expect(page.getByText(s.added(2))).toBeVisible();
      expect(await stored(page)).toEqual([alpha.id, seaside.id, beta.id]);
      await main.getByRole("link", { name: s.toOwn, exact: true }).click();
      await expect.poll(() => currentPath(page)).toBe(`${localize(lang, "/favorites")}?ids=${ids(alpha, seaside, beta)}`);
      await expect(page.getByRole("heading", { level: 1, name: s.favorites })).toBeVisible();
      await expect(page.getByText(s.sharedText)).toHaveCount(0);
    });

    test("a deleted favourite says what it was and can be removed; its /properties/{id} answers 410 like its address", async ({
      page,
      request,
      consoleErrors,
    }) => {
      consoleErrors.allow(/status of 410 \(Gone\)/);
      const gone = fixtures().deleted;
      const alpha = property("alpha");
      await open(page, localize(lang, "/"));
      await page.evaluate((list) => localStorage.setItem("favorites", JSON.stringify(list)), [gone.id, alpha.id]);
      await open(page, localize(lang, "/favorites"));
      await expect.poll(() => currentPath(page)).toBe(`${localize(lang, "/favorites")}?ids=${gone.id},${alpha.id}`);
      const item = page.getByRole("main").getByRole("listitem").filter({ hasText: s.deleted });
      await expect(item.getByRole("heading", { level: 2, name: lang === "bg" ? gone.title_bg : gone.title })).toBeVisible();
      await expect(item).toContainText(/99\s000\s€/);
      await expect(item).toContainText(lang === "bg" ? "Тестоград БГ" : "Тестоград");
      await item.getByRole("link", { name: s.remove }).click();
      await expect(item).toHaveCount(0);
      expect(await stored(page)).toEqual([alpha.id]);
      await expect.poll(() => currentPath(page)).toBe(`${localize(lang, "/favorites")}?ids=${alpha.id}`);

      for (const path of [`/properties/${gone.id}`, `/${gone.locationSlug}/${gone.slug}`]) {
        const response = await request.get(encodeURI(localize(lang, path)), { maxRedirects: 0 });
        expect(response.status(), path).toBe(410);
        expect(await response.text(), path).toContain(s.goneTitle);
      }
      const response = await page.goto(localize(lang, `/properties/${gone.id}`));
      expect(response?.status()).toBe(410);
      await expect(page.getByRole("heading", { level: 1, name: s.goneTitle })).toBeVisible();
    });

    test("opened without ids and nothing stored: the empty list says how to fill it", async ({ page }) => {
      const response = await open(page, localize(lang, "/favorites"));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: s.empty })).toBeVisible();
      expect(currentPath(page)).toBe(localize(lang, "/favorites"));
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    });

    test("bad links answer 400 with the reason in the page's language, never an error screen", async ({ page, request }) => {
      const fifty = Array.from({ length: 50 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`).join(",");
      for (const [path, message] of [
        [`/favorites?ids=${UNKNOWN},not-an-id`, s.malformed],
        [`/favorites?ids=%27%3B%20drop%20table%20real_estates%3B--`, s.malformed],
        [`/favorites?ids=${fifty}`, s.tooMany(30)],
        [`/compare?ids=${fifty.split(",").slice(0, 5).join(",")}`, s.tooMany(4)],
        [`/compare?ids=1,2`, s.malformed],
      ] as const) {
        const response = await request.get(localize(lang, path));
        expect(response.status(), path).toBe(400);
        expect(await response.text(), path).toContain(message);
      }
      const response = await page.goto(localize(lang, `/favorites?ids=${fifty}`));
      expect(response?.status()).toBe(400);
      await expect(page.getByRole("alert")).toContainText(s.tooMany(30));
    });
  });

  test.describe(`favourites and compare without JavaScript (${lang})`, () => {
    test.use({ javaScriptEnabled: false });

    test("a shared list is rendered by the server: a sold property says so, a missing one keeps its place; compare is chosen by a plain form", async ({
      page,
    }) => {
      const sold = property("soldHouse");
      const seaside = property("seaside");
      const alpha = property("alpha");
      const response = await page.goto(localize(lang, `/favorites?ids=${sold.id},${UNKNOWN},${seaside.id},${alpha.id}`));
      expect(response?.status()).toBe(200);
      await expect(page.getByText(s.count(4))).toBeVisible();
      const items = page
        .getByRole("main")
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { level: 2 }) });
      await expect(items).toHaveCount(4);
      await expect(items.nth(0)).toContainText(titleIn(sold, lang));
      await expect(items.nth(0)).toContainText(s.sold);
      await expect(items.nth(1).getByRole("heading", { name: s.gone })).toBeVisible();
      await expect(items.nth(1).getByRole("link", { name: s.remove })).toHaveAttribute(
        "href",
        localize(lang, `/favorites?ids=${sold.id},${seaside.id},${alpha.id}`),
      );
      // No heart without JavaScript: it would do nothing.
      await expect(page.getByRole("button", { name: new RegExp(`^${s.heart}`) })).toHaveCount(0);

      await items.nth(2).getByRole("checkbox", { name: s.compareThis }).check();
      await items.nth(3).getByRole("checkbox", { name: s.compareThis }).check();
      await page.getByRole("button", { name: s.compareSelected }).click();
      await expect(page).toHaveURL(new RegExp(`${localize(lang, "/compare")}\\?ids=${seaside.id}&ids=${alpha.id}$`));
      await expect(page.getByRole("heading", { level: 1, name: s.compareTitle })).toBeVisible();
      await expect(page.getByRole("columnheader", { name: new RegExp(titleIn(seaside, lang)) })).toBeVisible();
    });
  });

  test.describe(`compare (${lang})`, () => {
    test("side by side: differences marked, rows nobody has data for left out; on a phone the table swipes under a sticky first column", async ({ page }) => {
      const seaside = property("seaside");
      const alpha = property("alpha");
      const sold = property("soldHouse");
      const response = await open(page, localize(lang, `/compare?ids=${seaside.id},${alpha.id},${sold.id}`));
      expect(response?.status()).toBe(200);
      const table = page.getByRole("table");
      const row = (label: string) => table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${label}( ${s.differs})?$`) }) });
      await expect(table.getByRole("columnheader")).toHaveCount(4);
      expect(decodedHref(await table.getByRole("link", { name: titleIn(alpha, lang) }).getAttribute("href"))).toBe(propertyPath(alpha, lang));
      // Prices differ: marked. All three have a type; two are flats and one a house: marked too.
      await expect(row(s.rows.price)).toHaveAttribute("data-differs", "true");
      await expect(row(s.rows.price)).toContainText(s.differs);
      await expect(row(s.rows.year)).toHaveAttribute("data-differs", "true");
      // Only «Морской бриз» knows its sea view: one value is no difference.
      await expect(row(s.rows.seaView)).not.toHaveAttribute("data-differs", "true");
      await expect(row(s.rows.seaView)).toContainText("—");
      // The sold house's plot is the only one: shown; a fact nobody has (completion of a finished building) is not.
      await expect(row(s.rows.plot)).toHaveCount(1);
      await expect(row(s.rows.features)).toHaveCount(1);
      await expect(table.getByRole("rowheader")).not.toContainText([lang === "ru" ? "Срок сдачи" : "Срок за завършване"]);

      const region = page.getByRole("region", { name: s.compareTitle });
      if (isPhone()) {
        const [scrollWidth, clientWidth] = await region.evaluate((el) => [el.scrollWidth, el.clientWidth]);
        expect(scrollWidth, "the table is wider than the phone").toBeGreaterThan(clientWidth);
        const first = table.getByRole("rowheader").first();
        const before = (await first.boundingBox())!.x;
        await region.evaluate((el) => el.scrollTo({ left: 300 }));
        await expect.poll(async () => (await first.boundingBox())!.x, { message: "the first column stays put" }).toBe(before);
        await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      }
      // The page never scrolls sideways as a whole.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });

    test("reachable from favourites: «compare all» for up to four", async ({ page }) => {
      const seaside = property("seaside");
      const alpha = property("alpha");
      await open(page, localize(lang, `/favorites?ids=${ids(seaside, alpha)}`));
      await page.getByRole("link", { name: lang === "ru" ? "Сравнить все" : "Сравни всички" }).click();
      await expect.poll(() => currentPath(page)).toBe(`${localize(lang, "/compare")}?ids=${ids(seaside, alpha)}`);
      await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(3);
    });
  });

  test.describe(`a shortlist sent to the agent (${lang})`, () => {
    test("one request carrying the chosen properties; the contact form's rules apply", async ({ page, request }) => {
      const seaside = property("seaside");
      const alpha = property("alpha");
      await open(page, localize(lang, `/favorites?ids=${seaside.id},${UNKNOWN},${alpha.id}`));
      const section = page.getByRole("region", { name: s.sendTitle });
      const form = section.getByRole("form", { name: T[lang].contact.formTitle });
      const c = T[lang].contact;
      // SPEC §5: the same checks as every contact form.
      await form.getByRole("textbox", { name: c.message, exact: true }).fill("");
      await form.getByRole("button", { name: c.submit }).click();
      await expect(form.getByRole("textbox", { name: c.name, exact: true })).toHaveAccessibleDescription(c.nameRequired);
      const name = uniqueName("Подборка");
      await form.getByRole("textbox", { name: c.name, exact: true }).fill(name);
      await form.getByRole("textbox", { name: c.emailField, exact: true }).fill("buyer@example.com");
      await form.getByRole("textbox", { name: c.message, exact: true }).fill("Расскажите подробнее.");
      await form.getByRole("button", { name: c.submit }).click();
      await expect(form.getByRole("status")).toHaveText(c.success);
      // The missing one is not sent.
      expect(await storedShortlists(request, name)).toEqual([[seaside.id, alpha.id]]);
    });

    test("from compare too; a forged list is refused in the page's language and nothing is stored", async ({ page, request }) => {
      const seaside = property("seaside");
      const studio = property("studio");
      await open(page, localize(lang, `/compare?ids=${ids(studio, seaside)}`));
      const form = page.getByRole("region", { name: s.sendTitle }).getByRole("form", { name: T[lang].contact.formTitle });
      const c = T[lang].contact;
      const name = uniqueName("Сравнение");
      await form.getByRole("textbox", { name: c.name, exact: true }).fill(name);
      await form.getByRole("textbox", { name: c.emailField, exact: true }).fill("buyer@example.com");
      await form.getByRole("button", { name: c.submit }).click();
      await expect(form.getByRole("status")).toHaveText(c.success);
      expect(await storedShortlists(request, name)).toEqual([[studio.id, seaside.id]]);

      const forged = uniqueName("Подделка");
      const post = (propertyIds: string) =>
        request.post(localize(lang, `/favorites?ids=${seaside.id}`), {
          form: { name: forged, email: "x@example.com", phone: "", message: "m", website: "", property_ids: propertyIds },
          maxRedirects: 0,
        });
      for (const bad of ["nope", Array.from({ length: 31 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`).join(",")]) {
        const response = await post(bad);
        expect(response.status()).toBe(400);
        expect(await response.text()).toContain(s.shortlistInvalid);
      }
      expect(await storedShortlists(request, forged)).toEqual([]);
    });
  });
}

/** Issue 22's consent: the privacy page (ru, bg) with the configured controller, and the version recorded with each form's request. */
const P = {
  ru: {
    footer: "Политика конфиденциальности",
    title: "Политика конфиденциальности",
    version: "Редакция от 27.11.2026",
    alerts: "Подписка на новые объекты",
    controller: "Администратор персональных данных",
    link: "политике конфиденциальности",
  },
  bg: {
    footer: "Политика за поверителност",
    title: "Политика за поверителност",
    version: "Редакция от 27.11.2026",
    alerts: "Известия за нови имоти",
    controller: "Администратор на лични данни",
    link: "политиката за поверителност",
  },
} as const;

async function storedConsents(request: APIRequestContext, name: string) {
  const apikey = "seaside-anon-key";
  const auth = await request.post("/auth/v1/token?grant_type=password", {
    headers: { apikey },
    data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
  });
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const rows = await request.get(`/rest/v1/contact_submissions?select=consent_version,consent_at&name=eq.${encodeURIComponent(name)}`, {
    headers: { apikey, Authorization: `Bearer ${token}` },
  });
  return (await rows.json()) as { consent_version: string | null; consent_at: string | null }[];
}

for (const lang of LANGS) {
  const p = P[lang];
  test.describe(`consent and the privacy page (${lang})`, () => {
    test("the footer leads to the privacy page, which names the configured controller", async ({ page }) => {
      await open(page, localize(lang, "/properties"));
      await page.getByRole("contentinfo").getByRole("link", { name: p.footer }).click();
      await expect.poll(() => currentPath(page)).toBe(localize(lang, "/privacy"));
      await expect(page.getByRole("heading", { level: 1, name: p.title })).toBeVisible();
      await expect(page.getByText(p.version)).toBeVisible();
      await expect(page.getByRole("heading", { name: p.alerts })).toBeVisible();
      const controller = page.getByRole("region", { name: lang === "ru" ? "Кто обрабатывает данные" : "Кой обработва данните" });
      await expect(controller.getByRole("term").filter({ hasText: p.controller }).locator("xpath=following-sibling::dd[1]")).toHaveText("Море и Дом Тест ЕООД");
      await expect(controller).toContainText("204000000");
      await expect(controller).toContainText("ул. Морска 1, 8130 Созопол");
      await expect(controller.getByRole("link", { name: "info@example.com" })).toHaveAttribute("href", "mailto:info@example.com");
    });

    test("a contact request and a shortlist record the notice's version and the time; the form links the notice", async ({ page, request }) => {
      const c = T[lang].contact;
      const seaside = property("seaside");
      for (const path of [localize(lang, "/"), localize(lang, `/favorites?ids=${seaside.id}`)]) {
        await open(page, path);
        const form = page.getByRole("form", { name: c.formTitle });
        await expect(form.getByRole("link", { name: p.link })).toHaveAttribute("href", localize(lang, "/privacy"));
        const name = uniqueName("Согласие");
        await form.getByRole("textbox", { name: c.name, exact: true }).fill(name);
        await form.getByRole("textbox", { name: c.emailField, exact: true }).fill("buyer@example.com");
        await form.getByRole("textbox", { name: c.message, exact: true }).fill("Здравствуйте.");
        const sentAt = Date.now();
        await form.getByRole("button", { name: c.submit }).click();
        await expect(form.getByRole("status")).toHaveText(c.success);
        const [row] = await storedConsents(request, name);
        expect(row?.consent_version, path).toBe("2026-11-27");
        expect(Math.abs(Date.parse(row!.consent_at!) - sentAt), path).toBeLessThan(60_000);
      }
    });
  });
}

/** Issue 22's sharing and messengers: the agent's chats from configuration (tests/e2e/fixtures/site-config.ts) and «Поделиться». */
const SHARE = {
  ru: { share: "Поделиться", copy: "Скопировать ссылку", copied: "Ссылка скопирована", link: "Ссылка на объект", messengers: "Мессенджеры" },
  bg: { share: "Сподели", copy: "Копирай линка", copied: "Линкът е копиран", link: "Линк към имота", messengers: "Месинджъри" },
} as const;
const CHATS = [
  ["WhatsApp", "https://wa.me/359881112233"],
  ["Viber", "viber://chat?number=%2B359881112244"],
  ["Telegram", "https://t.me/more_i_dom"],
] as const;

for (const lang of LANGS) {
  const sh = SHARE[lang];
  test.describe(`sharing and messengers (${lang})`, () => {
    test("the agent's messengers show with the phone and e-mail: property page, home and footer", async ({ page }) => {
      await open(page, propertyPath(property("alpha"), lang));
      const contact = page.getByRole("region", { name: lang === "ru" ? "Интересует этот объект?" : "Интересувате се от този имот?" });
      const footer = page.getByRole("contentinfo");
      for (const [name, href] of CHATS) {
        await expect(contact.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
        await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      }
      await open(page, localize(lang, "/"));
      const home = page.getByRole("term").filter({ hasText: sh.messengers }).locator("xpath=following-sibling::dd[1]");
      await expect(home.getByRole("link")).toHaveText(CHATS.map(([name]) => name));
    });

    test("«share» without the Web Share API: Viber, WhatsApp, Telegram and copy-link", async ({ page }) => {
      await page.addInitScript(() => {
        Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
        const copied: string[] = [];
        (window as unknown as { copied: string[] }).copied = copied;
        Object.defineProperty(navigator, "clipboard", { value: { writeText: async (text: string) => void copied.push(text) }, configurable: true });
      });
      const alpha = property("alpha");
      await open(page, propertyPath(alpha, lang));
      const url = `${fixtures().origin}${encodeURI(propertyPath(alpha, lang))}`;
      await page.getByText(sh.share, { exact: true }).click();
      const panel = page.getByRole("group").filter({ hasText: sh.copy });
      const text = encodeURIComponent(`${titleIn(alpha, lang)} ${url}`);
      await expect(panel.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", `https://wa.me/?text=${text}`);
      await expect(panel.getByRole("link", { name: "Viber" })).toHaveAttribute("href", `viber://forward?text=${text}`);
      await expect(panel.getByRole("link", { name: "Telegram" })).toHaveAttribute(
        "href",
        `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(titleIn(alpha, lang))}`,
      );
      // The box shows the readable address (issue 30); what is copied is the valid, encoded one.
      const box = page.getByRole("textbox", { name: sh.link });
      await expect(box).toHaveValue(`${fixtures().origin}${propertyPath(alpha, lang)}`);
      expect(
        await box.evaluate((input) => {
          const clipboardData = new DataTransfer();
          input.dispatchEvent(new ClipboardEvent("copy", { clipboardData, bubbles: true, cancelable: true }));
          return clipboardData.getData("text/plain");
        }),
      ).toBe(url);
      await page.getByRole("button", { name: sh.copy }).click();
      await expect(page.getByText(sh.copied)).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([url]);
    });

    test("«share» with the Web Share API opens the system's sheet with the page's title and address", async ({ page }) => {
      await page.addInitScript(() => {
        const shared: unknown[] = [];
        (window as unknown as { shared: unknown[] }).shared = shared;
        Object.defineProperty(navigator, "share", { value: async (data: unknown) => void shared.push(data), configurable: true });
      });
      const seaside = property("seaside");
      await open(page, propertyPath(seaside, lang));
      await page.getByText(sh.share, { exact: true }).click();
      expect(await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([
        { title: titleIn(seaside, lang), url: `${fixtures().origin}${encodeURI(propertyPath(seaside, lang))}` },
      ]);
      await expect(page.getByRole("textbox", { name: sh.link })).toBeHidden();
    });
  });
}
