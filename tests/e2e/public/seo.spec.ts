import type { APIRequestContext, Page } from "@playwright/test";
import { fixtures, location, property, propertyPath } from "../fixtures/data";
import { expect, LANGS, localize, test, type Lang } from "../fixtures/test";
import { area, price, T } from "../fixtures/texts";

/**
 * Findable and shareable (DESIGN §6, §1): per page and language the title,
 * description, canonical URL, hreflang alternates, Open Graph and Twitter
 * cards (absolute, loadable image), JSON-LD on property pages, the sitemaps
 * and robots.txt.
 */

/** Percent-encodes a path segment by segment (Cyrillic slugs), like the site does. */
const enc = (path: string) => path.split("/").map(encodeURIComponent).join("/");
const url = (lang: Lang, path: string) => fixtures().origin + enc(localize(lang, path));

/** Same as trimDescription: whitespace collapsed; longer than 160 → cut at a word with "…". */
function trimmed(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= 160) return clean;
  const room = clean.slice(0, 159);
  const space = room.lastIndexOf(" ");
  return `${(space >= 80 ? room.slice(0, space) : room).replace(/[\s,.;:!?\-–—]+$/u, "")}…`;
}

interface Expected {
  path: string;
  title: string;
  description: string;
  image: string | null;
  type?: "website" | "article";
}

function head(page: Page) {
  const meta = (attr: "name" | "property", key: string) => page.locator(`head meta[${attr}="${key}"]`);
  return {
    description: meta("name", "description"),
    robots: meta("name", "robots"),
    canonical: page.locator('head link[rel="canonical"]'),
    alternate: (lang: string) => page.locator(`head link[rel="alternate"][hreflang="${lang}"]`),
    og: (key: string) => meta("property", `og:${key}`),
    twitter: (key: string) => meta("name", `twitter:${key}`),
  };
}

async function expectImage(request: APIRequestContext, src: string) {
  expect(src, "an absolute URL").toMatch(/^https?:\/\//);
  expect(src.startsWith(fixtures().origin), "on this site").toBe(true);
  const response = await request.get(src);
  expect(response.status(), src).toBe(200);
  expect(response.headers()["content-type"], src).toMatch(/^image\//);
}

async function expectMeta(page: Page, request: APIRequestContext, lang: Lang, e: Expected) {
  const h = head(page);
  await expect(page).toHaveTitle(e.title);
  await expect(h.description).toHaveAttribute("content", e.description);
  await expect(h.canonical).toHaveAttribute("href", url(lang, e.path));
  await expect(h.alternate("ru")).toHaveAttribute("href", url("ru", e.path));
  await expect(h.alternate("bg")).toHaveAttribute("href", url("bg", e.path));
  await expect(h.alternate("x-default")).toHaveAttribute("href", url("ru", e.path));
  await expect(h.robots).toHaveCount(0);
  await expect(h.og("title")).toHaveAttribute("content", e.title);
  await expect(h.og("description")).toHaveAttribute("content", e.description);
  await expect(h.og("url")).toHaveAttribute("content", url(lang, e.path));
  await expect(h.og("type")).toHaveAttribute("content", e.type ?? "website");
  await expect(h.og("locale")).toHaveAttribute("content", lang === "ru" ? "ru_RU" : "bg_BG");
  await expect(h.twitter("title")).toHaveAttribute("content", e.title);
  if (e.image === null) {
    await expect(h.twitter("card")).toHaveAttribute("content", /^summary/);
    return;
  }
  await expect(h.twitter("card")).toHaveAttribute("content", "summary_large_image");
  const image = await h.og("image").getAttribute("content");
  if (e.image !== "") expect(image).toBe(e.image);
  await expectImage(request, image!);
  await expect(h.twitter("image")).toHaveAttribute("content", image!);
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

for (const lang of LANGS) {
  const t = T[lang];

  test.describe(`meta tags (${lang})`, () => {
    test("home", async ({ page, request }) => {
      await page.goto(localize(lang, "/"));
      await expectMeta(page, request, lang, {
        path: "/",
        title: t.home.title,
        description: t.home.description,
        image: `${fixtures().origin}/images/hero-1600.webp`,
      });
    });

    test("listing; a filtered listing is not indexed and points to the plain one", async ({ page, request }) => {
      await page.goto(localize(lang, "/properties"));
      await expectMeta(page, request, lang, { path: "/properties", title: t.listing.metaTitle, description: t.listing.metaDescription, image: "" });
      await page.goto(localize(lang, "/properties?search=дом&page=1"));
      await expect(head(page).robots).toHaveAttribute("content", /noindex/);
      await expect(head(page).canonical).toHaveAttribute("href", url(lang, "/properties"));
    });

    test("location", async ({ page, request }) => {
      const testograd = location("testograd");
      const name = lang === "bg" ? testograd.name_bg : testograd.name;
      await page.goto(localize(lang, `/${testograd.slug}`));
      await expectMeta(page, request, lang, {
        path: `/${testograd.slug}`,
        title: t.location.metaTitle(testograd),
        description: t.location.metaDescription(testograd, t.count(testograd.count)),
        image: fixtures().origin + testograd.image,
      });
      const crumbs = (await jsonLd(page)).find((d) => d["@type"] === "BreadcrumbList");
      expect(crumbs, "BreadcrumbList JSON-LD").toBeDefined();
      const items = crumbs!.itemListElement as { position: number; name: string; item: string }[];
      expect(items.map((i) => i.name)).toEqual([t.nav.home, name]);
      expect(items.map((i) => decodeURI(i.item))).toEqual([decodeURI(url(lang, "/")), decodeURI(url(lang, `/${testograd.slug}`))]);
    });

    test("property, with RealEstateListing and breadcrumbs JSON-LD", async ({ page, request }) => {
      const alpha = property("alpha");
      const testograd = location("testograd");
      const title = lang === "bg" ? alpha.title_bg! : alpha.title;
      const place = lang === "bg" ? testograd.name_bg : testograd.name;
      const description = lang === "bg" ? alpha.description_bg! : alpha.description;
      const path = `/${alpha.locationSlug}/${alpha.slug}`;
      await page.goto(propertyPath(alpha, lang));
      await expectMeta(page, request, lang, {
        path,
        title: `${title} — ${price(85000, lang)}, ${place}`,
        description: trimmed(`${price(85000, lang)} · ${place} · ${area(54.5, lang)}. ${description}`),
        image: fixtures().origin + alpha.images[0],
        type: "article",
      });

      const data = await jsonLd(page);
      const listing = data.find((d) => d["@type"] === "RealEstateListing");
      expect(listing, "RealEstateListing JSON-LD").toBeDefined();
      expect(listing!["@context"]).toBe("https://schema.org");
      // The canonical address (percent-encoded here or not: the same IRI).
      expect(decodeURI(String(listing!.url))).toBe(decodeURI(url(lang, path)));
      expect(listing!.name).toBe(title);
      expect(listing!.description).toBe(description);
      expect(listing!.offers).toMatchObject({ "@type": "Offer", price: 85000, priceCurrency: "EUR" });
      expect(listing!.image).toEqual(alpha.images.map((src) => fixtures().origin + src));
      expect(Number.isNaN(Date.parse(String(listing!.datePosted)))).toBe(false);
      expect(listing!.mainEntity).toMatchObject({
        "@type": "Apartment",
        name: title,
        numberOfBedrooms: 1,
        numberOfBathroomsTotal: 1,
        floorSize: { "@type": "QuantitativeValue", value: 54.5, unitCode: "MTK" },
        address: { "@type": "PostalAddress", addressLocality: place, addressCountry: "BG" },
      });

      const crumbs = data.find((d) => d["@type"] === "BreadcrumbList");
      expect(crumbs, "BreadcrumbList JSON-LD").toBeDefined();
      const items = crumbs!.itemListElement as { position: number; name: string; item: string }[];
      expect(items.map((i) => i.position)).toEqual([1, 2, 3]);
      expect(items.map((i) => i.name)).toEqual([t.nav.home, place, title]);
      expect(items.map((i) => decodeURI(i.item))).toEqual([url(lang, "/"), url(lang, `/${testograd.slug}`), url(lang, path)].map((u) => decodeURI(u)));
    });
  });
}

test("a property without a price has no offer in its JSON-LD; a house is a SingleFamilyResidence", async ({ page }) => {
  await page.goto(propertyPath(property("delta")));
  const delta = (await jsonLd(page)).find((d) => d["@type"] === "RealEstateListing");
  expect(delta).toBeDefined();
  expect(delta!.offers).toBeUndefined();
  await expect(page).toHaveTitle(`${property("delta").title} — ${T.ru.card.priceOnRequest}, ${location("testograd").name}`);

  await page.goto(propertyPath(property("beta")));
  const beta = (await jsonLd(page)).find((d) => d["@type"] === "RealEstateListing");
  expect(beta!.mainEntity).toMatchObject({ "@type": "SingleFamilyResidence", numberOfBedrooms: 4 });
  expect(beta!.offers).toMatchObject({ price: 320000, priceCurrency: "EUR" });
});

test.describe("sitemaps and robots.txt", () => {
  test("/sitemap.xml is an index of pages.xml, the property files and the complex files", async ({ request }) => {
    const origin = fixtures().origin;
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toContain("<sitemapindex");
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([`${origin}/sitemaps/pages.xml`, `${origin}/sitemaps/properties-1.xml`, `${origin}/sitemaps/complexes-1.xml`]);
  });

  test("complexes-1.xml lists the complex's page in every language, each with the alternates (issue 33)", async ({ request }) => {
    const origin = fixtures().origin;
    const c = fixtures().complex;
    const xml = await (await request.get("/sitemaps/complexes-1.xml")).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeURI(m[1]!));
    const pages = [`/${c.locationSlug}/комплекс/${c.slug}`, `/bg/${c.locationSlug}/комплекс/${c.slug}`, `/en/${c.locationSlugEn}/complex/${c.slugEn}`];
    expect(locs).toEqual(pages.map((p) => origin + p));
    expect(decodeURI(xml)).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}${pages[0]}"/>`);
    expect([...xml.matchAll(/hreflang="en"/g)]).toHaveLength(3);
  });

  test("pages.xml lists home, listing and every location in every language with alternates", async ({ request }) => {
    const response = await request.get("/sitemaps/pages.xml");
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const paths = ["/", "/properties", ...Object.values(fixtures().locations).map((l) => `/${l.slug}`)];
    for (const path of paths) {
      for (const lang of LANGS) expect(locs, `${lang} ${path}`).toContain(url(lang, path));
    }
    // Issue 31: the English twins at their Latin addresses.
    const origin = fixtures().origin;
    const english = ["/en", "/en/properties", ...Object.values(fixtures().locations).map((l) => `/en/${l.slugEn}`)].map((path) => origin + path);
    for (const loc of english) expect(locs, loc).toContain(loc);
    expect(locs).toHaveLength(paths.length * 3);
    const testograd = `/${location("testograd").slug}`;
    for (const hreflang of ["ru", "bg", "x-default"] as const) {
      const href = url(hreflang === "bg" ? "bg" : "ru", testograd).replace(/&/g, "&amp;");
      expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`);
    }
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${origin}/en/${location("testograd").slugEn}"/>`);
  });

  test("properties-1.xml lists every property in Russian and Bulgarian, and in English those with English texts", async ({ request }) => {
    const response = await request.get("/sitemaps/properties-1.xml");
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // Sold ones too: their pages stay (200), only the listings leave them out.
    const withEnglish = Object.values(fixtures().properties).filter((p) => p.title_en);
    expect(withEnglish.length).toBeGreaterThan(0);
    expect(locs).toHaveLength(Object.keys(fixtures().properties).length * 2 + withEnglish.length);
    const alpha = property("alpha");
    expect(locs).toContain(`${fixtures().origin}/en/${alpha.locationSlugEn}/${alpha.slugEn}`);
    expect(locs).not.toContain(`${fixtures().origin}/en/${property("beta").locationSlugEn}/${property("beta").slugEn}`);
    expect(locs).toContain(url("ru", `/${alpha.locationSlug}/${alpha.slug}`));
    expect(locs).toContain(url("bg", `/${alpha.locationSlug}/${alpha.slug}`));
    expect((await request.get("/sitemaps/properties-2.xml")).status()).toBe(404);
  });

  test("robots.txt keeps crawlers out of /admin and names the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain(`Sitemap: ${fixtures().origin}/sitemap.xml`);
    expect(lines).not.toContain("Disallow: /");
  });
});
