import { complexPaths, LANGS, locationPaths, propertyPaths } from "~/i18n/lang";
import { hreflangUrls, localizedUrl, pathIn, type PagePaths } from "~/lib/seo";
import { countSitemapComplexes, countSitemapProperties, sitemapComplexes, sitemapLocations, sitemapProperties } from "~/models/sitemap.server";

/**
 * XML sitemaps (sitemaps.org protocol with hreflang alternates).
 *
 *   /sitemap.xml                 always an index of the files below
 *   /sitemaps/pages.xml          home, /properties and every location
 *   /sitemaps/properties-N.xml   the N-th (from 1) run of properties in id order
 *   /sitemaps/complexes-N.xml    the N-th run of new-build complexes (issue 33), the same size
 *
 * Every page appears once per language it has (app/i18n/lang.ts; an English
 * property page without English texts is left out, issue 31), each <url>
 * carrying every language's alternate and x-default (Russian). One module
 * serves both registrations: without a `file` param it is the index.
 *
 * Chunk size: a sitemap may hold 50 000 URLs *and* 50 MB uncompressed. A
 * property's Cyrillic path can reach ~1 850 bytes percent-encoded (location
 * name ≤ 100 and title ≤ 200 characters, 6 bytes a letter); with three
 * languages each <url> holds up to five paths, so the worst case is ~28 KB a
 * property for its three <url>s: 1 500 properties a file stay under 45 MB
 * (typical listings give ~3 MB). 100 000 properties make 67 files.
 */
export const PROPERTIES_PER_SITEMAP = 1500;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NS = "http://www.w3.org/1999/xhtml";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** A page of the sitemap: its unprefixed, unencoded path (or each language's) and last change. */
export interface SitemapPage {
  path: PagePaths;
  lastmod?: string | null;
}

/** The page's <url> entries, one per language it has, each with all the alternates. */
function urlEntries(origin: string, page: SitemapPage): string {
  const lastmod = page.lastmod ? `<lastmod>${escapeXml(page.lastmod)}</lastmod>` : "";
  const alternates = hreflangUrls(origin, page.path)
    .map((alt) => `<xhtml:link rel="alternate" hreflang="${alt.hrefLang}" href="${escapeXml(alt.href)}"/>`)
    .join("");
  return LANGS.flatMap((lang) => {
    const path = pathIn(page.path, lang);
    return path === undefined ? [] : [`<url><loc>${escapeXml(localizedUrl(origin, lang, path))}</loc>${lastmod}${alternates}</url>\n`];
  }).join("");
}

/** A <urlset> of the pages, both languages of each. */
export function renderUrlSet(origin: string, pages: Iterable<SitemapPage>): string {
  const parts = [XML_HEAD, `<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n`];
  for (const page of pages) parts.push(urlEntries(origin, page));
  parts.push("</urlset>\n");
  return parts.join("");
}

/** A <sitemapindex> of the given files under /sitemaps/. */
export function renderSitemapIndex(origin: string, files: string[]): string {
  const base = origin.replace(/\/+$/, "");
  const entries = files.map((file) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/${file}`)}</loc></sitemap>\n`);
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join("")}</sitemapindex>\n`;
}

/** pages.xml, then properties-1.xml … and complexes-1.xml … as many as the catalogue needs (none when empty). */
export function sitemapFileNames(propertyCount: number, chunkSize = PROPERTIES_PER_SITEMAP, complexCount = 0): string[] {
  const files = (kind: string, count: number) => Array.from({ length: Math.ceil(count / chunkSize) }, (_, i) => `${kind}-${i + 1}.xml`);
  return ["pages.xml", ...files("properties", propertyCount), ...files("complexes", complexCount)];
}

function xml(body: string): Response {
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

function notFound(): Response {
  return new Response("Not Found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

async function pagesSitemap(origin: string): Promise<string> {
  const locations = await sitemapLocations();
  // W3C UTC datetimes compare as strings; the site changes when any location or property does.
  const newest = locations.reduce<string | null>((max, l) => (max === null || l.updated_at > max ? l.updated_at : max), null);
  return renderUrlSet(origin, [
    { path: "/", lastmod: newest },
    { path: "/properties", lastmod: newest },
    ...locations.map((l) => ({ path: locationPaths(l), lastmod: l.updated_at })),
  ]);
}

/**
 * The response for one sitemap file (`file` undefined: the index). The origin
 * is a parameter so tests can choose it; the loader passes PUBLIC_URL's.
 */
export async function sitemapResponse(origin: string, file: string | undefined, chunkSize = PROPERTIES_PER_SITEMAP): Promise<Response> {
  if (file === undefined) {
    const [properties, complexes] = await Promise.all([countSitemapProperties(), countSitemapComplexes()]);
    return xml(renderSitemapIndex(origin, sitemapFileNames(properties, chunkSize, complexes)));
  }
  if (file === "pages.xml") return xml(await pagesSitemap(origin));
  // A complex's page in each language it is indexed in (an English one without an English description is left out).
  const complexChunk = /^complexes-([1-9]\d{0,8})\.xml$/.exec(file);
  if (complexChunk) {
    const rows = await sitemapComplexes(Number(complexChunk[1]), chunkSize);
    if (rows.length === 0) return notFound();
    return xml(
      renderUrlSet(
        origin,
        rows.map((c) => ({ path: complexPaths(c, c.location), lastmod: c.updated_at })),
      ),
    );
  }
  // No leading zeros: one file, one name.
  const match = /^properties-([1-9]\d{0,8})\.xml$/.exec(file);
  if (!match) return notFound();
  const rows = await sitemapProperties(Number(match[1]), chunkSize);
  if (rows.length === 0) return notFound();
  return xml(
    renderUrlSet(
      origin,
      rows.map((p) => ({ path: propertyPaths(p, p.location), lastmod: p.updated_at })),
    ),
  );
}

/** Registered twice: "sitemap.xml" (no params → index) and "sitemaps/:file". */
