import type { Page } from "@playwright/test";
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
  // Named as the spreadsheet shows them: the header is row 1, the first row's two-line cell does not shift the second.
  await expect(rows.nth(0)).toContainText("Строка 2");
  await expect(rows.nth(1)).toContainText("Строка 3");
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

/** Checks `csv` at /admin/import and returns the page's check region. */
async function check(page: Page, csv: string, js = true) {
  if (js) await openAdmin(page, "/admin/import");
  else await page.goto("/admin/import");
  await page.getByTestId("import-file").setInputFiles({ name: "listings.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Проверить", exact: true }).click();
  return page.getByRole("region", { name: "Импорт из CSV — проверка файла" });
}

test("imports a file with other column names after mapping, with progress and a report; a second import changes nothing", async ({ adminPage: page }) => {
  const reference = `E2E-${unique()}`.slice(0, 40);
  // Columns in Russian, one the admin must map by hand («Подробно» → description).
  const title = `Импорт ${reference}`;
  const csv = `Код;Название;Подробно;Цена;Локация\n${reference};${title};Описание;99000;Созополь\n;Без номера;Описание;1;Созополь\n`;
  let region = await check(page, csv);
  await expect(page.getByRole("alert")).toContainText("В файле нет обязательных столбцов: description");
  const mapping = page.getByTestId("import-mapping");
  await expect(mapping.getByLabel("Название", { exact: true })).toHaveValue("title");
  await expect(mapping.getByLabel("Локация", { exact: true })).toHaveValue("location");
  await mapping.getByLabel("Подробно").selectOption("description");
  await page.getByRole("button", { name: "Проверить с этими столбцами" }).click();
  region = page.getByRole("region", { name: "Импорт из CSV — проверка файла" });
  await expect(region.getByRole("status")).toContainText("Будет создано: 1, обновлено: 0, без изменений: 0, с ошибками: 1.");

  await region.getByRole("button", { name: "Импортировать" }).click();
  const report = page.getByRole("region", { name: "Импорт завершён" });
  await expect(report.getByRole("status")).toContainText("Создано: 1, обновлено: 0, без изменений: 0, с ошибками: 1");
  await expect(report.getByTestId("import-report")).toContainText("Нет номера объекта (reference)");
  const width = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(width[0]).toBeLessThanOrEqual(width[1]!);

  await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(title)}`);
  await expect(page.getByText(title).first()).toBeVisible();

  // The same file again (mapped the same way): nothing to import.
  await check(page, csv.replace("Подробно", "Описание"));
  region = page.getByRole("region", { name: "Импорт из CSV — проверка файла" });
  await expect(region.getByRole("status")).toContainText("Будет создано: 0, обновлено: 0, без изменений: 1, с ошибками: 1.");
  await expect(region.getByRole("button", { name: "Импортировать" })).toHaveCount(0);
});

test("imports a file of several batches batch by batch and sums the report", async ({ adminPage: page }) => {
  const id = unique();
  // 150 rows: two batches of the page's posts; only two rows are good (few new properties for the other specs).
  const lines = ["reference,title,description,location"];
  for (let i = 0; i < 148; i++) lines.push(`B${id}-${i},Строка ${i},Описание,Нигде`);
  lines.push(`B${id}-a,Пакет ${id} A,Описание,Созополь`, `B${id}-b,Пакет ${id} B,Описание,Созополь`);
  const region = await check(page, lines.join("\n"));
  await expect(region.getByRole("status")).toContainText("Будет создано: 2, обновлено: 0, без изменений: 0, с ошибками: 148.");
  await region.getByRole("button", { name: "Импортировать" }).click();
  const report = page.getByRole("region", { name: "Импорт завершён" });
  await expect(report.getByRole("status")).toContainText("Создано: 2, обновлено: 0, без изменений: 0, с ошибками: 148");
  await expect(
    report
      .getByTestId("import-report")
      .getByRole("listitem")
      .filter({ hasText: /^Строка/ }),
  ).toHaveCount(150);
});

test("shows the check's summary and the import button above a long mapping, in view at once; refuses a file too wide", async ({ adminPage: page }) => {
  const reference = `E2E-${unique()}`.slice(0, 40);
  // The export's columns and 36 more of the file's own: 40 column selects.
  const extra = Array.from({ length: 36 }, (_, i) => `Доп ${i + 1}`);
  const csv = `reference,title,description,location,${extra.join(",")}\n${reference},Широкий файл,Описание,Созополь,${extra.map(() => "x").join(",")}\n`;
  const region = await check(page, csv);
  await expect(page.getByTestId("import-mapping").getByRole("combobox")).toHaveCount(40);
  await expect(region.getByRole("status")).toContainText("Будет создано: 1, обновлено: 0, без изменений: 0, с ошибками: 0.");
  await expect(region.getByRole("status")).toBeInViewport();
  // The import button comes before the 40 selects, right after the summary.
  const button = (await region.getByRole("button", { name: "Импортировать" }).boundingBox())!;
  const mapping = (await page.getByTestId("import-mapping").boundingBox())!;
  expect(button.y).toBeLessThan(mapping.y);

  const wide = `${Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(",")}\n`;
  await check(page, wide);
  await expect(page.getByRole("alert")).toContainText("В файле больше 200 столбцов");
  await expect(page.getByTestId("import-mapping")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("one post imports everything and shows the report", async ({ adminPage: page }) => {
    const reference = `E2E-${unique()}`.slice(0, 40);
    const region = await check(page, `reference,title,description,location\n${reference},Без скриптов,Описание,Созополь\n`, false);
    await expect(region.getByRole("status")).toContainText("Будет создано: 1");
    await region.getByRole("button", { name: "Импортировать" }).click();
    await expect(page.getByRole("region", { name: "Импорт завершён" }).getByRole("status")).toContainText(
      "Создано: 1, обновлено: 0, без изменений: 0, с ошибками: 0",
    );
  });
});
