import { ADMIN_SITE_ENV } from "../fixtures/site-config";
import { createProperty, expect, hydrated, openAdmin, openAdminLive, photo, sendVisitorRequest, test, unique } from "./fixtures";

/**
 * Issue 22 in the admin: «Удалить данные по e-mail» (GDPR erasure: count,
 * confirm, erase; bad addresses refused in Russian) and the agent card
 * (name, languages, photo) as the public pages then show it. Runs on the
 * desktop admin server and, in the phone project, on the phone's.
 */

test("«Удалить данные по e-mail»: the requests of an address, any case, are counted, confirmed and erased; others stay", async ({
  adminPage: page,
  request,
  clientIp,
}) => {
  const id = unique();
  const email = `erase-${id}@example.com`;
  const other = `keep-${id}@example.com`;
  await sendVisitorRequest(request, clientIp, { name: `Стереть ${id}`, email, message: "Первая заявка" });
  await sendVisitorRequest(request, clientIp, { name: `Стереть ${id}`, email: email.toUpperCase(), message: "Вторая заявка" });
  await sendVisitorRequest(request, clientIp, { name: `Оставить ${id}`, email: other, message: "Чужая заявка" });

  // An inbox open in another tab drops the erased requests by itself (the change feed).
  const inbox = await page.context().newPage();
  await openAdminLive(inbox, "/admin/contact-submissions");
  await expect(inbox.getByRole("main")).toContainText(email.toUpperCase());

  await openAdmin(page, "/admin/contact-submissions");
  await page.getByRole("link", { name: "Удалить данные по e-mail" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Удалить данные по e-mail" })).toBeVisible();
  await hydrated(page);

  // Bad input first: a Russian message at the field, nothing counted.
  const field = page.getByLabel("E-mail посетителя");
  for (const [bad, message] of [
    ["anna", "Введите e-mail полностью, например anna@example.com"],
    [`${"a".repeat(260)}@example.com`, "Адрес слишком длинный: не более 254 символов"],
  ] as const) {
    await field.fill(bad);
    await page.getByRole("button", { name: "Найти данные" }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
  }

  await field.fill(`  ${email.replace("erase", "ERASE")} `);
  await page.getByRole("button", { name: "Найти данные" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Будет удалено" })).toHaveText(`Будет удалено для ${email}: 2 заявки.`);
  await page.getByRole("button", { name: "Удалить навсегда" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Удалено" })).toHaveText("Удалено: 2 заявки.");
  await expect(inbox.getByRole("main")).not.toContainText(email, { ignoreCase: true, timeout: 15_000 });
  await expect(inbox.getByRole("main")).toContainText(other);
  await inbox.close();

  // Again: nothing left, and the confirmation offers no erase button.
  await field.fill(email);
  await page.getByRole("button", { name: "Найти данные" }).click();
  await expect(page.getByText(`С адресом ${email} на сайте ничего не хранится — удалять нечего.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Удалить навсегда" })).toHaveCount(0);

  await openAdmin(page, "/admin/contact-submissions");
  await expect(page.getByRole("main")).not.toContainText(email);
  await expect(page.getByRole("main")).toContainText(other);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("«Удалить данные по e-mail» is two plain form posts", async ({ adminPage: page, request, clientIp }) => {
    const email = `nojs-${unique()}@example.com`;
    await sendVisitorRequest(request, clientIp, { name: "Без скриптов", email, message: "Заявка" });
    await page.goto("/admin/personal-data");
    await page.getByLabel("E-mail посетителя").fill(email);
    await page.getByRole("button", { name: "Найти данные" }).click();
    await expect(page.getByText(`Будет удалено для ${email}: 1 заявка.`)).toBeVisible();
    await page.getByRole("button", { name: "Удалить навсегда" }).click();
    await expect(page.getByText("Удалено: 1 заявка.")).toBeVisible();
  });
});

test("the agent card: name, languages and photo set here show on the home and property pages in both languages", async ({ adminPage: page }) => {
  const name = `Агент ${unique()}`;
  await openAdmin(page, "/admin");
  await page.getByRole("link", { name: "Карточка агента" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Карточка агента" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Имя агента").fill(name);
  for (const language of ["русский", "болгарский", "английский", "немецкий"]) await page.getByRole("checkbox", { name: language }).uncheck();
  await page.getByRole("checkbox", { name: "английский" }).check();
  await page.getByRole("checkbox", { name: "болгарский" }).check();
  await page.getByTestId("photo-file").setInputFiles(await photo(`agent-${unique()}.jpg`, { width: 600, height: 600, color: "#aa5533" }));
  await expect(page.getByText("✓ Загружено")).toBeVisible();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Карточка сохранена" })).toBeVisible();

  for (const [path, languages, person] of [
    ["/", "Языки: болгарский, английский", "Ваш контакт — "],
    ["/bg", "Езици: български, английски", "Вашият контакт — "],
  ] as const) {
    await page.goto(path);
    // The About text names the agent as the card does.
    await expect(page.locator("#about")).toContainText(`${person}${name}`);
    const card = page.getByRole("region", { name, exact: true });
    await expect(card).toContainText(languages);
    const img = card.locator("img");
    await expect(img).toHaveAttribute("src", /^\/img\/160\/upload\/properties\//);
    await expect(img).toHaveAttribute("srcset", /\/img\/320\/upload\/properties\/.* 320w$/);
    await expect(img).toHaveAttribute("loading", "lazy");
    await expect(img).toHaveAttribute("width", "80");
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  }
  // A property page names the agent in its contact block.
  const propertyId = await createProperty(page, `Объект агента ${unique()}`);
  await page.goto(`/properties/${propertyId}`);
  await expect(page.getByRole("region", { name: "Интересует этот объект?" }).getByRole("heading", { level: 3, name })).toBeVisible();

  // Emptied: the pages fall back to the configured name, with no photo and no languages line.
  await openAdmin(page, "/admin/agent");
  await page.getByLabel("Имя агента").fill("");
  for (const language of ["болгарский", "английский"]) await page.getByRole("checkbox", { name: language }).uncheck();
  await page.getByRole("button", { name: "Удалить фото 1" }).click();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Карточка сохранена" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByText(name)).toHaveCount(0);
  await expect(page.locator("#about")).toContainText(`Ваш контакт — ${ADMIN_SITE_ENV.SITE_CONTACT_NAME}`);
});
