import { describe, expect, it, vi } from "vitest";
import type * as Languages from "./languages";

/**
 * Languages are data (issue 31): a fourth language is one more entry in
 * app/i18n/languages.ts, and with it the route table, prefixes, reserved
 * slugs, hreflang and sitemaps follow without touching other code. This test
 * adds Ukrainian to the list the way docs/languages.md says, and looks.
 */
vi.mock("./languages", async (importOriginal) => {
  const { LANGUAGES } = await importOriginal<typeof Languages>();
  const uk = {
    code: "uk",
    prefix: "/uk",
    suffix: "_uk",
    slug: "slug",
    script: "Cyrl",
    untranslated: "noindex",
    locale: "uk-UA",
    ogLocale: "uk_UA",
    name: "Українська",
    complex: "комплекс",
  };
  return { LANGUAGES: [...LANGUAGES, uk] };
});

// The test setup has loaded the real list already: these imports start again from the mocked one.
vi.resetModules();
const { default: routes } = await import("~/routes");
const lang = await import("./lang");
const { hreflangUrls, pageMeta } = await import("~/lib/seo");
const { RESERVED_SLUGS } = await import("~/lib/slug");
const { addDictionaries } = await import("./index");
const { ru } = await import("./ru");
// Step 2 of docs/languages.md is a dictionary file; the Russian texts stand in for it here.
addDictionaries({ uk: ru } as never);
const { renderUrlSet } = await import("~/web/sitemap-xml.server");

type RouteEntry = { id?: string; path?: string; children?: RouteEntry[] };

describe("a fourth language from one line in the list (docs/languages.md)", () => {
  it("gets its own routes: every public page under /uk, and its RSS", () => {
    const table = routes as RouteEntry[];
    const site = (code: string) => table.find((r) => r.id === `site-${code}`);
    expect(site("uk")?.path).toBe("uk");
    const pages = (code: string) => (site(code)?.children ?? []).map((r) => `${r.path ?? "(index)"}`);
    expect(pages("uk")).toEqual(pages("ru"));
    expect(pages("uk").length).toBeGreaterThan(10);
    expect(table.find((r) => r.id === "rss-uk")?.path).toBe("uk/rss.xml");
    // The three there were stay as they are.
    expect(site("ru")?.path).toBeUndefined();
    expect(site("bg")?.path).toBe("bg");
    expect(site("en")?.path).toBe("en");
  });

  it("gets its prefix, its reserved top-level name and a place in every page's hreflang set", () => {
    expect(lang.LANGS).toEqual(["ru", "bg", "en", "uk"]);
    expect(lang.isLang("uk")).toBe(true);
    expect(lang.localizePath("uk" as never, "/properties")).toBe("/uk/properties");
    expect(lang.splitLangPath("/uk/properties")).toEqual({ lang: "uk", path: "/properties" });
    expect(lang.splitLangPath("/ukraine")).toEqual({ lang: "ru", path: "/ukraine" });
    expect(RESERVED_SLUGS.has("uk")).toBe(true);
    expect(hreflangUrls("https://sea.test", "/properties")).toEqual([
      { hrefLang: "ru", href: "https://sea.test/properties" },
      { hrefLang: "bg", href: "https://sea.test/bg/properties" },
      { hrefLang: "en", href: "https://sea.test/en/properties" },
      { hrefLang: "uk", href: "https://sea.test/uk/properties" },
      { hrefLang: "x-default", href: "https://sea.test/properties" },
    ]);
    const meta = pageMeta({ origin: "https://sea.test", lang: "uk" as never, path: "/", title: "Т", description: "О" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://sea.test/uk" });
    expect(meta).toContainEqual({ property: "og:locale", content: "uk_UA" });
  });

  it("is in every sitemap entry, reciprocal", () => {
    const xml = renderUrlSet("https://sea.test", [{ path: "/properties" }]);
    const entries = xml.split("\n").filter((line) => line.startsWith("<url>"));
    expect(entries.map((e) => /<loc>([^<]+)<\/loc>/.exec(e)?.[1])).toEqual([
      "https://sea.test/properties",
      "https://sea.test/bg/properties",
      "https://sea.test/en/properties",
      "https://sea.test/uk/properties",
    ]);
    for (const entry of entries) expect(entry).toContain('hreflang="uk" href="https://sea.test/uk/properties"');
  });
});
