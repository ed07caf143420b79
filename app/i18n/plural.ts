export type Lang = "ru" | "bg";

const PROPERTY_WORDS: Record<Lang, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }> = {
  ru: { one: "объект", few: "объекта", many: "объектов", other: "объекта" },
  bg: { one: "имот", other: "имота" },
};

const rules: Record<Lang, Intl.PluralRules> = {
  ru: new Intl.PluralRules("ru"),
  bg: new Intl.PluralRules("bg"),
};

/** "1 объект", "2 объекта", "5 объектов" / "1 имот", "5 имота" (DESIGN §6). */
export function formatPropertyCount(n: number, lang: Lang): string {
  const words = PROPERTY_WORDS[lang];
  return `${n} ${words[rules[lang].select(n)] ?? words.other}`;
}

/** Picks the plural form of `forms` for n ({n} is filled in): "1 спальня", "2 спальни", "5 спален". */
export function plural(n: number, lang: Lang, forms: { one: string; few: string; many: string; other: string }): string {
  const rule = rules[lang].select(n);
  const form = rule === "one" || rule === "few" || rule === "many" ? forms[rule] : forms.other;
  return form.replace("{n}", String(n));
}
