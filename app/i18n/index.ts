import { bg } from "./bg";
import { ru, type Dictionary } from "./ru";
import type { Lang } from "./lang";

export type { Dictionary };
export * from "./lang";

const DICTIONARIES: Record<Lang, Dictionary> = { ru, bg };

export function dictionary(lang: Lang): Dictionary {
  return DICTIONARIES[lang];
}

/** Fills {placeholders}: fill("Найдено: {count}", { count: 5 }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
