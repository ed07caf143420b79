import { expect, openAdmin, test, unique } from "./fixtures";

/**
 * The CSV import's check (issue 23 item 7) in the browser: reached from the
 * dashboard, a file is checked row by row in Russian, nothing is saved; a
 * file in another encoding is refused with its message. At desktop size and
 * on the phone (no sideways scrolling).
 */
test("checks a CSV file row by row and saves nothing", async ({ adminPage: page }) => {
  await openAdmin(page, "/admin");
  await page.getByRole("link", { name: "Проверить файл CSV для импорта" }).click();
  await expect(page.getByRole("heading", { name: "Импорт из CSV — проверка файла" })).toBeVisible();

  const reference = `E2E-${unique()}`.slice(0, 40);
  const csv = `\uFEFFreference,title,description,location\n${reference},Квартира из файла,"Строка 1\nСтрока 2",Созополь\n,,Описание,Нигде\n`;
  await page.getByTestId("import-file").setInputFiles({ name: "listings.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Проверить" }).click();
  // The page's own status (the layout's «Загрузка…» is one too, while a request runs).
  const summary = page.getByRole("region", { name: "Импорт из CSV — проверка файла" }).getByRole("status");
  await expect(summary).toContainText("Будет создано: 1, обновлено: 0, без изменений: 0, с ошибками: 1.");
  await expect(summary).toContainText("ничего не сохранено");
  const rows = page
    .getByTestId("import-rows")
    .getByRole("listitem")
    .filter({ hasText: /^Строка/ });
  await expect(rows.nth(0)).toContainText("Будет создан");
  await expect(rows.nth(1)).toContainText("Локация «Нигде» не найдена");
  await expect(rows.nth(1)).toContainText("title: Название объекта обязательно");
  const width = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(width[0]).toBeLessThanOrEqual(width[1]!);

  // Nothing was saved: the property list does not know the reference.
  await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(reference)}`);
  await expect(page.getByText("Квартира из файла")).toHaveCount(0);

  await openAdmin(page, "/admin/import");
  await page
    .getByTestId("import-file")
    .setInputFiles({ name: "cp1251.csv", mimeType: "text/csv", buffer: Buffer.from([0x74, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0xca, 0xe2, 0x0a]) });
  await page.getByRole("button", { name: "Проверить" }).click();
  await expect(page.getByRole("alert")).toContainText("Файл не в кодировке UTF-8");
});
