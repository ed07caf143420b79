import type { Locator } from "@playwright/test";
import {
  allowConsoleErrors,
  createProperty,
  expect,
  hydrated,
  openAdmin,
  openAdminLive,
  requestsLink,
  sendVisitorRequest,
  test,
  unique,
  unreadRequests,
} from "./fixtures";

test("a new request appears at the top and in the unread badge without reloading; the dialog marks it read; delete asks first", async ({
  adminPage: page,
  request,
  clientIp,
}) => {
  await openAdminLive(page, "/admin/contact-submissions");
  const badge = requestsLink(page);
  const unreadBefore = await unreadRequests(page);

  const name = `Гость ${unique()}`;
  await sendVisitorRequest(request, clientIp, { name, email: "guest@example.com", message: "Хочу посмотреть квартиру.\nВторая строка." });

  const rows = page.getByRole("row");
  await expect(rows.nth(1), "the new request is the first row, live").toContainText(name, { timeout: 15_000 });
  await expect(rows.nth(1)).toContainText("Новая");
  await expect(badge).toHaveText(`Заявки${unreadBefore + 1}`);
  await expect(rows.nth(1)).toContainText(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);

  await rows
    .nth(1)
    .getByRole("link", { name: `Просмотр: ${name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Заявка: ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("guest@example.com");
  await expect(dialog.getByText("—", { exact: true })).toBeVisible();
  await expect(dialog).toContainText("Вторая строка.");
  await expect(dialog.getByRole("link", { name: "Ответить по email" })).toHaveAttribute("href", /^mailto:guest@example\.com\?subject=/);
  // Keyboard focus stays in the dialog: Tab and Shift+Tab go round its controls.
  const reply = dialog.getByRole("link", { name: "Ответить по email" });
  const close = dialog.getByRole("button", { name: "Закрыть" });
  await reply.focus();
  for (const [key, next] of [
    ["Tab", close],
    ["Tab", reply],
    ["Shift+Tab", close],
  ] as const) {
    await page.keyboard.press(key);
    await expect(next).toBeFocused();
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(rows.nth(1)).toContainText("Прочитана");
  await expect(badge).toHaveText(unreadBefore === 0 ? "Заявки" : `Заявки${unreadBefore}`);

  page.once("dialog", (d) => {
    expect(d.message()).toBe("Вы уверены, что хотите удалить эту заявку?");
    void d.accept();
  });
  await rows
    .nth(1)
    .getByRole("button", { name: `Удалить: ${name}` })
    .click();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("the unread filter and the mark-read action; a request sent from a property page names that property", async ({ adminPage: page, page: visitor }) => {
  const title = `Дом у моря ${unique()}`;
  const propertyId = await createProperty(page, title);
  // A visitor writes from the property's public page.
  await visitor.goto(`/properties/${propertyId}`);
  await hydrated(visitor);
  const publicPath = new URL(visitor.url()).pathname;
  const form = visitor.getByRole("form", { name: "Отправить сообщение" });
  await expect(form.getByText(`Запрос по объекту: ${title}`)).toBeVisible();
  const name = `Покупатель ${unique()}`;
  await form.getByRole("textbox", { name: "Имя", exact: true }).fill(name);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill("buyer@example.com");
  await form.getByRole("textbox", { name: "Телефон (необязательно)" }).fill("+359 888 000 000");
  await form.getByRole("textbox", { name: "Сообщение", exact: true }).fill("Интересует.");
  await form.getByRole("button", { name: "Отправить" }).click();
  await expect(form.getByRole("status")).toHaveText("Спасибо! Ваше сообщение отправлено.");

  await openAdmin(page, "/admin/contact-submissions?filter=unread");
  await expect(page.getByRole("link", { name: "Непрочитанные" })).toHaveAttribute("aria-current", "page");
  const item = page.getByRole("row").filter({ hasText: name });
  // The administrator sees which property it is about, linked to its public page.
  await expect(item.getByRole("link", { name: title, exact: true })).toHaveAttribute("href", publicPath);
  await item.getByRole("button", { name: `Прочитано: ${name}` }).click();
  await expect(item).toHaveCount(0);
  await page.getByRole("link", { name: "Все", exact: true }).click();
  const read = page.getByRole("row").filter({ hasText: name });
  await expect(read).toContainText("Прочитана");
  await read.getByRole("link", { name: `Просмотр: ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Заявка: ${name}` });
  await expect(dialog.getByRole("link", { name: title, exact: true })).toHaveAttribute("href", publicPath);
  await expect(dialog).toContainText("+359 888 000 000");
});

test("the dashboard: three counts, quick-add buttons, the latest properties and requests", async ({ adminPage: page }) => {
  await openAdmin(page, "/admin");
  for (const id of ["count-locations", "count-properties", "count-submissions"]) await expect(page.getByTestId(id)).toHaveText(/^\d+$/);
  await expect(page.getByRole("link", { name: "Добавить локацию" })).toHaveAttribute("href", "/admin/locations/add");
  await expect(page.getByRole("link", { name: "Добавить объект" })).toHaveAttribute("href", "/admin/real-estates/add");
  await expect(page.getByRole("heading", { name: "Последние объекты" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Последние заявки" })).toBeVisible();
});

test("a change announced while the server cannot be reached waits for it instead of failing into the error screen", async ({
  adminPage: page,
  request,
  clientIp,
}) => {
  allowConsoleErrors(page, /Failed to load resource|net::ERR_FAILED/);
  await openAdminLive(page, "/admin/contact-submissions");
  // The open change stream keeps working; every new connection to the server fails (a restart, a proxy that drops them).
  let attempts = 0;
  await page.route("**/*", (route) => {
    attempts++;
    return route.abort("connectionrefused");
  });

  const name = `Гость ${unique()}`;
  await sendVisitorRequest(request, clientIp, { name, email: "guest@example.com", message: "Пока сервер недоступен." });
  await expect.poll(() => attempts, { message: "the announced change makes the page try the server", timeout: 15_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  await expect(page.getByText("Что-то пошло не так")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

  // Reachable again: the next check (every 5 s) reloads the data.
  await page.unroute("**/*");
  await expect(page.getByRole("row").filter({ hasText: name }), "the request arrives once the server answers").toHaveCount(1, { timeout: 15_000 });
});

test("a shortlist sent from favourites (issue 22) lists its properties as links in the inbox and the dialog", async ({
  adminPage: page,
  request,
  clientIp,
}) => {
  const first = `Вилла Подборка ${unique()}`;
  const second = `Студия Подборка ${unique()}`;
  const firstId = await createProperty(page, first);
  const secondId = await createProperty(page, second);
  const name = `Покупатель ${unique()}`;
  // What the favourites page's form sends (it works without JavaScript too).
  const sent = await request.post(`/favorites?ids=${secondId},${firstId}`, {
    form: { name, email: "buyer@example.com", phone: "", message: "Пришлите подробности.", website: "", property_ids: `${secondId},${firstId}` },
    headers: { "X-Forwarded-For": clientIp },
  });
  expect(sent.status()).toBe(200);

  await openAdmin(page, "/admin/contact-submissions");
  const row = page.getByRole("row").filter({ hasText: name });
  const links = row.getByRole("listitem").getByRole("link");
  await expect(links).toHaveText([second, first]);
  await expect(links.first()).toHaveAttribute("href", /^\/[^/]+\/[^/]+$/);
  await row.getByRole("link", { name: `Просмотр: ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Заявка: ${name}` });
  await expect(dialog.getByRole("term").filter({ hasText: "Подборка" })).toBeVisible();
  await expect(dialog.getByRole("listitem").getByRole("link")).toHaveText([second, first]);
  const href = await dialog.getByRole("link", { name: second }).getAttribute("href");
  const opened = await page.request.get(href!);
  expect(opened.status()).toBe(200);
  expect(await opened.text()).toContain(second);
});

test("a long e-mail address wraps before its @ and dots, never inside a word, in the list and the dialog", async ({ adminPage: page, request, clientIp }) => {
  const id = unique();
  const name = `Длинный адрес ${id}`;
  const email = `anna.petrova-ivanova.${id}@sozopol-real-estate-agency.example.com`;
  await sendVisitorRequest(request, clientIp, { name, email, message: "Позвоните мне." });
  await openAdmin(page, "/admin/contact-submissions");
  // Where each line of the address starts: a break is allowed only before @ or a dot, or after - _ +.
  const lineStarts = (element: Locator) =>
    element.evaluate((node) => {
      const tops: number[] = [];
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (let i = 0; i < text.textContent!.length; i++) {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          tops.push(range.getBoundingClientRect().top);
        }
      }
      return tops.flatMap((top, i) => (i > 0 && top - tops[i - 1]! > 2 ? [i] : []));
    });
  const allowed = (i: number) => /[@.]/.test(email[i]!) || /[-_+]/.test(email[i - 1]!);
  const link = page.getByRole("row").filter({ hasText: name }).getByRole("link", { name: email });
  await expect(link).toHaveText(email);
  const inList = await lineStarts(link);
  expect(
    inList.filter((i) => !allowed(i)),
    `breaks at ${inList.join(", ")}`,
  ).toEqual([]);
  await page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("link", { name: `Просмотр: ${name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Заявка: ${name}` });
  const address = dialog.getByRole("definition").filter({ hasText: email });
  await expect(address).toHaveText(email);
  const inDialog = await lineStarts(address);
  expect(
    inDialog.filter((i) => !allowed(i)),
    `breaks at ${inDialog.join(", ")}`,
  ).toEqual([]);
  const width = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(width[0]).toBeLessThanOrEqual(width[1]!);
});
