import fs from "node:fs";
import path from "node:path";
import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test as base } from "../fixtures/test";

/**
 * The administrator's e2e tests run against their own server and data folder
 * (playwright.config.ts: one for project "admin", one for "phone"), so
 * creating and deleting here never disturbs the public pages' fixtures, nor
 * the same spec running at the other size.
 */
export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL!;
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD!;

/** The admin server of the running test's project (its metadata.adminBaseURL). */
export function adminBaseUrl(): string {
  const url = (base.info().project.metadata as { adminBaseURL?: string }).adminBaseURL;
  if (!url) throw new Error(`project "${base.info().project.name}" names no admin server (metadata.adminBaseURL in playwright.config.ts)`);
  return url;
}

/**
 * An HTTP client with an empty cookie jar (the `request` fixture keeps the
 * cookies it is sent, so it would carry a session into "anonymous" checks).
 */
export async function freshClient(clientIp: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: adminBaseUrl(), extraHTTPHeaders: { "X-Forwarded-For": clientIp } });
}

/** Signs in through the real form endpoint; returns the session cookie value. */
export async function signInByRequest(request: APIRequestContext): Promise<string> {
  const response = await request.post("/admin/login", {
    form: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status(), "sign-in redirects").toBe(302);
  const cookie = response.headers()["set-cookie"] ?? "";
  const token = /seaside_session=([^;]+)/.exec(cookie)?.[1];
  expect(token, "a session cookie").toBeTruthy();
  return token!;
}

async function adminContextPage(browser: Browser, clientIp: string, javaScriptEnabled = true): Promise<Page> {
  const client = await freshClient(clientIp);
  const token = await signInByRequest(client);
  await client.dispose();
  const baseURL = adminBaseUrl();
  const context = await browser.newContext({
    baseURL,
    locale: "ru-RU",
    timezoneId: "Europe/Sofia",
    extraHTTPHeaders: { "X-Forwarded-For": clientIp },
    // A spec's test.use({ javaScriptEnabled: false }) reaches this context too.
    javaScriptEnabled,
  });
  await context.addCookies([{ name: "seaside_session", value: token, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return context.newPage();
}

const allowedErrors = new WeakMap<Page, RegExp[]>();

/** Accepts console errors matching `pattern` on this admin page (a test that provokes them). */
export function allowConsoleErrors(page: Page, pattern: RegExp): void {
  allowedErrors.set(page, [...(allowedErrors.get(page) ?? []), pattern]);
}

export const test = base.extend<{ adminPage: Page }>({
  // The admin specs run in the admin and the phone projects; either way `page` and `request` talk to the project's admin server.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(adminBaseUrl());
  },
  adminPage: async ({ browser, clientIp, javaScriptEnabled }, use) => {
    const page = await adminContextPage(browser, clientIp, javaScriptEnabled);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" && !/Failed to load resource: the server responded with a status of (400|404|413|415|422)/.test(message.text())) {
        errors.push(`console.error: ${message.text()}`);
      }
    });
    await use(page);
    await page.context().close();
    const allowed = allowedErrors.get(page) ?? [];
    expect(
      errors.filter((e) => !allowed.some((p) => p.test(e))),
      "console errors on admin pages",
    ).toEqual([]);
  },
});

export { expect };

/** Waits until React has hydrated the page (buttons then reach React). */
export async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized === true),
    )
    .toBe(true);
}

export async function openAdmin(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
}

/**
 * Opens an admin page and waits until its live stream (/admin/events) is
 * connected: the server subscribes a stream before it sends the headers, so
 * every change after this reaches the page.
 */
export async function openAdminLive(page: Page, url: string): Promise<void> {
  const connected = page.waitForResponse((response) => new URL(response.url()).pathname === "/admin/events" && response.status() === 200);
  await openAdmin(page, url);
  await connected;
}

/** A real photo-like JPEG written under the test's output folder. */
export async function photo(name: string, options: { width?: number; height?: number; color?: string } = {}): Promise<string> {
  const file = test.info().outputPath(name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await sharp({
    create: { width: options.width ?? 800, height: options.height ?? 600, channels: 3, background: options.color ?? "#3388cc" },
  })
    .jpeg({ quality: 80 })
    .toFile(file);
  return file;
}

/** A unique suffix so names never collide between tests and runs. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The sidebar's link to the contact requests; its text carries the unread count ("Заявки3"). */
export function requestsLink(page: Page) {
  return page.getByRole("navigation", { name: "Разделы" }).getByRole("link", { name: /^Заявки/ });
}

/** The unread count the sidebar shows (0 when it shows none). */
export async function unreadRequests(page: Page): Promise<number> {
  return Number((await requestsLink(page).textContent())!.replace(/\D/g, "") || "0");
}

/**
 * A property in the first default location, made through the add form's
 * endpoint by the signed-in administrator; returns its id. Its picture is
 * missing (the broken picture the page watcher accepts: BROKEN_IMAGE).
 */
export async function createProperty(page: Page, title: string): Promise<string> {
  await openAdmin(page, "/admin/real-estates/add");
  const locationId = await page.getByLabel("Локация").locator("option").nth(1).getAttribute("value");
  const created = await page.request.post("/admin/real-estates/add", {
    form: { title, description: "Описание", price: "95000", property_type: "apartment", images: "/upload/properties/missing.jpg", location_id: locationId! },
    maxRedirects: 0,
  });
  expect(created.status(), await created.text()).toBe(302);
  await openAdmin(page, `/admin/real-estates?search=${encodeURIComponent(title)}`);
  const edit = await page.getByRole("link", { name: `Редактировать: ${title}` }).getAttribute("href");
  return edit!.split("/").pop()!;
}

/** A visitor's contact request, sent to the home page's form from the test's own address. */
export async function sendVisitorRequest(
  request: APIRequestContext,
  clientIp: string,
  fields: { name: string; email: string; phone?: string; message: string },
): Promise<void> {
  const sent = await request.post("/?index", { form: { phone: "", ...fields }, headers: { "X-Forwarded-For": clientIp } });
  expect(sent.status()).toBe(200);
}
