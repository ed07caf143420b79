import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { fixtures, location, property, propertyPath } from "../fixtures/data";
import { expect, hydrated, LANGS, localize, test } from "../fixtures/test";
import { T } from "../fixtures/texts";

/**
 * Accessibility (DESIGN §10): axe-core on every public page type in both
 * languages, at both sizes (the two projects). Serious and critical
 * violations fail the test and are listed by rule id and element.
 */

async function expectAccessible(page: Page, what: string) {
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = blocking.map(
    (v) => `${v.id} [${v.impact}] ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.split("\n").join(" ")}`).join("\n")}`,
  );
  // Lesser findings are printed (not failed) so they can be looked at.
  const minor = results.violations.filter((v) => !blocking.includes(v));
  if (minor.length > 0) {
    test.info().annotations.push({
      type: "axe (moderate/minor)",
      description: `${what}: ${minor.map((v) => `${v.id} [${v.impact}] ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`).join("; ")}`,
    });
  }
  expect(report, `${what}: serious or critical axe violations`).toEqual([]);
}

for (const lang of LANGS) {
  const pages: [string, () => string, number][] = [
    ["home", () => localize(lang, "/"), 200],
    ["listing", () => localize(lang, "/properties"), 200],
    ["location", () => localize(lang, `/${location("testograd").slug}`), 200],
    ["property", () => propertyPath(property("alpha"), lang), 200],
    // Issue 20: every fact, a price cut; a reserved studio; a sold house's banner.
    ["property with every fact", () => propertyPath(property("seaside"), lang), 200],
    ["reserved property", () => propertyPath(property("studio"), lang), 200],
    ["sold property", () => propertyPath(property("soldHouse"), lang), 200],
    ["404", () => localize(lang, "/нет/такой/страницы"), 404],
    // Issue 22: a favourites list (a sold one, a missing one) and a comparison.
    ["favourites", () => localize(lang, `/favorites?ids=${property("seaside").id},${property("soldHouse").id},00000000-0000-4000-8000-000000000000`), 200],
    ["compare", () => localize(lang, `/compare?ids=${property("seaside").id},${property("alpha").id},${property("studio").id}`), 200],
    // Issue 33: a complex's page (its units table, stage timeline, alert and contact forms).
    ["complex", () => localize(lang, `/${fixtures().complex.locationSlug}/комплекс/${fixtures().complex.slug}`), 200],
  ];

  test.describe(`accessibility (${lang})`, () => {
    for (const [name, path, status] of pages) {
      test(name, async ({ page }) => {
        const response = await page.goto(path());
        expect(response?.status()).toBe(status);
        await expectAccessible(page, `${name} ${lang}`);
      });
    }

    test("contact form showing its errors", async ({ page }) => {
      await page.goto(localize(lang, "/"));
      await hydrated(page);
      const form = page.getByRole("form", { name: T[lang].contact.formTitle });
      await form.getByRole("button", { name: T[lang].contact.submit }).click();
      await expect(form.getByText(T[lang].contact.nameRequired)).toBeVisible();
      await expectAccessible(page, `contact errors ${lang}`);
    });

    test("listing with its filter panel open", async ({ page }) => {
      await page.goto(localize(lang, "/properties?sea_view=1&status=all"));
      await hydrated(page);
      await page.getByRole("main").locator("summary").click();
      await expect(page.getByRole("main").getByRole("button", { name: T[lang].catalogue.apply })).toBeVisible();
      await expectAccessible(page, `filters ${lang}`);
    });

    test("full-screen viewer open", async ({ page }) => {
      await page.goto(propertyPath(property("alpha"), lang));
      await hydrated(page);
      await page.getByRole("main").getByRole("button", { name: T[lang].gallery.open }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page, `viewer ${lang}`);
    });
  });
}
