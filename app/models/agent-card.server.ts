import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { agentCard } from "~/db/schema";
import type { Lang } from "~/i18n/lang";
import { AGENT_NAME_MAX } from "~/lib/agent-card";
import { hasControlCharacters } from "~/schemas/fields";
import { ModelError } from "./errors.server";
import { removeImagesIfUnused, uploadKeyOf } from "./image-references.server";

/**
 * The agent card (issue 22, decision 0030): name, languages spoken and photo,
 * edited at /admin/agent and shown on the home and property pages with the
 * phone, e-mail and messengers from configuration. One row; none yet reads
 * as an empty card (the name then is SITE_CONTACT_NAME, no photo, no languages).
 */

/** Languages a buyer on this coast may look for, in the admin's order; names below in each site language. */
export const AGENT_LANGUAGES = ["ru", "bg", "en", "uk", "de", "pl", "ro", "tr", "fr", "it", "es", "he"] as const;
export type AgentLanguage = (typeof AGENT_LANGUAGES)[number];

const LANGUAGE_NAMES: Record<Lang, Record<AgentLanguage, string>> = {
  ru: {
    ru: "русский",
    bg: "болгарский",
    en: "английский",
    uk: "украинский",
    de: "немецкий",
    pl: "польский",
    ro: "румынский",
    tr: "турецкий",
    fr: "французский",
    it: "итальянский",
    es: "испанский",
    he: "иврит",
  },
  bg: {
    ru: "руски",
    bg: "български",
    en: "английски",
    uk: "украински",
    de: "немски",
    pl: "полски",
    ro: "румънски",
    tr: "турски",
    fr: "френски",
    it: "италиански",
    es: "испански",
    he: "иврит",
  },
  en: {
    ru: "Russian",
    bg: "Bulgarian",
    en: "English",
    uk: "Ukrainian",
    de: "German",
    pl: "Polish",
    ro: "Romanian",
    tr: "Turkish",
    fr: "French",
    it: "Italian",
    es: "Spanish",
    he: "Hebrew",
  },
};

export function languageName(code: AgentLanguage, lang: Lang): string {
  return LANGUAGE_NAMES[lang][code];
}

export const AGENT_CARD_MESSAGES = {
  nameTooLong: `Имя слишком длинное (не более ${AGENT_NAME_MAX} символов)`,
  nameInvalid: "Имя содержит недопустимые символы",
  languages: "Выберите языки из списка",
  photo: "Фото должно быть загружено через форму",
} as const;

export interface AgentCardSettings {
  /** "" when not set (pages then show SITE_CONTACT_NAME). */
  name: string;
  languages: AgentLanguage[];
  /** An /upload/… path, or null. */
  photo: string | null;
}

const EMPTY: AgentCardSettings = { name: "", languages: [], photo: null };

const isLanguage = (value: unknown): value is AgentLanguage => typeof value === "string" && (AGENT_LANGUAGES as readonly string[]).includes(value);

export async function getAgentCard(): Promise<AgentCardSettings> {
  const [row] = await db().select().from(agentCard).limit(1);
  if (!row) return EMPTY;
  return { name: row.name, languages: row.languages.filter(isLanguage), photo: row.photo };
}

/**
 * Saves the card from the admin form: `name` (trimmed, may be empty),
 * `languages` (codes of AGENT_LANGUAGES, repeats once, in the list's order),
 * `photo` (an uploaded image's /upload/… path, or empty for none). Refusals
 * are ModelErrors with the field's Russian message. A replaced photo is
 * removed from storage when nothing else shows it.
 */
export async function saveAgentCard(input: { name?: unknown; languages?: unknown; photo?: unknown }): Promise<AgentCardSettings> {
  const fields: Record<string, string> = {};
  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (name.length > AGENT_NAME_MAX) fields.name = AGENT_CARD_MESSAGES.nameTooLong;
  else if (hasControlCharacters(name) || /[\r\n\t]/.test(name)) fields.name = AGENT_CARD_MESSAGES.nameInvalid;
  const chosen = input.languages === undefined || input.languages === null ? [] : [input.languages].flat();
  if (!chosen.every(isLanguage)) fields.languages = AGENT_CARD_MESSAGES.languages;
  const photoText = typeof input.photo === "string" ? input.photo.trim() : "";
  const photo = photoText === "" ? null : photoText;
  if (photo !== null && (uploadKeyOf(photo) === null || !photo.startsWith("/upload/") || photo.length > 1100)) fields.photo = AGENT_CARD_MESSAGES.photo;
  const first = Object.values(fields)[0];
  if (first) throw new ModelError(first, "validation", fields);
  const languages = AGENT_LANGUAGES.filter((code) => (chosen as string[]).includes(code));

  const before = await getAgentCard();
  await db()
    .insert(agentCard)
    .values({ id: 1, name, languages, photo })
    .onConflictDoUpdate({ target: agentCard.id, set: { name, languages: sql`excluded.languages`, photo } });
  if (before.photo && before.photo !== photo) await removeImagesIfUnused([before.photo]);
  return { name, languages, photo };
}
