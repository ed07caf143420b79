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
 * language (app/i18n/lang.ts; English words match on every page, issue 31),
 * its reference, and the names of the complex it is a unit of in every
 * language (issue 33: «Cascadas» finds its flats), folded (models/text-search
 * searchVectorOf).
 */
export function searchTextOf(
  p: { title: string; description: string; reference?: string | null; complex_names?: readonly string[] } & Partial<Record<string, unknown>>,
): string {
  const texts = LANGS.flatMap((lang) => [ownText(lang, p, "title"), ownText(lang, p, "description")]).filter((t) => t !== "");
  const complex = (p.complex_names ?? []).filter((name) => name.trim() !== "");
  return [foldForSearch([...texts, ...complex].join("\n")), referenceSearchText(p.reference)].join("\n");
}

/**
 * Whether every search word (searchWords) begins a word of one of `names`
 * (issue 33: a complex's names in every language, matched like a property's
 * texts — `cascad` finds «Cascadas», `каскад` «Каскадас»). A search word the
 * database would split (`sun-2`) must match each of its letter and digit runs.
 */
export function namesMatchWords(names: readonly string[], words: readonly string[]): boolean {
  return tokensMatchWords(nameTokens(names), words);
}

/** The folded letter and digit runs of names (namesMatchWords; kept per complex by the listing engine). */
export function nameTokens(names: readonly string[]): string[] {
  return names.flatMap((name) => foldForSearch(name).match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** namesMatchWords on names already split (nameTokens). */
export function tokensMatchWords(tokens: readonly string[], words: readonly string[]): boolean {
  if (words.length === 0) return false;
  return words.every((word) => {
    const runs = word.match(/[\p{L}\p{N}]+/gu) ?? [];
    return runs.length > 0 && runs.every((run) => tokens.some((token) => token.startsWith(run)));
  });
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
