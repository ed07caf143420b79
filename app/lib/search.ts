import { LANGS, ownText } from "~/i18n/lang";
/**
 * Case-folding for text search, done here rather than by the database so it
 * is the same on PGlite and on any PostgreSQL locale: lowercase, ё → е.
 */
export function foldForSearch(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/ё/g, "е");
}

/** Escapes LIKE wildcards so a visitor's `%` or `_` is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A property's reference as searched (issue 30: «SZ-1001» found nothing):
 * its letter and digit runs apart, joined by hyphens (the parser reads
 * `sz-1001` as `sz` and `-1001`, as it reads the search) and run together
 * (`sz1001`), so SZ-1001, sz1001, «SZ 1001» and SZ_1001 all find it.
 * Migration 0015 wrote the same for the rows stored before.
 */
export function referenceSearchText(reference: string | null | undefined): string {
  const parts = foldForSearch(reference ?? "").match(/\p{L}+|\p{N}+/gu) ?? [];
  return parts.length === 0 ? "" : `${parts.join(" ")} ${parts.join("-")} ${parts.join("")}`;
}

/**
 * The text a property is searched by: its titles and descriptions in every
 * language (app/i18n/lang.ts; English words match on every page, issue 31)
 * and its reference, folded (models/text-search searchVectorOf).
 */
export function searchTextOf(p: { title: string; description: string; reference?: string | null } & Partial<Record<string, unknown>>): string {
  const texts = LANGS.flatMap((lang) => [ownText(lang, p, "title"), ownText(lang, p, "description")]).filter((t) => t !== "");
  return [foldForSearch(texts.join("\n")), referenceSearchText(p.reference)].join("\n");
}

/** At most this many words of a search are used (the rest only make it slower). */
export const MAX_SEARCH_WORDS = 8;

/**
 * The words of a visitor's search as the database matches them: folded,
 * distinct, only those with a letter or digit (punctuation alone matches
 * nothing useful and is ignored, as search engines do), at most
 * MAX_SEARCH_WORDS.
 */
export function searchWords(search: string): string[] {
  const words = foldForSearch(search)
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * One search word as a quoted text-search prefix term (`'мор':*` finds
 * "море", "морской"): quotes doubled and backslashes escaped, so nothing a
 * visitor types can act as query syntax. The database's parser then splits
 * it like the stored text (`2-комнатная` → 2, комнатная).
 */
export function prefixTerm(word: string): string {
  return `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}':*`;
}
