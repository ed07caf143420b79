import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as robotsLoader, robotsTxt } from "~/routes/resources/robots";
import { loader } from "~/routes/resources/sitemap";
import { renderUrlSet, sitemapFileNames, sitemapResponse } from "~/web/sitemap-xml.server";
import { getEnv } from "~/platform/env.server";
import { resetDatabase, useTestDatabase } from "../../tests/support/test-db";
import { createLocation, type Location } from "./locations.server";
import { createProperty, type Property } from "./real-estates.server";
import { countSitemapProperties, sitemapLocations, sitemapProperties } from "./sitemap.server";

const test = useTestDatabase();
const origin = () => getEnv().publicUrl;
const enc = (path: string) => encodeURI(path);

let sozopol: Location;
let burgas: Location;
let vlas: Location;
const made: Property[] = [];

/** Sets updated_at by hand (the trigger would stamp now() on any UPDATE). */
async function stamp(table: "locations" | "real_estates", id: string, at: string) {
  const db = test.handle().db;
  const trigger = sql.raw(`${table}_set_updated_at`);
  await db.execute(sql`alter table ${sql.identifier(table)} disable trigger ${trigger}`);
  await db.execute(sql`update ${sql.identifier(table)} set updated_at = ${at} where id = ${id}`);
  await db.execute(sql`alter table ${sql.identifier(table)} enable trigger ${trigger}`);
}

/** Tags balance and every & starts an entity: enough to know a crawler can parse it. */
function expectWellFormed(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  const stack: string[] = [];
  for (const [, close, name, selfClose] of xml.slice(xml.indexOf("?>") + 2).matchAll(/<(\/?)([\w:]+)[^>]*?(\/?)>/g)) {
    if (selfClose) continue;
    if (close) expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(stack).toEqual([]);
}

const urls = (xml: string) => [...xml.matchAll(/<url><loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

beforeAll(async () => {
  await resetDatabase(test.handle());
  sozopol = await createLocation({ name: "Созополь", name_bg: "Созопол", image: "/upload/locations/s.jpg" });
  burgas = await createLocation({ name: "Бургас", name_en: "Burgas Bay", image: "/upload/locations/b.jpg" });
  vlas = await createLocation({ name: "Sveti Vlas", image: "/upload/locations/v.jpg" });
  const rows = [
    { title: "Дом у моря", title_en: undefined, location_id: sozopol.id, at: "2025-01-01 10:00:00+00" },
    { title: "Дом у моря", location_id: sozopol.id, at: "2025-02-01 10:00:00+00" },
    { title: "Квартира", location_id: sozopol.id, at: "2025-01-15 10:00:00+00" },
    { title: "Студия", location_id: burgas.id, at: "2025-03-01 10:00:00+00" },
    { title: "Пентхаус", title_en: "Penthouse", location_id: burgas.id, at: "2025-06-30 12:34:56.789+03" },
  ];
  for (const row of rows) {
    const created = await createProperty({ title: row.title, title_en: row.title_en, description: "Описание", location_id: row.location_id });
    await stamp("real_estates", created.id, row.at);
    made.push(created);
  }
  for (const l of [sozopol, burgas, vlas]) await stamp("locations", l.id, "2024-01-01 00:00:00+00");
});

describe("sitemap model", () => {
  it("lists locations by position with the later of their own and their properties' changes", async () => {
    expect(await sitemapLocations()).toEqual([
      // English addresses (issue 31): the Bulgarian name transliterated, or the English name.
      { slug: "созополь", slug_en: "sozopol", updated_at: "2025-02-01T10:00:00Z" },
      { slug: "бургас", slug_en: "burgas-bay", updated_at: "2025-06-30T09:34:56Z" },
      { slug: "sveti-vlas", slug_en: "sveti-vlas", updated_at: "2024-01-01T00:00:00Z" },
    ]);
  });

  it("counts properties and cuts them into id-ordered chunks that cover each exactly once", async () => {
    expect(await countSitemapProperties()).toBe(5);
    const chunks = [await sitemapProperties(1, 2), await sitemapProperties(2, 2), await sitemapProperties(3, 2)];
    expect(chunks.map((c) => c.length)).toEqual([2, 2, 1]);
    const ids = [...made].sort((a, b) => (a.id < b.id ? -1 : 1));
    const expected = ids.map((p) => ({
      location: p.location_id === sozopol.id ? { slug: "созополь", slug_en: "sozopol" } : { slug: "бургас", slug_en: "burgas-bay" },
      slug: p.slug,
    }));
    expect(chunks.flat().map(({ location, slug }) => ({ location, slug }))).toEqual(expected);
    expect(
      chunks
        .flat()
        .map((p) => p.slug)
        .sort(),
    ).toEqual(["дом-у-моря", "дом-у-моря-2", "квартира", "пентхаус", "студия"]);
    const penthouse = chunks.flat().find((p) => p.slug === "пентхаус");
    expect(penthouse).toEqual({
      location: { slug: "бургас", slug_en: "burgas-bay" },
      slug: "пентхаус",
      slug_en: "penthouse",
      title_en: "Penthouse",
      updated_at: "2025-06-30T09:34:56Z",
    });
    // Without an English title the English address is the Russian one transliterated.
    expect(chunks.flat().find((p) => p.slug === "квартира")?.slug_en).toBe("kvartira");
  });

  it("gives nothing past the end or for a nonsensical chunk", async () => {
    expect(await sitemapProperties(4, 2)).toEqual([]);
    expect(await sitemapProperties(0, 2)).toEqual([]);
    expect(await sitemapProperties(1.5, 2)).toEqual([]);
    expect(await sitemapProperties(1, 0)).toEqual([]);
  });
});

describe("/sitemap.xml and /sitemaps/*", () => {
  it("serves an index of pages.xml and the property chunks as XML, cached for an hour", async () => {
    const response = await loader({ params: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const xml = await response.text();
    expectWellFormed(xml);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...xml.matchAll(/<sitemap><loc>([^<]*)<\/loc><\/sitemap>/g)].map((m) => m[1])).toEqual([
      `${origin()}/sitemaps/pages.xml`,
      `${origin()}/sitemaps/properties-1.xml`,
    ]);

    const small = await (await sitemapResponse("https://example.test", undefined, 2)).text();
    expect([...small.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([
      "https://example.test/sitemaps/pages.xml",
      "https://example.test/sitemaps/properties-1.xml",
      "https://example.test/sitemaps/properties-2.xml",
      "https://example.test/sitemaps/properties-3.xml",
    ]);
    expect(sitemapFileNames(0)).toEqual(["pages.xml"]);
    expect(sitemapFileNames(1500)).toEqual(["pages.xml", "properties-1.xml"]);
    expect(sitemapFileNames(1501)).toEqual(["pages.xml", "properties-1.xml", "properties-2.xml"]);
    expect(sitemapFileNames(100_000)).toHaveLength(68);
  });

  it("pages.xml: home, /properties and every location, in every language with hreflang alternates", async () => {
    const response = await loader({ params: { file: "pages.xml" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expectWellFormed(xml);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    const o = origin();
    expect(urls(xml)).toEqual([
      `${o}/`,
      `${o}/bg`,
      `${o}/en`,
      `${o}/properties`,
      `${o}/bg/properties`,
      `${o}/en/properties`,
      `${o}${enc("/созополь")}`,
      `${o}/bg${enc("/созополь")}`,
      `${o}/en/sozopol`,
      `${o}${enc("/бургас")}`,
      `${o}/bg${enc("/бургас")}`,
      `${o}/en/burgas-bay`,
      `${o}/sveti-vlas`,
      `${o}/bg/sveti-vlas`,
      `${o}/en/sveti-vlas`,
    ]);
    // Every twin of a page carries the same four alternates (reciprocal, self-referencing) and the same lastmod.
    const sozopolEntries = xml.split("\n").filter((line) => line.includes(enc("/созополь")));
    expect(sozopolEntries).toHaveLength(3);
    for (const entry of sozopolEntries) {
      expect(entry).toContain("<lastmod>2025-02-01T10:00:00Z</lastmod>");
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="ru" href="${o}${enc("/созополь")}"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="bg" href="${o}/bg${enc("/созополь")}"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${o}/en/sozopol"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${o}${enc("/созополь")}"/>`);
    }
    const home = xml.split("\n").find((line) => line.startsWith(`<url><loc>${o}/bg</loc>`));
    expect(home).toBe(
      `<url><loc>${o}/bg</loc><lastmod>2025-06-30T09:34:56Z</lastmod>` +
        `<xhtml:link rel="alternate" hreflang="ru" href="${o}/"/>` +
        `<xhtml:link rel="alternate" hreflang="bg" href="${o}/bg"/>` +
        `<xhtml:link rel="alternate" hreflang="en" href="${o}/en"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${o}/"/></url>`,
    );
  });

  it("properties-N.xml: percent-encoded /{location}/{property} URLs in both languages with lastmod", async () => {
    const response = await loader({ params: { file: "properties-1.xml" } });
    expect(response.status).toBe(200);
    const xml = await response.text();
    expectWellFormed(xml);
    const o = origin();
    const locs = urls(xml);
    // Five properties in Russian and Bulgarian; in English only the one with English texts (issue 31).
    expect(locs).toHaveLength(11);
    expect(locs).toContain(`${o}/en/burgas-bay/penthouse`);
    expect(locs.filter((l) => l.startsWith(`${o}/en/`))).toEqual([`${o}/en/burgas-bay/penthouse`]);
    expect(locs).toContain(`${o}${enc("/созополь/дом-у-моря-2")}`);
    expect(locs).toContain(`${o}/bg${enc("/созополь/дом-у-моря-2")}`);
    expect(locs).toContain(`${o}${enc("/бургас/пентхаус")}`);
    expect(locs.every((l) => /^[\x21-\x7e]+$/.test(l))).toBe(true); // nothing left unencoded
    expect(locs.map((l) => decodeURI(l.slice(o.length)))).toContain("/bg/созополь/дом-у-моря");
    const penthouse = xml.split("\n").find((line) => line.startsWith(`<url><loc>${o}/bg${enc("/бургас/пентхаус")}</loc>`));
    expect(penthouse).toContain("<lastmod>2025-06-30T09:34:56Z</lastmod>");
    expect(penthouse).toContain(`hreflang="x-default" href="${o}${enc("/бургас/пентхаус")}"`);

    const second = await (await sitemapResponse("https://example.test", "properties-3.xml", 2)).text();
    // Its one property in Russian and Bulgarian, and in English when it is the one with English texts.
    const [last] = await sitemapProperties(3, 2);
    expect(urls(second)).toHaveLength(last?.title_en ? 3 : 2);
  });

  it("answers 404 for a chunk past the end and for unknown file names", async () => {
    for (const file of ["properties-2.xml", "properties-0.xml", "properties-01.xml", "properties-1.txt", "nope.xml", "..%2Fsecret"]) {
      const response = await loader({ params: { file } });
      expect(response.status, file).toBe(404);
    }
    expect((await sitemapResponse("https://example.test", "properties-4.xml", 2)).status).toBe(404);
  });

  it("escapes everything it writes into the XML", async () => {
    const xml = await (await sitemapResponse("https://example.test/sea&sun'", "pages.xml")).text();
    expectWellFormed(xml);
    expect(xml).toContain("<loc>https://example.test/sea&amp;sun&apos;/properties</loc>");
    const index = await (await sitemapResponse("https://example.test/<x>", undefined)).text();
    expectWellFormed(index);
    expect(index).toContain("<loc>https://example.test/&lt;x&gt;/sitemaps/pages.xml</loc>");
    const raw = renderUrlSet("https://example.test", [{ path: "/a&b", lastmod: '<"now">' }]);
    expectWellFormed(raw);
    expect(raw).toContain("<lastmod>&lt;&quot;now&quot;&gt;</lastmod>");
    expect(raw).toContain("<loc>https://example.test/a%26b</loc>");
  });

  it("with an empty catalogue: the index lists only pages.xml and there is no property file", async () => {
    await resetDatabase(test.handle());
    const xml = await (await loader({ params: {} })).text();
    expect([...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([`${origin()}/sitemaps/pages.xml`]);
    expect((await loader({ params: { file: "properties-1.xml" } })).status).toBe(404);
    const pages = await (await loader({ params: { file: "pages.xml" } })).text();
    expectWellFormed(pages);
    const o = origin();
    expect(urls(pages)).toEqual([`${o}/`, `${o}/bg`, `${o}/en`, `${o}/properties`, `${o}/bg/properties`, `${o}/en/properties`]);
    expect(pages).not.toContain("<lastmod>");
  });
});

describe("/robots.txt", () => {
  it("allows the site, keeps crawlers out of admin, diagnostics and API paths, and names the sitemap", async () => {
    const response = robotsLoader();
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text.split("\n")).toEqual([
      "User-agent: *",
      "Allow: /",
      "Disallow: /admin",
      "Disallow: /testsupabase",
      "Disallow: /test-storage",
      "Disallow: /bg/testsupabase",
      "Disallow: /bg/test-storage",
      "Disallow: /en/testsupabase",
      "Disallow: /en/test-storage",
      "Disallow: /rest/",
      "Disallow: /auth/",
      "Disallow: /storage/",
      "",
      `Sitemap: ${origin()}/sitemap.xml`,
      "",
    ]);
    expect(robotsTxt("https://example.test/")).toContain("Sitemap: https://example.test/sitemap.xml\n");
  });
});
