import { DEFAULT_LANG, LANGUAGES, languageOf, ownText, type Lang, type LanguageInfo } from "~/i18n/lang";
import { transliterate } from "./transliterate";

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
  // Every language's prefix (/bg, /en …: app/i18n/lang.ts).
  ...LANGUAGES.map((l) => l.prefix.slice(1)).filter((p) => p !== ""),
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

/** An address column (slug, slug_en …: issue 31) and the language whose texts name it. */
export type SlugColumn = LanguageInfo["slug"];
// Each column with the first language that has it: the Cyrillic `slug` is the Russian title's (SPEC §2), not the Bulgarian one's.
export const SLUG_COLUMNS: readonly { column: SlugColumn; lang: Lang }[] = LANGUAGES.filter((l, i) => LANGUAGES.findIndex((o) => o.slug === l.slug) === i).map(
  (l) => ({ column: l.slug, lang: l.code }),
);

/**
 * The slug a text gives in a language's address: Latin-script languages
 * transliterate what is not Latin yet (Черноморец → chernomorets), the others
 * keep their letters (SPEC §2).
 */
export function slugIn(lang: Lang, text: string): string {
  return slugify(languageOf(lang).script === "Latn" ? transliterate(text) : text);
}

/**
 * The text a row's address in `lang` is made from: its own `field` in that
 * language, else the default language's (a property without English texts
 * still has a Latin address).
 */
export function slugSource(lang: Lang, row: object, field: string): string {
  const own = ownText(lang, row, field);
  return own.trim() !== "" ? own : ownText(DEFAULT_LANG, row, field);
}
