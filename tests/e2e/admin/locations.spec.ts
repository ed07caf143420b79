import type { Locator, Page, Request } from "@playwright/test";
import { allowConsoleErrors, expect, openAdmin, openAdminLive, photo, test, unique } from "./fixtures";

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

async function createLocation(page: Page, name: string, nameBg: string) {
  await openAdmin(page, "/admin/locations/add");
  await page.getByLabel("Название (русский)").fill(name);
  await page.getByLabel("Название (болгарский)").fill(nameBg);
  await page.getByTestId("image-file").setInputFiles(await photo(`${unique()}.jpg`));
  await expect(page.getByText("✓ Загружено")).toBeVisible();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page).toHaveURL(/\/admin\/locations$/);
  await expect(card(page, name)).toBeVisible();
}

test("add a location: SPEC's messages, a photo with its upload states, then the list", async ({ adminPage: page }) => {
  await openAdmin(page, "/admin/locations/add");
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText("Название обязательно")).toBeVisible();
  await expect(page.getByText("Изображение обязательно")).toBeVisible();
  // Editing a field clears its error.
  await page.getByLabel("Название (русский)").fill("   ");
  await expect(page.getByText("Название обязательно")).toHaveCount(0);
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText("Название обязательно")).toBeVisible();

  // The picker's own checks (SPEC §5).
  const input = page.getByTestId("image-file");
  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByText("Пожалуйста, выберите изображение (JPEG, PNG, GIF и т.д.)")).toBeVisible();
  await input.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
  await expect(page.getByText("Файл слишком большой. Максимальный размер 5MB.")).toBeVisible();

  const name = `Локация ${unique()}`;
  await page.getByLabel("Название (русский)").fill(name);
  await page.getByLabel("Название (болгарский)").fill(`${name} БГ`);
  await input.setInputFiles(await photo("location.jpg"));
  await expect(page.getByText("✓ Загружено")).toBeVisible();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page).toHaveURL(/\/admin\/locations$/);
  const created = card(page, name);
  await expect(created).toBeVisible();
  await expect(created.getByText(`${name} БГ`)).toBeVisible();
  await expect(created.getByText("0 объектов")).toBeVisible();
  // The stored picture is served (re-encoded by the server).
  const src = await created.getByRole("img").getAttribute("src");
  expect(src).toMatch(/^\/img\/640\/upload\/locations\/locations-\d+-[a-z0-9]+\.jpg$/);
  expect((await page.request.get(src!)).status()).toBe(200);
});

test("a duplicate name gets SPEC's message in the form banner; edit keeps the picture", async ({ adminPage: page }) => {
  const name = `Дубль ${unique()}`;
  await createLocation(page, name, "");
  await openAdmin(page, "/admin/locations/add");
  await page.getByLabel("Название (русский)").fill(name);
  await page.getByTestId("image-file").setInputFiles(await photo("dup.jpg"));
  await expect(page.getByText("✓ Загружено")).toBeVisible();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("alert")).toHaveText("Такая локация уже существует");

  await openAdmin(page, "/admin/locations");
  await card(page, name)
    .getByRole("link", { name: `Редактировать: ${name}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Редактирование локации" })).toBeVisible();
  await expect(page.getByLabel("Название (русский)")).toHaveValue(name);
  const renamed = `${name} новая`;
  await page.getByLabel("Название (русский)").fill(renamed);
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(card(page, renamed)).toBeVisible();
  await expect(card(page, renamed).getByRole("img")).toHaveAttribute("src", /\/upload\/locations\//);
});

test("an unknown id on the edit route goes back to the list", async ({ adminPage: page }) => {
  await page.goto("/admin/locations/edit/6f1c1c1e-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/admin\/locations$/);
  await page.goto("/admin/locations/edit/not-an-id");
  await expect(page).toHaveURL(/\/admin\/locations$/);
});

test("move up and down (disabled at the ends) and drag-and-drop change the order", async ({ adminPage: page, isMobile }) => {
  await openAdmin(page, "/admin/locations");
  // Other tests add locations at the end meanwhile: only the first ones are compared.
  const names = async () => page.getByRole("article").locator("h2").allTextContents();
  const firstTwo = async () => (await names()).slice(0, 2);
  const [first, second] = (await firstTwo()) as [string, string];
  await expect(page.getByRole("button", { name: `Переместить выше: ${first}` })).toBeDisabled();
  const all = await names();
  await expect(page.getByRole("button", { name: `Переместить ниже: ${all[all.length - 1]}` })).toBeDisabled();

  await page.getByRole("button", { name: `Переместить ниже: ${first}` }).click();
  await expect.poll(firstTwo).toEqual([second, first]);
  await page.getByRole("button", { name: `Переместить выше: ${first}` }).click();
  await expect.poll(firstTwo).toEqual([first, second]);

  // Keyboard drag-and-drop (dnd-kit): space picks up, arrow moves, space drops.
  const handle = page.getByRole("button", { name: `Перетащите, чтобы изменить порядок: ${first}` });
  await handle.focus();
  // dnd-kit measures the items after the pick-up: give it a moment between keys. The second card is
  // beside the first on a wide screen, below it on a phone (one column).
  for (const key of ["Space", isMobile ? "ArrowDown" : "ArrowRight", "Space"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
  await expect.poll(async () => (await names())[0]).not.toBe(first);
  const moved = await firstTwo();
  // Saved on the server: a fresh load (through the app, not a reload) shows the same order.
  await page.getByRole("navigation", { name: "Разделы" }).getByRole("link", { name: "Панель" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("navigation", { name: "Разделы" }).getByRole("link", { name: "Локации" }).click();
  await expect.poll(firstTwo, { message: "the new order is saved" }).toEqual(moved);
  // Put it back for the other tests.
  await page.getByRole("button", { name: `Переместить выше: ${first}` }).click();
  await expect.poll(firstTwo).toEqual([first, second]);
});

test("a live refresh waits until the page's own reload after a save is done instead of cancelling it", async ({ adminPage: page }) => {
  await openAdminLive(page, "/admin/locations");
  // The page's data reloads (GET …/admin/locations.data) in order: whether each
  // is the one a save starts, whether the server's answer came, whether it ended.
  type Reload = { afterSave: boolean; answered: boolean; settled: boolean };
  const reloads: Reload[] = [];
  const byRequest = new Map<Request, Reload>();
  const isData = (request: Request) => /\/admin\/locations\.data/.test(request.url());
  let saved = false;
  page.on("request", (request) => {
    if (request.method() !== "GET" || !isData(request)) return;
    const reload = { afterSave: saved, answered: false, settled: false };
    saved = false;
    reloads.push(reload);
    byRequest.set(request, reload);
  });
  page.on("response", (response) => {
    if (response.request().method() === "POST" && isData(response.request())) saved = true;
    const reload = byRequest.get(response.request());
    if (reload) reload.answered = true;
  });
  const settled = (request: Request) => {
    const reload = byRequest.get(request);
    if (reload) reload.settled = true;
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  const allSettled = () => reloads.every((r) => r.settled);
  /** The live refresh that waited for the save's reload has run and been answered. */
  const refreshedAfterSave = (saves: number) => () => {
    const save = reloads.filter((r) => r.afterSave)[saves - 1];
    return save !== undefined && reloads.slice(reloads.indexOf(save) + 1).some((r) => r.answered);
  };
  // The reload after a save is slow here, so the change the save announces on
  // the live stream arrives while that reload is still under way.
  await page.route(/\/admin\/locations\.data/, async (route) => {
    if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue().catch(() => undefined);
  });
  const names = async () => page.getByRole("article").locator("h2").allTextContents();
  const firstTwo = async () => (await names()).slice(0, 2);
  const [first, second] = (await firstTwo()) as [string, string];
  await page.getByRole("button", { name: `Переместить ниже: ${first}` }).click();
  await expect.poll(firstTwo).toEqual([second, first]);
  await expect.poll(refreshedAfterSave(1)).toBe(true);
  await expect.poll(allSettled).toBe(true);
  await page.getByRole("button", { name: `Переместить выше: ${first}` }).click();
  await expect.poll(firstTwo).toEqual([first, second]);
  await expect.poll(refreshedAfterSave(2)).toBe(true);
  await page.unrouteAll({ behavior: "wait" });
  // Changes made by tests running beside this one may start more refreshes: let them end.
  await expect.poll(allSettled).toBe(true);
  const saves = reloads.filter((r) => r.afterSave);
  expect(saves, "each save's own reload was answered, not cancelled").toEqual([
    { afterSave: true, answered: true, settled: true },
    { afterSave: true, answered: true, settled: true },
  ]);
});

test("delete warns that the location's properties go with it, showing their count", async ({ adminPage: page }) => {
  const name = `Удаляемая ${unique()}`;
  await createLocation(page, name, "");
  const id = /location=([0-9a-f-]{36})/.exec((await card(page, name).getByRole("link", { name: "Добавить объект" }).getAttribute("href"))!)![1];
  for (const title of ["Первый", "Второй"]) {
    const r = await page.request.post("/admin/real-estates/add", {
      form: {
        title: `${title} ${name}`,
        description: "Описание",
        price: "1000",
        location_id: id!,
        property_type: "apartment",
        images: "/upload/properties/a.jpg",
      },
      maxRedirects: 0,
    });
    expect(r.status()).toBe(302);
  }
  await openAdmin(page, "/admin/locations");
  await expect(card(page, name).getByText("2 объекта")).toBeVisible();
  await card(page, name).getByText("Показать объекты (2)").click();
  await expect(card(page, name).getByRole("link", { name: `Первый ${name}` })).toBeVisible();
  await card(page, name)
    .getByRole("button", { name: `Удалить: ${name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Удалить локацию «${name}»?` });
  await expect(dialog).toContainText("Вместе с локацией будут удалены все ее объекты: 2.");
  // Keyboard focus stays in the dialog: Tab and Shift+Tab go round its two buttons.
  const cancel = dialog.getByRole("button", { name: "Отмена" });
  const confirm = dialog.getByRole("button", { name: "Удалить" });
  await cancel.focus();
  for (const [key, next] of [
    ["Tab", confirm],
    ["Tab", cancel],
    ["Shift+Tab", confirm],
    ["Shift+Tab", cancel],
  ] as const) {
    await page.keyboard.press(key);
    await expect(next).toBeFocused();
  }
  await dialog.getByRole("button", { name: "Отмена" }).click();
  await expect(card(page, name)).toBeVisible();
  await card(page, name)
    .getByRole("button", { name: `Удалить: ${name}` })
    .click();
  let reloads = 0;
  page.on("response", (r) => {
    if (r.request().method() === "GET" && new URL(r.url()).pathname === "/admin/locations.data") reloads++;
  });
  await dialog.getByRole("button", { name: "Удалить" }).click();
  await expect(page.getByText("Локация удалена")).toBeVisible();
  // The delete's own change event brings a live reload after the action's: the notice stays.
  await expect.poll(() => reloads, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.getByText("Локация удалена")).toBeVisible({ timeout: 1000 });
  await expect(card(page, name)).toHaveCount(0);
  await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { name: "Объекты не найдены" })).toBeVisible();
});

test("hostile files dressed as photos are refused by the server with SPEC's message, nothing stored", async ({ adminPage: page }) => {
  await openAdmin(page, "/admin/locations/add");
  const input = page.getByTestId("image-file");
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  await input.setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from(svg) });
  await expect(page.getByText("Пожалуйста, выберите изображение (JPEG, PNG, GIF и т.д.)")).toBeVisible();
  await input.setInputFiles({ name: "../../evil\u0000.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html><body>hi</body></html>") });
  await expect(page.getByText("Пожалуйста, выберите изображение (JPEG, PNG, GIF и т.д.)")).toHaveCount(2);
  await expect(page.getByText("✓ Загружено")).toHaveCount(0);
  await expect(page.locator('input[type="hidden"][name="image"]')).toHaveCount(0);
});

test("saving while the picture still uploads waits with SPEC's message; renaming onto an existing name is refused", async ({ adminPage: page }) => {
  const existing = `Занято ${unique()}`;
  await createLocation(page, existing, "");
  await openAdmin(page, "/admin/locations/add");
  // Hold the upload until the form has been submitted once.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/upload", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("Название (русский)").fill(`Новая ${unique()}`);
  await page.getByTestId("image-file").setInputFiles(await photo("slow.jpg"));
  await expect(page.getByRole("button", { name: "Загрузка..." })).toBeDisabled();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("alert")).toHaveText("Дождитесь завершения загрузки изображения");
  release();
  await expect(page.getByText("✓ Загружено")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.unroute("**/admin/upload");

  // Edit another location to the taken name: SPEC §8's update wording.
  await page.getByLabel("Название (русский)").fill(`Другая ${unique()}`);
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page).toHaveURL(/\/admin\/locations$/);
  const other = page.getByRole("article").filter({ hasText: "Другая" }).last();
  await other.getByRole("link", { name: /^Редактировать:/ }).click();
  await page.getByLabel("Название (русский)").fill(existing);
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("alert")).toHaveText("Локация с таким названием уже существует");
});

/** Moves the page's clock past each retry wait until `message` shows (the upload is retried after 2, 4 and 8 s). */
async function skipRetryWaits(page: Page, message: Locator) {
  for (let wait = 0; wait < 4 && !(await message.isVisible()); wait++) {
    await page.clock.runFor(8_000);
    await message.waitFor({ timeout: 1_000 }).catch(() => undefined);
  }
  await expect(message).toBeVisible();
}

test("upload failures show SPEC's Russian messages: storage error, no permission, no connection", async ({ adminPage: page }) => {
  test.setTimeout(90_000);
  allowConsoleErrors(page, /Failed to load resource: (the server responded with a status of (403|500)|net::ERR_INTERNET_DISCONNECTED)/);
  // No live updates here: other tests' writes make the page reload its data,
  // and a reload that started just before the connection drops fails into the
  // error screen (one started while offline waits for 'online' instead).
  // 204 tells EventSource not to reconnect.
  await page.route("**/admin/events", (route) => route.fulfill({ status: 204 }));
  // The page's timers on a clock the test moves: the retries' waits (2, 4 and 8 s) pass at once.
  await page.clock.install();
  await openAdmin(page, "/admin/locations/add");
  const input = page.getByTestId("image-file");
  // A 403 is not retried.
  await page.route("**/admin/upload", (route) => route.fulfill({ status: 403, contentType: "application/json", body: "{}" }));
  await input.setInputFiles(await photo("denied.jpg"));
  await expect(page.getByText("Недостаточно прав для загрузки. Обратитесь к администратору.")).toBeVisible();
  await page.unroute("**/admin/upload");
  // A 500 is retried (2 s, 4 s, 8 s) and then reported.
  let attempts = 0;
  await page.route("**/admin/upload", (route) => {
    attempts++;
    return route.fulfill({ status: 500, contentType: "application/json", body: "{}" });
  });
  await input.setInputFiles(await photo("broken-storage.jpg"));
  await skipRetryWaits(page, page.getByText("Ошибка хранилища. Попробуйте еще раз или обратитесь к администратору."));
  expect(attempts).toBe(4);
  await page.unroute("**/admin/upload");
  // Offline: the network error is named as such.
  await page.context().setOffline(true);
  await input.setInputFiles(await photo("offline.jpg"));
  await skipRetryWaits(page, page.getByText("Нет подключения к интернету. Проверьте соединение и попробуйте снова."));
  await page.context().setOffline(false);
});
