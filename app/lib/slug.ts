/**
 * SPEC §2 slug rule: lowercase, spaces become hyphens, special characters
 * removed, Cyrillic letters kept. Latin letters and digits are kept too;
 * runs of hyphens collapse and none is left at either end.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\p{Script=Latin}\p{Script=Cyrillic}\p{Nd}-]/gu, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Top-level paths the site itself uses: a location whose slug equals one of
 * them would make its page unreachable (DESIGN §4), so such names are refused.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "admin",
  "api",
  "assets",
  "auth",
  "bg",
  "ru",
  "healthz",
  "feeds",
  "rss.xml",
  "rssxml",
  "locations",
  "properties",
  "rest",
  "robots.txt",
  "robotstxt",
  "sitemap.xml",
  "sitemapxml",
  "storage",
  "test-storage",
  "testsupabase",
  "upload",
  "static",
  "favicon.ico",
  "faviconico",
  "app-data.json",
  "app-datajson",
  "file-manifest.json",
  "file-manifestjson",
  "exported-files.json",
  "exported-filesjson",
  "realtime",
  "sitemaps",
  "set-language",
  // Issue 22: favourites, compare and the privacy notice.
  "favorites",
  "compare",
  "privacy",
  // Issue 22: saved-search alerts (/alerts, its confirmation and unsubscribe links).
  "alerts",
]);

/**
 * The next free slug: `base` when unused, else `base-2`, `base-3`, …
 * `taken` holds the slugs already used in the same scope.
 */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
