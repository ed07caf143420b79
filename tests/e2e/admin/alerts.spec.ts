import { expect, freshClient, openAdmin, test, unique } from "./fixtures";

/**
 * /admin/alerts (issue 22): the administrator sees how many saved-search
 * alerts each location and filter has, at a laptop's and a phone's width
 * (the phone project runs this spec too) without sideways scrolling, with
 * the admin pages' padding and each filter in words (issue 30).
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
  // The filters in words (issue 30), not the query string.
  await expect(row).toContainText(`Дом · слова «${search}»`);
  await expect(row).not.toContainText("type=house");
  await expect(row).toContainText("ждут подтверждения: 1");
  await expect(row.getByRole("link", { name: "Открыть поиск" })).toHaveAttribute("href", `/properties?type=house&search=${search}`);
  // The page has the admin pages' padding: the heading is not against the edge.
  const heading = await page.getByRole("heading", { name: "Подписки на новые объекты" }).boundingBox();
  const main = await page.locator("main").last().boundingBox();
  expect(heading!.x - main!.x).toBeGreaterThanOrEqual(16);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the dashboard says when the confirmation limits refused mail (issue 30)", async ({ adminPage: page }) => {
  const address = `bombed-${unique()}@example.com`;
  // Five searches for one address from five visitors: three confirmations at most, the rest refused.
  for (let i = 0; i < 5; i++) {
    const visitor = await freshClient(`10.30.${i}.${1 + Math.floor(Math.random() * 250)}`);
    const answer = await visitor.post("/alerts", {
      form: { email: address, query: `price_max=${1000 + i}`, lang: "ru", frequency: "daily", consent: "2026-11-26" },
    });
    expect(answer.status()).toBe(200);
    await visitor.dispose();
  }
  await openAdmin(page, "/admin");
  const block = page.getByTestId("alert-limits");
  await expect(block.getByRole("heading", { name: "Ограничение писем подписки" })).toBeVisible();
  await expect(block).toContainText("не больше 3 в сутки");
  await expect(block).not.toContainText(address);
});
