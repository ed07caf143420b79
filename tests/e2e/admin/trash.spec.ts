import type { Page } from "@playwright/test";
import { expect, openAdmin, photo, test, unique } from "./fixtures";

/**
 * Decision 0031: a photo the site removes waits in the trash. Deleting a
 * location moves its picture there; /admin/trash (from the dashboard's
 * «Корзина фото») shows it with its thumbnail, and «Восстановить» brings it
 * back at the same address. At a laptop's and a phone's width (the phone
 * project runs this spec too), without sideways scrolling.
 */
const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

test("a deleted location's picture waits in the trash and «Восстановить» brings it back", async ({ adminPage: page }) => {
  const name = `Корзина ${unique()}`;
  await openAdmin(page, "/admin/locations/add");
  await page.getByLabel("Название (русский)").fill(name);
  await page.getByTestId("image-file").setInputFiles(await photo(`${unique()}.jpg`, { color: "#cc7733" }));
  await expect(page.getByText("✓ Загружено")).toBeVisible();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(card(page, name)).toBeVisible();
  const src = await card(page, name).getByRole("img").getAttribute("src");
  const key = /\/upload\/(locations\/[^?#]+)$/.exec(src ?? "")?.[1];
  expect(key, src ?? "").toBeTruthy();

  await card(page, name)
    .getByRole("button", { name: `Удалить: ${name}` })
    .click();
  await page
    .getByRole("dialog", { name: `Удалить локацию «${name}»?` })
    .getByRole("button", { name: "Удалить" })
    .click();
  await expect(card(page, name)).toHaveCount(0);
  await expect.poll(async () => (await page.request.get(`/upload/${key}`)).status()).toBe(404);

  await openAdmin(page, "/admin");
  const block = page.getByTestId("photo-trash");
  await expect(block).toContainText(/Файлов в корзине: [1-9]/);
  await block.screenshot({ path: test.info().outputPath("dashboard-trash.png") });
  await block.getByRole("link", { name: "Открыть корзину фото" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Корзина фото" })).toBeVisible();
  const entry = page.getByTestId("trash-list").getByRole("listitem").filter({ hasText: key! });
  await expect(entry).toContainText("убрано при изменении или удалении");
  const thumbnail = entry.locator("img");
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath("trash.png"), fullPage: true });

  await entry.getByRole("button", { name: "Восстановить" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Фото восстановлено: ${key}` })).toBeVisible();
  await expect(page.getByTestId("trash-list").getByRole("listitem").filter({ hasText: key! })).toHaveCount(0);
  expect((await page.request.get(`/upload/${key}`)).status()).toBe(200);
});
