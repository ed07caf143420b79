import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { ADMIN_SITE_ENV, PUBLIC_SITE_ENV } from "./tests/e2e/fixtures/site-config";
import { CHROMIUM_FLAGS, requireChromium } from "./scripts/harness/system.mjs";

/**
 * End-to-end tests (tests/e2e): the production build served by server/main.js
 * on 127.0.0.1, driven by the system Chromium (Playwright's own browsers are
 * never downloaded), at desktop and phone sizes.
 *
 * The server starts on a fresh data folder that tests/e2e/fixtures/seed.ts
 * has filled first (a "Тестоград" location and 25 properties, with pictures);
 * the specs read what it created from $E2E_DATA_DIR/e2e-fixtures.json.
 *
 *   npx playwright test               builds, seeds a fresh data folder, starts the server, runs
 *   E2E_SKIP_BUILD=1 npx playwright test   reuses the existing build/ (faster)
 *   E2E_PORT=9411 npx playwright test      another port (default 9210; the admin servers take the next two, map tiles the third;
 *                                          never 9300–9349 or 9420+, which the Vitest layers running alongside use)
 *
 * Results: the list reporter on the terminal and test-results/playwright.json
 * (standard Playwright JSON: stats.expected / unexpected / flaky / skipped).
 */
const PORT = Number(process.env.E2E_PORT ?? 9210);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// Playwright loads this file in the runner and again in every worker; workers
// inherit the runner's environment, so the data folder is created only once.
const isRunner = process.env.TEST_WORKER_INDEX === undefined;
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-e2e-"));
  const dataDir = process.env.E2E_DATA_DIR;
  // The server is stopped (SIGTERM, see gracefulShutdown) before the runner exits.
  if (isRunner) process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
// The first administrator the server creates; admin tests log in with these.
process.env.E2E_ADMIN_EMAIL ??= "e2e-admin@example.test";
process.env.E2E_ADMIN_PASSWORD ??= "e2e-admin-password-123";

const ADMIN_PORT = PORT + 1;
const ADMIN_BASE_URL = `http://127.0.0.1:${ADMIN_PORT}`;
process.env.E2E_ADMIN_BASE_URL = ADMIN_BASE_URL;
if (!process.env.E2E_ADMIN_DATA_DIR) {
  process.env.E2E_ADMIN_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-e2e-admin-"));
  const dataDir = process.env.E2E_ADMIN_DATA_DIR;
  if (isRunner) process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

// The admin specs also run on the phone, at the same time: against a third server of their own, since
// they reorder, count and delete the catalogue (two runs on one catalogue would trip over each other).
const PHONE_ADMIN_PORT = PORT + 2;
const PHONE_ADMIN_BASE_URL = `http://127.0.0.1:${PHONE_ADMIN_PORT}`;
if (!process.env.E2E_PHONE_ADMIN_DATA_DIR) {
  process.env.E2E_PHONE_ADMIN_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-e2e-phone-admin-"));
  const dataDir = process.env.E2E_PHONE_ADMIN_DATA_DIR;
  if (isRunner) process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

// All servers run the same production build, made once here (in the runner, before they start).
if (isRunner && !process.env.E2E_SKIP_BUILD && !process.argv.includes("--list")) {
  execSync("npm run build -- --logLevel warn", { stdio: "inherit" });
}

// Map tiles come from a local fixture (tests/e2e/fixtures/tile-server.mjs), never from the internet.
const TILE_PORT = PORT + 3;
process.env.E2E_TILE_ORIGIN = `http://127.0.0.1:${TILE_PORT}`;

function serverEnv(port: number, dataDir: string, site: Record<string, string>): Record<string, string> {
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    // Never the developer's own database or public address.
    DATABASE_URL: "",
    // Absolute URLs (canonical, og:image, sitemaps) point at this test server.
    PUBLIC_URL: baseUrl,
    // Every test is its own visitor: it sends X-Forwarded-For with an address
    // of its own (tests/e2e/fixtures/test.ts), so per-IP limits stay per test.
    TRUST_PROXY: "true",
    ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL!,
    ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD!,
    LOG_LEVEL: "error",
    MAP_TILE_URL: `${process.env.E2E_TILE_ORIGIN}/{z}/{x}/{y}.png`,
    MAP_ATTRIBUTION: "© OpenStreetMap contributors https://www.openstreetmap.org/copyright",
    // The agent's phone, e-mail, name and hours: not the defaults (tests/e2e/fixtures/site-config.ts).
    ...site,
  };
}

const SERVER_OPTIONS = {
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: "pipe",
  stderr: "pipe",
  gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
} as const;

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: requireChromium(),
    args: [...CHROMIUM_FLAGS, "--disable-quic"],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // Generous for a busy machine (two workers, two browsers and the server on few cores).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  // Its own folder, which it empties at the start: the Vitest layers running alongside keep their logs in test-results/.
  outputDir: "test-results/e2e",
  use: {
    baseURL: BASE_URL,
    locale: "ru-RU",
    timezoneId: "Europe/Sofia",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    // Tests written once per language, "(ru)" / "(bg)" in their titles, run
    // in one language per project — Russian at desktop size, Bulgarian on the
    // phone — so every screen is still checked at both sizes and in both
    // languages, at half the cost (suite time: docs/benchmarks.md). Specs that
    // run in one project only (seo and keyboard on desktop, the 360 px layout
    // on the phone) keep both languages.
    {
      name: "desktop",
      grepInvert: /^(?!.*\b(seo|keyboard|layout)\.spec\.ts\b).*\(bg[,)]/,
      // The 360 px layout spec sets its own phone viewport: it runs in the phone project.
      testIgnore: [/layout\.spec\.ts$/, /\/admin\//, /\/diagnostics\//],
      use: { ...devices["Desktop Chrome"], ...chromium },
    },
    {
      name: "phone",
      grepInvert: /^(?!.*\b(seo|keyboard|layout)\.spec\.ts\b).*\(ru[,)]/,
      // Phones run every public screen (listing filters and paging, location
      // page, contact form, error pages: touch and a 390 px layout), plus the
      // 360 px layout spec, and every admin screen: the admin specs, against
      // the phone's admin server (metadata.adminBaseURL, which
      // tests/e2e/admin/fixtures.ts makes their baseURL). Head tags (seo) are
      // the same HTML at any size: checked once, on desktop. Keyboard walks
      // are desktop-only (in the spec).
      testIgnore: [/public\/seo\.spec\.ts$/, /\/diagnostics\//],
      metadata: { adminBaseURL: PHONE_ADMIN_BASE_URL },
      use: {
        ...chromium,
        userAgent: devices["Pixel 7"].userAgent,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      // The administrator area (its own server, see webServer) at desktop size; the phone project runs the same specs on a phone.
      name: "admin",
      // The diagnostics pages write test images, so they run against this server too.
      testMatch: [/\/admin\/.*\.spec\.ts$/, /\/diagnostics\/.*\.spec\.ts$/],
      metadata: { adminBaseURL: ADMIN_BASE_URL },
      use: { ...devices["Desktop Chrome"], ...chromium, baseURL: ADMIN_BASE_URL },
    },
  ],
  webServer: [
    {
      command: `node tests/e2e/fixtures/tile-server.mjs ${TILE_PORT}`,
      url: `${process.env.E2E_TILE_ORIGIN}/healthz`,
      ...SERVER_OPTIONS,
    },
    {
      // Seeding needs the data folder to itself (one process per embedded database), so it runs before the server.
      command: "node --import tsx tests/e2e/fixtures/seed.ts && node server/main.js",
      url: `${BASE_URL}/healthz`,
      env: serverEnv(PORT, process.env.E2E_DATA_DIR!, PUBLIC_SITE_ENV),
      ...SERVER_OPTIONS,
    },
    {
      // The administrator's tests change the catalogue, so they get a server and data folder of their own.
      command: "node server/main.js",
      url: `${ADMIN_BASE_URL}/healthz`,
      env: serverEnv(ADMIN_PORT, process.env.E2E_ADMIN_DATA_DIR!, ADMIN_SITE_ENV),
      ...SERVER_OPTIONS,
    },
    {
      // The same for the admin specs in the phone project.
      command: "node server/main.js",
      url: `${PHONE_ADMIN_BASE_URL}/healthz`,
      env: serverEnv(PHONE_ADMIN_PORT, process.env.E2E_PHONE_ADMIN_DATA_DIR!, ADMIN_SITE_ENV),
      ...SERVER_OPTIONS,
    },
  ],
});
