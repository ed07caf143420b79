// Relative: app/routes.ts loads this file before the ~ alias exists.
import { transliterate } from "../lib/transliterate";
import { LANGUAGES } from "./languages";

/**
 * The site's languages, as data (issue 31, decision 0032): this list drives
 * the routes, the dictionaries, the text columns in forms, the API and CSV,
 * sitemaps, hreflang and mails. Russian is at SPEC's paths, every other
 * language under its own prefix (DESIGN §6). Adding a language: docs/languages.md.
 *
 * `path` below always means a page's unprefixed path, e.g. "/properties".
 */
export { LANGUAGES };

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

/** A value of a row by column name ("" when missing). */
const read = (row: object, column: string): string => {
  const value = (row as Record<string, unknown>)[column];
  return typeof value === "string" ? value : "";
};

/**
 * The unprefixed path of a location's page in a language: its address there
 * (slug for ru and bg, slug_en for English — issue 31).
 */
export function locationPathIn(lang: Lang, location: { slug: string }): string {
  return `/${read(location, languageOf(lang).slug) || location.slug}`;
}

/** The unprefixed path of a property's page in a language, from a card row (location_slug, slug, location_slug_en, slug_en …). */
export function propertyPathIn(lang: Lang, property: { slug: string; location_slug: string }): string {
  const column = languageOf(lang).slug;
  return `/${read(property, `location_${column}`) || property.location_slug}/${read(property, column) || property.slug}`;
}

/** Each language's unprefixed path of one page: the same for most pages, its own address for a location's or property's. */
export type LocalizedPaths = Partial<Record<Lang, string>>;

export function samePathEverywhere(path: string): LocalizedPaths {
  return Object.fromEntries(LANGS.map((lang) => [lang, path]));
}

/** Whether a property's page in `lang` is for search engines, sitemaps and feeds: it has its own title there, or the language shows the Russian one openly. */
export function isIndexedIn(lang: Lang, property: object): boolean {
  return languageOf(lang).untranslated === "index" || hasOwnText(lang, property, "title");
}

/** A property's page paths in the languages where it is indexed (hreflang, sitemaps), or in all (`all`: the language switch). */
export function propertyPaths(property: { slug: string }, location: { slug: string }, all = false): LocalizedPaths {
  return Object.fromEntries(
    LANGS.filter((lang) => all || isIndexedIn(lang, property)).map((lang) => [
      lang,
      `${locationPathIn(lang, location)}/${read(property, languageOf(lang).slug) || property.slug}`,
    ]),
  );
}

/** A location's page paths in every language. */
export function locationPaths(location: { slug: string }): LocalizedPaths {
  return Object.fromEntries(LANGS.map((lang) => [lang, locationPathIn(lang, location)]));
}

/**
 * The unprefixed path of a complex's page in a language (issue 33):
 * /{location's address}/{the language's word for complex}/{its address}.
 */
export function complexPathIn(lang: Lang, complex: { slug: string }, location: { slug: string }): string {
  return `${locationPathIn(lang, location)}/${languageOf(lang).complex}/${localSlug(lang, complex)}`;
}

/** Whether a complex's page in `lang` is indexed: the language shows Russian texts openly, or it has its own description, or there is none to miss. */
export function isComplexIndexedIn(lang: Lang, complex: object): boolean {
  return languageOf(lang).untranslated === "index" || hasOwnText(lang, complex, "description") || read(complex, "description").trim() === "";
}

/** A complex's page paths in the languages where it is indexed, or in all (`all`: the language switch). */
export function complexPaths(complex: { slug: string }, location: { slug: string }, all = false): LocalizedPaths {
  return Object.fromEntries(LANGS.filter((lang) => all || isComplexIndexedIn(lang, complex)).map((lang) => [lang, complexPathIn(lang, complex, location)]));
}

/** A row's address in a language's slug column (slug, slug_en …). */
export function localSlug(lang: Lang, row: { slug: string }): string {
  return read(row, languageOf(lang).slug) || row.slug;
}

/** A list field in the page's language (features_bg …), or the Russian list when that is empty. */
export function localList(lang: Lang, row: object, field: string): string[] {
  const own = (row as Record<string, unknown>)[textColumn(field, lang)];
  if (lang !== DEFAULT_LANG && Array.isArray(own) && own.length > 0) return own as string[];
  const base = (row as Record<string, unknown>)[field];
  return Array.isArray(base) ? (base as string[]) : [];
}
