import type { Locator, Page } from "@playwright/test";
import { createProperty, expect, openAdmin, test, unique } from "./fixtures";

/**
 * Issue 21 in the admin: the point of a property set on a map — by a click
 * or a tap, by the arrow keys on the focused pin, or by typing coordinates,
 * which move the pin — and a location's map view (centre by a click, zoom
 * from the map's own buttons). Tiles come from the local fixture.
 */

const PIN = "Точка объекта: стрелки двигают её, Shift со стрелкой — быстрее";

async function pinCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = (await page.getByRole("button", { name: PIN }).locator("span").boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height };
}

async function mapCentre(map: Locator): Promise<{ x: number; y: number }> {
  const box = (await map.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const number = async (field: Locator) => Number(await field.inputValue());

test("the property's point: a click on the map fills the coordinates, arrow keys move the pin, typed ones move it back; saved", async ({ adminPage: page }) => {
  const title = `Квартира на карте ${unique()}`;
  const id = await createProperty(page, title);
  await openAdmin(page, `/admin/real-estates/edit/${id}`);
  const lat = page.getByLabel("Широта");
  const lng = page.getByLabel("Долгота");
  await expect(lat).toHaveValue("");
  const map = page.getByTestId("pin-map");
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator(".leaflet-tile-loaded").first()).toBeVisible();

  // A click (a tap on the phone) where the map is: the pin goes there and the fields are filled.
  const centre = await mapCentre(map);
  await page.mouse.click(centre.x, centre.y);
  await expect(lat).not.toHaveValue("");
  const [clickedLat, clickedLng] = [await number(lat), await number(lng)];
  expect(clickedLat).toBeGreaterThan(41);
  expect(clickedLat).toBeLessThan(44);
  expect(clickedLng).toBeGreaterThan(26);
  expect(clickedLng).toBeLessThan(29);

  // The keyboard alone: the focused pin moves east with →, north with ↑.
  const pin = page.getByRole("button", { name: PIN });
  await pin.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => number(lng)).toBeGreaterThan(clickedLng);
  expect(await number(lat)).toBeCloseTo(clickedLat, 5);
  await page.keyboard.press("Shift+ArrowUp");
  await expect.poll(() => number(lat)).toBeGreaterThan(clickedLat);

  // Typed coordinates elsewhere: the map goes there and the pin with it.
  await lat.fill("42.5021");
  await lng.fill("27.4712");
  await expect
    .poll(async () => {
      const [p, c] = [await pinCentre(page), await mapCentre(map)];
      return Math.hypot(p.x - c.x, p.y - c.y);
    })
    .toBeLessThan(40);

  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page).toHaveURL(/\/admin\/real-estates$/);
  await openAdmin(page, `/admin/real-estates/edit/${id}`);
  await expect(page.getByLabel("Широта")).toHaveValue("42.5021");
  await expect(page.getByLabel("Долгота")).toHaveValue("27.4712");
});

test("a location's map view: a click sets the centre, the map's zoom buttons set the zoom", async ({ adminPage: page }) => {
  await openAdmin(page, "/admin/locations/add");
  const map = page.getByTestId("pin-map");
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator(".leaflet-tile-loaded").first()).toBeVisible();
  const centre = await mapCentre(map);
  await page.mouse.click(centre.x + 20, centre.y - 20);
  await expect(page.getByLabel("Широта")).not.toHaveValue("");
  await expect(page.getByLabel("Долгота")).not.toHaveValue("");
  const zoom = page.getByLabel("Масштаб карты (1–19)");
  const before = Number((await zoom.inputValue()) || "10");
  await map.getByRole("button", { name: "Приблизить", exact: true }).click();
  await expect.poll(async () => Number(await zoom.inputValue())).toBe(before + 1);
});
