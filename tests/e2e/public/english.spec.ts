import type { Page } from "@playwright/test";
import { location, locationPath, property, propertyPath } from "../fixtures/data";
import { currentPath, decodedHref, expect, hydrated, open, test } from "../fixtures/test";
import { expectVisiblePin } from "../fixtures/walkthrough";

/**
 * The English site (issue 31) as a buyer abroad uses it, on desktop and
 * phone: English pages under /en with Latin addresses, the language switch
 * with three languages, filters, the map, favourites and compare, the
 * contact form's English messages, the alert form, and a property without
 * English texts (the Russian ones, marked and said to be, kept out of the
 * index). The texts are written out here so a changed string fails.
 */
const EN = {
  heroTitle: "Property on the Bulgarian coast",
  listingTitle: "All properties",
  filters: "Filters",
  type: "Type",
  flat: "Flat",
  apply: "Apply",
  search: "Search",
  mapRegion: "Map of the properties found",
  mapSwitchMap: "Map",
  favourite: "Add to favourites",
  compare: "Compare",
  favouritesTitle: "Favourites",
  compareTitle: "Compare properties",
  formTitle: "Send a message",
  name: "Name",
  email: "Email",
  message: "Message",
  send: "Send",
  nameRequired: "Name is required",
  emailInvalid: "Please enter a valid email",
  messageRequired: "Message is required",
  success: "Thank you! Your message has been sent.",
  alertTitle: "E-mail me new properties",
  alertSubmit: "Subscribe",
  alertAnswer: "Please check your inbox",
  untranslated: "This property has no English description yet: its title and description are shown in Russian.",
  notFound: "Location not found",
  language: "Language",
};

const alpha = () => property("alpha");
const beta = () => property("beta");

async function hreflangs(page: Page): Promise<Record<string, string>> {
  const links = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((els) => els.map((e) => [e.getAttribute("hreflang")!, e.getAttribute("href")!]));
  return Object.fromEntries(links);
}

test("the English home page: lang=en, English texts, a switch with three languages, hreflang for all", async ({ page }) => {
  await open(page, "/en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: EN.heroTitle })).toBeVisible();
  const switcher = page.getByRole("group", { name: EN.language }).first();
  await expect(switcher.getByRole("link")).toHaveText(["ru", "bg", "en"], { ignoreCase: true });
  await expect(switcher.getByRole("link", { name: "en" })).toHaveAttribute("aria-current", "true");
  const alternates = await hreflangs(page);
  expect(Object.keys(alternates).sort()).toEqual(["bg", "en", "ru", "x-default"]);
  expect(new URL(alternates.en!).pathname).toBe("/en");
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_GB");
});

test("a property with English texts: English page at its Latin address, €85,000, 54.5 m², indexed, reciprocal hreflang", async ({ page }) => {
  const p = alpha();
  expect(p.slugEn).toMatch(/^[a-z0-9-]+$/);
  await open(page, propertyPath(p, "en"));
  await expect(page.getByRole("heading", { level: 1, name: p.title_en! })).toBeVisible();
  await expect(page.getByText(p.description_en!)).toBeVisible();
  await expect(page.getByText("€85,000").first()).toBeVisible();
  await expect(page.getByText("54.5 m²").first()).toBeVisible();
  await expect(page.getByText(EN.untranslated)).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  const alternates = await hreflangs(page);
  expect(decodeURI(new URL(alternates.en!).pathname)).toBe(propertyPath(p, "en"));
  expect(decodeURI(new URL(alternates.ru!).pathname)).toBe(propertyPath(p, "ru"));
  // The Russian page names the English one back.
  await open(page, propertyPath(p, "ru"));
  expect(decodeURI(new URL((await hreflangs(page)).en!).pathname)).toBe(propertyPath(p, "en"));
});

test("a property without English texts: the Russian ones marked and said to be, noindex, and no English twin in hreflang", async ({ page }) => {
  const p = beta();
  await open(page, propertyPath(p, "en"));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const title = page.getByRole("heading", { level: 1, name: p.title });
  await expect(title).toBeVisible();
  await expect(title).toHaveAttribute("lang", "ru");
  await expect(page.getByText(EN.untranslated)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await open(page, propertyPath(p, "ru"));
  expect(Object.keys(await hreflangs(page)).sort()).toEqual(["bg", "ru", "x-default"]);
});

test("the switch on a Russian property page leads to its Latin English address; a Russian address under /en is sent there", async ({ page }) => {
  const p = alpha();
  await open(page, propertyPath(p, "ru"));
  await hydrated(page);
  const switcher = page.getByRole("group", { name: "Язык" }).first();
  await switcher.getByRole("link", { name: "en" }).click();
  await expect.poll(() => currentPath(page)).toBe(propertyPath(p, "en"));
  await expect(page.getByRole("heading", { level: 1, name: p.title_en! })).toBeVisible();
  const response = await page.request.get(encodeURI(`/en/${p.locationSlug}/${p.slug}`), { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(decodeURI(response.headers().location!)).toBe(propertyPath(p, "en"));
});

test("the listing in English: a filter named in English, an English word found by its beginning, cards at Latin addresses", async ({ page }) => {
  await open(page, "/en/properties?search=balc");
  await expect(page.getByRole("heading", { level: 1, name: EN.listingTitle })).toBeVisible();
  const card = page.getByRole("link", { name: alpha().title_en! }).first();
  await expect(card).toBeVisible();
  expect(decodedHref(await card.getAttribute("href"))).toBe(propertyPath(alpha(), "en"));
  await open(page, "/en/properties?sea_view=1");
  await expect(page.getByRole("link", { name: "Remove: Sea view" })).toBeVisible();
  for (const href of await page.locator('main a[href^="/en/"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")!))) {
    expect(href, "an English page links in English, in Latin letters").toMatch(/^\/en\/[\x21-\x7e]*$/);
  }
});

test("the map view in English: its region named in English, a pin on a property page", async ({ page }) => {
  await open(page, "/en/properties?view=map");
  await expect(page.getByRole("region", { name: EN.mapRegion })).toBeVisible();
  await open(page, propertyPath(alpha(), "en"));
  await page.getByRole("heading", { name: "On the map" }).scrollIntoViewIfNeeded();
  await expectVisiblePin(page);
});

test("favourites and compare in English", async ({ page }) => {
  await open(page, propertyPath(alpha(), "en"));
  await hydrated(page);
  await page.getByRole("button", { name: EN.favourite }).first().click();
  await page.getByRole("button", { name: EN.compare }).first().click();
  await open(page, "/en/favorites");
  await expect(page.getByRole("heading", { level: 1, name: EN.favouritesTitle })).toBeVisible();
  await expect(page.getByRole("link", { name: alpha().title_en! }).first()).toBeVisible();
  // A property without English texts goes on the list too: its Russian title is marked as Russian.
  await open(page, propertyPath(beta(), "en"));
  await hydrated(page);
  await page.getByRole("button", { name: EN.compare }).first().click();
  await open(page, "/en/compare");
  await expect(page.getByRole("heading", { level: 1, name: EN.compareTitle })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("link", { name: alpha().title_en! })).not.toHaveAttribute("lang", /./);
  await expect(table.getByRole("link", { name: beta().title })).toHaveAttribute("lang", "ru");
});

test("the contact form speaks English: every error at once, then «Thank you»", async ({ page }) => {
  await open(page, "/en");
  await hydrated(page);
  const form = page.getByRole("form", { name: EN.formTitle });
  await form.getByRole("textbox", { name: EN.email, exact: true }).fill("not-an-email");
  await form.getByRole("button", { name: EN.send }).click();
  await expect(form.getByRole("textbox", { name: EN.name, exact: true })).toHaveAccessibleDescription(EN.nameRequired);
  await expect(form.getByRole("textbox", { name: EN.email, exact: true })).toHaveAccessibleDescription(EN.emailInvalid);
  await expect(form.getByRole("textbox", { name: EN.message, exact: true })).toHaveAccessibleDescription(EN.messageRequired);
  await form.getByRole("textbox", { name: EN.name, exact: true }).fill(`Jane Smith ${Date.now().toString(36)}`);
  await form.getByRole("textbox", { name: EN.email, exact: true }).fill("jane@example.com");
  await form.getByRole("textbox", { name: EN.message, exact: true }).fill("Hello! I would like to view the Alpha flat in May.");
  await form.getByRole("button", { name: EN.send }).click();
  await expect(form.getByRole("status")).toContainText(EN.success);
});

test("the alert form answers in English and links back to the English search", async ({ page }) => {
  await open(page, "/en/properties?type=apartment");
  const form = page.getByTestId("alert-form");
  await expect(form.getByRole("heading", { name: EN.alertTitle })).toBeVisible();
  await form.getByLabel(EN.email).fill("e2e-en@example.com");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: EN.alertSubmit }).click();
  await expect(page.getByTestId("alert-answer")).toContainText(EN.alertAnswer);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("a location's English page, and an unknown English location answers 404 in English", async ({ page }) => {
  const testograd = location("testograd");
  expect(testograd.slugEn).toBe("testgrad");
  await open(page, locationPath(testograd, "en"));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Testgrad");
  const response = await page.goto("/en/no-such-place-here");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: EN.notFound })).toBeVisible();
});
