import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireChromium } from "../../scripts/harness/system.mjs";
import { freePort, projectRoot, waitFor } from "../support/built-server";

/**
 * `npm run dev` (Vite in middleware mode, server/main.js --dev): a public
 * page becomes interactive in a browser. It did not when the inline starter
 * script was a serialized compiled function (Vite's SSR transform put
 * `__vite_ssr_dynamic_import__` into it), nor when React Router was loaded
 * twice, once per module condition (the `dev` script's --conditions).
 *
 * Slow (one Vite dev server, ~20 s to start and compile on a busy machine):
 * one start for the file. PGlite only: nothing here depends on the database.
 * Hot reloading is not exercised: it would mean editing tracked sources while
 * other tests may build from them.
 */

let dev: ChildProcess | undefined;
let browser: Browser | undefined;
let output = "";
let baseUrl = "";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-dev-server-"));

beforeAll(async () => {
  const port = await freePort(9460, 9469);
  baseUrl = `http://127.0.0.1:${port}`;
  dev = spawn("npm", ["run", "dev"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
    },
  });
  dev.stdout!.on("data", (d) => (output += d));
  dev.stderr!.on("data", (d) => (output += d));
  await waitFor(
    () => output.includes("Listening on") || dev!.exitCode !== null,
    120_000,
    () => `the dev server to listen; output:\n${output}`,
  );
  browser = await chromium.launch({ executablePath: requireChromium(), args: ["--no-sandbox", "--disable-gpu"] });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev!.once("exit", resolve));
    dev.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe("npm run dev", () => {
  it("serves a public page that hydrates: a link then navigates without loading a new document", { timeout: 120_000 }, async () => {
    // The very first visit of a fresh checkout: Vite may still discover dependencies to pre-bundle,
    // answer the page's first import with a stale-module error and reload it once. Hydrated after that.
    const first = await browser!.newPage();
    await first.goto(`${baseUrl}/`);
    await first.waitForFunction(
      () => (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized === true,
      undefined,
      { timeout: 90_000 },
    );
    await first.close();

    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    expect(html).not.toContain("__vite_ssr_");

    await page.waitForFunction(
      () => (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized === true,
      undefined,
      { timeout: 90_000 },
    );
    // A mark on this document: a full page load would lose it, React Router's client-side navigation keeps it.
    await page.evaluate(() => ((window as { devSmokeMark?: boolean }).devSmokeMark = true));
    await page.locator('a[href="/properties"]').first().click();
    await page.waitForURL(`${baseUrl}/properties`);
    await expect.poll(() => page.evaluate(() => document.querySelector("h1")?.textContent ?? "")).not.toBe("");
    expect(await page.evaluate(() => (window as { devSmokeMark?: boolean }).devSmokeMark)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
