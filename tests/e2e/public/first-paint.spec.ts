import { location, locationPath, property, propertyPath } from "../fixtures/data";
import { expect, hydrated, isPhone, LANGS, localize, test } from "../fixtures/test";

/**
 * What comes before the first paint (DESIGN §11, docs/benchmarks.md
 * "Lighthouse"): the stylesheet and two preloaded font files, no scripts.
 * The modules for hydration start once the page has loaded and painted
 * (app/root.tsx, DeferredScripts), and the page still hydrates with the
 * nonce-only CSP (a refused script would be a console error).
 */
const PAGES = [() => "/", () => "/properties", () => propertyPath(property("alpha"))];

for (const lang of LANGS) {
  for (const path of PAGES) {
    test(`${lang} ${path()}: no module preloads in the HTML, two fonts, then hydration`, async ({ page, request }) => {
      const url = localize(lang, path());
      const html = await (await request.get(encodeURI(url))).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).not.toContain('rel="modulepreload"');
      // The module script is only in the inert template.
      const outsideTemplate = html.replace(/<template id="rr-deferred-module">[\s\S]*?<\/template>/, "");
      expect(html).toContain('<template id="rr-deferred-module"><script type="module">');
      expect(outsideTemplate).not.toMatch(/<script[^>]*type="module"/);
      const fontPreloads = [...head.matchAll(/<link [^>]*>/g)]
        .map((m) => m[0])
        .filter((link) => link.includes('rel="preload"') && link.includes('as="font"'))
        .map((link) => /href="([^"]+)"/.exec(link)?.[1]);
      // Hashed names under /assets: cached for a year, never revalidated on a return visit.
      expect(fontPreloads.sort()).toEqual([
        expect.stringMatching(/^\/assets\/inter-cyrillic-wght-400-700-[\w-]{8}\.woff2$/),
        expect.stringMatching(/^\/assets\/inter-latin-basic-wght-400-700-[\w-]{8}\.woff2$/),
      ]);
      const font = await request.get(fontPreloads[0]!);
      expect(font.status()).toBe(200);
      expect(font.headers()["cache-control"]).toContain("immutable");

      await page.goto(url);
      await hydrated(page);
      await page.evaluate(() => document.fonts.ready);
      // The page used just the preloaded files (no other subset, no second copy),
      // and the module preloads were added once it had painted.
      const loaded = await page.evaluate(() => ({
        fonts: performance
          .getEntriesByType("resource")
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.endsWith(".woff2"))
          .sort(),
        preloads: document.head.querySelectorAll('link[rel="modulepreload"]').length,
        painted: performance.getEntriesByName("first-contentful-paint").length,
      }));
      expect(loaded.fonts).toEqual(fontPreloads.sort());
      expect(loaded.preloads).toBeGreaterThan(5);
      expect(loaded.painted).toBe(1);
      expect(await page.evaluate(() => document.fonts.check('600 16px "Inter Variable"', "Море и Дом"))).toBe(true);
    });
  }
}

test("a page rendered per request (nonce policy) hydrates the same way", async ({ page }) => {
  // A search nobody made before: rendered for this request with a fresh nonce, not kept (a query string is kept from its second render).
  const response = await page.goto(`/properties?search=${Date.now().toString(36)}`);
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  await hydrated(page);
});

test("a cached page (hash policy) hydrates the same way", async ({ page }) => {
  await page.goto("/properties");
  const response = await page.goto("/properties");
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  await hydrated(page);
});

test("React DOM's client and React Router arrive with V8's compile hint, our own modules without it (decision 0017)", async ({ page, request }) => {
  await page.goto("/properties");
  await hydrated(page);
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.endsWith(".js")),
  );
  const hinted: string[] = [];
  const plain: string[] = [];
  for (const path of scripts) {
    const text = await (await request.get(path)).text();
    (text.startsWith("//# allFunctionsCalledOnLoad\n") ? hinted : plain).push(text);
  }
  // React DOM's client (it defines hydrateRoot) and React Router's runtime (its render error message)
  expect(hinted.filter((t) => t.includes(".hydrateRoot=function"))).toHaveLength(1);
  expect(hinted.filter((t) => t.includes("React Router caught the following error during render"))).toHaveLength(1);
  // The site's own modules (the client entry, the route modules) are compiled as usual
  expect(plain.filter((t) => t.includes("hydrateRoot"))).toHaveLength(1);
  expect(plain.length).toBeGreaterThan(hinted.length);
});

test("public pages create no Intl object while they load and hydrate (its locale data costs a phone tens of ms)", async ({ page }) => {
  await page.addInitScript(() => {
    const created: string[] = [];
    (window as unknown as { __intlCreated: string[] }).__intlCreated = created;
    for (const name of ["NumberFormat", "PluralRules", "DateTimeFormat", "Collator", "RelativeTimeFormat", "ListFormat"] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(Original, {
        construct(target, args) {
          created.push(name);
          return Reflect.construct(target, args);
        },
        apply(target, self, args) {
          created.push(name);
          return Reflect.apply(target as unknown as (...a: unknown[]) => unknown, self, args);
        },
      });
    }
  });
  for (const path of ["/", "/properties", propertyPath(property("alpha")), "/bg/properties"]) {
    await page.goto(path);
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { __intlCreated: string[] }).__intlCreated), path).toEqual([]);
  }
  // Prices, areas and counts were on those pages, formatted the same in the
  // browser as on the server: a hydration mismatch would be a console error.
});

/**
 * DESIGN's budget: a public page's JavaScript ≤ 120 KB brotli, as the browser
 * receives it (the server sends the build's precompressed .br files). Checked
 * here so a module that drags a server-side library into the browser (zod,
 * once, through a shared message constant) fails a test, not only the
 * weight script (npm run bench:weight).
 */
test("every public page's JavaScript is within 120 KB brotli as received", async ({ browser, extraHTTPHeaders }) => {
  test.skip(isPhone(), "the same files at any size");
  for (const lang of LANGS) {
    for (const path of ["/", "/properties", locationPath(location("testograd")), propertyPath(property("alpha"))]) {
      // A first visit: nothing from the cache (a cached file reports no size).
      const context = await browser.newContext({ extraHTTPHeaders });
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      page.on("requestfinished", (request) => {
        if (request.resourceType() === "script") scripts.push(request.sizes().then((s) => s.responseBodySize));
      });
      await page.goto(encodeURI(localize(lang, path)));
      await hydrated(page);
      const sizes = await Promise.all(scripts);
      await context.close();
      expect(sizes.length, `${lang} ${path}: scripts`).toBeGreaterThan(5);
      expect(Math.min(...sizes), `${lang} ${path}: every script's size known`).toBeGreaterThan(0);
      expect(
        sizes.reduce((a, b) => a + b, 0),
        `${lang} ${path}: JavaScript bytes received`,
      ).toBeLessThanOrEqual(120 * 1024);
    }
  }
});
