import { expect, freshClient, openAdmin, test, unique } from "./fixtures";

/**
 * /admin/alerts (issue 22): the administrator sees how many saved-search
 * alerts each location and filter has, at a laptop's and a phone's width
 * (the phone project runs this spec too) without sideways scrolling.
 */
test("the subscription counts per filter, readable on a phone", async ({ adminPage: page }) => {
  const visitor = await freshClient(`10.22.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`);
  const search = `alerts-${unique()}`;
  const answer = await visitor.post("/alerts", {
    form: { email: `${search}@example.com`, query: `type=house&search=${search}`, lang: "ru", frequency: "daily", consent: "2026-11-26" },
  });
  expect(answer.status()).toBe(200);
  await visitor.dispose();

  await openAdmin(page, "/admin/alerts");
  await expect(page.getByRole("heading", { name: "Подписки на новые объекты" })).toBeVisible();
  const row = page.getByTestId("alert-counts").getByRole("listitem").filter({ hasText: search });
  await expect(row).toContainText("Все локации");
  await expect(row).toContainText(`type=house, search=${search}`);
  await expect(row).toContainText("ждут подтверждения: 1");
  await expect(row.getByRole("link", { name: "Открыть поиск" })).toHaveAttribute("href", `/properties?type=house&search=${search}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
