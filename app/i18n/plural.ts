import type { Lang } from "./lang";

type PluralCategory = "one" | "few" | "many" | "other";

const PROPERTY_WORDS: Record<Lang, Partial<Record<PluralCategory, string>> & { other: string }> = {
  ru: { one: "объект", few: "объекта", many: "объектов", other: "объекта" },
  bg: { one: "имот", other: "имота" },
  en: { one: "property", other: "properties" },
};

/** CLDR "one" for n = 1, else "other" (Bulgarian: 1 and 1.0; English: the integer 1 only, v = 0, which a JS number cannot tell apart). */
const oneOther = (n: number): PluralCategory => (Math.abs(n) === 1 ? "one" : "other");

/**
 * CLDR's cardinal plural rules of each language, written out rather than
 * asked of Intl.PluralRules: the first Intl object of a browser tab loads ICU
 * data and costs tens of milliseconds (see format.ts). plural.test.ts checks
 * them against Intl.PluralRules.
 */
const PLURAL_RULES: Record<Lang, (n: number) => PluralCategory> = {
  ru: (n) => {
    if (!Number.isInteger(n)) return "other";
    const abs = Math.abs(n);
    const mod10 = abs % 10;
    const mod100 = abs % 100;
    if (mod10 === 1 && mod100 !== 11) return "one";
    if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return "few";
    return "many";
  },
  bg: oneOther,
  en: oneOther,
};

export function pluralCategory(n: number, lang: Lang): PluralCategory {
  return PLURAL_RULES[lang](n);
}

/** "1 объект", "2 объекта", "5 объектов" / "1 имот", "5 имота" / "1 property", "5 properties" (DESIGN §6). */
export function formatPropertyCount(n: number, lang: Lang): string {
  const words = PROPERTY_WORDS[lang];
  return `${n} ${words[pluralCategory(n, lang)] ?? words.other}`;
}

/** Picks the plural form of `forms` for n ({n} is filled in): "1 спальня", "2 спальни", "5 спален". */
export function plural(n: number, lang: Lang, forms: { one: string; few: string; many: string; other: string }): string {
  return forms[pluralCategory(n, lang)].replace("{n}", String(n));
}
