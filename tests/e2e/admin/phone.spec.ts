import type { Locator, Page } from "@playwright/test";
import { createProperty, expect, freshClient, hydrated, openAdmin, sendVisitorRequest, test, unique } from "./fixtures";

/**
 * Every admin screen at the sizes the agent uses: a phone (360 and 390 px,
 * touch; these run in the phone project) and a laptop (1280 and 1366 px; the
 * admin project). No sideways page scroll, every action on screen — not behind
 * a clipped scroll area, not under something else — and big enough for a thumb.
 */

/** The page itself never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `horizontal overflow in px on ${page.url()}`).toBeLessThanOrEqual(0);
}

/**
 * The control is where a finger can reach it: scrolled into view vertically
 * only (a sideways scroll area is not scrolled for it), inside the viewport,
 * the topmost element at its centre, and — for touch — at least 44 px tall.
 */
async function expectReachable(control: Locator, { minSize = 44 }: { minSize?: number } = {}) {
  await expect(control).toBeVisible();
  const where = await control.evaluate((el) => {
    const before = el.getBoundingClientRect();
    window.scrollBy(0, before.top + before.height / 2 - window.innerHeight / 2);
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      left: Math.round(r.left),
      right: Math.round(r.right),
      width: Math.round(r.width),
      height: Math.round(r.height),
      viewport: document.documentElement.clientWidth,
      onTop: hit !== null && (hit === el || el.contains(hit)),
      topmost: hit ? `${hit.tagName} ${hit.textContent?.trim().slice(0, 40)}` : "nothing",
    };
  });
  const name = `${await control.evaluate((el) => el.getAttribute("aria-label") ?? el.textContent?.trim())}`;
  expect(where.left, `${name}: left edge on screen`).toBeGreaterThanOrEqual(0);
  expect(where.right, `${name}: right edge on screen`).toBeLessThanOrEqual(where.viewport);
  expect(where.onTop, `${name}: not covered or clipped (found ${where.topmost})`).toBe(true);
  expect(Math.min(where.height, where.width), `${name}: tap target size`).toBeGreaterThanOrEqual(minSize);
}

/** The text is shown whole: not cut with an ellipsis or clipped by its box. */
async function expectWhole(text: Locator) {
  await expect(text).toBeVisible();
  const cut = await text.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut, `"${await text.textContent()}" is cut off`).toBe(false);
}

async function expectNavReachable(page: Page) {
  const nav = page.getByRole("navigation", { name: "Разделы" });
  for (const name of ["Панель", "Локации", "Объекты", "Комплексы", /^Заявки/, "Подписки", "Открыть сайт"])
    await expectReachable(nav.getByRole("link", { name }));
  await expectReachable(nav.getByRole("button", { name: "Выйти" }));
}

/** The image picker: both buttons reachable; its file input offers the camera and the gallery alike. */
async function expectPickerReachable(page: Page, fileInput: string, choose: string) {
  await expectReachable(page.getByRole("button", { name: choose }));
  await expectReachable(page.getByRole("button", { name: "Выбрать из библиотеки" }));
  const input = page.getByTestId(fileInput);
  await expect(input).toHaveAttribute("accept", "image/*");
  // `capture` would open the camera only; without it the phone offers camera and gallery.
  await expect(input).not.toHaveAttribute("capture");
}

async function expectFooterReachable(page: Page) {
  await expectReachable(page.getByRole("button", { name: "Сохранить" }));
  await expectReachable(page.getByRole("link", { name: "Отмена" }));
}

const LONG_TITLE = () => `Уютная квартира с видом на море и большим балконом ${unique()}`;

for (const width of [360, 390]) {
  test.describe(`${width} px phone`, () => {
    test.use({ viewport: { width, height: 800 } });
    test.skip(({ isMobile }) => !isMobile, "phone sizes run in the phone project");

    test(`dashboard, locations and the location form at ${width} px`, async ({ adminPage: page }) => {
      const title = LONG_TITLE();
      const propertyId = await createProperty(page, title);

      await openAdmin(page, "/admin");
      await expectNoSidewaysScroll(page);
      await expectNavReachable(page);
      await expectReachable(page.getByRole("link", { name: "Добавить локацию" }));
      await expectReachable(page.getByRole("link", { name: "Добавить объект" }));
      // The newest properties of the whole catalogue: tests beside this one may have added theirs after ours, so any of them.
      await expectReachable(page.getByRole("link", { name: /^Редактировать: / }).first());

      await openAdmin(page, "/admin/locations");
      await expectNoSidewaysScroll(page);
      await expectNavReachable(page);
      const card = page.getByRole("article").first();
      const location = (await card.getByRole("heading").textContent())!;
      await expectWhole(card.getByRole("heading"));
      for (const name of [`Редактировать: ${location}`, "Добавить объект", "Все объекты локации"]) await expectReachable(card.getByRole("link", { name }));
      for (const name of [`Удалить: ${location}`, `Переместить ниже: ${location}`, `Перетащите, чтобы изменить порядок: ${location}`]) {
        await expectReachable(card.getByRole("button", { name }));
      }
      await card.getByRole("button", { name: `Удалить: ${location}` }).click();
      const dialog = page.getByRole("dialog", { name: `Удалить локацию «${location}»?` });
      await expectReachable(dialog.getByRole("button", { name: "Отмена" }));
      await expectReachable(dialog.getByRole("button", { name: "Удалить" }));
      await dialog.getByRole("button", { name: "Отмена" }).click();

      for (const path of [
        "/admin/locations/add",
        `/admin/locations/edit/${(await card.getByRole("link", { name: `Редактировать: ${location}` }).getAttribute("href"))!.split("/").pop()}`,
      ]) {
        await openAdmin(page, path);
        await expectNoSidewaysScroll(page);
        await expectNavReachable(page);
        await expectReachable(page.getByLabel("Название (русский)"));
        await expectPickerReachable(page, "image-file", "Выбрать файл");
        await expectFooterReachable(page);
      }
      expect(propertyId).toBeTruthy();
    });

    test(`properties: the list, the form and the media library at ${width} px`, async ({ adminPage: page }) => {
      const title = LONG_TITLE();
      const id = await createProperty(page, title);

      await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(title)}`);
      await expectNoSidewaysScroll(page);
      await expectNavReachable(page);
      const row = page.getByRole("article", { name: title });
      await expectWhole(row.getByRole("heading", { name: title }));
      await expectReachable(row.getByRole("link", { name: `Редактировать: ${title}` }));
      await expectReachable(row.getByRole("button", { name: `Удалить: ${title}` }));
      await expectReachable(row.getByRole("button", { name: `Перетащите, чтобы изменить порядок: ${title}` }));
      await expect(row.getByRole("button", { name: `Переместить выше: ${title}` })).toBeVisible();
      await expect(row.getByRole("button", { name: `Переместить ниже: ${title}` })).toBeVisible();
      await expectReachable(page.getByRole("button", { name: "Найти" }));
      await expectReachable(page.getByRole("link", { name: "Добавить объект" }));
      // Issue 20: the status in one tap, and the status filter.
      const statuses = row.getByRole("group", { name: `Статус объекта «${title}»` });
      for (const name of ["В продаже", "Забронировано", "Продано"]) await expectReachable(statuses.getByRole("button", { name }));
      await expectReachable(page.getByRole("combobox", { name: "Статус", exact: true }));

      // The whole list, paged, with the unfiltered search form.
      await openAdmin(page, "/admin/real-estates");
      await expectNoSidewaysScroll(page);
      await expectReachable(page.getByLabel("Локация"));

      for (const path of ["/admin/real-estates/add", `/admin/real-estates/edit/${id}`]) {
        await openAdmin(page, path);
        await expectNoSidewaysScroll(page);
        await expectNavReachable(page);
        await expectReachable(page.getByLabel("Локация"));
        await expectPickerReachable(page, "images-file", "Выбрать файлы");
        // Issue 20: the facts' controls fit the screen too.
        for (const label of ["Номер объекта", "До моря, м", "Вид на море", "Стадия строительства", "Плата за обслуживание, € за м² в год", "Мебель"]) {
          await expectReachable(page.getByLabel(label, { exact: true }));
        }
        await expectFooterReachable(page);
      }
      // On the edit form also its photo's buttons (the fixture's picture is missing: the placeholder shows), the previews and "duplicate".
      await expectReachable(page.getByRole("button", { name: "Удалить фото 1" }));
      await expectReachable(page.getByRole("button", { name: /^Перетащите, чтобы изменить порядок: / }));
      await expectReachable(page.getByRole("link", { name: "Открыть на сайте (RU)" }));
      await expectReachable(page.getByRole("link", { name: "Открыть на сайте (BG)" }));
      await expectReachable(page.getByRole("button", { name: "Дублировать" }));

      await page.getByRole("button", { name: "Выбрать из библиотеки" }).click();
      const library = page.getByRole("dialog", { name: "Библиотека изображений" });
      await expect(library).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectReachable(library.getByRole("button", { name: "Закрыть" }));
      await expectReachable(library.getByRole("button", { name: "Отмена" }));
      await expectReachable(library.getByRole("button", { name: "Обновить список" }));
      await library.getByRole("button", { name: "Закрыть" }).click();
      await expect(library).toHaveCount(0);
    });

    test(`contact requests: every column and action on screen at ${width} px`, async ({ adminPage: page, request, clientIp }) => {
      const name = `Гость ${unique()}`;
      await sendVisitorRequest(request, clientIp, { name, email: `guest-${unique()}@example.com`, message: "Хочу посмотреть квартиру в субботу." });

      await openAdmin(page, "/admin/contact-submissions");
      await expectNoSidewaysScroll(page);
      await expectNavReachable(page);
      await expectReachable(page.getByRole("link", { name: "Все", exact: true }));
      await expectReachable(page.getByRole("link", { name: "Непрочитанные" }));
      const row = page.getByRole("row").filter({ hasText: name });
      for (const text of ["Хочу посмотреть квартиру в субботу.", /\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/, "Новая"]) {
        await expectReachable(row.getByText(text), { minSize: 0 });
      }
      await expectReachable(row.getByRole("link", { name: `Просмотр: ${name}` }));
      await expectReachable(row.getByRole("button", { name: `Прочитано: ${name}` }));
      await expectReachable(row.getByRole("button", { name: `Удалить: ${name}` }));

      await row.getByRole("link", { name: `Просмотр: ${name}` }).click();
      const dialog = page.getByRole("dialog", { name: `Заявка: ${name}` });
      await expect(dialog).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectReachable(dialog.getByRole("link", { name: "Ответить по email" }));
      await expectReachable(dialog.getByRole("button", { name: "Закрыть" }));
    });

    test(`sign-in and an unknown admin address at ${width} px`, async ({ adminPage: page, browser }) => {
      await openAdmin(page, "/admin/no-such-page");
      await expect(page.getByRole("heading", { name: "Страница не найдена" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNavReachable(page);
      await expectReachable(page.getByRole("link", { name: "Вернуться в панель управления" }));

      const anonymous = await browser.newContext({ baseURL: new URL(page.url()).origin });
      const login = await anonymous.newPage();
      await login.goto("/admin/login");
      await hydrated(login);
      await expectNoSidewaysScroll(login);
      await expectReachable(login.getByLabel("Email"));
      await expectReachable(login.getByLabel("Пароль"));
      await expectReachable(login.getByRole("button", { name: "Войти" }));
      await anonymous.close();
    });
  });
}

for (const width of [1280, 1366]) {
  test.describe(`${width} px laptop`, () => {
    test.use({ viewport: { width, height: 768 } });
    test.skip(({ isMobile }) => isMobile, "laptop sizes run in the admin (desktop) project");

    test(`the requests table and the property list show every action at ${width} px`, async ({ adminPage: page, clientIp }) => {
      // A request about a property with a long title, from a visitor with a long address: the widest row there is.
      const title = LONG_TITLE();
      await createProperty(page, title);
      const name = `Гость с длинным именем ${unique()}`;
      const visitor = await freshClient(clientIp);
      await sendVisitorRequest(visitor, clientIp, {
        name,
        email: `very.long.address.of.a.guest.${unique()}@example-agency.com`,
        message: "Здравствуйте! Хочу посмотреть эту квартиру в субботу утром, если это возможно. Спасибо.",
      });
      await visitor.dispose();

      await openAdmin(page, "/admin/contact-submissions");
      await expectNoSidewaysScroll(page);
      const row = page.getByRole("row").filter({ hasText: name });
      await expectReachable(row.getByRole("link", { name: `Просмотр: ${name}` }));
      await expectReachable(row.getByRole("button", { name: `Прочитано: ${name}` }));
      await expectReachable(row.getByRole("button", { name: `Удалить: ${name}` }));

      await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(title)}`);
      await expectNoSidewaysScroll(page);
      const property = page.getByRole("article", { name: title });
      await expectWhole(property.getByRole("heading", { name: title }));
      await expectReachable(property.getByRole("link", { name: `Редактировать: ${title}` }));
      await expectReachable(property.getByRole("button", { name: `Удалить: ${title}` }));
      await expectNavReachable(page);
      await expectWhole(page.getByText(/^Вы вошли как /));
    });
  });
}
