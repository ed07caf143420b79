import { describe, expect, it } from "vitest";
import { GALLERY_LABELS } from "~/components/gallery/labels";
import { MAP_LABELS } from "~/components/map/labels";
import { ALERT_MAIL_TEXTS } from "~/notify/alert-mail";
import { CONTACT_MESSAGES } from "~/schemas/contact-messages";
import { ALERT_FORM_TEXTS } from "./alert-form";
import { ALERT_PAGE_TEXTS } from "./alerts";
import { bg } from "./bg";
import { en } from "./en";
import { LANGS, type Lang } from "./lang";
import { PRIVACY_TEXTS } from "./privacy";
import { ru } from "./ru";
import { SHORTLIST_TEXTS } from "./shortlist";
import { SMALL_PAGE_TEXTS } from "./small-pages";
import { STAGE_FILTER_TEXTS } from "./stage-filter";

/**
 * Issue 31: every language has every text the Russian one has — the
 * dictionaries and every per-language text table — and the English texts are
 * English. Types catch a missing language; this catches a missing key in an
 * optional-shaped table, a shorter list, or a Russian text left in English.
 */
const TABLES: Record<string, Record<Lang, unknown>> = {
  dictionary: { ru, bg, en },
  alertForm: ALERT_FORM_TEXTS,
  alertPages: ALERT_PAGE_TEXTS,
  alertMails: ALERT_MAIL_TEXTS,
  privacy: PRIVACY_TEXTS,
  shortlist: SHORTLIST_TEXTS,
  smallPages: SMALL_PAGE_TEXTS,
  stageFilter: STAGE_FILTER_TEXTS,
  map: MAP_LABELS,
  gallery: GALLERY_LABELS,
  contact: CONTACT_MESSAGES,
};

/** Every key path of a value ("property.stages.act14", "sections.3.title"); a function is a leaf. */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

/** Every string of a value, functions called with sample arguments. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "function") return strings((value as (...a: unknown[]) => unknown)(3, 5));
  if (value === null || typeof value !== "object") return [];
  return Object.values(value).flatMap(strings);
}

/** Russian words that stay Russian in English on purpose: the administrator's area is Russian only (SPEC §2). */
const RUSSIAN_ON_PURPOSE = new Set(["На главную"]);

describe("every language has every text (issue 31)", () => {
  for (const [name, table] of Object.entries(TABLES)) {
    it.each(LANGS.filter((l) => l !== "ru"))(`${name}: %s has every key the Russian one has`, (lang) => {
      const russian = keyPaths(table.ru);
      expect(russian.length).toBeGreaterThan(2);
      const missing = russian.filter((path) => !new Set(keyPaths(table[lang])).has(path));
      expect(missing).toEqual([]);
    });
  }

  // A translated text keeps the Russian one's {placeholders}: fill() leaves an unknown one as it is, on the page.
  for (const [name, table] of Object.entries(TABLES)) {
    it.each(LANGS.filter((l) => l !== "ru"))(`${name}: %s keeps every {placeholder} of the Russian texts`, (lang) => {
      const at = (value: unknown, path: string) => path.split(".").reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);
      const placeholders = (text: unknown) => (typeof text === "string" ? [...new Set(text.match(/\{\w+\}/g) ?? [])].sort() : []);
      const differing = keyPaths(table.ru).filter((path) => placeholders(at(table.ru, path)).join() !== placeholders(at(table[lang], path)).join());
      expect(differing).toEqual([]);
    });
  }

  it.each(Object.keys(TABLES))("%s: the English texts are English", (name) => {
    const cyrillic = strings(TABLES[name]!.en).filter((s) => /[\u0400-\u04ff]/.test(s) && !RUSSIAN_ON_PURPOSE.has(s));
    expect(cyrillic).toEqual([]);
  });
});
