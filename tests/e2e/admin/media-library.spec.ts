import type { Page } from "@playwright/test";
import { allowConsoleErrors, expect, openAdmin, photo, test, unique } from "./fixtures";

/**
 * The image picker's media library and the browser's file cache (issue 5,
 * SPEC §3 / §7 / §9): images uploaded in one form are chosen in another;
 * localStorage keeps appVersion, uploadedFiles and lastFileSync; a
 * sessionStorage backup restores a missing or broken local copy.
 */
const storedFiles = (page: Page, area: "localStorage" | "sessionStorage" = "localStorage") =>
  page.evaluate((name) => window[name].getItem("uploadedFiles"), area);

const storedPaths = async (page: Page, area: "localStorage" | "sessionStorage" = "localStorage") =>
  ((JSON.parse((await storedFiles(page, area)) ?? "[]") as { path: string }[]) ?? []).map((f) => f.path);

const library = (page: Page) => page.getByRole("dialog", { name: "Библиотека изображений" });

test("an image uploaded in a location form is chosen from the library in a new property, saved and shown", async ({ adminPage: page }) => {
  // Upload in one form (not saved: the file is still in the store).
  await openAdmin(page, "/admin/locations/add");
  await page.getByTestId("image-file").setInputFiles(await photo(`${unique()}.jpg`, { color: "#cc6600" }));
  await expect(page.getByText("✓ Загружено")).toBeVisible();
  const url = await page.locator('input[type="hidden"][name="image"]').inputValue();
  expect(url).toMatch(/^\/upload\/locations\/locations-\d+-[a-z0-9]+\.jpg$/);
  const fileName = url.split("/").pop()!;
  // In the browser's cache at once, before any manifest refetch.
  expect(await storedPaths(page)).toContain(url);

  // Another form: a new property.
  const title = `Библ ${unique()}`;
  await openAdmin(page, "/admin/real-estates/add");
  await page.getByLabel("Название (русский)").fill(title);
  await page.getByLabel("Описание (русский)").fill("Фото выбрано из библиотеки.");
  await page.getByLabel("Цена, €").fill("120000");
  await page.getByLabel("Локация").selectOption({ index: 1 });

  const open = page.getByRole("button", { name: "Выбрать из библиотеки" });
  await open.click();
  const dialog = library(page);
  await expect(dialog).toBeVisible();
  // Escape closes it and focus goes back to the button.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();

  await open.click();
  await expect(dialog).toBeVisible();
  // The property form opens on its own folder; the location photo is under "Локации".
  await expect(dialog.getByRole("radio", { name: "Объекты" })).toBeChecked();
  await dialog.getByText("Локации", { exact: true }).click();
  await expect(dialog.getByRole("radio", { name: "Локации" })).toBeChecked();
  const choice = dialog.getByRole("checkbox", { name: fileName });
  await expect(choice).toBeVisible();
  // Thumbnails are lazy WebP variants.
  const thumb = dialog.getByRole("listitem").filter({ hasText: fileName }).locator("img");
  await expect(thumb).toHaveAttribute("loading", "lazy");
  await expect(thumb).toHaveAttribute("src", `/img/160${url}`);
  await expect(dialog.getByRole("button", { name: "Добавить" })).toBeDisabled();
  // Keyboard: the checkbox takes focus and Space ticks it.
  await choice.focus();
  await page.keyboard.press("Space");
  await expect(choice).toBeChecked();
  await expect(dialog.getByText("Выбрано: 1")).toBeVisible();
  // Focus stays inside the modal dialog, both ways round.
  const focusInside = () => dialog.evaluate((node) => node.contains(document.activeElement));
  await dialog.getByRole("button", { name: "Закрыть" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: "Добавить" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Закрыть" })).toBeFocused();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInside()).toBe(true);
  }
  await dialog.getByRole("button", { name: "Добавить" }).click();
  await expect(dialog).toHaveCount(0);

  const hidden = page.locator('input[type="hidden"][name="images"]');
  await expect(hidden).toHaveCount(1);
  await expect(hidden).toHaveValue(url);
  await expect(page.getByRole("img", { name: "Фото 1" })).toHaveAttribute("src", `/img/320${url}`);

  // No duplicates: the image already in the form cannot be chosen again.
  await open.click();
  await dialog.getByText("Все", { exact: true }).click();
  await expect(dialog.getByRole("checkbox", { name: fileName })).toBeDisabled();
  await expect(dialog.getByRole("listitem").filter({ hasText: fileName })).toContainText("уже добавлено");
  await dialog.getByRole("button", { name: "Отмена" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(hidden).toHaveCount(1);

  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page).toHaveURL(/\/admin\/real-estates$/);
  await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(title)}`);
  await page
    .getByRole("article", { name: title, exact: true })
    .getByRole("link", { name: `Редактировать: ${title}` })
    .click();
  await expect(page.getByRole("img", { name: "Фото 1" })).toHaveAttribute("src", `/img/320${url}`);
  await expect(page.locator('input[type="hidden"][name="images"]')).toHaveValue(url);
  // The public page shows it too.
  const publicHref = await page.getByRole("link", { name: "Открыть на сайте (RU)" }).getAttribute("href");
  const html = await (await page.request.get(publicHref!)).text();
  expect(html).toContain(url);
});

test("a location's single image is replaced by the one chosen in the library", async ({ adminPage: page }) => {
  await openAdmin(page, "/admin/locations/add");
  const input = page.getByTestId("image-file");
  await input.setInputFiles(await photo(`${unique()}.jpg`, { color: "#118844" }));
  await expect(page.getByText("✓ Загружено")).toBeVisible();
  const first = await page.locator('input[type="hidden"][name="image"]').inputValue();
  await input.setInputFiles(await photo(`${unique()}.jpg`, { color: "#441188" }));
  await expect(page.locator('input[type="hidden"][name="image"]')).not.toHaveValue(first);

  await page.getByRole("button", { name: "Выбрать из библиотеки" }).click();
  const dialog = library(page);
  await expect(dialog.getByRole("radio", { name: "Локации" })).toBeChecked();
  const choice = dialog.getByRole("radio", { name: first.split("/").pop()! });
  await choice.check();
  await dialog.getByRole("button", { name: "Выбрать", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('input[type="hidden"][name="image"]')).toHaveCount(1);
  await expect(page.locator('input[type="hidden"][name="image"]')).toHaveValue(first);
});

test("the browser keeps appVersion, uploadedFiles and lastFileSync, merged with the manifest", async ({ adminPage: page }) => {
  // Something in the store first, so the manifest is not empty.
  await openAdmin(page, "/admin/real-estates/add");
  await page.getByTestId("images-file").setInputFiles(await photo(`${unique()}.jpg`));
  await expect(page.getByText("✓ Загружено")).toBeVisible();
  const manifest = (await (await page.request.get("/app-data.json")).json()) as { version: string; files: { path: string; updatedAt: string }[] };
  expect(manifest.version).toBe("1.0.0");
  expect(manifest.files.length).toBeGreaterThan(0);

  // A first visit of a form with the picker (nothing stored, no backup).
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const before = Date.now();
  await openAdmin(page, "/admin/locations/add");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("appVersion"))).toBe("1.0.0");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("lastFileSync"))).not.toBeNull();
  const lastSync = Date.parse((await page.evaluate(() => localStorage.getItem("lastFileSync")))!);
  expect(lastSync).toBeGreaterThanOrEqual(before - 60_000);
  const paths = await storedPaths(page);
  for (const file of manifest.files) expect(paths).toContain(file.path);
  const stored = JSON.parse((await storedFiles(page))!) as Record<string, unknown>[];
  expect(Object.keys(stored[0]!).sort()).toEqual(expect.arrayContaining(["directory", "name", "path", "size", "type", "updatedAt", "url"]));

  // An entry stored with a newer updatedAt than the server's wins the merge; an older one loses.
  const newer = manifest.files[manifest.files.length - 1]!;
  const older = manifest.files[0]!;
  await page.evaluate(
    ({ newer, older }) => {
      const list = JSON.parse(localStorage.getItem("uploadedFiles")!) as { path: string; name: string; updatedAt: string }[];
      for (const f of list) {
        if (f.path === newer.path) Object.assign(f, { name: "local-newer", updatedAt: "2999-01-01T00:00:00.000Z" });
        else if (f.path === older.path) Object.assign(f, { name: "local-older", updatedAt: "2000-01-01T00:00:00.000Z" });
      }
      localStorage.setItem("uploadedFiles", JSON.stringify(list));
    },
    { newer, older },
  );
  await openAdmin(page, "/admin/locations/add");
  await expect
    .poll(async () => ((JSON.parse((await storedFiles(page))!) as { path: string; name: string }[]).find((f) => f.path === newer.path) ?? {}).name)
    .toBe("local-newer");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("lastFileSync"))).not.toBe(new Date(lastSync).toISOString());
  if (older.path !== newer.path) {
    const olderNow = (JSON.parse((await storedFiles(page))!) as { path: string; name: string }[]).find((f) => f.path === older.path);
    expect(olderNow?.name).not.toBe("local-older");
  }
});

test("restores from sessionStorage when localStorage is cleared or broken, even when the manifest cannot be read", async ({ adminPage: page }) => {
  await openAdmin(page, "/admin/real-estates/add");
  await page.getByTestId("images-file").setInputFiles(await photo(`${unique()}.jpg`));
  await expect(page.getByText("✓ Загружено")).toBeVisible();
  const url = await page.locator('input[type="hidden"][name="images"]').inputValue();
  await openAdmin(page, "/admin/real-estates/add");
  await expect.poll(() => storedPaths(page, "sessionStorage"), { message: "backed up to sessionStorage" }).toContain(url);

  // The manifest is unreachable from now on: what the page has comes from the backup only.
  allowConsoleErrors(page, /Failed to load resource: the server responded with a status of 503/);
  await page.route(/\/(app-data|file-manifest|exported-files)\.json$/, (route) => route.fulfill({ status: 503, body: "" }));

  // Cleared on a page without the picker: the next form restores it when it starts.
  await openAdmin(page, "/admin");
  // The backup as the form left it: read only now, because until the form was
  // left its manifest merge (with other tests' uploads) could still refresh it.
  const backup = await storedFiles(page, "sessionStorage");
  expect(await storedPaths(page, "sessionStorage")).toContain(url);
  await page.evaluate(() => localStorage.clear());
  await openAdmin(page, "/admin/real-estates/add");
  await expect.poll(() => storedFiles(page)).toBe(backup);
  await expect(page.evaluate(() => localStorage.getItem("appVersion"))).resolves.toBe("1.0.0");

  // Unreadable JSON while the form is open: restored when the page is left (SPEC §9), no crash.
  await page.evaluate(() => localStorage.setItem("uploadedFiles", "{not json"));
  await openAdmin(page, "/admin");
  expect(await storedFiles(page)).toBe(backup);
  // And when it starts, if it is still broken.
  await page.evaluate(() => localStorage.setItem("uploadedFiles", "[{]"));
  await openAdmin(page, "/admin/real-estates/add");
  await expect.poll(() => storedFiles(page)).toBe(backup);

  // The library shows the restored list and says the server's list was not read.
  await page.getByRole("button", { name: "Выбрать из библиотеки" }).click();
  const dialog = library(page);
  await expect(dialog.getByText("Не удалось получить список файлов с сервера. Показаны сохраненные в браузере.")).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: url.split("/").pop()! })).toBeVisible();
});

test("the sessionStorage backup is refreshed every 5 minutes while the form is open; a broken thumbnail shows the placeholder", async ({ adminPage: page }) => {
  await page.clock.install();
  await openAdmin(page, "/admin/real-estates/add");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("lastFileSync"))).not.toBeNull();
  // A file the server lost: in the cache, broken on the server.
  const missing = `/upload/properties/properties-1-${unique()}.jpg`;
  await page.evaluate((path) => {
    const list = JSON.parse(localStorage.getItem("uploadedFiles")!) as object[];
    const now = new Date().toISOString();
    list.unshift({
      path,
      url: path,
      name: path.split("/").pop(),
      type: "image/jpeg",
      size: 1,
      directory: "/upload/properties",
      updatedAt: now,
      uploadedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    localStorage.setItem("uploadedFiles", JSON.stringify(list));
    sessionStorage.clear();
  }, missing);
  // Well under a minute has passed since the page started its timer.
  await page.clock.runFor(240_000);
  expect(await storedFiles(page, "sessionStorage")).toBeNull();
  await page.clock.runFor(61_000);
  await expect.poll(() => storedPaths(page, "sessionStorage")).toContain(missing);

  allowConsoleErrors(page, /Failed to load resource: the server responded with a status of 404/);
  await page.evaluate(() => window.dispatchEvent(new StorageEvent("storage", { key: "uploadedFiles" })));
  await page.getByRole("button", { name: "Выбрать из библиотеки" }).click();
  const dialog = library(page);
  const item = dialog.getByRole("listitem").filter({ hasText: missing.split("/").pop()! });
  await expect(item.locator("img")).toHaveAttribute("src", "/images/placeholder.svg");
});
