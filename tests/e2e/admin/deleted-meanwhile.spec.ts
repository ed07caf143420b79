import type { Page } from "@playwright/test";
import { expect, openAdmin, openAdminLive, test, unique } from "./fixtures";

/**
 * An edit form stays open while the thing it edits is deleted elsewhere
 * (another tab, another administrator): saving it then says what happened,
 * in Russian, and what was typed stays on screen — instead of a silent jump
 * to the list that loses the edit. At desktop and phone sizes.
 */

const PROPERTY_GONE =
  "Этот объект был удалён, пока вы его редактировали (в другой вкладке или другим администратором). Изменения не сохранены, введённые данные остались в форме.";
const PROPERTY_LOCATION_GONE =
  "Локация этого объекта была удалена вместе с её объектами, пока вы его редактировали. Изменения не сохранены, введённые данные остались в форме.";
const LOCATION_GONE =
  "Эта локация была удалена, пока вы её редактировали (в другой вкладке или другим администратором). Изменения не сохранены, введённые данные остались в форме.";

/** A new location (its picture is the broken one the page watcher accepts); returns its id. */
async function createLocation(page: Page, name: string): Promise<string> {
  const created = await page.request.post("/admin/locations/add", {
    form: { name, name_bg: `${name} BG`, image: "/upload/locations/missing.jpg" },
    maxRedirects: 0,
  });
  expect(created.status(), await created.text()).toBe(302);
  await openAdmin(page, "/admin/locations");
  const edit = await page.getByRole("link", { name: `Редактировать: ${name}`, exact: true }).getAttribute("href");
  return edit!.split("/").pop()!;
}

/** A new property in `locationId`; returns its id. */
async function createProperty(page: Page, title: string, locationId: string): Promise<string> {
  const created = await page.request.post("/admin/real-estates/add", {
    form: { title, description: "Описание", price: "95000", property_type: "apartment", images: "/upload/properties/missing.jpg", location_id: locationId },
    maxRedirects: 0,
  });
  expect(created.status(), await created.text()).toBe(302);
  await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(title)}`);
  const edit = await page.getByRole("link", { name: `Редактировать: ${title}` }).getAttribute("href");
  return edit!.split("/").pop()!;
}

/**
 * Deletes through the list pages' own endpoints, as another tab would, and
 * waits for the open page's live update (DESIGN §9) that this change sets off.
 */
async function deleteElsewhere(page: Page, list: "/admin/locations" | "/admin/real-estates", id: string): Promise<void> {
  const liveReload = page.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).pathname.endsWith(".data"));
  const deleted = await page.request.post(list, { form: { intent: "delete", id } });
  expect(deleted.status()).toBe(200);
  await liveReload;
}

for (const size of ["desktop", "phone"] as const) {
  test.describe(`deleted while its edit form is open (${size})`, () => {
    if (size === "phone") test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("a property whose location is deleted: the save says so and keeps the typed text", async ({ adminPage: page }) => {
      const locationId = await createLocation(page, `Удаляемая ${unique()}`);
      const propertyId = await createProperty(page, `Объект ${unique()}`, locationId);
      await openAdminLive(page, `/admin/real-estates/edit/${propertyId}`);
      const title = `Новое название ${unique()}`;
      await page.getByLabel("Название (русский)").fill(title);
      await page.getByLabel("Описание (русский)").fill("Новое описание, набранное до удаления.");

      await deleteElsewhere(page, "/admin/locations", locationId);
      await page.getByRole("button", { name: "Сохранить" }).click();

      await expect(page.getByRole("alert")).toHaveText(PROPERTY_LOCATION_GONE);
      await expect(page).toHaveURL(new RegExp(`/admin/real-estates/edit/${propertyId}$`));
      await expect(page.getByLabel("Название (русский)")).toHaveValue(title);
      await expect(page.getByLabel("Описание (русский)")).toHaveValue("Новое описание, набранное до удаления.");
    });

    test("a property deleted meanwhile: the save says so and keeps the typed text", async ({ adminPage: page }) => {
      await openAdmin(page, "/admin/real-estates/add");
      const locationId = (await page.getByLabel("Локация").locator("option").nth(1).getAttribute("value"))!;
      const propertyId = await createProperty(page, `Объект ${unique()}`, locationId);
      await openAdminLive(page, `/admin/real-estates/edit/${propertyId}`);
      await page.getByLabel("Цена, €").fill("123456");
      const title = `Исправленное название ${unique()}`;
      await page.getByLabel("Название (русский)").fill(title);

      await deleteElsewhere(page, "/admin/real-estates", propertyId);
      await page.getByRole("button", { name: "Сохранить" }).click();

      await expect(page.getByRole("alert")).toHaveText(PROPERTY_GONE);
      await expect(page).toHaveURL(new RegExp(`/admin/real-estates/edit/${propertyId}$`));
      await expect(page.getByLabel("Название (русский)")).toHaveValue(title);
      await expect(page.getByLabel("Цена, €")).toHaveValue("123456");
      // Nothing came back from the dead.
      await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(title)}`);
      await expect(page.getByRole("article", { name: title, exact: true })).toHaveCount(0);
    });

    test("a location deleted meanwhile: the save says so and keeps the typed text", async ({ adminPage: page }) => {
      const locationId = await createLocation(page, `Удаляемая ${unique()}`);
      await openAdminLive(page, `/admin/locations/edit/${locationId}`);
      const name = `Переименованная ${unique()}`;
      await page.getByLabel("Название (русский)").fill(name);
      await page.getByLabel("Название (болгарский)").fill(`${name} BG`);

      await deleteElsewhere(page, "/admin/locations", locationId);
      await page.getByRole("button", { name: "Сохранить" }).click();

      await expect(page.getByRole("alert")).toHaveText(LOCATION_GONE);
      await expect(page).toHaveURL(new RegExp(`/admin/locations/edit/${locationId}$`));
      await expect(page.getByLabel("Название (русский)")).toHaveValue(name);
      await expect(page.getByLabel("Название (болгарский)")).toHaveValue(`${name} BG`);
      await openAdmin(page, "/admin/locations");
      await expect(page.getByRole("link", { name: `Редактировать: ${name}`, exact: true })).toHaveCount(0);
    });
  });
}
