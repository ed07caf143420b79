import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { fixtures } from "./fixtures/data";
import { BROKEN_IMAGE } from "./fixtures/test";

/**
 * Smoke test of the skeleton on the production build: the home page is
 * rendered on the server with the six default locations (and the fixtures'
 * Тестоград), hydrates without errors under the CSP, and the server's
 * plumbing (404, health check, security and cache headers) answers as designed.
 */
const LOCATIONS = ["Созополь", "Черноморец", "Равда", "Бургас", "Каблешково", "Приморско", "Тестоград"];

/**
 * Console errors and uncaught exceptions of a page (CSP violations and hydration mismatches land here).
 * The fixtures' deliberately broken pictures (…/missing.jpg) may log their 404.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !BROKEN_IMAGE.test(message.location().url)) errors.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** True once React has hydrated the server HTML (it tags the DOM nodes it owns). */
async function isHydrated(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber$")));
}

test.describe("home page", () => {
  test("is rendered on the server with the default locations and their counts", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toMatch(/<html lang="ru"/);
    expect(html).toContain("Локации");
    for (const name of LOCATIONS) expect(html, `server HTML contains ${name}`).toContain(name);
    // Only Каблешково has no property in the fixtures.
    expect(html.match(/>0 объектов</g)).toHaveLength(1);
    expect(html).toContain(`>${fixtures().locations.testograd.count} объектов<`);
  });

  test("sends a strict Content-Security-Policy and nosniff: hashes on cached public pages, a fresh nonce elsewhere", async ({ request }) => {
    const scriptSrcOf = (csp: string | undefined) => {
      expect(csp, "Content-Security-Policy header").toBeTruthy();
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      const scriptSrc = csp!
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith("script-src "));
      expect(scriptSrc).toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      return scriptSrc!;
    };

    // A public page for an anonymous visitor comes from the page cache, the same bytes every time:
    // its inline scripts are allowed by their hashes, nothing else inline may run.
    await request.get("/");
    const response = await request.get("/");
    const headers = response.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-page-cache"]).toBe("HIT");
    const scriptSrc = scriptSrcOf(headers["content-security-policy"]);
    expect(scriptSrc).not.toContain("'nonce-");
    const html = await response.text();
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);

    // Pages that are rendered for each request (the admin area) carry a fresh nonce on every script.
    const login = await request.get("/admin/login");
    const loginSrc = scriptSrcOf(login.headers()["content-security-policy"]);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(loginSrc)?.[1];
    expect(nonce, `nonce in "${loginSrc}"`).toBeTruthy();
    // (The hydration module script waits inert in a <template>; the starter gives its copy the nonce: root.tsx.)
    const scripts = (await login.text()).replace(/<template\b[\s\S]*?<\/template>/g, "").match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, "script tag carries the nonce").toContain(`nonce="${nonce}"`);
    const again = (await request.get("/admin/login")).headers()["content-security-policy"];
    expect(again).not.toContain(`'nonce-${nonce}'`);
  });

  test("shows the locations and hydrates without console errors", async ({ page }) => {
    const errors = collectErrors(page);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);

    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page).toHaveTitle(/Недвижимость на побережье Болгарии/);
    await expect(page.getByRole("heading", { level: 1, name: "Недвижимость на побережье Болгарии" })).toBeVisible();

    const section = page.getByRole("region", { name: "Локации" });
    await expect(section.getByRole("heading", { name: "Локации" })).toBeVisible();
    await expect(section.getByRole("listitem")).toHaveCount(LOCATIONS.length);
    for (const name of LOCATIONS) {
      const card = section.getByRole("link", { name: new RegExp(name) });
      await expect(card, `card ${name}`).toBeVisible();
      await expect(card).toContainText(/\d+ объект(а|ов)?$/);
      await expect(card.getByRole("heading", { name })).toBeVisible();
      await expect(card).toHaveAttribute("href", /^\/[^/?#]+$/);
    }
    // In their default order.
    await expect(section.getByRole("listitem").getByRole("heading")).toHaveText(LOCATIONS);
    // The header navigation: in the bar on wide screens; on phones inside the closed menu (header-footer.spec.ts opens it).
    const nav = page.getByRole("navigation", { name: "Основная навигация" });
    if (test.info().project.name === "phone") await expect(nav).toBeHidden();
    else await expect(nav).toBeVisible();

    // Hydration: React takes over the server markup, and the router is running.
    await expect.poll(() => isHydrated(page, "#locations-heading"), { message: "React hydrated the page" }).toBe(true);
    await expect
      .poll(() => page.evaluate(() => (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized))
      .toBe(true);
    // The card images (decorative, alt="", lazy; the placeholder when a location has none or a broken one) load too.
    const images = section.locator("img");
    await expect(images).toHaveCount(LOCATIONS.length);
    for (const img of await images.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { message: "image loaded" }).toBe(true);
    }
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });

  test("serves hashed assets as immutable", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length, "the page references built assets").toBeGreaterThan(0);
    for (const asset of new Set(assets)) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()["cache-control"], asset).toContain("immutable");
      expect(response.headers()["cache-control"], asset).toContain("max-age=31536000");
    }
  });
});

test.describe("server plumbing", () => {
  test("an unknown page is a real 404 with the Russian message", async ({ page, request }) => {
    // Three segments: no page pattern matches (one or two are a location or property page and have their own 404).
    const path = "/нет-такой-страницы/совсем/нигде";
    const raw = await request.get(path);
    expect(raw.status()).toBe(404);
    expect(await raw.text()).toContain("Страница не найдена");

    const errors = collectErrors(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Страница не найдена" })).toBeVisible();
    await expect(page.getByRole("link", { name: "На главную" })).toHaveAttribute("href", "/");
    await expect.poll(() => isHydrated(page, "h1"), { message: "React hydrated the 404 page" }).toBe(true);
    // The browser itself logs "Failed to load resource: 404" for the document; nothing else is allowed.
    expect(errors.filter((e) => !/Failed to load resource: .*404/.test(e))).toEqual([]);
  });

  test("/healthz reports ok", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = (await response.json()) as { status: string; database: string };
    expect(body.status).toBe("ok");
    expect(body.database).toBe("pglite");
  });
});
