import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { createProperty, expect, openAdmin, photo, test, unique } from "./fixtures";

/**
 * Issue 33, the administrator's side of complexes, at desktop size (admin
 * project) and on a phone with touch (phone project): a complex made with
 * photos, facilities and a stage; two properties linked to it from their
 * form; its units on its edit page; deleting it with the confirmation that
 * names the two units, which stay in the catalogue, unlinked. The list and
 * the form are screenshot to /tmp/wt-admin-shots for a look.
 */

const SHOTS = "/tmp/wt-admin-shots";

/** A tap on a phone, a click elsewhere: the phone project has touch. */
async function press(control: Locator, isMobile: boolean) {
  if (isMobile) await control.tap();
  else await control.click();
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `horizontal overflow in px on ${page.url()}`).toBeLessThanOrEqual(0);
}

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${test.info().project.name}-${name}.png`, fullPage: true });
}

test("a complex with photos, facilities and a stage; two units linked from their form; deleted, the units stay unlinked", async ({
  adminPage: page,
  isMobile,
}) => {
  test.setTimeout(120_000);
  const name = `Комплекс ${unique()}`;
  const units = [`Студия ${unique()}`, `Апартамент ${unique()}`];
  const ids = [];
  for (const title of units) ids.push(await createProperty(page, title));

  // «Комплексы» in the navigation, after «Объекты».
  await openAdmin(page, "/admin");
  const nav = page.getByRole("navigation", { name: "Разделы" });
  const labels = await nav.getByRole("link").allTextContents();
  expect(labels.indexOf("Комплексы")).toBe(labels.indexOf("Объекты") + 1);
  await press(nav.getByRole("link", { name: "Комплексы" }), isMobile);
  await expect(page).toHaveURL(/\/admin\/complexes$/);
  await expect(page.getByRole("heading", { name: "Комплексы", level: 1 })).toBeVisible();
  await press(page.getByRole("link", { name: "Добавить комплекс" }), isMobile);
  await expect(page).toHaveURL(/\/admin\/complexes\/add$/);
  await expect(page.getByRole("heading", { name: "Новый комплекс" })).toBeVisible();

  // A refused save: the schema's messages by their fields, the first wrong field focused, the summary by the button.
  await page.getByLabel("Срок сдачи (до акта 16), ГГГГ-Qn").fill("2027");
  await press(page.getByRole("button", { name: "Сохранить" }), isMobile);
  await expect(page.getByText("Название комплекса обязательно", { exact: true })).toBeVisible();
  await expect(page.getByText("Пожалуйста, выберите локацию", { exact: true })).toBeVisible();
  await expect(page.getByText("Срок сдачи в формате ГГГГ-Qn, например 2027-Q2", { exact: true })).toBeVisible();
  await expect(page.getByTestId("save-summary")).toContainText("Не сохранено: исправьте 3 поля");
  await expect(page.getByLabel("Название (русский)")).toBeFocused();
  // What was typed stays.
  await expect(page.getByLabel("Срок сдачи (до акта 16), ГГГГ-Qn")).toHaveValue("2027");

  await page.getByLabel("Название (русский)").fill(name);
  await page.getByLabel("Название (болгарский)").fill(`${name} BG`);
  await page.getByLabel("Описание (русский)").fill("Новый комплекс у моря с бассейном.");
  await page.getByLabel("Локация").selectOption({ index: 1 });
  await page.getByLabel("Застройщик").fill("Строй ООД");
  await page.getByLabel("Стадия строительства").selectOption("act15");
  await page.getByLabel("Срок сдачи (до акта 16), ГГГГ-Qn").fill("2027-Q2");
  await page.getByLabel("Плата за обслуживание, € за м² в год").fill("12");
  await page.getByLabel("До моря, м").fill("150");
  await page.getByLabel("Этажей").fill("6");
  await page.getByLabel("Квартир всего").fill("48");
  for (const facility of ["Бассейн", "Фитнес-зал", "Охрана"]) await press(page.getByRole("checkbox", { name: facility, exact: true }), isMobile);
  await expect(page.getByRole("checkbox", { name: "Бассейн", exact: true })).toBeChecked();
  await page.getByTestId("images-file").setInputFiles([await photo("c1.jpg", { color: "#2266aa" }), await photo("c2.jpg", { color: "#aa6622" })]);
  await expect(page.getByText("✓ Загружено")).toHaveCount(2);
  await expect(page.getByText("Обложка", { exact: true })).toBeVisible();
  await shot(page, "form");
  await expectNoSidewaysScroll(page);
  await press(page.getByRole("button", { name: "Сохранить" }), isMobile);
  await expect(page).toHaveURL(/\/admin\/complexes$/);
  await expect(page.getByRole("status").filter({ hasText: "Сохранено" })).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(row).toContainText("Строй ООД");
  await expect(row).toContainText("Акт 15");
  await expect(row).toContainText("в продаже 0 из 0");

  // Two properties linked from their own form, by the «Комплекс» select.
  for (const id of ids) {
    await openAdmin(page, `/admin/real-estates/edit/${id}`);
    const select = page.getByLabel("Комплекс", { exact: true });
    await expect(select).toHaveValue("");
    await expect(select.locator("option").first()).toHaveText("Не в комплексе");
    await select.selectOption({ label: name });
    if (id === ids[0]) {
      await select.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${test.info().project.name}-property-complex.png` });
    }
    await press(page.getByRole("button", { name: "Сохранить" }), isMobile);
    await expect(page).toHaveURL(/\/admin\/real-estates$/);
  }
  await openAdmin(page, `/admin/real-estates/edit/${ids[0]}`);
  await expect(page.getByLabel("Комплекс", { exact: true }).locator("option:checked")).toHaveText(name);

  // The list counts them; the edit page lists them, each a link to its form, and holds what was saved.
  await openAdmin(page, "/admin/complexes");
  await expect(row).toContainText("в продаже 2 из 2");
  await shot(page, "list");
  await expectNoSidewaysScroll(page);
  await press(row.getByRole("link", { name: `Редактировать: ${name}` }), isMobile);
  await expect(page).toHaveURL(/\/admin\/complexes\/edit\//);
  await expect(page.getByRole("link", { name: "Объекты комплекса (2)" })).toHaveAttribute("href", "#complex-units");
  const unitList = page.getByRole("region", { name: "Объекты комплекса (2)" });
  for (const title of units) await expect(unitList.getByRole("link", { name: title, exact: true })).toBeVisible();
  await expect(unitList).toContainText("В продаже");
  await expect(page.getByLabel("Название (болгарский)")).toHaveValue(`${name} BG`);
  await expect(page.getByLabel("Стадия строительства")).toHaveValue("act15");
  await expect(page.getByRole("checkbox", { name: "Фитнес-зал", exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "СПА", exact: true })).not.toBeChecked();
  await expect(page.getByRole("img", { name: /^Фото \d$/ })).toHaveCount(2);
  const publicPage = await page.getByRole("link", { name: "Открыть на сайте (RU)" }).getAttribute("href");
  expect(decodeURIComponent(publicPage!)).toMatch(/^\/[^/]+\/комплекс\/комплекс-/);
  await shot(page, "edit");
  await expectNoSidewaysScroll(page);
  await press(unitList.getByRole("link", { name: units[1], exact: true }), isMobile);
  await expect(page).toHaveURL(new RegExp(`/admin/real-estates/edit/${ids[1]}$`));

  // The CSV export has it (administrators only).
  const csv = await page.request.get("/admin/complexes/export.csv");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toContain(`"${name}"`);

  // Delete: the confirmation names the two units; they stay, unlinked.
  await openAdmin(page, "/admin/complexes");
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  });
  await press(row.getByRole("button", { name: `Удалить: ${name}` }), isMobile);
  await expect(page.getByRole("status").filter({ hasText: `Комплекс «${name}» удалён.` })).toHaveText(
    `Комплекс «${name}» удалён. Объекты остались в каталоге без комплекса: 2.`,
  );
  expect(asked).toEqual(["Удалить этот комплекс? Его объекты (2 объекта) останутся в каталоге, без комплекса."]);
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
  for (const [i, id] of ids.entries()) {
    await openAdmin(page, `/admin/real-estates/edit/${id}`);
    await expect(page.getByLabel("Название (русский)")).toHaveValue(units[i]!);
    await expect(page.getByLabel("Комплекс", { exact: true })).toHaveValue("");
  }
});

test("the CSV import: a dry run names each row's errors in Russian and writes nothing; the import then writes the good rows", async ({
  adminPage: page,
  isMobile,
}) => {
  await openAdmin(page, "/admin/complexes");
  await press(page.getByRole("link", { name: "Импорт CSV" }), isMobile);
  await expect(page.getByRole("heading", { name: "Импорт комплексов из CSV" })).toBeVisible();
  const location = await firstLocationName(page);
  const name = `Из файла ${unique()}`;
  const file = test.info().outputPath("complexes.csv");
  fs.mkdirSync(test.info().outputDir, { recursive: true });
  fs.writeFileSync(
    file,
    `\uFEFFname,location,facilities,construction_stage\n"${name}",${location},pool;gym,act16\n,${location},,\n"Плохой",Атлантида,sauna,\n`,
  );
  await page.getByTestId("complex-import-file").setInputFiles(file);
  await press(page.getByRole("button", { name: "Проверить" }), isMobile);
  await expect(page.getByRole("status").filter({ hasText: "Будет создано" })).toHaveText(
    "Будет создано: 1, обновлено: 0, без изменений: 0, с ошибками: 2. Это проверка: ничего не сохранено.",
  );
  const rows = page.getByTestId("complex-import-rows");
  await expect(rows).toContainText("name: Название комплекса обязательно");
  await expect(rows).toContainText("Локация «Атлантида» не найдена: создайте её или исправьте название");
  await expect(rows).toContainText("facilities: Неизвестное удобство комплекса");
  await shot(page, "import");
  await expectNoSidewaysScroll(page);
  expect(await (await page.request.get("/admin/complexes/export.csv")).text()).not.toContain(name);
  await press(page.getByRole("button", { name: "Импортировать" }), isMobile);
  await expect(page.getByRole("status").filter({ hasText: "Создано" })).toHaveText("Создано: 1, обновлено: 0, без изменений: 0, с ошибками: 2");
  await openAdmin(page, "/admin/complexes");
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
});

/** The first location's Russian name, from the complex form's select. */
async function firstLocationName(page: Page): Promise<string> {
  await openAdmin(page, "/admin/complexes/add");
  const name = (await page.getByLabel("Локация").locator("option").nth(1).textContent())!;
  await openAdmin(page, "/admin/complexes/import");
  return name;
}
