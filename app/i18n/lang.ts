import { transliterate } from "~/lib/transliterate";

/**
 * The site's languages, as data (issue 31, decision 0032): this list drives
 * the routes, the dictionaries, the text columns in forms, the API and CSV,
 * sitemaps, hreflang and mails. Russian is at SPEC's paths, every other
 * language under its own prefix (DESIGN §6). Adding a language: docs/languages.md.
 *
 * `path` below always means a page's unprefixed path, e.g. "/properties".
 */
export const LANGUAGES = [
  // suffix: the ending of its text columns (title_bg); slug: the column of its addresses (ru and bg share the
  // Cyrillic one); script: a Latin-script language names a place without its own name by transliterating
  // the Bulgarian one (Созопол → Sozopol).
  { code: "ru", prefix: "", suffix: "", slug: "slug", script: "Cyrl", locale: "ru-RU", ogLocale: "ru_RU", name: "Русский" },
  { code: "bg", prefix: "/bg", suffix: "_bg", slug: "slug", script: "Cyrl", locale: "bg-BG", ogLocale: "bg_BG", name: "Български" },
  { code: "en", prefix: "/en", suffix: "_en", slug: "slug_en", script: "Latn", locale: "en-GB", ogLocale: "en_GB", name: "English" },
] as const;

export type Lang = (typeof LANGUAGES)[number]["code"];
export type LanguageInfo = (typeof LANGUAGES)[number];
export const LANGS: readonly Lang[] = LANGUAGES.map((l) => l.code);
export const DEFAULT_LANG: Lang = "ru";
/** The languages with their own text columns (every one but the default, whose columns have no suffix). */
export type TranslatedLang = Exclude<LanguageInfo, { suffix: "" }>["code"];
export const TRANSLATED_LANGS = LANGS.filter((l) => l !== DEFAULT_LANG) as readonly TranslatedLang[];
/** A text field's columns in the translated languages, typed from the list: PerLanguage<"title", string> = { title_bg, title_en }. */
export type PerLanguage<F extends string, T> = { [L in TranslatedLang as `${F}${Extract<LanguageInfo, { code: L }>["suffix"]}`]: T };

/** Name of the cookie (and SPEC's localStorage key) holding the visitor's choice. */
export const LANGUAGE_KEY = "language";

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

export function languageOf(lang: Lang): LanguageInfo {
  return LANGUAGES.find((l) => l.code === lang)!;
}

/** "/properties" → "/bg/properties"; "/" → "/bg". Russian paths stay as they are. */
export function localizePath(lang: Lang, path: string): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  const { prefix } = languageOf(lang);
  if (prefix === "") return clean;
  return clean === "/" ? prefix : `${prefix}${clean}`;
}

/** Splits a URL path into its language and the unprefixed path. */
export function splitLangPath(pathname: string): { lang: Lang; path: string } {
  for (const { code, prefix } of LANGUAGES) {
    if (prefix === "") continue;
    if (pathname === prefix || pathname === `${prefix}/`) return { lang: code, path: "/" };
    if (pathname.startsWith(`${prefix}/`)) return { lang: code, path: pathname.slice(prefix.length) };
  }
  return { lang: DEFAULT_LANG, path: pathname };
}

/** The column holding `field` in `lang`: title → title_bg, title_en; the default language's has no suffix. */
export function textColumn<F extends string>(field: F, lang: Lang): string {
  return `${field}${languageOf(lang).suffix}`;
}

/** The language's own text of `field` in a row (title_en …), or "" when it has none. */
export function ownText(lang: Lang, row: object, field: string): string {
  const value = (row as Record<string, unknown>)[textColumn(field, lang)];
  return typeof value === "string" ? value : "";
}

/** Whether a row has its own text of `field` in `lang` (the default language always has). */
export function hasOwnText(lang: Lang, row: object, field: string): boolean {
  return lang === DEFAULT_LANG || ownText(lang, row, field).trim() !== "";
}

/** A text in the page's language, or the Russian one when that is empty (SPEC §1). */
export function localText(lang: Lang, row: object, field: string): string {
  if (lang !== DEFAULT_LANG) {
    const own = ownText(lang, row, field);
    if (own.trim() !== "") return own;
  }
  return ownText(DEFAULT_LANG, row, field);
}

/**
 * A place's name (`field` "name", or "location_name" in a joined row) in the
 * page's language: its own, else in a Latin-script language the Bulgarian
 * name transliterated (issue 31), else the Russian one.
 */
export function placeName(lang: Lang, row: object, field = "name"): string {
  const own = lang === DEFAULT_LANG ? "" : ownText(lang, row, field);
  if (own.trim() !== "") return own;
  if (languageOf(lang).script === "Latn") {
    const bulgarian = ownText("bg", row, field);
    return transliterate(bulgarian.trim() !== "" ? bulgarian : ownText(DEFAULT_LANG, row, field));
  }
  return localText(lang, row, field);
}
