import type { Dictionary } from "./ru";
import type { Lang } from "./lang";

export type { Dictionary };
export * from "./lang";

/**
 * The texts of the languages loaded here. A browser loads only its page's
 * language (entry.client.tsx: 2.5 KB brotli less on every page — a page's
 * links never change language, the RU|BG switch loads a new document); the
 * server, the tests and the scripts load both (`./all`).
 */
const loaded: Partial<Record<Lang, Dictionary>> = {};

export function addDictionaries(dictionaries: Partial<Record<Lang, Dictionary>>): void {
  Object.assign(loaded, dictionaries);
}

export function dictionary(lang: Lang): Dictionary {
  const texts = loaded[lang];
  if (!texts) throw new Error(`The ${lang} texts are not loaded (app/i18n/index.ts)`);
  return texts;
}

/** Fills {placeholders}: fill("Найдено: {count}", { count: 5 }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
