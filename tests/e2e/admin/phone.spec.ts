import { expect, openAdmin, test } from "./fixtures";

/** The agent may run the site from a phone: every admin page fits 360 px without sideways scrolling. */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

for (const path of ["/admin", "/admin/locations", "/admin/locations/add", "/admin/real-estates", "/admin/real-estates/add", "/admin/contact-submissions"]) {
  test(`${path} fits a 360 px phone`, async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openAdmin(page, path);
    await expect(page.getByRole("navigation", { name: "Разделы" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
  });
}
