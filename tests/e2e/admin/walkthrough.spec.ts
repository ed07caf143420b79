import { isPhone } from "../fixtures/test";
import { expectInView, expectLanguage, step } from "../fixtures/walkthrough";
import { expect, openAdmin, test, unique } from "./fixtures";

/**
 * The agent's walk-through (issue 30, §5), on the desktop (project admin)
 * and the phone: a refused save shows where it went wrong — the first wrong
 * field focused and in view, «Не сохранено: исправьте N полей» beside the
 * button with a link to each — and a good one says «Сохранено»; the errors of
 * a save come all at once (a floor above the building's top floor used to
 * show only on the second try). Each step's screenshot goes with the results.
 */
test("the agent's walk-through: a refused save is shown where the agent is, every error at once; a good save says «Сохранено»", async ({ adminPage: page }) => {
  // The desktop the outside check used (the project's own is 1280 px wide); the phone stays at 390 px.
  if (!isPhone()) await page.setViewportSize({ width: 1366, height: 768 });
  await openAdmin(page, "/admin/real-estates/add");
  const locationId = await page.getByLabel("Локация").locator("option").nth(1).getAttribute("value");
  const title = `Обход ${unique()}`;
  const created = await page.request.post("/admin/real-estates/add", {
    form: { title, description: "Описание", price: "1000", property_type: "apartment", images: "/upload/properties/a.jpg", location_id: locationId! },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);

  await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Редактировать: ${title}` }).click();
  await expectLanguage(page, "ru", ["Редактирование объекта"]);
  await page.getByLabel("Цена, €", { exact: true }).fill("");
  await page.getByLabel("Этаж (цокольный — 0)", { exact: true }).fill("7");
  await page.getByLabel("Этажей в здании", { exact: true }).fill("5");
  await page.getByRole("button", { name: "Сохранить" }).click();

  // Where the agent is taken: the first wrong field, focused, with its message on screen.
  const price = page.getByLabel("Цена, €", { exact: true });
  await expect(price).toBeFocused();
  await expectInView(price);
  await expectInView(page.getByText("Цена обязательна"));
  await step(page, "1 refused save: the first error");
  // Beside the button: what is wrong, and a way to each field — the floor's too, on this first save.
  const summary = page.getByTestId("save-summary");
  await expect(summary).toContainText("Не сохранено: исправьте 2 поля");
  await summary.scrollIntoViewIfNeeded();
  await expectInView(page.getByRole("button", { name: "Сохранить" }));
  await step(page, "1b the summary beside the button");
  await summary.getByRole("link", { name: "Этаж (цокольный — 0)" }).click();
  await expect(page.getByLabel("Этаж (цокольный — 0)", { exact: true })).toBeFocused();
  await expectInView(page.getByText("Этаж не может быть выше этажности здания"));
  await step(page, "2 the floor, from the summary");

  await price.fill("125000");
  await page.getByLabel("Этаж (цокольный — 0)", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page).toHaveURL(/\/admin\/real-estates$/);
  await expectInView(page.getByRole("status").filter({ hasText: "Сохранено" }));
  await step(page, "3 saved");

  // A location's form does the same.
  await openAdmin(page, "/admin/locations/add");
  await page.getByRole("button", { name: "Сохранить" }).click();
  const name = page.getByLabel("Название (русский)", { exact: true });
  await expect(name).toBeFocused();
  await expectInView(name);
  await expect(page.getByTestId("save-summary")).toContainText(/Не сохранено: исправьте \d+ пол/);
  await step(page, "4 refused location save");
});
