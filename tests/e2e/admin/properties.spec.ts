import type { Page } from "@playwright/test";
import { expect, openAdmin, openAdminLive, photo, sendVisitorRequest, test, unique, unreadRequests } from "./fixtures";

const row = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });

/** The id of the first default location ("Созополь"), from the add form's select. */
async function firstLocation(page: Page): Promise<{ id: string; name: string }> {
  await openAdmin(page, "/admin/real-estates/add");
  const option = page.getByLabel("Локация").locator("option").nth(1);
  return { id: (await option.getAttribute("value"))!, name: (await option.textContent())! };
}

async function createByRequest(page: Page, fields: Record<string, string>) {
  const r = await page.request.post("/admin/real-estates/add", {
    form: { description: "Описание", price: "1000", property_type: "apartment", images: "/upload/properties/a.jpg", ...fields },
    maxRedirects: 0,
  });
  expect(r.status(), await r.text()).toBe(302);
}

test("add a property: every SPEC §5 message where it belongs, then photos, then the list", async ({ adminPage: page, request, clientIp }) => {
  await openAdminLive(page, "/admin/real-estates/add");
  await page.getByLabel("Тип").selectOption("");
  await page.getByRole("button", { name: "Сохранить" }).click();
  const messages = [
    "Название объекта обязательно",
    "Описание обязательно",
    "Цена обязательна",
    "Пожалуйста, выберите локацию",
    "Пожалуйста, выберите тип объекта",
    "Хотя бы одно изображение обязательно",
  ];
  for (const message of messages) {
    await expect(page.getByText(message, { exact: true }), message).toBeVisible();
  }
  // A visitor's request meanwhile makes the page reload its data (the unread
  // badge follows): the messages stay.
  const unreadBefore = await unreadRequests(page);
  await sendVisitorRequest(request, clientIp, { name: `Гость ${unique()}`, email: "guest@example.com", message: "Пока вы заполняете форму." });
  await expect.poll(() => unreadRequests(page), { timeout: 15_000 }).toBeGreaterThan(unreadBefore);
  for (const message of messages) {
    await expect(page.getByText(message, { exact: true }), `${message} (after the reload)`).toBeVisible();
  }
  await page.getByLabel("Цена, €").fill("-5");
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText("Пожалуйста, введите действительную цену")).toBeVisible();
  // Whitespace-only text counts as empty. The same message is already on the page from the save before: the
  // answer to this save is awaited before typing on (typing while it is on its way is not what this step checks).
  await page.getByLabel("Название (русский)").fill("   ");
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/real-estates/add"));
  await page.getByRole("button", { name: "Сохранить" }).click();
  await answered;
  await expect(page.getByText("Название объекта обязательно")).toBeVisible();

  const title = `Вилла ${unique()}`;
  await page.getByLabel("Название (русский)").fill(title);
  await expect(page.getByText("Нет болгарского текста: на болгарской странице будет показан русский.").first()).toBeVisible();
  await page.getByLabel("Название (болгарский)").fill(`${title} BG`);
  await page.getByLabel("Описание (русский)").fill("Дом с садом у моря.");
  await page.getByLabel("Цена, €").fill("250000");
  await page.getByLabel("Площадь, м² (необязательно)").fill("140.5");
  await page.getByLabel("Локация").selectOption({ index: 1 });
  await page.getByLabel("Тип").selectOption("house");
  await page.getByLabel("Спальни (необязательно)").fill("3");
  await page.getByLabel("Особенности (русский), по одной в строке").fill("Бассейн\nГараж");
  await page.getByTestId("images-file").setInputFiles([await photo("a.jpg", { color: "#aa3333" }), await photo("b.jpg", { color: "#33aa33" })]);
  await expect(page.getByText("✓ Загружено")).toHaveCount(2);
  await expect(page.getByText("Обложка", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page).toHaveURL(/\/admin\/real-estates$/);
  await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(title)}`);
  const item = row(page, title);
  await expect(item).toContainText("250 000 €");
  await expect(item).toContainText("Дом");

  // The edit form holds what was saved; an unknown id goes back to the list.
  await item.getByRole("link", { name: `Редактировать: ${title}` }).click();
  await expect(page.getByLabel("Название (болгарский)")).toHaveValue(`${title} BG`);
  await expect(page.getByLabel("Площадь, м² (необязательно)")).toHaveValue("140.5");
  await expect(page.getByLabel("Особенности (русский), по одной в строке")).toHaveValue("Бассейн\nГараж");
  await expect(page.getByRole("img", { name: /^Фото \d$/ })).toHaveCount(2);
  await page.goto("/admin/real-estates/edit/6f1c1c1e-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/admin\/real-estates$/);
});

// A refused save's answer that arrives while the agent has already typed on into another field leaves her focus there:
// moving it to the first wrong field would send her next keys into that field.
test("typing on while a refused save is answered: the keys stay in the field being typed into, the messages show", async ({ adminPage: page }) => {
  await openAdmin(page, "/admin/real-estates/add");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/real-estates/add*", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/real-estates/add"));
  await page.getByRole("button", { name: "Сохранить" }).click();
  const bulgarian = page.getByLabel("Название (болгарский)");
  await bulgarian.click();
  await page.keyboard.type("Вила");
  release();
  await answered;
  await expect(page.getByText("Название объекта обязательно", { exact: true })).toBeVisible();
  await expect(page.getByTestId("save-summary")).toBeVisible();
  await page.keyboard.type(" до морето");
  await expect(bulgarian).toBeFocused();
  await expect(bulgarian).toHaveValue("Вила до морето");
  await expect(page.getByLabel("Название (русский)")).toHaveValue("");
});

test("edit: photos reorder by dragging and can be removed; preview links open the public page in each language", async ({ adminPage: page }) => {
  const location = await firstLocation(page);
  const title = `Квартира ${unique()}`;
  await openAdmin(page, `/admin/real-estates/add?locationId=${location.id}`);
  await expect(page.getByLabel("Локация")).toHaveValue(location.id);
  await page.getByLabel("Название (русский)").fill(title);
  await page.getByLabel("Описание (русский)").fill("Описание");
  await page.getByLabel("Цена, €").fill("90000");
  await page.getByTestId("images-file").setInputFiles([await photo("1.jpg"), await photo("2.jpg", { color: "#ffcc00" })]);
  await expect(page.getByText("✓ Загружено")).toHaveCount(2);
  const hidden = page.locator('input[type="hidden"][name="images"]');
  const before = await hidden.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const handle = page.getByRole("button", { name: "Перетащите, чтобы изменить порядок: 1.jpg" });
  await handle.focus();
  for (const key of ["Space", "ArrowRight", "Space"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
  await expect.poll(() => hidden.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([before[1], before[0]]);
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page).toHaveURL(/\/admin\/real-estates$/);

  await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(title)}`);
  await row(page, title)
    .getByRole("link", { name: `Редактировать: ${title}` })
    .click();
  await expect(page.getByRole("img", { name: "Фото 1" })).toHaveAttribute("src", new RegExp(before[1]!.split("/").pop()!.replace(".", "\\.")));
  const ru = await page.getByRole("link", { name: "Открыть на сайте (RU)" }).getAttribute("href");
  const bg = await page.getByRole("link", { name: "Открыть на сайте (BG)" }).getAttribute("href");
  expect(decodeURIComponent(ru!)).toMatch(new RegExp(`^/[^/]+/квартира-`));
  expect(bg).toBe(`/bg${ru}`);
  expect((await page.request.get(ru!)).status()).toBe(200);
  await page.getByRole("button", { name: "Удалить фото 2" }).click();
  await expect(page.getByRole("img", { name: /^Фото \d$/ })).toHaveCount(1);
  await page.getByRole("button", { name: "Удалить фото 1" }).click();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText("Хотя бы одно изображение обязательно")).toBeVisible();
});

test("list: search, 9 per page with 'page X of Y', move within the location, duplicate, delete with confirmation", async ({ adminPage: page }) => {
  test.setTimeout(90_000);
  const location = await firstLocation(page);
  const tag = unique();
  for (let i = 1; i <= 11; i++) await createByRequest(page, { title: `Серия ${tag} №${String(i).padStart(2, "0")}`, location_id: location.id });
  await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(tag)}`);
  await expect(page.getByText("Найдено: 11")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(9);
  await expect(page.getByText("Страница 1 из 2")).toBeVisible();
  await page.getByRole("link", { name: "Вперёд" }).click();
  await expect(page.getByText("Страница 2 из 2")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);
  await page.getByRole("link", { name: "Назад" }).click();
  await expect(page.getByText("Страница 1 из 2")).toBeVisible();

  const titles = () => page.getByRole("article").locator("h2").allTextContents();
  const first = `Серия ${tag} №01`;
  const second = `Серия ${tag} №02`;
  expect((await titles()).slice(0, 2)).toEqual([first, second]);
  await row(page, second)
    .getByRole("button", { name: `Переместить выше: ${second}` })
    .click();
  await expect.poll(async () => (await titles()).slice(0, 2)).toEqual([second, first]);

  // Filtered by location: the dropdown is replaced by the location's name.
  await openAdmin(page, `/admin/real-estates?locationId=${location.id}&search=${encodeURIComponent(tag)}`);
  await expect(page.getByText(`Локация: ${location.name}`)).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Локация" })).toHaveCount(0);

  // Duplicate opens the copy's edit form.
  await openAdmin(page, `/admin/real-estates/edit/${await idOf(page, first, tag)}`);
  await page.getByRole("button", { name: "Дублировать" }).click();
  await expect(page.getByText("Копия создана")).toBeVisible();
  await expect(page.getByLabel("Название (русский)")).toHaveValue(`${first} (копия)`);

  // Delete asks the browser's confirmation; cancel keeps it.
  await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(`${first} (копия)`)}`);
  const copy = row(page, `${first} (копия)`);
  page.once("dialog", (d) => {
    expect(d.message()).toBe("Вы уверены, что хотите удалить этот объект?");
    void d.dismiss();
  });
  await copy.getByRole("button", { name: `Удалить: ${first} (копия)` }).click();
  await expect(copy).toBeVisible();
  page.once("dialog", (d) => void d.accept());
  await copy.getByRole("button", { name: `Удалить: ${first} (копия)` }).click();
  await expect(page.getByRole("heading", { name: "Объекты не найдены" })).toBeVisible();
  await page.getByRole("link", { name: "Сбросить фильтры" }).click();
  await expect(page).toHaveURL(/\/admin\/real-estates$/);
});

async function idOf(page: Page, title: string, tag: string): Promise<string> {
  await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(tag)}`);
  const href = await row(page, title)
    .getByRole("link", { name: `Редактировать: ${title}` })
    .getAttribute("href");
  return href!.split("/").pop()!;
}

test("a location that disappears meanwhile gets 'Выбранная локация не существует'", async ({ adminPage: page }) => {
  await openAdmin(page, "/admin/real-estates/add");
  await page.getByLabel("Название (русский)").fill(`Призрак ${unique()}`);
  await page.getByLabel("Описание (русский)").fill("Описание");
  await page.getByLabel("Цена, €").fill("1000");
  // The select offers a location that no longer exists (as after another admin deleted it).
  await page.getByLabel("Локация").evaluate((select: HTMLSelectElement) => {
    const option = new Option("Исчезнувшая", "6f1c1c1e-0000-4000-8000-000000000000");
    select.add(option);
    select.value = option.value;
  });
  await page.getByTestId("images-file").setInputFiles(await photo("ghost.jpg"));
  await expect(page.getByText("✓ Загружено")).toBeVisible();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText("Выбранная локация не существует")).toBeVisible();
});
