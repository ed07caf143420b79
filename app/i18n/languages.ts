/**
 * The site's languages (issue 31, decision 0032): the one list that drives
 * the routes, dictionaries, text columns, sitemaps, hreflang and mails
 * (app/i18n/lang.ts reads it). Adding a language: docs/languages.md.
 *
 * - prefix: its pages' path prefix (Russian has none: SPEC's paths);
 * - suffix: the ending of its text columns (title_bg, name_en);
 * - slug: the column of its addresses (Russian and Bulgarian share the Cyrillic one);
 * - script: a Latin-script language names a place without its own name by
 *   transliterating the Bulgarian one (Созопол → Sozopol);
 * - untranslated: whether a property page without its own texts (showing the
 *   Russian ones) is indexed — SPEC's Bulgarian pages are, English ones are not;
 * - locale, ogLocale: for Intl and Open Graph; name: its own name;
 * - complex: the path segment of a complex's page, /{location}/{complex}/{slug} (issue 33).
 */
export const LANGUAGES = [
  {
    code: "ru",
    prefix: "",
    suffix: "",
    slug: "slug",
    script: "Cyrl",
    untranslated: "index",
    locale: "ru-RU",
    ogLocale: "ru_RU",
    name: "Русский",
    complex: "комплекс",
  },
  {
    code: "bg",
    prefix: "/bg",
    suffix: "_bg",
    slug: "slug",
    script: "Cyrl",
    untranslated: "index",
    locale: "bg-BG",
    ogLocale: "bg_BG",
    name: "Български",
    complex: "комплекс",
  },
  {
    code: "en",
    prefix: "/en",
    suffix: "_en",
    slug: "slug_en",
    script: "Latn",
    untranslated: "noindex",
    locale: "en-GB",
    ogLocale: "en_GB",
    name: "English",
    complex: "complex",
  },
] as const;
